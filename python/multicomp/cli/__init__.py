"""Command line: ``multicomp scores.csv [options]`` or ``python -m multicomp``.

Reads a CSV of scores (wide: first column names the data sets, one column per algorithm;
or long: columns dataset, algorithm, score), runs :func:`multicomp.compare` and prints
the report. Exit status: 0 on success, 2 for a usage error or bad input (with a one-line
``multicomp: error: ...`` message), 1 if the output cannot be written.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any, TextIO, TypeVar

from multicomp import ranktests
from multicomp._internal.names import REPORT_EXTRA_HELP
from multicomp._internal.seeds import DEFAULT_SEED
from multicomp._internal.validation import check_choice
from multicomp._internal.vocabulary import (
    AGGREGATES,
    ALTERNATIVES,
    DATASETS_TESTS,
    DECIMAL_MARKS,
    FAMILIES,
    NAN_POLICIES,
    PVALUE_METHODS,
    REPORT_EXTRAS,
    ROMS,
    SE_FORMS,
)
from multicomp.report import files

__all__ = ["main"]

PROG = "multicomp"
FORMATS = ("text", "latex", "markdown", "html", "json", "csv")
#: The tests of multicomp.pairs.cross_validation that --cv runs (the first two take --rho).
CV_TESTS = (
    "corrected_resampled_t_test",
    "bayesian_correlated_t_test",
    "paired_t_test_5x2cv",
    "combined_f_test_5x2cv",
)
PLOT_SUFFIXES = (".png", ".svg", ".pdf")
# All pairs take long enough from this k on to deserve a progress indicator (Bergmann-Hommel
# of a rank post-hoc: 25 to 70 ms at k = 50, 0.4 to 1.6 s at k = 100; docs/robinson.md).
SLOW_K = 50
#: Default largest input, in MiB (--max-size raises it): a CSV of scores is kilobytes; this
#: bounds the memory a wrong file (a device, a log, /dev/zero) can take.
MAX_SIZE_MIB = 64
#: Longest line of a CSV, in bytes: about 10,000 algorithms with long names.
MAX_LINE = 1 << 20
_CHUNK = 1 << 16

T = TypeVar("T")


class InputError(Exception):
    """Bad input: reported in one line, exit status 2."""


def _parser() -> argparse.ArgumentParser:
    """The command line's parser, built in steps: the input, the analysis, the papers' forms,
    the Bayesian and cross-validation comparisons, the parametric side, the outputs, how a
    CSV is read, and progress."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Statistical comparison of algorithms over multiple data sets: average "
        "ranks, omnibus tests (Friedman, Iman-Davenport, aligned ranks, Quade) and "
        "post-hoc procedures (Demsar 2006; Garcia & Herrera 2008; Garcia et al. 2010).",
        epilog="Example: multicomp scores.csv --control C4.5 --format latex --plot cd.png",
    )
    for add in (
        _input_options,
        _analysis_options,
        _paper_options,
        _bayesian_options,
        _parametric_options,
        _output_options,
        _reading_options,
        _progress_options,
    ):
        add(parser)
    return parser


def _input_options(parser: argparse.ArgumentParser) -> None:
    """The scores: a CSV (or standard input) or a bundled example, and the size limit."""
    from multicomp._internal.vocabulary import EXAMPLES

    parser.add_argument(
        "csv",
        nargs="?",
        metavar="CSV",
        help="scores: wide (first column = data sets, one column per algorithm) "
        "or long (columns dataset, algorithm, score); a CSV file, '-' (standard input, CSV), "
        "or a Parquet or Arrow file (.parquet, .arrow, .feather; with pyarrow)",
    )
    parser.add_argument(
        "--max-size",
        type=float,
        default=MAX_SIZE_MIB,
        metavar="MIB",
        help=f"refuse inputs larger than this many MiB (default {MAX_SIZE_MIB})",
    )
    parser.add_argument(
        "--example",
        **_listed("--example", EXAMPLES),
        help="analyse a bundled example of the papers instead of a CSV",
    )


