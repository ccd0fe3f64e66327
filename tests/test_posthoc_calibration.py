"""Type I error of the aligned-ranks and Quade post-hoc z tests under the null, per candidate SE.

Scores are i.i.d. normal (no algorithm differs); every non-control algorithm is compared with
algorithm 0 by the two-sided z test at alpha = 0.05. Aligned-ranks candidates (G10 = Garcia
et al. 2010):

* calibrated (default): the permutation SE of multicomp._internal.ranks.permutation_se;
* garcia2010: sqrt(k(kn+1)/6), used for G10 Table 10 (about sqrt((k-1)/k) too small);
* misprint: sqrt(k(n+1)/6), as G10 eq. (21) prints it;
* ddof1: the calibrated formula with sample variances (ddof = 1), which would be conservative.

Quade candidates: calibrated (default; the permutation SE given each data set's ranks, without
ties sqrt(k(k+1)(2N+1)/(9N(N+1)))) and garcia2010 (G10 eq. 22, sqrt((k-1)/2) times that).

Run ``pytest tests/test_posthoc_calibration.py -s`` to see the rates.
"""

import numpy as np
import pytest
from scipy import stats
from scipy.stats import rankdata

import multicomp as mc
from multicomp import ranktests
from multicomp._internal import ranks as _ranks

ALPHA = 0.05
REPS = 10_000
# Monte Carlo SE of a rate near 0.05 from REPS replicates is about 0.0022 (comparisons within a
# replicate are positively correlated, so this bounds it); allow about 4.5 of those.
TOLERANCE = 0.01


