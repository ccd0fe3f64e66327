//! Bergmann-Hommel adjusted p-values without listing the exhaustive sets.
//!
//! For a threshold t let G_t be the graph on the k algorithms with the edges
//! {pairs j : p_j >= t}. A partition of the algorithms whose blocks are cliques of G_t is
//! an exhaustive set I with min_{j in I} p_j >= t, and every exhaustive set is such a
//! partition for t = its own minimum. Hence
//!
//!   APV_i = max over thresholds t in {p_j} of t * M_i(t),
//!
//! where M_i(t) is the largest number of within-block pairs of such a partition that
//! puts pair i = (a, b) inside a block. Both routes take the maximum of the same
//! products |I| * p_j, so they agree bitwise with the enumeration of all sets.
//!
//! The thresholds are visited in decreasing order, so G_t gains edges one at a time. The
//! table f(S) = max sum of C(|B|, 2) over the clique partitions of the vertex set S is kept
//! for all 2^k subsets and updated in place for each new edge (a, b): a partition that
//! uses the edge has exactly one block C containing a and b, a clique that is new, and
//! its other blocks partition S \ C, which holds neither a nor b, so
//!
//!   f_new(S) = max(f_old(S), max over new cliques C within S of C(|C|,2) + f_old(S \ C)).
//!
//! Each clique is new once, so over all thresholds the updates cost at most
//! sum_C 2^(k - |C|) < 3^k steps. At a threshold,
//! M_(a,b)(t) = max over cliques C containing a and b of C(|C|,2) + f(V \ C), read off a
//! superset-maximum transform over the clique table or, when few cliques contain the wanted
//! pairs, by enumerating those cliques. A threshold is skipped when t times the number of
//! edges of G_t cannot raise the APV of any pair still below 1 (every APV starts at the
//! last threshold's t_min * m, [`crate::thresholds::scan`]).
//!
//! The table is brought up to date only when an exact count needs it: a pair whose greedy
//! partition of G_t already lifts t * M to 1 is settled (its APV is 1), and near the end,
//! where G_t is nearly complete and the updates cost most, the counts come from the
//! complement of G_t when that is cheaper than the pending updates ([`crate::dense`]). The
//! edges wait, in order, until a count needs the table; the table then is the one the
//! updates edge by edge would have built, so the counts, and the APVs, are the same.
//!
//! A family computed alone spreads its counts by the complement over the rayon threads, one
//! pair per task, and splits the updates of a large edge over them:
//! each task owns the subsets S with one membership pattern on five vertices other than
//! a and b, so tasks write disjoint entries of f and read only entries without a and b,
//! which no task writes.

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use crate::dense;
use crate::interrupt::Interrupt;
use crate::thresholds;

/// An edge whose f updates take more steps than this is split over the threads (when the
/// family is computed alone).
const PARALLEL_WORK: usize = 1 << 18;

/// Number of vertices whose membership splits the subsets S among parallel tasks.
const SPLIT_BITS: usize = 5;

/// Tables over the 2^k vertex subsets, reused across families.
#[derive(Default)]
pub(crate) struct Scratch {
    /// f(S) for the current graph (atomics only so that threads can update disjoint
    /// entries of one edge in place; relaxed loads and stores are plain moves).
    f: Vec<AtomicU8>,
    /// Whether S is a clique of the current graph.
    clique: Vec<bool>,
    /// Superset maxima of C(|C|,2) + f(V \ C) over cliques C.
    h: Vec<u8>,
    /// The tables of the counts by the complement of a nearly complete graph.
    dense: dense::Tables,
}

// The pair counts C(|S|, 2) of the tables are bytes.
const _: () = assert!(crate::MAX_K * (crate::MAX_K - 1) / 2 <= u8::MAX as usize);

/// C(s, 2) as a u8 (s <= [`crate::MAX_K`]).
fn within(s: u32) -> u8 {
    (s * s.saturating_sub(1) / 2) as u8
}

