//! Shaffer's static procedure for all pairwise comparisons (Garcia & Herrera 2008,
//! JMLR 9:2677-2694, Sec. 2.1).

use crate::error::{CoreError, Result};
use crate::interrupt::Interrupt;
use crate::pairs::{check_k_range, check_pvalues, n_pairs};

/// S(k): the possible numbers of true hypotheses among the m = k(k-1)/2 pairwise
/// comparisons, sorted ascending (G08 Sec. 2.1: S(k) = union over j = 1..k of
/// { C(j,2) + x : x in S(k-j) }, S(0) = S(1) = {0}), for 2 <= k <= [`crate::MAX_K_SHAFFER`].
///
/// S(n) is all of 0..=D(n) and then a sparse top (C(n,2) - D(n) is about 0.05 C(n,2) at
/// n = 2000), so each S(n) is kept as D(n) and a bit set over D(n)+1..=C(n,2) (the window).
/// Only the j near 1 or near n reach above D(n): C(j,2) + C(n-j,2) is about C(n,2) - j n
/// for small j. So S(n) costs a few window-length bit operations per such j, about
/// 0.3 s at k = 2000 instead of minutes for bit sets over all of 0..=C(n,2).
/// `stop` is checked once per n.
pub fn shaffer_counts(k: usize, stop: &Interrupt) -> Result<Vec<usize>> {
    check_k_shaffer(k)?;
    // sets[n] = (D(n), window of S(n)); S(0) = S(1) = {0}.
    let mut sets: Vec<(usize, Vec<u64>)> = vec![(0, Vec::new()), (0, Vec::new())];
    for n in 2..=k {
        stop.check()?;
        sets.push(next_counts(n, &sets));
    }
    let (dense, window) = &sets[k];
    let top = (0..n_pairs(k) - dense).filter(|&i| window[i / 64] >> (i % 64) & 1 == 1);
    Ok((0..=*dense).chain(top.map(|i| dense + 1 + i)).collect())
}

/// (D(n), window) of S(n) from those of S(0..n).
fn next_counts(n: usize, sets: &[(usize, Vec<u64>)]) -> (usize, Vec<u64>) {
    let m = n_pairs(n);
    // j = 1 gives 0..=D(n-1); the intervals C(j,2) + 0..=D(n-j) start later as j grows,
    // so the covered prefix ends at the first gap between them.
    let mut low = 0;
    for (j, (dense, _)) in sets.iter().rev().enumerate().map(|(i, s)| (i + 1, s)) {
        if n_pairs(j) > low + 1 {
            break;
        }
        low = low.max(n_pairs(j) + dense);
    }
    // Bits of low+1..=m; value v is bit v - low - 1.
    let mut bits = vec![0u64; (m - low).div_ceil(64)];
    for j in 1..=n {
        let (shift, (dense, window)) = (n_pairs(j), &sets[n - j]);
        if shift + n_pairs(n - j) <= low {
            continue;
        }
        // shift + 0..=dense, then shift + dense + 1 + (bit i of the window).
        set_range(
            &mut bits,
            (shift).saturating_sub(low + 1),
            (shift + dense + 1).saturating_sub(low + 1),
        );
        or_shifted(&mut bits, window, (shift + dense) as isize - low as isize);
    }
    let ones = bits
        .iter()
        .position(|&w| w != u64::MAX)
        .map_or(m - low, |w| 64 * w + bits[w].trailing_ones() as usize)
        .min(m - low);
    if ones == 0 {
        return (low, bits);
    }
    let mut window = vec![0u64; (m - low - ones).div_ceil(64)];
    or_shifted(&mut window, &bits, -(ones as isize));
    (low + ones, window)
}

/// Sets bits `from..to` of `dst` (clipped to its length).
fn set_range(dst: &mut [u64], from: usize, to: usize) {
    let to = to.min(64 * dst.len());
    for i in from..to.max(from) {
        if i % 64 == 0 && i + 64 <= to {
            dst[i / 64] = u64::MAX;
        } else {
            dst[i / 64] |= 1 << (i % 64);
        }
    }
}

