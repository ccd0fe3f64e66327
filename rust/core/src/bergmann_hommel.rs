//! Bergmann-Hommel adjusted p-values and acceptance set for all pairwise comparisons
//! (Garcia & Herrera 2008, JMLR 9:2677-2694, Sec. 2.1):
//!
//!   APV_i = min(1, max{ |I| * min{p_j : j in I} : I exhaustive, i in I }),
//!
//! without the monotone step that KEEL and scmamp add (the Python layer offers it).

use std::str::FromStr;

use crate::error::{CoreError, Result};
use crate::interrupt::Interrupt;
use crate::pairs::{check_alpha, check_k_bergmann_hommel, check_pvalues, n_pairs, pairs};
use crate::subset_dp::{self, Scratch};

/// Largest k at which `Algorithm::Auto` enumerates the exhaustive sets; above it the
/// subset DP is faster (see benches/RESULTS-rust.md).
pub const AUTO_ENUMERATE_UP_TO: usize = 6;

/// How the maximum over exhaustive sets is computed; both give bitwise equal results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algorithm {
    /// `Enumerate` up to k = [`AUTO_ENUMERATE_UP_TO`], `SubsetDp` above.
    Auto,
    /// Walks the Bell(k) - 1 exhaustive sets (k <= [`crate::MAX_K_ENUMERATE`]).
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
/// input layout. `stop` is checked between families and between the thresholds of the
/// subset DP.
pub fn bergmann_hommel_apv(
    p: &[f64],
    k: usize,
    algorithm: Algorithm,
    stacked: bool,
    stop: &Interrupt,
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
        return crate::map_families(p, m, stop, |fam, out| by_enumeration(fam, k, out));
    }
    let pairs = pairs(k);
    // One family alone spreads its large updates over the threads.
    let parallel = p.len() <= m;
    crate::map_families_init(p, m, stop, Scratch::default, |s, fam, out| {
        subset_dp::apv(fam, &pairs, k, parallel, stop, s, out)
    })
}

/// APV_i = min(1, max over sets I containing i of |I| * min_{j in I} p_j), walking the
/// set partitions of the k algorithms depth first (item by item, as restricted growth
/// strings). When item b joins the block B, every partition below that node holds the
/// pairs (a, b), a in B, and every partition holding such a pair lies below exactly one
/// such node; so the pairs take the largest |I| * min p of the partitions below it.
/// That is O(Bell(k)) steps instead of O(Bell(k) * m) for a scan of the set list.
fn by_enumeration(p: &[f64], k: usize, out: &mut [f64]) {
    out.fill(0.0);
    // Item 0 alone in the first block; k >= 2 is checked by the caller.
    let mut blocks = [1u32; crate::MAX_K_ENUMERATE];
    walk(p, k, 1, &mut blocks, 1, 0, f64::INFINITY, out);
    for b in out.iter_mut() {
        // Also turns -0.0 into 0.0, as the subset DP does.
        *b = if *b > 1.0 { 1.0 } else { *b + 0.0 };
    }
}

/// The partitions below a node whose blocks (the first `n_blocks` of `blocks`) hold
/// items 0..item with `count` within-block pairs of smallest p-value `low`; raises the
/// APVs of the pairs formed below and returns the largest |I| * min p found.
/// Leaves (item = k - 1 placed) are evaluated in place.
#[allow(clippy::too_many_arguments)]
fn walk(
    p: &[f64],
    k: usize,
    item: usize,
    blocks: &mut [u32; crate::MAX_K_ENUMERATE],
    n_blocks: usize,
    count: u32,
    low: f64,
    out: &mut [f64],
) -> f64 {
    let last = item + 1 == k;
    // Pair (a, item) has index a(2k - a - 1)/2 + item - a - 1.
    let index = |a: usize| a * (2 * k - a - 1) / 2 + item - a - 1;
    // The item alone in a new block: no pair is added.
    let mut best = if !last {
        blocks[n_blocks] = 1 << item;
        walk(p, k, item + 1, blocks, n_blocks + 1, count, low, out)
    } else if count == 0 {
        0.0
    } else {
        f64::from(count) * low
    };
    for b in 0..n_blocks {
        let members = blocks[b];
        let (mut c, mut l) = (count, low);
        let mut bits = members;
        while bits != 0 {
            let j = index(bits.trailing_zeros() as usize);
            if p[j] < l {
                l = p[j];
            }
            c += 1;
            bits &= bits - 1;
        }
        let below = if last {
            f64::from(c) * l
        } else {
            blocks[b] |= 1 << item;
            let below = walk(p, k, item + 1, blocks, n_blocks, c, l, out);
            blocks[b] = members;
            below
        };
        bits = members;
        while bits != 0 {
            let j = index(bits.trailing_zeros() as usize);
            if below > out[j] {
                out[j] = below;
            }
            bits &= bits - 1;
        }
        if below > best {
            best = below;
        }
    }
    best
}

/// The acceptance set A of Bergmann-Hommel at level alpha for one family: `true` for
/// the hypotheses in the union of the exhaustive sets I with |I| * min_{j in I} p_j > alpha
/// (G08 Sec. 2.1, min p > alpha / |I| written as a product so that A is exactly
/// {i : APV_i > alpha}); the others are rejected.
pub fn bergmann_hommel_accepted(
    p: &[f64],
    k: usize,
    alpha: f64,
    stop: &Interrupt,
) -> Result<Vec<bool>> {
    check_alpha(alpha)?;
    let apv = bergmann_hommel_apv(p, k, Algorithm::Auto, false, stop)?;
    Ok(apv.into_iter().map(|a| a > alpha).collect())
}
