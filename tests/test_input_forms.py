"""Input as it comes out of experiments (issue 10, items 1-5): repeated runs and their
aggregation, long-format detection, DataFrames with a column of names, missing scores
(nan_policy, masked arrays), CSV dialects, and warnings for suspicious shapes."""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multicomp as mc
from multicomp._internal.validation import check_choice
from multicomp.cli import main
from multicomp.data.readers import read_scores
from multicomp.data.scores import ShapeWarning, as_scores

DATASETS = [
    "iris",
    "wine",
    "glass",
    "breast-cancer",
    "heart",
    "sonar",
    "vehicle",
    "yeast",
    "zoo",
    "ecoli",
    "wdbc",
    "pima",
]
CLASSIFIERS = ["rf", "svm", "knn", "nb"]

#: Every public function that takes a table of scores.
SCORE_FUNCTIONS: list[Callable[..., Any]] = [
    mc.friedman,
    mc.iman_davenport,
    mc.friedman_aligned_ranks,
    mc.quade,
    lambda data, **kw: mc.posthoc_control(data, 0, **kw),  # a control is required
    mc.posthoc_all_pairs,
    mc.compare,
    mc.contrast_estimation,
    lambda data, **kw: mc.multiple_sign_test(data, "rf", **kw),
    lambda data, **kw: mc.cd_diagram(data, **kw),
]


def runs(seed: int = 0, n_seeds: int = 2, n_folds: int = 5) -> pd.DataFrame:
    """A long table of repeated runs: dataset, classifier, seed, fold, accuracy (3 decimals)."""
    rng = np.random.default_rng(seed)
    rows = [
        (d, c, s, f, round(float(rng.uniform(0.6, 0.95)) + 0.02 * j, 3))
        for d in DATASETS
        for j, c in enumerate(CLASSIFIERS)
        for s in range(n_seeds)
        for f in range(n_folds)
    ]
    return pd.DataFrame(rows, columns=["dataset", "classifier", "seed", "fold", "accuracy"])


def by_hand(frame: pd.DataFrame, how: str | Callable[[pd.Series], float]) -> pd.DataFrame:
    grouped = frame.groupby(["dataset", "classifier"], sort=False)["accuracy"]
    return grouped.agg(how).unstack().loc[DATASETS, CLASSIFIERS]


# --- item 1: repeated runs and long-format detection -------------------------------------


@pytest.mark.parametrize(
    "function", SCORE_FUNCTIONS, ids=lambda f: getattr(f, "__name__", "lambda")
)
def test_every_function_names_aggregate_for_repeated_runs(function: Callable[..., Any]) -> None:
    with pytest.raises(
        ValueError,
        match=r"10 scores for data set 'iris', algorithm 'rf'.*"
        r"\['seed', 'fold'\].*aggregate='mean' or 'median'",
    ):
        function(runs())
    function(runs(), aggregate="median")  # and it takes the option


@pytest.mark.parametrize("how", ["mean", "median", np.max, lambda v: float(np.quantile(v, 0.25))])
def test_aggregate_equals_aggregating_by_hand(how: Any) -> None:
    frame = runs()
    expected = by_hand(frame, how if isinstance(how, str) else lambda s: how(s.to_numpy()))
    scores = as_scores(frame, aggregate=how)
    assert scores.algorithms == tuple(CLASSIFIERS) and scores.datasets == tuple(DATASETS)
    np.testing.assert_allclose(scores.values, expected.to_numpy())
    assert mc.friedman(frame, aggregate=how).statistic == pytest.approx(
        mc.friedman(expected).statistic
    )


def test_aggregate_names_are_checked_and_callables_must_return_a_number() -> None:
    with pytest.raises(ValueError, match="aggregate must be one of 'mean', 'median'; got 'avg'"):
        mc.friedman(runs(), aggregate="avg")
    assert as_scores(runs(), aggregate="MEAN").values.shape == (12, 4)  # case-insensitive
    with pytest.raises(TypeError, match="one number for each data set and algorithm"):
        mc.friedman(runs(), aggregate=lambda v: v)
    with pytest.raises(TypeError, match=r"aggregate must return one number.*got 'high'"):
        mc.friedman(runs(), aggregate=lambda v: "high")


