"""The result classes of multicomp, in one namespace (as scipy.stats gathers its own).

Every class is a frozen dataclass returned by a public function: the test's ``statistic``
and ``pvalue`` where it has them (scipy's names), ``to_frame()`` for its table, a readable
``str()`` and a notebook view. Only ``Report`` is also importable from ``multicomp`` itself.

Omnibus tests (:mod:`multicomp.ranktests.results`)
    FriedmanResult, ImanDavenportResult, AlignedRanksResult, QuadeResult.
Incomplete blocks (:mod:`multicomp.ranktests.incomplete`)
    SkillingsMackResult, DurbinResult.
Post-hoc comparisons (:mod:`multicomp.posthoc`)
    PosthocControlResult (1 x N), PosthocAllPairsResult (N x N).
One call (:mod:`multicomp.report`: its model and extra_data)
    Report, with its OmnibusTest and Hypothesis entries, and what ``extras=`` adds:
    PairEffects (with their EffectSize), MatrixCell, RankingWeight, HierarchicalPair.
Two algorithms (:mod:`multicomp.pairs.wilcoxon`, :mod:`multicomp.pairs.two_sample`)
    WilcoxonResult, SignTestResult, PairedTTestResult.
Multiple sign test and contrast estimation
    MultipleSignResult, ContrastResult.
Effect sizes, the multi-comparison matrix, letters
    EffectSizeResult, ComparisonMatrix, LetterDisplay.
Two classifiers on one holdout set (:mod:`multicomp.pairs.holdout`)
    HoldoutResult.
Bayesian comparison (:mod:`multicomp.pairs.bayesian`, :mod:`~multicomp.pairs.bayesian_comparison`)
    BayesianResult, BayesianComparison.
Bayesian ranking of many algorithms (:mod:`multicomp.ranking.plackett_luce`)
    BayesianRankingResult (only here, not at the top level).
Two algorithms on cross-validation folds (:mod:`multicomp.pairs.cross_validation`)
    CrossValidationTestResult, CorrelatedTTestResult; on many data sets
    (:mod:`multicomp.pairs.hierarchical`) HierarchicalResult.
The parametric side (:mod:`multicomp.parametric`)
    ConditionsResult, FamilyChoice, RMAnovaResult, ParametricPosthocResult.
Error rates and power (:mod:`multicomp.simulation`)
    SimulationResult.
"""

from __future__ import annotations

from multicomp.pairs.bayesian import BayesianResult
from multicomp.pairs.bayesian_comparison import BayesianComparison
from multicomp.pairs.contrast import ContrastResult
from multicomp.pairs.cross_validation import CorrelatedTTestResult, CrossValidationTestResult
from multicomp.pairs.effect_size import EffectSizeResult
from multicomp.pairs.hierarchical import HierarchicalResult
from multicomp.pairs.holdout import HoldoutResult
from multicomp.pairs.multiple_sign import MultipleSignResult
from multicomp.pairs.two_sample import PairedTTestResult, SignTestResult
from multicomp.pairs.wilcoxon import WilcoxonResult
from multicomp.parametric.anova import RMAnovaResult
from multicomp.parametric.conditions import ConditionsResult
from multicomp.parametric.family import FamilyChoice
from multicomp.parametric.posthoc import ParametricPosthocResult
from multicomp.posthoc import PosthocAllPairsResult, PosthocControlResult
from multicomp.ranking.letters import LetterDisplay
from multicomp.ranking.multi_comparison import ComparisonMatrix
from multicomp.ranking.plackett_luce import BayesianRankingResult
from multicomp.ranktests.incomplete import DurbinResult, SkillingsMackResult
from multicomp.ranktests.results import (
    AlignedRanksResult,
    FriedmanResult,
    ImanDavenportResult,
    QuadeResult,
)
from multicomp.report.extra_data import (
    EffectSize,
    HierarchicalPair,
    MatrixCell,
    PairEffects,
    RankingWeight,
)
from multicomp.report.model import Hypothesis, OmnibusTest
from multicomp.report.report import Report
from multicomp.simulation import SimulationResult

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
    "PairEffects",
    "EffectSize",
    "MatrixCell",
    "RankingWeight",
    "HierarchicalPair",
    # two algorithms
    "WilcoxonResult",
    "SignTestResult",
    "PairedTTestResult",
    # multiple sign test, contrast estimation
    "MultipleSignResult",
    "ContrastResult",
    # effect sizes, the multi-comparison matrix, letters
    "EffectSizeResult",
    "ComparisonMatrix",
    "LetterDisplay",
    # holdout
    "HoldoutResult",
    # Bayesian
    "BayesianResult",
    "BayesianComparison",
    "BayesianRankingResult",
    # cross-validation
    "CrossValidationTestResult",
    "CorrelatedTTestResult",
    "HierarchicalResult",
    # the parametric side
    "ConditionsResult",
    "FamilyChoice",
    "RMAnovaResult",
    "ParametricPosthocResult",
    # simulation
    "SimulationResult",
]
