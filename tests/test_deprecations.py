"""The old spellings of renamed arguments, attributes and names (issue 12.2: one vocabulary)
still work, give what the new names give, and warn with a DeprecationWarning naming the new
name; giving an old and a new keyword at once is a TypeError."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import multicomp as mc
from multicomp import adjust, posthoc
from multicomp.cli import main

G08 = mc.load_example("garcia2008")
G10 = mc.load_example("garcia2010")
P = np.array([0.01, 0.04, 0.03, 0.002, 0.2, 0.5])


def _old(new_name: str, call: Callable[[], Any]) -> Any:
    with pytest.warns(DeprecationWarning, match=rf"deprecated; use .*{new_name}") as caught:
        value = call()
    assert len(caught) == 1 and Path(caught[0].filename) == Path(__file__)  # the caller's line
    return value


def _equal(a: Any, b: Any) -> None:
    if isinstance(a, np.ndarray):
        np.testing.assert_array_equal(a, b)
    else:
        assert a == b


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (lambda: mc.adjust_control(P, method="holm"), lambda: mc.adjust_control(P, "holm")),
        (
            lambda: mc.adjust_all_pairs(P, method="shaffer"),
            lambda: mc.adjust_all_pairs(P, procedure="shaffer"),
        ),
        (
            lambda: mc.critical_difference(4, 14, method="bonferroni_dunn"),
            lambda: mc.critical_difference(4, 14, procedure="bonferroni_dunn"),
        ),
        (
            lambda: mc.critical_difference_q(5, method="nemenyi"),
            lambda: mc.critical_difference_q(5, procedure="nemenyi"),
        ),
        (
            lambda: mc.posthoc_all_pairs(G08, methods=["holm"]).procedures,
            lambda: mc.posthoc_all_pairs(G08, procedures=["holm"]).procedures,
        ),
        (
            lambda: mc.posthoc_incomplete(G08, methods=["holm"]).procedures,
            lambda: mc.posthoc_incomplete(G08, procedures=["holm"]).procedures,
        ),
    ],
)
def test_renamed_keywords(old: Callable[[], Any], new: Callable[[], Any]) -> None:
    _equal(_old("procedure", old), new())


def test_both_spellings_at_once_are_refused() -> None:
    with pytest.raises(TypeError, match="method= is the deprecated name of procedure="):
        mc.adjust_control(P, method="holm", procedure="holm")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="methods= is the deprecated name of procedures="):
        mc.posthoc_all_pairs(G08, methods=["holm"], procedures=["holm"])  # type: ignore[call-arg]


def test_renamed_result_attributes() -> None:
    result = mc.posthoc_all_pairs(G08)
    assert _old("procedures", lambda: result.methods) == result.procedures
    _equal(
        _old("procedure", lambda: result.matrix(method="holm")).to_numpy(),
        result.matrix("holm").to_numpy(),
    )
    tukey = mc.posthoc_parametric(G10)
    assert _old("procedure", lambda: tukey.method) == tukey.procedure == "tukey"
    holdout = mc.mcnemar([1, 0, 1, 1, 0, 1], [1, 0, 0, 1, 0, 1], [0, 0, 1, 1, 1, 1])
    assert _old("reject", lambda: holdout.h) is holdout.reject
    signed = mc.wilcoxon(G10.iloc[:, 0], G10.iloc[:, 1], method="approx")
    assert _old(".z", lambda: signed.zstatistic) == signed.z is not None
    signs = mc.sign_test(G10.iloc[:, 0], G10.iloc[:, 1], method="normal")
    assert _old(".z", lambda: signs.zstatistic) == signs.z is not None


def test_renamed_names() -> None:
    assert (
        _old("CONTROL_PROCEDURES", lambda: adjust.CONTROL_METHODS) == mc.adjust.CONTROL_PROCEDURES
    )
    assert (
        _old("ALL_PAIRS_PROCEDURES", lambda: adjust.ALL_PAIRS_METHODS)
        == adjust.ALL_PAIRS_PROCEDURES
    )
    assert (
        _old("PAIRWISE_PROCEDURES", lambda: posthoc.PAIRWISE_METHODS) is posthoc.PAIRWISE_PROCEDURES
    )
    assert _old("PosthocTest", lambda: mc.Test) is mc.PosthocTest
    assert _old("McNemarTest", lambda: mc.HoldoutTest) is mc.McNemarTest
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        mc.Nope  # noqa: B018


def _title(figure: Any) -> str:
    return str(figure.axes[0].get_title())


def test_the_diagrams_old_keyword() -> None:
    old = _old("procedure", lambda: mc.cd_diagram(G10, method="holm", control="PDFC"))
    assert _title(old) == _title(mc.cd_diagram(G10, procedure="holm", control="PDFC"))
    report = mc.compare(G10, control="PDFC")
    assert _title(_old("procedure", lambda: report.plot(method="hochberg"))) == _title(
        report.plot(procedure="hochberg")
    )


def test_simulate_old_keyword() -> None:
    options: dict[str, Any] = {"n_replications": 4, "tests": ["friedman"], "random_state": 3}
    old = _old("procedures", lambda: mc.simulate(4, 10, methods=["holm"], **options))
    assert old.to_frame().equals(mc.simulate(4, 10, procedures=["holm"], **options).to_frame())


def test_the_command_lines_old_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "cd.png"
    assert main(["--example", "demsar2006", "--plot-method", "nemenyi", "--plot", str(plot)]) == 0
    assert "--plot-method is deprecated; use --plot-procedure" in capsys.readouterr().err
    assert plot.read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(SystemExit) as status:
        main(["--example", "demsar2006", "--plot-method", "holm", "--plot-procedure", "holm"])
    assert status.value.code == 2