def test_aggregate_never_modifies_the_callers_frame_nor_sees_it() -> None:
    frame = runs()
    before = frame.copy()
    seen: list[np.ndarray] = []

    def spy(values: np.ndarray) -> float:
        seen.append(values)
        values[:] = 0.0  # scribbling on its argument must not reach the caller
        return 0.5

    as_scores(frame, aggregate=spy)
    pd.testing.assert_frame_equal(frame, before)
    assert len(seen) == 48 and all(v.shape == (10,) for v in seen)


def test_a_missing_run_makes_the_cell_missing() -> None:
    frame = runs()
    frame.loc[3, "accuracy"] = np.nan  # iris, rf: one fold failed
    with pytest.raises(ValueError, match=r"missing/NaN value.*data set 'iris', algorithm 'rf'"):
        mc.friedman(frame, aggregate="mean")
    result = mc.friedman(frame, aggregate="mean", nan_policy="omit")
    assert result.omitted == ("iris",) and result.n_datasets == 11


@settings(max_examples=20)
@given(st.permutations(range(12 * 4 * 4)))
def test_long_rows_in_any_order_give_the_same_table(order: list[int]) -> None:
    frame = runs(n_seeds=1, n_folds=4)
    shuffled = frame.iloc[order]
    a = as_scores(frame, aggregate="mean")
    b = as_scores(shuffled, aggregate="mean")
    b_aligned = pd.DataFrame(b.values, index=b.datasets, columns=b.algorithms).loc[
        DATASETS, CLASSIFIERS
    ]
    np.testing.assert_allclose(b_aligned.to_numpy(), a.values, rtol=0, atol=1e-12)


def test_long_columns_are_detected() -> None:
    frame = runs().rename(columns={"dataset": "problem"})
    scores = as_scores(
        frame, aggregate="mean"
    )  # problem: first column of names; classifier: the other
    assert scores.datasets == tuple(DATASETS) and scores.algorithms == tuple(CLASSIFIERS)
    with pytest.raises(
        ValueError, match=r"which column holds the scores among \['accuracy', 'f1'\].*score="
    ):
        as_scores(frame.assign(f1=0.5), aggregate="mean")
    assert as_scores(frame.assign(f1=0.5), score="f1", aggregate="mean").values.max() == 0.5
    with pytest.raises(ValueError, match=r"column\(s\) \['metric'\] hold names"):
        as_scores(frame.assign(metric="acc"), algorithm="classifier", aggregate="mean")
    with pytest.raises(ValueError, match=r"column\(s\) \['metric'\] hold names"):
        as_scores(frame.assign(metric="acc"), aggregate="mean")  # 'classifier' by its name
    unnamed = frame.rename(columns={"classifier": "c"}).assign(metric="acc")
    with pytest.raises(ValueError, match="which column names the algorithms among"):
        as_scores(unnamed, aggregate="mean")


def test_wide_rows_repeated_per_fold_are_aggregated() -> None:
    frame = by_hand(runs(), "mean")
    folds = pd.concat([frame - 0.01, frame + 0.01]).rename_axis("dataset").reset_index()
    folds.insert(1, "fold", np.repeat([0, 1], len(frame)))
    with pytest.raises(ValueError, match=r"duplicate data set names: .*aggregate='mean'"):
        as_scores(folds)
    scores = as_scores(folds, aggregate="mean")
    assert scores.algorithms == tuple(CLASSIFIERS)  # the fold column is no algorithm
    np.testing.assert_allclose(scores.values, frame.to_numpy())


def test_cli_reads_a_long_file_of_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "runs.csv"
    runs().to_csv(path, index=False)
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert "10 scores for data set 'iris'" in err and "--aggregate" in err
    assert main([str(path), "--aggregate", "mean", "--format", "json"]) == 0
    report = mc.Report.from_json(capsys.readouterr().out)
    assert report == mc.compare(runs(), aggregate="mean")
    np.testing.assert_allclose(report.scores.to_numpy(), by_hand(runs(), "mean").to_numpy())


# --- item 2: a DataFrame with a column of names ------------------------------------------


