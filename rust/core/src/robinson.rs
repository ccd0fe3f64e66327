//! Exact Bergmann-Hommel adjusted p-values in polynomial time for Robinson families: the
//! p-values of a rank post-hoc (Friedman, aligned ranks, Quade), where every pair has the
//! same standard error, so that p_ab is a non-increasing function of |R_a - R_b|.
//!
//! Number the k algorithms by their position in the order of the ranks (ties in any
//! order). The family is *Robinson* in that order when p_il <= min(p_ij, p_jl) for all
//! positions i < j < l; [`is_robinson`] checks it exactly on the given p-values (rows
//! non-increasing away from the diagonal), and the route relies on nothing else.
//!
//! As in [`crate::subset_dp`], APV_ab = max over thresholds t in {p_j} of t * M_ab(t),
//! where M_ab(t) is the largest number of within-block pairs of a partition of the
//! algorithms into cliques of G_t = {pairs with p >= t} that puts a and b in one block;
//! the products t * M_ab(t) are those of the other routes, so the results agree bitwise.
//! Here M_ab(t) takes O(k) steps per pair after O(k^3) shared steps per threshold.
//!
//! # Structure (proofs in docs/robinson.md)
//!
//! Fix t. In a Robinson order the right neighbours of position i in G_t are the interval
//! (i, reach(i)], and reach is non-decreasing; a set is a clique exactly when its first
//! and last positions are joined (reach(first) >= last). Lemmas:
//!
//! 1. An optimal clique partition of any ordered set of positions has contiguous blocks
//!    (swap the |A| first elements of A u B into A: same sizes, both still cliques). So
//!    F(n) (positions 0..n) and G(n) (n..k) are one-dimensional dynamic programs.
//! 2. Let C be the block of a and b, spanning l..r, in an optimal partition whose other
//!    blocks are contiguous in the order of V \ C (lemma 1). No other block lies inside
//!    (l, r) or reaches both sides of it (merging it into C adds pairs), so at most one
//!    block D_L enters (l, r) from the left and one D_R from the right.
//! 3. Exchange: if a block D has a position strictly inside the span of C, moving it to C
//!    changes the count by |C| - |D| + 1; if C \ {a, b} has one strictly inside the span of
//!    D, moving it to D changes it by |D| - |C| + 1. The two sum to 2, so in an optimal
//!    partition not both happen. Hence if D_L exists, l = a (l lies inside D_L's span),
//!    C has no position other than b inside D_L's span, and (by lemma 1's contiguity)
//!    D_L = [u, v] \ {a, b}; likewise if D_R exists, r = b and D_R = [z, w] \ {a, b}.
//! 4. D_L's span does not contain b: else [u, v] = D_L + {a, b} is a clique (reach(u) >= v),
//!    and it with (v, r] as a block of its own has 2(|D_L| - |C|) + 4 > 0 pairs more.
//!
//! So M_ab(t) is the largest of four shapes (positions outside the listed blocks form
//! the prefix 0..u and the suffix after w, partitioned optimally, F(u) + G(w + 1)):
//!
//! * plain: C = [l, r], l <= a, b <= r <= reach(l);
//! * left: C = {a} u (v, r] and D_L = [u, v] \ {a}, u < a < v < b <= r <= reach(a),
//!   reach(u) >= v;
//! * right: the mirror image of left (computed on the reversed order);
//! * both: C = {a, b} u (v, z), D_L = [u, v] \ {a}, D_R = [z, w] \ {b}, a < v < z < b.
//!   (Needed: the optimum of some pairs has both blocks, see the tests.)
//!
//! Every shape is a clique partition holding a and b together, and some optimal partition
//! has one of them, so the maximum over the shapes is M_ab(t) exactly.

use rayon::prelude::*;

use crate::error::{CoreError, Result};
use crate::interrupt::Interrupt;
use crate::pairs::{check_k_range, check_pvalues, n_pairs, pair_index};
use crate::thresholds;

/// A count that no partition reaches (an impossible shape); sums of four stay far
/// from overflow.
const NONE: i64 = i64::MIN / 8;

/// C(n, 2) for a block of n positions (n >= 0).
fn within(n: usize) -> i64 {
    (n * n.saturating_sub(1) / 2) as i64
}

