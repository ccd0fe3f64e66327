//! The Bayesian Plackett-Luce ranking: the Gibbs sampler's draws and the pairwise
//! probabilities computed from them.

use multicomp_core::plackett_luce::{self, check_plackett_luce, Settings};
use multicomp_core::CoreError;
use numpy::{AllowTypeChange, PyArray2, PyArrayLike2, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::error::{Error, Result};
use crate::interrupt::interruptible;

/// Posterior draws (n_draws, k) of the normalised Plackett-Luce weights by the Gibbs sampler
/// of Caron & Doucet (2012). `order`: (N, k), row i lists the algorithms of ranking i from
/// best to worst; `tied`: (N, k) flags, position j of ranking i ties with j + 1 (the order
/// within a tie is integrated over). Chains run in parallel; the draws of chain 0 come first.
#[pyfunction]
#[pyo3(signature = (order, tied, *, n_draws, n_chains, n_burn, prior, seed))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn plackett_luce_gibbs<'py>(
    py: Python<'py>,
    order: PyArrayLike2<'py, i64, AllowTypeChange>,
    tied: PyArrayLike2<'py, bool, AllowTypeChange>,
    n_draws: usize,
    n_chains: usize,
    n_burn: usize,
    prior: f64,
    seed: u64,
) -> Result<Bound<'py, PyArray2<f64>>> {
    let shape = order.shape().to_vec();
    let k = shape[1];
    let bad = |detail: String| Error::from(CoreError::BadRankings { detail });
    if tied.shape() != shape.as_slice() {
        return Err(bad(format!(
            "tied has shape {:?}, order {shape:?}",
            tied.shape()
        )));
    }
    let order: Vec<usize> = order
        .as_array()
        .iter()
        .map(|&a| usize::try_from(a).map_err(|_| bad(format!("algorithm {a} is negative"))))
        .collect::<Result<_>>()?;
    let tied: Vec<bool> = tied.as_array().iter().copied().collect();
    let settings = Settings {
        n_draws,
        n_chains,
        n_burn,
        prior,
        seed,
    };
    check_plackett_luce(&order, &tied, k, &settings)?;
    // Never quick: the chains run in parallel, on this process's pool.
    let out = interruptible(py, false, |stop| {
        plackett_luce::plackett_luce_gibbs(&order, &tied, k, &settings, stop)
    })?;
    let array = numpy::ndarray::Array2::from_shape_vec((n_draws, k), out)?;
    Ok(PyArray2::from_owned_array(py, array))
}

/// The pairwise summaries of posterior draws (n, k) of normalised weights: (P(w_a > w_b),
/// mean of w_a / (w_a + w_b)), two (k, k) arrays with 0 on the diagonal.
#[pyfunction]
#[allow(clippy::type_complexity)]
pub(crate) fn plackett_luce_pairs<'py>(
    py: Python<'py>,
    samples: PyArrayLike2<'py, f64, AllowTypeChange>,
) -> Result<(Bound<'py, PyArray2<f64>>, Bound<'py, PyArray2<f64>>)> {
    let k = samples.shape()[1];
    let values: Vec<f64> = samples.as_array().iter().copied().collect();
    // Never quick: the rows are computed in parallel, on this process's pool.
    let (better, above) =
        interruptible(py, false, |stop| plackett_luce::pairwise(&values, k, stop))?;
    let matrix = |v: Vec<f64>| -> Result<Bound<'py, PyArray2<f64>>> {
        let array = numpy::ndarray::Array2::from_shape_vec((k, k), v)?;
        Ok(PyArray2::from_owned_array(py, array))
    };
    Ok((matrix(better)?, matrix(above)?))
}
