"""The Bayesian Plackett-Luce ranking (issue 24, item 3): the Gibbs sampler of the Rust core
against the exact posterior by numerical integration (k = 3), simulation-based calibration,
properties (relabelling, monotone transforms, probabilities that add up), input checks,
the result's views and plot, and the docstrings' examples."""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Callable
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import multicomp as mc
from multicomp._core import plackett_luce_gibbs
from multicomp.cli import main
from multicomp.plotting import ranking as ranking_plot
from multicomp.ranking import plackett_luce

matplotlib.use("Agg")

# --- the exact posterior at k = 3 ---------------------------------------------------------


def weak_order_scores(blocks_per_dataset: list[tuple[tuple[int, ...], ...]]) -> np.ndarray:
    """Scores (higher better) whose rankings are the given weak orders: each data set lists
    its tie blocks from best to worst."""
    scores = np.zeros((len(blocks_per_dataset), 3))
    for i, blocks in enumerate(blocks_per_dataset):
        for level, block in enumerate(blocks):
            scores[i, list(block)] = -level
    return scores


def simplex_grid(n: int) -> tuple[np.ndarray, float]:
    """Centroids of the 2 n^2 equal triangles of the simplex {p >= 0, sum p = 1} in k = 3
    (the centroid rule, error O(1/n^2)), as rows (p1, p2, p3), and the cells' common area
    in the (p1, p2) plane."""
    i, j = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    lower = i + j <= n - 1
    upper = i + j <= n - 2
    p1 = np.concatenate(((i[lower] + 1 / 3) / n, (i[upper] + 2 / 3) / n))
    p2 = np.concatenate(((j[lower] + 1 / 3) / n, (j[upper] + 2 / 3) / n))
    return np.column_stack((p1, p2, 1 - p1 - p2)), 0.5 / n**2


def exact_posterior(
    blocks_per_dataset: list[tuple[tuple[int, ...], ...]], prior: float, n: int = 600
) -> dict[str, np.ndarray]:
    """Posterior mean and sd of the weights, P(best) and P(w_a > w_b) by integration over the
    simplex: Dirichlet(prior) times, per data set, the sum of the Plackett-Luce probabilities
    of the orders consistent with its ties."""
    p, _ = simplex_grid(n)
    log_post = (prior - 1) * np.log(p).sum(axis=1)
    for blocks in blocks_per_dataset:
        position = {a: level for level, block in enumerate(blocks) for a in block}
        likelihood = np.zeros(len(p))
        for perm in itertools.permutations(range(3)):
            if all(position[perm[j]] <= position[perm[j + 1]] for j in range(2)):
                w = p[:, list(perm)]
                likelihood += w[:, 0] / w.sum(axis=1) * w[:, 1] / (w[:, 1] + w[:, 2])
        log_post += np.log(likelihood)
    weight = np.exp(log_post - log_post.max())
    weight /= weight.sum()
    mean = weight @ p
    return {
        "mean": mean,
        "sd": np.sqrt(weight @ (p - mean) ** 2),
        "p_best": np.array([weight[np.argmax(p, axis=1) == a].sum() for a in range(3)]),
        "p_better": np.array([[weight @ (p[:, a] > p[:, b]) for b in range(3)] for a in range(3)]),
    }


