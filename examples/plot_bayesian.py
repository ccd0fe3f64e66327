"""
How probable is it that one algorithm is better?
================================================

The Bayesian signed-rank test (Benavoli et al. 2017) gives the posterior probabilities that
one algorithm is better, that the two are practically equivalent (within the region of
practical equivalence ``rope``), or that the other is better. The simplex shows the
posterior samples.
"""

import matplotlib.pyplot as plt

import multicomp as mc

scores = mc.load_example("demsar2006")
result = mc.bayesian_signed_rank_test(
    scores["C4.5+m+cf"], scores["C4.5"], rope=0.01, random_state=1, n_draws=5000
)
print(result)
fig, ax = plt.subplots(figsize=(5, 4.5))
result.plot(ax=ax)
