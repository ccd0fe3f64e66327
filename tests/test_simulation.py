"""multicomp.simulate (module simulation): the batch procedures equal the package's, the estimates
are reproducible and independent of the executor, and calibrated (bounds of several Monte Carlo SEs)."""

from __future__ import annotations

import itertools
import pickle
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multicomp as mc
from multicomp import procedures
from multicomp import simulation as sim
from multicomp._internal.vocabulary import (
    PAIRWISE_TESTS,
    Z_TESTS,
)
from multicomp._internal.work import MAX_SIMULATION_WORK
from multicomp.posthoc import PosthocOptions
from multicomp.ranktests import exact
from multicomp.simulation import model, run
from multicomp.typing import PosthocTest

OMNIBUS_FUNCTIONS = {
    "friedman": mc.friedman,
    "iman_davenport": mc.iman_davenport,
    "aligned": mc.friedman_aligned_ranks,
    "quade": mc.quade,
}


def _spec(effects: tuple[float, ...], n: int, **options: object) -> model.Spec:
    return model.specify(
        effects,
        n,
        sim.COMPARISONS,
        ("friedman", "aligned", "quade"),
        None,
        0,
        0.05,
        "normal",
        0.0,
        None,
        None,
        PosthocOptions(**options),  # type: ignore[arg-type]
        True,
    )[0]


TABLES = st.tuples(
    st.integers(2, 7),
    st.integers(2, 6),
    st.integers(0, 2**32 - 1),
    st.sampled_from([None, 0, 1]),
    st.sampled_from([0.0, 1.0]),
)


def _assert_batch_equals_api(
    table: tuple,
    tests: tuple[str, ...],
    tie_correction: bool = True,
    se_form: str = "calibrated",
    reps: int = 3,
) -> None:
    """Statistics, p-values and every decision of the vectorised chunk equal the public API's,
    table by table (rounding makes ties; a scale spread makes data sets of different scales)."""
    n, k, seed, decimals, spread = table
    spec = model.Spec(
        effects=(0.0,) * k,
        n_datasets=n,
        noise="normal",
        scale_spread=spread,
        decimals=decimals,
        alpha=0.05,
        control=None,
        # omnibus and both post-hocs' p-values wanted (_by_method, _pairs_by_method)
        rows=(
            ("omnibus", "friedman", "friedman"),
            ("control", "friedman", "holm"),
            ("all_pairs", "friedman", "holm"),
        ),
        custom=(),
        tie_correction=tie_correction,
        posthoc=PosthocOptions(se=se_form),  # type: ignore[arg-type]
    )
    x = model.draw(spec, np.random.default_rng(seed), reps)
    first, second = run._pairs(k)
    for test in tests:
        basis = run._basis(x, spec, test)
        best = run._control_index(spec, basis.ranks)
        p_control = run._two_sided(
            basis, "control", np.repeat(best[:, None], k - 1, axis=1), run._others(best, k)
        )
        p_pairs = run._two_sided(
            basis,
            "all_pairs",
            np.broadcast_to(first, (reps, len(first))),
            np.broadcast_to(second, (reps, len(first))),
        )
        options = {"se": se_form} if test in ("aligned", "quade") else {}
        # what simulate runs after ``test``: those valid after it, within their size limits
        rows = model._rows(("control", "all_pairs"), (test,), None, procedures.Context(k))
        control_methods = [name for comparison, _, name in rows if comparison == "control"]
        pair_methods = [name for comparison, _, name in rows if comparison == "all_pairs"]
        for r, table_r in enumerate(x):
            for name, p in basis.omnibus.items():
                expected = OMNIBUS_FUNCTIONS[name](table_r, tie_correction=tie_correction).pvalue
                assert p[r] == pytest.approx(expected, rel=1e-9, abs=1e-12), (test, name)
            control = mc.posthoc_control(table_r, int(best[r]), test=test, **options)
            _assert_same_pvalues(p_control[r], control)
            for method in control_methods:
                np.testing.assert_array_equal(
                    run._decide_control(p_control[r : r + 1], method, spec)[0],
                    control.reject[method],
                    err_msg=method,
                )
            pairs = mc.posthoc_all_pairs(table_r, test=test, **options)
            _assert_same_pvalues(p_pairs[r], pairs)
            for method in pair_methods:
                decided = run.all_pairs_apv(p_pairs[r : r + 1], method, k, False)[0] <= 0.05
                np.testing.assert_array_equal(decided, pairs.reject[method], err_msg=method)


