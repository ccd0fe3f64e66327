"""The Bayesian hierarchical test of many pairs: compare_bayesian(test="hierarchical") from the
folds the input holds (pairs.hierarchical_pairs)."""

from __future__ import annotations

import io
import json
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multicomp as mc

DRAWS = {"n_draws": 400, "random_state": 3}


def fold_array(q: int = 5, k: int = 3, n: int = 4, seed: int = 0) -> np.ndarray:
    """q data sets x k algorithms x n folds; the first algorithm better by 0.03."""
    rng = np.random.default_rng(seed)
    folds = rng.uniform(0.7, 0.9, (q, 1, 1)) + rng.normal(0, 0.02, (q, k, n))
    folds[:, 0] += 0.03
    return folds


def long_table(folds: np.ndarray) -> pd.DataFrame:
    """The folds as a long table, the algorithms of a fold next to each other."""
    q, k, n = folds.shape
    return pd.DataFrame(
        [
            (f"d{i}", f"a{j}", f, folds[i, j, f])
            for i in range(q)
            for f in range(n)
            for j in range(k)
        ],
        columns=["dataset", "algorithm", "fold", "score"],
    )


def quiet(*args: object, **kwargs: object) -> mc.BayesianComparison:
    """compare_bayesian without the convergence warnings of small draws."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return mc.compare_bayesian(*args, test="hierarchical", **kwargs)  # type: ignore[arg-type]


def alone(x: np.ndarray, y: np.ndarray, seed: np.random.SeedSequence, **kwargs: object):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return mc.bayesian_hierarchical_test(
            x, y, random_state=np.random.default_rng(seed), **kwargs
        )


@pytest.mark.parametrize("control", [None, "a1"])
def test_each_pair_is_the_hierarchical_test_of_its_folds_with_its_spawned_seed(control) -> None:
    folds = fold_array()
    result = quiet(long_table(folds), rope=0.01, runs=2, control=control, **DRAWS)
    positions = [(0, 1), (0, 2), (1, 2)] if control is None else [(1, 0), (1, 2)]
    assert result.pairs == tuple((f"a{a}", f"a{b}") for a, b in positions)
    assert result.test == "hierarchical" and result.n_datasets == 5
    assert result.control == control
    seeds = np.random.SeedSequence(3).spawn(len(positions))
    for (a, b), pair, seed in zip(positions, result.results, seeds):
        expected = alone(folds[:, a], folds[:, b], seed, rope=0.01, runs=2, n_draws=400)
        np.testing.assert_array_equal(pair.samples, expected.samples)
        assert pair.rhat == expected.rhat and pair.ess == expected.ess
        assert pair.options == {"rho": 0.5}
    frame = result.to_frame()
    assert list(frame.columns[-2:]) == ["rhat", "ess"]
    assert frame["rhat"].tolist() == [max(r.rhat.values()) for r in result.results]  # type: ignore[attr-defined]
    # the same folds as a 3-D array
    same = quiet(folds, rope=0.01, runs=2, control=None if control is None else 1, **DRAWS)
    np.testing.assert_array_equal(
        frame[["p_first_better", "p_equivalent"]],
        same.to_frame()[["p_first_better", "p_equivalent"]],
    )


def test_the_folds_of_a_long_table_are_paired_by_their_labels(tmp_path) -> None:
    """Rows in any order (here reversed for one algorithm, with fold labels as text), from a
    DataFrame or a CSV file: each fold is compared with the same fold of the other."""
    folds = fold_array()
    long = long_table(folds).assign(fold=lambda t: "f" + t["fold"].astype(str))
    expected = quiet(folds, rope=0.01, **DRAWS).to_frame()
    mixed = long.copy()
    for name in long["dataset"].unique():  # a1's folds of each data set in reverse order
        rows = long.index[(long["algorithm"] == "a1") & (long["dataset"] == name)]
        mixed.loc[rows, ["fold", "score"]] = long.loc[rows[::-1], ["fold", "score"]].to_numpy()
    assert not mixed.equals(long)
    path = tmp_path / "folds.csv"
    mixed.to_csv(path, index=False)
    for table in (mixed, str(path)):
        got = quiet(table, rope=0.01, **DRAWS).to_frame()
        np.testing.assert_array_equal(got["p_first_better"], expected["p_first_better"])
    other = long.copy()
    other.loc[(other["algorithm"] == "a2") & (other["dataset"] == "d3"), "fold"] += "x"
    with pytest.raises(ValueError, match="'d3': algorithms 'a0' and 'a2' have different folds"):
        mc.compare_bayesian(other, test="hierarchical", n_draws=400)


def test_lower_is_better_orients_the_folds() -> None:
    folds = fold_array()
    up = quiet(folds, rope=0.01, **DRAWS).to_frame()
    down = quiet(-folds, rope=0.01, higher_is_better=False, **DRAWS).to_frame()
    pd.testing.assert_frame_equal(up, down)
    assert up["decision"].iloc[0] == "A1 better"


@settings(max_examples=8, deadline=None)
@given(
    st.integers(0, 999),
    st.sampled_from([0.0, 0.01]),
    st.lists(st.integers(-64, 64), min_size=4, max_size=4),
)
def test_a_pair_depends_on_its_own_differences_only(seed: int, rope: float, shifts) -> None:
    """Shifting every score of a data set alike (by multiples of 2**-8 of scores on a grid
    of 2**-10: exact differences) or adding an algorithm after the others changes no pair
    (with a control, the pairs of the first algorithms keep their seed streams)."""
    folds = np.round(fold_array(q=4, k=2, n=3, seed=seed) * 1024) / 1024
    kwargs = {"rope": rope, "control": 0, "n_draws": 200, "random_state": seed}
    base = quiet(folds, **kwargs).results[0]
    moved = folds + np.array(shifts)[:, None, None] / 256
    extra = np.concatenate([moved, moved[:, 1:] / 2], axis=1)
    for other in (quiet(moved, **kwargs).results[0], quiet(extra, **kwargs).results[0]):
        np.testing.assert_array_equal(other.samples, base.samples)
        assert (other.p_x_better, other.p_equivalent) == (base.p_x_better, base.p_equivalent)


def test_swapping_the_pair_swaps_its_probabilities() -> None:
    """The model is symmetric; the chains of x vs y and y vs x are not each other's mirror,
    so the probabilities agree within the Monte Carlo error."""
    folds = fold_array(k=2, n=4)
    folds[:, 0] -= 0.025  # close: neither probability near 0 or 1
    forward = quiet(folds, rope=0.005, control=0, n_draws=8000, random_state=1).results[0]
    backward = quiet(folds, rope=0.005, control=1, n_draws=8000, random_state=1).results[0]
    assert forward.names == ("A1", "A2") and backward.names == ("A2", "A1")
    assert 0.05 < forward.p_x_better < 0.95
    assert forward.p_x_better == pytest.approx(backward.p_y_better, abs=0.05)
    assert forward.p_equivalent == pytest.approx(backward.p_equivalent, abs=0.05)


def test_every_format_holds_the_numbers() -> None:
    result = quiet(fold_array(), rope=0.01, **DRAWS)
    first = result.results[0]
    shown = f"{first.p_x_better:.4f}"
    assert "Bayesian hierarchical tests on 5 data sets (rope = 0.01, rho = 0.25)" in str(result)
    for text in (str(result), result.to_markdown(), result.to_latex(), result._repr_html_()):
        assert shown in text and "R-hat" in text
    csv = pd.read_csv(io.StringIO(result.to_csv()), index_col=0)
    assert csv.loc["A1 vs A2", "p_first_better"] == pytest.approx(first.p_x_better)
    assert csv.loc["A1 vs A2", "rhat"] == pytest.approx(max(first.rhat.values()))  # type: ignore[attr-defined]
    parsed = json.loads(result.to_json())
    assert parsed["A1 vs A2"]["p_equivalent"] == pytest.approx(first.p_equivalent)
    assert parsed["A1 vs A2"]["ess"] == pytest.approx(min(first.ess.values()))  # type: ignore[attr-defined]


def test_poor_chains_warn_naming_the_pair() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        mc.compare_bayesian(fold_array(), test="hierarchical", n_draws=100, random_state=0)
    messages = [str(w.message) for w in caught]
    assert all(w.category is RuntimeWarning and w.filename == __file__ for w in caught)
    assert any(m.startswith("A1 vs A2: the chains may not have converged") for m in messages)
    assert any(m.startswith("A1 vs A3: the chains") for m in messages)


@pytest.mark.parametrize(
    ("data", "kwargs", "match"),
    [
        ("means", {}, "holds one score per data set and algorithm; give the folds"),
        ("short", {}, "'d4', algorithm 'a2' has 3"),
        ("long", {"aggregate": "mean"}, "aggregate= combines the folds"),
        ("long", {"prior": 1.0}, "prior= applies to the signed-rank and sign tests"),
        ("long", {"max_work": 1000}, "3 pairs on 5 data sets .*: 66,000, more than max_work=1,000"),
    ],
)
def test_input_without_equal_folds_and_other_options_are_refused(data, kwargs, match) -> None:
    long = long_table(fold_array())
    given = {
        "means": long.groupby(["dataset", "algorithm"])["score"].mean().unstack(),
        "short": long.iloc[:-1],
        "long": long,
    }[data]
    with pytest.raises(ValueError, match=match):
        mc.compare_bayesian(given, test="hierarchical", n_draws=400, **kwargs)


def test_runs_is_refused_with_the_other_tests() -> None:
    with pytest.raises(ValueError, match="runs= applies to test='hierarchical'"):
        mc.compare_bayesian(mc.load_example("demsar2006"), test="sign", runs=2)


def test_the_simplex_plot_of_a_pair() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    result = quiet(fold_array(), rope=0.01, **DRAWS)
    fig = result.results[0].plot()
    assert fig.axes[0].get_title() == "Bayesian hierarchical test: A1 vs A2, rope = 0.01"


# --- the report's extra and the command line -------------------------------------------------


@pytest.fixture
def few_draws(monkeypatch: pytest.MonkeyPatch) -> int:
    """The report's draws of each pair, made small for the tests."""
    from multicomp.report import hierarchical_extra

    monkeypatch.setattr(hierarchical_extra, "HIERARCHICAL_DRAWS", 400)
    return 400


