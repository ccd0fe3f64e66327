"""Conover's post-hocs after Friedman's and Quade's tests, as registered rank tests: the
differences of rank totals over the standard error from the rank analysis of variance, referred
to Student's t with (N-1)(k-1) degrees of freedom (Conover 1999, Sec. 5.8, pp. 371 and 375;
R's PMCMRplus ``frdAllPairsConoverTest`` and ``quadeAllPairsTest``, scikit-posthocs
``posthoc_conover_friedman`` and ``posthoc_quade``).

``"conover"``: W = the Friedman ranks r_ij; A1 = sum r_ij^2, C1 = Nk(k+1)^2/4,
S^2 = (A1 - C1)/(k-1), and Conover's T2 = (N-1)T1/(N(k-1) - T1) (T1 = Friedman's tie-corrected
statistic, so T2 is Iman-Davenport's F) ~ F(k-1, (k-1)(N-1)). Two rank sums differ when
|R_i - R_j| / sqrt(2(N(k-1)S^2 - sum_j (R_j - N(k+1)/2)^2) / ((N-1)(k-1))) exceeds the t
quantile.

``"quade_conover"``: W = Q_i r_ij as Quade's test; its omnibus statistic is Quade's F;
S_ij = Q_i(r_ij - (k+1)/2), A = sum S_ij^2, B = sum_j S_j^2 / N, and two algorithms differ when
|S_i - S_j| / sqrt(2N(A - B)/((N-1)(k-1))) exceeds the t quantile.

Both standard errors estimate the error of the data from the residual of the rank analysis of
variance. After Friedman it shrinks when the algorithms differ: with one pair equal and the
others far apart a pair's within-data-set rank difference is +-1 (variance 1) while the pooled
residual variance is about 1/(2(k - 1)) per data set, so the step-wise procedures' last step
rejects the equal pair with probability tending to 2 Phi(-z_(1-alpha/2)/sqrt(k-1)) (0.33 at
k = 5, 0.51 at k = 10, 0.65 at k = 20). Measured at alpha = 0.05 (``benches/RESULTS-conover.md``,
4,000 tables, N = 20, effects 0, 0, 4, 8, ..., 32): family-wise error 0.49 (k = 10) and 0.50
(k = 20) with Holm, Shaffer and Bergmann-Hommel, 0.26 and 0.36 with Nemenyi's studentized
range; with a control 0.49 with Holm, Hochberg and Hommel and up to 0.39 with Bonferroni-Dunn.
So ``"conover"``'s post-hocs compute only the procedures named, for reproducing R's PMCMRplus
and scikit-posthocs, and print :data:`NOT_FWER` in every result and report. Quade's weights keep
its SE large under such spread effects (at most 0.026 measured over five partial nulls, 1,000
tables each; 0.039 in the earlier measurement below), so ``"quade_conover"`` computes the
defaults. Under the complete null (k = 5, N = 20) both hold alpha: 0.045 (Conover after
Friedman, all pairs, Holm) and 0.040 (after Quade); with A = B and eight others far better
(k = 10, N = 20) Holm rejects a true null in 0.091 +- 0.005 of the tables after Friedman. They
need each data set's ranks (not ``ranks=``); with ``method="auto"`` the post-hoc uses the t
distribution at every N (the omnibus test follows ``method`` as usual). Single-step forms:
``"nemenyi"`` is P(Q_{k,inf} >= sqrt(2) Phi^{-1}(1 - p/2)), the studentized range with infinite
degrees of freedom at the normal deviate of the t test's two-sided p-value p, which is the
closest to alpha under the complete null (0.028 to 0.053 for N = 3 to 30, k = 3 to 20, 20,000
tables each, except 0.062 at N = 4, k = 4, where Tukey's form on (N-1)(k-1) df is 0.062 too and
0.096 at N = 5, k = 3; ``benches/sim_conover_single_step.py``); ``"single_step"`` is the peers' P(Q_{k,inf} >=
sqrt(2) |t|) (PMCMRplus ``frdAllPairsConoverTest(p.adjust.method="single-step")``,
scikit-posthocs ``posthoc_conover_friedman(p_adjust="single-step")``), which ignores the t
statistic's degrees of freedom and is liberal (0.19 at N = 3, k = 3; 0.096 at N = 5, k = 5;
0.073 at N = 10, k = 5). The step-wise procedures (e.g. Holm) read the t p-values themselves.

References: Conover (1999), Practical Nonparametric Statistics, 3rd ed., Wiley; Conover & Iman
(1979), On multiple-comparisons procedures, Los Alamos Tech. Rep. LA-7677-MS.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from multicomp._internal.ranks import friedman_ranks
from multicomp.ranktests import friedman, quade
from multicomp.ranktests.base import RankTest, register

if TYPE_CHECKING:
    import numpy as np

__all__: list[str] = []

#: Why Conover's post-hocs need the data.
_NEEDS_DATA = (
    "Conover's post-hoc estimates its standard error from each data set's ranks: pass the "
    "data, not ranks="
)


#: Why Conover's post-hocs are computed only with the procedures named, in every output.
NOT_FWER = (
    "Conover's t tests do not control the family-wise error: their standard error shrinks "
    "when the other algorithms differ, so under a partial null (one pair equal, the others far "
    "apart) the equal pair is rejected with probability tending to "
    "2 Phi(-z_(1-alpha/2) / sqrt(k - 1)) (0.33 at k = 5, 0.51 at k = 10, 0.65 at k = 20); "
    "measured at alpha = 0.05 (N = 20, effects 0, 0, 4, 8, ..., 32): FWER 0.49 at k = 10 and "
    "0.50 at k = 20 with Holm, Shaffer, Bergmann-Hommel (and, with a control, Holm, Hochberg, "
    "Hommel), 0.26 and 0.36 with Nemenyi's studentized range, 0.39 with Bonferroni-Dunn "
    "(N = 16, k = 10); they are kept for reproducing PMCMRplus and scikit-posthocs: use "
    "test='friedman' or 'quade' for a valid family-wise error (benches/RESULTS-conover.md)"
)


def _df(n: int, k: int) -> float:
    return float((n - 1) * (k - 1))


def _friedman_se(w: np.ndarray | None, k: int, n: int) -> np.ndarray:
    """The SE of a difference of average Friedman ranks, from W (..., N, k)."""
    import numpy as np

    if w is None:
        raise ValueError(_NEEDS_DATA)
    s2 = (np.sum(w**2, axis=(-2, -1)) - n * k * (k + 1) ** 2 / 4.0) / (k - 1)
    spread = np.sum((w.sum(axis=-2) - n * (k + 1) / 2.0) ** 2, axis=-1)
    variance = 2.0 * (n * (k - 1) * s2 - spread) / _df(n, k)
    return np.asarray(np.sqrt(np.maximum(variance, 0.0)) / n)


def _quade_se(w: np.ndarray | None, k: int, n: int) -> np.ndarray:
    """The SE of a difference of Quade's T_j = W_j/(N(N+1)/2), from W_ij = Q_i r_ij."""
    import numpy as np

    if w is None:
        raise ValueError(_NEEDS_DATA)
    q = w.sum(axis=-1, keepdims=True) / (k * (k + 1) / 2.0)  # Q_i, exact
    s = w - q * (k + 1) / 2.0
    a = np.sum(s**2, axis=(-2, -1))
    b = np.sum(s.sum(axis=-2) ** 2, axis=-1) / n
    variance = 2.0 * n * (a - b) / _df(n, k)
    return np.asarray(np.sqrt(np.maximum(variance, 0.0)) / (n * (n + 1) / 2.0))