def test_a_frame_read_from_csv_uses_its_column_of_names(tmp_path: Path) -> None:
    wide = mc.load_example("demsar2006")
    path = tmp_path / "wide.csv"
    wide.to_csv(path, index_label="dataset")
    frame = pd.read_csv(path)  # the natural notebook call, without index_col
    assert mc.compare(frame) == mc.compare(path) == mc.compare(wide.rename_axis("dataset"))
    # in any position, with a name of its own
    moved = frame[[*wide.columns[:2], "dataset", *wide.columns[2:]]].rename(
        columns={"dataset": "name"}
    )
    assert as_scores(moved).datasets == tuple(wide.index)
    assert as_scores(moved).algorithms == tuple(wide.columns)


# --- item 3 (input layer): nan_policy and masked arrays ----------------------------------


def test_nan_policy_omit_drops_and_lists_incomplete_data_sets() -> None:
    data = mc.load_example("garcia2010").copy()
    data.iloc[[2, 5], [1, 3]] = np.nan
    with pytest.raises(ValueError, match=r"nan_policy='omit'.*skillings_mack"):
        mc.friedman(data)
    complete = data.dropna()
    omitted = tuple(data.index[[2, 5]])
    for function in (
        mc.friedman,
        mc.iman_davenport,
        mc.friedman_aligned_ranks,
        mc.quade,
        functools.partial(mc.posthoc_control, control="PDFC"),
        mc.posthoc_all_pairs,
        mc.contrast_estimation,
    ):
        result = function(data, nan_policy="omit")
        assert result.omitted == omitted
        expected = function(complete)
        assert repr(result).replace(f"omitted={omitted!r}", "omitted=()") == repr(expected)
    assert "omitted (incomplete)" in str(mc.friedman(data, nan_policy="omit"))
    report = mc.compare(data, nan_policy="omit")
    assert report.omitted == omitted and omitted[0] in report.summary
    assert mc.Report.from_json(report.to_json()) == report
    with pytest.raises(ValueError, match="nan_policy must be one of 'raise', 'omit'; got 'drop'"):
        mc.friedman(data, nan_policy="drop")


def test_omitting_too_much_is_an_error() -> None:
    data = np.array([[0.8, np.nan, 0.6], [0.9, 0.7, np.nan], [0.7, 0.75, 0.6]])
    with pytest.raises(ValueError, match=r"leaves 1 complete data set\(s\) of 3"):
        mc.friedman(data, nan_policy="omit")
    with pytest.raises(ValueError, match="infinite"):
        mc.friedman(np.array([[0.8, np.inf], [0.9, 0.7], [0.1, 0.2]]), nan_policy="omit")


def test_masked_cells_are_missing_values_never_numbers() -> None:
    values = np.array([[0.8, 0.7, 0.6], [0.9, 0.7, 0.5], [0.7, 0.75, 0.6], [0.6, 0.65, 0.7]])
    masked = np.ma.masked_array(values.copy(), mask=np.zeros_like(values, dtype=bool))
    masked[1, 2] = np.ma.masked
    masked.data[1, 2] = 1e9  # what sits under the mask must never be read
    with pytest.raises(ValueError, match=r"missing/NaN value.*data set 'D2', algorithm 'A3'"):
        mc.friedman(masked)
    result = mc.friedman(masked, nan_policy="omit")
    assert result.omitted == ("D2",)
    assert result.statistic == mc.friedman(values[[0, 2, 3]]).statistic
    ints = np.ma.masked_array([[1, 2], [2, 1], [3, 1]], mask=[[0, 0], [1, 0], [0, 0]])
    assert as_scores(ints, nan_policy="omit").datasets == ("D1", "D3")


# --- item 4: CSV dialects ----------------------------------------------------------------

EUROPEAN = (
    "dataset;rf;svm;knn\niris;0,953;0,947;0,96\nwine;0,97;0,982;0,951\nglass;0,71;0,69;0,655\n"
)


def test_semicolons_and_decimal_commas(tmp_path: Path) -> None:
    path = tmp_path / "excel.csv"
    path.write_text(EUROPEAN)
    with pytest.raises(ValueError, match=r"single column.*sep=';'.*--sep"):
        mc.friedman(path)
    frame = read_scores(path, sep=";", decimal=",")
    assert frame.loc["iris", "rf"] == 0.953
    with pytest.raises(
        TypeError, match=r"found '0,953' \(str\).*decimal comma.*decimal=','.*--decimal"
    ):
        as_scores(read_scores(path, sep=";"))
    with pytest.raises(ValueError, match="sep and decimal must differ"):
        read_scores(path, sep=",", decimal=",")
    with pytest.raises(ValueError, match=r"decimal must be one of '.', ','; got ';'"):
        read_scores(path, sep=";", decimal=";")


