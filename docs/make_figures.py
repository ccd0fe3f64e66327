"""Regenerate the CD diagrams in docs/: ``python docs/make_figures.py``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

import multicomp

HERE = Path(__file__).parent


def k30_long_names() -> pd.DataFrame:
    """30 made-up algorithms with long names on 60 data sets (a readability check)."""
    rng = np.random.default_rng(2010)
    families = [
        "Random Forest",
        "Gradient Boosting",
        "Support Vector Machine",
        "k-Nearest Neighbours",
        "Logistic Regression",
        "Naive Bayes",
    ]
    names = [f"{families[i % 6]} (variant {i // 6 + 1}, tuned)" for i in range(30)]
    skill = np.linspace(0.0, 1.5, 30)
    return pd.DataFrame(0.7 + 0.05 * rng.normal(size=(60, 30)) + 0.04 * skill, columns=names)


def main() -> None:
    figures = {
        "cd_demsar2006_nemenyi": multicomp.cd_diagram(
            multicomp.load_example("demsar2006"), procedure="nemenyi", alpha=0.10
        ),
        "cd_garcia2010_bonferroni_dunn": multicomp.cd_diagram(
            multicomp.load_example("garcia2010"), procedure="bonferroni_dunn", control="PDFC"
        ),
        "cd_garcia2008_bergmann_hommel": multicomp.cd_diagram(
            multicomp.load_example("garcia2008"), procedure="bergmann_hommel"
        ),
        "cd_k30_long_names_shaffer": multicomp.cd_diagram(k30_long_names(), procedure="shaffer"),
    }
    for name, fig in figures.items():
        for suffix in (".png", ".svg"):
            fig.savefig(
                HERE / f"{name}{suffix}",
                dpi=110,
                metadata={"Date": None} if suffix == ".svg" else None,
            )
        print(HERE / name)


if __name__ == "__main__":
    main()
