"""multicomp: statistical comparison of algorithms over multiple data sets.

Implements Demsar (2006, JMLR 7:1-30), Garcia & Herrera (2008, JMLR 9:2677-2694) and
Garcia, Fernandez, Luengo & Herrera (2010, Inf. Sci. 180:2044-2064), with valid defaults and
the papers' forms behind options. Map of the package (every name below is importable from
``multicomp``):

One call
    compare(scores, control=None) -> Report: ranks, omnibus tests, post-hoc APVs and a plain
    summary; Report.to_text / to_markdown / to_latex / to_json / to_csv / plot.
    Command line: ``multicomp scores.csv`` (``multicomp --help``).

Input (every function that takes scores)
    A 2-D array (rows = data sets, columns = algorithms), a wide or long DataFrame, or a CSV
    path (read_scores: sep, decimal, .tsv). Options: aggregate= ('mean', 'median', a callable)
    for repeated runs (folds, seeds); nan_policy= ('raise', 'omit') for missing scores.
    ShapeWarning flags tables that look transposed, k = 2 and few data sets.

Omnibus tests (module omnibus)
    friedman, iman_davenport, friedman_aligned_ranks, quade. P-values (and those of the rank
    post-hocs): method= 'auto' (default), 'asymptotic', 'exact' or 'permutation'
    (PValueMethod), with random_state= (RandomState) and n_resamples= for Monte Carlo.

Missing scores (module incomplete)
    skillings_mack (any pattern), durbin (balanced incomplete blocks), posthoc_incomplete.

Post-hoc comparisons (module posthoc) and adjusted p-values (module adjust)
    posthoc_control (1 x N), posthoc_all_pairs (N x N); adjust_control, adjust_all_pairs;
    critical_difference, critical_difference_q; cd_diagram, cd_groups (module plot).
    Critical values of the papers' tables: wilcoxon_critical_value, sign_test_critical_wins,
    multiple_sign_critical_value.

Other tests
    Two algorithms: wilcoxon, sign_test, paired_t_test (module two_sample);
    bayesian_signed_rank_test, bayesian_sign_test, compare_bayesian and its plot_posterior
    (modules bayesian, posterior_plot); multiple_sign_test;
    bayesian_ranking: the Plackett-Luce posterior of k algorithms' rankings (module
    plackett_luce; its result in multicomp.results, its plot in module ranking_plot);
    contrast_estimation. Two algorithms on one data set: corrected_resampled_t_test,
    bayesian_correlated_t_test, paired_t_test_5x2cv, combined_f_test_5x2cv (module
    cross_validation); on one holdout set: mcnemar, compare_holdout (module holdout).

Parametric side (module parametric)
    check_conditions (normality, equal variances, sphericity), choose_family, rm_anova,
    posthoc_parametric; compare(family=...) picks the family.

Evidence
    simulate: family-wise error and power of any procedure by Monte Carlo (module simulation).
    load_example: the papers' data (demsar2006, garcia2008, garcia2010).

Results
    Every function returns a frozen dataclass (statistic, pvalue, to_frame(), a readable str);
    module results gathers these classes (multicomp.results.FriedmanResult, ...).
"""

from multicomp import results
from multicomp._core import __version__
from multicomp._data import Aggregate, RanksLike, Scores, ScoresLike, ShapeWarning, read_scores
from multicomp._deprecation import module_getattr
from multicomp._permutation import RandomState
from multicomp._vocabulary import (
    Alternative,
    Bars,
    CDProcedure,
    CompareTest,
    Comparison,
    CostTest,
    CriticalValues,
    DataSetsTest,
    DecimalMark,
    ExactMethod,
    Example,
    Family,
    HoldoutAlternative,
    IncompleteTest,
    McNemarTest,
    NanPolicy,
    Noise,
    NormalityTest,
    OneOrTwoSided,
    PosthocTest,
    PValueMethod,
    Rom,
    SEForm,
    Ties,
    VarianceTest,
    WilcoxonMethod,
    ZeroMethod,
)
from multicomp.adjust import FloatArray, adjust_all_pairs, adjust_control
from multicomp.bayesian import (
    BayesianComparison,
    BayesianResult,
    bayesian_sign_test,
    bayesian_signed_rank_test,
    compare_bayesian,
)
from multicomp.contrast import ContrastResult, contrast_estimation
from multicomp.critical_difference import critical_difference, critical_difference_q
from multicomp.cross_validation import (
    CorrelatedTTestResult,
    CrossValidationTestResult,
    bayesian_correlated_t_test,
    combined_f_test_5x2cv,
    corrected_resampled_t_test,
    paired_t_test_5x2cv,
)
from multicomp.examples import load_example
from multicomp.holdout import HoldoutResult, compare_holdout, mcnemar
from multicomp.incomplete import (
    DurbinResult,
    SkillingsMackResult,
    durbin,
    posthoc_incomplete,
    skillings_mack,
)
from multicomp.multiple_sign import (
    MultipleSignResult,
    multiple_sign_critical_value,
    multiple_sign_test,
)
from multicomp.omnibus import (
    AlignedRanksResult,
    FriedmanResult,
    ImanDavenportResult,
    QuadeResult,
    friedman,
    friedman_aligned_ranks,
    iman_davenport,
    quade,
)
from multicomp.parametric import (
    ConditionsResult,
    FamilyChoice,
    ParametricPosthocResult,
    RMAnovaResult,
    check_conditions,
    choose_family,
    posthoc_parametric,
    rm_anova,
)
from multicomp.plackett_luce import bayesian_ranking
from multicomp.plot import cd_diagram, cd_groups
from multicomp.posterior_plot import Posterior, plot_posterior
from multicomp.posthoc import (
    PosthocAllPairsResult,
    PosthocControlResult,
    posthoc_all_pairs,
    posthoc_control,
)
from multicomp.report import Hypothesis, OmnibusTest, Report, compare
from multicomp.simulation import (
    CustomProcedure,
    NoiseFunction,
    SimulationResult,
    simulate,
)
from multicomp.two_sample import (
    PairedTTestResult,
    SignTestResult,
    WilcoxonResult,
    paired_t_test,
    sign_test,
    sign_test_critical_wins,
    wilcoxon,
    wilcoxon_critical_value,
)