def test_tsv_by_suffix(tmp_path: Path) -> None:
    tsv = tmp_path / "scores.tsv"
    wide = mc.load_example("demsar2006")
    wide.to_csv(tsv, sep="\t")
    assert mc.compare(tsv) == mc.compare(wide)


def test_cli_sep_and_decimal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "excel.csv"
    path.write_text(EUROPEAN)
    assert main([str(path), "--sep", ";"]) == 2
    assert "--decimal ," in capsys.readouterr().err
    assert main([str(path), "--sep", ";", "--decimal", ",", "--format", "json"]) == 0
    report = mc.Report.from_json(capsys.readouterr().out)
    assert report.values[0] == (0.953, 0.947, 0.96)
    tabbed = tmp_path / "tabbed.txt"
    tabbed.write_text(EUROPEAN.replace(";", "\t"))
    assert main([str(tabbed), "--sep", "\\t", "--decimal", ",", "--format", "json"]) == 0
    assert mc.Report.from_json(capsys.readouterr().out) == report


# --- item 5: suspicious shapes -----------------------------------------------------------


def test_transposed_tables_warn() -> None:
    rng = np.random.default_rng(1)
    transposed = pd.DataFrame(rng.random((4, 12)), index=CLASSIFIERS, columns=DATASETS)
    with pytest.warns(
        ShapeWarning,
        match=r"12 algorithms .* only 4 data sets.*rows \['rf', 'svm', 'knn', \.\.\.\] name "
        r"algorithms.*columns \['iris', 'wine', 'glass', \.\.\.\] are well-known data sets"
        r".*looks transposed.*data\.T",
    ):
        mc.friedman(transposed)
    # either side alone is evidence: scikit-learn class names in the rows, KEEL's variants
    estimators = ["RandomForestClassifier", "SVC", "KNeighborsClassifier"]
    with pytest.warns(ShapeWarning, match=r"rows \['RandomForestClassifier', 'SVC', 'KN"):
        mc.friedman(pd.DataFrame(rng.random((3, 5)), index=estimators, columns=list("vwxyz")))
    keel = ["yeast1", "glass-0-1-2-3_vs_4-5-6", "Ecoli.arff", "page-blocks0", "x"]
    with pytest.warns(
        ShapeWarning, match=r"columns \['yeast1', 'glass-0-1-2-3_vs_4-5-6', 'Ecoli.arff', \.\.\.\]"
    ):
        mc.friedman(pd.DataFrame(rng.random((3, 5)), index=["a", "b", "c"], columns=keel))


@pytest.mark.parametrize(
    ("rows", "columns"),
    [
        # a genuine wide table: many variants of algorithms on a few well-known data sets
        (DATASETS[:4], [f"{c}_{v}" for c in CLASSIFIERS for v in ("default", "tuned", "bag")]),
        (DATASETS[:4], [f"variant{j}" for j in range(12)]),  # the rows confirm the reading
        ([f"task{i}" for i in range(12)], [f"config{j}" for j in range(4)]),  # k < 3 N
    ],
)
def test_wide_tables_with_plausible_names_do_not_warn(rows: list[str], columns: list[str]) -> None:
    values = np.random.default_rng(5).random((len(rows), len(columns)))
    data = pd.DataFrame(values, index=rows, columns=columns)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ShapeWarning)
        warnings.filterwarnings("ignore", "only .* data sets", ShapeWarning)  # small N: expected
        mc.friedman(data)


@pytest.mark.parametrize(
    ("rows", "columns"),
    [
        ([f"task{i}" for i in range(4)], [f"config{j}" for j in range(12)]),
        (None, None),  # an array: no names
        # a minority of suspicious names neither proves nor confirms a reading
        (["rf", "p", "q", "r"], [f"m{j}" for j in range(12)]),
    ],
)
def test_far_more_algorithms_than_data_sets_with_silent_names_may_be_transposed(
    rows: list[str] | None, columns: list[str] | None
) -> None:
    values = np.random.default_rng(5).random((4, 12))
    data = values if rows is None else pd.DataFrame(values, index=rows, columns=columns)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ShapeWarning)
        mc.friedman(data)
    messages = [str(w.message) for w in caught]
    assert any("may be transposed" in m for m in messages), messages
    assert not any("looks transposed" in m for m in messages), messages


