"""The result classes of multicompare, in one namespace (as scipy.stats gathers its own).

Every class is a frozen dataclass returned by a public function: the test's ``statistic``
and ``pvalue`` where it has them (scipy's names), ``to_frame()`` for its table, a readable
``str()`` and a notebook view. Each is also importable from ``multicompare`` itself.

Omnibus tests (:mod:`multicompare.omnibus`)
    FriedmanResult, ImanDavenportResult, AlignedRanksResult, QuadeResult.
Incomplete blocks (:mod:`multicompare.incomplete`)
    SkillingsMackResult, DurbinResult.
Post-hoc comparisons (:mod:`multicompare.posthoc`)
    PosthocControlResult (1 x N), PosthocAllPairsResult (N x N).
One call (:mod:`multicompare.report`)
    Report, with its OmnibusTest and Hypothesis entries.
Two algorithms (:mod:`multicompare.two_sample`)
    WilcoxonResult, SignTestResult, PairedTTestResult.
Multiple sign test and contrast estimation
    MultipleSignResult, ContrastResult.
Two classifiers on one holdout set (:mod:`multicompare.holdout`)
    HoldoutResult.
Bayesian comparison (:mod:`multicompare.bayesian`)
    BayesianResult, BayesianComparison.
Two algorithms on cross-validation folds (:mod:`multicompare.cross_validation`)
    CrossValidationTestResult, CorrelatedTTestResult.
The parametric side (:mod:`multicompare.parametric`)
    ConditionsResult, FamilyChoice, RMAnovaResult, ParametricPosthocResult.
Error rates and power (:mod:`multicompare.simulation`)
    SimulationResult.
"""

from __future__ import annotations

from multicompare.bayesian import BayesianComparison, BayesianResult
from multicompare.contrast import ContrastResult
from multicompare.cross_validation import CorrelatedTTestResult, CrossValidationTestResult
from multicompare.holdout import HoldoutResult
from multicompare.incomplete import DurbinResult, SkillingsMackResult
from multicompare.multiple_sign import MultipleSignResult
from multicompare.omnibus import (
    AlignedRanksResult,
    FriedmanResult,
    ImanDavenportResult,
    QuadeResult,
)
from multicompare.parametric import (
    ConditionsResult,
    FamilyChoice,
    ParametricPosthocResult,
    RMAnovaResult,
)
from multicompare.posthoc import PosthocAllPairsResult, PosthocControlResult
from multicompare.report import Hypothesis, OmnibusTest, Report
from multicompare.simulation import SimulationResult
from multicompare.two_sample import PairedTTestResult, SignTestResult, WilcoxonResult

__all__ = [
    # omnibus tests
    "FriedmanResult",
    "ImanDavenportResult",
    "AlignedRanksResult",
    "QuadeResult",
    # incomplete blocks
    "SkillingsMackResult",
    "DurbinResult",
    # post-hoc comparisons
    "PosthocControlResult",
    "PosthocAllPairsResult",
    # one call
    "Report",
    "OmnibusTest",
    "Hypothesis",
    # two algorithms
    "WilcoxonResult",
    "SignTestResult",
    "PairedTTestResult",
    # multiple sign test, contrast estimation
    "MultipleSignResult",
    "ContrastResult",
    # holdout
    "HoldoutResult",
    # Bayesian
    "BayesianResult",
    "BayesianComparison",
    # cross-validation
    "CrossValidationTestResult",
    "CorrelatedTTestResult",
    # the parametric side
    "ConditionsResult",
    "FamilyChoice",
    "RMAnovaResult",
    "ParametricPosthocResult",
    # simulation
    "SimulationResult",
]