/// Bergmann-Hommel APVs of one family into `out`; `pairs` lists the pairs of k algorithms.
/// `parallel`: split the large f updates of this family over the rayon threads. Returns
/// early (with `out` incomplete) once `stop` is raised; it is checked at each threshold.
pub(crate) fn apv(
    p: &[f64],
    pairs: &[(usize, usize)],
    k: usize,
    parallel: bool,
    stop: &Interrupt,
    s: &mut Scratch,
    out: &mut [f64],
) {
    let size = 1usize << k;
    let full = (size - 1) as u32;
    s.f.clear();
    s.f.resize_with(size, || AtomicU8::new(0));
    s.clique.clear();
    s.clique.resize(size, false);
    s.clique[0] = true;
    for v in 0..k {
        s.clique[1 << v] = true;
    }
    // G_t, and the graph of the tables, which lags behind while no exact count needs them.
    let (mut graph, mut adj) = ([0u32; 32], [0u32; 32]);
    let mut pending: Vec<usize> = Vec::new();
    // The steps of the f updates of the pending edges, and of a query by the transform.
    let (mut cost, query) = (0usize, k * size);
    let mut exact: Vec<usize> = Vec::new();
    thresholds::scan(p, stop, out, |t, new, all_targets, out| {
        for &j in new {
            let (a, b) = pairs[j];
            graph[a] |= 1 << b;
            graph[b] |= 1 << a;
            cost += size >> 2;
            for_each_clique(
                &graph,
                1 << a | 1 << b,
                2,
                graph[a] & graph[b],
                &mut |_, n| cost += size >> n,
            );
        }
        pending.extend_from_slice(new);
        // A greedy partition settles the pairs it lifts to 1.
        exact.clear();
        for &i in all_targets {
            raise(out, i, t, dense::greedy(&graph, pairs[i], full));
            if out[i] < 1.0 {
                exact.push(i);
            }
        }
        let targets = &exact[..];
        if targets.is_empty() {
            return;
        }
        let by_complement: usize = targets
            .iter()
            .map(|&i| 3usize.saturating_pow(dense::touched(&graph, pairs[i], full).count_ones()))
            .sum();
        if by_complement < cost + query {
            let counts = dense::counts(&graph, targets, pairs, full, parallel, &mut s.dense);
            for (&i, &count) in targets.iter().zip(&counts) {
                raise(out, i, t, count);
            }
            return;
        }
        for &j in &pending {
            if stop.is_raised() {
                return;
            }
            add_edge(pairs[j], &mut adj, k, parallel, &s.f, &mut s.clique);
        }
        pending.clear();
        cost = 0;
        by_tables(t, targets, pairs, &adj, k, s, out);
    });
}

/// Raises out[i] to t * M_i(t) for the pairs i of `targets`, read off the tables of the
/// graph `adj` (up to date).
fn by_tables(
    t: f64,
    targets: &[usize],
    pairs: &[(usize, usize)],
    adj: &[u32; 32],
    k: usize,
    s: &mut Scratch,
    out: &mut [f64],
) {
    let size = 1usize << k;
    let full = (size - 1) as u32;
    // Cliques through the wanted pairs lie within their common neighbourhoods.
    let direct_cost: usize = targets
        .iter()
        .map(|&i| {
            let (a, b) = pairs[i];
            1usize << (adj[a] & adj[b]).count_ones()
        })
        .sum();
    let use_transform = direct_cost > (k + 2) * size / 4;
    if use_transform {
        superset_maxima(k, full, &s.f, &s.clique, &mut s.h);
    }
    for &i in targets {
        let (a, b) = pairs[i];
        let base = 1u32 << a | 1u32 << b;
        let mi = if use_transform {
            s.h[base as usize]
        } else {
            let mut best = within(2) + s.f[(full & !base) as usize].load(Relaxed);
            for_each_clique(adj, base, 2, adj[a] & adj[b], &mut |nc, size| {
                best = best.max(within(size) + s.f[(full & !nc) as usize].load(Relaxed));
            });
            best
        };
        raise(out, i, t, u32::from(mi));
    }
}