def _friedman_f(w: np.ndarray, tie_correction: bool) -> np.ndarray:
    n, k = w.shape[-2:]
    return friedman.iman_davenport_f(friedman.chi2(w, tie_correction), n, k)


CONOVER = register(
    RankTest(
        name="conover",
        display="Conover F",
        ranks_name="Friedman ranks (Conover's t tests)",
        rank_label="average_rank",
        table=friedman_ranks,
        statistic=_friedman_f,
        distribution="F",
        df=lambda n, k: (k - 1, (k - 1) * (n - 1)),
        total=float,
        unit=lambda n: 2.0 * n,
        top=lambda k, n: float(k),
        se={"calibrated": _friedman_se},
        kernel=True,  # S-monotone statistic of quarter-unit ranks
        posthoc_df=_df,
        not_fwer=NOT_FWER,
    )
)
QUADE_CONOVER = register(
    RankTest(
        name="quade_conover",
        display="Quade F",
        ranks_name="Quade ranks (Conover's t tests)",
        rank_label="T",
        table=quade.table,
        statistic=quade.QUADE.statistic,
        distribution="F",
        df=lambda n, k: (k - 1, (k - 1) * (n - 1)),
        total=lambda n: n * (n + 1) / 2.0,
        unit=lambda n: 2.0 * n * (n + 1),
        top=lambda k, n: float(k),
        se={"calibrated": _quade_se},
        kernel=True,  # S-monotone statistic of quarter-unit ranks
        posthoc_df=_df,
    )
)
