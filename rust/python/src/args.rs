//! Arguments read while holding the GIL: the number of algorithms and families of p-values.

use multicomp_core::pairs::{check_family_length, check_k, check_pvalues};
use multicomp_core::CoreError;
use numpy::ndarray::{ArrayD, IxDyn};
use numpy::{AllowTypeChange, PyArrayDyn, PyArrayLikeDyn, PyUntypedArrayMethods};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;

use crate::error::Result;

/// i64 range is saturated, so that it meets the core's checks (a ValueError naming the
/// limit) rather than an OverflowError.
pub(crate) fn read_k(k: &Bound<'_, PyAny>) -> Result<usize> {
    let k = match k.extract::<i64>() {
        Ok(k) => k,
        Err(e) if e.is_instance_of::<PyOverflowError>(k.py()) => {
            if k.gt(0)? {
                i64::MAX
            } else {
                i64::MIN
            }
        }
        Err(e) => return Err(e.into()),
    };
    Ok(check_k(k)?)
}

/// One family (m,) or a stack (n_families, m) of p-values, checked for k, copied out.
pub(crate) struct Families {
    pub(crate) shape: Vec<usize>,
    pub(crate) values: Vec<f64>,
}

impl Families {
    pub(crate) fn read(
        pvalues: &PyArrayLikeDyn<'_, f64, AllowTypeChange>,
        k: usize,
    ) -> Result<Self> {
        let shape = pvalues.shape().to_vec();
        match shape.len() {
            1 | 2 => check_family_length(k, shape[shape.len() - 1])?,
            ndim => return Err(CoreError::WrongDimensions { ndim }.into()),
        }
        let values: Vec<f64> = pvalues.as_array().iter().copied().collect();
        check_pvalues(&values, k, shape.len() == 2)?;
        Ok(Self { shape, values })
    }

    /// [`Families::read`] for one family (1-D p-values) only.
    pub(crate) fn read_one(
        pvalues: &PyArrayLikeDyn<'_, f64, AllowTypeChange>,
        k: usize,
    ) -> Result<Self> {
        let fam = Self::read(pvalues, k)?;
        if fam.stacked() {
            return Err(CoreError::NotOneFamily { ndim: 2 }.into());
        }
        Ok(fam)
    }

    pub(crate) fn stacked(&self) -> bool {
        self.shape.len() == 2
    }

    pub(crate) fn output<'py>(
        &self,
        py: Python<'py>,
        out: Vec<f64>,
    ) -> Result<Bound<'py, PyArrayDyn<f64>>> {
        let array = ArrayD::from_shape_vec(IxDyn(&self.shape), out)?;
        Ok(PyArrayDyn::from_owned_array(py, array))
    }
}
