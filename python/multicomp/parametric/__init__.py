"""The parametric side: checking the conditions of the parametric tests, the repeated-measures
ANOVA with its post-hocs, and the documented choice between the two families.

The methodology of Demsar (JMLR 2006, Sec. 3) and of the SCI2S guide (Garcia, Fernandez,
Luengo & Herrera, Inf. Sci. 2010, Sec. 2; Garcia & Herrera, JMLR 2008) starts by checking
whether the parametric conditions hold: normality of each algorithm's results on each data set
(over folds or runs), homoscedasticity of the algorithms on each data set, and, for the
comparison over data sets, normality of the paired differences and sphericity. Where they do
not hold, or cannot be checked with the few data sets of a typical study, the papers recommend
the non-parametric tests (Friedman family).

The numerics are scipy's and statsmodels': Shapiro-Wilk (``scipy.stats.shapiro``),
D'Agostino-Pearson (``scipy.stats.normaltest``), Kolmogorov-Smirnov with Lilliefors'
correction (``statsmodels.stats.diagnostic.lilliefors``,
the optional extra ``multicomp[parametric]``), Brown-Forsythe, Levene and Bartlett
(``scipy.stats.levene`` centred at the medians or the means, ``scipy.stats.bartlett``), the studentized range and the multivariate
t distributions (``scipy.stats.studentized_range``, ``scipy.stats.multivariate_t``).

Its modules: ``conditions`` (:func:`multicomp.check_conditions`), ``anova``
(:func:`multicomp.rm_anova`), ``posthoc`` (:func:`multicomp.posthoc_parametric`: Tukey,
Dunnett) and ``family`` (:func:`multicomp.choose_family`). Its ``__init__`` imports nothing.
"""
