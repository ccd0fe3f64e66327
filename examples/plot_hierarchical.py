"""
Two algorithms on many data sets, from their cross-validation folds
===================================================================

The Bayesian hierarchical model of Corani, Benavoli, Demsar, Mangili and Zaffalon (Machine
Learning 106, 2017) uses every fold of every data set: it models each data set's mean
difference, the correlation of the folds of a cross-validation, and a Student-t over the data
sets. It answers how probable it is that, on the next data set, one algorithm is better by more
than the region of practical equivalence (``rope``), that the two are practically equivalent,
or that the other is better. baycomp's ``HierarchicalTest`` needs Stan; here the Rust core
samples the same model in about a second.
"""

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import multicomp as mc

# 12 data sets x 10 folds of 10-fold cross-validation: a small advantage of "forest", one
# data set where it is far better
rng = np.random.default_rng(3)
advantage = rng.normal(0.006, 0.004, (12, 1))
advantage[0] = 0.15
shared = rng.normal(0, 0.02 * np.sqrt(0.1), (12, 1))  # the folds of one run share data
boosting = rng.uniform(0.7, 0.9, (12, 1)) + rng.normal(0, 0.01, (12, 10))
forest = boosting + advantage + shared + rng.normal(0, 0.02 * np.sqrt(0.9), (12, 10))

result = mc.bayesian_hierarchical_test(
    forest, boosting, rope=0.01, names=("forest", "boosting"), random_state=1
)
print(result)
print(result.diagnostics())
fig, ax = plt.subplots(figsize=(5, 4.5))
result.plot(ax=ax)

# %%
# Many algorithms: every pair by the same model
# ---------------------------------------------
# :func:`multicomp.compare_bayesian` with ``test="hierarchical"`` reads the folds of every
# algorithm from a long table (one row per data set, algorithm and fold; a pair compares the
# folds of the same label) and runs the hierarchical test of each
# pair (or each against ``control=``) on its own seed stream. The table adds each pair's
# largest R-hat and smallest effective sample size.
names = ["forest", "boosting", "knn"]
knn = boosting - 0.03 + rng.normal(0, 0.02, (12, 10))
rows = [
    (f"data{i:02d}", name, fold, table[i, fold])
    for i in range(12)
    for name, table in zip(names, (forest, boosting, knn))
    for fold in range(10)
]
long = pd.DataFrame(rows, columns=["dataset", "algorithm", "fold", "accuracy"])
pairs = mc.compare_bayesian(long, test="hierarchical", rope=0.01, n_draws=20_000, random_state=1)
print(pairs)

# %%
# ``pairs.plot()`` draws every pair's three probabilities as one split bar (the dotted lines
# mark 0.95 on either side) ...
fig, ax = plt.subplots(figsize=(6.4, 2.6), layout="constrained")
pairs.plot(ax=ax)

# %%
# ... and each pair's result draws its own simplex.
fig, axes = plt.subplots(1, 3, figsize=(13, 4.4))
for (first, second), pair, ax in zip(pairs.pairs, pairs.results, axes):
    pair.plot(ax=ax, title=f"{first} vs {second}")
fig.tight_layout()

# %%
# The same tests in a report: ``extras=["bayesian_hierarchical"]`` adds their table to
# every format of :func:`multicomp.compare` (whose rank tests use the folds' means).
report = mc.compare(long, aggregate="mean", extras=["bayesian_hierarchical"], rope=0.01)
for pair in report.bayesian_hierarchical:
    print(pair)