/// `order` must list each of 0..k once: order[i] is the algorithm at position i.
pub fn check_order(order: &[usize], k: usize) -> Result<()> {
    if order.len() != k {
        return Err(CoreError::BadOrder {
            k,
            detail: format!("it has {} entries", order.len()),
        });
    }
    let mut seen = vec![false; k];
    for &a in order {
        if a >= k || seen[a] {
            let what = if a >= k { "out of range" } else { "repeated" };
            return Err(CoreError::BadOrder {
                k,
                detail: format!("algorithm {a} is {what}"),
            });
        }
        seen[a] = true;
    }
    Ok(())
}

/// The p-values of one family as a k x k matrix over positions: q[i * k + j] = p of the
/// algorithms at positions i and j (diagonal 1).
fn by_position(p: &[f64], k: usize, order: &[usize]) -> Vec<f64> {
    let mut q = vec![1.0; k * k];
    for i in 0..k {
        for j in i + 1..k {
            let (a, b) = (order[i].min(order[j]), order[i].max(order[j]));
            let v = p[pair_index(k, a, b)];
            q[i * k + j] = v;
            q[j * k + i] = v;
        }
    }
    q
}

/// The first violation of the Robinson property of the position matrix q: positions
/// (i, j, l), i < j < l, with p_il > p_ij (j = l - 1 .. ) or p_il > p_jl.
fn violation(q: &[f64], k: usize) -> Option<(usize, usize, usize)> {
    for i in 0..k {
        for l in i + 2..k {
            // Rows non-increasing to the right, columns non-decreasing downwards.
            if q[i * k + l] > q[i * k + l - 1] {
                return Some((i, l - 1, l));
            }
            if q[i * k + l] > q[(i + 1) * k + l] {
                return Some((i, i + 1, l));
            }
        }
    }
    None
}

/// Whether one family of p-values (m = k(k-1)/2, pair order of [`crate::pairs::pairs`])
/// is Robinson in `order` (order[i] = algorithm at position i): p_il <= min(p_ij, p_jl)
/// for all positions i < j < l. Checked exactly, O(k^2).
pub fn is_robinson(p: &[f64], k: usize, order: &[usize]) -> Result<bool> {
    check_k_robinson(k)?;
    check_pvalues(p, k, false)?;
    check_order(order, k)?;
    Ok(violation(&by_position(p, k, order), k).is_none())
}

/// `k` for the Robinson route: 2 <= k <= [`crate::MAX_K_ROBINSON`].
pub fn check_k_robinson(k: usize) -> Result<()> {
    check_k_range(k, crate::MAX_K_ROBINSON, |k| {
        CoreError::TooManyForRobinson { k }
    })
}

/// Bergmann-Hommel APVs of one family or a flat stack of families (`stacked`) that are
/// Robinson in the given order: `orders` holds k entries (one order for every family) or
/// k per family. Bitwise equal to [`crate::bergmann_hommel::bergmann_hommel_apv`].
/// Errors: invalid p-values or orders, a family that is not Robinson in its order, or
/// `stop` raised (checked before each family and at each threshold).
pub fn bergmann_hommel_apv_robinson(
    p: &[f64],
    k: usize,
    orders: &[usize],
    stacked: bool,
    stop: &Interrupt,
) -> Result<Vec<f64>> {
    check_k_robinson(k)?;
    check_pvalues(p, k, stacked)?;
    let m = n_pairs(k);
    let n = p.len() / m;
    if orders.len() != k && orders.len() != n * k {
        return Err(CoreError::BadOrder {
            k,
            detail: format!(
                "{} entries for {n} families (give k = {k}, or k per family)",
                orders.len()
            ),
        });
    }
    let order_of = |f: usize| {
        if orders.len() == k {
            orders
        } else {
            &orders[f * k..(f + 1) * k]
        }
    };
    for f in 0..n {
        let order = order_of(f);
        check_order(order, k)?;
        if let Some((i, j, l)) = violation(&by_position(&p[f * m..(f + 1) * m], k, order), k) {
            return Err(CoreError::NotRobinson {
                family: stacked.then_some(f),
                first: order[i],
                middle: order[j],
                last: order[l],
            });
        }
    }
    let mut out = vec![0.0; p.len()];
    let run = |f: usize, fam: &[f64], o: &mut [f64]| {
        if !stop.is_raised() {
            apv(fam, k, order_of(f), stop, o)
        }
    };
    if n == 1 {
        run(0, p, &mut out);
    } else {
        out.par_chunks_mut(m)
            .zip(p.par_chunks(m))
            .enumerate()
            .for_each(|(f, (o, fam))| run(f, fam, o));
    }
    stop.check()?;
    Ok(out)
}

