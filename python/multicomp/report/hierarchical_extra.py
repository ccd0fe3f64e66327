"""The report's Bayesian hierarchical tests of the pairs (``compare(extras=
["bayesian_hierarchical"])``, the command line's ``--bayesian-hierarchical``): each pair of
the report (or each against its control) by :func:`multicomp.bayesian_hierarchical_test` of
the folds the input holds (:mod:`multicomp.pairs.hierarchical_pairs`, as
``compare_bayesian(..., test="hierarchical")`` runs them), :data:`HIERARCHICAL_DRAWS` draws a
pair seeded by the report's ``random_state``; their table for every renderer, their CSV
table and the checks of a report read from JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from multicomp._internal import mcmc
from multicomp._internal import tables as _tables
from multicomp._internal.validation import check_count, check_nonnegative
from multicomp.data.decorators import ScoresInput
from multicomp.pairs.hierarchical import MAX_HIERARCHICAL_WORK
from multicomp.pairs.hierarchical_pairs import hierarchical_pairs, pairs_work
from multicomp.report.extra_data import HierarchicalPair
from multicomp.report.model import ReportData

__all__ = [
    "HIERARCHICAL_DRAWS",
    "check",
    "check_options",
    "check_size",
    "compute",
    "csv_frames",
    "latex_tables",
    "summary_lines",
    "tables",
]

#: The posterior draws of each pair in a report, in 4 chains of 5,000 after 1,000 warm-up
#: sweeps each: an effective sample size of a few thousand, a Monte Carlo error of a
#: probability of about 0.01 (``multicomp.compare_bayesian``'s default draws are 50,000).
HIERARCHICAL_DRAWS = 20_000


def check_options(extras: Sequence[str], rope: object, runs: object) -> None:
    """ValueError for ``rope`` or ``runs`` given without the extra that uses them."""
    if "bayesian_hierarchical" in extras:
        check_nonnegative(rope, "rope")
        if runs is not None:
            check_count(runs, "runs")
        return
    given = [f"{name}=" for name, value in (("rope", rope), ("runs", runs)) if value]
    if given:
        raise ValueError(
            f"{' and '.join(given)} belong to the Bayesian hierarchical tests of the pairs: "
            "pass extras=['bayesian_hierarchical'] too"
        )


def check_size(extras: Sequence[str], k: int, control: object, n_datasets: int) -> None:
    """ValueError, before the report's work starts, when the extra's hierarchical tests of
    the pairs (of ``k`` algorithms, each against ``control`` if given) would take more than
    :data:`multicomp.pairs.hierarchical.MAX_HIERARCHICAL_WORK`
    (:func:`multicomp.compare_bayesian` takes ``max_work=``)."""
    pairs = k - 1 if control is not None else k * (k - 1) // 2
    work = pairs_work(pairs, n_datasets, HIERARCHICAL_DRAWS)
    if "bayesian_hierarchical" in extras and work > MAX_HIERARCHICAL_WORK:
        raise ValueError(
            f"extras=['bayesian_hierarchical']: the hierarchical tests of {pairs:,} pairs on "
            f"{n_datasets} data sets take {work:,} sweeps of one data set, more than a report "
            f"runs ({MAX_HIERARCHICAL_WORK:,}, about a minute); "
            "multicomp.compare_bayesian(data, test='hierarchical', max_work=...) runs them "
            "with a limit of your choice"
        )


def compute(
    source: ScoresInput, control: str | None, rope: float, runs: int | None, seed: int | None
) -> dict[str, Any]:
    """The report's fields of the extra: each pair's probabilities, largest R-hat and
    smallest effective sample size, and the rope, rho and draws they share."""
    # the warnings point at the user's call of compare, above the input layer's wrapper
    _, pairs, results = hierarchical_pairs(
        source, control, rope, runs, HIERARCHICAL_DRAWS, seed, stacklevel=6
    )
    return {
        "bayesian_hierarchical": tuple(
            HierarchicalPair(
                a,
                b,
                r.p_x_better,
                r.p_equivalent,
                r.p_y_better,
                max(r.rhat.values()),
                min(r.ess.values()),
            )
            for (a, b), r in zip(pairs, results)
        ),
        "hierarchical_rope": results[0].rope,
        "hierarchical_rho": float(results[0].options["rho"]),
        "hierarchical_draws": HIERARCHICAL_DRAWS,
    }


#: The most decided pairs the summary names.
NAMED = 5


def summary_lines(r: ReportData) -> list[str]:
    """The pairs the hierarchical tests decide at 1 - alpha (at most :data:`NAMED` named),
    and how many they leave undecided. Nothing unless the extra was asked."""
    if not r.bayesian_hierarchical:
        return []
    decided = []
    for p in r.bayesian_hierarchical:
        outcomes = (
            (p.p_first_better, f"{p.first} is better than {p.second}"),
            (p.p_equivalent, f"{p.first} and {p.second} are practically equivalent"),
            (p.p_second_better, f"{p.second} is better than {p.first}"),
        )
        decided += [f"{text} (P = {v:.2f})" for v, text in outcomes if v >= 1 - r.alpha]
    named = "; ".join(decided[:NAMED]) + (
        f"; {len(decided) - NAMED} more" if len(decided) > NAMED else ""
    )
    return [
        f"Bayesian hierarchical tests of the pairs from their folds (rope = "
        f"{r.hierarchical_rope:g}; probabilities for the next data set), decided at P >= "
        f"{1 - r.alpha:g}: {named or 'none'}; {len(r.bayesian_hierarchical) - len(decided)} "
        f"of {len(r.bayesian_hierarchical)} pairs undecided."
    ]


def _rows(r: ReportData) -> tuple[tuple[_tables.Cell, ...], ...]:
    cell = _tables.Cell
    return tuple(
        (
            cell(p.label),
            *(
                cell(f"{v:.4f}", strong=v >= 1 - r.alpha)
                for v in (p.p_first_better, p.p_equivalent, p.p_second_better)
            ),
            cell(f"{p.rhat:.3f}"),
            cell(f"{p.ess:.0f}"),
        )
        for p in r.bayesian_hierarchical
    )


HEADER = ("Pair", "P(first better)", "P(equivalent)", "P(second better)", "R-hat", "ESS")


def _title(r: ReportData) -> str:
    return (
        "Bayesian hierarchical tests of the pairs from their folds (posterior probabilities "
        f"for the next data set; rope = {r.hierarchical_rope:g}, rho = {r.hierarchical_rho:g})"
    )


def _note(r: ReportData, strong: str) -> str:
    return (
        f"{strong}: posterior probability at least {1 - r.alpha:g}. Corani et al. (2017), each pair "
        f"from {r.hierarchical_draws:,} posterior draws in 4 chains with seed {r.random_state}: "
        f"multicomp.compare_bayesian(folds, test='hierarchical', rope={r.hierarchical_rope:g}, "
        f"n_draws={r.hierarchical_draws}, random_state={r.random_state}) gives these figures. "
        "R-hat: the largest split R-hat, ESS: the smallest effective sample size of delta0, "
        f"std0 and nu (converged: R-hat at most {mcmc.RHAT_LIMIT} and ESS at least "
        f"{mcmc.ESS_LIMIT:.0f})."
    )


def tables(r: ReportData) -> list[_tables.Table]:
    """The table of the extra when the report holds it, for text, Markdown and HTML."""
    if not r.bayesian_hierarchical:
        return []
    return [
        _tables.Table(
            title=_title(r),
            header=HEADER,
            rows=_rows(r),
            align="lrrrrr",
            note=_note(r, "Starred or bold"),
        )
    ]


def latex_tables(r: ReportData, label: str) -> list[_tables.Table]:
    """The table of the extra when the report holds it, for a paper (caption in LaTeX)."""
    if not r.bayesian_hierarchical:
        return []
    esc = _tables.latex_escape
    return [
        _tables.Table(
            title="",
            caption=f"{esc(_title(r))}. {esc(_note(r, 'Bold'))}",
            label=f"tab:{label}-hierarchical",
            header=HEADER,
            rows=_rows(r),
            align="lrrrrr",
        )
    ]


def csv_frames(r: ReportData) -> list[tuple[str, pd.DataFrame]]:
    """The extra as a table of the tidy CSV, when the report holds it."""
    if not r.bayesian_hierarchical:
        return []
    return [("bayesian_hierarchical", pd.concat([p.to_frame() for p in r.bayesian_hierarchical]))]


def check(r: ReportData) -> None:
    """ValueError for a report (read from JSON) whose extra is not what compare gives: its
    draws positive exactly when it is there, its pairs of known algorithms, each once, its
    probabilities in [0, 1] adding to 1, its rope >= 0 and rho in (0, 1)."""
    if (r.hierarchical_draws > 0) != bool(r.bayesian_hierarchical) or r.hierarchical_draws < 0:
        raise ValueError(
            "report.hierarchical_draws must be positive with report.bayesian_hierarchical, else 0"
        )
    if not r.bayesian_hierarchical:
        return
    pairs = [frozenset((p.first, p.second)) for p in r.bayesian_hierarchical]
    names = {a for pair in pairs for a in pair}
    if len(set(pairs)) != len(pairs) or any(len(p) != 2 for p in pairs):
        raise ValueError("report.bayesian_hierarchical must list pairs of two algorithms, once")
    if not names <= set(r.algorithms):
        strangers = sorted(names - set(r.algorithms))
        raise ValueError(f"report.bayesian_hierarchical names unknown algorithms {strangers}")
    for i, p in enumerate(r.bayesian_hierarchical):
        probabilities = (p.p_first_better, p.p_equivalent, p.p_second_better)
        if not all(0.0 <= v <= 1.0 for v in probabilities) or abs(sum(probabilities) - 1) > 1e-9:
            raise ValueError(
                f"report.bayesian_hierarchical[{i}] probabilities must be in [0, 1] and add to 1"
            )
    if not (r.hierarchical_rope >= 0 and 0 < r.hierarchical_rho < 1):
        raise ValueError("report.hierarchical_rope must be >= 0 and hierarchical_rho in (0, 1)")
