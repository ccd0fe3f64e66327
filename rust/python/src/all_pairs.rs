//! Exhaustive sets, Shaffer's S(k) and multipliers, and Bergmann-Hommel's adjusted p-values
//! (by enumeration, the subset DP or the Robinson route) with its Robinson check.

use multicomp_core::bergmann_hommel::{self, Algorithm};
use multicomp_core::pairs::check_k_bergmann_hommel;
use multicomp_core::robinson::{self, check_k_robinson};
use multicomp_core::{exhaustive, shaffer, CoreError};
use numpy::{AllowTypeChange, PyArray1, PyArrayDyn, PyArrayLikeDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::args::{read_k, Families};
use crate::error::Result;
use crate::interrupt::interruptible;

/// Calls of one family at most this k are quick (a few milliseconds at
/// most, which delays a Ctrl-C unnoticeably; benches/RESULTS-rust.md): Shaffer's S(100)
/// takes about 0.1 ms, a Bergmann-Hommel family at k = 12 about 0.4 ms, and one by the
/// Robinson route at k = 20 about 0.5 ms.
pub(crate) const QUICK_K_SHAFFER: usize = 100;
pub(crate) const QUICK_K_BERGMANN_HOMMEL: usize = 12;
pub(crate) const QUICK_K_ROBINSON: usize = 20;

/// Shaffer's S(k): the possible numbers of true hypotheses among the k(k-1)/2 pairs,
/// ascending (Garcia & Herrera 2008, Sec. 2.1); 2 <= k <= 2000.
#[pyfunction]
pub(crate) fn shaffer_counts(py: Python<'_>, k: &Bound<'_, PyAny>) -> Result<Vec<usize>> {
    let k = read_k(k)?;
    shaffer::check_k_shaffer(k)?;
    interruptible(py, k <= QUICK_K_SHAFFER, |stop| {
        shaffer::shaffer_counts(k, stop)
    })
}

/// Shaffer's multipliers t_1..t_m, t_i = max{s in S(k): s <= m - i + 1}.
#[pyfunction]
pub(crate) fn shaffer_multipliers(py: Python<'_>, k: &Bound<'_, PyAny>) -> Result<Vec<usize>> {
    let k = read_k(k)?;
    shaffer::check_k_shaffer(k)?;
    interruptible(py, k <= QUICK_K_SHAFFER, |stop| {
        shaffer::shaffer_multipliers(k, stop)
    })
}

/// The Bell(k) - 1 exhaustive sets for 2 <= k <= MAX_K_ENUMERATE, each an int bit mask
/// over the hypotheses (bit h = pair h in itertools.combinations order). Ordered by
/// number of hypotheses, then lexicographically by the ascending hypothesis indices
/// (the order of Garcia & Herrera 2008). Built once per k and cached.
#[pyfunction]
pub(crate) fn exhaustive_sets(py: Python<'_>, k: &Bound<'_, PyAny>) -> Result<Vec<u64>> {
    let k = read_k(k)?;
    let sets = py.detach(|| exhaustive::exhaustive_sets(k))?;
    Ok(sets.to_vec())
}

/// Shaffer's static APVs, APV_i = min(1, max_{j <= i} t_j p_(j)) in ascending order of p,
/// returned in input order. `pvalues`: shape (m,) or (n_families, m).
#[pyfunction]
pub(crate) fn shaffer_apv<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    k: &Bound<'_, PyAny>,
) -> Result<Bound<'py, PyArrayDyn<f64>>> {
    let k = read_k(k)?;
    shaffer::check_k_shaffer(k)?;
    let fam = Families::read(&pvalues, k)?;
    let quick = k <= QUICK_K_SHAFFER && !fam.stacked();
    let out = interruptible(py, quick, |stop| {
        shaffer::shaffer_apv(&fam.values, k, fam.stacked(), stop)
    })?;
    fam.output(py, out)
}