/// out[i] = max(out[i], t * count).
fn raise(out: &mut [f64], i: usize, t: f64, count: u32) {
    let v = t * f64::from(count);
    if v > out[i] {
        out[i] = v;
    }
}

/// Adds the edge (a, b) and raises f by the partitions that use one of the new cliques
/// {a, b} + D, D a clique of the common neighbourhood of a and b.
fn add_edge(
    (a, b): (usize, usize),
    adj: &mut [u32; 32],
    k: usize,
    parallel: bool,
    f: &[AtomicU8],
    clique: &mut [bool],
) {
    adj[a] |= 1 << b;
    adj[b] |= 1 << a;
    let base = 1u32 << a | 1u32 << b;
    let common = adj[a] & adj[b];
    clique[base as usize] = true;
    for_each_clique(adj, base, 2, common, &mut |nc, _| {
        clique[nc as usize] = true
    });
    let full = ((1usize << k) - 1) as u32;
    // Steps: sum over cliques D of the common neighbourhood of 2^(k - 2 - |D|), at most
    // 2^(k-2) (3/2)^|common|.
    let work = (1usize << (k - 2)) as f64 * 1.5f64.powi(common.count_ones() as i32);
    if parallel && k > SPLIT_BITS + 2 && work > PARALLEL_WORK as f64 {
        // Tasks own the subsets S by their membership pattern on SPLIT_BITS vertices
        // other than a and b, so no two tasks write the same entry of f.
        let split = (0..k as u32)
            .rev()
            .filter(|&v| base >> v & 1 == 0)
            .take(SPLIT_BITS)
            .fold(0u32, |acc, v| acc | 1 << v);
        let patterns: Vec<u32> = (0..1u32 << SPLIT_BITS).map(|i| deposit(i, split)).collect();
        patterns.par_iter().for_each(|&pattern| {
            let part = Part {
                f,
                adj,
                full,
                split,
                pattern,
            };
            part.update(base, common);
        });
    } else {
        let part = Part {
            f,
            adj,
            full,
            split: 0,
            pattern: 0,
        };
        part.update(base, common);
    }
}

/// Calls `visit(c + D, size + |D|)` for every nonempty clique D of `cand` (candidates
/// adjacent to all of the clique c of `size` vertices), each once (D grows in increasing
/// vertex order).
fn for_each_clique(
    adj: &[u32; 32],
    c: u32,
    size: u32,
    cand: u32,
    visit: &mut impl FnMut(u32, u32),
) {
    let mut rest = cand;
    while rest != 0 {
        let u = rest.trailing_zeros();
        rest &= rest - 1;
        let nc = c | 1 << u;
        visit(nc, size + 1);
        let next = rest & adj[u as usize];
        if next != 0 {
            for_each_clique(adj, nc, size + 1, next, visit);
        }
    }
}

/// The bits of `i` placed, in order, on the set bits of `mask`.
fn deposit(i: u32, mask: u32) -> u32 {
    let (mut out, mut m, mut bit) = (0u32, mask, 0);
    while m != 0 {
        let low = m & m.wrapping_neg();
        if i >> bit & 1 == 1 {
            out |= low;
        }
        m &= m - 1;
        bit += 1;
    }
    out
}

/// The f updates of one new edge restricted to the subsets S whose intersection with
/// `split` is `pattern` (all subsets when `split` is empty).
struct Part<'a> {
    f: &'a [AtomicU8],
    adj: &'a [u32; 32],
    full: u32,
    split: u32,
    pattern: u32,
}

