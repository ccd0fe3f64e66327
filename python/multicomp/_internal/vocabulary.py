"""The option lists of multicomp, each defined once: a ``Literal`` for the signatures and
its tuple of values (``typing.get_args``) for the checks, the command line and the docs.

The words (the same in the API, the results, the command line and the docs):

* ``test``: the statistical test (a rank family, pairwise tests, a McNemar variant, ...);
* ``procedure``: a multiple-comparison procedure, whose adjusted p-values decide a family of
  hypotheses (Holm, Shaffer, Nemenyi's critical difference, ...);
* ``method``: how a test computes its p-value (exact, normal approximation, ...), as scipy uses
  the word;
* ``adjusted``: the adjusted p-values (APVs) of a result, one column per procedure; tables
  name their columns ``apv_<procedure>``;
* ``reject``: the decisions at alpha (APV <= alpha or p <= alpha); ``rejected``: the rejected
  hypotheses themselves (a list);
* ``statistic``: a test's statistic (scipy's name); ``z``: a standard normal deviate, the
  statistic of the post-hoc z tests.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = [
    "AGGREGATES",
    "DECIMAL_MARKS",
    "NAN_POLICIES",
    "AggregateName",
    "DecimalMark",
    "NanPolicy",
    "ALL_PAIRS_PROCEDURES",
    "ALTERNATIVES",
    "CHOSEN_FAMILIES",
    "ONE_OR_TWO_SIDED",
    "BARS",
    "CD_PROCEDURES",
    "COMPARE_TESTS",
    "COMPARISONS",
    "CONTROL_PROCEDURES",
    "COST_TESTS",
    "CRITICAL_VALUES",
    "DATASETS_TESTS",
    "EXACT_METHODS",
    "EXAMPLES",
    "FAMILIES",
    "INCOMPLETE_TESTS",
    "MCNEMAR_TESTS",
    "NOISES",
    "NORMALITY_TESTS",
    "PAIRWISE_TESTS",
    "POSTHOC_COMPARISONS",
    "POSTHOC_TESTS",
    "RANK_TESTS",
    "TEST_KINDS",
    "Z_TESTS",
    "ROMS",
    "PVALUE_METHODS",
    "SE_FORMS",
    "TIES",
    "RANKING_TIES",
    "RANKING_MATRICES",
    "VARIANCE_TESTS",
    "WILCOXON_METHODS",
    "ZERO_METHODS",
    "AllPairsProcedure",
    "Alternative",
    "ChosenFamily",
    "OneOrTwoSided",
    "Bars",
    "BayesianTest",
    "CDProcedure",
    "CompareTest",
    "Comparison",
    "ControlProcedure",
    "CostTest",
    "CriticalValues",
    "DataSetsTest",
    "Example",
    "ExactMethod",
    "Family",
    "IncompleteTest",
    "McNemarTest",
    "Noise",
    "NormalityTest",
    "OmnibusName",
    "PairwiseTest",
    "PosthocComparison",
    "PosthocTest",
    "RankTest",
    "TestKind",
    "ZTest",
    "Rom",
    "PValueMethod",
    "PValueSource",
    "SEForm",
    "Ties",
    "RankingTies",
    "RankingMatrix",
    "VarianceTest",
    "WilcoxonMethod",
    "ZeroMethod",
    "D_FORMS",
    "EFFECT_MEASURES",
    "MATRIX_ANNOTATIONS",
    "MATRIX_ZERO_METHODS",
    "DForm",
    "EffectMeasure",
    "MatrixAnnotate",
    "MatrixZeroMethod",
    "REPORT_EXTRAS",
    "ReportExtra",
]

# --- the Friedman family and its post-hocs ---------------------------------------------------
ZTest = Literal["friedman", "aligned", "quade"]
"""The rank tests of the papers, whose post-hocs are z tests of average ranks (what
:func:`multicomp.simulate` runs by default)."""
RankTest = Literal[ZTest, "conover", "quade_conover"]
"""The registered rank tests whose average ranks a post-hoc compares (Conover's t tests
after Friedman and Quade too)."""
PairwiseTest = Literal["wilcoxon", "sign"]
"""Pairwise tests of each pair's scores (Benavoli, Corani & Mangili 2016)."""
PosthocTest = Literal[RankTest, PairwiseTest]
"""The test of a post-hoc comparison (``test=`` of the post-hocs, ``compare`` and the CLI)."""
OmnibusName = Literal[
    "friedman",
    "iman_davenport",
    "aligned",
    "quade",
    "conover",
    "quade_conover",
    "skillings_mack",
    "durbin",
    "durbin_f",
]
"""The omnibus tests of a report."""
ControlProcedure = Literal[
    "bonferroni",
    "holm",
    "hochberg",
    "hommel",
    "holland",
    "rom",
    "fdr_bh",
    "fdr_by",
    "finner",
    "li",
    "single_step",
]
"""Procedures for the comparisons with a control (1 x N), G10 Sec. 5.1, the false discovery
rate's (Benjamini-Hochberg, Benjamini-Yekutieli; statsmodels' names) and the single-step
(Dunnett-type) one."""
AllPairsProcedure = Literal[
    "nemenyi",
    "bonferroni",
    "holm",
    "shaffer",
    "bergmann_hommel",
    "miller",
    "single_step",
    "hommel",
    "fdr_bh",
    "fdr_by",
]
"""Procedures for all pairwise comparisons (N x N), G08 Sec. 2.2, the peers' single-step,
Hommel's and the false discovery rate's."""
CDProcedure = Literal["nemenyi", "bonferroni_dunn"]
"""Procedures decided by a critical difference of average Friedman ranks (D06 Sec. 3.2.2)."""
PValueSource = Literal["asymptotic", "exact", "permutation"]
"""How a p-value of a rank test was computed: the asymptotic distribution, the exact
permutation distribution, or Monte Carlo permutations."""
PValueMethod = Literal[PValueSource, "auto"]
"""How the rank tests (omnibus and post-hoc z tests) compute their p-values: one of
:data:`PValueSource`, or chosen by the number of data sets ("auto")."""
SEForm = Literal["calibrated", "garcia2010"]
"""The standard error of the aligned-ranks and Quade post-hocs: valid, or the paper's."""
Rom = Literal["exact", "garcia2010"]
"""Rom's critical values: exact (Rom 1990), or the coefficients printed by G10."""
PosthocComparison = Literal["control", "all_pairs"]
"""What a post-hoc compares: each algorithm with a control, or all pairs."""
Comparison = Literal["omnibus", "control", "all_pairs"]
"""The families of hypotheses a simulation measures."""
ChosenFamily = Literal["nonparametric", "parametric"]
"""The family of tests a comparison uses (or recommends)."""
Family = Literal[ChosenFamily, "auto"]
"""The family of tests of a comparison: one of :data:`ChosenFamily`, or the recommended one."""
Noise = Literal["normal", "logistic", "t3", "uniform", "exponential"]
"""The error distributions of a simulation."""
Bars = Literal["compact", "staircase"]
"""How a CD diagram lays out its group bars."""
Example = Literal["demsar2006", "garcia2008", "garcia2010"]
"""The bundled examples of the papers."""

