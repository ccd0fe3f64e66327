"""Command line: ``multicomp scores.csv [options]`` or ``python -m multicomp``.

Reads a CSV of scores (wide: first column names the data sets, one column per algorithm;
or long: columns dataset, algorithm, score), runs :func:`multicomp.compare` and prints
the report. Exit status: 0 on success, 2 for a usage error or bad input (with a one-line
``multicomp: error: ...`` message), 1 if the output cannot be written, 130 when interrupted
(Ctrl-C, one line).

This module checks the arguments and runs :func:`main`; ``options`` builds the parser from
the registries and the vocabulary, ``run`` reads the input, runs the analysis and writes it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import cast

from multicomp._internal.diagram import DiagramStyle
from multicomp._internal.vocabulary import REPORT_EXTRAS
from multicomp.cli.options import CV_TESTS, PLOT_SUFFIXES, PROG, STYLE_OPTIONS, build_parser
from multicomp.report import files

__all__ = ["main"]


def _check_ranking(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """--ranking alone: the options of the other analyses do not go with it."""
    from multicomp import ranktests

    if args.ranking and (
        args.bayesian is not None
        or args.cv is not None
        or args.check_conditions
        or args.control is not None
        or args.plot_procedure is not None
        or ranktests.kind_of(args.test) == "incomplete"
    ):
        parser.error(
            "--ranking ranks all the algorithms by the Plackett-Luce model: it goes with none "
            "of --bayesian, --cv, --check-conditions, --control, --plot-procedure, "
            "--test skillings_mack or durbin"
        )


def _check_style(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The diagram's style options style the --plot diagram: refused without it."""
    given = [name for name in STYLE_OPTIONS if getattr(args, name) is not None]
    if given and args.plot is None:
        shown = ", ".join(f"--{name.replace('_', '-')}" for name in given)
        verb = "styles" if len(given) == 1 else "style"
        parser.error(f"{shown} {verb} the --plot diagram: give --plot PATH too")
    values = {key: getattr(args, key) for key in ("fontsize", "linewidth", "bar_color")}
    values = {key: value for key, value in values.items() if value is not None}
    if values:  # checked before any work (the names against the data's, later)
        from multicomp.plotting.cd_style import check_style

        try:
            check_style(cast(DiagramStyle, values))
        except (TypeError, ValueError) as exc:
            parser.error(str(exc))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); returns the exit status
    (130, with one line on standard error, when interrupted by Ctrl-C)."""
    if list(sys.argv[1:] if argv is None else argv) == ["--version"]:
        from multicomp._core import __version__  # answered before numpy and the registries

        print(f"{PROG} {__version__}")
        raise SystemExit(0)  # as argparse's version action
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return _fail("interrupted", 130)


def _main(argv: Sequence[str] | None) -> int:
    from multicomp import ranktests

    parser = build_parser()
    args = parser.parse_args(argv)  # before the analysis is imported: --help loads no numpy
    from multicomp.cli.run import InputError, analyse, draw_figure, render, write

    if (args.csv is None) == (args.example is None):
        parser.error("give a CSV file or --example NAME (not both)")
    if not 0.0 < args.alpha < 1.0:
        parser.error(f"--alpha must be in (0, 1); got {args.alpha:g}")
    if args.bayesian is not None and args.plot is not None:
        parser.error("--plot draws a critical difference diagram; it does not go with --bayesian")
    bayesian_cv = args.cv in (CV_TESTS[1], CV_TESTS[4])
    with_rope = args.bayesian is not None or bayesian_cv or args.bayesian_hierarchical
    if args.rope != 0.0 and not with_rope:
        parser.error(
            f"--rope goes with --bayesian, --bayesian-hierarchical or --cv {CV_TESTS[1]} or "
            f"{CV_TESTS[4]}"
        )
    with_folds = args.cv == CV_TESTS[4] or args.bayesian == "hierarchical"
    if args.runs is not None and not (with_folds or args.bayesian_hierarchical):
        parser.error(
            f"--runs goes with --cv {CV_TESTS[4]}, --bayesian hierarchical or "
            "--bayesian-hierarchical"
        )
    _check_ranking(parser, args)
    _check_style(parser, args)
    if args.alternative != "two-sided" and args.control is None:
        parser.error("--alternative goes with --control (all pairs are two-sided)")
    if (args.rho is not None) != (args.cv in CV_TESTS[:2]):
        parser.error(f"--rho goes with (and is needed by) --cv {' or '.join(CV_TESTS[:2])}")
    if args.cv is not None and (args.bayesian is not None or args.plot is not None):
        parser.error(
            "--cv compares two algorithms on one data set: it goes with neither "
            "--bayesian nor --plot"
        )
    if ranktests.kind_of(args.test) == "incomplete" and (
        args.bayesian is not None or args.cv is not None or args.check_conditions
    ):
        parser.error(
            f"--test {args.test} goes with the comparison of the report, not with --bayesian, "
            "--cv or --check-conditions"
        )
    if args.plot is not None and os.path.splitext(args.plot)[1].lower() not in PLOT_SUFFIXES:
        parser.error(
            f"--plot needs a file name ending in {', '.join(PLOT_SUFFIXES)}: {args.plot!r}"
        )
    if not 0 < args.max_size < float("inf"):
        parser.error(f"--max-size must be a positive number of MiB; got {args.max_size:g}")
    _check_outdir(parser, args)
    if sys.stdout is None or sys.stdout.closed:
        return _fail("standard output is closed: nowhere to write the report", 1)
    try:
        if args.outdir is not None:  # before the work, not after
            asked = [name for name in REPORT_EXTRAS if getattr(args, name)]
            paths = files.targets(args.outdir, asked)
            files.check(paths, None if args.overwrite else "--overwrite")
        report = analyse(args)
        text = render(report, args.format)
        figure = draw_figure(report, args) if args.plot is not None else None
    except (InputError, OSError) as exc:
        return _fail(str(exc), 2)
    try:
        write(text, sys.stdout)
        if args.example is not None and args.format == "text":  # what of the paper it gives
            from multicomp.data.examples import PUBLISHED

            write(f"\nPublished numbers: {PUBLISHED[args.example]}\n", sys.stdout)
        if figure is not None:
            figure.savefig(args.plot, bbox_inches="tight", dpi=150)
        if args.outdir is not None:
            report.save(args.outdir, overwrite=args.overwrite)
    except BrokenPipeError:  # e.g. `multicomp ... | head`
        sys.stderr.close()
        return 0
    except OSError as exc:
        return _fail(f"cannot write output: {exc}", 1)
    return 0


def _check_outdir(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """--outdir and the extras (--effect-sizes, --matrix, --bayesian-ranking) belong to the
    comparison's report: not with the other analyses; --overwrite goes with --outdir."""
    if args.overwrite and args.outdir is None:
        parser.error("--overwrite goes with --outdir DIR")
    if args.outdir == "":
        parser.error("--outdir needs the name of a directory; got '' (give '.' for this one)")
    others = {
        "--bayesian": args.bayesian is not None,
        "--cv": args.cv is not None,
        "--check-conditions": args.check_conditions,
        "--ranking": args.ranking,
    }
    mine = [f"--{name.replace('_', '-')}" for name in REPORT_EXTRAS if getattr(args, name)]
    if args.outdir is not None:
        mine.insert(0, "--outdir")
    if mine and any(others.values()):
        asked = [option for option, given in others.items() if given]
        parser.error(
            f"{mine[0]} belongs to the report of the comparison: it does not go with {asked[0]}"
        )


def _fail(message: str, status: int) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return status
