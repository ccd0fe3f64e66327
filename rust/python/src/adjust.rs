//! Step-wise adjusted p-values of families: Bonferroni, Holm, Hochberg and Hommel.

use multicomp_core::adjust::{self, Procedure};
use multicomp_core::CoreError;
use numpy::ndarray::{ArrayD, IxDyn};
use numpy::{AllowTypeChange, PyArrayDyn, PyArrayLikeDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::error::Result;
use crate::interrupt::interruptible;

/// Step-wise APVs ("bonferroni", "holm", "hochberg" or "hommel", G10 Sec. 5; Hommel by
/// the O(m log m) route of `multicomp_core::adjust`) of one family (m,) or of one family
/// per row (n_families, m), in input order; families in parallel. Values in [0, 1].
#[pyfunction]
pub(crate) fn adjust_pvalues<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    procedure: &str,
) -> Result<Bound<'py, PyArrayDyn<f64>>> {
    let procedure: Procedure = procedure.parse()?;
    let shape = pvalues.shape().to_vec();
    if !(1..=2).contains(&shape.len()) {
        return Err(CoreError::WrongDimensions { ndim: shape.len() }.into());
    }
    let m = shape[shape.len() - 1];
    let copied: Vec<f64>;
    let values = match pvalues.as_slice() {
        Ok(rows) if pvalues.is_c_contiguous() => rows,
        _ => {
            copied = pvalues.as_array().iter().copied().collect();
            &copied
        }
    };
    // One family runs on this thread whatever its size: the core does not stop within a
    // family, so the pool would only wait for it, and its buffers would come from another
    // thread's heap, where those freed by repeated calls pile up (benches/RESULTS-adjust.md).
    let quick = values.len() <= adjust::SEQUENTIAL_VALUES || values.len() == m;
    let out = interruptible(py, quick, |stop| adjust::adjust(values, m, procedure, stop))?;
    let array = ArrayD::from_shape_vec(IxDyn(&shape), out)?;
    Ok(PyArrayDyn::from_owned_array(py, array))
}
