//! The Bayesian hierarchical model of two classifiers on q data sets with cross-validation
//! results (Corani, Benavoli, Demsar, Mangili & Zaffalon 2017, Machine Learning
//! 106:1817-1837), as baycomp states it in Stan (baycomp/hierarchical-t-test.stan; lines
//! cited below are of janezd/baycomp at commit 0ce309b), sampled here by Gibbs and slice
//! updates instead of NUTS.
//!
//! Data set i has n fold differences x_i (scaled by the caller), modelled (stan lines
//! 96-126) as x_i ~ MVN(delta_i 1, sigma_i^2 M), M = (1 - rho) I + rho 1 1' (rho = 1 / folds).
//! Its likelihood depends on x_i only through the mean m_i and the sum of squares SS_i:
//! (x - delta 1)' M^-1 (x - delta 1) = SS_i / (1 - rho) + n (m_i - delta)^2 / (1 + (n - 1) rho).
//! The rest (stan lines 70-91 and 130-142):
//!
//! - delta_i ~ Student-t(nu, delta0, std0), written as delta_i | lambda_i ~ N(delta0,
//!   std0^2 / lambda_i), lambda_i ~ Gamma(nu / 2, rate nu / 2);
//! - delta0 ~ U(-bound, bound), std0 ~ U(0, std0_high), sigma_i ~ U(0, sigma_high);
//! - nu - 1 ~ Gamma(alpha, rate beta), alpha ~ U(alpha range), beta ~ U(beta range).
//!
//! One sweep (a partially collapsed Gibbs sampler: each step draws from a conditional of the
//! joint posterior, some with delta or lambda integrated out and redrawn before they are
//! conditioned on again; van Dyk & Park 2008, JASA 103:790-796):
//!
//! 1. std0 | lambda, sigma, delta0 and 2. delta0 | lambda, sigma, std0, with delta integrated
//!    out (m_i ~ N(delta0, std0^2 / lambda_i + sigma_i^2 (1 + (n - 1) rho) / n)): slice
//!    updates that move the population's centre and spread without the funnel of the
//!    centred parameterisation;
//! 3. delta_i | all (normal), 4. sigma_i | delta_i (truncated gamma of 1 / sigma_i^2);
//! 5. nu | delta, delta0, std0 and 6. std0 | delta, delta0, nu with lambda integrated out
//!    (the Student-t density itself), slice updates, then 7. lambda_i | all (gamma);
//! 8. alpha and beta | nu (slice updates on their ranges).
//!
//! Chains are independent: chain c draws from a xoshiro256++ stream seeded by `seed` and
//! jumped c times (2^128 steps apart), so results do not depend on the number of threads.

mod chain;
mod slice;

use rand_xoshiro::rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::error::{CoreError, Result};
use crate::interrupt::Interrupt;
use chain::Chain;

/// Most posterior draws (n_chains x draws per chain) of one call.
pub const MAX_DRAWS: usize = 50_000_000;

/// Sweeps between two looks at the [`Interrupt`].
const CHECK_EVERY: usize = 256;

/// The data, summarised: each data set's mean of its n fold differences and their sum of
/// squared deviations from it, and the correlation rho of the folds.
#[derive(Debug, Clone, PartialEq)]
pub struct Data {
    /// m_i, one per data set.
    pub means: Vec<f64>,
    /// SS_i = sum_j (x_ij - m_i)^2, one per data set (> 0).
    pub sum_squares: Vec<f64>,
    /// n >= 2 fold differences per data set.
    pub n: usize,
    /// Correlation of two folds' differences, in [0, 1).
    pub rho: f64,
}

/// The prior's bounds (baycomp sets them from the data: multiple.py lines 400-423).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prior {
    /// delta0 ~ U(-delta0_bound, delta0_bound).
    pub delta0_bound: f64,
    /// std0 ~ U(0, std0_high).
    pub std0_high: f64,
    /// sigma_i ~ U(0, sigma_high).
    pub sigma_high: f64,
    /// The range of alpha, the Gamma prior's shape of nu - 1.
    pub alpha: (f64, f64),
    /// The range of beta, its rate.
    pub beta: (f64, f64),
}

