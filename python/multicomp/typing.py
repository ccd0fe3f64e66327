"""The types of multicomp's public signatures, in one namespace (as ``numpy.typing``).

The option types are ``Literal``s of the accepted words (``typing.get_args`` lists them);
each is defined once in the package's vocabulary and checked in one wording
(``procedure must be one of 'nemenyi', 'holm', ...; got 'tukey'``).

Input
    ScoresLike (a 2-D array, a wide or long DataFrame, a CSV path), RanksLike (average ranks
    of a published table), Aggregate, NanPolicy, DecimalMark, Example.
Rank tests and post-hocs
    PValueMethod, RandomState, PosthocTest, IncompleteTest, CompareTest, SEForm, Rom,
    CDProcedure, Bars, FloatArray.
Two algorithms, holdout sets, Bayesian tests
    Alternative, OneOrTwoSided, ZeroMethod, WilcoxonMethod, ExactMethod, Ties, CriticalValues,
    McNemarTest, CostTest, DataSetsTest, Posterior.
Effect sizes, the multi-comparison matrix, what a report adds when asked
    EffectMeasure, DForm, MatrixZeroMethod, MatrixAnnotate, ReportExtra.
Bayesian ranking of many algorithms
    RankingTies, RankingMatrix, Ranking (what its plot draws).
The parametric side
    Family, NormalityTest, VarianceTest.
Simulation
    Comparison, Noise, NoiseFunction, CustomProcedure.
"""

from __future__ import annotations

from multicomp._internal.seeds import RandomState
from multicomp._internal.vocabulary import (
    Alternative,
    Bars,
    CDProcedure,
    CompareTest,
    Comparison,
    CostTest,
    CriticalValues,
    DataSetsTest,
    DecimalMark,
    DForm,
    EffectMeasure,
    ExactMethod,
    Example,
    Family,
    IncompleteTest,
    MatrixAnnotate,
    MatrixZeroMethod,
    McNemarTest,
    NanPolicy,
    Noise,
    NormalityTest,
    OneOrTwoSided,
    PosthocTest,
    PValueMethod,
    RankingMatrix,
    RankingTies,
    ReportExtra,
    Rom,
    SEForm,
    Ties,
    VarianceTest,
    WilcoxonMethod,
    ZeroMethod,
)
from multicomp.data.given import RanksLike
from multicomp.data.runs import Aggregate
from multicomp.data.scores import ScoresLike
from multicomp.plotting.posterior import Posterior
from multicomp.plotting.ranking import Ranking
from multicomp.procedures.base import FloatArray
from multicomp.simulation import CustomProcedure, NoiseFunction

__all__ = [
    # effect sizes, the multi-comparison matrix
    "DForm",
    "EffectMeasure",
    "MatrixAnnotate",
    "MatrixZeroMethod",
    "ReportExtra",
    # input
    "Aggregate",
    "DecimalMark",
    "Example",
    "NanPolicy",
    "RanksLike",
    "ScoresLike",
    # rank tests and post-hocs
    "Bars",
    "CDProcedure",
    "CompareTest",
    "FloatArray",
    "IncompleteTest",
    "PValueMethod",
    "PosthocTest",
    "RandomState",
    "Rom",
    "SEForm",
    # two algorithms, holdout sets, Bayesian tests
    "Alternative",
    "CostTest",
    "CriticalValues",
    "DataSetsTest",
    "ExactMethod",
    "McNemarTest",
    "OneOrTwoSided",
    "Posterior",
    "Ties",
    "WilcoxonMethod",
    "ZeroMethod",
    # Bayesian ranking of many algorithms
    "Ranking",
    "RankingMatrix",
    "RankingTies",
    # the parametric side
    "Family",
    "NormalityTest",
    "VarianceTest",
    # simulation
    "Comparison",
    "CustomProcedure",
    "Noise",
    "NoiseFunction",
]
