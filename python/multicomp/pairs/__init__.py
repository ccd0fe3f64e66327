"""Tests of two algorithms: over data sets (``wilcoxon``: the Wilcoxon signed-rank test;
``two_sample``: the sign and paired t tests; ``bayesian``: the Bayesian signed-rank and sign
tests, ``bayesian_comparison``: of every pair; ``multiple_sign``, ``contrast``,
``effect_size``), on cross-validation folds (``cross_validation``) and on one holdout set
(``holdout``, its labels read by ``labels``). They stand on the input layer alone; the rank
tests' pairwise post-hocs run them. Its ``__init__`` imports nothing."""
