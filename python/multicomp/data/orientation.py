"""Does a table of scores look transposed? Evidence from its names.

A table with more algorithms (columns) than data sets (rows) is sometimes genuine (many
variants on a few data sets) and sometimes a table with the algorithms in its rows. The
shape alone cannot tell them apart, the names can: :func:`transposed_evidence` counts the
column names that are well-known benchmark data sets (UCI, KEEL, OpenML-CC18:
``KNOWN_DATASETS``) and the row names that are well-known learning algorithms (abbreviations
as in the papers' tables, and scikit-learn estimator class names: ``KNOWN_ALGORITHMS``, or a
name ending in ``classifier``, ``regressor``, ``regression``), and the same the other way
round (of the first 1,000 names on each side). The table looks transposed when at least half of its columns or of its rows name the
wrong kind and the names fit the transposed reading better than the given one. Tables without
names (arrays) or with unknown names give no evidence.

Names are compared without case, punctuation or a file suffix (``Breast-Cancer.arff`` is
``breastcancer``); a data-set name also matches KEEL's numbered variants (``yeast1``,
``glass-0-1-2-3_vs_4-5-6``), an algorithm name its first word (``svm_rbf``, ``knn-5``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

__all__ = ["KNOWN_ALGORITHMS", "KNOWN_DATASETS", "transposed_evidence"]

#: Well-known benchmark data sets (UCI, KEEL, OpenML-CC18), normalised (lower case, letters and
#: digits only).
_DATASET_NAMES = """
    abalone adult anneal appendicitis arrhythmia audiology australian autos balance
    balancescale banana bands banknote banknoteauthentication blood bloodtransfusion breast
    breastcancer breastcancerwisconsin breastw bupa car cardiotocography chess churn
    cleveland cmc coil2000 colic connect4 contraceptive credit creditapproval creditg crx
    cylinderbands dermatology diabetes digits dna ecoli electricity fertility flags german
    glass haberman hayesroth heart heartstatlog hepatitis horsecolic housevotes hypothyroid
    ionosphere iris isolet kddcup kr krvskp labor led7digit letter liver lymphography magic
    magic04 mammographic marketing mfeat mfeatfactors mfeatfourier mfeatkarhunen
    mfeatmorphological mfeatpixel mfeatzernike monk monk1 monk2 monks monks1 monks2 monks3
    mushroom musk newthyroid nursery optdigits ozone pageblocks parkinsons penbased
    pendigits phoneme pima pimaindians postoperative primarytumor ring saheart satimage
    segment semeion shuttle sick sonar soybean spambase spectf splice steelplates tae
    texture thyroid tictactoe titanic twonorm vehicle vote vowel waveform wdbc wine
    winequality winequalityred winequalitywhite wisconsin yeast zoo
"""
KNOWN_DATASETS = frozenset(_DATASET_NAMES.split())

#: Well-known learning algorithms as the papers' tables and scikit-learn name them,
#: normalised as the data sets.
_ALGORITHM_NAMES = """
    1nn 3nn 5nn ada adaboost ann bagging bayesnet c45 c50 cart catboost cn2 decisiontree dt
    elasticnet et extratrees gbdt gbm gbt gnb gp gradientboosting hoeffdingtree ibk id3 j48
    jrip kernelridge knn kstar lasso lda lgbm lightgbm linearsvc linearsvm logistic
    logisticregression logreg lr lssvm lsvm mlp multinomialnb naivebayes nb nusvc oner part
    passiveaggressive perceptron qda randomforest rbf rbfn rf ridge ripper rotationforest
    sgd smo svc svm svr tabnet xgb xgboost zeror
"""
KNOWN_ALGORITHMS = frozenset(_ALGORITHM_NAMES.split())

_SAMPLE = 1000  # names read on each side (the first ones): the check stays fast at any k
_ESTIMATOR_SUFFIXES = ("classifier", "regressor", "regression")
_FILE_SUFFIX = re.compile(r"\.(csv|tsv|arff|dat|data|txt|json|parquet)$", re.IGNORECASE)
_KEEL_VARIANT = re.compile(r"^(\d|vs)")


def _normalise(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", _FILE_SUFFIX.sub("", name.strip()).lower())


def _is_dataset(name: str) -> bool:
    key = _normalise(name)
    return key in KNOWN_DATASETS or any(
        key[:cut] in KNOWN_DATASETS for cut in range(4, len(key)) if _KEEL_VARIANT.match(key[cut:])
    )


def _is_algorithm(name: str) -> bool:
    key = _normalise(name)
    words = re.split(r"[^a-z0-9]+", name.strip().lower())
    return (
        key in KNOWN_ALGORITHMS
        or (bool(words) and words[0] in KNOWN_ALGORITHMS)
        or (key.endswith(_ESTIMATOR_SUFFIXES) and key not in _ESTIMATOR_SUFFIXES)
    )


def _matches(names: Sequence[str], kind: Callable[[str], bool]) -> list[str]:
    return [name for name in names[:_SAMPLE] if kind(name)]


def transposed_evidence(algorithms: Sequence[str], datasets: Sequence[str]) -> str | None:
    """Why the names of a table suggest that it is transposed, or None.

    Parameters
    ----------
    algorithms : sequence of str
        The column names (read as algorithms).
    datasets : sequence of str
        The row names (read as data sets).

    Returns
    -------
    str or None
        A phrase naming the evidence (e.g. "the columns 'iris', 'wine', ... are well-known
        data sets"), or None when at most a minority of the names is of the wrong kind, or the
        names fit the given reading at least as well as the transposed one.
    """
    wrong_columns = _matches(algorithms, _is_dataset)
    wrong_rows = _matches(datasets, _is_algorithm)
    columns, rows = min(len(algorithms), _SAMPLE), min(len(datasets), _SAMPLE)
    transposed = max(len(wrong_columns) / columns, len(wrong_rows) / rows)
    given = max(
        len(_matches(algorithms, _is_algorithm)) / columns,
        len(_matches(datasets, _is_dataset)) / rows,
    )
    if transposed < 0.5 or transposed <= given:
        return None
    evidence = []
    if wrong_rows:
        evidence.append(f"the rows {_some(wrong_rows)} name algorithms")
    if wrong_columns:
        evidence.append(f"the columns {_some(wrong_columns)} are well-known data sets")
    return " and ".join(evidence)


def names_confirm(algorithms: Sequence[str], datasets: Sequence[str]) -> bool:
    """Whether the names support the given reading: at least half of the (sampled) columns
    are known algorithms or at least half of the rows known data sets."""
    columns, rows = min(len(algorithms), _SAMPLE), min(len(datasets), _SAMPLE)
    return (
        len(_matches(algorithms, _is_algorithm)) >= columns / 2
        or len(_matches(datasets, _is_dataset)) >= rows / 2
    )


def _some(names: list[str]) -> str:
    return str(names[:3])[:-1] + (", ...]" if len(names) > 3 else "]")
