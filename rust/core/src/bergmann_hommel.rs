//! Bergmann-Hommel adjusted p-values and acceptance set for all pairwise comparisons
//! (Garcia & Herrera 2008, JMLR 9:2677-2694, Sec. 2.1):
//!
//!   APV_i = min(1, max{ |I| * min{p_j : j in I} : I exhaustive, i in I }),
//!
//! without the monotone step that KEEL and scmamp add (the Python layer offers it).

use std::str::FromStr;

use crate::error::{CoreError, Result};
use crate::exhaustive::exhaustive_sets;
use crate::pairs::{check_alpha, check_k_bergmann_hommel, check_pvalues, n_pairs, pairs};
use crate::subset_dp::{self, Scratch};

/// Largest k at which `Algorithm::Auto` enumerates the exhaustive sets; above it the
/// subset DP is faster (see benches/RESULTS-rust.md).
pub const AUTO_ENUMERATE_UP_TO: usize = 8;

/// From this k on, one family spreads its thresholds over the rayon threads.
const PARALLEL_THRESHOLDS_FROM: usize = 12;

/// How the maximum over exhaustive sets is computed; both give bitwise equal results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algorithm {
    /// `Enumerate` up to k = [`AUTO_ENUMERATE_UP_TO`], `SubsetDp` above.
    Auto,
    /// Lists the Bell(k) - 1 exhaustive sets (k <= [`crate::MAX_K_ENUMERATE`]).
    Enumerate,
    /// The threshold / subset dynamic program of [`crate::subset_dp`] (k <= [`crate::MAX_K`]).
    SubsetDp,
}

impl FromStr for Algorithm {
    type Err = CoreError;

    fn from_str(name: &str) -> Result<Self> {
        match name {
            "auto" => Ok(Self::Auto),
            "enumerate" => Ok(Self::Enumerate),
            "subset_dp" => Ok(Self::SubsetDp),
            _ => Err(CoreError::UnknownAlgorithm {
                name: name.to_string(),
            }),
        }
    }
}

/// Checks k (2..=MAX_K, and <= MAX_K_ENUMERATE for `Enumerate`).
pub fn check_bergmann_hommel(k: usize, algorithm: Algorithm) -> Result<()> {
    check_k_bergmann_hommel(k)?;
    if algorithm == Algorithm::Enumerate && k > crate::MAX_K_ENUMERATE {
        return Err(CoreError::TooManyToEnumerate { k });
    }
    Ok(())
}

/// Bergmann-Hommel APVs of one family (`stacked = false`, m = k(k-1)/2 values) or of a
/// flat stack of families (`stacked = true`, rows computed in parallel), output in the
/// input layout.
pub fn bergmann_hommel_apv(
    p: &[f64],
    k: usize,
    algorithm: Algorithm,
    stacked: bool,
) -> Result<Vec<f64>> {
    check_bergmann_hommel(k, algorithm)?;
    check_pvalues(p, k, stacked)?;
    let m = n_pairs(k);
    let enumerate = match algorithm {
        Algorithm::Enumerate => true,
        Algorithm::SubsetDp => false,
        Algorithm::Auto => k <= AUTO_ENUMERATE_UP_TO,
    };
    if enumerate {
        let sets = exhaustive_sets(k)?;
        return Ok(crate::map_families(p, m, |fam, out| {
            by_enumeration(fam, sets, out)
        }));
    }
    let pairs = pairs(k);
    let threads = if k >= PARALLEL_THRESHOLDS_FROM && p.len() / m < rayon::current_num_threads() {
        rayon::current_num_threads()
    } else {
        1
    };
    Ok(crate::map_families_init(
        p,
        m,
        Scratch::default,
        |s, fam, out| subset_dp::apv(fam, &pairs, k, threads, s, out),
    ))
}

/// APV_i = min(1, max over sets I containing i of |I| * min_{j in I} p_j).
fn by_enumeration(p: &[f64], sets: &[u64], out: &mut [f64]) {
    out.fill(0.0);
    for &set in sets {
        let mut bits = set;
        let mut low = f64::INFINITY;
        while bits != 0 {
            let j = bits.trailing_zeros() as usize;
            if p[j] < low {
                low = p[j];
            }
            bits &= bits - 1;
        }
        let v = f64::from(set.count_ones()) * low;
        bits = set;
        while bits != 0 {
            let j = bits.trailing_zeros() as usize;
            if v > out[j] {
                out[j] = v;
            }
            bits &= bits - 1;
        }
    }
    for b in out.iter_mut() {
        if *b > 1.0 {
            *b = 1.0;
        }
    }
}

/// The acceptance set A of Bergmann-Hommel at level alpha for one family: `true` for
/// the hypotheses in the union of the exhaustive sets I with |I| * min_{j in I} p_j > alpha
/// (G08 Sec. 2.1, min p > alpha / |I| written as a product so that A is exactly
/// {i : APV_i > alpha}); the others are rejected.
pub fn bergmann_hommel_accepted(p: &[f64], k: usize, alpha: f64) -> Result<Vec<bool>> {
    check_alpha(alpha)?;
    let apv = bergmann_hommel_apv(p, k, Algorithm::Auto, false)?;
    Ok(apv.into_iter().map(|a| a > alpha).collect())
}
