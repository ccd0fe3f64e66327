"""The result of a simulation: the estimates of every procedure with their Monte Carlo
standard errors (:class:`SimulationResult`), from the tallies of the chunks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from multicomp._internal import tables as _tables

__all__ = ["TALLIES", "SimulationResult", "estimates"]

TALLIES = (
    "fwer",
    "any",
    "all",
    "alternatives",
    "power_sum",
    "power_sq",
    "rejected_sum",
    "rejected_sq",
    "true_sum",
)


# --- the result --------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SimulationResult(_tables.NotebookView):
    """Monte Carlo estimates of :func:`simulate`, one row per procedure.

    ``to_frame()`` has the index (``comparison``, ``test``, ``procedure``) and the columns
    ``hypotheses`` (m), ``true_nulls`` (their average number), ``fwer`` (the rate of tables with
    at least one true null hypothesis rejected: the family-wise type I error), ``power_any``
    (at least one false null rejected), ``power_all`` (every false null rejected), ``power_avg``
    (the average fraction of false nulls rejected) and ``rejections`` (the average number of
    rejected hypotheses, G08's measure of power), each with its Monte Carlo standard error
    ``<name>_se``. Powers are over the tables that have a false null (NaN if none has one).

    Attributes
    ----------
    effects : tuple of float
        The true locations mu_j of the algorithms, in units of the noise's standard deviation.
    n_datasets : int
        N, the data sets of each simulated table.
    n_replications : int
        The simulated tables.
    alpha : float
        The significance level of the procedures.
    control : int or str
        The control of the 1 x N comparisons: an index, or ``'best'`` (the best-ranked of each
        table).
    noise : str
        The error distribution (the function's name for a custom one).
    scale_spread : float
        The spread of the data sets' log scales.
    decimals : int or None
        The rounding of the scores (ties), if any.
    entropy : int or sequence of int
        The seed's entropy: ``simulate(..., random_state=entropy)`` repeats the run.
    options : mapping
        The options of the tests and procedures that differ from the package's defaults.
    estimates : pandas.DataFrame
        The estimates described above.
    n_algorithms : int
        k, the number of effects.
    fwer : pandas.Series
        The estimated family-wise type I error of each procedure.

    References
    ----------
    G08 = Garcia & Herrera (2008), An extension on "Statistical comparisons of classifiers over
    multiple data sets" for all pairwise comparisons, JMLR 9:2677-2694.

    Examples
    --------
    >>> import multicomp as mc
    >>> res = mc.simulate([0, 0, 0, 1, 1], 20, n_replications=1000, comparisons=["control"], tests=["friedman"], procedures=["holm"], random_state=1)
    >>> print(res.n_replications, res.alpha)
    1000 0.05
    >>> res.to_frame()[["true_nulls", "fwer", "rejections"]].round(3)
                                   true_nulls   fwer  rejections
    comparison test     procedure
    control    friedman holm              2.0  0.025       1.262
    """

    effects: tuple[float, ...]
    n_datasets: int
    n_replications: int
    alpha: float
    control: int | str
    noise: str
    scale_spread: float
    decimals: int | None
    entropy: int | Sequence[int]
    options: Mapping[str, str | bool | int] = field(default_factory=dict)
    estimates: pd.DataFrame = field(repr=False)

    @property
    def n_algorithms(self) -> int:
        return len(self.effects)

    @property
    def fwer(self) -> pd.Series:
        """The estimated family-wise type I error of each procedure."""
        return self.estimates["fwer"]

    def to_frame(self) -> pd.DataFrame:
        """The estimates (a copy), one row per procedure."""
        return self.estimates.copy()

    def __str__(self) -> str:
        options = ", ".join(f"{key}={value!r}" for key, value in self.options.items())
        effects = ", ".join(f"{e:g}" for e in self.effects)
        shown = self.estimates[["true_nulls", "fwer", "fwer_se", "power_avg", "power_avg_se"]]
        return (
            f"Simulation: N = {self.n_datasets}, k = {self.n_algorithms}, effects = ({effects}), "
            f"noise = {self.noise}, scale_spread = {self.scale_spread:g}, "
            f"decimals = {self.decimals}, control = {self.control}, alpha = {self.alpha:g}, "
            f"{self.n_replications} replications (entropy {self.entropy}); {options}\n"
            f"{shown.to_string(float_format='{:.4f}'.format)}"
        )


def estimates(
    index: list[tuple[str, str, str]], ms: list[int], tallies: np.ndarray, reps: int
) -> pd.DataFrame:
    t = dict(zip(TALLIES, tallies.T))
    alternatives = t["alternatives"]

    def rate(count: np.ndarray, over: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        with np.errstate(invalid="ignore", divide="ignore"):
            p = np.where(over > 0, count / np.maximum(over, 1), np.nan)
            return p, np.sqrt(p * (1 - p) / over)

    def mean(
        total: np.ndarray, squares: np.ndarray, over: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        with np.errstate(invalid="ignore", divide="ignore"):
            m = np.where(over > 0, total / np.maximum(over, 1), np.nan)
            variance = np.maximum(squares / np.maximum(over, 1) - m**2, 0.0) * over / (over - 1)
            return m, np.sqrt(variance / over)

    columns: dict[str, np.ndarray] = {
        "hypotheses": np.array(ms),
        "true_nulls": t["true_sum"] / reps,
    }
    for name, (value, se) in (
        ("fwer", rate(t["fwer"], np.full_like(alternatives, reps))),
        ("power_any", rate(t["any"], alternatives)),
        ("power_all", rate(t["all"], alternatives)),
        ("power_avg", mean(t["power_sum"], t["power_sq"], alternatives)),
        ("rejections", mean(t["rejected_sum"], t["rejected_sq"], np.full_like(alternatives, reps))),
    ):
        columns[name], columns[f"{name}_se"] = value, se
    return pd.DataFrame(
        columns, index=pd.MultiIndex.from_tuples(index, names=["comparison", "test", "procedure"])
    )