/// The settings of one run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Draws kept per chain.
    pub draws: usize,
    /// Independent chains.
    pub n_chains: usize,
    /// Sweeps discarded at the start of each chain.
    pub n_warmup: usize,
    /// Seed of every chain's stream.
    pub seed: u64,
}

/// Posterior draws of the population's parameters, n_chains x draws, chain 0 first.
#[derive(Debug, Clone, PartialEq)]
pub struct Draws {
    /// delta0, the mean of the data sets' mean differences.
    pub delta0: Vec<f64>,
    /// std0, their scale.
    pub std0: Vec<f64>,
    /// nu, their degrees of freedom.
    pub nu: Vec<f64>,
}

/// Checks the data, prior and settings before any work.
pub fn check_hierarchical(data: &Data, prior: &Prior, settings: &Settings) -> Result<()> {
    let bad = |detail: String| Err(CoreError::BadSetting { detail });
    let q = data.means.len();
    if q == 0 || data.sum_squares.len() != q {
        return bad(format!(
            "{q} means and {} sums of squares: one of each per data set, at least one",
            data.sum_squares.len()
        ));
    }
    if data.n < 2 || !(0.0..1.0).contains(&data.rho) {
        return bad(format!(
            "need n >= 2 folds and 0 <= rho < 1, got n = {} and rho = {}",
            data.n, data.rho
        ));
    }
    if data.means.iter().any(|m| !m.is_finite())
        || data
            .sum_squares
            .iter()
            .any(|s| !(s.is_finite() && *s > 0.0))
    {
        return bad("means must be finite and sums of squares finite and > 0".to_string());
    }
    let positive = [prior.delta0_bound, prior.std0_high, prior.sigma_high];
    let ranges = [prior.alpha, prior.beta];
    if positive.iter().any(|v| !(v.is_finite() && *v > 0.0))
        || ranges
            .iter()
            .any(|(lo, hi)| !(lo.is_finite() && hi.is_finite() && 0.0 < *lo && lo < hi))
    {
        return bad(format!(
            "prior bounds must be finite and positive, ranges increasing: {prior:?}"
        ));
    }
    if settings.n_chains == 0 || settings.draws == 0 {
        return bad("need at least one chain and one draw per chain".to_string());
    }
    if settings.n_chains.saturating_mul(settings.draws) > MAX_DRAWS {
        return bad(format!(
            "{} chains x {} draws exceed {MAX_DRAWS} posterior draws",
            settings.n_chains, settings.draws
        ));
    }
    Ok(())
}

/// Posterior draws of (delta0, std0, nu), the chains run in parallel. Checks its input with
/// [`check_hierarchical`]; `stop` is checked every [`CHECK_EVERY`] sweeps.
pub fn sample_hierarchical(
    data: &Data,
    prior: &Prior,
    settings: &Settings,
    stop: &Interrupt,
) -> Result<Draws> {
    check_hierarchical(data, prior, settings)?;
    let chains: Vec<Vec<[f64; 3]>> = (0..settings.n_chains)
        .into_par_iter()
        .map(|c| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed);
            for _ in 0..c {
                rng.jump();
            }
            run_chain(data, prior, settings, &mut rng, stop)
        })
        .collect();
    stop.check()?;
    let draws = chains.into_iter().flatten();
    let (mut delta0, mut std0, mut nu) = (Vec::new(), Vec::new(), Vec::new());
    for [d, s, v] in draws {
        delta0.push(d);
        std0.push(s);
        nu.push(v);
    }
    Ok(Draws { delta0, std0, nu })
}

/// One chain's kept draws of (delta0, std0, nu); empty once `stop` is raised.
fn run_chain(
    data: &Data,
    prior: &Prior,
    settings: &Settings,
    rng: &mut Xoshiro256PlusPlus,
    stop: &Interrupt,
) -> Vec<[f64; 3]> {
    let mut chain = Chain::new(data, prior, rng);
    let mut kept = Vec::with_capacity(settings.draws);
    for sweep in 0..settings.n_warmup + settings.draws {
        if sweep % CHECK_EVERY == 0 && stop.is_raised() {
            return Vec::new();
        }
        chain.sweep(rng);
        if sweep >= settings.n_warmup {
            kept.push([chain.delta0, chain.std0, chain.nu()]);
        }
    }
    kept
}

#[cfg(test)]
mod tests;