/// One side of the work at a threshold: the reach of every position in an order (the
/// original or the reversed one), the prefix and suffix optima, and the best D_L.
struct Side {
    k: usize,
    /// q[i * k + j]: p of positions i, j in this side's order.
    q: Vec<f64>,
    /// reach[i] = largest j >= i with q(i, j) >= t.
    reach: Vec<usize>,
    /// f[n]: best count over positions 0..n; g[n]: over n..k.
    f: Vec<i64>,
    g: Vec<i64>,
    /// left[a * k + v] = max over u < a, reach(u) >= v of F(u) + C(v - u, 2): the best
    /// D_L = [u, v] \ {a} with the prefix before it.
    left: Vec<i64>,
    /// Best "left" shape per pair (a, b), a < b, at a * k + b.
    best_left: Vec<i64>,
}

impl Side {
    fn new(q: Vec<f64>, k: usize) -> Self {
        Self {
            k,
            q,
            reach: (0..k).collect(),
            f: vec![0; k + 1],
            g: vec![0; k + 1],
            left: vec![NONE; k * k],
            best_left: vec![NONE; k * k],
        }
    }

    /// Extends the reaches to the threshold t and recomputes F, G and the D_L tables.
    fn update(&mut self, t: f64) {
        let k = self.k;
        for i in 0..k {
            while self.reach[i] + 1 < k && self.q[i * k + self.reach[i] + 1] >= t {
                self.reach[i] += 1;
            }
        }
        for n in 1..=k {
            let mut best = NONE;
            for u in (0..n).rev() {
                if self.reach[u] < n - 1 {
                    break; // reach is non-decreasing: no smaller u reaches n - 1
                }
                best = best.max(self.f[u] + within(n - u));
            }
            self.f[n] = best;
        }
        for n in (0..k).rev() {
            let mut best = NONE;
            for w in n..=self.reach[n] {
                best = best.max(within(w - n + 1) + self.g[w + 1]);
            }
            self.g[n] = best;
        }
        for v in 1..k {
            let mut best = NONE;
            for a in 0..v {
                self.left[a * k + v] = best;
                // u = a joins the candidates of a + 1.
                if self.reach[a] >= v {
                    best = best.max(self.f[a] + within(v - a));
                }
            }
        }
    }

    /// Fills best_left[a * k + b] for the pairs (a, b) with wanted[a * k + b], all
    /// joined at t (b <= reach(a)). With `both`, also the part of the "both" shape that
    /// depends on a: both[a * k + z] = max over a < v < z of left(a, v) + C(1 + z - v, 2).
    fn fill_left(&mut self, wanted: &[bool], mut both: Option<&mut [i64]>) {
        let k = self.k;
        let mut tv = vec![NONE; k];
        for a in 0..k {
            let ra = self.reach[a];
            if !(a + 1..=ra).any(|b| wanted[a * k + b]) {
                continue;
            }
            // a < v < b <= R <= ra: C = {a} u (v, R]; tv[v] = max over R in [b, ra] of
            // C(1 + R - v, 2) + G(R + 1), for b descending.
            for x in tv.iter_mut().take(ra + 1).skip(a + 1) {
                *x = NONE;
            }
            for b in (a + 1..=ra).rev() {
                for (v, x) in tv.iter_mut().enumerate().take(b).skip(a + 1) {
                    *x = (*x).max(within(1 + b - v) + self.g[b + 1]);
                }
                if !wanted[a * k + b] {
                    continue;
                }
                let mut best = NONE;
                for (v, &x) in tv.iter().enumerate().take(b).skip(a + 1) {
                    let l = self.left[a * k + v];
                    if l != NONE {
                        best = best.max(l + x);
                    }
                }
                self.best_left[a * k + b] = best;
            }
            let Some(both) = both.as_deref_mut() else {
                continue;
            };
            for z in a + 2..=ra {
                let mut best = NONE;
                for v in a + 1..z {
                    let l = self.left[a * k + v];
                    if l != NONE {
                        best = best.max(l + within(1 + z - v));
                    }
                }
                both[a * k + z] = best;
            }
        }
    }
}

