//! Shaffer's static procedure for all pairwise comparisons (Garcia & Herrera 2008,
//! JMLR 9:2677-2694, Sec. 2.1).

use crate::error::{CoreError, Result};
use crate::pairs::{check_k_range, check_pvalues, n_pairs};

/// S(k): the possible numbers of true hypotheses among the m = k(k-1)/2 pairwise
/// comparisons, sorted ascending (G08 Sec. 2.1: S(k) = union over j = 1..k of
/// { C(j,2) + x : x in S(k-j) }, S(0) = S(1) = {0}), for 2 <= k <= [`crate::MAX_K_SHAFFER`].
pub fn shaffer_counts(k: usize) -> Result<Vec<usize>> {
    check_k_shaffer(k)?;
    // sets[n] is S(n) as a bit set over 0..=C(n,2).
    let mut sets: Vec<Vec<u64>> = vec![vec![1], vec![1]];
    for n in 2..=k {
        let mut s = vec![0u64; n_pairs(n) / 64 + 1];
        for j in 1..=n {
            shifted_or(&mut s, &sets[n - j], n_pairs(j));
        }
        sets.push(s);
    }
    let s = &sets[k];
    Ok((0..=n_pairs(k))
        .filter(|&x| s[x / 64] >> (x % 64) & 1 == 1)
        .collect())
}

/// `k` for Shaffer: 2 <= k <= [`crate::MAX_K_SHAFFER`].
pub fn check_k_shaffer(k: usize) -> Result<()> {
    check_k_range(k, crate::MAX_K_SHAFFER, |k| CoreError::TooManyForShaffer {
        k,
    })
}

/// `dst |= src << shift` on bit sets (dst is long enough).
fn shifted_or(dst: &mut [u64], src: &[u64], shift: usize) {
    let (words, bits) = (shift / 64, shift % 64);
    for (i, &w) in src.iter().enumerate() {
        if w == 0 {
            continue;
        }
        dst[i + words] |= w << bits;
        if bits > 0 && i + words + 1 < dst.len() {
            dst[i + words + 1] |= w >> (64 - bits);
        }
    }
}

/// Shaffer's multipliers t_1..t_m, t_i = max{s in S(k): s <= m - i + 1} (G08 Sec. 2.1).
pub fn shaffer_multipliers(k: usize) -> Result<Vec<usize>> {
    let s = shaffer_counts(k)?;
    let m = n_pairs(k);
    Ok((1..=m)
        .map(|i| {
            let bound = m - i + 1;
            // S(k) holds 0 and 1, so the search always finds a value.
            s[s.partition_point(|&x| x <= bound) - 1]
        })
        .collect())
}

/// Shaffer's adjusted p-values of one family or of a flat stack of families
/// (`stacked`): APV_i = min(1, max_{j <= i} t_j p_(j)) in ascending order of p,
/// returned in input order (G08 Sec. 2.1). Tied p-values get equal APVs whatever
/// their order, since t is non-increasing.
pub fn shaffer_apv(p: &[f64], k: usize, stacked: bool) -> Result<Vec<f64>> {
    check_k_shaffer(k)?;
    check_pvalues(p, k, stacked)?;
    let t: Vec<f64> = shaffer_multipliers(k)?
        .into_iter()
        .map(|x| x as f64)
        .collect();
    Ok(crate::map_families(p, t.len(), |fam, out| {
        step_down(fam, &t, out)
    }))
}

/// APV_i = min(1, max_{j <= i} t_j p_(j)) for one family; `out` has the family's length.
pub(crate) fn step_down(p: &[f64], t: &[f64], out: &mut [f64]) {
    let mut order: Vec<usize> = (0..p.len()).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut running = 0.0f64;
    for (j, &i) in order.iter().enumerate() {
        running = running.max(t[j] * p[i]);
        out[i] = running.min(1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_for_four_and_five_match_the_paper() {
        assert_eq!(shaffer_counts(4).unwrap(), vec![0, 1, 2, 3, 6]);
        assert_eq!(shaffer_counts(5).unwrap(), vec![0, 1, 2, 3, 4, 6, 10]);
        assert_eq!(shaffer_counts(2).unwrap(), vec![0, 1]);
    }

    #[test]
    fn counts_agree_with_the_plain_recursion() {
        let mut sets: Vec<Vec<usize>> = vec![vec![0], vec![0]];
        for n in 2..=40 {
            let mut s: Vec<usize> = (1..=n)
                .flat_map(|j| sets[n - j].iter().map(move |x| n_pairs(j) + x))
                .collect();
            s.sort_unstable();
            s.dedup();
            assert_eq!(shaffer_counts(n).unwrap(), s, "k = {n}");
            sets.push(s);
        }
    }

    #[test]
    fn multipliers_for_five() {
        assert_eq!(
            shaffer_multipliers(5).unwrap(),
            vec![10, 6, 6, 6, 6, 4, 4, 3, 2, 1]
        );
    }

    #[test]
    fn apv_is_order_free_for_ties() {
        let p = [0.01, 0.2, 0.01, 0.5, 0.01, 0.9];
        let a = shaffer_apv(&p, 4, false).unwrap();
        assert_eq!(a[0], a[2]);
        assert_eq!(a[0], a[4]);
        assert_eq!(a[0], 0.06);
        assert!(shaffer_apv(&p[..5], 4, false).is_err());
        assert!(shaffer_apv(&[0.1; 12], 4, true).unwrap().len() == 12);
        assert!(shaffer_counts(crate::MAX_K_SHAFFER + 1).is_err());
    }
}