def test_transposition_evidence_needs_k_above_n_and_is_fast() -> None:
    from multicomp.data.orientation import KNOWN_ALGORITHMS, KNOWN_DATASETS, transposed_evidence

    assert not KNOWN_ALGORITHMS & KNOWN_DATASETS  # no name counts for both readings
    rng = np.random.default_rng(6)
    # the right orientation (12 data sets x 4 algorithms) is silent even with these names
    with warnings.catch_warnings():
        warnings.simplefilter("error", ShapeWarning)
        mc.friedman(pd.DataFrame(rng.random((12, 4)), index=DATASETS, columns=CLASSIFIERS))
    # a square table of the wrong orientation has k = N: the shape raises no suspicion
    assert transposed_evidence(DATASETS[:4], CLASSIFIERS) is not None
    wide = [f"algorithm {j}" for j in range(200_000)]
    assert transposed_evidence(wide, ["iris", "wine"]) is None  # reads 1,000 names per side


def test_two_algorithms_point_to_wilcoxon() -> None:
    data = np.random.default_rng(2).random((20, 2))
    with pytest.warns(ShapeWarning, match=r"two algorithms.*multicomp\.wilcoxon"):
        mc.compare(data)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ShapeWarning)
        mc.wilcoxon(data[:, 0], data[:, 1])  # the two-sample tests themselves do not warn


def test_few_data_sets_warn_and_say_what_to_use() -> None:
    data = np.random.default_rng(3).random((6, 4))
    with pytest.warns(
        ShapeWarning, match=r"only 6 data sets.*N <= 10.*6.0%.*approximate"
    ) as record:
        mc.friedman(data)
    assert record[0].filename == __file__  # points at the user's call, not the package
    with warnings.catch_warnings():
        warnings.simplefilter("error", ShapeWarning)
        mc.friedman(np.random.default_rng(3).random((11, 4)))  # a fine shape is silent


