"""Results as benchmark tools write them: scikit-learn's cross_validate and GridSearchCV
(written by scikit-learn in the test) and the tsml results layout, read by read_scores and
compare, their folds combined only by an explicit aggregate."""

import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

import multicomp as mc

sklearn = pytest.importorskip("sklearn")
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import GridSearchCV, cross_validate  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

ESTIMATORS = {
    "logistic": LogisticRegression(),
    "tree": DecisionTreeClassifier(random_state=0),
    "weak": LogisticRegression(C=0.001),
}
DATASETS = ["d0", "d1", "d2", "d3"]


def problem(seed: int) -> tuple[Any, Any]:
    return make_classification(60, n_features=5, random_state=seed)


@pytest.fixture(scope="module")
def cv_results() -> dict[str, dict[str, Any]]:
    """{dataset: {estimator: cross_validate(...)}} with two scorings, 3 folds."""
    out: dict[str, dict[str, Any]] = {}
    for i, name in enumerate(DATASETS):
        X, y = problem(i)
        out[name] = {
            est: cross_validate(model, X, y, cv=3, scoring=["accuracy", "f1"])
            for est, model in ESTIMATORS.items()
        }
    return out


@pytest.fixture(scope="module")
def grid_results() -> dict[str, Any]:
    """{dataset: GridSearchCV(...).cv_results_} over three values of C."""
    out = {}
    for i, name in enumerate(DATASETS):
        X, y = problem(i)
        search = GridSearchCV(LogisticRegression(), {"C": [0.001, 0.1, 10.0]}, cv=3)
        out[name] = search.fit(X, y).cv_results_
    return out


