"""The documented choice between the parametric and the non-parametric family (choose_family), from
the checked conditions."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.vocabulary import ChosenFamily
from multicomp.parametric.conditions import FEW_DATASETS, ConditionsResult

__all__ = ["FamilyChoice", "choose_family"]


@dataclass(frozen=True)
class FamilyChoice(_tables.NotebookView):
    """Which family of tests to use, and why (see :func:`choose_family`).

    Attributes
    ----------
    recommended : {'nonparametric', 'parametric'}
        The family the papers recommend for these data.
    reason : str
        Why, in plain words, with the sources.
    conditions : ConditionsResult
        The checks the choice rests on.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> choice = mc.choose_family(mc.check_conditions(scores))
    >>> print(choice.recommended, choice.conditions.n_datasets)
    nonparametric 14
    """

    recommended: ChosenFamily
    reason: str
    conditions: ConditionsResult

    def __str__(self) -> str:
        return f"Recommended: the {self.recommended} tests. {self.reason}"

    def to_frame(self) -> pd.DataFrame:
        """The checks the choice rests on (:meth:`ConditionsResult.to_frame`)."""
        return self.conditions.to_frame()

    def to_text(self) -> str:
        """The checks, then the recommendation (the command line's ``--check-conditions``)."""
        return f"{self.conditions}\n\n{self}"


@strict
def choose_family(conditions: ConditionsResult) -> FamilyChoice:
    """The documented choice between the parametric and the non-parametric family.

    The parametric tests (paired t-test, repeated-measures ANOVA with Tukey or Dunnett) are
    recommended only when no checked condition is rejected and there are at least
    ``FEW_DATASETS`` (30) data sets; otherwise the non-parametric ones (Friedman family).
    The reasons: scores of different data sets are not commensurable, so their differences
    need not be normal and outliers weigh on means (Demsar 2006, Sec. 3.1.2 and 3.2.1); with
    few data sets the checks of normality and sphericity have too little power to show that
    the conditions hold; and where the conditions fail, the parametric tests lose their
    validity or their power (Garcia et al. 2010, Sec. 2: normality, independence and
    homoscedasticity all needed), while the non-parametric ones stay valid and are nearly as
    powerful when the conditions do hold.

    Parameters
    ----------
    conditions : ConditionsResult
        The output of :func:`check_conditions`.

    Returns
    -------
    FamilyChoice
        The recommended family and the reason.

    References
    ----------
    J. Demsar, JMLR 7 (2006), Sec. 3; S. Garcia, A. Fernandez, J. Luengo, F. Herrera,
    Information Sciences 180 (2010), Sec. 2.

    Examples
    --------
    >>> import multicomp as mc
    >>> scores = mc.load_example("demsar2006")
    >>> choice = mc.choose_family(mc.check_conditions(scores))
    >>> choice.recommended
    'nonparametric'
    """
    table = conditions.decisions()
    failed = list(table.index[table["rejected"]])
    if failed:
        return FamilyChoice(
            "nonparametric",
            f"The parametric conditions are rejected at alpha = {conditions.alpha:g} "
            f"({', '.join(failed)}); "
            "the parametric tests would not be valid (Garcia et al. 2010, Sec. 2), the "
            "Friedman-family tests need none of these conditions.",
            conditions,
        )
    if conditions.n_datasets < FEW_DATASETS:
        return FamilyChoice(
            "nonparametric",
            f"No check rejected the parametric conditions, but with {conditions.n_datasets} data "
            f"sets (fewer than {FEW_DATASETS}) the checks have little power to show that they hold; "
            "scores of different data sets are not commensurable and outliers weigh on means "
            "(Demsar 2006, Sec. 3.2.1): the Friedman-family tests are the safe choice.",
            conditions,
        )
    return FamilyChoice(
        "parametric",
        f"No checked condition is rejected on {conditions.n_datasets} data sets (at least "
        f"{FEW_DATASETS}): "
        "the repeated-measures ANOVA and its post-hocs are valid and use the scores' magnitudes "
        "(Demsar 2006, Sec. 3.2.1); the Friedman-family tests remain valid too.",
        conditions,
    )