def batch_se(values: np.ndarray, batches: int = 80) -> np.ndarray:
    """Monte Carlo standard error of the mean of each column by batch means (autocorrelated
    draws)."""
    usable = values[: len(values) // batches * batches]
    means = usable.reshape(batches, -1, *values.shape[1:]).mean(axis=1)
    return np.asarray(means.std(axis=0, ddof=1) / np.sqrt(batches))


EXACT_CASES = {
    "no ties, uniform prior": (
        [
            ((0,), (1,), (2,)),
            ((0,), (2,), (1,)),
            ((1,), (0,), (2,)),
            ((0,), (1,), (2,)),
            ((2,), (0,), (1,)),
        ],
        1.0,
    ),
    "ties, Dirichlet(2) prior": (
        [((0,), (1, 2)), ((0, 1), (2,)), ((1,), (0,), (2,)), ((0, 1, 2),), ((2,), (0,), (1,))],
        2.0,
    ),
    "two rankings, Dirichlet(0.5) prior": ([((2,), (1,), (0,)), ((2,), (0,), (1,))], 0.5),
}


@pytest.mark.parametrize("case", sorted(EXACT_CASES))
def test_gibbs_sampler_matches_the_exact_posterior(case: str) -> None:
    blocks, prior = EXACT_CASES[case]
    exact = exact_posterior(blocks, prior)
    result = mc.bayesian_ranking(
        weak_order_scores(blocks), prior=prior, n_draws=40_000, n_burn=200, random_state=3
    )
    draws = result.samples
    # 5 Monte Carlo standard errors plus the grid's error (about 1e-5)
    np.testing.assert_array_less(np.abs(result.mean - exact["mean"]), 5 * batch_se(draws) + 1e-4)
    sd = draws.std(axis=0)
    np.testing.assert_array_less(
        np.abs(sd - exact["sd"]), 5 * batch_se((draws - draws.mean(0)) ** 2) / (2 * sd) + 1e-4
    )
    best = np.eye(3)[np.argmax(draws, axis=1)]
    np.testing.assert_array_less(np.abs(result.p_best - exact["p_best"]), 5 * batch_se(best) + 1e-4)
    better = (draws[:, :, None] > draws[:, None, :]).astype(float)
    np.testing.assert_array_less(
        np.abs(result.p_better - exact["p_better"]), 5 * batch_se(better) + 1e-4
    )


def test_the_exact_posterior_reproduces_a_closed_form() -> None:
    # One comparison-free check of the integration: with no data the posterior is the
    # Dirichlet(2) prior, mean 1/3, sd sqrt(a (K - a) / (K^2 (K + 1))) with K = 6.
    exact = exact_posterior([((0, 1, 2),)], prior=2.0)  # a full tie carries no information
    np.testing.assert_allclose(exact["mean"], 1 / 3, atol=1e-9)
    np.testing.assert_allclose(exact["sd"], np.sqrt(2 * 4 / (36 * 7)), rtol=1e-4)


# --- simulation-based calibration ---------------------------------------------------------


def simulate_rankings(
    rng: np.random.Generator, weights: np.ndarray, n: int, p_tie: float
) -> np.ndarray:
    """Scores of n data sets ranked by the Plackett-Luce model with ``weights`` (exponential
    race: the smallest time E / w ranks first), each adjacent pair of positions then tied
    with probability ``p_tie`` whatever the order (ties that say nothing about the weights)."""
    times = rng.exponential(size=(n, weights.size)) / weights
    order = np.argsort(times, axis=1)
    level = np.cumsum(
        np.concatenate((np.zeros((n, 1)), rng.random((n, weights.size - 1)) >= p_tie), axis=1),
        axis=1,
    )
    scores = np.empty((n, weights.size))
    np.put_along_axis(scores, order, -level, axis=1)
    return scores


SBC_K, SBC_N, SBC_PRIOR, SBC_DRAWS = 4, 8, 1.5, 19


def sbc_ranks(
    seed: int, p_tie: float, sample: Callable[[np.ndarray, np.random.Generator], np.ndarray]
) -> np.ndarray:
    """Ranks (replications x k) of the true weights among the posterior draws ``sample``
    returns for data simulated with weights from the Dirichlet(SBC_PRIOR) prior."""
    rng = np.random.default_rng(seed)
    ranks = np.empty((300, SBC_K), dtype=int)
    for r in range(len(ranks)):
        weights = rng.dirichlet(np.full(SBC_K, SBC_PRIOR))
        draws = sample(simulate_rankings(rng, weights, SBC_N, p_tie), rng)
        ranks[r] = (draws < weights).sum(axis=0)
    return ranks


def uniformity_pvalues(ranks: np.ndarray) -> np.ndarray:
    """Chi-square p-value of each column of ranks against the uniform on 0..SBC_DRAWS."""
    return np.array(
        [stats.chisquare(np.bincount(column, minlength=SBC_DRAWS + 1)).pvalue for column in ranks.T]
    )


def gibbs_draws(scores: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """SBC_DRAWS independent posterior draws: as many chains of one draw each."""
    result = mc.bayesian_ranking(
        scores, prior=SBC_PRIOR, n_draws=SBC_DRAWS, n_chains=SBC_DRAWS, n_burn=60, random_state=rng
    )
    return result.samples


@pytest.mark.parametrize("p_tie", [0.0, 0.3])
def test_simulation_based_calibration(p_tie: float) -> None:
    # Talts, Betancourt, Simpson, Vehtari & Gelman (2018), "Validating Bayesian inference
    # algorithms with simulation-based calibration", arXiv:1804.06788: with weights drawn from
    # the prior and data from the model, the rank of each true weight among L independent
    # posterior draws is uniform on 0..L. With p_tie > 0 adjacent positions are tied at
    # random whatever the order: the order within a tie is then unknown, as ties="integrate"
    # assumes.
    pvalues = uniformity_pvalues(sbc_ranks(20240, p_tie, gibbs_draws))
    assert np.all(pvalues > 0.001 / SBC_K), pvalues


def test_calibration_catches_ties_taken_at_face_value() -> None:
    # The same check has power: a sampler given the tied rankings as if their order (the
    # input order of the algorithms) were observed fails it.
    def face_value(scores: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        order = np.argsort(-scores, axis=1, kind="stable")
        return plackett_luce_gibbs(
            order,
            np.zeros(order.shape, dtype=bool),
            n_draws=SBC_DRAWS,
            n_chains=SBC_DRAWS,
            n_burn=60,
            prior=SBC_PRIOR,
            seed=int(rng.integers(2**63)),
        )

    assert uniformity_pvalues(sbc_ranks(5, 0.3, face_value)).min() < 1e-6


# --- properties -----------------------------------------------------------------------------

continuous_scores = st.tuples(st.integers(3, 8), st.integers(2, 7), st.integers(0, 2**32 - 1)).map(
    lambda t: np.random.default_rng(t[2]).normal(size=(t[0], t[1])) + np.arange(t[1]) * 0.3
)


@settings(max_examples=25)
@given(scores=continuous_scores, data=st.data())
def test_relabelling_the_algorithms_permutes_the_result(
    scores: np.ndarray, data: st.DataObject
) -> None:
    k = scores.shape[1]
    perm = np.array(data.draw(st.permutations(range(k))))
    a = mc.bayesian_ranking(scores, n_draws=400, n_burn=20)
    b = mc.bayesian_ranking(scores[:, perm], n_draws=400, n_burn=20)
    np.testing.assert_allclose(b.samples, a.samples[:, perm], rtol=1e-9)
    np.testing.assert_allclose(b.mean, a.mean[perm], rtol=1e-9)
    np.testing.assert_allclose(b.p_best, a.p_best[perm], atol=1e-12)
    np.testing.assert_allclose(b.p_better, a.p_better[np.ix_(perm, perm)], atol=1e-12)
    np.testing.assert_allclose(b.p_above, a.p_above[np.ix_(perm, perm)], rtol=1e-9)


@settings(max_examples=25)
@given(scores=continuous_scores, ties=st.sampled_from(["integrate", "random"]))
def test_probabilities_add_up(scores: np.ndarray, ties: str) -> None:
    scores = np.round(scores, 1)  # some ties
    result = mc.bayesian_ranking(scores, n_draws=200, n_burn=10, ties=ties)  # type: ignore[arg-type]
    k = scores.shape[1]
    off = 1 - np.eye(k)
    np.testing.assert_allclose(result.samples.sum(axis=1), 1.0)
    np.testing.assert_allclose(result.mean.sum(), 1.0)
    assert result.p_best.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(result.p_better + result.p_better.T, off)
    np.testing.assert_allclose(result.p_above + result.p_above.T, off)
    assert np.all((result.interval[:, 0] <= result.mean) & (result.mean <= result.interval[:, 1]))


@settings(max_examples=15)
@given(scores=continuous_scores)
def test_only_the_rankings_matter(scores: np.ndarray) -> None:
    a = mc.bayesian_ranking(scores, n_draws=100, n_burn=5)
    b = mc.bayesian_ranking(np.exp(3 * scores) + 7, n_draws=100, n_burn=5)
    c = mc.bayesian_ranking(-scores, n_draws=100, n_burn=5, higher_is_better=False)
    np.testing.assert_array_equal(a.samples, b.samples)
    np.testing.assert_array_equal(a.samples, c.samples)


def test_seeded_results_repeat_and_inputs_stay_untouched() -> None:
    scores = mc.load_example("garcia2010")
    before = scores.copy()
    a = mc.bayesian_ranking(scores, n_draws=500, random_state=11)
    b = mc.bayesian_ranking(scores, n_draws=500, random_state=np.random.default_rng(11))
    np.testing.assert_array_equal(a.samples, b.samples)
    assert not np.array_equal(
        a.samples, mc.bayesian_ranking(scores, n_draws=500, random_state=12).samples
    )
    pd.testing.assert_frame_equal(scores, before)
    assert not a.samples.flags.writeable


def test_random_tie_breaking_differs_from_integration_only_on_ties() -> None:
    no_ties = np.random.default_rng(0).normal(size=(10, 4))
    a = mc.bayesian_ranking(no_ties, n_draws=300, ties="random")
    b = mc.bayesian_ranking(no_ties, n_draws=300)
    np.testing.assert_array_equal(a.samples, b.samples)
    assert (a.n_ties, a.ties) == (0, "random")
    tied = np.array([[1, 1, 0], [2, 1, 1], [0, 1, 2]])
    assert mc.bayesian_ranking(tied, n_draws=50).n_ties == 2


def test_a_consistent_winner() -> None:
    scores = np.tile([3.0, 2.0, 1.0, 0.0], (30, 1))
    result = mc.bayesian_ranking(scores, n_draws=2000)
    assert result.p_best[0] > 0.99
    assert np.all(np.diff(result.mean) < 0)
    assert result.p_better[0, 1] > 0.99 and result.p_better[2, 3] > 0.9


# --- input checks ---------------------------------------------------------------------------

DATA = mc.load_example("demsar2006")


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"prior": 0.0}, ValueError, r"^prior must be a finite number > 0; got 0.0$"),
        ({"prior": "1"}, TypeError, r"^prior must be a finite number > 0; got '1'$"),
        ({"n_draws": 3}, ValueError, r"^n_draws must be >= 4; got 3$"),
        ({"n_chains": 0}, ValueError, r"^n_chains must be in \[1, 1,000\]; got 0$"),
        ({"n_burn": -1}, ValueError, r"^n_burn must be >= 0; got -1$"),
        (
            {"ties": "average"},
            ValueError,
            r"^ties must be one of 'integrate', 'random'; got 'average'$",
        ),
        ({"credible_level": 1.0}, ValueError, r"^credible_level must be in \(0, 1\); got 1.0$"),
        ({"n_draws": 10**9}, ValueError, r"exceeds 1e\+10 \(N = 14, k = 4\): use fewer draws$"),
    ],
)
def test_bad_arguments_are_refused_before_work(
    kwargs: dict[str, object], error: type, message: str
) -> None:
    with pytest.raises(error, match=message):
        mc.bayesian_ranking(DATA, **kwargs)  # type: ignore[arg-type]


