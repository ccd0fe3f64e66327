//! Hypotheses are the pairs (a, b), a < b, of k algorithms, numbered in the order
//! (0,1), (0,2), ..., (0,k-1), (1,2), ... (that of Python's `itertools.combinations`);
//! and the argument checks shared by every procedure.

use crate::error::{CoreError, Result};

/// m = C(k, 2), the number of pairwise hypotheses.
pub fn n_pairs(k: usize) -> usize {
    k * k.saturating_sub(1) / 2
}

/// Index of the pair (a, b), a < b < k.
pub fn pair_index(k: usize, a: usize, b: usize) -> usize {
    debug_assert!(a < b && b < k);
    a * (2 * k - a - 1) / 2 + (b - a - 1)
}

/// All pairs (a, b) of k algorithms in hypothesis order.
pub fn pairs(k: usize) -> Vec<(usize, usize)> {
    (0..k)
        .flat_map(|a| (a + 1..k).map(move |b| (a, b)))
        .collect()
}

/// `k` as a number of algorithms: at least 2.
pub fn check_k(k: i64) -> Result<usize> {
    if k < 2 {
        return Err(CoreError::TooFewAlgorithms { k });
    }
    usize::try_from(k).map_err(|_| CoreError::TooFewAlgorithms { k })
}

/// 2 <= k <= `max`, else [`CoreError::TooFewAlgorithms`] or `too_many(k)`.
pub(crate) fn check_k_range(k: usize, max: usize, too_many: fn(usize) -> CoreError) -> Result<()> {
    if k < 2 {
        return Err(CoreError::TooFewAlgorithms { k: k as i64 });
    }
    if k > max {
        return Err(too_many(k));
    }
    Ok(())
}

/// `k` for Bergmann-Hommel: 2 <= k <= [`crate::MAX_K`].
pub fn check_k_bergmann_hommel(k: usize) -> Result<()> {
    check_k_range(k, crate::MAX_K, |k| CoreError::TooManyForBergmannHommel {
        k,
    })
}

/// `got` p-values per family must be m = C(k, 2).
pub fn check_family_length(k: usize, got: usize) -> Result<()> {
    let expected = n_pairs(k);
    if got != expected {
        return Err(CoreError::WrongLength { k, expected, got });
    }
    Ok(())
}

/// A flat stack of families of m p-values each, all in [0, 1]. `stacked` selects the
/// wording of the error (family and pair, or pair only).
pub fn check_pvalues(p: &[f64], k: usize, stacked: bool) -> Result<()> {
    let m = n_pairs(k);
    if m == 0 || p.len() % m != 0 || (!stacked && p.len() != m) {
        return Err(CoreError::WrongLength {
            k,
            expected: m,
            got: p.len(),
        });
    }
    match p.iter().position(|x| !(0.0..=1.0).contains(x)) {
        None => Ok(()),
        Some(i) => Err(CoreError::InvalidPValue {
            family: stacked.then_some(i / m),
            pair: i % m,
            value: p[i],
        }),
    }
}

/// A significance level in (0, 1).
pub fn check_alpha(alpha: f64) -> Result<()> {
    if alpha > 0.0 && alpha < 1.0 {
        Ok(())
    } else {
        Err(CoreError::InvalidAlpha { alpha })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_index_follows_combinations_order() {
        for k in 2..=18 {
            for (h, &(a, b)) in pairs(k).iter().enumerate() {
                assert_eq!(pair_index(k, a, b), h);
            }
            assert_eq!(pairs(k).len(), n_pairs(k));
        }
    }

    #[test]
    fn checks_reject_bad_input() {
        assert!(check_k(1).is_err());
        assert!(check_k(-3).is_err());
        assert_eq!(check_k(5), Ok(5));
        assert!(check_k_bergmann_hommel(crate::MAX_K + 1).is_err());
        assert!(check_pvalues(&[0.1, 0.2], 3, false).is_err());
        assert!(check_pvalues(&[0.1, f64::NAN, 0.3], 3, false).is_err());
        assert!(check_pvalues(&[0.1, 1.5, 0.3], 3, false).is_err());
        assert!(check_pvalues(&[0.1, 0.2, 0.3, 0.0, 1.0, 0.5], 3, true).is_ok());
        assert!(check_pvalues(&[], 3, true).is_ok());
        assert!(check_pvalues(&[], 3, false).is_err());
        assert!(check_alpha(0.0).is_err());
        assert!(check_alpha(f64::NAN).is_err());
        assert!(check_alpha(0.05).is_ok());
    }
}
