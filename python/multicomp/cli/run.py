"""The command line's work: reading the input within its limits (size, line length; a file,
standard input or an example), running the analysis asked for, rendering and writing it, with a
progress indicator for long runs."""

from __future__ import annotations

import argparse
import os
import stat
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable
from typing import Any, TextIO, TypeVar

from multicomp import ranktests
from multicomp._internal.seeds import DEFAULT_SEED
from multicomp._internal.vocabulary import (
    REPORT_EXTRAS,
)
from multicomp.cli.options import CV_TESTS, PROG

__all__: list[str] = []


# All pairs take long enough from this k on to deserve a progress indicator (Bergmann-Hommel
# of a rank post-hoc: 25 to 70 ms at k = 50, 0.4 to 1.6 s at k = 100; docs/robinson.md).
SLOW_K = 50


#: Longest line of a CSV, in bytes: about 10,000 algorithms with long names.
MAX_LINE = 1 << 20


_CHUNK = 1 << 16


T = TypeVar("T")


class InputError(Exception):
    """Bad input: reported in one line, exit status 2."""


def analyse(args: argparse.Namespace) -> Any:
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
                "dataset": args.dataset,
                "algorithm": args.algorithm,
                "score": args.score,
                "aggregate": args.aggregate,
                "nan_policy": args.nan_policy,
            },
        )
        folds = args.bayesian == "hierarchical"  # the folds as given, not combined
        scores: Any = source if folds else _scores(source, args)
        if args.check_conditions:
            return choose_family(check_conditions(source, alpha=args.alpha))
        if args.ranking:
            return bayesian_ranking(scores, random_state=_seed(args))
        if args.bayesian is not None:
            return compare_bayesian(
                scores,
                test=args.bayesian,
                rope=args.rope,
                control=args.control,
                runs=args.runs,
                random_state=args.random_state,
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
    limit = int(args.max_size * 2**20)
    if args.csv != "-" and arrow.file_kind(args.csv) is not None:
        if _checked_file(args.csv, limit, "a Parquet or Arrow file"):
            decoded = arrow.decoded_size(args.csv)
            if decoded > limit:
                raise InputError(_too_large(f"{args.csv!r} (decoded: {decoded} bytes)", limit))
        _check_columns(pd.DataFrame(columns=arrow.column_names(args.csv)), args)
        return read_scores(args.csv) if args.cv is not None else args.csv
    with _checked_input(args.csv, limit) as path:
        try:
            data = read_scores(
                path,
                sep=_unescape(args.sep),
                decimal=args.decimal,
                dataset=args.dataset,
                algorithm=args.algorithm,
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
                se=args.se,
                monotone=args.monotone,
                method=args.method,
                n_resamples=args.n_resamples,
                random_state=_seed(args),
                family=args.family,
                extras=[name for name in REPORT_EXTRAS if getattr(args, name)],
                alternative=args.alternative,
                rope=args.rope,
                runs=args.runs,
            ),
        ),
        message,
        enabled=bool(show),
        stream=sys.stderr,
    )


def _seed(args: argparse.Namespace) -> int:
    """``--random-state``, or the package's default seed (0) for the reproducible draws."""
    return DEFAULT_SEED if args.random_state is None else int(args.random_state)


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
        if not _checked_file(self.name, self.limit, "a CSV file (use '-' to read standard input)"):
            return self.name  # read_csv names the missing file
        with open(self.name, "rb") as stream:
            _copy_checked(stream, repr(self.name), self.limit, lambda chunk: None)
        return self.name

    def __exit__(self, *exc: object) -> None:
        if self.copy is not None:
            os.unlink(self.copy)


def _checked_file(name: str, limit: int, wanted: str) -> bool:
    """Whether ``name`` exists; InputError unless it is a regular file (checked before it is
    opened, so that a FIFO without a writer cannot block) of at most ``limit`` bytes."""
    try:
        info = os.stat(name)
    except FileNotFoundError:
        return False
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
        raise InputError(f"{name!r} is {kind}, not {wanted}")
    if info.st_size > limit:
        raise InputError(_too_large(repr(name), limit))
    return True


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
        f"{what} is larger than the --max-size limit ({limit} bytes); a file of scores is "
        "far smaller (raise the limit with --max-size MIB)"
    )


