//! The one mapping of errors to Python: a core error, or an output array of the wrong shape,
//! becomes a `ValueError` carrying its message; a Python error (KeyboardInterrupt, an
//! argument's TypeError) passes through.

use multicomp_core::CoreError;
use numpy::ndarray::ShapeError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Errors of the binding: a core error or a shape error (-> ValueError), or a Python error
/// passed through.
pub(crate) enum Error {
    Core(CoreError),
    Shape(ShapeError),
    Py(PyErr),
}

impl From<ShapeError> for Error {
    fn from(e: ShapeError) -> Self {
        Self::Shape(e)
    }
}

impl From<CoreError> for Error {
    fn from(e: CoreError) -> Self {
        Self::Core(e)
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Self {
        Self::Py(e)
    }
}

impl From<Error> for PyErr {
    fn from(e: Error) -> Self {
        match e {
            Error::Core(core) => PyValueError::new_err(core.to_string()),
            Error::Shape(shape) => PyValueError::new_err(shape.to_string()),
            Error::Py(err) => err,
        }
    }
}

pub(crate) type Result<T> = std::result::Result<T, Error>;
