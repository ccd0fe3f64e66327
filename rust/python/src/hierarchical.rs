//! The Bayesian hierarchical model of two classifiers on many data sets: its sampler's draws.

use multicomp_core::hierarchical::{self, check_hierarchical, Data, Prior, Settings};
use numpy::{AllowTypeChange, PyArray2, PyArrayLike1};
use pyo3::prelude::*;

use crate::error::Result;
use crate::interrupt::interruptible;

/// Draws returned to Python, (n_chains, draws).
type Chains<'py> = Bound<'py, PyArray2<f64>>;

/// Posterior draws of (delta0, std0, nu), each (n_chains, draws), of the hierarchical model
/// of the fold differences summarised by each data set's `means` and `sum_squares` (n folds
/// each, correlation rho), with the prior's bounds. Chains run in parallel, the GIL released.
#[pyfunction]
#[pyo3(signature = (
    means, sum_squares, *, n, rho, delta0_bound, std0_high, sigma_high, alpha, beta,
    draws, n_chains, n_warmup, seed
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn hierarchical_sample<'py>(
    py: Python<'py>,
    means: PyArrayLike1<'py, f64, AllowTypeChange>,
    sum_squares: PyArrayLike1<'py, f64, AllowTypeChange>,
    n: usize,
    rho: f64,
    delta0_bound: f64,
    std0_high: f64,
    sigma_high: f64,
    alpha: (f64, f64),
    beta: (f64, f64),
    draws: usize,
    n_chains: usize,
    n_warmup: usize,
    seed: u64,
) -> Result<(Chains<'py>, Chains<'py>, Chains<'py>)> {
    let data = Data {
        means: means.as_array().to_vec(),
        sum_squares: sum_squares.as_array().to_vec(),
        n,
        rho,
    };
    let prior = Prior {
        delta0_bound,
        std0_high,
        sigma_high,
        alpha,
        beta,
    };
    let settings = Settings {
        draws,
        n_chains,
        n_warmup,
        seed,
    };
    check_hierarchical(&data, &prior, &settings)?;
    // Never quick: the chains run in parallel, on this process's pool.
    let out = interruptible(py, false, |stop| {
        hierarchical::sample_hierarchical(&data, &prior, &settings, stop)
    })?;
    let matrix = |v: Vec<f64>| -> Result<Chains<'py>> {
        let array = numpy::ndarray::Array2::from_shape_vec((n_chains, draws), v)?;
        Ok(PyArray2::from_owned_array(py, array))
    };
    Ok((matrix(out.delta0)?, matrix(out.std0)?, matrix(out.nu)?))
}
