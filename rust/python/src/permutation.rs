//! Monte Carlo permutation counts of the rank tests' tables.

use multicomp_core::permutation;
use multicomp_core::CoreError;
use numpy::{
    AllowTypeChange, PyArray1, PyArrayLike1, PyArrayLike2, PyArrayLike3, PyUntypedArrayMethods,
};
use pyo3::prelude::*;

use crate::error::Result;
use crate::interrupt::interruptible;

/// Draws of at most this many cells (resamples x (N k + pairs)) run on the calling thread:
/// about a millisecond (9,999 resamples at 16 x 10 without the pairs), where waiting for the
/// pool's threads to be scheduled costs about as much as they save (more on a loaded
/// machine: `friedman` at 16 x 10 took a median 1.6-3.0 ms over seven runs of
/// benches/bench_permutation_speed.py with the pool, 1.7 ms in each of three without).
pub(crate) const QUICK_DRAW_CELLS: usize = 2_000_000;

/// Counts returned to Python.
pub(crate) type Counts<'py> = Bound<'py, PyArray1<u64>>;

/// Monte Carlo permutation counts of T tables W (T, N, k) of integer units, the within-row
/// scores of T rank tests of the same scores: over `n_resamples` resamples permuting each row
/// (one permutation of a row index for every table), for each table those with
/// sum_j C*_j^2 >= sum_j totals_tj^2 (`totals` (T, k): the observed column totals), and for
/// each of the sorted `gaps` the (resample, pair) couples of the first table with
/// |C*_a - C*_b| >= gap. Seeded by `seed`; each table's counts are those of its own draw, and
/// do not depend on the number of threads.
#[pyfunction]
#[pyo3(signature = (tables, totals, gaps, *, n_resamples, seed))]
pub(crate) fn permutation_draw<'py>(
    py: Python<'py>,
    tables: PyArrayLike3<'py, i64, AllowTypeChange>,
    totals: PyArrayLike2<'py, i64, AllowTypeChange>,
    gaps: PyArrayLike1<'py, i64, AllowTypeChange>,
    n_resamples: usize,
    seed: u64,
) -> Result<(Counts<'py>, Counts<'py>)> {
    let (n_tables, k) = (tables.shape()[0], tables.shape()[2]);
    if totals.shape() != [n_tables, k] {
        let detail = format!(
            "expected totals of shape ({n_tables}, {k}), got {:?}",
            totals.shape()
        );
        return Err(CoreError::BadTable { detail }.into());
    }
    let values: Vec<i64> = tables.as_array().iter().copied().collect();
    let totals: Vec<i64> = totals.as_array().iter().copied().collect();
    let gaps: Vec<i64> = gaps.as_array().iter().copied().collect();
    permutation::check_draw(&values, k, &totals, &gaps)?;
    let pairs = k * (k - 1) / 2 * usize::from(!gaps.is_empty());
    let cells = n_resamples.saturating_mul(values.len() + pairs);
    let quick = cells <= QUICK_DRAW_CELLS;
    let draw = interruptible(py, quick, |stop| {
        permutation::draw(&values, k, &totals, &gaps, n_resamples, seed, !quick, stop)
    })?;
    Ok((
        PyArray1::from_vec(py, draw.at_least),
        PyArray1::from_vec(py, draw.pairs_at_least),
    ))
}