def _assert_same_pvalues(batch: np.ndarray, result: object) -> None:
    """The batch's p-values of one table equal a post-hoc result's: bitwise where they are
    permutation p-values (or a pairwise test's: the same function of the same scores), to
    1e-9 where the batch computes the normal ones in its own vectorised way."""
    expected = result.pvalue.to_numpy()  # type: ignore[attr-defined]
    if result.method == "asymptotic" and result.test not in PAIRWISE_TESTS:  # type: ignore[attr-defined]
        np.testing.assert_allclose(batch, expected, rtol=1e-9, atol=1e-12)
    else:
        np.testing.assert_array_equal(batch, expected)


@settings(max_examples=8)
@given(TABLES, st.sampled_from([True, False]), st.sampled_from(["calibrated", "garcia2010"]))
def test_batch_rank_procedures_equal_the_package_functions(
    table: tuple, tie_correction: bool, se_form: str
) -> None:
    _assert_batch_equals_api(table, Z_TESTS, tie_correction, se_form)


@pytest.mark.parametrize(
    ("table", "resamples"),
    [
        # k = 12: the 66 pairs draw 13,199 resamples, the 11 comparisons with the control 9,999
        ((12, 12, 3, None, 1.0), {"control": 9_999, "all_pairs": 13_199}),
        # k = 52: the 51 comparisons with the control draw 10,199; the 1,326 pairs would need
        # 265,199 resamples, past the work limit: the post-hoc takes the normal p-values
        ((5, 52, 4, None, 1.0), {"control": 10_199, "all_pairs": None}),
    ],
)
def test_batch_post_hocs_draw_the_resamples_of_the_package_functions(
    table: tuple, resamples: dict[str, int | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19.3: under method="auto" a rank post-hoc draws enough Monte Carlo resamples to
    resolve alpha/m, m its own number of hypotheses; the batch draws what each post-hoc draws,
    so its p-values equal theirs bitwise, and the work estimate counts those resamples. (The
    exact distributions of the pairs fit these tables; they are left out so that both draw.)"""
    monkeypatch.setattr(exact, "PAIR_WORK_LIMIT", 0)
    n, k = table[:2]
    x = np.random.default_rng(0).random((n, k))
    for comparison, expected in resamples.items():
        result = (
            mc.posthoc_control(x, 0, test="aligned")
            if comparison == "control"
            else mc.posthoc_all_pairs(x, test="aligned", procedures=["holm"])
        )
        assert result.n_resamples == expected, comparison  # what the batch must match
    _assert_batch_equals_api(table, ("aligned", "quade"), reps=2)
    spec = _spec((0.0,) * k, n)
    drawn = sum(filter(None, resamples.values()))
    # the estimate, in permuted scores, counts those draws of the aligned ranks' pairs
    assert model.work(spec, 1) > drawn * n * k


@pytest.mark.parametrize("table", [(6, 4, 1, 1, 0.0), (9, 3, 2, None, 1.0)])
def test_batch_pairwise_procedures_equal_the_package_functions(table: tuple) -> None:
    _assert_batch_equals_api(table, PAIRWISE_TESTS, reps=2)


def _holm_by_the_public_api(comparison: str, test: PosthocTest) -> sim.CustomProcedure:
    """A custom procedure: Holm's decisions of the public post-hoc of ``comparison`` after
    ``test`` (control: the first algorithm), table by table."""

    def decide(scores: np.ndarray, alpha: float) -> np.ndarray:
        return np.array(
            [
                (
                    mc.posthoc_control(t, 0, test=test, alpha=alpha)
                    if comparison == "control"
                    else mc.posthoc_all_pairs(t, test=test, alpha=alpha, procedures=["holm"])
                )
                .reject["holm"]
                .to_numpy()
                for t in scores
            ]
        )

    return decide


def _never(scores: np.ndarray, alpha: float) -> np.ndarray:
    return np.zeros((len(scores), 1), dtype=bool)


def test_custom_procedure_through_the_public_api_matches_the_batch_one() -> None:
    result = sim.simulate(
        [0, 0, 1.0, 2.0],
        8,
        n_replications=150,
        chunk_size=50,
        comparisons=["all_pairs"],
        tests=["friedman"],
        procedures=["holm"],
        custom={
            "holm_api": ("all_pairs", _holm_by_the_public_api("all_pairs", "friedman")),
            "never": ("omnibus", _never),
        },
        random_state=11,
    )
    frame = result.to_frame()
    builtin = frame.loc[("all_pairs", "friedman", "holm")]
    pd.testing.assert_series_equal(
        frame.loc[("all_pairs", "custom", "holm_api")], builtin, check_names=False
    )
    assert builtin["power_avg"] > 0.1 and builtin["true_nulls"] == 1
    assert frame.loc[("omnibus", "custom", "never"), "rejections"] == 0


def test_simulate_decides_as_the_public_post_hocs_when_they_raise_their_resamples() -> None:
    """Issue 19.3, end to end: at k = 12 under method="auto" the aligned-ranks post-hoc of
    all pairs draws 13,199 resamples and that with a control 9,999; simulate's tallies of Holm
    equal those of the public post-hocs' decisions on the same tables (before, its all-pairs
    draws had 9,999 resamples and its tallies differed: 14.2 rejections a table, not 14.5)."""
    comparisons = ("control", "all_pairs")
    result = sim.simulate(
        np.repeat([0.0, 1.0, 2.0], 4),
        12,
        n_replications=10,
        comparisons=comparisons,
        tests=["aligned"],
        procedures=["holm"],
        custom={c: (c, _holm_by_the_public_api(c, "aligned")) for c in comparisons},
        random_state=1,
        progress=False,
    )
    frame = result.to_frame()
    for comparison in comparisons:
        builtin = frame.loc[(comparison, "aligned", "holm")]
        public = frame.loc[(comparison, "custom", comparison)]
        pd.testing.assert_series_equal(public, builtin, check_names=False)
        assert builtin["rejections"] > 1  # decisions to compare


@pytest.mark.parametrize(
    "bad",
    [
        lambda s, a: np.zeros((len(s), 3)),  # not boolean
        lambda s, a: np.zeros((len(s), 2), dtype=bool),  # wrong number of hypotheses
    ],
)
def test_custom_procedure_shape_is_checked(bad: object) -> None:
    with pytest.raises(ValueError, match="boolean array of shape"):
        sim.simulate(
            3, 5, n_replications=10, custom={"bad": ("all_pairs", bad)}, comparisons=["omnibus"]
        )


@given(
    st.integers(0, 2**63), st.sampled_from([3, 4]), st.sampled_from(["normal", "t3", "exponential"])
)
@settings(max_examples=5)
def test_reproducible_with_a_seed_and_the_same_serially_and_on_threads(
    seed: int, k: int, noise: str
) -> None:
    options = {
        "n_replications": 90,
        "chunk_size": 40,
        "random_state": seed,
        "noise": noise,
        "decimals": 1,
        "tests": ["friedman", "quade"],
    }
    first = sim.simulate(k, 6, **options).to_frame()
    pd.testing.assert_frame_equal(first, sim.simulate(k, 6, **options).to_frame())
    with ThreadPoolExecutor(max_workers=2) as pool:
        pd.testing.assert_frame_equal(
            first, sim.simulate(k, 6, executor=pool, **options).to_frame()
        )


def test_entropy_repeats_an_unseeded_run() -> None:
    result = sim.simulate(3, 5, n_replications=50, comparisons=["omnibus"])
    again = sim.simulate(
        3, 5, n_replications=50, comparisons=["omnibus"], random_state=result.entropy
    )
    pd.testing.assert_frame_equal(result.to_frame(), again.to_frame())


def test_dask_distributed_local_cluster_gives_the_serial_result() -> None:
    distributed = pytest.importorskip("distributed")
    options = {"n_replications": 200, "chunk_size": 50, "random_state": 7, "tests": ["friedman"]}
    pickle.loads(pickle.dumps(_spec((0.0, 0.0, 1.0), 5)))  # chunks travel to other processes
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        spread = sim.simulate(3, 6, executor=client.get_executor(), **options)
    pd.testing.assert_frame_equal(spread.to_frame(), sim.simulate(3, 6, **options).to_frame())


def test_pairwise_tests_offer_their_valid_adjustments_only() -> None:
    frame = sim.simulate(
        [0, 0, 1, 1], 8, n_replications=10, tests=["wilcoxon", "sign"], random_state=5, chunk_size=5
    ).to_frame()
    assert set(frame.index) == {
        (c, t, m)
        for t in ("wilcoxon", "sign")
        for c in ("control", "all_pairs")
        for m in procedures.after_pairwise(c)
        if m in procedures.defaults(c)  # the others are simulated when named
    }


def test_truth_of_partial_nulls() -> None:
    frame = sim.simulate(
        [0, 0, 2, 2, 5],
        10,
        n_replications=20,
        procedures=["holm"],
        tests=["friedman"],
        random_state=1,
    ).to_frame()
    assert frame.loc[("omnibus", "friedman", "friedman"), "true_nulls"] == 0
    assert frame.loc[("control", "friedman", "holm"), "true_nulls"] == 1  # control 0 vs 1
    assert frame.loc[("all_pairs", "friedman", "holm"), "true_nulls"] == 2  # (0,1), (2,3)
    assert frame.loc[("all_pairs", "friedman", "holm"), "hypotheses"] == 10


def _within(rate: float, se: float, target: float, width: float = 4.0) -> bool:
    return abs(rate - target) <= width * max(se, 1e-3)


def test_calibration_under_the_complete_null() -> None:
    """N = 20, k = 4, 3000 replications: the omnibus tests reject about alpha, the 1xN and
    all-pairs procedures that control the FWER stay below alpha + 3 Monte Carlo SEs."""
    result = sim.simulate(
        4,
        20,
        n_replications=3000,
        tests=["friedman", "aligned"],
        random_state=2026,
        method="asymptotic",  # the asymptotic forms (method="auto": test_permutation.py)
    )
    frame = result.to_frame()
    for name in ("friedman", "iman_davenport", "aligned"):
        row = frame.xs(name, level="procedure").iloc[0]
        assert _within(row["fwer"], row["fwer_se"], 0.05), name
    for (comparison, test, procedure), row in frame.iterrows():
        assert np.isnan(row["power_avg"]) and row["true_nulls"] == row["hypotheses"]
        if procedure != "li":
            assert row["fwer"] <= 0.05 + 3 * row["fwer_se"], (comparison, test, procedure)


def test_li_finner_and_a_control_chosen_after_seeing_the_data_exceed_alpha() -> None:
    """The measured violations of items 4 and 5 of issue 8 (seeded; 2000-3000 replications), quoted
    by multicomp.procedures.not_fwer_controlling and posthoc.CONTROL_REQUIRED."""
    finner = sim.simulate(
        [0] * 6 + [0.5] * 4,
        300,
        n_replications=2000,
        comparisons=["control"],
        tests=["friedman"],
        procedures=["holm", "finner"],
        random_state=7,
    ).to_frame()
    assert finner["fwer"].iloc[1] > 0.05 + 3 * finner["fwer_se"].iloc[1]  # 5 true nulls of 9
    assert finner["fwer"].iloc[0] <= 0.05 + 3 * finner["fwer_se"].iloc[0]
    li = sim.simulate(
        5,
        20,
        n_replications=3000,
        comparisons=["control"],
        tests=["friedman"],
        procedures=["holm", "li"],
        random_state=8,
    ).to_frame()
    assert li["fwer"].iloc[1] > 0.05 + 3 * li["fwer_se"].iloc[1]
    assert li["fwer"].iloc[0] <= 0.05 + 3 * li["fwer_se"].iloc[0]
    best = sim.simulate(
        8,
        20,
        n_replications=3000,
        comparisons=["control"],
        tests=["friedman"],
        procedures=["holm"],
        control="best",
        random_state=9,
    ).to_frame()
    assert best["fwer"].iloc[0] > 0.05 + 4 * best["fwer_se"].iloc[0]


def test_power_grows_with_the_effect_and_follows_the_papers_order() -> None:
    effects = [0, 0.4, 0.8, 1.2, 1.6]
    frame = sim.simulate(
        effects,
        15,
        n_replications=400,
        comparisons=["all_pairs"],
        tests=["friedman"],
        random_state=3,
    ).to_frame()
    power = frame.xs("friedman", level="test")["rejections"]
    order = ["bergmann_hommel", "shaffer", "holm", "bonferroni"]  # G08's Nemenyi: m p
    assert all(
        power[("all_pairs", a)] >= power[("all_pairs", b)] for a, b in itertools.pairwise(order)
    )
    stronger = sim.simulate(
        [2 * e for e in effects],
        15,
        n_replications=400,
        comparisons=["all_pairs"],
        tests=["friedman"],
        procedures=["holm"],
        random_state=3,
    ).to_frame()
    assert (
        stronger["power_avg"].iloc[0] > power[("all_pairs", "holm")] / 10 + frame["power_avg"].min()
    )


def test_progress_shows_tqdm_bar(capsys: pytest.CaptureFixture[str]) -> None:
    """Progress through the package's one display (multicomp._internal.work.progress: tqdm's auto
    bar, after a second), and none with progress=False."""
    from multicomp._internal import work as _work

    delay = _work.PROGRESS_DELAY
    _work.PROGRESS_DELAY = 0.0  # displayed at once
    try:
        sim.simulate(3, 5, n_replications=50, chunk_size=10, comparisons=["omnibus"])
        assert "multicomp.simulate (chunks)" in capsys.readouterr().err
        sim.simulate(
            3, 5, n_replications=50, chunk_size=10, comparisons=["omnibus"], progress=False
        )
        assert capsys.readouterr().err == ""
    finally:
        _work.PROGRESS_DELAY = delay
    with pytest.raises(TypeError, match="progress must be True or False"):
        sim.simulate(3, 5, n_replications=10, progress=None)  # type: ignore[arg-type]


def test_a_long_study_is_refused_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22.6: 1,000,000 replications at N <= 16 (permutation p-values, 9,999 resamples
    per table and test) would run for most of an hour; refused before any table is drawn,
    naming its estimated time and the option that allows it."""

    def nothing_runs(*args: object) -> None:
        raise AssertionError("a table was drawn")

    with monkeypatch.context() as patched:
        patched.setattr(run, "run_chunk", nothing_runs)
        with pytest.raises(
            ValueError,
            match=r"1,000,000 replications of N = 16 .* about \d+ min of CPU, .*"
            r"max_work=210,000,000,000 allows; pass max_work=",
        ):
            sim.simulate(5, 16, n_replications=1_000_000)
    # the estimate prices each route (benches/RESULTS-simulate-calibration.md), in permuted
    # scores; asymptotic p-values need a small part of it
    spec = _spec((0.0,) * 5, 16)
    assert model.work(spec, 100_000) == model.seconds(spec, 100_000) / model.COSTS.permuted
    asymptotic = _spec((0.0,) * 5, 16, method="asymptotic")
    assert model.work(asymptotic, 100_000) < model.work(spec, 100_000) / 10
    result = sim.simulate(3, 5, n_replications=20, max_work=1e12, random_state=1)
    assert result.n_replications == 20
    with pytest.raises(ValueError, match="max_work=1,000 allows"):
        sim.simulate(3, 5, n_replications=20, max_work=1_000)
    with pytest.raises(ValueError, match="max_work must be a finite number >= 0"):
        sim.simulate(3, 5, n_replications=20, max_work=-1)


