//! Thin PyO3 layer over `multicomp-core`, the native module `multicomp._core`: argument
//! checks while holding the GIL, computation with it released, and the one mapping of core
//! errors to `ValueError`. By concern:
//!
//! - [`all_pairs`]: exhaustive sets, Shaffer's S(k) and multipliers, Bergmann-Hommel's
//!   adjusted p-values (enumeration, subset DP, Robinson route) and the Robinson check;
//! - [`adjust`]: step-wise adjusted p-values (Bonferroni, Holm, Hochberg, Hommel);
//! - [`permutation`]: Monte Carlo permutation counts of the rank tests;
//! - [`effects`]: the bootstraps of the effect sizes;
//! - [`hierarchical`]: the sampler of the Bayesian hierarchical model (two classifiers, many
//!   data sets);
//! - [`plackett_luce`]: the Bayesian Plackett-Luce sampler and its pairwise probabilities;
//! - [`text`]: the rows of a tidy CSV of numbers, written with the GIL released;
//! - [`args`]: arguments read while holding the GIL (k, families of p-values);
//! - [`error`]: the binding's error type and its one conversion to a Python exception;
//! - [`interrupt`]: long core calls on the pool with the GIL released, Ctrl-C honoured;
//! - [`pool`]: the process's fork-safe rayon pool.

use multicomp_core::{MAX_K, MAX_K_ENUMERATE, MAX_K_ROBINSON, MAX_K_SHAFFER};
use pyo3::prelude::*;

mod adjust;
mod all_pairs;
mod args;
mod effects;
mod error;
mod hierarchical;
mod interrupt;
mod permutation;
mod plackett_luce;
mod pool;
mod text;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_K", MAX_K)?;
    m.add("MAX_K_ENUMERATE", MAX_K_ENUMERATE)?;
    m.add("MAX_K_ROBINSON", MAX_K_ROBINSON)?;
    m.add("MAX_K_SHAFFER", MAX_K_SHAFFER)?;
    m.add_function(wrap_pyfunction!(all_pairs::shaffer_counts, m)?)?;
    m.add_function(wrap_pyfunction!(all_pairs::shaffer_multipliers, m)?)?;
    m.add_function(wrap_pyfunction!(all_pairs::exhaustive_sets, m)?)?;
    m.add_function(wrap_pyfunction!(all_pairs::shaffer_apv, m)?)?;
    m.add_function(wrap_pyfunction!(all_pairs::bergmann_hommel_apv, m)?)?;
    m.add_function(wrap_pyfunction!(all_pairs::bergmann_hommel_accepted, m)?)?;
    m.add_function(wrap_pyfunction!(
        all_pairs::bergmann_hommel_apv_robinson,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(all_pairs::is_robinson, m)?)?;
    m.add_function(wrap_pyfunction!(adjust::adjust_pvalues, m)?)?;
    m.add_function(wrap_pyfunction!(permutation::permutation_draw, m)?)?;
    m.add_function(wrap_pyfunction!(effects::cliff_draws, m)?)?;
    m.add_function(wrap_pyfunction!(effects::medians_and_mads, m)?)?;
    m.add_function(wrap_pyfunction!(hierarchical::hierarchical_sample, m)?)?;
    m.add_function(wrap_pyfunction!(plackett_luce::plackett_luce_gibbs, m)?)?;
    m.add_function(wrap_pyfunction!(plackett_luce::plackett_luce_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(text::csv_rows, m)?)?;
    Ok(())
}