impl Part<'_> {
    /// The new clique c of `size` vertices: f(c + R) >= C(size,2) + f(R) for R outside c.
    /// The f(R) read here never hold both ends of the new edge, so no update of this
    /// edge writes them.
    fn new_clique(&self, c: u32, size: u32) {
        if c & self.split & !self.pattern != 0 {
            return;
        }
        let w = within(size);
        let fixed = self.pattern & !c;
        let free = self.full & !c & !self.split;
        let mut r = free;
        loop {
            let rr = r | fixed;
            let idx = (c | rr) as usize;
            let val = w + self.f[rr as usize].load(Relaxed);
            if val > self.f[idx].load(Relaxed) {
                self.f[idx].store(val, Relaxed);
            }
            if r == 0 {
                break;
            }
            r = (r - 1) & free;
        }
    }

    /// The updates of the new edge `base`: every new clique base + D, D a clique of the
    /// common neighbourhood `common` of its ends (D empty included).
    fn update(&self, base: u32, common: u32) {
        self.new_clique(base, 2);
        for_each_clique(self.adj, base, 2, common, &mut |nc, size| {
            self.new_clique(nc, size)
        });
    }
}

/// h(T) = max over cliques C containing T, |C| >= 2, of C(|C|,2) + f(V \ C) (0 if none).
fn superset_maxima(k: usize, full: u32, f: &[AtomicU8], clique: &[bool], h: &mut Vec<u8>) {
    let size = 1usize << k;
    h.clear();
    h.extend((0..size).map(|c| {
        if clique[c] && c.count_ones() >= 2 {
            within(c.count_ones()) + f[(full as usize) & !c].load(Relaxed)
        } else {
            0
        }
    }));
    for b in 0..k {
        let step = 1usize << b;
        for block in h.chunks_exact_mut(2 * step) {
            let (lo, hi) = block.split_at_mut(step);
            for (x, &y) in lo.iter_mut().zip(hi.iter()) {
                *x = (*x).max(y);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pairs of k vertices in combinations order.
    fn all_pairs(k: usize) -> Vec<(usize, usize)> {
        (0..k)
            .flat_map(|a| (a + 1..k).map(move |b| (a, b)))
            .collect()
    }

    /// Adjacency masks of the graph whose edges are the pairs selected by the bits of `edges`.
    fn graph(k: usize, edges: u32) -> [u32; 32] {
        let mut adj = [0u32; 32];
        for (j, &(a, b)) in all_pairs(k).iter().enumerate() {
            if edges >> j & 1 == 1 {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            }
        }
        adj
    }

    fn is_clique(adj: &[u32; 32], s: u32) -> bool {
        (0..32).all(|v| s >> v & 1 == 0 || s & !(1 << v) & !adj[v] == 0)
    }

    /// f(S) by its definition: the largest sum of C(|B|, 2) over the partitions of S into
    /// cliques B (the block of the lowest vertex, then a partition of the rest).
    fn plain_f(k: usize, adj: &[u32; 32]) -> Vec<u8> {
        let mut f = vec![0u8; 1 << k];
        for s in 1..1u32 << k {
            let low = s & s.wrapping_neg();
            let rest = s & !low;
            let mut best = 0;
            let mut d = rest;
            loop {
                let block = low | d;
                if is_clique(adj, block) {
                    best = best.max(within(block.count_ones()) + f[(s & !block) as usize]);
                }
                if d == 0 {
                    break;
                }
                d = (d - 1) & rest;
            }
            f[s as usize] = best;
        }
        f
    }

    /// The tables after adding the edges of `edges` one by one, as `apv` does. With `split`,
    /// each edge's f updates run once per membership pattern of the split vertices, each on
    /// its own copy of f, and every entry a pattern changes must be one it owns.
    fn built(k: usize, edges: u32, split: u32) -> (Vec<AtomicU8>, Vec<bool>, [u32; 32]) {
        let f: Vec<AtomicU8> = (0..1usize << k).map(|_| AtomicU8::new(0)).collect();
        let mut clique = vec![false; 1 << k];
        clique[0] = true;
        for v in 0..k {
            clique[1 << v] = true;
        }
        let mut adj = [0u32; 32];
        let full = ((1usize << k) - 1) as u32;
        for (j, &(a, b)) in all_pairs(k).iter().enumerate() {
            if edges >> j & 1 == 0 {
                continue;
            }
            if split == 0 {
                add_edge((a, b), &mut adj, k, false, &f, &mut clique);
                continue;
            }
            // add_edge's split path, with the patterns run one after the other.
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
            let base = 1u32 << a | 1u32 << b;
            let common = adj[a] & adj[b];
            clique[base as usize] = true;
            for_each_clique(&adj, base, 2, common, &mut |nc, _| {
                clique[nc as usize] = true
            });
            let split = split & !base;
            let before = loaded(&f);
            for i in 0..1u32 << split.count_ones() {
                let pattern = deposit(i, split);
                let own: Vec<AtomicU8> = before.iter().map(|&x| AtomicU8::new(x)).collect();
                let part = Part {
                    f: &own,
                    adj: &adj,
                    full,
                    split,
                    pattern,
                };
                part.update(base, common);
                for (idx, (x, &old)) in loaded(&own).iter().zip(&before).enumerate() {
                    if *x != old {
                        assert_eq!(idx as u32 & split, pattern, "a write outside the part");
                        f[idx].store(*x, Relaxed);
                    }
                }
            }
        }
        (f, clique, adj)
    }

    fn loaded(f: &[AtomicU8]) -> Vec<u8> {
        f.iter().map(|x| x.load(Relaxed)).collect()
    }

    #[test]
    fn deposit_places_the_bits_on_the_mask() {
        assert_eq!(deposit(0b000, 0b10110), 0);
        assert_eq!(deposit(0b001, 0b10110), 0b00010);
        assert_eq!(deposit(0b010, 0b10110), 0b00100);
        assert_eq!(deposit(0b101, 0b10110), 0b10010);
        assert_eq!(deposit(0b111, 0b10110), 0b10110);
        assert_eq!(deposit(0b1000, 0b10110), 0); // bits beyond the mask's are dropped
        assert_eq!(deposit(u32::MAX, 1 << 31), 1 << 31);
        // The i-th subset of the mask in increasing order, for every mask of 10 bits.
        for mask in 0..1u32 << 10 {
            let mut sub = 0u32;
            for i in 0..1u32 << mask.count_ones() {
                assert_eq!(deposit(i, mask), sub, "i = {i}, mask = {mask:#b}");
                sub = sub.wrapping_sub(mask) & mask;
            }
            assert_eq!(sub, 0); // the walk came back round: every subset was visited
        }
    }

    #[test]
    fn for_each_clique_lists_a_small_graph() {
        // A triangle 0-1-2 with a pendant vertex 3 on 2.
        let mut adj = [0u32; 32];
        for (a, b) in [(0, 1), (0, 2), (1, 2), (2, 3)] {
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
        let mut seen = Vec::new();
        for_each_clique(&adj, 0, 0, 0b1111, &mut |c, size| seen.push((c, size)));
        seen.sort_unstable();
        let expected = [
            (0b0001, 1),
            (0b0010, 1),
            (0b0011, 2),
            (0b0100, 1),
            (0b0101, 2),
            (0b0110, 2),
            (0b0111, 3),
            (0b1000, 1),
            (0b1100, 2),
        ];
        assert_eq!(seen, expected);
        // From the edge (0, 2): its common neighbourhood is {1}.
        let mut seen = Vec::new();
        for_each_clique(&adj, 0b0101, 2, adj[0] & adj[2], &mut |c, size| {
            seen.push((c, size))
        });
        assert_eq!(seen, [(0b0111, 3)]);
    }

    #[test]
    fn for_each_clique_visits_every_larger_clique_once() {
        // Every graph on 5 vertices, from every edge: the cliques strictly containing it.
        let k = 5;
        for edges in 0..1u32 << 10 {
            let adj = graph(k, edges);
            for (a, b) in all_pairs(k) {
                if adj[a] >> b & 1 == 0 {
                    continue;
                }
                let base = 1u32 << a | 1u32 << b;
                let mut seen = Vec::new();
                for_each_clique(&adj, base, 2, adj[a] & adj[b], &mut |c, size| {
                    assert_eq!(size, c.count_ones());
                    seen.push(c);
                });
                seen.sort_unstable();
                let expected: Vec<u32> = (0..1u32 << k)
                    .filter(|&s| s & base == base && s != base && is_clique(&adj, s))
                    .collect();
                assert_eq!(seen, expected, "graph {edges:#b}, edge ({a}, {b})");
            }
        }
    }

    #[test]
    fn edge_updates_give_the_best_clique_partitions() {
        // Hand-checked: the path 0-1-2 has f = 1 on {0,1}, {1,2} and {0,1,2}.
        let (f, clique, _) = built(3, 0b101, 0); // pairs (0,1), (0,2), (1,2): (0,1) and (1,2)
        assert_eq!(loaded(&f), [0, 0, 0, 1, 0, 0, 1, 1]);
        assert_eq!(clique, [true, true, true, true, true, false, true, false]);
        // Every graph on 5 vertices against the definition.
        let k = 5;
        for edges in 0..1u32 << 10 {
            let adj = graph(k, edges);
            let (f, clique, built_adj) = built(k, edges, 0);
            assert_eq!(built_adj, adj);
            assert_eq!(loaded(&f), plain_f(k, &adj), "graph {edges:#b}");
            let cliques: Vec<bool> = (0..1u32 << k).map(|s| is_clique(&adj, s)).collect();
            assert_eq!(clique, cliques, "graph {edges:#b}");
        }
    }

    #[test]
    fn split_updates_equal_the_sequential_ones() {
        // Graphs on 7 vertices (every 37th of the 2^21), split on five vertices as apv does.
        let k = 7;
        for edges in (0..1u32 << 21).step_by(37 * 37 * 7) {
            let (f, _, adj) = built(k, edges, 0);
            let (g, _, _) = built(k, edges, 0b1111100);
            assert_eq!(loaded(&f), loaded(&g), "graph {edges:#b}");
            assert_eq!(loaded(&f), plain_f(k, &adj), "graph {edges:#b}");
        }
    }

    #[test]
    fn superset_maxima_of_the_clique_values() {
        // Hand-checked on the path 0-1-2: each edge C gives C(2,2) + f(V \ C) = 1 + 0; no
        // clique holds {0, 2}.
        let (f, clique, _) = built(3, 0b101, 0);
        let mut h = Vec::new();
        superset_maxima(3, 0b111, &f, &clique, &mut h);
        assert_eq!(h, [1, 1, 1, 1, 1, 0, 1, 0]);
        // Every graph on 5 vertices: h(T) = max over cliques C >= T, |C| >= 2, of
        // C(|C|,2) + f(V \ C), else 0.
        let (k, full) = (5, 0b11111u32);
        for edges in 0..1u32 << 10 {
            let (f, clique, adj) = built(k, edges, 0);
            superset_maxima(k, full, &f, &clique, &mut h);
            let plain = plain_f(k, &adj);
            for t in 0..1u32 << k {
                let expected = (0..1u32 << k)
                    .filter(|&c| c & t == t && c.count_ones() >= 2 && is_clique(&adj, c))
                    .map(|c| within(c.count_ones()) + plain[(full & !c) as usize])
                    .max()
                    .unwrap_or(0);
                assert_eq!(h[t as usize], expected, "graph {edges:#b}, T = {t:#b}");
            }
        }
    }
}
