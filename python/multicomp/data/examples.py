"""Example data bundled with the package: the worked examples of the papers.

* ``"demsar2006"``: AUC of C4.5 variants on 14 data sets (Demsar 2006, Table 6).
* ``"garcia2008"``: accuracies of 5 classifiers on 30 data sets (Garcia & Herrera 2008, Table 2).
* ``"garcia2010"``: accuracies of 4 algorithms on 24 data sets (Garcia et al. 2010, Table 3).
"""

from __future__ import annotations

from importlib import resources

import pandas as pd

from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_choice
from multicomp._internal.vocabulary import EXAMPLES, Example

__all__ = ["EXAMPLES", "PUBLISHED", "load_example"]

#: What each bundled example reproduces of its paper, and with which options (the command line
#: prints it with ``--example``); the user guide's page on the papers gives every table.
PUBLISHED: dict[str, str] = {
    "demsar2006": (
        "Demsar (2006, Sec. 3.2.2) prints Friedman's chi-square 9.28 and Iman-Davenport's "
        "F = 3.69, computed from its ranks of the unrounded AUCs. The printed AUCs tie in the "
        "row 'voting' (C4.5+cf and C4.5+m+cf, both 0.975), so they give chi-square 9.857 and "
        "F = 3.987 with the paper's formulas (--method asymptotic --no-tie-correction), and "
        "the values above by default (tie-corrected statistics and, as N = 14 <= 16, exact or "
        "Monte Carlo p-values)."
    ),
    "garcia2008": (
        "Garcia & Herrera (2008), Tables 2 to 5: the options that reproduce each table are on "
        "the user guide's page on the papers."
    ),
    "garcia2010": (
        "Garcia et al. (2010), Tables 3 to 11: the options that reproduce each table are on "
        "the user guide's page on the papers."
    ),
}


@strict
def load_example(name: Example) -> pd.DataFrame:
    """A bundled example of the papers as a wide DataFrame.

    Parameters
    ----------
    name : str
        One of ``EXAMPLES``: "demsar2006", "garcia2008", "garcia2010".

    Returns
    -------
    pandas.DataFrame
        Index = data sets, columns = algorithms; higher is better.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")  # Demšar (2006) Table 6: AUC of 4 C4.5 variants
    >>> scores.shape
    (14, 4)
    >>> scores.head(3)
                              C4.5  C4.5+m  C4.5+cf  C4.5+m+cf
    Data set
    adult (sample)           0.763   0.768    0.771      0.798
    breast cancer            0.599   0.591    0.590      0.569
    breast cancer wisconsin  0.954   0.971    0.968      0.967
    """
    name = check_choice("example", name, EXAMPLES)
    with (
        resources.files("multicomp")
        .joinpath("data", f"{name}.csv")
        .open("r", encoding="utf-8") as fh
    ):
        return pd.read_csv(fh, index_col=0)