def test_the_core_refuses_bad_rankings() -> None:
    settings_ = {"n_draws": 4, "n_chains": 1, "n_burn": 0, "prior": 1.0, "seed": 0}
    ok = np.zeros((1, 3), dtype=bool)
    with pytest.raises(ValueError, match=r"^invalid rankings: ranking 0 is not a permutation"):
        plackett_luce_gibbs(np.array([[0, 0, 1]]), ok, **settings_)
    with pytest.raises(ValueError, match=r"^invalid rankings: algorithm -1 is negative"):
        plackett_luce_gibbs(np.array([[0, -1, 1]]), ok, **settings_)
    with pytest.raises(ValueError, match=r"^invalid rankings: tied has shape"):
        plackett_luce_gibbs(np.array([[0, 2, 1]]), np.zeros((2, 3), dtype=bool), **settings_)
    with pytest.raises(ValueError, match=r"^k = 1: at least 2 algorithms"):
        plackett_luce_gibbs(np.array([[0]]), np.zeros((1, 1), dtype=bool), **settings_)


def test_missing_scores_follow_nan_policy() -> None:
    scores = mc.load_example("demsar2006").copy()
    scores.iloc[2, 1] = np.nan
    with pytest.raises(ValueError, match="nan_policy"):
        mc.bayesian_ranking(scores)
    result = mc.bayesian_ranking(scores, nan_policy="omit", n_draws=100)
    assert result.n_datasets == 13 and result.omitted == (scores.index[2],)
    assert "Omitted (a missing score)" in str(result)