# --- input ---------------------------------------------------------------------------------------
AggregateName = Literal["mean", "median"]
"""How repeated scores of a data set and algorithm are combined, by name."""
NanPolicy = Literal["raise", "omit"]
"""What missing scores do: raise an error, or leave out the data sets that have them."""
DecimalMark = Literal[".", ","]
"""The decimal mark of a CSV file of scores."""

# --- two algorithms ----------------------------------------------------------------------------
Alternative = Literal["two-sided", "less", "greater"]
"""The alternative hypothesis (scipy's names)."""
OneOrTwoSided = Literal["two-sided", "greater"]
"""A critical value's side: two-sided, or the upper tail (D06 Table 3)."""
ZeroMethod = Literal["demsar", "wilcox", "pratt", "zsplit"]
"""How the Wilcoxon signed-rank test treats zero differences."""
WilcoxonMethod = Literal["auto", "exact", "approx"]
"""How the Wilcoxon signed-rank test computes its p-value (scipy's names)."""
ExactMethod = Literal["exact", "normal"]
"""How a sign test (or a critical value) is computed: exactly, or by the normal approximation."""
Ties = Literal["split", "drop"]
"""How the sign test counts ties."""
RankingTies = Literal["integrate", "random"]
"""How the Bayesian ranking treats tied scores: integrated over their orders, or broken at random."""
RankingMatrix = Literal["p_better", "p_above"]
"""The pairwise matrices of a Bayesian ranking: P(w_a > w_b), and P(a ranks above b)."""
EffectMeasure = Literal["cohen_d", "cliff_delta", "akinshin_gamma"]
"""The effect sizes of a pair of algorithms over data sets."""
DForm = Literal["paired", "pooled"]
"""Cohen's d of paired scores: d_z (the differences' SD), or the two columns' pooled SD."""
MatrixZeroMethod = Literal["pratt", "wilcox", "zsplit"]
"""Zero differences in the multi-comparison matrix's Wilcoxon tests (scipy's names)."""
MatrixAnnotate = Literal["auto", "full", "mean", "none"]
"""The text in the cells of the multi-comparison matrix's heat map."""
CriticalValues = Literal["exact", "normal", "garcia2010"]
"""The critical values of the multiple sign test: exact, normal, or the paper's table."""
McNemarTest = Literal["midp", "exact", "asymptotic"]
"""The variants of McNemar's test of two classifiers on one holdout set."""
"""The alternative of a holdout comparison (MATLAB testcholdout's names)."""
CostTest = Literal["likelihood", "chisquare"]
"""The cost-sensitive tests of a holdout comparison."""
BayesianTest = Literal["signed_rank", "sign", "correlated_t", "hierarchical"]
"""The Bayesian tests."""
DataSetsTest = Literal["signed_rank", "sign", "hierarchical"]
"""The Bayesian tests over N data sets (of one score a data set, or hierarchical: of the
scores of its folds)."""
IncompleteTest = Literal["skillings_mack", "durbin"]
"""The rank tests of incomplete blocks."""
TestKind = Literal["rank", "pairwise", "incomplete"]
"""The kinds of test of the registry (:mod:`multicomp.ranktests`): rank tests of complete
tables, pairwise tests, rank tests of incomplete blocks."""
CompareTest = Literal[PosthocTest, IncompleteTest]
"""The tests of ``compare(test=)``: the post-hocs' ranks or pairwise tests, and the
incomplete-block tests that use every score when some are missing."""
NormalityTest = Literal["shapiro", "dagostino", "lilliefors"]
"""The normality tests of the parametric side's conditions."""
VarianceTest = Literal["brown_forsythe", "levene", "bartlett"]
"""The tests of equal variances of the parametric side's conditions."""