def test_cli_prints_warnings_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "small.csv"
    pd.DataFrame(np.random.default_rng(4).random((5, 3)), columns=list("abc")).to_csv(path)
    assert main([str(path)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("multicomp: warning: only 5 data sets") and err.count("\n") == 1


# --- item 10: option names --------------------------------------------------------------


def test_check_choice_is_case_insensitive_and_names_the_options() -> None:
    assert (
        check_choice("procedure", "Bonferroni-Dunn", ("holm", "bonferroni_dunn"))
        == "bonferroni_dunn"
    )
    with pytest.raises(ValueError, match=r"^procedure must be one of 'holm', 'li'; got 'x'$"):
        check_choice("procedure", "x", ("holm", "li"))
    with pytest.raises(ValueError, match="got None"):
        check_choice("procedure", None, ("holm",))


def test_read_scores_of_an_absent_file(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no such file"):
        read_scores(tmp_path / "absent.csv")


def test_scores_built_directly_are_checked() -> None:
    """mc.Scores is public (Report.as_scores returns one, every function accepts one): built
    by hand it is checked as the other forms are, and it holds its own copy."""
    table = np.array([[0.8, 0.7, 0.6], [0.9, 0.6, 0.7], [0.7, 0.5, 0.6], [0.6, 0.4, 0.5]])
    scores = mc.Scores(table, ("a", "b", "c"), ("w", "x", "y", "z"))
    table[0, 0] = 0.0  # the caller's array stays theirs
    assert scores.values[0, 0] == 0.8 and not scores.values.flags.writeable
    assert mc.friedman(scores).pvalue == mc.friedman(np.array(scores.values)).pvalue
    assert list(mc.friedman(scores).ranks.index) == ["a", "b", "c"]
    assert mc.Scores([[1, 2], [3, 4]], ["a", "b"], ["x", "y"]).algorithms == ("a", "b")
    bad: list[tuple[dict[str, Any], type[Exception], str]] = [
        ({"algorithms": ("a", "b")}, ValueError, "algorithms must hold 3 names"),
        ({"datasets": ("w", "w", "y", "z")}, ValueError, "duplicate data set names"),
        ({"algorithms": (1, 2, 3)}, TypeError, "algorithms must be strings"),
        ({"algorithms": "abc"}, TypeError, "algorithms must be a sequence of names"),
        ({"values": [[1, 2, np.inf]] * 4}, ValueError, "infinite"),
        ({"values": [["1", 2, 3]] * 4}, TypeError, "scores must be numeric"),
        ({"values": np.ones((1, 3))}, ValueError, "at least 2 data sets"),
        ({"higher_is_better": "no"}, TypeError, "higher_is_better must be True or False"),
    ]
    fields = {"values": table, "algorithms": ("a", "b", "c"), "datasets": ("w", "x", "y", "z")}
    for change, error, message in bad:
        with pytest.raises(error, match=message):
            mc.Scores(**{**fields, **change})
    # A missing score is NaN in Scores; nan_policy decides, as for any other input.
    table[1, 2] = np.nan
    with_nan = mc.Scores(table, ("a", "b", "c"), ("w", "x", "y", "z"))
    with pytest.raises(ValueError, match="nan_policy='omit'"):
        mc.friedman(with_nan)
    assert mc.friedman(with_nan, nan_policy="omit").omitted == ("x",)
    assert mc.skillings_mack(with_nan).n_missing == 1


# --- data-set names that are numbers (integer OpenML ids): one layout rule, API and CLI ----

OPENML_IDS = {name: 3 + 7 * i for i, name in enumerate(DATASETS)}


def _cli_report(path: Path, capsys: pytest.CaptureFixture[str], *options: str) -> mc.Report:
    assert main([str(path), *options, "--format", "json"]) == 0
    return mc.Report.from_json(capsys.readouterr().out)


def test_a_long_frame_with_numeric_data_set_ids_is_read_as_long(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frame = runs().assign(dataset=lambda f: f["dataset"].map(OPENML_IDS))
    assert frame["dataset"].dtype.kind == "i"
    scores = as_scores(frame, aggregate="mean")
    assert scores.algorithms == tuple(CLASSIFIERS)
    assert scores.datasets == tuple(str(OPENML_IDS[d]) for d in DATASETS)
    np.testing.assert_allclose(scores.values, by_hand(runs(), "mean").to_numpy())
    path = tmp_path / "openml.csv"
    frame.to_csv(path, index=False)
    report = mc.compare(frame, aggregate="mean")
    assert _cli_report(path, capsys, "--aggregate", "mean") == report
    assert (
        mc.compare(path, aggregate="mean")
        == report
        == mc.compare(mc.read_scores(path), aggregate="mean")
    )


def test_a_wide_frame_with_numeric_data_set_ids_keeps_them_out_of_the_algorithms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wide = by_hand(runs(), "mean").rename(index=OPENML_IDS).rename_axis("dataset")
    frame = wide.reset_index()  # an integer column 'dataset' and four score columns
    path = tmp_path / "wide.csv"
    frame.to_csv(path, index=False)
    report = mc.compare(frame)
    assert report.scores.columns.tolist() == CLASSIFIERS
    assert (
        report == mc.compare(mc.read_scores(path)) == mc.compare(path) == _cli_report(path, capsys)
    )
    moved = frame[[*CLASSIFIERS[:2], "dataset", *CLASSIFIERS[2:]]]  # wherever it stands
    assert as_scores(moved).algorithms == tuple(CLASSIFIERS)
    named = frame.rename(columns={"dataset": "did"})  # another name: dataset= says which
    assert as_scores(named, dataset="did").algorithms == tuple(CLASSIFIERS)


def test_numeric_ids_under_another_name_are_refused_not_guessed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frame = runs().assign(dataset=lambda f: f["dataset"].map(OPENML_IDS))
    frame = frame.rename(columns={"dataset": "did"})
    message = r"names in column 'classifier' repeat.*name that column with dataset= \(--dataset\)"
    with pytest.raises(ValueError, match=message):
        mc.compare(frame, aggregate="mean")
    expected = mc.compare(
        runs().assign(dataset=lambda f: f["dataset"].map(OPENML_IDS)), aggregate="mean"
    )
    assert mc.compare(frame, dataset="did", aggregate="mean").scores.equals(expected.scores)
    path = tmp_path / "did.csv"
    frame.to_csv(path, index=False)
    assert main([str(path), "--aggregate", "mean"]) == 2
    err = capsys.readouterr().err
    assert "long data" in err and "--dataset" in err and "found 'rf'" not in err
    report = _cli_report(path, capsys, "--aggregate", "mean", "--dataset", "did")
    assert report.scores.equals(expected.scores)


def test_aggregate_of_another_type_is_a_type_error_naming_what_is_expected() -> None:
    for bad in (3, 0.5, ["mean"]):
        with pytest.raises(
            TypeError, match=r"aggregate must be a callable or one of 'mean', 'median'; got"
        ):
            as_scores(runs(), aggregate=bad)


@pytest.mark.parametrize("names", [None, "column"])
def test_a_frame_written_with_to_csv_and_read_back_is_read_as_written(
    tmp_path: Path, names: str | None
) -> None:
    """DataFrame.to_csv writes the index as a first column that pd.read_csv heads
    'Unnamed: 0': it is the row labels, never an algorithm, in the API and from the path."""
    rng = np.random.default_rng(3)
    frame = pd.DataFrame(rng.random((12, 4)), columns=["a", "b", "c", "d"])
    if names == "column":
        frame.insert(0, "name", [f"d{i}" for i in range(12)])
    path = tmp_path / "written.csv"
    frame.to_csv(path)
    read_back = pd.read_csv(path)
    assert read_back.columns[0] == "Unnamed: 0"
    from_frame, from_path = mc.compare(read_back), mc.compare(path)
    assert from_frame.algorithms == from_path.algorithms == ("a", "b", "c", "d")
    assert from_frame.datasets == from_path.datasets
    assert from_frame.omnibus[0].pvalue == from_path.omnibus[0].pvalue
    assert read_back.equals(pd.read_csv(path))  # the user's frame is not modified


def test_many_more_algorithms_than_data_sets_warn_of_a_transposed_table() -> None:
    """142 algorithms on 8 data sets with names that say nothing (the tsml bake-off's table
    transposed): a ShapeWarning says the table may be transposed and how to check."""
    values = np.random.default_rng(0).random((8, 142))
    frame = pd.DataFrame(values, columns=[f"c{j}" for j in range(142)])
    with pytest.warns(mc.ShapeWarning, match=r"142 algorithms .* may be transposed.*data\.T"):
        as_scores(frame)
    with warnings.catch_warnings():
        warnings.simplefilter("error", mc.ShapeWarning)
        as_scores(pd.DataFrame(values[:, :20].T[:, :8]))  # 20 data sets x 8 algorithms


def test_reading_options_reach_the_reader_of_every_function(tmp_path: Path) -> None:
    """sep= and decimal= of read_scores are taken by every function that takes a path (the
    error of a semicolon file told the user to pass sep=';', which compare ignored)."""
    values = np.random.default_rng(0).random((12, 4)).round(3)
    frame = pd.DataFrame(values, columns=list("abcd"), index=[f"d{i}" for i in range(12)])
    path = tmp_path / "semi.csv"
    frame.to_csv(path, sep=";", decimal=",")
    expected = mc.friedman(frame).statistic
    assert mc.friedman(path, sep=";", decimal=",").statistic == expected
    report = mc.compare(path, sep=";", decimal=",")
    assert report.omnibus[0].statistic == pytest.approx(expected)
    with pytest.raises(ValueError, match=r"sep=';' read a CSV file; got a DataFrame"):
        mc.friedman(frame, sep=";")


@pytest.mark.parametrize("as_file", [True, False])
@pytest.mark.parametrize("index", ["dataset", "name"])
def test_a_wide_table_with_a_text_column_is_refused_alike_from_a_file_and_a_frame(
    tmp_path: Path, as_file: bool, index: str
) -> None:
    """A `domain` column beside the algorithms: the same message from a CSV file and from a
    DataFrame, naming the text column (not the score column of a long table)."""
    values = np.random.default_rng(0).random((12, 4)).round(3)
    frame = pd.DataFrame(values, columns=list("abcd"))
    frame.insert(0, "domain", ["vision", "text"] * 6)
    frame.insert(0, index, [f"d{i}" for i in range(12)])
    data: object = frame
    if as_file:
        data = tmp_path / "wide.csv"
        frame.to_csv(data, index=False)
    with pytest.raises(TypeError, match=r"algorithm 'domain'; that column holds text"):
        mc.friedman(data)