/// `dst |= src` shifted by `offset` bits (bit i of src to bit i + offset of dst; bits
/// that fall outside dst are dropped).
fn or_shifted(dst: &mut [u64], src: &[u64], offset: isize) {
    // 64 bits of src starting at bit `at` (zeros outside).
    let word = |w: isize| -> u64 {
        if w < 0 || w as usize >= src.len() {
            0
        } else {
            src[w as usize]
        }
    };
    let take = |at: isize| -> u64 {
        let (w, b) = (at.div_euclid(64), at.rem_euclid(64) as u32);
        if b == 0 {
            word(w)
        } else {
            word(w) >> b | word(w + 1) << (64 - b)
        }
    };
    let first = offset.max(0) as usize / 64;
    let last = ((offset + 64 * src.len() as isize).max(0) as usize)
        .div_ceil(64)
        .min(dst.len());
    for (w, d) in dst.iter_mut().enumerate().take(last).skip(first) {
        *d |= take(64 * w as isize - offset);
    }
}

/// `k` for Shaffer: 2 <= k <= [`crate::MAX_K_SHAFFER`].
pub fn check_k_shaffer(k: usize) -> Result<()> {
    check_k_range(k, crate::MAX_K_SHAFFER, |k| CoreError::TooManyForShaffer {
        k,
    })
}

/// Shaffer's multipliers t_1..t_m, t_i = max{s in S(k): s <= m - i + 1} (G08 Sec. 2.1).
pub fn shaffer_multipliers(k: usize, stop: &Interrupt) -> Result<Vec<usize>> {
    let s = shaffer_counts(k, stop)?;
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
pub fn shaffer_apv(p: &[f64], k: usize, stacked: bool, stop: &Interrupt) -> Result<Vec<f64>> {
    check_k_shaffer(k)?;
    check_pvalues(p, k, stacked)?;
    let t: Vec<f64> = shaffer_multipliers(k, stop)?
        .into_iter()
        .map(|x| x as f64)
        .collect();
    crate::map_families(p, t.len(), stop, |fam, out| step_down(fam, &t, out))
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

    static NO: Interrupt = Interrupt::new();

    #[test]
    fn counts_for_four_and_five_match_the_paper() {
        assert_eq!(shaffer_counts(4, &NO).unwrap(), vec![0, 1, 2, 3, 6]);
        assert_eq!(shaffer_counts(5, &NO).unwrap(), vec![0, 1, 2, 3, 4, 6, 10]);
        assert_eq!(shaffer_counts(2, &NO).unwrap(), vec![0, 1]);
    }

    #[test]
    fn counts_agree_with_the_plain_recursion() {
        // Past n = 100 the window of the sparse top starts well inside 0..=C(n,2).
        let mut sets: Vec<Vec<usize>> = vec![vec![0], vec![0]];
        for n in 2..=130 {
            let mut s: Vec<usize> = (1..=n)
                .flat_map(|j| sets[n - j].iter().map(move |x| n_pairs(j) + x))
                .collect();
            s.sort_unstable();
            s.dedup();
            assert_eq!(shaffer_counts(n, &NO).unwrap(), s, "k = {n}");
            sets.push(s);
        }
    }

    #[test]
    fn multipliers_for_five() {
        assert_eq!(
            shaffer_multipliers(5, &NO).unwrap(),
            vec![10, 6, 6, 6, 6, 4, 4, 3, 2, 1]
        );
    }

    #[test]
    fn apv_is_order_free_for_ties() {
        let p = [0.01, 0.2, 0.01, 0.5, 0.01, 0.9];
        let a = shaffer_apv(&p, 4, false, &NO).unwrap();
        assert_eq!(a[0], a[2]);
        assert_eq!(a[0], a[4]);
        assert_eq!(a[0], 0.06);
        assert!(shaffer_apv(&p[..5], 4, false, &NO).is_err());
        assert!(shaffer_apv(&[0.1; 12], 4, true, &NO).unwrap().len() == 12);
        assert!(shaffer_counts(crate::MAX_K_SHAFFER + 1, &NO).is_err());
    }

    #[test]
    fn an_interrupt_stops_the_computation() {
        let stop = Interrupt::new();
        stop.raise();
        assert_eq!(shaffer_counts(50, &stop), Err(CoreError::Interrupted));
        assert_eq!(
            shaffer_apv(&[0.1; 12], 4, true, &stop),
            Err(CoreError::Interrupted)
        );
    }
}
