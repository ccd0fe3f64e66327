"""Example data bundled with the package: the worked examples of the papers.

* ``"demsar2006"``: AUC of C4.5 variants on 14 data sets (Demsar 2006, Table 6).
* ``"garcia2008"``: accuracies of 5 classifiers on 30 data sets (Garcia & Herrera 2008, Table 2).
* ``"garcia2010"``: accuracies of 4 algorithms on 24 data sets (Garcia et al. 2010, Table 3).
"""

from __future__ import annotations

from importlib import resources

import pandas as pd

from multicomp._validation import check_choice
from multicomp._vocabulary import EXAMPLES, Example

__all__ = ["EXAMPLES", "load_example"]


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
    """
    name = check_choice("example", name, EXAMPLES)
    with (
        resources.files("multicomp")
        .joinpath("data", f"{name}.csv")
        .open("r", encoding="utf-8") as fh
    ):
        return pd.read_csv(fh, index_col=0)
