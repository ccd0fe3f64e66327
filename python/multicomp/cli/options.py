"""The command line's options, in groups (the input, the analysis, the papers' forms, the Bayesian
and parametric sides, the output, the reading of the file, progress), their choices read from
the registries and the vocabulary."""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Sequence
from typing import Any

from multicomp._internal.names import REPORT_EXTRA_HELP
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
)

__all__ = []


#: Default largest input, in MiB (--max-size raises it): a CSV of scores is kilobytes; this
#: bounds the memory a wrong file (a device, a log, /dev/zero) can take.
MAX_SIZE_MIB = 64


PROG = "multicomp"


FORMATS = ("text", "latex", "markdown", "html", "json", "csv")


#: The tests of cross-validation folds that --cv runs: those of multicomp.pairs.cross_validation
#: (the first two take --rho, the next two 5x2cv) and, on many data sets, the hierarchical test.
CV_TESTS = (
    "corrected_resampled_t_test",
    "bayesian_correlated_t_test",
    "paired_t_test_5x2cv",
    "combined_f_test_5x2cv",
    "bayesian_hierarchical_test",
)


PLOT_SUFFIXES = (".png", ".svg", ".pdf")


#: The options (their dests) of the --plot diagram's style.
STYLE_OPTIONS = ("highlight", "hue", "alias", "title", "fontsize", "linewidth", "bar_color")


class _StrictParser(argparse.ArgumentParser):
    """An argument parser whose error for an unknown option names the closest ones."""

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            known = [
                o for a in self._actions for o in a.option_strings if o not in ("-h", "--help")
            ]
            hints = []
            for extra in extras:
                close = difflib.get_close_matches(extra.split("=")[0], known, n=3, cutoff=0.6)
                hint = f" (did you mean {' or '.join(close)}?)" if close else ""
                hints.append(f"{extra}{hint}")
            self.error(f"unrecognized arguments: {', '.join(hints)}")
        return parsed


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, built in steps: the input, the analysis, the papers' forms,
    the Bayesian and cross-validation comparisons, the parametric side, the outputs, how a
    CSV is read, and progress."""
    parser = _StrictParser(
        prog=PROG,
        allow_abbrev=False,  # a prefix of an option is refused like any unknown option
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
        _diagram_options,
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
        help=f"refuse inputs larger than this many MiB (default {MAX_SIZE_MIB}; a Parquet "
        "file: its data decoded, 8 bytes a cell at least)",
    )
    parser.add_argument(
        "--example",
        **_listed("--example", EXAMPLES),
        help="analyse a bundled example of the papers instead of a CSV",
    )


def _analysis_options(parser: argparse.ArgumentParser) -> None:
    """What is compared and how: control, alpha, direction, test and procedure."""
    from multicomp import ranktests  # the registries: not for --version

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
        "hommel, holland, rom, bonferroni; for all pairs "
        "bergmann_hommel (default), shaffer, holm, nemenyi (studentized range), bonferroni; "
        "computed only when named (the report then shows that one): finner and li (not "
        "FWER-controlling), miller, single_step (all pairs: the peers'; with --control: "
        "Dunnett-type), hommel (all pairs), fdr_bh and "
        "fdr_by (false discovery rate, not FWER); required with --test conover",
    )


def _paper_options(parser: argparse.ArgumentParser) -> None:
    """The papers' forms and the p-value method of the rank tests."""
    from multicomp import ranktests  # the registries: not for --version

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
        "--se",
        **_listed("--se", ranktests.se_forms()),
        default=ranktests.DEFAULT_SE,
        help="SE of the rank post-hoc, among the forms of --test: calibrated (default) or "
        "garcia2010 (--test aligned: sqrt(k(kN+1)/6) of G10 Table 10; --test quade: G10 eq. "
        "(22), Table 11, which misstates the null SE for k != 3)",
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
        help="Bayesian signed_rank or sign test of every pair (or each against --control), "
        "or the hierarchical test of their folds (a long table with a fold column; --runs)",
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
    bayes.add_argument(
        "--random-state",
        type=int,
        help="seed of every random draw: the permutations (default 0), the posterior sampling "
        "of --bayesian and --cv bayesian_correlated_t_test (default: fresh), the Bayesian "
        "ranking (--ranking, --bayesian-ranking; default 0)",
    )
    bayes.add_argument(
        "--cv",
        **_listed("--cv", CV_TESTS),
        help="instead of the tests: compare the two algorithms (columns) of a CSV "
        "of cross-validation scores of ONE data set (a row per fold, in order; "
        "5x2cv: replication 1 fold 1, replication 1 fold 2, ...); bayesian_hierarchical_test: "
        "MANY data sets, the first column naming each row's data set, its folds in order",
    )
    bayes.add_argument(
        "--rho",
        type=float,
        help="with --cv: the correlation n_test/n_total of the folds (1/K for "
        "K-fold cross-validation; Nadeau & Bengio 2003)",
    )
    bayes.add_argument(
        "--runs",
        type=int,
        help="with --cv bayesian_hierarchical_test, --bayesian hierarchical or "
        "--bayesian-hierarchical: the repetitions of the cross-validation "
        "(default 1; rho = runs / folds)",
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


def _diagram_options(parser: argparse.ArgumentParser) -> None:
    """The style of the --plot diagram (multicomp.cd_diagram's keywords)."""
    style = parser.add_argument_group(
        "the style of the --plot diagram", "the keywords of multicomp.cd_diagram"
    )
    style.add_argument(
        "--highlight",
        metavar="NAME",
        action="append",
        help="draw this algorithm in bold and in colour (repeat for more)",
    )
    style.add_argument(
        "--hue",
        metavar="NAME=FAMILY",
        action="append",
        help="colour NAME as one of FAMILY, with a legend (repeat for each algorithm)",
    )
    style.add_argument(
        "--alias",
        metavar="NAME=TEXT",
        action="append",
        help="show TEXT in place of NAME, e.g. for a long name (repeat for more)",
    )
    style.add_argument("--title", help="the diagram's title (default: procedure and alpha)")
    style.add_argument("--fontsize", metavar="PT", type=float, help="font size in points")
    style.add_argument("--linewidth", metavar="PT", type=float, help="width of the group bars")
    style.add_argument("--bar-color", metavar="COLOUR", help="colour of the group bars")


def _reading_options(parser: argparse.ArgumentParser) -> None:
    """How a CSV is read: the columns of long data, runs, missing scores, separators."""
    parser.add_argument(
        "--dataset",
        default="dataset",
        metavar="NAME",
        help="data-set column of a long CSV (default 'dataset')",
    )
    parser.add_argument(
        "--algorithm",
        default="algorithm",
        metavar="NAME",
        help="algorithm column of a long CSV (default 'algorithm')",
    )
    parser.add_argument(
        "--score",
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


def _choice(option: str, name: str, allowed: tuple[str, ...]) -> str:
    """An option's value as the library spells it (any case, hyphens for underscores)."""
    from multicomp._internal.validation import check_choice

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