/// APVs of one Robinson family into `out`; returns early (with `out` incomplete) once
/// `stop` is raised.
fn apv(p: &[f64], k: usize, order: &[usize], stop: &Interrupt, out: &mut [f64]) {
    let mut position = vec![0; k];
    for (i, &a) in order.iter().enumerate() {
        position[a] = i;
    }
    // The pair of every hypothesis in positions (i < j).
    let at: Vec<(usize, usize)> = crate::pairs::pairs(k)
        .into_iter()
        .map(|(a, b)| {
            let (i, j) = (position[a], position[b]);
            (i.min(j), i.max(j))
        })
        .collect();
    let q = by_position(p, k, order);
    let mut mirror_q = vec![1.0; k * k];
    for i in 0..k {
        for j in 0..k {
            mirror_q[(k - 1 - i) * k + (k - 1 - j)] = q[i * k + j];
        }
    }
    let mut side = Side::new(q, k);
    let mut mirror = Side::new(mirror_q, k);
    let mut wanted = vec![false; k * k];
    let mut mirror_wanted = vec![false; k * k];
    let mut both = vec![NONE; k * k];
    let mut plain = vec![NONE; k * k];
    let mut targets: Vec<usize> = Vec::new();
    thresholds::scan(p, stop, out, |t, _, all_targets, out| {
        if all_targets.is_empty() {
            return;
        }
        // A pair's count is also at most the unrestricted optimum F(k).
        side.update(t);
        let bound = t * side.f[k] as f64;
        targets.clear();
        targets.extend(all_targets.iter().copied().filter(|&i| bound > out[i]));
        if targets.is_empty() {
            return;
        }
        mirror.update(t);
        wanted.fill(false);
        mirror_wanted.fill(false);
        for &i in &targets {
            let (a, b) = at[i];
            wanted[a * k + b] = true;
            mirror_wanted[(k - 1 - b) * k + (k - 1 - a)] = true;
        }
        side.fill_left(&wanted, Some(&mut both));
        mirror.fill_left(&mirror_wanted, None);
        plain_shapes(&side, &mut plain);
        for &i in &targets {
            let (a, b) = at[i];
            let (ma, mb) = (k - 1 - b, k - 1 - a);
            let mut best = plain[a * k + b]
                .max(side.best_left[a * k + b])
                .max(mirror.best_left[ma * k + mb]);
            // both: max over a < v < z < b of [left(a, v) + C(1 + z - v, 2)] +
            // mirror left of (b, z), i.e. the best D_R = [z, w] \ {b}.
            for z in a + 2..b {
                let x = both[a * k + z];
                let y = mirror.left[ma * k + (k - 1 - z)];
                if x != NONE && y != NONE {
                    best = best.max(x + y);
                }
            }
            let v = t * best as f64;
            if v > out[i] {
                out[i] = v;
            }
        }
    });
}

/// plain[a * k + b] = max over l <= a, b <= r <= reach(l) of C(r - l + 1, 2) + F(l) +
/// G(r + 1): the block of a and b is the whole interval [l, r].
fn plain_shapes(side: &Side, plain: &mut [i64]) {
    let k = side.k;
    // by_start[b] for the current l: max over r in [b, reach(l)].
    let mut by_start = vec![NONE; k + 1];
    let mut running = vec![NONE; k];
    for l in 0..k {
        let rl = side.reach[l];
        by_start[rl + 1] = NONE;
        for r in (l..=rl).rev() {
            by_start[r] = by_start[r + 1].max(within(r - l + 1) + side.f[l] + side.g[r + 1]);
        }
        for b in l..k {
            let here = if b <= rl { by_start[b] } else { NONE };
            running[b] = running[b].max(here);
            plain[l * k + b] = running[b];
        }
    }
}