def _analysis_options(parser: argparse.ArgumentParser) -> None:
    """What is compared and how: control, alpha, direction, test and procedure."""
    parser.add_argument(
        "--control",
        metavar="NAME",
        help="compare every algorithm with this one (default: all pairs)",
    )
    parser.add_argument(
        "--alpha", type=float, default=0.05, help="significance level (default 0.05)"
    )
    parser.add_argument(
        "--alternative",
        **_listed("--alternative", ALTERNATIVES),
        default="two-sided",
        help="with --control: two-sided (default), or one-sided: less (each algorithm worse "
        "than the control), greater (better)",
    )
    parser.add_argument(
        "--lower-is-better",
        action="store_true",
        help="lower scores are better (errors, times); default: higher is better",
    )
    parser.add_argument(
        "--test",
        **_listed("--test", ranktests.compare_tests()),
        default="friedman",
        help=f"post-hoc tests: on the ranks of {_or(ranktests.names())} (default friedman); "
        f"or pairwise {_or(ranktests.names('pairwise'))} tests (Benavoli et al. 2016; procedures "
        f"holm, default, and bonferroni); with missing scores, {_or(ranktests.names('incomplete'))} "
        "(skillings_mack: any pattern; durbin: balanced incomplete blocks) use every score",
    )
    parser.add_argument(
        "--procedure",
        metavar="NAME",
        help="procedure of the summary: holm (default with --control), hochberg, "
        "hommel, holland, rom, finner, li, bonferroni; for all pairs "
        "bergmann_hommel (default), shaffer, holm, nemenyi (studentized range), bonferroni, "
        "miller",
    )


def _paper_options(parser: argparse.ArgumentParser) -> None:
    """The papers' forms and the p-value method of the rank tests."""
    paper = parser.add_argument_group(
        "the papers' forms", "reproduce published tables (defaults: the exact forms)"
    )
    paper.add_argument(
        "--no-tie-correction",
        dest="tie_correction",
        action="store_false",
        help="omnibus statistics without the tie correction, as printed in the papers",
    )
    paper.add_argument(
        "--rom",
        **_listed("--rom", ROMS),
        default="exact",
        help="Rom APVs with a --control: exact (default) or G10's coefficients",
    )
    paper.add_argument(
        "--aligned-se",
        **_listed("--aligned-se", SE_FORMS),
        default=SE_FORMS[0],
        help="SE of the aligned-ranks post-hoc (--test aligned): calibrated "
        "(default) or sqrt(k(kN+1)/6) of G10 Table 10",
    )
    paper.add_argument(
        "--quade-se",
        **_listed("--quade-se", SE_FORMS),
        default=SE_FORMS[0],
        help="SE of the Quade post-hoc (--test quade): calibrated (default) or "
        "G10 eq. (22), Table 11, which misstates the null SE for k != 3",
    )
    paper.add_argument(
        "--monotone",
        action="store_true",
        help="all pairs: APVs non-decreasing in p (KEEL/scmamp, G08 Table 5)",
    )
    paper.add_argument(
        "--method",
        **_listed("--method", PVALUE_METHODS),
        default="auto",
        help="p-values of the rank tests: auto (default: exact or Monte Carlo permutation "
        "p-values up to 16 data sets, where the asymptotic forms exceed alpha), asymptotic "
        "(the papers' chi-square, F and normal p-values), exact or permutation",
    )
    paper.add_argument(
        "--n-resamples",
        type=int,
        default=9_999,
        metavar="N",
        help="Monte Carlo permutations of --method permutation (default 9999; fixed seed)",
    )


