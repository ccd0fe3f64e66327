//! The scan over thresholds shared by the exact Bergmann-Hommel routes ([`crate::subset_dp`]
//! and [`crate::robinson`]): APV_i = min(1, max over thresholds t in {p_j}, p_i >= t, of
//! t * M_i(t)), where M_i(t) is the largest number of within-block pairs of a clique
//! partition of G_t = {pairs j : p_j >= t} that keeps pair i inside a block.

use crate::interrupt::Interrupt;

/// Visits the distinct p-values t in decreasing order with
/// `visit(t, new, targets, out)`: `new` holds the hypotheses with p = t (the edges G_t adds),
/// `targets` those with p >= t whose APV t * M_i(t) could still rise (APV < 1 and
/// t * |G_t| > APV, since M_i(t) <= |G_t|); `visit` raises `out[i]` to t * M_i(t) for
/// the targets it computes. The last threshold, where G_t is complete (M_i = m), is done
/// here. Returns early (with `out` incomplete) once `stop` is raised; otherwise caps the
/// APVs at 1 (and turns -0.0 into 0.0).
pub(crate) fn scan<F>(p: &[f64], stop: &Interrupt, out: &mut [f64], mut visit: F)
where
    F: FnMut(f64, &[usize], &[usize], &mut [f64]),
{
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_unstable_by(|&a, &b| p[b].total_cmp(&p[a]));
    out.fill(0.0);
    // The last threshold's value, t_min * m (G_t complete), is every APV's lower bound:
    // applied first, it prunes the targets of the thresholds before it.
    if let Some(&last) = order.last() {
        let v = p[last] * m as f64;
        for b in out.iter_mut() {
            if v > *b {
                *b = v;
            }
        }
    }
    let mut targets: Vec<usize> = Vec::new();
    let mut pos = 0;
    while pos < m {
        if stop.is_raised() {
            return;
        }
        let t = p[order[pos]];
        let mut end = pos + 1;
        while end < m && p[order[end]] == t {
            end += 1;
        }
        if end == m {
            // G_t is complete: one block holds all m pairs.
            let v = t * m as f64;
            for b in out.iter_mut() {
                if v > *b {
                    *b = v;
                }
            }
            break;
        }
        let bound = t * end as f64;
        targets.clear();
        targets.extend(
            order[..end]
                .iter()
                .copied()
                .filter(|&i| out[i] < 1.0 && bound > out[i]),
        );
        visit(t, &order[pos..end], &targets, out);
        pos = end;
    }
    for b in out.iter_mut() {
        // Also turns -0.0 into 0.0, as the enumeration does.
        *b = if *b > 1.0 { 1.0 } else { *b + 0.0 };
    }
}
