"""Long computations: their work checked against a limit before they start, and their progress
shown while they run.

A function whose run time grows with its input estimates its work first and refuses, with the
option that raises the limit, an input past it (:func:`check_work`); what it accepts and may
still take seconds shows a progress bar (:func:`progress`): tqdm's automatic display, a text
bar in a terminal and a widget in a notebook, shown only once the work has lasted a second.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = [
    "MAX_REPORT_PAIRS",
    "MAX_SIMULATION_WORK",
    "PERMUTATION_WORK_LIMIT",
    "check_pairs",
    "check_work",
    "duration",
    "progress",
]

#: Seconds a computation runs before its progress bar appears.
PROGRESS_DELAY = 1.0
#: The most cells (resamples x (N k + the k(k-1)/2 pairs when a post-hoc reads them)) that
#: ``method="auto"`` spends on Monte Carlo permutation p-values before it takes the asymptotic
#: form instead (:mod:`multicomp.ranktests.permutation`): about 0.5 to 2 s on two cores
#: (benches/RESULTS-permutation.md). Issue 22: at 12 data sets x 5,000 algorithms the draws of
#: the all-pairs post-hoc would take hours.
PERMUTATION_WORK_LIMIT = 2e8
#: The most pairs :func:`multicomp.compare` reports in an all-pairs comparison: those of
#: k = 3,000 algorithms, measured at 16 s and 1.33 GB on two cores with 100 data sets
#: (benches/RESULTS-large.md; Holm decides beyond Shaffer's k = 2,000). Issue 22: at
#: k = 5,000 (12.5 million pairs) the report took over two minutes and 3.7 GB.
MAX_REPORT_PAIRS = 4_498_500

#: Most work :func:`multicomp.simulate` starts without ``max_work=``, in permuted scores (one
#: score of one table permuted once in the Rust engine's Monte Carlo draw, 0.42 ns of CPU;
#: :func:`multicomp.simulation.model.work` prices every route of a run in that unit from their
#: measured costs, benches/RESULTS-simulate-calibration.md): 2.1e11, about 90 s of CPU.
#: 1,000,000 replications at N = 16, k = 5 with the default tests and permutation p-values
#: are about 6e12 (43 min), refused at once.
MAX_SIMULATION_WORK = 2.1e11


def check_work(work: float, limit: float, what: str, *, option: str = "max_work") -> None:
    """ValueError before any work when ``work`` exceeds ``limit``, naming ``what`` the work
    counts and the option (``option=``) that raises the limit."""
    if work > limit:
        raise ValueError(
            f"{what}: {work:,.0f}, more than {option}={limit:,.0f} allows; pass "
            f"{option}={int(-(-work // 1)):,} (or more) to run it"
        )


def duration(seconds: float) -> str:
    """``seconds`` for a message: "12 s", "3.5 min", "2.1 h"."""
    if seconds < 90:
        return f"{seconds:.2g} s"
    if seconds < 5400:
        return f"{seconds / 60:.2g} min"
    return f"{seconds / 3600:,.2g} h" if seconds < 36_000 else f"{seconds / 3600:,.0f} h"


def check_pairs(k: int) -> None:
    """ValueError before any work when the k(k-1)/2 pairs of ``k`` algorithms exceed
    :data:`MAX_REPORT_PAIRS`, naming what works instead (a control, fewer algorithms)."""
    pairs = k * (k - 1) // 2
    if pairs > MAX_REPORT_PAIRS:
        raise ValueError(
            f"k = {k:,} algorithms make {pairs:,} pairs, more than an all-pairs comparison "
            f"reports ({MAX_REPORT_PAIRS:,}: k = 3,000); pass control=NAME to compare each "
            f"algorithm with one ({k - 1:,} comparisons), or compare fewer algorithms"
        )


@contextmanager
def progress(total: float, description: str, *, shown: bool = True) -> Iterator[Any]:
    """A progress bar of ``total`` steps (its ``update(n)`` advances it), displayed by
    ``tqdm.auto`` after :data:`PROGRESS_DELAY` seconds; a bar that displays nothing when
    ``shown`` is False."""
    if not shown:
        yield _Silent()
        return
    with bar_class()(total=total, desc=description, delay=PROGRESS_DELAY, leave=False) as bar:
        yield bar


def bar_class() -> Any:
    """``tqdm.auto``'s bar (a widget in a notebook) where ipywidgets is installed; else the
    text bar, which ``tqdm.auto`` would fall back to only after a TqdmWarning ("IProgress not
    found") in a notebook without ipywidgets."""
    if importlib.util.find_spec("ipywidgets") is None:
        from tqdm.std import tqdm  # type: ignore[import-untyped, import-not-found, unused-ignore]
    else:
        from tqdm.auto import tqdm  # type: ignore[import-untyped, import-not-found, unused-ignore]
    return tqdm


class _Silent:
    """The progress bar of work asked to run without a display (``progress=False``)."""

    def update(self, n: float = 1) -> None:
        """Nothing to display."""
