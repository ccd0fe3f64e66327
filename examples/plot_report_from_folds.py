"""
From cross-validation folds to a report
=======================================

A long table of scores, one row per data set, algorithm and fold, goes into
:func:`multicomp.compare`, which averages the folds, ranks the algorithms, tests and
compares all pairs. Its critical difference diagram joins the algorithms that do not differ.
"""

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import multicomp as mc

rng = np.random.default_rng(1)
skill = {"forest": 0.06, "boosting": 0.05, "svm": 0.03, "knn": 0.0, "tree": -0.02}
rows = [
    (f"data{d:02d}", name, fold, 0.75 + base + 0.04 * rng.normal() + shift)
    for d, base in enumerate(rng.uniform(-0.1, 0.1, 20))
    for name, shift in skill.items()
    for fold in range(5)
]
folds = pd.DataFrame(rows, columns=["dataset", "algorithm", "fold", "accuracy"])
report = mc.compare(folds, aggregate="mean")
print(report.summary)

# %%
# The diagram draws the decisions of the report's procedure (Bergmann-Hommel for all pairs).
# ``report.plot()`` returns a figure of its own; here it is drawn into pyplot's axes.
fig, ax = plt.subplots(figsize=(5.5, 2.2))
report.plot(ax=ax)
