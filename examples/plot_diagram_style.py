"""
A diagram in your paper's style
===============================

The critical difference diagram takes the proposed method to highlight, families of
algorithms drawn in colours with a legend (``hue``), shorter names shown in place of long ones
(``aliases``), the width and colour of the group bars, a title and a font size. The same
keywords go to :meth:`multicomp.Report.plot` and, as ``--highlight``, ``--hue NAME=FAMILY``,
``--alias NAME=TEXT``, ``--linewidth``, ``--bar-color``, ``--title``, ``--fontsize``, to the
command line's ``--plot``.
"""

import matplotlib.pyplot as plt

import multicomp as mc

scores = mc.load_example("garcia2008")
fig, ax = plt.subplots(figsize=(6.6, 2.1))
mc.cd_diagram(
    scores,
    highlight="C4.5",
    hue={"C4.5": "trees", "CN2": "rules", "1-NN": "lazy", "Kernel": "lazy"},
    aliases={"NaiveBayes": "NB"},
    linewidth=4,
    bar_color="tab:gray",
    title="Five classifiers on 30 data sets",
    ax=ax,
)

# %%
# When the bars mislead
# ---------------------
# A bar joins algorithms that do not differ. With Nemenyi's procedure here, C4.5 and 1-NN
# differ, yet a bar joins each of them to NaiveBayes: a reader who takes the bars to be
# transitive is misled, so the diagram says so under its names.
fig, ax = plt.subplots(figsize=(6.6, 2.6))
mc.cd_diagram(scores, procedure="nemenyi", ax=ax)

# %%
# Every pair at once, one call away: the compact letter display (algorithms that share a
# letter do not differ) ...
result = mc.posthoc_all_pairs(scores, procedures=["nemenyi"])
print(mc.compact_letters(result).to_frame().round(2).to_string())

# %%
# ... or the multi-comparison matrix, each pair's mean difference, wins and p-value, in bold
# where the pair differs.
fig, ax = plt.subplots(figsize=(6, 5))
mc.comparison_matrix(scores).plot(ax=ax)
