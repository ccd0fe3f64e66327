"""Plain-Python all-pairs procedures, independent of the Rust core: the test oracle of
tests/test_adjust_all_pairs.py and the naive baseline of benches/bench_all_pairs.py.

Hypotheses are the pairs of ``itertools.combinations(range(k), 2)``, indexed in that order.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache

import numpy as np


def partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """All set partitions of ``items`` (Bell(len(items)) of them)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in partitions(rest):
        yield [[first], *part]
        for b in range(len(part)):
            yield [*part[:b], [first, *part[b]], *part[b + 1 :]]


def exhaustive_sets(k: int) -> list[list[int]]:
    """The Bell(k) - 1 exhaustive sets: pairs inside the blocks of each partition with a block >= 2."""
    index = {pair: h for h, pair in enumerate(itertools.combinations(range(k), 2))}
    sets = []
    for part in partitions(list(range(k))):
        pairs = [index[pr] for block in part for pr in itertools.combinations(sorted(block), 2)]
        if pairs:
            sets.append(pairs)
    return sets


cached_exhaustive_sets = cache(exhaustive_sets)


def bergmann_hommel(p: list[float], sets: list[list[int]]) -> list[float]:
    """APV_i = min(1, max{|I| min_{j in I} p_j : I in sets, i in I}) (G08 Sec. 3)."""
    apv = [0.0] * len(p)
    for s in sets:
        value = len(s) * min(p[h] for h in s)
        for h in s:
            if value > apv[h]:
                apv[h] = value
    return [min(a, 1.0) for a in apv]


@cache
def shaffer_counts(k: int) -> frozenset[int]:
    """S(k): possible numbers of true hypotheses (G08 Sec. 2.1 recursion)."""
    if k <= 1:
        return frozenset({0})
    return frozenset(j * (j - 1) // 2 + x for j in range(1, k + 1) for x in shaffer_counts(k - j))


def shaffer(p: np.ndarray, k: int) -> np.ndarray:
    """Shaffer static APVs: max_{j<=i} t_j p_(j), t_j = max{s in S(k): s <= m-j+1}, capped at 1."""
    m = p.size
    order = np.argsort(p, kind="stable")
    apv, running = np.empty(m), 0.0
    for rank, h in enumerate(order):
        t = max(s for s in shaffer_counts(k) if s <= m - rank)
        running = max(running, t * p[h])
        apv[h] = min(running, 1.0)
    return apv
