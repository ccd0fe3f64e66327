//! The bootstraps of the effect sizes (`multicomp_core::effects`): Cliff's delta, and the
//! medians and MADs of Akinshin's gamma.

use multicomp_core::effects::{self, Dominance};
use numpy::{
    AllowTypeChange, PyArray2, PyArray3, PyArrayLike1, PyArrayLike2, PyUntypedArrayMethods,
};
use pyo3::prelude::*;

use crate::error::Result;
use crate::interrupt::interruptible;

/// Bootstraps of delta of at most this many cells (resamples x pairs x N, about 0.2 ns each)
/// run on the calling thread: a few milliseconds, where the pool's threads cost about as much
/// CPU as they save time.
const QUICK_DELTA_CELLS: usize = 20_000_000;

/// Resampled medians and MADs of at most this many cells (resamples x N x k, about 6 ns each)
/// run on the calling thread.
const QUICK_MEDIAN_CELLS: usize = 1_000_000;

/// Cliff's delta of every pair in every resample: `order` (k, N) the data sets of each
/// algorithm in sorted order, `second` the second algorithm of each pair, `lo` and `hi`
/// (pairs, N) how many of its scores lie below (or at most) each score of the first, `counts`
/// (resamples, N) each resample's draws of the data sets; returns (resamples, pairs).
#[pyfunction]
#[pyo3(signature = (order, second, lo, hi, counts))]
pub(crate) fn cliff_draws<'py>(
    py: Python<'py>,
    order: PyArrayLike2<'py, usize, AllowTypeChange>,
    second: PyArrayLike1<'py, usize, AllowTypeChange>,
    lo: PyArrayLike2<'py, usize, AllowTypeChange>,
    hi: PyArrayLike2<'py, usize, AllowTypeChange>,
    counts: PyArrayLike2<'py, u64, AllowTypeChange>,
) -> Result<Bound<'py, PyArray2<f64>>> {
    let n = order.shape()[1];
    let resamples = counts.shape()[0];
    let flat = |a: &PyArrayLike2<'py, usize, AllowTypeChange>| -> Vec<usize> {
        a.as_array().iter().copied().collect()
    };
    let (order_, lo_, hi_) = (flat(&order), flat(&lo), flat(&hi));
    let second: Vec<usize> = second.as_array().iter().copied().collect();
    let counts: Vec<u64> = counts.as_array().iter().copied().collect();
    let data = Dominance {
        n,
        order: &order_,
        second: &second,
        lo: &lo_,
        hi: &hi_,
    };
    data.check()?;
    let quick = resamples.saturating_mul(lo_.len()) <= QUICK_DELTA_CELLS;
    let draws = interruptible(py, quick, |stop| {
        effects::cliff_draws(&data, &counts, !quick, stop)
    })?;
    let array = numpy::ndarray::Array2::from_shape_vec((resamples, second.len()), draws)?;
    Ok(PyArray2::from_owned_array(py, array))
}

/// The median and the unscaled MAD of every algorithm in every resample: `ordered` (k, N) the
/// sorted scores of each algorithm, `order` (k, N) their data sets, `counts` (resamples, N)
/// each resample's draws; returns (resamples, 2, k): the medians, then the MADs.
#[pyfunction]
#[pyo3(signature = (ordered, order, counts))]
pub(crate) fn medians_and_mads<'py>(
    py: Python<'py>,
    ordered: PyArrayLike2<'py, f64, AllowTypeChange>,
    order: PyArrayLike2<'py, usize, AllowTypeChange>,
    counts: PyArrayLike2<'py, u64, AllowTypeChange>,
) -> Result<Bound<'py, PyArray3<f64>>> {
    let (k, n) = (ordered.shape()[0], ordered.shape()[1]);
    let resamples = counts.shape()[0];
    let values: Vec<f64> = ordered.as_array().iter().copied().collect();
    let order: Vec<usize> = order.as_array().iter().copied().collect();
    let counts: Vec<u64> = counts.as_array().iter().copied().collect();
    let quick = counts.len().saturating_mul(k) <= QUICK_MEDIAN_CELLS;
    let out = interruptible(py, quick, |stop| {
        effects::medians_and_mads(&values, &order, n, &counts, !quick, stop)
    })?;
    let array = numpy::ndarray::Array3::from_shape_vec((resamples, 2, k), out)?;
    Ok(PyArray3::from_owned_array(py, array))
}