# --- views and plot -------------------------------------------------------------------------


def test_views() -> None:
    result = mc.bayesian_ranking(DATA, n_draws=1000)
    frame = result.to_frame(sort=True)
    assert list(frame.columns) == ["mean", "lower", "upper", "p_best", "rhat"]
    assert frame["mean"].is_monotonic_decreasing
    assert list(result.to_frame().index) == list(result.algorithms)
    better = result.matrix("p_better")
    assert better.loc["C4.5+m", "C4.5"] == result.p_better[1, 0]
    assert result.matrix("p_above").shape == (4, 4)
    with pytest.raises(ValueError, match=r"^which must be one of 'p_better', 'p_above'"):
        result.matrix("p_best")  # type: ignore[arg-type]
    text = str(result)
    assert text.splitlines()[0].startswith("Bayesian Plackett-Luce ranking of 4 algorithms on 14")
    assert "95% interval" in text and "R-hat" in text and "tied scores" in text
    html = result._repr_html_()
    assert "<table" in html and "C4.5+m+cf" in html
    assert isinstance(result, mc.results.BayesianRankingResult)
    assert "BayesianRankingResult" not in mc.__all__
    assert np.all(np.abs(result.rhat - 1) < 0.05)


def test_plot_readable_at_fifty_algorithms() -> None:
    scores = pd.DataFrame(
        np.random.default_rng(0).normal(size=(30, 50)) + np.linspace(0, 2, 50),
        columns=[f"algorithm-{i:02d}" for i in range(50)],
    )
    result = mc.bayesian_ranking(scores, n_draws=400)
    figure = result.plot()
    ax = figure.axes[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert len(labels) == 50 and labels[0] == result.algorithms[int(np.argmax(result.mean))]
    assert figure.get_figheight() >= 0.2 * 50  # a row of at least 0.2 inch per algorithm
    assert ax.get_ylim()[0] > ax.get_ylim()[1]  # the best at the top
    with pytest.raises(TypeError, match=r"^result must be the result of bayesian_ranking"):
        ranking_plot.plot_ranking(mc.friedman(DATA))  # type: ignore[arg-type]


def test_rhat_flags_chains_that_disagree() -> None:
    agree = np.random.default_rng(0).random((400, 3))
    assert np.all(np.abs(plackett_luce.split_rhat(agree, 4) - 1) < 0.05)
    disagree = agree + np.repeat([0.0, 0.0, 0.0, 1.0], 100)[:, None]
    assert np.all(plackett_luce.split_rhat(disagree, 4) > 1.2)
    assert np.all(np.isnan(plackett_luce.split_rhat(agree[:12], 4)))


# --- renderers and the command line --------------------------------------------------------


def test_renderers() -> None:
    result = mc.bayesian_ranking(DATA, n_draws=500)
    assert str(result) == result.to_text()
    assert "| C4.5+m+cf |" in result.to_markdown()
    latex = result.to_latex()
    assert "\\begin{tabular}" in latex and "95\\% interval" in latex
    assert "<table>" in result.to_html() and "C4.5+m+cf" in result.to_html()
    csv = pd.read_csv(io.StringIO(result.to_csv()), index_col=0)
    pd.testing.assert_frame_equal(csv, result.to_frame(sort=True), check_names=False)
    parsed = json.loads(result.to_json())
    assert list(parsed) == list(result.to_frame(sort=True).index)
    assert parsed["C4.5"]["p_best"] == pytest.approx(result.p_best[0])


def test_command_line_ranking(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "ranking.png"
    args = ["--example", "demsar2006", "--ranking", "--random-state", "4", "--format", "markdown"]
    assert main([*args, "--plot", str(plot)]) == 0
    expected = mc.bayesian_ranking(DATA, random_state=4).to_markdown()
    assert capsys.readouterr().out == expected + "\n"
    assert plot.read_bytes()[:4] == b"\x89PNG"
    assert main(["--example", "demsar2006", "--ranking", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(mc.bayesian_ranking(DATA).to_json())
    for wrong in (["--control", "C4.5"], ["--bayesian", "sign"], ["--rope", "0.1"]):
        with pytest.raises(SystemExit) as status:
            main(["--example", "demsar2006", "--ranking", *wrong])
        assert status.value.code == 2
    assert "--ranking" in capsys.readouterr().err