ReportExtra = Literal["effect_sizes", "matrix", "bayesian_ranking", "bayesian_hierarchical"]
"""What ``compare(extras=)`` adds to a report when asked: the effect sizes of the pairs, the
multi-comparison matrix, the Bayesian Plackett-Luce ranking and the Bayesian hierarchical
tests of the pairs from their folds (all-pairs reports show the compact letters anyway)."""

AGGREGATES: tuple[AggregateName, ...] = get_args(AggregateName)
NAN_POLICIES: tuple[NanPolicy, ...] = get_args(NanPolicy)
DECIMAL_MARKS: tuple[DecimalMark, ...] = get_args(DecimalMark)
Z_TESTS: tuple[ZTest, ...] = get_args(ZTest)
RANK_TESTS: tuple[RankTest, ...] = get_args(RankTest)
PAIRWISE_TESTS: tuple[PairwiseTest, ...] = get_args(PairwiseTest)
POSTHOC_TESTS: tuple[PosthocTest, ...] = get_args(PosthocTest)
CONTROL_PROCEDURES: tuple[ControlProcedure, ...] = get_args(ControlProcedure)
ALL_PAIRS_PROCEDURES: tuple[AllPairsProcedure, ...] = get_args(AllPairsProcedure)
CD_PROCEDURES: tuple[CDProcedure, ...] = get_args(CDProcedure)
PVALUE_METHODS: tuple[PValueMethod, ...] = get_args(PValueMethod)
SE_FORMS: tuple[SEForm, ...] = get_args(SEForm)
ROMS: tuple[Rom, ...] = get_args(Rom)
POSTHOC_COMPARISONS: tuple[PosthocComparison, ...] = get_args(PosthocComparison)
COMPARISONS: tuple[Comparison, ...] = get_args(Comparison)
FAMILIES: tuple[Family, ...] = get_args(Family)
CHOSEN_FAMILIES: tuple[ChosenFamily, ...] = get_args(ChosenFamily)
NOISES: tuple[Noise, ...] = get_args(Noise)
BARS: tuple[Bars, ...] = get_args(Bars)
EXAMPLES: tuple[Example, ...] = get_args(Example)
ALTERNATIVES: tuple[Alternative, ...] = get_args(Alternative)
ONE_OR_TWO_SIDED: tuple[OneOrTwoSided, ...] = get_args(OneOrTwoSided)
ZERO_METHODS: tuple[ZeroMethod, ...] = get_args(ZeroMethod)
WILCOXON_METHODS: tuple[WilcoxonMethod, ...] = get_args(WilcoxonMethod)
EXACT_METHODS: tuple[ExactMethod, ...] = get_args(ExactMethod)
TIES: tuple[Ties, ...] = get_args(Ties)
RANKING_TIES: tuple[RankingTies, ...] = get_args(RankingTies)
RANKING_MATRICES: tuple[RankingMatrix, ...] = get_args(RankingMatrix)
CRITICAL_VALUES: tuple[CriticalValues, ...] = get_args(CriticalValues)
MCNEMAR_TESTS: tuple[McNemarTest, ...] = get_args(McNemarTest)
COST_TESTS: tuple[CostTest, ...] = get_args(CostTest)
DATASETS_TESTS: tuple[DataSetsTest, ...] = get_args(DataSetsTest)
INCOMPLETE_TESTS: tuple[IncompleteTest, ...] = get_args(IncompleteTest)
TEST_KINDS: tuple[TestKind, ...] = get_args(TestKind)
COMPARE_TESTS: tuple[CompareTest, ...] = get_args(CompareTest)
NORMALITY_TESTS: tuple[NormalityTest, ...] = get_args(NormalityTest)
VARIANCE_TESTS: tuple[VarianceTest, ...] = get_args(VarianceTest)
EFFECT_MEASURES: tuple[EffectMeasure, ...] = get_args(EffectMeasure)
D_FORMS: tuple[DForm, ...] = get_args(DForm)
MATRIX_ZERO_METHODS: tuple[MatrixZeroMethod, ...] = get_args(MatrixZeroMethod)
MATRIX_ANNOTATIONS: tuple[MatrixAnnotate, ...] = get_args(MatrixAnnotate)
REPORT_EXTRAS: tuple[ReportExtra, ...] = get_args(ReportExtra)
