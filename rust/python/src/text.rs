//! The rows of a tidy CSV (`multicomp_core::text`): the report's long post-hoc table written
//! with the GIL released, so that `Report.save` draws its figures meanwhile.

use multicomp_core::text::{self, Cells};
use numpy::{PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::Result;

/// The rows `"table","row","column",value` of the table's `rows` (positions into every
/// other array), one after another, as UTF-8 bytes: each row's cells are its value in each of
/// `numbers` then of `flags` (one array per column, all as long as `first`), its label
/// `heads[first[r]] + tails[second[r]]`, numbers as Python's `repr`, booleans `True`/`False`,
/// labels quoted as given (without quotes, backslashes or line breaks). The rows are gathered
/// here, so that a caller writing a long table in blocks passes its columns as they are.
/// ValueError: columns that do not match `first` and `columns`, a row or label position out
/// of range, a number that is not finite.
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
    numbers: Vec<PyReadonlyArray1<'py, f64>>,
    flags: Vec<PyReadonlyArray1<'py, bool>>,
    rows: PyReadonlyArray1<'py, i64>,
) -> Result<Bound<'py, PyBytes>> {
    let m = first.len();
    let lengths = || {
        numbers
            .iter()
            .map(|c| c.len())
            .chain(flags.iter().map(|c| c.len()))
    };
    if second.len() != m
        || numbers.len() + flags.len() != columns.len()
        || lengths().any(|n| n != m)
    {
        return Err(bad(format!(
            "{} numbers and {} flags columns of lengths {:?} are not {} columns of {m} rows \
             ({} second labels)",
            numbers.len(),
            flags.len(),
            lengths().collect::<Vec<_>>(),
            columns.len(),
            second.len()
        )));
    }
    // A negative position becomes one beyond any array, which is refused.
    let index = |i: &i64| usize::try_from(*i).unwrap_or(usize::MAX);
    let rows: Vec<usize> = rows.as_array().iter().map(index).collect();
    if let Some(at) = rows.iter().position(|&r| r >= m) {
        return Err(bad(format!(
            "row {at} lies outside the {m} rows of the table"
        )));
    }
    let (first, second) = (first.as_array(), second.as_array());
    let (numbers, flags): (Vec<_>, Vec<_>) = (
        numbers.iter().map(|c| c.as_array()).collect(),
        flags.iter().map(|c| c.as_array()).collect(),
    );
    // gathered with the GIL released too: the arrays are the caller's, read only here
    let out = py.detach(|| {
        text::long_rows(&Cells {
            table,
            heads: &heads,
            tails: &tails,
            first: &rows.iter().map(|&r| index(&first[r])).collect::<Vec<_>>(),
            second: &rows.iter().map(|&r| index(&second[r])).collect::<Vec<_>>(),
            columns: &columns,
            numbers: &(rows.iter())
                .flat_map(|&r| numbers.iter().map(move |c| c[r]))
                .collect::<Vec<_>>(),
            flags: &(rows.iter())
                .flat_map(|&r| flags.iter().map(move |c| c[r]))
                .collect::<Vec<_>>(),
        })
    })?;
    Ok(PyBytes::new(py, &out))
}

/// The error of cells that do not make the table.
fn bad(detail: String) -> crate::error::Error {
    multicomp_core::CoreError::BadCells { detail }.into()
}
