"""
One method against the others
=============================

When one algorithm is yours, name it in advance as the control: the 1 x N comparison has
more power than comparing all pairs. Here PDFC on the data of García et al. (2010), with the
adjusted p-values of every procedure and Bonferroni-Dunn's diagram.
"""

import matplotlib.pyplot as plt

import multicomp as mc

scores = mc.load_example("garcia2010")
result = mc.posthoc_control(scores, control="PDFC")
# one column per algorithm, so that the table fits the page
print(result.to_frame(sort=True).round(4).T.to_string())

# %%
# Bonferroni-Dunn's critical difference around the control (Demšar 2006, Fig. 2).
fig, ax = plt.subplots(figsize=(5.5, 2.2))
mc.cd_diagram(scores, control="PDFC", procedure="bonferroni_dunn", ax=ax)
