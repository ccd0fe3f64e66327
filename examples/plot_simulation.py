"""
Does a procedure hold its error rate?
=====================================

:func:`multicomp.simulate` measures the family-wise error rate of every procedure by Monte
Carlo. Here, under the complete null (five equal algorithms on 20 data sets), the 1 x N
procedures with a control named in advance hold alpha = 0.05, while picking the
best-ranked algorithm as the control after seeing the data does not (few replications, to
keep the example fast: the full measurement is in the user guide).
"""

import matplotlib.pyplot as plt

import multicomp as mc

frames = []
for control in (0, "best"):
    result = mc.simulate(
        5,
        n_datasets=20,
        n_replications=400,
        comparisons=["control"],
        tests=["friedman"],
        control=control,
        random_state=1,
    )
    frame = result.to_frame().reset_index()
    frames.append(frame.assign(control="named in advance" if control == 0 else "best-ranked"))

fig, ax = plt.subplots(figsize=(7, 3.5))
for offset, frame in zip((-0.2, 0.2), frames):
    rows = frame[frame["test"] == "friedman"]
    ax.bar(
        [i + offset for i in range(len(rows))],
        rows["fwer"],
        width=0.4,
        yerr=2 * rows["fwer_se"],
        label=f"control {frame['control'].iloc[0]}",
    )
    ax.set_xticks(range(len(rows)), rows["procedure"], rotation=30)
ax.axhline(0.05, color="black", linestyle="--", linewidth=1)
ax.set_ylabel("family-wise error rate")
ax.legend()
fig.tight_layout()
