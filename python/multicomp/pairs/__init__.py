"""Tests of two algorithms: over data sets (two_sample: Wilcoxon, sign, paired t; bayesian:
the Bayesian signed-rank and sign tests; multiple_sign, contrast, effect_size), on
cross-validation folds (cross_validation) and on one holdout set (holdout). Its ``__init__``
imports nothing."""
