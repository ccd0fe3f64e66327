"""Critical difference of average ranks for the Nemenyi and Bonferroni-Dunn tests (Demsar 2006)."""

from __future__ import annotations

import math

import numpy as np
from scipy.stats import norm, studentized_range

from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_alpha, check_choice, check_count
from multicomp._internal.vocabulary import CD_PROCEDURES, CDProcedure

__all__ = ["critical_difference", "critical_difference_q"]

#: Smallest alpha for the Nemenyi q_alpha: at alpha = 1e-12 the quantile at 1 - alpha has an
#: upper tail of 0.99998e-12 (k = 3 to 50); at alpha = 1e-16 scipy returns 70.7 for k = 10.
MIN_ALPHA_NEMENYI = 1e-12
#: Largest k for the Nemenyi q_alpha: scipy's studentized range integrates accurately up to
#: here (checked for alpha from 1e-12 to 0.999); far beyond (k ~ 1e10) its quadrature fails.
MAX_K_NEMENYI = 100_000


@strict
def critical_difference_q(
    n_algorithms: int,
    alpha: float = 0.05,
    procedure: CDProcedure = "nemenyi",
) -> float:
    """The critical value q_alpha of Demsar (2006, Sec. 3.2.2 and Table 5) for k algorithms.

    Parameters
    ----------
    n_algorithms : int
        k, at least 2.
    alpha : float
        Significance level.
    procedure : {'nemenyi', 'bonferroni_dunn'}
        'nemenyi': q_alpha = q(1 - alpha; k, inf) / sqrt(2), the studentized range quantile
        with infinite degrees of freedom (scipy handles df = inf); 'bonferroni_dunn': the
        two-tailed normal quantile at alpha/(k-1), z_{1 - alpha/(2(k-1))}. Names in any case.

    Returns
    -------
    float
        q_alpha. Table 5(b) prints 2.724 at k = 9 and alpha = 0.05; the correct value is 2.734.

    Examples
    --------
    >>> import multicomp as mc
    >>> round(mc.critical_difference_q(4), 3)  # D06 Table 5(a): q_0.05 = 2.569
    2.569
    >>> round(mc.critical_difference_q(4, alpha=0.10, procedure="bonferroni_dunn"), 3)
    2.128
    """
    procedure = check_choice("procedure", procedure, CD_PROCEDURES)
    k = check_count(n_algorithms, "n_algorithms", 2)
    alpha = check_alpha(alpha)
    if procedure == "nemenyi":
        if k > MAX_K_NEMENYI:
            raise ValueError(
                f"n_algorithms = {k} is too many for the Nemenyi critical value (the "
                f"studentized range is computed accurately up to k = {MAX_K_NEMENYI}); "
                "use procedure='bonferroni_dunn'"
            )
        if alpha < MIN_ALPHA_NEMENYI:
            raise ValueError(
                f"alpha = {alpha!r} is too small for the Nemenyi critical value: the "
                f"studentized range quantile at 1 - alpha is inaccurate below alpha = "
                f"{MIN_ALPHA_NEMENYI:g} (1 - alpha loses its digits); use "
                "procedure='bonferroni_dunn' or a larger alpha"
            )
        return float(studentized_range.ppf(1.0 - alpha, k, np.inf)) / math.sqrt(2.0)
    return float(norm.isf(alpha / (2 * (k - 1))))  # "bonferroni_dunn"


@strict
def critical_difference(
    n_algorithms: int,
    n_datasets: int,
    alpha: float = 0.05,
    procedure: CDProcedure = "nemenyi",
) -> float:
    """Critical difference CD = q_alpha sqrt(k(k+1) / (6N)) (Demsar 2006, Sec. 3.2.2).

    Two algorithms (Nemenyi), or an algorithm and the control (Bonferroni-Dunn), differ
    significantly at ``alpha`` when their average ranks over N data sets differ by at least CD.

    Parameters
    ----------
    n_algorithms : int
        k, at least 2.
    n_datasets : int
        N, at least 2.
    alpha : float
        Significance level.
    procedure : {'nemenyi', 'bonferroni_dunn'}
        The q_alpha of :func:`critical_difference_q`.

    Returns
    -------
    float
        CD, e.g. 1.254 for k = 4, N = 14 (Nemenyi, alpha = 0.05).

    Examples
    --------
    >>> import multicomp as mc
    >>> round(mc.critical_difference(4, 14), 4)  # Nemenyi, k = 4, N = 14 (D06 Sec. 3.2.2)
    1.2536
    >>> round(mc.critical_difference(4, 14, alpha=0.10, procedure="bonferroni_dunn"), 4)
    1.0384
    """
    k = check_count(n_algorithms, "n_algorithms", 2)
    n = check_count(n_datasets, "n_datasets", 2)
    q = critical_difference_q(k, alpha, procedure)
    return q * math.sqrt(k * (k + 1) / (6.0 * n))