def _null_sample(n: int, k: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal((REPS, n, k))


def _aligned_ranks(x: np.ndarray) -> np.ndarray:
    """Aligned ranks of each (n, k) table of x (1 = largest); no ties in continuous data."""
    reps, n, k = x.shape
    aligned = (x - x.mean(axis=2, keepdims=True)).reshape(reps, n * k)
    return (np.argsort(np.argsort(-aligned, axis=1), axis=1) + 1.0).reshape(reps, n, k)


def _null_rejection_rates(n: int, k: int, seed: int) -> dict[str, float]:
    ranks = _aligned_ranks(_null_sample(n, k, seed))
    difference = ranks.mean(axis=1)[:, 1:] - ranks.mean(axis=1)[:, :1]
    critical = stats.norm.isf(ALPHA / 2)
    candidates = {
        "calibrated": _ranks.permutation_se(ranks),
        "ddof1": np.sqrt(2.0 * k / (k - 1) * ranks.var(axis=2, ddof=1).sum(axis=1) / n**2),
        "garcia2010": np.full(REPS, ranktests.get("aligned").se["garcia2010"](None, k, n)),
        "misprint": np.full(REPS, np.sqrt(k * (n + 1) / 6.0)),
    }
    return {
        name: float(np.mean(np.abs(difference / se[:, None]) > critical))
        for name, se in candidates.items()
    }


@pytest.mark.parametrize(("n", "k", "seed"), [(20, 4, 20260), (30, 5, 20261), (24, 4, 20262)])
def test_calibrated_se_holds_alpha_and_the_papers_does_not(n: int, k: int, seed: int) -> None:
    rates = _null_rejection_rates(n, k, seed)
    print(f"n={n} k={k} rejection rates at alpha={ALPHA}: {rates}")
    assert abs(rates["calibrated"] - ALPHA) < TOLERANCE
    assert rates["garcia2010"] > ALPHA + 2 * TOLERANCE  # anti-conservative (about 0.08)
    assert rates["misprint"] > 0.3  # badly anti-conservative
    assert rates["ddof1"] < ALPHA - TOLERANCE  # the other variance convention is conservative


def test_the_default_posthoc_uses_the_calibrated_candidate() -> None:
    """The rates above are those of multicomp's default aligned post-hoc, not only of a formula."""
    sample = _null_sample(20, 4, 20260)[:5]
    for x, ranks in zip(sample, _aligned_ranks(sample)):
        np.testing.assert_array_equal(mc.friedman_aligned_ranks(x).aligned_ranks.to_numpy(), ranks)
        default = mc.posthoc_control(x, control=0, test="aligned")
        assert default.se == pytest.approx(float(_ranks.permutation_se(ranks)), rel=1e-12)
        assert default.se > mc.posthoc_control(x, control=0, test="aligned", se="garcia2010").se


def test_calibrated_se_matches_the_permutation_variance_exactly() -> None:
    """Enumerate all within-row permutations of a small table of aligned ranks."""
    import itertools

    ranks = np.array([[1.0, 4.0, 6.0], [2.0, 5.0, 9.0]])  # n = 2, k = 3
    diffs = []
    for p0 in itertools.permutations(ranks[0]):
        for p1 in itertools.permutations(ranks[1]):
            table = np.array([p0, p1])
            diffs.append(table.mean(axis=0)[1] - table.mean(axis=0)[0])
    assert np.mean(diffs) == pytest.approx(0.0, abs=1e-12)
    assert float(_ranks.permutation_se(ranks)) == pytest.approx(np.sqrt(np.var(diffs)), rel=1e-12)


# --- Quade ---------------------------------------------------------------------------------

QUADE_REPS = 4_000
# Monte Carlo SE of a rate near 0.05 from 4,000 replicates: 0.0034; allow about 4 of those.
QUADE_TOLERANCE = 0.014


def _quade_rows(x: np.ndarray) -> np.ndarray:
    """W_ij = Q_i r_ij of each (n, k) table of x (r: 1 = largest; Q: 1 = smallest range)."""
    r = rankdata(-x, axis=-1)
    q = rankdata(x.max(axis=-1) - x.min(axis=-1), axis=-1)
    return q[..., None] * r


@pytest.mark.parametrize("ties", [False, True], ids=["continuous", "rounded"])
@pytest.mark.parametrize(("k", "seed"), [(2, 8102), (3, 8103), (5, 8105)])
def test_quade_calibrated_se_holds_alpha_and_eq22_does_not(k: int, seed: int, ties: bool) -> None:
    """Issue 8.1: with G10 eq. (22) the Quade post-hoc rejected 0.177 at k = 2 and 0.007 at
    k = 5 (N = 30); the permutation SE holds alpha, with and without ties."""
    n = 30
    x = np.random.default_rng(seed).standard_normal((QUADE_REPS, n, k))
    if ties:
        x = np.round(x)  # about 40 % of the pairs of a row tie; ranges tie too
    w = _quade_rows(x)
    total = n * (n + 1) / 2.0
    difference = w.sum(axis=1)[:, 1:] / total - w.sum(axis=1)[:, :1] / total
    critical = stats.norm.isf(ALPHA / 2)
    se = {
        "calibrated": _ranks.permutation_se(w, total),
        "garcia2010": ranktests.get("quade").se["garcia2010"](None, k, n),
    }
    rates = {
        name: float(np.mean(np.abs(difference / np.reshape(s, (-1, 1))) > critical))
        for name, s in se.items()
    }
    print(f"quade n={n} k={k} ties={ties} rejection rates at alpha={ALPHA}: {rates}")
    assert abs(rates["calibrated"] - ALPHA) < QUADE_TOLERANCE
    if k == 2:
        assert rates["garcia2010"] > 0.12
    elif k == 5:
        assert rates["garcia2010"] < 0.02
    for x_one, w_one in zip(x[:3], w[:3]):  # the default post-hoc uses exactly this SE
        default = mc.posthoc_control(x_one, control=0, test="quade")
        assert default.options["se"] == "calibrated"
        assert default.se == pytest.approx(float(_ranks.permutation_se(w_one, total)), rel=1e-12)


def test_quade_se_matches_the_permutation_variance_with_ties_exactly() -> None:
    """Enumerate every within-row permutation of a small tied table: the ranges (so Q_i) stay,
    and the variance of T_1 - T_0 is the ties formula 2k/(k-1) sum_i Q_i^2 v_i / (N(N+1)/2)^2."""
    import itertools

    x = np.array([[1.0, 1.0, 3.0], [0.0, 2.0, 2.0], [5.0, 1.0, 0.0]])
    n, k = x.shape
    diffs = []
    for rows in itertools.product(*(itertools.permutations(row) for row in x)):
        t = mc.quade(np.array(rows)).ranks.to_numpy()
        diffs.append(t[1] - t[0])
    se = mc.posthoc_control(x, control=0, test="quade").se
    assert np.mean(diffs) == pytest.approx(0.0, abs=1e-12)
    assert se == pytest.approx(np.sqrt(np.var(diffs)), rel=1e-12)
    no_ties = ranktests.get("quade").se["calibrated"](None, k, n)
    assert se < no_ties  # ties shrink the permutation SE
