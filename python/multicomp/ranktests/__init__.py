"""The rank tests of the Friedman family and their p-values.

:mod:`multicomp.ranktests.permutation` is the one permutation engine: exact and Monte Carlo
p-values of every rank test, permuting within data sets.
"""
