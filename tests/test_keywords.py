"""Unknown keywords are refused by every public callable, before any work, naming the keyword
and the closest valid names; signatures show exactly what is accepted.

The callables are derived, not listed: the functions of ``multicomp.__all__`` and the public
methods of its classes and of ``multicomp.results``. A misspelled keyword is passed where the
callable has no positional argument at all (or, for a method, no instance), so the TypeError
can only come from the keyword check, which runs before anything else.
"""

from __future__ import annotations

import difflib
import inspect
import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import multicomp as mc
import multicomp.results
from multicomp.cli import main
from multicomp.cli.options import build_parser

BY_NAME = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)


def _classes() -> Iterator[type]:
    names = {*mc.__all__, *multicomp.results.__all__}
    for name in sorted(names):
        value = getattr(mc, name, None) or getattr(multicomp.results, name)
        if inspect.isclass(value):
            yield value


def public_callables() -> dict[str, Callable[..., Any]]:
    """Every public function and method, by its public name."""
    found: dict[str, Callable[..., Any]] = {}
    for name in mc.__all__:
        value = getattr(mc, name)
        if callable(value) and not inspect.isclass(value):
            found[name] = value
    for cls in _classes():
        for name, member in inspect.getmembers(cls):
            if name.startswith("_") or inspect.isclass(member) or not callable(member):
                continue
            if getattr(member, "__module__", "").startswith("multicomp"):
                found[f"{cls.__name__}.{name}"] = member
    return found


CALLABLES = public_callables()


def keywords(function: Callable[..., Any]) -> list[str]:
    parameters = inspect.signature(function).parameters.values()
    return [p.name for p in parameters if p.kind in BY_NAME and p.name not in ("self", "cls")]


def misspelled(name: str) -> str:
    """A typo of ``name``: its last letter doubled (``alpha`` -> ``alphaa``)."""
    return name + name[-1]


def test_the_walk_finds_the_callables_that_matter() -> None:
    assert {"compare", "posthoc_control", "friedman", "Report.plot", "Report.save"} <= set(
        CALLABLES
    )
    assert any(name.endswith(".to_frame") for name in CALLABLES)


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_no_signature_hides_a_catch_all(name: str) -> None:
    """inspect.signature shows exactly what is accepted: no ``**kwargs`` anywhere."""
    parameters = inspect.signature(CALLABLES[name]).parameters.values()
    assert not [p.name for p in parameters if p.kind is inspect.Parameter.VAR_KEYWORD]


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_a_misspelled_keyword_is_refused_naming_the_closest(name: str) -> None:
    function = CALLABLES[name]
    valid = keywords(function)
    # an instance method is called on None: the refusal comes before anything reads it
    instance = (None,) if "self" in inspect.signature(function).parameters else ()
    for keyword in valid or ["bogus"]:
        typo = misspelled(keyword)
        with pytest.raises(TypeError) as error:
            function(*instance, **{typo: 0.01})
        message = str(error.value)
        assert repr(typo) in message, (name, message)
        if valid:
            assert repr(keyword) in message, (name, message)


def test_the_issue_reproducers() -> None:
    scores = mc.load_example("demsar2006")
    with pytest.raises(TypeError, match=r"'alpah' \(did you mean 'alpha'\?\)"):
        mc.posthoc_control(scores, control=0, alpah=0.01)
    with pytest.raises(TypeError, match=r"'procedurre' \(did you mean 'procedure'\?\)"):
        mc.compare(scores, procedurre="holm")


def test_a_keyword_of_the_input_layer_is_still_taken() -> None:
    scores = mc.load_example("demsar2006")
    low = mc.friedman(-scores.to_numpy(), higher_is_better=False)
    assert low.statistic == mc.friedman(scores).statistic


def _long_options() -> list[str]:
    parser = build_parser()
    options = [o for a in parser._actions for o in a.option_strings if o.startswith("--")]
    return [o for o in options if o != "--help"]


@pytest.mark.parametrize("option", _long_options())
def test_the_command_line_refuses_a_misspelled_option_naming_it(
    option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    typo = misspelled(option)
    with pytest.raises(SystemExit) as stop:
        main(["--example", "demsar2006", typo, "1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert typo in err and f"did you mean {option}" in err, err


def test_the_command_line_refuses_a_prefix_of_an_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--example", "demsar2006", "--alph", "0.1"])
    assert stop.value.code == 2
    assert "--alph (did you mean --alpha" in capsys.readouterr().err


def test_another_library_s_name_points_to_the_package_s() -> None:
    """baycomp's and numpy's names are no keywords here, but the message names ours."""
    with pytest.raises(TypeError, match=r"'seed' \(did you mean 'random_state'\?\)"):
        mc.bayesian_sign_test([0.1, 0.2, 0.3], [0.2, 0.3, 0.5], seed=1)
    with pytest.raises(TypeError, match=r"'p_adjust' \(did you mean 'procedures'\?\)"):
        mc.posthoc_all_pairs(mc.load_example("demsar2006"), p_adjust="holm")


#: Parameter names alike in spelling that name different things (docs/user_guide/names.md):
#: one and several (``procedure`` the procedure whose decisions a function reports,
#: ``procedures`` those whose adjusted p-values it computes), a column and a count, a decimal
#: mark and a number of decimals, the SE form and a CSV separator, ...
DISTINCT = {
    ("algorithm", "algorithms"),
    ("algorithm", "n_algorithms"),
    ("algorithms", "n_algorithms"),
    ("correction", "tie_correction"),
    ("dataset", "n_datasets"),
    ("decimal", "decimals"),
    ("decisions", "precision"),
    ("model1", "model2"),
    ("name", "names"),
    ("procedure", "procedures"),
    ("reject", "rejected"),
    ("se", "sep"),
    ("test", "tests"),
    ("test", "text"),
    ("test", "ties"),
    ("y_pred1", "y_pred2"),
}


def test_one_spelling_per_concept() -> None:
    """Every two parameter names of the public callables that look alike are in DISTINCT: a
    new near-duplicate is either the same concept, to be spelled one way, or listed there."""
    names = sorted(
        {
            p.name
            for function in CALLABLES.values()
            for p in inspect.signature(function).parameters.values()
            if p.name not in ("self", "cls")
        }
    )
    alike = {
        (a, b)
        for a, b in itertools.combinations(names, 2)
        if difflib.SequenceMatcher(None, a, b).ratio() >= 0.75
    }
    assert alike <= DISTINCT, sorted(alike - DISTINCT)
    assert {"se", "procedures"} <= set(names) and not {"aligned_se", "quade_se"} & set(names)
