"""Repeated trials (seeds, folds) of a data set are never read as data sets: every public
function that takes scores asks for ``aggregate=`` when a table holds several scores per data
set and algorithm (benches/sim_repeated_trials.py: trials taken as blocks reject 0.47-0.86
of true nulls where their mean holds alpha)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
import pytest

import multicomp as mc

#: The functions that take a control as their second argument.
WITH_CONTROL = {"posthoc_control", "effect_sizes", "multiple_sign_test"}
#: check_conditions keeps the trials as runs (their normality, equal variances) and checks
#: the per-data-set scores on their mean; read_scores takes a path.
NOT_ASKING = {"check_conditions", "read_scores"}


def _taking_aggregate() -> list[str]:
    """The public functions with an ``aggregate`` option, from their signatures."""
    found = []
    for name in mc.__all__:
        function = getattr(mc, name)
        if inspect.isfunction(function) and "aggregate" in inspect.signature(function).parameters:
            found.append(name)
    return sorted(set(found) - NOT_ASKING)


def trials(n: int = 12, r: int = 3, seed: int = 0) -> pd.DataFrame:
    """Long scores of 3 classifiers on n data sets with r seeds each."""
    rng = np.random.default_rng(seed)
    rows = [
        (f"d{d}", c, s, float(rng.uniform()))
        for d in range(n)
        for c in ("rf", "svm", "knn")
        for s in range(r)
    ]
    return pd.DataFrame(rows, columns=["dataset", "classifier", "seed", "accuracy"])


def _call(name: str) -> Callable[..., Any]:
    function = getattr(mc, name)
    if name in WITH_CONTROL:
        return lambda data, **options: function(data, "rf", **options)
    return function  # type: ignore[no-any-return]


def test_the_functions_are_found() -> None:
    names = _taking_aggregate()
    assert {"friedman", "compare", "rm_anova", "durbin", "bayesian_ranking"} <= set(names)


@pytest.mark.parametrize("name", _taking_aggregate())
def test_every_function_asks_for_a_choice_on_repeated_trials(name: str) -> None:
    with pytest.raises(ValueError, match=r"3 scores for data set 'd0'.*\['seed'\].*aggregate="):
        _call(name)(trials())


def test_check_conditions_keeps_the_trials_as_runs_and_the_data_sets_as_the_sample() -> None:
    result = mc.check_conditions(trials())
    assert result.n_datasets == 12 and result.normality.shape == (12, 3)
    means = trials().groupby(["dataset", "classifier"])["accuracy"].mean().unstack()
    assert result.sphericity == pytest.approx(mc.check_conditions(means).sphericity, rel=1e-9)
