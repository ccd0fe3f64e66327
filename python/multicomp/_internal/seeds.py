"""Random streams: the ``random_state`` argument (a seed, a Generator or None), checked in one
wording, the default seed that makes the Monte Carlo results reproducible, the seed a result
records, and a Generator from it."""

from __future__ import annotations

from typing import cast

import numpy as np

__all__ = ["DEFAULT_SEED", "RandomState", "check_random_state", "generator", "pinned", "seed_of"]

RandomState = int | np.random.Generator | None
"""A seed (a non-negative int), a numpy Generator, or None (fresh entropy)."""

#: The seed used when ``random_state`` is left at its default: the same call gives the same
#: Monte Carlo p-value. ``random_state=None`` draws fresh entropy.
DEFAULT_SEED = 0


def seed_of(random_state: RandomState) -> int | None:
    """The seed that reproduces ``random_state``'s draws (None for fresh entropy or a
    Generator, whose state is not recorded): what a result stores to be recomputed."""
    return (
        None
        if random_state is None or isinstance(random_state, np.random.Generator)
        else int(random_state)
    )


def generator(random_state: object) -> np.random.Generator:
    """A numpy Generator from ``random_state`` (a non-negative int seed, a Generator, or None
    for fresh entropy), or TypeError."""
    check_random_state(random_state)
    if isinstance(random_state, np.random.Generator):
        return random_state
    if random_state is None:
        return np.random.default_rng()
    return np.random.default_rng(int(cast(int, random_state)))


def check_random_state(random_state: object) -> None:
    """TypeError unless ``random_state`` is a non-negative int seed, a Generator or None."""
    if random_state is None or isinstance(random_state, np.random.Generator):
        return
    if (
        isinstance(random_state, bool)
        or not isinstance(random_state, (int, np.integer))
        or random_state < 0
    ):
        raise TypeError(
            "random_state must be a non-negative integer seed, a numpy.random.Generator or "
            f"None; got {random_state!r}"
        )


def pinned(random_state: RandomState) -> int:
    """``random_state`` as an int seed: itself, or drawn from a Generator or fresh entropy,
    so that the calls of one comparison share their draws and the seed can be recorded."""
    if random_state is None or isinstance(random_state, np.random.Generator):
        return int(generator(random_state).integers(2**63))
    return int(random_state)
