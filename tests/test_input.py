"""Bad input through the public functions of the Friedman family: clear ValueError/TypeError,
and the caller's objects are never modified."""

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
import pytest

import multicomp as mc


def posthoc_control(data: Any, **options: Any) -> Any:
    """The 1xN post-hoc against the first algorithm (it has no default control)."""
    return mc.posthoc_control(data, 0, **options)


FUNCTIONS: list[Callable[..., Any]] = [
    mc.friedman,
    mc.iman_davenport,
    mc.friedman_aligned_ranks,
    mc.quade,
    posthoc_control,
    mc.posthoc_all_pairs,
]
GOOD = np.array([[0.8, 0.7, 0.6], [0.9, 0.7, 0.5], [0.7, 0.75, 0.6], [0.6, 0.65, 0.7]])


def _with(value: float) -> np.ndarray:
    bad = GOOD.copy()
    bad[1, 2] = value
    return bad


BAD_DATA = [
    pytest.param(_with(np.nan), ValueError, "finite", id="nan"),
    pytest.param(_with(np.inf), ValueError, "finite", id="inf"),
    pytest.param(GOOD[0], ValueError, "2-D", id="1-D"),
    pytest.param([[0.1, 0.2], [0.3]], ValueError, "ragged|rectangular", id="ragged"),
    pytest.param(GOOD[:, :1], ValueError, "at least 2 algorithms", id="k=1"),
    pytest.param(GOOD[:1], ValueError, "at least 2 data sets", id="N=1"),
    pytest.param(
        pd.DataFrame(GOOD, columns=["a", "b", "a"]),
        ValueError,
        "duplicate algorithm names",
        id="duplicate names",
    ),
    pytest.param(
        pd.DataFrame(GOOD, columns=["a", "b", "c"]).astype(object).assign(b="x"),
        TypeError,
        "numeric",
        id="text",
    ),
    pytest.param(np.array([["0.1", "x"], ["0.2", "0.3"]]), TypeError, "numeric", id="strings"),
]


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize(("data", "error", "message"), BAD_DATA)
def test_bad_data_is_rejected_by_every_function(
    function: Callable[..., Any], data: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        function(data)


@pytest.mark.parametrize(
    "function", [mc.posthoc_control, mc.posthoc_all_pairs], ids=lambda f: f.__name__
)
@pytest.mark.parametrize("alpha", [0.0, 1.0, -0.1, 1.5, np.nan])
def test_alpha_outside_the_unit_interval(function: Callable[..., Any], alpha: float) -> None:
    with pytest.raises(ValueError, match="alpha"):
        function(GOOD, alpha=alpha)
    with pytest.raises(TypeError, match="alpha"):
        function(GOOD, alpha="0.05")


def test_unknown_control_and_options() -> None:
    with pytest.raises(ValueError, match=r"unknown control 'Z'.*\['A1', 'A2', 'A3'\]"):
        mc.posthoc_control(GOOD, "Z")
    with pytest.raises(ValueError, match="unknown control 3"):
        mc.posthoc_control(GOOD, 3)
    for function in (mc.posthoc_control, mc.posthoc_all_pairs):
        with pytest.raises(ValueError, match=r"test must be one of .*friedman.*; got 'nemenyi'"):
            function(
                GOOD,
                **({"control": "A1"} if function is mc.posthoc_control else {}),
                test="nemenyi",
            )
        for test in ("aligned", "quade"):
            with pytest.raises(
                ValueError, match=r"se must be one of 'calibrated', 'garcia2010'; got 'paper'"
            ):
                function(
                    GOOD,
                    **({"control": "A1"} if function is mc.posthoc_control else {}),
                    test=test,
                    se="paper",
                )
    with pytest.raises(ValueError, match="rom"):
        mc.posthoc_control(GOOD, "A1", rom="paper")


RANKS = {"a": 1.5, "b": 2.0, "c": 2.5}


@pytest.mark.parametrize(
    "function", [mc.posthoc_control, mc.posthoc_all_pairs], ids=lambda f: f.__name__
)
def test_published_ranks_input_errors(function: Callable[..., Any]) -> None:
    with pytest.raises(ValueError, match="either data or ranks"):
        function()
    with pytest.raises(ValueError, match="either data or ranks"):
        function(GOOD, ranks=RANKS, n_datasets=4)
    with pytest.raises(ValueError, match="needs n_datasets"):
        function(ranks=RANKS)
    with pytest.raises(ValueError, match="n_datasets must be >= 2; got 1"):
        function(ranks=RANKS, n_datasets=1)
    with pytest.raises(TypeError, match="n_datasets must be an integer"):
        function(ranks=RANKS, n_datasets=4.5)
    with pytest.raises(ValueError, match="finite"):
        function(ranks={"a": 1.0, "b": np.nan}, n_datasets=4)
    with pytest.raises(ValueError, match="at least 2 algorithms"):
        function(ranks={"a": 1.0}, n_datasets=4)
    with pytest.raises(ValueError, match="1-D"):
        function(ranks=np.ones((2, 2)), n_datasets=4)
    with pytest.raises(ValueError, match="2 algorithm names for 3 ranks"):
        function(ranks=[1.0, 2.0, 3.0], algorithms=["a", "b"], n_datasets=4)
    with pytest.raises(ValueError, match="duplicate algorithm names"):
        function(ranks=[1.0, 2.0], algorithms=["a", "a"], n_datasets=4)
    with pytest.raises(TypeError, match="numeric"):
        function(ranks=["x", "y"], n_datasets=4)
    with pytest.raises(ValueError, match="go with ranks"):
        function(GOOD, n_datasets=4)


def test_unknown_example_lists_the_names() -> None:
    with pytest.raises(
        ValueError,
        match=r"example must be one of 'demsar2006', 'garcia2008', 'garcia2010'; got 'iris'",
    ):
        mc.load_example("iris")


def test_examples_are_the_papers_tables() -> None:
    shapes = {"demsar2006": (14, 4), "garcia2008": (30, 5), "garcia2010": (24, 4)}
    for name, shape in shapes.items():
        frame = mc.load_example(name)
        assert frame.shape == shape
        assert frame.to_numpy().dtype == np.float64
        assert frame.index.is_unique


def test_caller_objects_are_not_modified() -> None:
    array = GOOD.copy()
    frame = pd.DataFrame(GOOD.copy(), columns=["a", "b", "c"])
    ranks = pd.Series({"a": 1.5, "b": 2.0, "c": 2.5})
    frame_before, ranks_before = frame.copy(), ranks.copy()
    for data in (array, frame):
        for function in FUNCTIONS:
            function(data, higher_is_better=False)
        mc.posthoc_control(data, 0, test="aligned")
        mc.posthoc_all_pairs(data, test="quade")
    mc.posthoc_control(ranks=ranks, n_datasets=4, control="a")
    mc.posthoc_all_pairs(ranks=ranks, n_datasets=4)
    np.testing.assert_array_equal(array, GOOD)
    pd.testing.assert_frame_equal(frame, frame_before)
    pd.testing.assert_series_equal(ranks, ranks_before)


def test_duplicate_algorithm_names_in_a_csv_header(tmp_path: Any) -> None:
    path = tmp_path / "dup.csv"
    path.write_text("data set,a,b,a\nx,0.1,0.2,0.3\ny,0.4,0.5,0.6\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"duplicate algorithm names: \['a'\]"):
        mc.friedman(path)  # pandas would silently rename the second 'a' to 'a.1'


def test_missing_values_of_nullable_columns_are_missing_not_text() -> None:
    frame = pd.DataFrame({"a": pd.array([0.1, None, 0.3], dtype="Float64"), "b": [0.2, 0.3, 0.1]})
    with pytest.raises(ValueError, match=r"missing.*data set '1', algorithm 'a'"):
        mc.friedman(frame)
    ints = pd.DataFrame({"a": pd.array([1, 2, 3], dtype="Int64"), "b": [3, 1, 2]})
    assert mc.friedman(ints).statistic == mc.friedman(ints.astype(float)).statistic


@pytest.mark.parametrize("data", [0.5, object()], ids=["scalar", "object"])
def test_objects_that_are_no_table_name_the_accepted_forms(data: Any) -> None:
    with pytest.raises(
        TypeError,
        match=r"2-D array \(or 3-D, with runs\), a DataFrame, a dict \{dataset: \{algorithm: "
        r"score\}\}, an Arrow table or the path of a CSV, Parquet or Arrow file",
    ):
        mc.friedman(data)


def test_a_dict_of_columns_is_told_to_become_a_data_frame() -> None:
    with pytest.raises(TypeError, match=r"data set 'a' maps to list.*pandas.DataFrame\(data\)"):
        mc.friedman({"a": [0.1, 0.2], "b": [0.3, 0.4]})


def test_an_integer_control_is_a_name_before_a_position() -> None:
    frame = pd.DataFrame(GOOD, columns=[10, 1, 2])
    assert mc.posthoc_control(frame, control=1).control == "1"
    assert mc.posthoc_control(frame, control=10).control == "10"
    assert mc.posthoc_control(frame, control=0).control == "10"  # no algorithm named 0: position
    assert mc.posthoc_control(GOOD, control=1).control == "A2"


def test_non_numeric_cells_are_named(tmp_path: Any) -> None:
    path = tmp_path / "text.csv"
    path.write_text("data set,a,b\nx,0.1,0.2\ny,n/a?,0.3\n", encoding="utf-8")
    with pytest.raises(TypeError, match=r"found 'n/a\?' \(str\) at data set 'y', algorithm 'a'"):
        mc.friedman(path)
    indexed = pd.DataFrame({"name": ["x", "y"], "a": [0.1, 0.2], "b": [0.3, 0.1]}, index=["p", "q"])
    with pytest.raises(TypeError, match=r"found 'x' \(str\) at data set 'p', algorithm 'name'"):
        mc.friedman(indexed)  # a set index names the data sets: the column of names is misplaced
    with pytest.raises(TypeError, match=r"\(complex\) at row 0, column 1"):
        mc.friedman(np.array([[0.1, 1j], [0.2, 0.3]], dtype=object))


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda f: f.__name__)
def test_higher_is_better_must_be_a_bool(function: Callable[..., Any]) -> None:
    with pytest.raises(TypeError, match="higher_is_better must be True or False; got 'no'"):
        function(GOOD, higher_is_better="no")  # a non-empty string would silently mean True


def test_duplicate_data_set_names() -> None:
    frame = pd.DataFrame(
        [[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]], index=["a", "b", "a"], columns=["x", "y"]
    )
    with pytest.raises(ValueError, match=r"duplicate data set names: \['a'\]"):
        mc.friedman(frame)


def test_a_csv_with_another_separator_says_so(tmp_path: Any) -> None:
    path = tmp_path / "semicolons.csv"
    path.write_text("data;x;y\nd1;1;2\nd2;3;4\n")
    with pytest.raises(ValueError, match="comma-separated"):
        mc.friedman(path)


def test_test_names_are_case_insensitive() -> None:
    """test= is spelled like the procedures: any case, '-' for '_' (issue 10 item 10)."""
    scores = mc.load_example("garcia2010")
    lower = mc.posthoc_all_pairs(scores, test="quade")
    upper = mc.posthoc_all_pairs(scores, test="Quade")
    assert upper.test == "quade"
    pd.testing.assert_frame_equal(upper.adjusted, lower.adjusted)
    assert mc.compare(scores, test="ALIGNED").test == "aligned"


def test_higher_is_better_with_a_scores_object_is_not_ignored() -> None:
    """A Scores keeps its direction: the same higher_is_better is accepted, the other is a
    ValueError (it used to be silently ignored, issue 19), for every function that takes
    scores; the keywords that read a table are refused with a Scores."""
    data = mc.load_example("demsar2006")
    errors = mc.compare(data, higher_is_better=False).as_scores()
    assert not errors.higher_is_better
    assert mc.friedman(errors, higher_is_better=False).statistic == mc.friedman(errors).statistic
    for call in (
        lambda: mc.friedman(errors, higher_is_better=True),
        lambda: mc.compare(errors, higher_is_better=True),
        lambda: mc.posthoc_all_pairs(errors, higher_is_better=True),
        lambda: mc.cd_diagram(errors, higher_is_better=True),
        lambda: mc.skillings_mack(errors, higher_is_better=True),
    ):
        with pytest.raises(ValueError, match=r"higher_is_better=True contradicts the Scores"):
            call()
    with pytest.raises(ValueError, match=r"aggregate= read a table"):
        mc.quade(errors, aggregate="mean")
    with pytest.raises(ValueError, match=r"higher_is_better= read scores"):
        mc.cd_diagram(mc.compare(data), higher_is_better=False)


def test_the_input_keywords_are_checked_before_any_work() -> None:
    data = mc.load_example("demsar2006")
    with pytest.raises(TypeError, match=r"^higher_is_better must be True or False; got 'no'$"):
        mc.friedman(data, higher_is_better="no")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^nan_policy must be one of 'raise', 'omit'"):
        mc.rm_anova(data, nan_policy="drop")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^dataset must be a column name"):
        mc.compare(data, dataset=3)  # type: ignore[arg-type]