def _bayesian_options(parser: argparse.ArgumentParser) -> None:
    """The Bayesian comparison and the tests on cross-validation folds."""
    bayes = parser.add_argument_group(
        "Bayesian comparison",
        "instead of the tests: posterior probabilities per pair "
        "(Benavoli et al. 2017), multicomp.compare_bayesian",
    )
    bayes.add_argument(
        "--bayesian",
        **_listed("--bayesian", DATASETS_TESTS),
        help="Bayesian signed_rank or sign test of every pair (or each against --control)",
    )
    bayes.add_argument(
        "--rope",
        type=float,
        default=0.0,
        help="half-width of the region of practical equivalence, in score units (default 0)",
    )
    bayes.add_argument(
        "--ranking",
        action="store_true",
        help="instead of the tests: the Bayesian Plackett-Luce ranking of all the algorithms "
        "(posterior weights, P(best); Calvo et al. 2018), multicomp.bayesian_ranking; "
        "--plot draws the weights",
    )
    bayes.add_argument("--seed", type=int, help="seed of the posterior sampling (reproducible)")
    bayes.add_argument(
        "--cv",
        **_listed("--cv", CV_TESTS),
        help="instead of the tests: compare the two algorithms (columns) of a CSV "
        "of cross-validation scores of ONE data set (a row per fold, in order; "
        "5x2cv: replication 1 fold 1, replication 1 fold 2, ...)",
    )
    bayes.add_argument(
        "--rho",
        type=float,
        help="with --cv: the correlation n_test/n_total of the folds (1/K for "
        "K-fold cross-validation; Nadeau & Bengio 2003)",
    )


def _parametric_options(parser: argparse.ArgumentParser) -> None:
    """The conditions of the parametric tests and the choice of family."""
    parametric = parser.add_argument_group(
        "the parametric side",
        "conditions of the parametric tests and the choice of family "
        "(multicomp.check_conditions, choose_family)",
    )
    parametric.add_argument(
        "--check-conditions",
        action="store_true",
        help="print the checks of the parametric conditions (normality per data "
        "set and algorithm over folds or runs, homoscedasticity, normality "
        "of the paired differences, sphericity) and the recommended family",
    )
    parametric.add_argument(
        "--family",
        **_listed("--family", FAMILIES),
        default="nonparametric",
        help="tests whose verdicts the report adds: nonparametric (default), "
        "parametric (repeated-measures ANOVA with Tukey or Dunnett), or "
        "auto (the recommended family)",
    )


def _output_options(parser: argparse.ArgumentParser) -> None:
    """The report's format and the critical difference diagram."""
    from multicomp.procedures.base import diagram_procedures

    parser.add_argument(
        "--format",
        **_listed("--format", FORMATS),
        default="text",
        help="report format (default text)",
    )
    parser.add_argument(
        "--plot",
        metavar="PATH",
        help="also save a critical difference diagram (.png, .svg or .pdf)",
    )
    parser.add_argument(
        "--plot-procedure",
        **_listed("--plot-procedure", diagram_procedures()),
        help="procedure whose decisions the diagram draws (default: the "
        "report's procedure, so that diagram and summary agree)",
    )
    extras = parser.add_argument_group(
        "what the report adds when asked", "multicomp.compare(extras=...); not by default"
    )
    for name in REPORT_EXTRAS:
        extras.add_argument(
            f"--{name.replace('_', '-')}",
            dest=name,
            action="store_true",
            help=REPORT_EXTRA_HELP[name],
        )
    parser.add_argument(
        "--outdir",
        metavar="DIR",
        help="also write every output into DIR (created if needed): report.txt, report.md, "
        "report.tex, report.html, report.json, report.csv, cd-diagram.png, cd-diagram.svg",
    )
    parser.add_argument(
        "--overwrite",
        action="store_true",
        help="with --outdir: replace files of those names (default: refuse, naming the file)",
    )


