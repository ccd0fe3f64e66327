"""The result classes (issue 12.5): one namespace, multicomp.results, holding every result
class the package exports, and a readable str() for each of them (not the dataclass repr)."""

from __future__ import annotations

import dataclasses
import inspect
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
import pytest

import multicomp as mc
from multicomp import results

DATA = mc.load_example("demsar2006").iloc[:, :4]
X, Y = DATA.iloc[:, 0], DATA.iloc[:, 1]
#: The Fano plane: a balanced incomplete block design of 7 algorithms in 7 data sets of 3.
FANO = [(0, 1, 3), (1, 2, 4), (2, 3, 5), (3, 4, 6), (0, 4, 5), (1, 5, 6), (0, 2, 6)]


def incomplete_blocks() -> np.ndarray:
    x = np.full((7, 7), np.nan)
    for i, block in enumerate(FANO):
        x[i, list(block)] = [1.0 + i, 2.0 + (i % 2), 3.5]
    return x


def folds() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    x = rng.normal(0.8, 0.02, 20)
    return x, x - rng.normal(0.01, 0.01, 20)


def holdout() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 60)
    return y, np.where(rng.random(60) < 0.8, y, 1 - y), np.where(rng.random(60) < 0.7, y, 1 - y)


#: One instance of every result class, and of the exported input table ``Scores``.
def hierarchical_folds() -> tuple[np.ndarray, np.ndarray]:
    """Two algorithms' fold scores on 6 data sets x 5 folds."""
    rng = np.random.default_rng(3)
    x = 0.8 + 0.05 * rng.normal(size=(6, 1)) + 0.01 * rng.normal(size=(6, 5))
    return x, x + 0.01 + 0.01 * rng.normal(size=(6, 5))


INSTANCES: dict[str, Callable[[], object]] = {
    "FriedmanResult": lambda: mc.friedman(DATA),
    "ImanDavenportResult": lambda: mc.iman_davenport(DATA),
    "AlignedRanksResult": lambda: mc.friedman_aligned_ranks(DATA),
    "QuadeResult": lambda: mc.quade(DATA),
    "SkillingsMackResult": lambda: mc.skillings_mack(incomplete_blocks()),
    "DurbinResult": lambda: mc.durbin(incomplete_blocks()),
    "PosthocControlResult": lambda: mc.posthoc_control(DATA, control=0),
    "PosthocAllPairsResult": lambda: mc.posthoc_all_pairs(DATA),
    "Report": lambda: mc.compare(DATA),
    "OmnibusTest": lambda: mc.compare(DATA).omnibus[0],
    "Hypothesis": lambda: mc.compare(DATA).hypotheses[0],
    "PairEffects": lambda: mc.compare(DATA, extras=["effect_sizes"]).effect_sizes[0],
    "EffectSize": lambda: mc.compare(DATA, extras=["effect_sizes"]).effect_sizes[0].effects[0],
    "MatrixCell": lambda: mc.compare(DATA, extras=["matrix"]).matrix[0],
    "RankingWeight": lambda: mc.compare(DATA, extras=["bayesian_ranking"]).bayesian_ranking[0],
    "HierarchicalPair": lambda: mc.compare(
        np.stack([*hierarchical_folds(), np.mean(hierarchical_folds(), axis=0)], axis=1),
        aggregate="mean",
        extras=["bayesian_hierarchical"],
    ).bayesian_hierarchical[0],
    "WilcoxonResult": lambda: mc.wilcoxon(X, Y),
    "SignTestResult": lambda: mc.sign_test(X, Y),
    "PairedTTestResult": lambda: mc.paired_t_test(X, Y),
    "MultipleSignResult": lambda: mc.multiple_sign_test(DATA, 0),
    "ContrastResult": lambda: mc.contrast_estimation(DATA),
    "EffectSizeResult": lambda: mc.effect_sizes(DATA, n_resamples=200),
    "ComparisonMatrix": lambda: mc.comparison_matrix(DATA),
    "LetterDisplay": lambda: mc.compact_letters(mc.posthoc_all_pairs(DATA)),
    "HoldoutResult": lambda: mc.mcnemar(*holdout()),
    "BayesianResult": lambda: mc.bayesian_signed_rank_test(X, Y, random_state=0, n_draws=500),
    "BayesianComparison": lambda: mc.compare_bayesian(DATA, random_state=0, n_draws=500),
    "BayesianRankingResult": lambda: mc.bayesian_ranking(DATA, n_draws=200),
    "CrossValidationTestResult": lambda: mc.corrected_resampled_t_test(*folds(), rho=0.1),
    "CorrelatedTTestResult": lambda: mc.bayesian_correlated_t_test(*folds(), rho=0.1),
    "HierarchicalResult": lambda: mc.bayesian_hierarchical_test(
        *hierarchical_folds(), rope=0.01, n_draws=2_000, random_state=0
    ),
    "ConditionsResult": lambda: mc.check_conditions(DATA),
    "FamilyChoice": lambda: mc.choose_family(mc.check_conditions(DATA)),
    "RMAnovaResult": lambda: mc.rm_anova(DATA),
    "ParametricPosthocResult": lambda: mc.posthoc_parametric(DATA),
    "SimulationResult": lambda: mc.simulate(
        3, 6, n_replications=20, comparisons=["omnibus"], tests=["friedman"], random_state=0
    ),
    "Scores": lambda: mc.Report.as_scores(mc.compare(DATA)),
}


def public(name: str) -> Any:
    """The public class ``name``: from ``multicomp`` or from ``multicomp.results``."""
    return getattr(mc, name) if name in mc.__all__ else getattr(results, name)


def exported_dataclasses() -> set[str]:
    return {
        name
        for name in [*mc.__all__, *results.__all__]
        if inspect.isclass(public(name)) and dataclasses.is_dataclass(public(name))
    }


def test_results_namespace_holds_every_exported_result_class() -> None:
    """The result classes live in ``multicomp.results``; the top level keeps only ``Report``
    (and ``Scores``, the validated input) of the data classes."""
    assert set(results.__all__) == exported_dataclasses() - {"Scores"}
    assert len(results.__all__) == len(set(results.__all__))
    top = {name for name in mc.__all__ if inspect.isclass(getattr(mc, name))}
    assert top & exported_dataclasses() == {"Report", "Scores"}
    for name in results.__all__:
        assert re.search(rf"\b{name}\b", results.__doc__ or ""), f"results' docstring: {name}"


def test_every_exported_dataclass_has_an_instance_here() -> None:
    assert set(INSTANCES) == exported_dataclasses()


@pytest.mark.parametrize("name", sorted(INSTANCES))
def test_str_is_readable(name: str) -> None:
    instance = INSTANCES[name]()
    cls = public(name)
    assert type(instance) is cls
    assert cls.__str__ is not object.__str__, f"{name} has no __str__ of its own"
    text = str(instance)
    assert text != repr(instance) and not text.startswith(f"{name}("), text
    assert "array(" not in text and "dtype" not in text, text
    assert re.search(r"[A-Za-z]{3}", text.splitlines()[0]), text


@pytest.mark.parametrize("name", sorted(results.__all__))
def test_every_result_is_a_table_and_a_notebook_view(name: str) -> None:
    """The result protocol: ``to_frame()`` gives a non-empty DataFrame, and the notebook
    view holds a table (the Report's page holds its own tables and diagram)."""
    instance = INSTANCES[name]()
    frame = instance.to_frame()
    assert isinstance(frame, pd.DataFrame) and not frame.empty, name
    assert "<table" in instance._repr_html_(), name
