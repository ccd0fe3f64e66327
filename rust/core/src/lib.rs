//! Pure-Rust core of multicomp; it knows nothing of Python (the binding crate
//! `multicomp-python` maps its one error type, [`CoreError`], to Python exceptions).
//!
//! What it holds, by module:
//!
//! - [`pairs`]: the order of the hypotheses, the pairs (a, b), a < b, of k algorithms (that
//!   of Python's `itertools.combinations`), and the argument checks shared by every procedure;
//! - [`exhaustive`]: the exhaustive sets of all-pairs hypotheses, listed up to
//!   [`MAX_K_ENUMERATE`];
//! - [`shaffer`]: Shaffer's static procedure, S(k), its multipliers and APVs;
//! - [`bergmann_hommel`]: Bergmann-Hommel's APVs and acceptance set (Garcia & Herrera 2008,
//!   JMLR 9:2677-2694), by enumeration or by a subset dynamic programme up to [`MAX_K`], and
//!   [`robinson`], the polynomial route of rank post-hocs up to [`MAX_K_ROBINSON`] (with the
//!   private `subset_dp`, `dense` and `thresholds`);
//! - [`adjust`]: Bonferroni, Holm, Hochberg and Hommel APVs of stacks of families;
//! - [`permutation`]: the Monte Carlo permutation loop of the rank tests;
//! - [`hierarchical`]: the Bayesian hierarchical model of two classifiers on many data sets
//!   (Corani et al. 2017), its Gibbs and slice sampler;
//! - [`effects`]: the bootstraps of the effect sizes: Cliff's delta, O(N) per pair and resample;
//! - [`plackett_luce`]: the Bayesian Plackett-Luce Gibbs sampler and its pairwise
//!   probabilities;
//! - [`text`]: floats as Python's `repr` writes them, and the rows of a tidy CSV of them;
//! - [`error`]: [`CoreError`], every invalid input with its message;
//! - [`interrupt`]: [`Interrupt`], the cooperative stop of long computations.

use rayon::prelude::*;

pub mod adjust;
pub mod bergmann_hommel;
mod dense;
pub mod effects;
pub mod error;
pub mod exhaustive;
pub mod hierarchical;
pub mod interrupt;
pub mod pairs;
pub mod permutation;
pub mod plackett_luce;
pub mod robinson;
pub mod shaffer;
mod subset_dp;
pub mod text;
mod thresholds;
mod updates;

pub use error::CoreError;
pub use interrupt::Interrupt;

/// Largest k for Bergmann-Hommel. The exact subset DP keeps a table over the 2^k subsets
/// of algorithms: its updates cost at most 3^k steps in all, and each of the up to m
/// thresholds a pass of about k 2^k steps, so time grows about threefold per algorithm
/// where the updates cannot be avoided: k = 20 took about 1.3 s on two cores
/// (benches/RESULTS-rust.md); the updates are now made only where a count needs them, so
/// k = 20 takes milliseconds for most p-values and about a third of that for p-values spread
/// over many decades, the slowest kind (benches/RESULTS-bh-general.md). 20 is the largest k whose single family stays within a few
/// seconds (a batch of families multiplies that); memory is three 2^k-byte tables per
/// family in progress (3 MiB at k = 20). Shaffer works for any practical k, and the
/// p-values of rank post-hocs take the polynomial route of [`robinson`] up to
/// [`MAX_K_ROBINSON`].
pub const MAX_K: usize = 20;

/// Largest k for the Robinson route of Bergmann-Hommel ([`robinson`], the rank post-hocs):
/// O(k^3) steps at each of up to k(k-1)/2 thresholds, so time grows like k^5 at worst
/// (measured: about k^4.3; k = 50 in about 25 ms, k = 100 in about 0.5 s on two loaded
/// cores, benches/RESULTS-rust.md); memory is a few k x k tables (under 1 MiB at k = 100).
pub const MAX_K_ROBINSON: usize = 100;

/// Largest k for Shaffer's S(k) (and so its multipliers and APVs): S(k) takes about
/// 0.3 s at k = 2000 (m = 1,999,000 hypotheses, 1,901,855 values in S(k); see
/// [`shaffer::shaffer_counts`]) and its APVs a sort of the m p-values; far beyond any
/// comparison of algorithms, and a bound on the memory of the m-long outputs.
pub const MAX_K_SHAFFER: usize = 2000;

/// Largest k for which the exhaustive sets are listed: at k = 11 the m = 55 pairs fit a
/// u64 mask and there are Bell(11) - 1 = 678,569 sets (5.4 MB); k = 12 would need 128-bit
/// masks for 4.2 million sets, and the subset DP is far faster there anyway.
pub const MAX_K_ENUMERATE: usize = 11;

/// Applies `f(family, out)` to each row of m values of a flat stack of families, in
/// parallel over the rows; `stop` is checked before each family (an interrupted run
/// returns [`CoreError::Interrupted`]).
pub(crate) fn map_families<F>(
    p: &[f64],
    m: usize,
    stop: &Interrupt,
    f: F,
) -> error::Result<Vec<f64>>
where
    F: Fn(&[f64], &mut [f64]) + Sync,
{
    map_families_init(p, m, stop, || (), |_, fam, out| f(fam, out))
}

/// [`map_families`] with per-thread state made by `init`.
pub(crate) fn map_families_init<S, I, F>(
    p: &[f64],
    m: usize,
    stop: &Interrupt,
    init: I,
    f: F,
) -> error::Result<Vec<f64>>
where
    I: Fn() -> S + Sync + Send,
    F: Fn(&mut S, &[f64], &mut [f64]) + Sync + Send,
{
    let mut out = vec![0.0; p.len()];
    if p.len() <= m {
        let mut state = init();
        if !p.is_empty() {
            f(&mut state, p, &mut out);
        }
    } else {
        out.par_chunks_mut(m)
            .zip(p.par_chunks(m))
            .for_each_init(init, |s, (o, fam)| {
                if !stop.is_raised() {
                    f(s, fam, o)
                }
            });
    }
    stop.check()?;
    Ok(out)
}