def _reading_options(parser: argparse.ArgumentParser) -> None:
    """How a CSV is read: the columns of long data, runs, missing scores, separators."""
    parser.add_argument(
        "--dataset-column",
        default="dataset",
        metavar="NAME",
        help="data-set column of a long CSV (default 'dataset')",
    )
    parser.add_argument(
        "--algorithm-column",
        default="algorithm",
        metavar="NAME",
        help="algorithm column of a long CSV (default 'algorithm')",
    )
    parser.add_argument(
        "--score-column",
        default="score",
        metavar="NAME",
        help="score column of a long CSV (default 'score'; detected when absent)",
    )
    parser.add_argument(
        "--aggregate",
        **_listed("--aggregate", AGGREGATES),
        help="combine repeated scores of a data set and algorithm (folds, seeds)",
    )
    parser.add_argument(
        "--nan-policy",
        **_listed("--nan-policy", NAN_POLICIES),
        default="raise",
        help="missing scores: raise (default) or omit the incomplete data sets "
        "(--test skillings_mack keeps them)",
    )
    parser.add_argument(
        "--sep",
        metavar="CHAR",
        help="field separator of the CSV (default ',', a tab for .tsv); e.g. ';'",
    )
    parser.add_argument(
        "--decimal",
        **_listed("--decimal", DECIMAL_MARKS),
        default=".",
        help="decimal mark of the CSV (default '.')",
    )


def _progress_options(parser: argparse.ArgumentParser) -> None:
    """Progress on standard error, and the version."""
    from multicomp._core import __version__

    progress = parser.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help="always report progress on standard error",
    )
    progress.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="never report progress (default: only on a terminal, for long runs)",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")