def test_str_and_conditions() -> None:
    result = sim.simulate([0, 0, 1], 5, n_replications=20, comparisons=["omnibus"], random_state=4)
    text = str(result)
    assert "N = 5, k = 3" in text and "20 replications" in text and "iman_davenport" in text
    assert result.entropy == 4 and result.n_algorithms == 3
    assert result.fwer.index.names == ["comparison", "test", "procedure"]


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        ((1, 5), {}, ValueError, "2 to 1000 algorithms"),
        (([0, np.nan], 5), {}, ValueError, "finite"),
        ((["a", "b"], 5), {}, TypeError, "numbers"),
        ((3, 1), {}, ValueError, "n_datasets must be in \\[2, "),
        ((3, 5.0), {}, TypeError, "n_datasets must be an integer"),
        ((3, 5), {"n_replications": 0}, ValueError, "n_replications must be in \\[1, "),
        ((3, 5), {"chunk_size": 10**9}, ValueError, "chunk_size must be in \\[1, "),
        ((3, 5), {"comparisons": ["pairs"]}, ValueError, "comparisons must be one of"),
        ((3, 5), {"tests": ["anova"]}, ValueError, "tests must be one of"),
        ((3, 5), {"procedures": ["tukey"]}, ValueError, "procedures must be one of"),
        ((3, 5), {"noise": "gaussian"}, ValueError, "noise must be one of"),
        ((3, 5), {"control": 3}, ValueError, "control must be"),
        ((3, 5), {"control": "first"}, ValueError, "control must be"),
        ((3, 5), {"alpha": 1.5}, ValueError, "alpha"),
        ((3, 5), {"scale_spread": -1}, ValueError, "scale_spread"),
        ((3, 5), {"decimals": 1.5}, TypeError, "decimals"),
        ((3, 5), {"random_state": "x"}, TypeError, "random_state"),
        ((3, 5), {"se": "paper"}, ValueError, "se must be one of"),
        ((3, 5), {"monotone": "yes"}, TypeError, "monotone"),
        ((10, 5), {"rom": "garcia2010", "procedures": ["rom"]}, ValueError, "k <= 8"),
        ((21, 5), {"procedures": ["bergmann_hommel"]}, ValueError, r"largest k \(20\)"),
        (
            (3, 5),
            {"custom": {"c": ("control", _never)}, "control": "best"},
            ValueError,
            "not 'best'",
        ),
        ((3, 5), {"custom": {"c": _never}}, TypeError, "pair"),
        ((3, 5), {"comparisons": []}, ValueError, "no procedure"),
    ],
)
def test_bad_arguments_are_named_before_any_work(
    args: tuple, kwargs: dict, error: type, match: str
) -> None:
    with pytest.raises(error, match=match):
        sim.simulate(*args, **kwargs)