def report_of(data: object, **kwargs: object) -> mc.Report:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return mc.compare(data, extras=["bayesian_hierarchical"], **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("control", [None, "a2"])
def test_the_report_extra_is_compare_bayesian_of_the_folds(few_draws: int, control) -> None:
    long = long_table(fold_array())
    report = report_of(long, aggregate="mean", rope=0.01, runs=2, control=control, random_state=7)
    expected = quiet(long, rope=0.01, runs=2, control=control, n_draws=few_draws, random_state=7)
    assert [(p.first, p.second) for p in report.bayesian_hierarchical] == list(expected.pairs)
    frame = expected.to_frame()
    for pair, (_, row) in zip(report.bayesian_hierarchical, frame.iterrows()):
        assert (pair.p_first_better, pair.p_equivalent, pair.p_second_better) == (
            row["p_first_better"],
            row["p_equivalent"],
            row["p_second_better"],
        )
        assert (pair.rhat, pair.ess) == (row["rhat"], row["ess"])
    assert (report.hierarchical_rope, report.hierarchical_rho) == (0.01, 0.5)
    assert report.hierarchical_draws == few_draws and "bayesian_hierarchical" in report.extras


def test_the_report_extra_in_every_format(few_draws: int, tmp_path) -> None:
    report = report_of(fold_array(), aggregate="mean", rope=0.01)
    pair = report.bayesian_hierarchical[1]
    shown = f"{pair.p_first_better:.4f}"
    assert pair.label == "A1 vs A3" and shown in str(pair)
    title = "Bayesian hierarchical tests of the pairs from their folds"
    for text in (str(report), report.to_markdown(), report.to_latex(), report.to_html()):
        assert title in text and shown in text and f"{pair.ess:.0f}" in text
    assert "tab:mc-hierarchical" in report.to_latex()
    line = next(x for x in report.summary.splitlines() if x.startswith("Bayesian hierarchical"))
    decided = [
        v >= 0.95
        for p in report.bayesian_hierarchical
        for v in (p.p_first_better, p.p_equivalent, p.p_second_better)
    ]
    assert line.count("(P = ") == sum(decided) > 0
    assert line.endswith(f"; {3 - sum(decided)} of 3 pairs undecided.")
    if pair.p_first_better >= 0.95:
        assert f"A1 is better than A3 (P = {pair.p_first_better:.2f})" in line
    csv = pd.read_csv(io.StringIO(report.to_csv()), header=None, dtype=str)
    rows = csv[(csv[0] == "bayesian_hierarchical") & (csv[1] == "A1 vs A3")]
    values = dict(zip(rows[2], rows[3].astype(float)))
    assert values["p_first_better"] == pair.p_first_better and values["rhat"] == pair.rhat
    back = mc.Report.from_json(report.to_json())
    assert back == report and back.bayesian_hierarchical == report.bayesian_hierarchical
    written = report.save(tmp_path)
    assert shown in (tmp_path / "report.md").read_text()
    assert written["hierarchical_png"].name == "bayesian-hierarchical.png"
    assert (tmp_path / "bayesian-hierarchical.svg").read_text().count("<svg") == 1
    assert "bayesian_hierarchical" in (tmp_path / "report.json").read_text()


def test_the_report_extra_is_refused_without_folds_or_alone_with_its_options() -> None:
    long = long_table(fold_array())
    means = long.groupby(["dataset", "algorithm"])["score"].mean().unstack()
    with pytest.raises(ValueError, match="holds one score per data set and algorithm"):
        mc.compare(means, extras=["bayesian_hierarchical"])
    for kwargs in ({"rope": 0.01}, {"runs": 2}):
        with pytest.raises(ValueError, match="pass extras=\\['bayesian_hierarchical'\\] too"):
            mc.compare(means, **kwargs)  # type: ignore[arg-type]


def test_the_report_extra_refuses_too_much_work_and_a_bad_rope_before_any(monkeypatch) -> None:
    from multicomp import analysis
    from multicomp.report import hierarchical_extra

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the analysis started")

    monkeypatch.setattr(analysis, "_omnibus", never)
    monkeypatch.setattr(hierarchical_extra, "HIERARCHICAL_DRAWS", 10**7)
    long = long_table(fold_array(q=20, k=6))
    with pytest.raises(
        ValueError,
        match=r"15 pairs on 20 data sets take .* test='hierarchical', max_work=...\) runs them",
    ):
        mc.compare(long, aggregate="mean", extras=["bayesian_hierarchical"])
    for bad, error in (({"rope": -0.1}, ValueError), ({"runs": 1.5}, TypeError)):
        with pytest.raises(error):
            mc.compare(long, aggregate="mean", extras=["bayesian_hierarchical"], **bad)


def test_a_report_read_from_json_with_a_wrong_extra_is_refused(few_draws: int) -> None:
    text = report_of(fold_array(), aggregate="mean").to_json()
    document = json.loads(text)
    document["bayesian_hierarchical"][0]["p_first_better"] = 0.3
    with pytest.raises(ValueError, match=r"bayesian_hierarchical\[0\] probabilities"):
        mc.Report.from_json(json.dumps(document))
    document = json.loads(text)
    document["hierarchical_draws"] = 0
    with pytest.raises(ValueError, match="hierarchical_draws must be positive"):
        mc.Report.from_json(json.dumps(document))


def test_the_command_line(tmp_path, capsys, few_draws: int) -> None:
    from multicomp import cli

    path = tmp_path / "folds.csv"
    long = long_table(fold_array())
    long.to_csv(path, index=False)
    options = ["--rope", "0.01", "--runs", "2", "--random-state", "4"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        assert cli.main([str(path), "--bayesian", "hierarchical", *options, "--format", "csv"]) == 0
        frame = pd.read_csv(io.StringIO(capsys.readouterr().out), index_col=0)
        expected = quiet(long, rope=0.01, runs=2, random_state=4).to_frame()
        pd.testing.assert_frame_equal(frame, expected, check_exact=True)
        argv = [str(path), "--aggregate", "mean", "--bayesian-hierarchical", *options]
        assert cli.main([*argv, "--format", "json"]) == 0
    report = mc.Report.from_json(capsys.readouterr().out)
    assert report.hierarchical_rho == 0.5 and len(report.bayesian_hierarchical) == 3
    with pytest.raises(SystemExit):
        cli.main([str(path), "--aggregate", "mean", "--runs", "2"])
    assert "--runs goes with" in capsys.readouterr().err


def test_the_split_bars_of_the_pairs(few_draws: int) -> None:
    pytest.importorskip("matplotlib")
    result = quiet(fold_array(), rope=0.01, control=0, **DRAWS)
    ax = result.plot().axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["A1 vs A2", "A1 vs A3"]
    widths = [patch.get_width() for patch in ax.patches]  # by outcome, then by pair
    first = result.results[0]
    expected = [first.p_x_better, first.p_equivalent, first.p_y_better]
    assert widths[0::2] == pytest.approx(expected, abs=1e-12)
    assert ax.get_title() == "Bayesian hierarchical tests on 5 data sets (rope = 0.01)"
    report = report_of(fold_array(), aggregate="mean", rope=0.01, control=0)
    bars = report._hierarchical_figure().axes[0].patches
    pair = report.bayesian_hierarchical[1]
    expected = [pair.p_first_better, pair.p_equivalent, pair.p_second_better]
    assert [b.get_width() for b in bars][1::2] == pytest.approx(expected, abs=1e-12)
