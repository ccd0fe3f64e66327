"""The labels of a holdout set, read and checked: the true classes and two classifiers' predictions
(arrays, lists, Series; missing labels; classes in a given order) as integer codes, and the cost
matrix of the cost-sensitive tests."""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["codes_of", "cost_matrix", "equal_labels", "prepare_labels"]


def prepare_labels(
    y_true: object, y_pred1: object, y_pred2: object, class_names: Sequence[Any] | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[Any], list[Any] | None]:
    """Labels as object arrays without the rows to drop; the classes; the selected names."""
    y, order = _labels(y_true, "y_true")
    p1, _ = _labels(y_pred1, "y_pred1")
    p2, _ = _labels(y_pred2, "y_pred2")
    if not (y.size == p1.size == p2.size):
        raise ValueError(
            f"y_true, y_pred1 and y_pred2 must have the same length, got {y.size}, "
            f"{p1.size} and {p2.size}"
        )
    if y.size == 0:
        raise ValueError("no observations: y_true is empty")
    keep = ~_missing(y)
    if not keep.any():
        raise ValueError("every true label is missing (None, NaN or '')")
    y, p1, p2 = y[keep], p1[keep], p2[keep]
    _check_kinds(y, p1, "y_pred1")
    _check_kinds(y, p2, "y_pred2")
    present = _unique(y, order)
    selected: list[Any] | None = None
    if class_names is not None:
        selected = list(_labels(class_names, "class_names")[0])
        if len(_unique(np.array(selected, dtype=object), None)) != len(selected):
            raise ValueError(f"class_names has duplicates: {selected}")
        found = set(present)
        classes = [c for c in selected if c in found]
        if not classes:
            raise ValueError(
                f"none of class_names {selected} occurs in y_true (classes: {present})"
            )
        chosen = set(classes)
        rows = np.array([v in chosen for v in y], dtype=bool)
        y, p1, p2 = y[rows], p1[rows], p2[rows]
    else:
        classes = present
    return y, p1, p2, classes, selected


def _labels(values: Any, name: str) -> tuple[np.ndarray, list[Any] | None]:
    """A 1-D object array of labels, and the category order of a categorical."""
    order = None
    if isinstance(values, pd.Series) and isinstance(values.dtype, pd.CategoricalDtype):
        order = list(values.cat.categories)
    elif isinstance(values, pd.Categorical):
        order = list(values.categories)
    if isinstance(values, (str, bytes)) or np.ndim(values) == 0:
        raise ValueError(f"{name} must be a 1-D array of labels, got {values!r}")
    if order is not None:  # categorical: its values, missing ones as NaN
        values = pd.Series(values).astype(object)
    array = np.asarray(values, dtype=object)
    if array.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got shape {array.shape}")
    return array, order


def _kind(label: Any) -> str:
    if isinstance(label, (str, bytes)):
        return "text" if isinstance(label, str) else "bytes"
    return "numeric" if isinstance(label, (numbers.Number, np.bool_)) else "other"


def _check_kinds(y: np.ndarray, pred: np.ndarray, name: str) -> None:
    """Text never equals a number: predictions of a kind absent from y_true are a type mix-up."""
    kinds = {_kind(v) for v in pd.unique(y)}
    for v in pd.unique(pred):
        kind = _kind(v)
        if kind != "other" and kind not in kinds and not _is_missing(v):
            raise TypeError(
                f"{name} holds {kind} labels (e.g. {v!r}) but y_true "
                f"{' and '.join(sorted(kinds))} ones, which never equal them; convert "
                "the labels to one type"
            )


def _is_missing(label: Any) -> bool:
    return (
        label is None
        or (isinstance(label, str) and label == "")
        or (not isinstance(label, (str, bytes)) and bool(pd.isna(label)))
    )


def _missing(values: np.ndarray) -> np.ndarray:
    return np.array([_is_missing(v) for v in values], dtype=bool)


def _unique(values: np.ndarray, order: list[Any] | None) -> list[Any]:
    """Distinct labels: in category order, else sorted, else in order of appearance."""
    seen = list(dict.fromkeys(values.tolist()))
    if order is not None:
        present = set(seen)
        return [c for c in order if c in present]
    try:
        return sorted(seen)
    except TypeError:
        return seen


def equal_labels(pred: np.ndarray, truth: np.ndarray) -> np.ndarray:
    """Correct predictions (the true labels are never missing; a missing prediction is wrong)."""
    return np.array([a is not pd.NA and bool(a == b) for a, b in zip(pred, truth)], dtype=bool)


def codes_of(values: np.ndarray, index: dict[Any, int], name: str) -> np.ndarray:
    missing = _missing(values)
    if missing.any():
        raise ValueError(
            f"{name} has a missing label ({values[missing][0]!r}); with a cost matrix "
            "every prediction needs a cost"
        )
    codes = np.array([index.get(v, -1) for v in values], dtype=np.int64)
    if (codes < 0).any():
        bad = values[codes < 0][0]
        raise ValueError(
            f"{name} holds the label {bad!r}, which is not one of the classes "
            f"{list(index)}; with a cost matrix every prediction needs a cost: pass "
            "class_names listing every class, in the order of the cost matrix"
        )
    return codes


def cost_matrix(cost: object, names: Sequence[Any], classes: list[Any]) -> np.ndarray:
    """Validated cost matrix over ``names``, reduced to ``classes`` (those in use, as MATLAB)."""
    try:
        matrix = np.array(cost, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"cost must be a numeric K x K matrix: {exc}") from exc
    names = list(names)
    size = len(names)
    if matrix.shape != (size, size):
        raise ValueError(
            f"cost must be a {size} x {size} matrix (rows true class, columns "
            f"predicted class, classes {names}), got shape {matrix.shape}"
        )
    if not np.all(np.isfinite(matrix)):
        raise ValueError("cost must be finite")
    if np.any(matrix < 0):
        raise ValueError("cost must be non-negative")
    if np.any(np.diag(matrix) != 0):
        raise ValueError("cost must have a zero diagonal (a correct prediction costs nothing)")
    keep = [names.index(c) for c in classes]
    matrix = matrix[np.ix_(keep, keep)]
    if not np.any(matrix):
        raise ValueError(
            f"cost is all zero for the classes {classes}: no misclassification costs anything"
        )
    return matrix
