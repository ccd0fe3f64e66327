"""Convergence diagnostics of Markov chains: split R-hat and the effective sample size.

Both follow Gelman et al., Bayesian Data Analysis, 3rd ed. (2013), Sec. 11.4-11.5, as Stan
computes them: each chain is split in halves; R-hat compares the variance between the halves
with that within them; the effective sample size sums the autocorrelations pooled over the
halves up to Geyer's (1992) initial monotone sequence of positive pair sums.
"""

from __future__ import annotations

import numpy as np

__all__ = ["RHAT_LIMIT", "ESS_LIMIT", "split_rhat_ess"]

#: R-hat above this warns (Vehtari, Gelman, Simpson, Carpenter & Burkner 2021, Bayesian Anal.
#: 16:667-718, recommend 1.01).
RHAT_LIMIT = 1.01
#: Fewer effective draws than this warn (the same paper: 100 per chain of 4).
ESS_LIMIT = 400.0


def split_rhat_ess(draws: np.ndarray) -> tuple[float, float]:
    """(split R-hat, effective sample size) of ``draws``, an array (chains, draws per chain)
    with at least 4 draws per chain; a constant quantity gives (1.0, number of draws)."""
    chains = np.asarray(draws, dtype=np.float64)
    half = chains.shape[1] // 2
    split = np.concatenate((chains[:, :half], chains[:, -half:]))
    m, n = split.shape
    within = float(split.var(axis=1, ddof=1).mean())
    if within == 0:
        return 1.0, float(chains.size)
    between = n * float(split.mean(axis=1).var(ddof=1))
    var_plus = (n - 1) / n * within + between / n
    rhat = float(np.sqrt(var_plus / within))
    centred = split - split.mean(axis=1, keepdims=True)
    size = 1 << int(np.ceil(np.log2(2 * n)))
    spectrum = np.fft.rfft(centred, size, axis=1)
    autocov = np.fft.irfft(spectrum * np.conj(spectrum), size, axis=1)[:, :n] / n
    rho = 1 - (within - autocov.mean(axis=0)) / var_plus
    rho[0] = 1.0
    pairs = rho[: 2 * ((n - 1) // 2)].reshape(-1, 2).sum(axis=1)
    positive = np.flatnonzero(pairs <= 0)
    pairs = pairs[: positive[0] if positive.size else pairs.size]
    monotone = np.minimum.accumulate(pairs)
    tau = -1.0 + 2.0 * float(monotone.sum())
    return rhat, float(m * n / max(tau, 1.0 / np.log10(m * n)))
