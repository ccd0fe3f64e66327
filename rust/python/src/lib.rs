//! Thin PyO3 layer over `multicompare-core`: argument checks, error mapping, nothing else.

use pyo3::prelude::*;

/// Shaffer's S(k), sorted ascending.
#[pyfunction]
fn shaffer_counts(k: usize) -> Vec<usize> {
    multicompare_core::shaffer::shaffer_counts(k)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shaffer_counts, m)?)?;
    Ok(())
}