def quietly(function: Any, *args: Any, **options: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", mc.ShapeWarning)
        return function(*args, **options)


def as_long(results: dict[str, dict[str, Any]], key: str) -> pd.DataFrame:
    """The same folds as a long table (a row per data set, estimator and fold)."""
    rows = [
        (d, e, fold, value)
        for d, cells in results.items()
        for e, cell in cells.items()
        for fold, value in enumerate(cell[key])
    ]
    return pd.DataFrame(rows, columns=["dataset", "algorithm", "fold", "score"])


def test_cross_validate_results_are_read_with_the_scoring_chosen_by_name(
    cv_results: dict[str, dict[str, Any]],
) -> None:
    table = mc.read_scores(cv_results, score="f1", aggregate="mean")
    assert list(table.columns) == list(ESTIMATORS) and list(table.index) == DATASETS
    long = quietly(mc.compare, as_long(cv_results, "test_f1"), aggregate="mean")
    np.testing.assert_array_equal(table.to_numpy(), long.scores.values)  # as a long table
    expected = [[np.mean(cv_results[d][e]["test_f1"]) for e in ESTIMATORS] for d in DATASETS]
    np.testing.assert_allclose(table.to_numpy(), expected, rtol=1e-12)
    report = quietly(mc.compare, cv_results, score="accuracy", aggregate="median")
    medians = [[np.median(cv_results[d][e]["test_accuracy"]) for e in ESTIMATORS] for d in DATASETS]
    np.testing.assert_allclose(report.scores.values, medians, rtol=1e-12)


def test_several_scorings_ask_for_one_by_name(cv_results: dict[str, dict[str, Any]]) -> None:
    with pytest.raises(ValueError, match=r"scorings \['accuracy', 'f1'\]; choose one with score="):
        mc.read_scores(cv_results, aggregate="mean")


def test_the_folds_ask_for_an_explicit_aggregate(cv_results: dict[str, dict[str, Any]]) -> None:
    with pytest.raises(ValueError, match=r"3 scores for data set 'd0'.*aggregate="):
        mc.compare(cv_results, score="f1")
    long = mc.read_scores(cv_results, score="f1")  # as read: a row per fold
    assert list(long.columns) == ["dataset", "algorithm", "score"] and len(long) == 4 * 3 * 3


def test_a_single_scoring_is_test_score() -> None:
    X, y = problem(0)
    results = {
        d: {e: cross_validate(m, X, y, cv=2) for e, m in ESTIMATORS.items()} for d in DATASETS
    }
    table = mc.read_scores(results, aggregate="mean")
    assert np.isclose(table.loc["d1", "tree"], np.mean(results["d1"]["tree"]["test_score"]))


def test_a_dict_of_the_wrong_shape_names_what_was_expected() -> None:
    with pytest.raises(ValueError, match=r"without test scores .*cross_validate"):
        mc.read_scores({"d0": {"a": {"fit_time": [1.0, 2.0]}}}, aggregate="mean")
    with pytest.raises(TypeError, match=r"cv_results_; data set 'd0' maps to list"):
        mc.read_scores({"d0": [0.1, 0.2]})


@pytest.mark.parametrize("form", ["dict", "frame"])
def test_grid_search_results_per_data_set(grid_results: dict[str, Any], form: str) -> None:
    data = grid_results if form == "dict" else {d: pd.DataFrame(r) for d, r in grid_results.items()}
    table = mc.read_scores(data, aggregate="mean")
    assert list(table.columns) == ["C=0.001", "C=0.1", "C=10.0"]
    means = [list(grid_results[d]["mean_test_score"]) for d in DATASETS]
    np.testing.assert_allclose(table.to_numpy(), means, rtol=1e-12)
    with pytest.raises(ValueError, match="aggregate="):
        mc.compare(data)


def test_grid_search_with_several_scorings(grid_results: dict[str, Any]) -> None:
    X, y = problem(0)
    search = GridSearchCV(
        LogisticRegression(), {"C": [0.1, 1.0]}, cv=2, scoring=["accuracy", "f1"], refit=False
    )
    results = {d: search.fit(X, y).cv_results_ for d in DATASETS}
    with pytest.raises(ValueError, match=r"cv_results_ of data set 'd0' hold the scorings"):
        mc.read_scores(results, aggregate="mean")
    table = mc.read_scores(results, score="f1", aggregate="mean")
    np.testing.assert_allclose(table.loc["d0"], results["d0"]["mean_test_f1"], rtol=1e-12)


def write_tsml(root: Path, estimator: str, dataset: str, resample: int, accuracy: float) -> None:
    """A test results file in the tsml layout, as aeon's write_results_to_uea_format wrote it:
    <estimator>/Predictions/<dataset>/testResample<i>.csv; line 1 the problem, the estimator,
    the split, the resample and the time unit; line 2 the parameters; line 3 the accuracy
    first; then a line per test case (true and predicted class, then the probabilities)."""
    folder = root / estimator / "Predictions" / dataset
    folder.mkdir(parents=True, exist_ok=True)
    lines = [
        f"{dataset},{estimator},test,{resample},MILLISECONDS,PREDICTIONS",
        "No Parameter Info",
        f"{accuracy},12,3,-1,-1,2,-1",
        "0,0,,0.9,0.1",
        "1,0,,0.6,0.4",
    ]
    (folder / f"testResample{resample}.csv").write_text("\n".join(lines) + "\n")
    (folder / f"trainResample{resample}.csv").write_text("\n".join(lines) + "\n")  # not read


def test_a_tsml_results_directory(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    accuracies = rng.uniform(0.5, 1.0, (3, 4, 5))  # estimators x data sets x resamples
    estimators = ["HC2", "ROCKET", "TSF"]
    for e, estimator in enumerate(estimators):
        for d, dataset in enumerate(["Adiac", "Beef", "Coffee", "ECG200"]):
            for r in range(5):
                write_tsml(tmp_path, estimator, dataset, r, float(accuracies[e, d, r]))
    long = mc.read_scores(tmp_path)
    assert list(long.columns) == ["dataset", "algorithm", "resample", "score"]
    table = mc.read_scores(tmp_path, aggregate="mean")
    assert list(table.columns) == estimators
    np.testing.assert_allclose(table.to_numpy(), accuracies.mean(axis=2).T, rtol=1e-12)
    with pytest.raises(ValueError, match="aggregate="):
        mc.compare(tmp_path)
    report = quietly(mc.compare, tmp_path, aggregate="mean")
    assert list(report.scores.columns) == estimators


def test_a_directory_of_no_results_names_the_layout(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("nothing")
    with pytest.raises(ValueError, match=r"Predictions/<dataset>/testResample<i>.csv.*aeon"):
        mc.read_scores(tmp_path)
    bad = tmp_path / "X" / "Predictions" / "D"
    bad.mkdir(parents=True)
    (bad / "testResample0.csv").write_text("D,X,test,0\nparams\naccuracy,fit\n")
    with pytest.raises(ValueError, match=r"third line should begin with the test accuracy"):
        mc.read_scores(tmp_path)


#: The first rows and resamples of aeon's example results files (aeon/testing/
#: example_results_files/classification/accuracy/<estimator>_accuracy.csv), as aeon ships them.
AEON_FILES = {
    "HC2": [
        "Resamples:,0,1,2",
        "ACSF1,0.91,0.8,0.83",
        "Adiac,0.8056265984654731,0.8005115089514067,0.8081841432225064",
        "ArrowHead,0.8685714285714285,0.8285714285714286,0.8628571428571429",
        "BME,1.0,1.0,1.0",
    ],
    "InceptionTime": [
        "Resamples:,0,1,2",
        "ACSF1,0.91,0.89,0.86",
        "Adiac,0.8439897698209718,0.8363171355498721,0.8363171355498721",
        "ArrowHead,0.8628571428571429,0.8457142857142858,0.8857142857142857",
        "BME,1.0,0.9933333333333333,1.0",
    ],
}


def test_aeon_results_files_one_per_estimator(tmp_path: Path) -> None:
    for estimator, lines in AEON_FILES.items():
        (tmp_path / f"{estimator}_accuracy.csv").write_text("\n".join(lines) + "\n")
    table = mc.read_scores(tmp_path, aggregate="mean")
    assert list(table.columns) == ["HC2", "InceptionTime"]
    assert list(table.index) == ["ACSF1", "Adiac", "ArrowHead", "BME"]
    assert np.isclose(table.loc["ACSF1", "InceptionTime"], (0.91 + 0.89 + 0.86) / 3)
    with pytest.raises(ValueError, match="aggregate="):
        mc.compare(tmp_path)
    (tmp_path / "HC2_f1.csv").write_text("\n".join(AEON_FILES["HC2"]) + "\n")
    with pytest.raises(ValueError, match=r"scorings \['accuracy', 'f1'\]; choose one with score="):
        mc.read_scores(tmp_path, aggregate="mean")
    assert list(mc.read_scores(tmp_path, score="f1", aggregate="mean").columns) == ["HC2"]