/// Bergmann-Hommel APVs, APV_i = min(1, max{|I| min_{j in I} p_j : I exhaustive, i in I})
/// (no monotone step). `pvalues`: shape (m,) or (n_families, m), rows in parallel.
/// `algorithm`: "auto", "enumerate" (k <= MAX_K_ENUMERATE) or "subset_dp"; all agree
/// bitwise. k <= MAX_K.
#[pyfunction]
#[pyo3(signature = (pvalues, k, algorithm = "auto"))]
pub(crate) fn bergmann_hommel_apv<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    k: &Bound<'_, PyAny>,
    algorithm: &str,
) -> Result<Bound<'py, PyArrayDyn<f64>>> {
    let k = read_k(k)?;
    let algorithm: Algorithm = algorithm.parse()?;
    bergmann_hommel::check_bergmann_hommel(k, algorithm)?;
    let fam = Families::read(&pvalues, k)?;
    let quick = k <= QUICK_K_BERGMANN_HOMMEL && !fam.stacked();
    let out = interruptible(py, quick, |stop| {
        bergmann_hommel::bergmann_hommel_apv(&fam.values, k, algorithm, fam.stacked(), stop)
    })?;
    fam.output(py, out)
}

/// Bergmann-Hommel's acceptance set A at level alpha for one family (1-D p-values):
/// True for the hypotheses in A (not rejected), i.e. those with APV > alpha.
#[pyfunction]
pub(crate) fn bergmann_hommel_accepted<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    k: &Bound<'_, PyAny>,
    alpha: f64,
) -> Result<Bound<'py, PyArray1<bool>>> {
    let k = read_k(k)?;
    check_k_bergmann_hommel(k)?;
    multicomp_core::pairs::check_alpha(alpha)?;
    let fam = Families::read_one(&pvalues, k)?;
    let out = interruptible(py, k <= QUICK_K_BERGMANN_HOMMEL, |stop| {
        bergmann_hommel::bergmann_hommel_accepted(&fam.values, k, alpha, stop)
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// Orders of the algorithms: (k,) for every family or (n_families, k), each a permutation
/// of 0..k (order[i] = the algorithm at rank position i).
pub(crate) fn read_orders(
    order: &PyArrayLikeDyn<'_, i64, AllowTypeChange>,
    k: usize,
    fam: &Families,
) -> Result<Vec<usize>> {
    let shape = order.shape();
    let families = if fam.stacked() { fam.shape[0] } else { 1 };
    let fits = shape.len() == 1 || (shape.len() == 2 && fam.stacked() && shape[0] == families);
    if !fits || shape[shape.len() - 1] != k {
        return Err(CoreError::BadOrder {
            k,
            detail: format!("got shape {shape:?}"),
        }
        .into());
    }
    order
        .as_array()
        .iter()
        .map(|&a| {
            usize::try_from(a).map_err(|_| {
                CoreError::BadOrder {
                    k,
                    detail: format!("algorithm {a} is out of range"),
                }
                .into()
            })
        })
        .collect()
}

/// Bergmann-Hommel APVs of families that are Robinson in the given rank order (a rank
/// post-hoc: p a non-increasing function of the rank difference), in polynomial time for
/// k <= MAX_K_ROBINSON; bitwise equal to bergmann_hommel_apv. `order`: shape (k,) or
/// (n_families, k). ValueError if a family is not Robinson in its order.
#[pyfunction]
pub(crate) fn bergmann_hommel_apv_robinson<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    k: &Bound<'_, PyAny>,
    order: PyArrayLikeDyn<'py, i64, AllowTypeChange>,
) -> Result<Bound<'py, PyArrayDyn<f64>>> {
    let k = read_k(k)?;
    check_k_robinson(k)?;
    let fam = Families::read(&pvalues, k)?;
    let orders = read_orders(&order, k, &fam)?;
    let quick = k <= QUICK_K_ROBINSON && !fam.stacked();
    let out = interruptible(py, quick, |stop| {
        robinson::bergmann_hommel_apv_robinson(&fam.values, k, &orders, fam.stacked(), stop)
    })?;
    fam.output(py, out)
}

/// Whether one family (1-D p-values) is Robinson in `order` (shape (k,)): p_il <=
/// min(p_ij, p_jl) for all rank positions i < j < l.
#[pyfunction]
pub(crate) fn is_robinson<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    k: &Bound<'_, PyAny>,
    order: PyArrayLikeDyn<'py, i64, AllowTypeChange>,
) -> Result<bool> {
    let k = read_k(k)?;
    check_k_robinson(k)?;
    let fam = Families::read_one(&pvalues, k)?;
    let order = read_orders(&order, k, &fam)?;
    Ok(py.detach(|| robinson::is_robinson(&fam.values, k, &order))?)
}