def test_noise_function_and_its_shape() -> None:
    def laplace(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
        return rng.laplace(size=shape) / np.sqrt(2)

    result = sim.simulate(
        3, 5, n_replications=20, noise=laplace, comparisons=["omnibus"], random_state=1
    )
    assert result.noise == "laplace"
    with pytest.raises(ValueError, match="noise"):
        sim.simulate(
            3,
            5,
            n_replications=20,
            noise=lambda rng, shape: rng.standard_normal(3),
            comparisons=["omnibus"],
        )


def test_user_guide_simulation_example_runs() -> None:
    from readme import GUIDE, page_blocks

    first, spread = page_blocks("python", GUIDE / "simulation.md")
    namespace: dict[str, object] = {}
    exec(compile(first, "simulation.md", "exec"), namespace)
    assert isinstance(namespace["alt"], sim.SimulationResult)
    assert "client.get_executor()" in spread  # the Dask form; its cluster is tested above


def test_user_guide_shows_the_committed_validity_table() -> None:
    """benches/validity.py writes the table into docs/validity.md, which the user guide's page
    includes after the title and date line."""
    from readme import GUIDE

    table = (GUIDE.parent / "validity.md").read_text(encoding="utf-8")
    assert table.count("\n| ") > 40 and "replications per scenario" in table
    assert table.splitlines()[2].startswith("Generated by `benches/validity.py`")
    page = (GUIDE / "validity.md").read_text(encoding="utf-8")
    assert "```{include} ../validity.md\n:start-line: 2\n```" in page


def test_a_procedure_beyond_its_limit_is_left_out_by_default() -> None:
    """The one rule (multicomp.procedures.plan): G10's Rom coefficients stop at k = 8, so by
    default Rom is left out at k = 10; asked for, it is an error (above)."""
    result = mc.simulate(10, 5, comparisons="control", rom="garcia2010", n_replications=20)
    procedures = result.to_frame().index.get_level_values("procedure")
    assert "rom" not in procedures and "holm" in procedures


def test_the_default_limit_admits_a_routine_study() -> None:
    """Issue 31.3: simulate(5, 10, n_replications=2000) runs by default (its estimate is a
    few seconds of CPU; it was refused as 6e9 permuted scores at 30 ns each)."""
    spec = _spec((0.0,) * 5, 10)
    assert model.work(spec, 2_000) < MAX_SIMULATION_WORK
    assert model.seconds(spec, 2_000) < 10
    assert MAX_SIMULATION_WORK * model.COSTS.permuted == pytest.approx(90, rel=0.05)


#: Shapes of each route: Monte Carlo draws (k = 5, N = 10), exact enumerations (k = 3,
#: N = 12), the asymptotic statistics and adjustments (N = 30), pairwise tests.
ROUTES = [
    (5, 10, 100, {}),
    (3, 12, 15, {}),
    (10, 30, 500, {}),
    (5, 20, 10, {"tests": ("wilcoxon",), "comparisons": ("all_pairs",)}),
]


def test_the_work_estimate_prices_every_route_alike() -> None:
    """Issue 31.3: the estimate of each route follows its measured time within a factor of 3.
    Timed, but robust on a shared machine: CPU time of this process (not wall time), small
    runs of about 0.2 s after a warm-up, each route's CPU time per estimated second taken
    against the routes' median (the speed of this machine now, which a faster, slower or
    loaded machine scales alike; benches/RESULTS-simulate-calibration.md records the absolute
    figures)."""
    ratios = _route_ratios(1)
    middle = float(np.median(ratios))
    assert all(middle / 3 < ratio < 3 * middle for ratio in ratios), ratios


def _route_ratios(seed: int) -> list[float]:
    """The CPU seconds of each route of :data:`ROUTES` per second of its estimate."""
    ratios = []
    for k, n, reps, options in ROUTES:
        chosen: dict[str, Any] = {"comparisons": sim.COMPARISONS, "tests": Z_TESTS, **options}
        spec = model.specify(
            k, n, chosen["comparisons"], chosen["tests"], None, 0, 0.05, "normal", 0.0, None,
            None, PosthocOptions(), True,
        )[0]  # fmt: skip
        run = {"n_replications": reps, "progress": False, "random_state": seed, **options}
        sim.simulate(k, n, **{**run, "n_replications": 2})  # warm-up: imports, caches
        start = time.process_time()
        sim.simulate(k, n, **run)
        ratios.append((time.process_time() - start) / model.seconds(spec, reps))
    return ratios
