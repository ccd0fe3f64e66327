"""Results as benchmark tools write them, as long data (a row per data set, algorithm, fold
and score), whose folds or resamples are then combined by ``aggregate`` like those of any long
table (without it, repeated scores are an error that asks for the choice).

- scikit-learn's ``cross_validate`` returns a dict of arrays per estimator (``test_score``,
  or ``test_<scoring>`` for several scorings, one value per fold): in a dict
  ``{dataset: {algorithm: that dict}}`` (:func:`cv_scores`).
- ``GridSearchCV.cv_results_`` (a dict or its DataFrame) holds each candidate's parameters
  (``params``) and its scores per split (``split<i>_test_<scoring>``): in a dict
  ``{dataset: cv_results_}``, each candidate an algorithm named by its parameters
  (:func:`grid_rows`).
- The tsml results layout (a directory ``<estimator>/Predictions/<dataset>/
  testResample<i>.csv``, whose third line begins with the test accuracy), as aeon wrote it:
  ``write_results_to_uea_format`` in aeon's ``aeon/datasets/_data_writers.py`` (lines
  272-390 before commit 6294127, which moved the writer to tsml-eval's
  ``write_classification_results``), or the files of aeon's published results, one per
  estimator and measure (``<estimator>_<measure>.csv``: a row per data set, a column per
  resample under the header ``Resamples:,0,1,...``), as aeon's loader reads them
  (``_load_to_dict`` in ``aeon/benchmarking/results_loaders.py``, lines 412-453 at commit
  a101ddc) (:func:`results_directory`).

The ``score`` keyword of the reading functions chooses the scoring by name where a result
holds several (``score='f1'`` reads ``test_f1``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["cv_scores", "grid_rows", "is_grid", "results_directory"]

_SPLIT = re.compile(r"^split(\d+)_test_(.+)$")
_RESAMPLE = re.compile(r"^testResample(\d+)\.csv$")


def _scoring(available: list[str], score: str, what: str) -> str:
    """The scoring chosen by ``score`` among ``available`` (the only one if ``score`` is the
    default and names none of them); ValueError naming them otherwise."""
    if score in available:
        return score
    if len(available) == 1 and score == "score":
        return available[0]
    raise ValueError(
        f"{what} hold{'s' if len(available) == 1 else ''} the scorings {available}; choose one "
        f"with score= (e.g. score={available[0]!r}), not {score!r}"
    )


def cv_scores(cell: Mapping[Any, Any], score: str, where: str) -> Any:
    """The fold scores of ``cross_validate``'s dict ``cell`` (``where`` names it) for the
    scoring ``score`` (``test_<score>``)."""
    tests = sorted(str(k)[5:] for k in cell if str(k).startswith("test_"))
    if not tests:
        raise ValueError(
            f"{where} maps to a dict without test scores (keys {sorted(map(str, cell))[:6]}): "
            "expected a score, a list of run scores, or the dict of "
            "sklearn.model_selection.cross_validate (with 'test_score' or 'test_<scoring>')"
        )
    return cell[f"test_{_scoring(tests, score, f'the cross_validate results of {where}')}"]


def is_grid(cells: object) -> bool:
    """Whether ``cells`` looks like a ``cv_results_`` (a dict or DataFrame with ``params``
    and ``split<i>_test_<scoring>``)."""
    keys = cells.columns if isinstance(cells, pd.DataFrame) else cells
    if not isinstance(keys, (Mapping, pd.Index)) or "params" not in keys:
        return False
    return any(_SPLIT.match(str(k)) for k in keys)


def grid_rows(name: str, results: Any, score: str) -> list[tuple[str, str, object]]:
    """The rows (data set, candidate, score) of one data set's ``cv_results_``: each
    candidate named by its parameters (``C=1, kernel='rbf'``), a row per split."""
    splits: dict[str, list[tuple[int, str]]] = {}
    for key in results.columns if isinstance(results, pd.DataFrame) else results:
        match = _SPLIT.match(str(key))
        if match:
            splits.setdefault(match.group(2), []).append((int(match.group(1)), str(key)))
    chosen = _scoring(sorted(splits), score, f"the cv_results_ of data set {name!r}")
    candidates = [_candidate(params) for params in list(results["params"])]
    if len(set(candidates)) != len(candidates):
        raise ValueError(f"the cv_results_ of data set {name!r} repeat a parameter setting")
    rows: list[tuple[str, str, object]] = []
    for _, key in sorted(splits[chosen]):
        values = np.ma.filled(np.ma.asarray(results[key], dtype=np.float64), np.nan)
        if len(values) != len(candidates):
            raise ValueError(
                f"the cv_results_ of data set {name!r}: {key} has {len(values)} scores for "
                f"{len(candidates)} parameter settings"
            )
        rows += [(name, c, float(v)) for c, v in zip(candidates, values)]
    return rows


def _candidate(params: object) -> str:
    """A parameter setting as a name: ``C=1, kernel='rbf'`` (sorted by parameter)."""
    if not isinstance(params, Mapping):
        raise TypeError(f"cv_results_['params'] holds dicts of parameters, got {params!r}")
    return ", ".join(f"{k}={v!r}" for k, v in sorted(params.items(), key=lambda kv: str(kv[0])))


def results_directory(path: str | os.PathLike[str], score: str = "score") -> pd.DataFrame:
    """The scores of a directory of results, as long data (columns dataset, algorithm,
    resample, score): the test accuracies of the tsml layout, else aeon's files of published
    results (the measure chosen by ``score`` where there are several); ValueError naming the
    layouts when it holds neither."""
    root = os.fspath(path)
    rows = _tsml_rows(root) or _aeon_rows(root, score)
    if not rows:
        raise ValueError(
            f"{root!r} is a directory without results: expected the tsml layout "
            "(<estimator>/Predictions/<dataset>/testResample<i>.csv files) or aeon's "
            "<estimator>_<measure>.csv files (or give a CSV, Parquet or Arrow file)"
        )
    return pd.DataFrame(rows, columns=["dataset", "algorithm", "resample", "score"])


def _aeon_rows(root: str, score: str) -> list[tuple[str, str, int, float]]:
    """The rows of aeon's files of published results in ``root`` (a resample per column)."""
    found: dict[str, list[tuple[str, str]]] = {}
    for name in sorted(os.listdir(root)):
        match = re.match(r"^(.+)_([A-Za-z0-9]+)\.csv$", name)
        if match and _first_cell(os.path.join(root, name)) == "Resamples:":
            found.setdefault(match.group(2), []).append((match.group(1), name))
    if not found:
        return []
    measure = _scoring(sorted(found), score, f"the aeon results in {root!r}")
    rows = []
    for estimator, name in found[measure]:
        table = pd.read_csv(os.path.join(root, name), index_col=0)
        for resample, column in enumerate(table.columns):
            values = table[column].to_numpy(dtype=np.float64)
            rows += [(str(d), estimator, resample, float(v)) for d, v in zip(table.index, values)]
    return rows


def _first_cell(path: str) -> str:
    with open(path, encoding="utf-8") as stream:
        return stream.readline().split(",")[0].strip()


def _tsml_rows(root: str) -> list[tuple[str, str, int, float]]:
    """The rows of the tsml layout in ``root``: a test results file per resample."""
    rows = []
    for estimator in sorted(os.listdir(root)):
        predictions = os.path.join(root, estimator, "Predictions")
        if not os.path.isdir(predictions):
            continue
        for dataset in sorted(os.listdir(predictions)):
            folder = os.path.join(predictions, dataset)
            for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else ():
                match = _RESAMPLE.match(name)
                if match:
                    accuracy = _accuracy(os.path.join(folder, name))
                    rows.append((dataset, estimator, int(match.group(1)), accuracy))
    return rows


def _accuracy(path: str) -> float:
    """The test accuracy of a tsml results file: the first field of its third line."""
    with open(path, encoding="utf-8") as stream:
        lines = [stream.readline() for _ in range(3)]
    field = lines[2].split(",")[0].strip()
    try:
        return float(field)
    except ValueError:
        raise ValueError(
            f"{path!r} is no tsml results file: its third line should begin with the test "
            f"accuracy, got {field[:40]!r}"
        ) from None
