"""Two classifiers on one holdout set: McNemar tests and cost-sensitive tests.

Semantics follow MATLAB's ``testcholdout`` / ``compareHoldout`` (Statistics and Machine
Learning Toolbox). With n01 = observations misclassified by the first model and classified
correctly by the second, n10 the reverse, and X ~ Binomial(n01 + n10, 1/2):

* ``test='asymptotic'``: z = (n01 - n10) / sqrt(n01 + n10) ~ N(0, 1), no continuity
  correction (two-sided: z^2 ~ chi-square(1), McNemar 1947); with ``correction=True``,
  Edwards' (1948) continuity correction, |n01 - n10| reduced by 1 (z^2 = (|n01 - n10| - 1)^2 /
  (n01 + n10), mlxtend's default ``mcnemar(corrected=True)`` and R's ``mcnemar.test``,
  except at n01 = n10, where their (0 - 1)^2 would move the statistic away from 0: p = 1);
* ``test='exact'``: the exact conditional test, n01 ~ X;
* ``test='midp'`` (default): the exact test's p-value minus half the probability of the
  observed count (Fagerland, Lydersen & Laake 2013, BMC Med. Res. Methodol. 13:91).

``alternative``: ``'two-sided'``; ``'greater'`` (H1: the first model is more accurate, small
n01); ``'less'`` (H1: the first model is less accurate, large n01).

Validity. Only ``test='exact'`` holds the level for every number n = n01 + n10 of discordant
pairs. The exact type I error of the two-sided tests at alpha = 0.05 (the null probability of
the counts with p < alpha, summed over n01 ~ Binomial(n, 1/2); benches/asymptotic_sizes.py
computes it, benches/RESULTS-asymptotic-sizes.md lists it, tests/test_holdout.py checks it),
for n = 1..100:

* ``'midp'`` (the default, as in MATLAB) exceeds alpha at 41 of the 100 values of n, up to
  0.077 at n = 16 (0.065 at n = 50, 0.057 at n = 100);
* ``'asymptotic'`` exceeds it at 47 of them, up to 0.125 at n = 4 (0.077 at n = 16);
* ``'exact'`` never does (at most 0.0498, at n = 67): use it when the level must hold.

The mid-p test stays the default to agree with MATLAB's ``testcholdout``; it is more powerful
and its rate is close to alpha on average over n (Fagerland et al. 2013), but not for every n.

With a cost matrix (rows = true class, columns = predicted class) the hypothesis is equal
expected misclassification cost. The observations are counted in the K^3 cells (prediction 1,
prediction 2, true class), with one added to every cell (Laplace correction), and the cell
probabilities are fitted under the linear constraint sum_cell p * (c1 - c2) = 0:

* ``cost_test='likelihood'``: likelihood ratio test; the constrained maximum likelihood is
  n_t / (N (1 + t delta_t)) with the Lagrange multiplier t the root of
  sum_t n_t delta_t / (1 + t delta_t) = 0 (bracketed; scipy.optimize.brentq);
  2 log(LR) = 2 sum_t n_t log(1 + t delta_t) ~ chi-square(1);
* ``cost_test='chisquare'``: the minimum of sum_t (m_t - n_t)^2 / n_t over the cells where the
  two predictions differ, subject to sum_t m_t delta_t = 0 ~ chi-square(1). This quadratic
  programme has the closed-form minimum (sum n_t delta_t)^2 / sum n_t delta_t^2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd
from scipy import optimize, stats

from multicomp._internal import tables as _tables
from multicomp._internal.keywords import strict
from multicomp._internal.validation import check_alpha, check_bool, check_choice
from multicomp._internal.vocabulary import (
    ALTERNATIVES,
    COST_TESTS,
    MCNEMAR_TESTS,
    Alternative,
    CostTest,
    McNemarTest,
)
from multicomp.pairs.labels import codes_of, cost_matrix, equal_labels, prepare_labels

__all__ = ["HoldoutResult", "compare_holdout", "mcnemar"]

_COST_TEST_NAMES = {"likelihood": "likelihood-ratio", "chisquare": "chi-square"}
#: Classes named in str(HoldoutResult); more are counted.
_SHOWN_CLASSES = 10


@dataclass(frozen=True)
class HoldoutResult(_tables.NotebookView):
    """Comparison of two classifiers on one holdout set (as MATLAB's testcholdout).

    Attributes
    ----------
    reject : bool
        Whether H0 is rejected (``pvalue < alpha``; MATLAB's ``h``).
    pvalue : float
        The p-value of ``test``.
    e1, e2 : float
        The misclassification rates of the two models, or their mean misclassification costs
        with a cost matrix.
    n01 : int
        Observations misclassified by the first model and correct by the second.
    n10 : int
        The reverse.
    statistic : float
        n01 for the exact and mid-p tests, z for the asymptotic McNemar test (continuity-
        corrected with ``correction``), the chi-square value for the cost-sensitive tests.
    test : str
        ``'midp'``, ``'exact'`` or ``'asymptotic'``.
    alternative : str
        ``'two-sided'``, ``'greater'`` (the first model is more accurate) or ``'less'``.
    alpha : float
        The significance level of ``reject``.
    n : int
        Observations used (after dropping missing true labels and classes not selected).
    classes : tuple
        The class labels.
    cost_test : str or None
        ``'likelihood'`` or ``'chisquare'`` with a cost matrix, else None.
    table : pandas.DataFrame
        The 2 x 2 table: first model correct/wrong (rows) by second model (columns).
    expected_counts : numpy.ndarray or None
        Cost-sensitive tests only: the fitted (Laplace-corrected) cell counts under H0, indexed
        (prediction 1, prediction 2, true class).
    correction : bool
        Whether the asymptotic McNemar test carries Edwards' continuity correction.

    References
    ----------
    McNemar (1947), Note on the sampling error of the difference between correlated proportions
    or percentages, Psychometrika 12:153-157.
    Fagerland, Lydersen & Laake (2013), The McNemar test for binary matched-pairs data: mid-p
    and asymptotic are better than exact conditional, BMC Med. Res. Methodol. 13:91.
    Edwards (1948), Note on the "correction for continuity" in testing the significance of the
    difference between correlated proportions, Psychometrika 13:185-187.

    Examples
    --------
    >>> import multicomp as mc
    >>> y_true = [0, 0, 1, 1, 0, 1, 0, 1, 1, 0, 0, 1]
    >>> model_1 = [0, 0, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1]
    >>> model_2 = [0, 1, 0, 1, 1, 1, 0, 0, 1, 1, 1, 1]
    >>> res = mc.mcnemar(y_true, model_1, model_2)
    >>> print(res)
    McNemar test (midp, two-sided) of two classifiers on n = 12 observations
      n01 = 0, p = 0.03125: H0 (equal accuracy) rejected at alpha = 0.05
      misclassification rates: model 1 0.08333, model 2 0.5; n01 = 0 (only model 2 right), n10 = 5 (only model 1 right)
      classes: 0, 1
    """

    reject: bool
    pvalue: float
    e1: float
    e2: float
    n01: int
    n10: int
    statistic: float
    test: str
    alternative: str
    alpha: float
    n: int
    classes: tuple[Any, ...]
    cost_test: str | None = None
    table: pd.DataFrame = field(repr=False, compare=False, default_factory=pd.DataFrame)
    expected_counts: np.ndarray | None = field(repr=False, compare=False, default=None)
    correction: bool = False

    def to_frame(self) -> pd.DataFrame:
        """The 2 x 2 table: first model correct/wrong (rows) by second model (columns)."""
        return self.table

    def __str__(self) -> str:
        if self.cost_test is None:
            test = f"{self.test}, continuity-corrected" if self.correction else self.test
            name = f"McNemar test ({test}, {self.alternative})"
            rates = "misclassification rates"
            symbol = "z" if self.test == "asymptotic" else "n01"
            null = "equal accuracy"
        else:
            name = f"Cost-sensitive {_COST_TEST_NAMES[self.cost_test]} test"
            rates = "mean misclassification costs"
            symbol = "chi2(1)"
            null = "equal mean cost"
        verdict = "rejected" if self.reject else "not rejected"
        return (
            f"{name} of two classifiers on n = {self.n} observations\n"
            f"  {symbol} = {self.statistic:.4g}, p = {self.pvalue:.4g}: "
            f"H0 ({null}) {verdict} at alpha = {self.alpha:g}\n"
            f"  {rates}: model 1 {self.e1:.4g}, model 2 {self.e2:.4g}; "
            f"n01 = {self.n01} (only model 2 right), n10 = {self.n10} (only model 1 right)\n"
            f"  classes: {', '.join(map(str, self.classes[:_SHOWN_CLASSES]))}"
            + (f", ... ({len(self.classes)})" if len(self.classes) > _SHOWN_CLASSES else "")
        )


@strict
def mcnemar(
    y_true: object,
    y_pred1: object,
    y_pred2: object,
    *,
    test: McNemarTest | None = None,
    alternative: Alternative = "two-sided",
    alpha: float = 0.05,
    cost: object = None,
    cost_test: CostTest = "likelihood",
    class_names: Sequence[Any] | None = None,
    correction: bool = False,
) -> HoldoutResult:
    """Test whether two sets of predicted labels are equally accurate (MATLAB testcholdout).

    ``y_true``, ``y_pred1``, ``y_pred2``: 1-D label arrays of equal length (strings, ints,
    bools, pandas categoricals, ...). Rows with a missing true label (None, NaN, '') are
    dropped; a missing prediction counts as an error; predicted labels of another type than
    the true ones (text vs numbers) are a TypeError. ``class_names`` orders the classes and
    selects a subset: rows whose true class is not selected are dropped. Default classes: those
    of ``y_true`` (category order for categoricals, else sorted).

    ``test``: ``'midp'`` (default without a cost matrix), ``'exact'`` or ``'asymptotic'`` (the
    only test with a cost matrix, and its default); see the module docstring for the
    definitions. Only ``'exact'`` holds alpha for every number of discordant pairs n: at
    alpha = 0.05 the mid-p test rejects a true null with probability up to 0.077 (n = 16), the
    asymptotic test up to 0.125 (n = 4) (module docstring: the figures). ``cost``: K x K matrix (rows true class, columns predicted class, classes in
    the order of ``class_names``), non-negative, zero diagonal, not all zero; it requires
    ``alternative='two-sided'`` and the asymptotic test, as in MATLAB. ``cost_test``:
    ``'likelihood'`` or ``'chisquare'``. The cells span the true classes (as MATLAB) and any
    other class of ``class_names`` that a model predicts; a prediction without a cost (not in
    ``class_names``, or without it not a true class) is an error, where MATLAB ignores it.

    Parameters
    ----------
    y_true, y_pred1, y_pred2 : array_like
        True labels and the two classifiers' predictions on the same holdout set.
    test : {'midp', 'exact', 'asymptotic'}, optional
        The McNemar test (above); default as MATLAB's testcholdout.
    alternative : {'two-sided', 'greater', 'less'}
        'greater': H1 the first classifier is more accurate (as MATLAB's testcholdout).
    alpha : float
        Significance level of ``reject``.
    cost : array_like, optional
        Misclassification cost matrix (rows = true class, columns = predicted class).
    cost_test : {'likelihood', 'chisquare'}
        The cost-sensitive test.
    class_names : sequence, optional
        The classes, in the order of the cost matrix.
    correction : bool
        ``test='asymptotic'`` without a cost matrix: Edwards' continuity correction (module
        docstring; mlxtend's default). False (default, as MATLAB): none.

    Returns
    -------
    HoldoutResult
        ``reject``, ``pvalue``, the error rates or costs and the discordant counts.

    Examples
    --------
    >>> import multicomp as mc
    >>> y_true = [0, 0, 1, 1, 0, 1, 0, 1, 1, 0, 0, 1]
    >>> model_1 = [0, 0, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1]
    >>> model_2 = [0, 1, 0, 1, 1, 1, 0, 0, 1, 1, 1, 1]
    >>> res = mc.mcnemar(y_true, model_1, model_2)  # exact mid-p test (default)
    >>> print(res.n01, res.n10, round(res.pvalue, 5), res.reject)
    0 5 0.03125 True
    >>> print(round(mc.mcnemar(y_true, model_1, model_2, test="exact").pvalue, 5))
    0.0625
    """
    alpha = check_alpha(alpha)
    alternative = check_choice("alternative", alternative, ALTERNATIVES)
    cost_test = check_choice("cost_test", cost_test, COST_TESTS)
    if test is None:
        test = "asymptotic" if cost is not None else "midp"
    test = check_choice("test", test, MCNEMAR_TESTS)
    if check_bool(correction, "correction") and (test != "asymptotic" or cost is not None):
        raise ValueError(
            "correction=True (Edwards' continuity correction) applies to the asymptotic McNemar "
            f"test without a cost matrix (test='asymptotic', cost=None); got test={test!r}"
            + ("" if cost is None else " with a cost matrix")
        )
    if cost is not None and (test != "asymptotic" or alternative != "two-sided"):
        raise ValueError(
            "a cost matrix allows only the two-sided asymptotic test (test='asymptotic', "
            f"alternative='two-sided'), as in MATLAB's testcholdout; got test={test!r}, "
            f"alternative={alternative!r}"
        )
    y, p1, p2, classes, selected = prepare_labels(y_true, y_pred1, y_pred2, class_names)
    good1, good2 = equal_labels(p1, y), equal_labels(p2, y)
    n01 = int(np.sum(~good1 & good2))
    n10 = int(np.sum(good1 & ~good2))
    table = pd.DataFrame(
        [[int(np.sum(good1 & good2)), n10], [n01, int(np.sum(~good1 & ~good2))]],
        index=pd.Index(["correct", "wrong"], name="model 1"),
        columns=pd.Index(["correct", "wrong"], name="model 2"),
    )
    common: dict[str, Any] = dict(
        n01=n01,
        n10=n10,
        test=test,
        alternative=alternative,
        alpha=alpha,
        n=int(y.size),
        classes=tuple(classes),
        table=table,
    )
    if cost is not None:
        names = selected if selected is not None else classes
        # MATLAB's cells span the true classes; a prediction of another class that has a cost
        # (listed in class_names) extends them, any other prediction is an error (codes_of).
        used = set(classes) | (set(p1.tolist()) | set(p2.tolist())) & set(names)
        cells = [c for c in names if c in used]
        matrix = cost_matrix(cost, names, cells)
        index = {c: i for i, c in enumerate(cells)}
        k, c1, c2 = (
            codes_of(y, index, "y_true"),
            codes_of(p1, index, "y_pred1"),
            codes_of(p2, index, "y_pred2"),
        )
        e1, e2 = float(np.mean(matrix[k, c1])), float(np.mean(matrix[k, c2]))
        statistic, expected = _cost_sensitive(c1, c2, k, matrix, cost_test)
        pvalue = float(stats.chi2.sf(statistic, 1))
        return HoldoutResult(
            reject=bool(pvalue < alpha),
            pvalue=pvalue,
            e1=e1,
            e2=e2,
            statistic=statistic,
            cost_test=cost_test,
            expected_counts=expected,
            **common,
        )
    e1, e2 = float(np.mean(~good1)), float(np.mean(~good2))
    statistic, pvalue = _mcnemar_pvalue(n01, n10, test, alternative, correction)
    return HoldoutResult(
        reject=bool(pvalue < alpha),
        pvalue=pvalue,
        e1=e1,
        e2=e2,
        statistic=statistic,
        correction=correction,
        **common,
    )


@strict
def compare_holdout(
    model1: Any,
    model2: Any,
    X1: object,
    X2: object,
    y: object,
    *,
    test: McNemarTest | None = None,
    alternative: Alternative = "two-sided",
    alpha: float = 0.05,
    cost: object = None,
    cost_test: CostTest = "likelihood",
    class_names: Sequence[Any] | None = None,
    correction: bool = False,
) -> HoldoutResult:
    """Compare two fitted classifiers on a holdout set (MATLAB compareHoldout).

    Calls ``model1.predict(X1)`` and ``model2.predict(X2)`` (any scikit-learn-style model; the
    two may use different predictors) and passes the predictions and the true labels ``y`` to
    :func:`mcnemar` with the options of its keywords.

    Parameters
    ----------
    model1, model2 : fitted estimators
        Anything with a ``predict`` method (scikit-learn's).
    X1, X2 : array_like
        The holdout predictors of each model.
    y : array_like
        The true labels.
    test, alternative, alpha, cost, cost_test, class_names, correction
        As in :func:`mcnemar`.

    Returns
    -------
    HoldoutResult
        As :func:`mcnemar`.

    Examples
    --------
    >>> import multicomp as mc
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import train_test_split
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)
    >>> tree = DecisionTreeClassifier(random_state=0).fit(X_train, y_train)
    >>> logit = LogisticRegression(max_iter=5000).fit(X_train, y_train)
    >>> res = mc.compare_holdout(tree, logit, X_test, X_test, y_test)
    >>> print(res.n01, res.n10, round(res.pvalue, 4))
    12 2 0.0074
    """
    for name, model in (("model1", model1), ("model2", model2)):
        if not callable(getattr(model, "predict", None)):
            raise TypeError(
                f"{name} must be a fitted classifier with a predict method, got "
                f"{type(model).__name__}"
            )
    return mcnemar(
        y,
        model1.predict(X1),
        model2.predict(X2),
        test=test,
        alternative=alternative,
        alpha=alpha,
        cost=cost,
        cost_test=cost_test,
        class_names=class_names,
        correction=correction,
    )


def _mcnemar_pvalue(
    n01: int, n10: int, test: str, alternative: str, correction: bool = False
) -> tuple[float, float]:
    """(statistic, p) of the McNemar tests, MATLAB testcholdout's definitions; ``correction``:
    n01 - n10 moved 1 (half its step of 2) towards 0, or against the one-sided alternative."""
    n = n01 + n10
    if test == "asymptotic":
        d = float(n01 - n10)
        if correction:
            shift = {"two-sided": np.sign(d), "greater": -1.0, "less": 1.0}
            d -= shift[alternative]
        z = d / np.sqrt(n) if n else 0.0
        if n == 0 or (alternative == "two-sided" and n01 == n10):
            return float(z), 1.0
        p = {
            "two-sided": stats.chi2.sf(z * z, 1),
            "greater": stats.norm.cdf(z),
            "less": stats.norm.sf(z),
        }[alternative]
        return float(z), float(p)
    if n == 0 or (alternative == "two-sided" and n01 == n10):
        return float(n01), 1.0
    observed = {"two-sided": min(n01, n10), "greater": n01, "less": n10}[alternative]
    tail = stats.binom.cdf(observed, n, 0.5)
    if test == "midp":
        tail -= 0.5 * stats.binom.pmf(observed, n, 0.5)
    p = 2.0 * tail if alternative == "two-sided" else tail
    return float(n01), float(min(1.0, p))


def _cost_sensitive(
    c1: np.ndarray, c2: np.ndarray, k: np.ndarray, cost: np.ndarray, cost_test: str
) -> tuple[float, np.ndarray]:
    """Chi-square value and fitted cell counts of the cost-sensitive tests (module docstring)."""
    K = cost.shape[0]
    cost = cost / cost.max()  # both statistics are free of the cost unit; this keeps them finite
    counts = np.zeros((K, K, K))
    np.add.at(counts, (c1, c2, k), 1.0)
    counts += 1.0  # Laplace correction
    # delta[i, j, t] = cost of predicting i minus cost of predicting j for true class t
    delta = cost.T[:, None, :] - cost.T[None, :, :]
    m, d = counts.ravel(), delta.ravel()
    if cost_test == "likelihood":
        t = _lagrange_multiplier(m, d)
        expected = m / (1.0 + t * d)
        statistic = 2.0 * float(np.sum(m * np.log1p(t * d)))
    else:
        mu = float(np.sum(m * d)) / float(np.sum(m * d * d))
        expected = m - mu * m * d
        statistic = float(np.sum(m * d)) ** 2 / float(np.sum(m * d * d))
    return max(statistic, 0.0), expected.reshape(counts.shape)


def _lagrange_multiplier(m: np.ndarray, d: np.ndarray) -> float:
    """Root t of sum m d / (1 + t d) = 0 on (-1/max d, -1/min d), where every 1 + t d > 0.

    The function decreases from +inf to -inf on that interval, so the root is unique and
    bracketed; both signs of d occur because the cost matrix is not all zero.
    """

    def score(t: float) -> float:
        return float(np.sum(m * d / (1.0 + t * d)))

    shrink = 1.0 - 1e-12
    lo, hi = -shrink / d.max(), -shrink / d.min()
    return float(
        optimize.brentq(score, lo, hi, xtol=1e-15, rtol=4 * np.finfo(float).eps, maxiter=500)
    )