def _check_columns(data: Any, args: argparse.Namespace) -> None:
    """A column named on the command line must exist (else it would be silently ignored)."""
    columns = [str(c) for c in getattr(data, "columns", [])]
    for option, name, default in (
        ("--dataset", args.dataset, "dataset"),
        ("--algorithm", args.algorithm, "algorithm"),
        ("--score", args.score, "score"),
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


def draw_figure(report: Any, args: argparse.Namespace) -> Any:
    options: dict[str, Any] = {
        "procedure": args.plot_procedure,
        "highlight": args.highlight,
        "hue": _pairs(args.hue, "--hue", "NAME=FAMILY"),
        "aliases": _pairs(args.alias, "--alias", "NAME=TEXT"),
        "title": args.title,
        "fontsize": args.fontsize,
        "linewidth": args.linewidth,
        "bar_color": args.bar_color,
    }
    try:
        return report.plot(**{key: value for key, value in options.items() if value is not None})
    except (ValueError, TypeError) as exc:
        raise InputError(f"cannot draw the diagram: {_one_line(exc)}") from exc


def _pairs(given: list[str] | None, option: str, form: str) -> dict[str, str] | None:
    """The NAME=VALUE arguments of a repeated option as a dict (InputError unless each has
    an '=' after a name)."""
    if given is None:
        return None
    pairs = {}
    for text in given:
        name, sep, value = text.partition("=")
        if not sep or not name:
            raise InputError(f"{option} takes {form}; got {text!r}")
        pairs[name] = value
    return pairs


def _cross_validation(data: Any, args: argparse.Namespace) -> Any:
    """The ``--cv`` test of the two score columns of ``data`` (a row per fold)."""
    from multicomp.pairs import cross_validation

    if data.shape[1] != 2:
        raise InputError(
            f"--cv compares two algorithms: the CSV needs a column of fold labels "
            f"and two score columns; got {data.shape[1]} score columns "
            f"{[str(c) for c in data.columns]}"
        )
    if args.cv == CV_TESTS[4]:
        return _hierarchical(data, args)
    x, y = data.iloc[:, 0], data.iloc[:, 1]
    test = getattr(cross_validation, args.cv)
    if args.cv in CV_TESTS[2:4]:  # 5 replications x 2 folds, in row order
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
            random_state=args.random_state,
            higher_is_better=not args.lower_is_better,
        )
    return test(x, y, rho=args.rho)


def _hierarchical(data: Any, args: argparse.Namespace) -> Any:
    """``--cv bayesian_hierarchical_test``: the rows of each data set (the first column) are
    its folds, in order; every data set needs the same number of them."""
    import numpy as np
    import pandas as pd

    from multicomp.pairs.hierarchical import bayesian_hierarchical_test

    codes, datasets = pd.factorize(data.index)
    counts = np.bincount(codes)
    if np.unique(counts).size != 1:
        raise InputError(
            f"--cv {args.cv} needs the same number of folds in every data set; got "
            + ", ".join(f"{name}: {n}" for name, n in zip(datasets, counts))
        )
    rows = data.to_numpy(dtype=np.float64)[np.argsort(codes, kind="stable")]
    x, y = (pd.DataFrame(rows[:, j].reshape(len(datasets), -1), index=datasets) for j in (0, 1))
    return bayesian_hierarchical_test(
        x,
        y,
        rope=args.rope,
        runs=1 if args.runs is None else args.runs,
        names=(str(data.columns[0]), str(data.columns[1])),
        random_state=args.random_state,
        higher_is_better=not args.lower_is_better,
    )


def render(report: Any, fmt: str) -> str:
    """The report in ``fmt``: its ``to_<fmt>`` method, or its ``str`` as text."""
    renderer: Callable[[], str] | None = getattr(report, f"to_{fmt}", None)
    if renderer is None and fmt == "text":
        return str(report)
    if renderer is None:
        raise InputError(f"--format {fmt} is not available for this analysis")
    return renderer()


def write(text: str, stream: TextIO) -> None:
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
