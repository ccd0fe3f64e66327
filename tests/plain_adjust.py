"""Step-wise adjustments in vectorised NumPy, independent of the Rust core: the test oracle of
the native Bonferroni, Holm, Hochberg and Hommel (tests/test_hostile_input.py) and the NumPy
baseline of benches/bench_adjust.py. Each takes p-values sorted ascending on the last axis
(leading axes are families) and returns their APVs (Garcia et al. 2010, Sec. 5)."""

from __future__ import annotations

import numpy as np


def bonferroni(ps: np.ndarray) -> np.ndarray:
    return np.minimum(ps.shape[-1] * ps, 1.0)


def holm(ps: np.ndarray) -> np.ndarray:
    m = ps.shape[-1]
    return np.minimum(np.maximum.accumulate((m - np.arange(m)) * ps, axis=-1), 1.0)


def hochberg(ps: np.ndarray) -> np.ndarray:
    m = ps.shape[-1]
    terms = (m - np.arange(1, m + 1, dtype=np.float64) + 1) * ps
    return np.minimum(np.minimum.accumulate(terms[..., ::-1], axis=-1)[..., ::-1], 1.0)


def hommel(ps: np.ndarray) -> np.ndarray:
    """G10 Fig. 2 as printed (the algorithm of R's p.adjust), O(m^2)."""
    n = int(ps.shape[-1])
    i = np.arange(1, n + 1)
    q = np.broadcast_to(np.min(n * ps / i, axis=-1, keepdims=True), ps.shape).copy()
    pa = q.copy()
    for m in range(n - 1, 1, -1):
        head = n - m + 1
        q1 = np.min(m * ps[..., head:] / np.arange(2, m + 1), axis=-1, keepdims=True)
        q[..., :head] = np.minimum(m * ps[..., :head], q1)
        q[..., head:] = q[..., head - 1 : head]
        pa = np.maximum(pa, q)
    return np.minimum(np.maximum(pa, ps), 1.0)


PROCEDURES = {"bonferroni": bonferroni, "holm": holm, "hochberg": hochberg, "hommel": hommel}


def adjust(p: np.ndarray, procedure: str) -> np.ndarray:
    """APVs of ``p`` (families on the last axis, any order) in input order."""
    order = np.argsort(p, axis=-1, kind="stable")
    out = np.empty_like(p)
    sorted_apv = PROCEDURES[procedure](np.take_along_axis(p, order, axis=-1))
    np.put_along_axis(out, order, sorted_apv, axis=-1)
    return out