__all__ = [
    "__version__",
    # the result classes, one namespace (each is also exported below)
    "results",
    # input
    "Aggregate",
    "DecimalMark",
    "NanPolicy",
    "Scores",
    "ScoresLike",
    "ShapeWarning",
    "read_scores",
    # omnibus tests
    "AlignedRanksResult",
    "FriedmanResult",
    "ImanDavenportResult",
    "PValueMethod",
    "QuadeResult",
    "RandomState",
    "friedman",
    "friedman_aligned_ranks",
    "iman_davenport",
    "quade",
    # missing scores: incomplete blocks
    "DurbinResult",
    "IncompleteTest",
    "SkillingsMackResult",
    "durbin",
    "posthoc_incomplete",
    "skillings_mack",
    # post-hoc comparisons
    "SEForm",
    "PosthocAllPairsResult",
    "PosthocControlResult",
    "PosthocTest",
    "RanksLike",
    "posthoc_all_pairs",
    "posthoc_control",
    # adjusted p-values and critical differences
    "CDProcedure",
    "FloatArray",
    "adjust_all_pairs",
    "adjust_control",
    "critical_difference",
    "critical_difference_q",
    # contrast estimation
    "ContrastResult",
    "contrast_estimation",
    # two classifiers on a holdout set
    "CostTest",
    "HoldoutAlternative",
    "HoldoutResult",
    "McNemarTest",
    "compare_holdout",
    "mcnemar",
    # multiple sign test
    "CriticalValues",
    "MultipleSignResult",
    "multiple_sign_critical_value",
    "multiple_sign_test",
    # two algorithms
    "Alternative",
    "ExactMethod",
    "PairedTTestResult",
    "SignTestResult",
    "Ties",
    "WilcoxonMethod",
    "WilcoxonResult",
    "ZeroMethod",
    "paired_t_test",
    "sign_test",
    "sign_test_critical_wins",
    "wilcoxon",
    "wilcoxon_critical_value",
    # the parametric side: conditions, repeated-measures ANOVA, the choice of family
    "ConditionsResult",
    "Family",
    "FamilyChoice",
    "NormalityTest",
    "OneOrTwoSided",
    "ParametricPosthocResult",
    "RMAnovaResult",
    "VarianceTest",
    "check_conditions",
    "choose_family",
    "posthoc_parametric",
    "rm_anova",
    # error rates and power by simulation
    "Comparison",
    "CustomProcedure",
    "Noise",
    "NoiseFunction",
    "SimulationResult",
    "simulate",
    # Bayesian comparison of algorithms over data sets
    "BayesianComparison",
    "DataSetsTest",
    "BayesianResult",
    "bayesian_sign_test",
    "bayesian_signed_rank_test",
    "Posterior",
    "compare_bayesian",
    "plot_posterior",
    "bayesian_ranking",
    # two algorithms on one data set, from cross-validation
    "CorrelatedTTestResult",
    "CrossValidationTestResult",
    "bayesian_correlated_t_test",
    "combined_f_test_5x2cv",
    "corrected_resampled_t_test",
    "paired_t_test_5x2cv",
    # example data
    "Example",
    "load_example",
    # one-call analysis, reports and CD diagrams
    "Bars",
    "CompareTest",
    "Hypothesis",
    "OmnibusTest",
    "Report",
    "Rom",
    "cd_diagram",
    "cd_groups",
    "compare",
]

#: Old names of the option types, kept as deprecated aliases: ``Test`` (the post-hoc tests, now
#: ``PosthocTest``, as ``Test`` also meant the McNemar variants) and ``HoldoutTest`` (now
#: ``McNemarTest``).
__getattr__ = module_getattr(__name__, {"Test": "PosthocTest", "HoldoutTest": "McNemarTest"})
