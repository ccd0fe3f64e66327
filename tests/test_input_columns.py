"""Long data read by its column names before their position: the layouts that benchmark tools
and the peers' examples write (hfawaz/cd-diagram, scikit-posthocs, mlr, autorank)."""

import itertools
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import multicomp as mc
from multicomp.cli import main
from multicomp.data.scores import as_scores

CLASSIFIERS = ["clf1", "clf2", "clf3"]
DATASETS = ["dataset1", "dataset2", "dataset3", "dataset4", "dataset5"]


def cd_diagram_rows() -> pd.DataFrame:
    """The layout of hfawaz/cd-diagram's example.csv (header ``classifier_name,dataset_name,
    accuracy``, a classifier's rows one after the other), on made-up scores."""
    rng = np.random.default_rng(0)
    rows = [
        (c, d, round(float(rng.uniform(0.6, 0.9)), 4))
        for c, d in itertools.product(CLASSIFIERS, DATASETS)
    ]
    return pd.DataFrame(rows, columns=["classifier_name", "dataset_name", "accuracy"])


def expected() -> pd.DataFrame:
    frame = cd_diagram_rows()
    return frame.pivot(index="dataset_name", columns="classifier_name", values="accuracy")


def quietly(data: object, **options: object) -> mc.Scores:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", mc.ShapeWarning)
        return as_scores(data, **options)  # type: ignore[arg-type]


def test_cd_diagram_layout_is_read_by_its_column_names(tmp_path: Path) -> None:
    path = tmp_path / "example.csv"
    cd_diagram_rows().to_csv(path, index=False)
    with pytest.warns(mc.ShapeWarning, match=r"data sets are read from column 'dataset_name'"):
        scores = as_scores(path, shape_warnings=False)
    assert scores.algorithms == tuple(CLASSIFIERS) and scores.datasets == tuple(DATASETS)
    np.testing.assert_array_equal(scores.values, expected().to_numpy())


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_named_columns_are_read_in_any_order(order: tuple[int, int, int]) -> None:
    frame = cd_diagram_rows()
    frame = frame[[frame.columns[i] for i in order]]
    scores = quietly(frame)
    assert sorted(scores.algorithms) == CLASSIFIERS and sorted(scores.datasets) == DATASETS


def test_the_warning_says_how_to_choose_and_the_keywords_decide() -> None:
    frame = cd_diagram_rows()
    message = r"dataset='classifier_name', algorithm='dataset_name' \(--dataset, --algorithm"
    with pytest.warns(mc.ShapeWarning, match=message):
        as_scores(frame, shape_warnings=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # named by the keywords: no warning at all
        swapped = as_scores(
            frame, dataset="classifier_name", algorithm="dataset_name", shape_warnings=False
        )
    assert swapped.datasets == tuple(CLASSIFIERS)


def test_names_that_agree_with_the_position_give_no_warning() -> None:
    frame = cd_diagram_rows()[["dataset_name", "classifier_name", "accuracy"]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert as_scores(frame, shape_warnings=False).datasets == tuple(DATASETS)


def test_columns_named_neither_way_are_read_by_position_with_a_warning() -> None:
    frame = cd_diagram_rows().set_axis(["first", "second", "accuracy"], axis=1)
    with pytest.warns(mc.ShapeWarning, match=r"by position, as their names say neither"):
        scores = as_scores(frame, shape_warnings=False)
    assert scores.datasets == tuple(CLASSIFIERS)  # the first column of names: as before


def test_scikit_posthocs_melted_layout() -> None:
    """scikit-posthocs melts block designs into the columns 'blocks', 'groups' and 'y'."""
    frame = expected().rename_axis(index="blocks", columns="groups")
    melted = frame.melt(ignore_index=False, value_name="y").reset_index()
    melted = melted[["groups", "blocks", "y"]]  # groups first: the names decide
    scores = quietly(melted)
    assert scores.datasets == tuple(DATASETS) and scores.algorithms == tuple(CLASSIFIERS)


def test_folds_named_beside_estimators_ask_for_the_data_sets() -> None:
    """scikit-posthocs' tutorial melts the folds of one data set into 'cv_fold',
    'estimator' and 'score': no column names the data sets."""
    frame = pd.DataFrame(
        {
            "cv_fold": np.tile(np.arange(5), 3),
            "estimator": np.repeat(CLASSIFIERS, 5),
            "score": np.linspace(0.5, 0.9, 15),
        }
    )
    with pytest.raises(ValueError, match=r"'estimator' repeat and name the algorithms.*dataset="):
        as_scores(frame)


def mlr_rows() -> pd.DataFrame:
    frame = cd_diagram_rows()
    return pd.DataFrame(
        {
            "learner_id": frame["classifier_name"],
            "task_id": frame["dataset_name"].str.slice(7).astype(int) + 30,
            "classif.acc": frame["accuracy"],
        }
    )


@pytest.mark.parametrize("form", ["frame", "arrow"])
def test_integer_task_ids_name_the_data_sets(form: str) -> None:
    """mlr writes ``task_id`` and ``learner_id``; OpenML's task ids are integers."""
    frame = mlr_rows()
    data = frame if form == "frame" else pytest.importorskip("pyarrow").table(frame)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # one column of names: no position to disagree with
        scores = as_scores(data, shape_warnings=False)
    assert scores.datasets == ("31", "32", "33", "34", "35")
    assert scores.algorithms == tuple(CLASSIFIERS)


def test_autorank_wide_layout_stays_wide() -> None:
    """autorank takes a wide frame: a column per population, a row per paired sample."""
    rng = np.random.default_rng(1)
    frame = pd.DataFrame(rng.random((12, 4)), columns=[f"pop_{i}" for i in range(4)])
    scores = quietly(frame)
    assert scores.algorithms == ("pop_0", "pop_1", "pop_2", "pop_3") and scores.n_datasets == 12


def test_wide_data_with_a_named_data_set_column() -> None:
    frame = expected().rename_axis(index="problem", columns=None).reset_index()
    scores = quietly(frame[[*CLASSIFIERS, "problem"]])  # names of data sets, last
    assert scores.datasets == tuple(DATASETS) and scores.algorithms == tuple(CLASSIFIERS)


def test_parquet_of_the_cd_diagram_layout(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    path = tmp_path / "example.parquet"
    cd_diagram_rows().to_parquet(path, index=False)
    scores = quietly(path)
    assert scores.algorithms == tuple(CLASSIFIERS) and scores.datasets == tuple(DATASETS)


def test_cli_reads_the_cd_diagram_example_the_right_way_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "example.csv"
    cd_diagram_rows().to_csv(path, index=False)
    assert main([str(path)]) == 0
    out, err = capsys.readouterr()
    first = out.split("-------\n")[1].splitlines()[0]
    assert first.startswith("3 algorithms compared on 5 data sets (dataset1, dataset2, dataset3")
    assert "warning: long data: the data sets are read from column 'dataset_name'" in err