def _check_ranking(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """--ranking alone: the options of the other analyses do not go with it."""
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


def _choice(option: str, name: str, allowed: tuple[str, ...]) -> str:
    """An option's value as the library spells it (any case, hyphens for underscores)."""
    try:
        return check_choice(option, name, allowed)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _or(names: Sequence[str]) -> str:
    """``a, b or c``."""
    return " or ".join(filter(None, (", ".join(names[:-1]), names[-1])))


def _listed(option: str, allowed: tuple[str, ...]) -> dict[str, Any]:
    """``add_argument`` keywords of an option with a list of values: listed in the help, read
    as the API reads them (:func:`_choice`), refused in the package's one wording."""
    return {"choices": allowed, "type": lambda name: _choice(option, name, allowed)}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if (args.csv is None) == (args.example is None):
        parser.error("give a CSV file or --example NAME (not both)")
    if not 0.0 < args.alpha < 1.0:
        parser.error(f"--alpha must be in (0, 1); got {args.alpha:g}")
    if args.bayesian is not None and args.plot is not None:
        parser.error("--plot draws a critical difference diagram; it does not go with --bayesian")
    bayesian_cv = args.cv == "bayesian_correlated_t_test"
    with_rope = args.bayesian is not None or bayesian_cv
    if (args.rope != 0.0 and not with_rope) or (
        args.seed is not None and not (with_rope or args.ranking)
    ):
        parser.error(
            "--rope and --seed go with --bayesian or --cv bayesian_correlated_t_test "
            "(--seed also with --ranking)"
        )
    _check_ranking(parser, args)
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
        if args.outdir is not None and not args.overwrite:  # before the work, not after
            asked = [name for name in REPORT_EXTRAS if getattr(args, name)]
            files.check_free(files.targets(args.outdir, asked), "--overwrite")
        report = _analyse(args)
        text = _render(report, args.format)
        figure = _figure(report, args) if args.plot is not None else None
    except (InputError, OSError) as exc:
        return _fail(str(exc), 2)
    try:
        _write(text, sys.stdout)
        if args.example is not None and args.format == "text":  # what of the paper it gives
            from multicomp.data.examples import PUBLISHED

            _write(f"\nPublished numbers: {PUBLISHED[args.example]}\n", sys.stdout)
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


def _analyse(args: argparse.Namespace) -> Any:
    """What the command line asks for, from the scores it reads."""
    from multicomp.data.decorators import ScoresInput
    from multicomp.pairs.bayesian_comparison import compare_bayesian
    from multicomp.parametric.conditions import check_conditions
    from multicomp.parametric.family import choose_family
    from multicomp.ranking.plackett_luce import bayesian_ranking

    try:
        data = _read(args)
        if args.cv is not None:
            return _cross_validation(data, args)
        source = ScoresInput(
            data,
            {
                # not given: a score column named as an error, loss or time is pointed out
                **({"higher_is_better": False} if args.lower_is_better else {}),
                "dataset": args.dataset_column,
                "algorithm": args.algorithm_column,
                "score": args.score_column,
                "aggregate": args.aggregate,
                "nan_policy": args.nan_policy,
            },
        )
        scores = _scores(source, args)
        if args.check_conditions:
            return choose_family(check_conditions(source, alpha=args.alpha))
        if args.ranking:
            return bayesian_ranking(
                scores, random_state=DEFAULT_SEED if args.seed is None else args.seed
            )
        if args.bayesian is not None:
            return compare_bayesian(
                scores, test=args.bayesian, rope=args.rope, control=args.control, seed=args.seed
            )
        return _compare(source, scores.n_algorithms, args)
    except (FileNotFoundError, ValueError, TypeError, ImportError) as exc:
        raise InputError(_one_line(exc)) from exc
    except OSError as exc:
        raise InputError(f"cannot read {args.csv!r}: {exc.strerror or exc}") from exc


def _read(args: argparse.Namespace) -> Any:
    """The bundled example, the CSV (or standard input) as a DataFrame, checked, or the path
    of a Parquet or Arrow file (read in column batches where it is analysed)."""
    import pandas as pd

    from multicomp.data import arrow
    from multicomp.data.examples import load_example
    from multicomp.data.readers import read_scores

    if args.example is not None:
        return load_example(args.example)
    if args.csv != "-" and arrow.file_kind(args.csv) is not None:
        _check_columns(pd.DataFrame(columns=arrow.column_names(args.csv)), args)
        return read_scores(args.csv) if args.cv is not None else args.csv
    with _checked_input(args.csv, int(args.max_size * 2**20)) as path:
        try:
            data = read_scores(
                path,
                sep=_unescape(args.sep),
                decimal=args.decimal,
                dataset=args.dataset_column,
                algorithm=args.algorithm_column,
            )
        except ValueError as exc:  # named as the user gave it, not as a copy
            shown = "standard input" if args.csv == "-" else repr(args.csv)
            raise ValueError(_one_line(exc).replace(repr(path), shown)) from exc
    _check_columns(data, args)
    return data


def _scores(source: Any, args: argparse.Namespace) -> Any:
    """The validated scores, with the shape warnings as one-line messages on standard error."""
    from multicomp.data.scores import ShapeWarning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ShapeWarning)
        scores = source.scores(keep_missing=ranktests.kind_of(args.test) == "incomplete")
    for warning in caught:
        if issubclass(warning.category, ShapeWarning):
            message = _one_line(warning.message)
            pairwise = ranktests.kind_of(args.test) == "pairwise"
            if message.startswith("two algorithms") and not pairwise:
                message += "; on the command line: --test wilcoxon (or --test sign)"
            print(f"{PROG}: warning: {message}", file=sys.stderr)
        else:
            warnings.warn_explicit(
                warning.message, warning.category, warning.filename, warning.lineno
            )
    return scores


def _compare(source: Any, k: int, args: argparse.Namespace) -> Any:
    """:func:`multicomp.compare` on the input as read (so that the parametric conditions see
    the folds or runs), with a progress indicator for long runs."""
    from multicomp.analysis import compare
    from multicomp.data.scores import ShapeWarning

    slow = args.control is None and k >= SLOW_K
    show = args.progress if args.progress is not None else (slow and sys.stderr.isatty())
    message = (
        f"computing all-pairs adjusted p-values for k = {k}"
        if args.control is None
        else "computing the comparisons with the control"
    )
    return _with_progress(
        lambda: _quietly(
            ShapeWarning,
            lambda: compare(
                source,
                control=args.control,
                alpha=args.alpha,
                test=args.test,
                procedure=args.procedure,
                tie_correction=args.tie_correction,
                rom=args.rom,
                aligned_se=args.aligned_se,
                quade_se=args.quade_se,
                monotone=args.monotone,
                method=args.method,
                n_resamples=args.n_resamples,
                family=args.family,
                extras=[name for name in REPORT_EXTRAS if getattr(args, name)],
                alternative=args.alternative,
            ),
        ),
        message,
        enabled=bool(show),
        stream=sys.stderr,
    )


