//! The rows of a tidy CSV (`multicomp_core::text`): the report's long post-hoc table written
//! with the GIL released, so that `Report.save` draws its figures meanwhile.

use multicomp_core::text::{self, Cells};
use numpy::{PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::Result;

/// The rows `"table","row","column",value` of `numbers` (rows, columns) then `flags` (rows,
/// columns), one row of the table after another, as UTF-8 bytes: row i labelled
/// `heads[first[i]] + tails[second[i]]`, numbers as Python's `repr`, booleans
/// `True`/`False`, labels quoted as given (without quotes, backslashes or line breaks).
/// ValueError: shapes that do not match `first` and `columns`, a label position out of range,
/// a number that is not finite.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub(crate) fn csv_rows<'py>(
    py: Python<'py>,
    table: &str,
    heads: Vec<String>,
    tails: Vec<String>,
    first: PyReadonlyArray1<'py, i64>,
    second: PyReadonlyArray1<'py, i64>,
    columns: Vec<String>,
    numbers: PyReadonlyArray2<'py, f64>,
    flags: PyReadonlyArray2<'py, bool>,
) -> Result<Bound<'py, PyBytes>> {
    let m = first.len();
    let width = numbers.shape()[1] + flags.shape()[1];
    let fits = |a: &[usize]| a[0] == m || a[1] == 0;
    if !fits(numbers.shape()) || !fits(flags.shape()) || width != columns.len() {
        return Err(multicomp_core::CoreError::BadCells {
            detail: format!(
                "numbers {:?} and flags {:?} are not {} rows of {} columns",
                numbers.shape(),
                flags.shape(),
                m,
                columns.len()
            ),
        }
        .into());
    }
    // A negative position becomes one beyond any list, which long_rows refuses.
    let positions = |a: PyReadonlyArray1<'py, i64>| -> Vec<usize> {
        a.as_array()
            .iter()
            .map(|&i| usize::try_from(i).unwrap_or(usize::MAX))
            .collect()
    };
    let (first, second) = (positions(first), positions(second));
    let numbers: Vec<f64> = numbers.as_array().iter().copied().collect();
    let flags: Vec<bool> = flags.as_array().iter().copied().collect();
    let cells = Cells {
        table,
        heads: &heads,
        tails: &tails,
        first: &first,
        second: &second,
        columns: &columns,
        numbers: &numbers,
        flags: &flags,
    };
    let out = py.detach(|| text::long_rows(&cells))?;
    Ok(PyBytes::new(py, &out))
}
