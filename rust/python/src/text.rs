//! The rows of a tidy CSV (`multicomp_core::text`): the report's long post-hoc table written
//! with the GIL released, so that `Report.save` draws its figures meanwhile.

use multicomp_core::text::{self, Cells};
use numpy::{PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::Result;

/// The rows `"table","row","column",value` of `numbers` (rows, columns) then `flags` (rows,
/// columns), one row of the table after another, as UTF-8 bytes: numbers as Python's
/// `repr`, booleans `True`/`False`, names quoted as given (without quotes, backslashes or
/// line breaks). ValueError: shapes that do not match `rows` and `columns`, a number that is
/// not finite.
#[pyfunction]
pub(crate) fn csv_rows<'py>(
    py: Python<'py>,
    table: &str,
    rows: Vec<String>,
    columns: Vec<String>,
    numbers: PyReadonlyArray2<'py, f64>,
    flags: PyReadonlyArray2<'py, bool>,
) -> Result<Bound<'py, PyBytes>> {
    let width = numbers.shape()[1] + flags.shape()[1];
    let fits = |a: &[usize]| a[0] == rows.len() || a[1] == 0;
    if !fits(numbers.shape()) || !fits(flags.shape()) || width != columns.len() {
        return Err(multicomp_core::CoreError::BadCells {
            detail: format!(
                "numbers {:?} and flags {:?} are not {} rows of {} columns",
                numbers.shape(),
                flags.shape(),
                rows.len(),
                columns.len()
            ),
        }
        .into());
    }
    let numbers: Vec<f64> = numbers.as_array().iter().copied().collect();
    let flags: Vec<bool> = flags.as_array().iter().copied().collect();
    let cells = Cells {
        table,
        rows: &rows,
        columns: &columns,
        numbers: &numbers,
        flags: &flags,
    };
    let out = py.detach(|| text::long_rows(&cells))?;
    Ok(PyBytes::new(py, &out))
}