def _quietly(category: type[Warning], task: Callable[[], T]) -> T:
    """``task()`` with the warnings of ``category`` ignored (already printed once)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category)
        return task()


class _checked_input:
    """Context manager giving the path of a CSV to read: ``name`` itself once it is known to be
    a regular file of at most ``limit`` bytes with lines of at most :data:`MAX_LINE` bytes, or
    for ``'-'`` a temporary copy of standard input within the same limits. The file type is
    checked before the file is opened, so that a FIFO without a writer cannot block."""

    def __init__(self, name: str, limit: int) -> None:
        self.name, self.limit = name, limit
        self.copy: str | None = None  # the path of the copy of standard input

    def __enter__(self) -> str:
        if self.name == "-":
            with tempfile.NamedTemporaryFile(suffix=".csv", delete=False) as copy:
                self.copy = copy.name
                try:
                    _copy_checked(sys.stdin.buffer, "standard input", self.limit, copy.write)
                except BaseException:  # __exit__ is not called when __enter__ fails
                    os.unlink(copy.name)
                    raise
            return self.copy
        try:
            info = os.stat(self.name)
        except FileNotFoundError:
            return self.name  # read_csv names the missing file
        if not stat.S_ISREG(info.st_mode):
            kind = (
                "a directory"
                if stat.S_ISDIR(info.st_mode)
                else "a FIFO"
                if stat.S_ISFIFO(info.st_mode)
                else "a device"
                if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
                else "not a regular file"
            )
            raise InputError(
                f"{self.name!r} is {kind}, not a CSV file (use '-' to read standard input)"
            )
        if info.st_size > self.limit:
            raise InputError(_too_large(repr(self.name), self.limit))
        with open(self.name, "rb") as stream:
            _copy_checked(stream, repr(self.name), self.limit, lambda chunk: None)
        return self.name

    def __exit__(self, *exc: object) -> None:
        if self.copy is not None:
            os.unlink(self.copy)


def _copy_checked(stream: Any, what: str, limit: int, sink: Callable[[bytes], object]) -> None:
    """Pass ``stream`` to ``sink`` in chunks; InputError past ``limit`` bytes or a line longer
    than :data:`MAX_LINE` (both checked as the bytes arrive, so memory stays bounded)."""
    total, line = 0, 0
    while chunk := stream.read(_CHUNK):
        total += len(chunk)
        if total > limit:
            raise InputError(_too_large(what, limit))
        head, *rest = chunk.split(b"\n")  # head continues the current line
        line += len(head)
        longest = max([line, *map(len, rest[:-1])])
        line = len(rest[-1]) if rest else line
        if max(longest, line) > MAX_LINE:
            raise InputError(f"{what} has a line longer than {MAX_LINE} bytes: not a CSV of scores")
        sink(chunk)


def _too_large(what: str, limit: int) -> str:
    return (
        f"{what} is larger than the --max-size limit ({limit} bytes); a CSV of scores is "
        "far smaller (raise the limit with --max-size MIB)"
    )


def _check_columns(data: Any, args: argparse.Namespace) -> None:
    """A column named on the command line must exist (else it would be silently ignored)."""
    columns = [str(c) for c in getattr(data, "columns", [])]
    for option, name, default in (
        ("--dataset-column", args.dataset_column, "dataset"),
        ("--algorithm-column", args.algorithm_column, "algorithm"),
        ("--score-column", args.score_column, "score"),
    ):
        if name != default and name not in columns and name != getattr(data.index, "name", None):
            raise InputError(
                f"{option} {name!r} is not a column of {args.csv!r}; its columns are {columns}"
            )


def _one_line(exc: BaseException | Warning | str) -> str:
    return " ".join(str(exc).split())


def _unescape(sep: str | None) -> str | None:
    """A separator typed in a shell: '\\t' (backslash t) or 'tab' mean a tab."""
    return "\t" if sep in ("\\t", "tab", "TAB") else sep


def _figure(report: Any, args: argparse.Namespace) -> Any:
    options = {} if args.plot_procedure is None else {"procedure": args.plot_procedure}
    try:
        return report.plot(**options)
    except (ValueError, TypeError) as exc:
        raise InputError(f"cannot draw the diagram: {_one_line(exc)}") from exc


def _cross_validation(data: Any, args: argparse.Namespace) -> Any:
    """The ``--cv`` test of the two score columns of ``data`` (a row per fold)."""
    from multicomp.pairs import cross_validation

    if data.shape[1] != 2:
        raise InputError(
            f"--cv compares two algorithms: the CSV needs a column of fold labels "
            f"and two score columns; got {data.shape[1]} score columns "
            f"{[str(c) for c in data.columns]}"
        )
    x, y = data.iloc[:, 0], data.iloc[:, 1]
    test = getattr(cross_validation, args.cv)
    if args.cv in CV_TESTS[2:]:  # 5 replications x 2 folds, in row order
        if len(data) != 10:
            raise InputError(
                f"--cv {args.cv} needs 10 rows (5 replications x 2 folds); got {len(data)}"
            )
        return test(x.to_numpy().reshape(5, 2), y.to_numpy().reshape(5, 2))
    if args.cv == "bayesian_correlated_t_test":
        return test(
            x,
            y,
            rho=args.rho,
            rope=args.rope,
            seed=args.seed,
            higher_is_better=not args.lower_is_better,
        )
    return test(x, y, rho=args.rho)


def _render(report: Any, fmt: str) -> str:
    """The report in ``fmt``: its ``to_<fmt>`` method, or its ``str`` as text."""
    renderer: Callable[[], str] | None = getattr(report, f"to_{fmt}", None)
    if renderer is None and fmt == "text":
        return str(report)
    if renderer is None:
        raise InputError(f"--format {fmt} is not available for this analysis")
    return renderer()


def _write(text: str, stream: TextIO) -> None:
    stream.write(text if text.endswith("\n") else text + "\n")
    stream.flush()


def _with_progress(
    task: Callable[[], T], message: str, *, enabled: bool, stream: TextIO, interval: float = 0.1
) -> T:
    """Run ``task`` in a worker thread while a spinner (on a terminal) or a start/finish line
    (otherwise) reports on ``stream``. Exceptions of the task propagate."""
    if not enabled:
        return task()
    value: list[T] = []
    error: list[BaseException] = []

    def work() -> None:
        try:
            value.append(task())
        except BaseException as exc:  # re-raised in the calling thread
            error.append(exc)

    worker = threading.Thread(target=work, name="multicomp-compute", daemon=True)
    start = time.monotonic()
    tty = stream.isatty()
    if not tty:
        stream.write(f"{PROG}: {message} ...\n")
        stream.flush()
    worker.start()
    frames = "|/-\\"
    tick = 0
    while worker.is_alive():
        worker.join(interval)
        if tty and worker.is_alive():
            stream.write(f"\r{PROG}: {message} {frames[tick % 4]} {time.monotonic() - start:.1f} s")
            stream.flush()
            tick += 1
    elapsed = time.monotonic() - start
    if tty:
        stream.write("\r\033[K")
    if not error:
        stream.write(f"{PROG}: {message}: done in {elapsed:.1f} s\n")
    stream.flush()
    if error:
        raise error[0]
    return value[0]
