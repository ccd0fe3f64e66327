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
