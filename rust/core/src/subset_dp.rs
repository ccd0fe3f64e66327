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
//! sum_C 2^(k - |C|) < 3^k steps, and a clique skips the R that hold a vertex it dominates
//! (one adjacent to all of it that a best partition with the largest block of a and b puts
//! in no other block, [`crate::updates`]), which on nearly complete graphs leaves few
//! steps. At a threshold,
//! M_(a,b)(t) = max over cliques C containing a and b of C(|C|,2) + f(V \ C), read off a
//! superset-maximum transform over the clique table or, when few cliques contain the wanted
//! pairs, by enumerating those cliques. A threshold is skipped when t times the number of
//! edges of G_t cannot raise the APV of any pair still below 1 (every APV starts at the
//! last threshold's t_min * m, [`crate::thresholds::scan`]).
//!
//! The table is brought up to date only when an exact count needs it: a pair whose greedy
//! partition of G_t already lifts t * M to 1 is settled (its APV is 1), and near the end,
//! where G_t is nearly complete, the counts come from the complement of G_t when that is
//! cheaper than the pending updates ([`crate::dense`]; the updates' steps are bounded as
//! the edges come and counted when the bounds do not decide). The
//! edges wait, in order, until a count needs the table; the table then is the one the
//! updates edge by edge would have built, so the counts, and the APVs, are the same.
//!
//! A family computed alone spreads its counts by the complement over the rayon threads, one
//! pair per task, and splits the updates of a large edge over them ([`crate::updates`]).

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use crate::dense;
use crate::interrupt::Interrupt;
use crate::thresholds;
use crate::updates::{self, add_edge, bounds, for_each_clique};

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
    /// The new cliques of an edge with their dominated vertices ([`crate::updates`]).
    cliques: Vec<(u32, u32)>,
}

// The pair counts C(|S|, 2) of the tables are bytes.
const _: () = assert!(crate::MAX_K * (crate::MAX_K - 1) / 2 <= u8::MAX as usize);

/// C(s, 2) as a u8 (s <= [`crate::MAX_K`]).
pub(crate) fn within(s: u32) -> u8 {
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
    let mut pending = Pending::default();
    // The steps of a query by the transform.
    let query = k * size;
    let mut exact: Vec<usize> = Vec::new();
    thresholds::scan(p, stop, out, |t, new, all_targets, out| {
        for &j in new {
            let (a, b) = pairs[j];
            graph[a] |= 1 << b;
            graph[b] |= 1 << a;
            pending.push(&graph, j, (a, b), k);
        }
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
        if by_complement < query
            || pending.costs_more_than(by_complement - query, pairs, k, stop, &mut s.cliques)
        {
            let counts = dense::counts(&graph, targets, pairs, full, parallel, &mut s.dense);
            for (&i, &count) in targets.iter().zip(&counts) {
                raise(out, i, t, count);
            }
            return;
        }
        for &j in &pending.edges {
            if stop.is_raised() {
                return;
            }
            add_edge(
                pairs[j],
                &mut adj,
                k,
                parallel,
                &s.f,
                &mut s.clique,
                &mut s.cliques,
            );
        }
        pending.clear(&adj);
        by_tables(t, targets, pairs, &adj, k, s, out);
    });
}

/// The edges of G_t that the tables have not taken yet (in order), and the steps of their
/// f updates: bounded cheaply as the edges come (at least one step per new clique, at most
/// 2^(k - |C|) per new clique C), counted exactly ([`updates::list`]) only when the bounds
/// do not decide.
#[derive(Default)]
struct Pending {
    edges: Vec<usize>,
    /// The new cliques of the edges: a lower bound of their steps.
    cliques: usize,
    /// The steps without domination: an upper bound.
    plain: usize,
    /// How many of the edges are counted exactly, their steps, and the tables' graph with
    /// them.
    priced: usize,
    steps: usize,
    graph: [u32; 32],
}

impl Pending {
    /// Adds the edge j = (a, b) of `graph` (G_t with it; k vertices).
    fn push(&mut self, graph: &[u32; 32], j: usize, (a, b): (usize, usize), k: usize) {
        self.edges.push(j);
        let (cliques, plain) = bounds(graph, 1 << (k - 2), graph[a] & graph[b]);
        self.cliques += cliques;
        self.plain += plain;
    }

    /// Whether the updates of the edges take more than `steps` steps (`pairs`: the pairs
    /// of the k vertices; `cliques`: scratch). Once `stop` is raised, false (the caller's
    /// next check returns).
    fn costs_more_than(
        &mut self,
        steps: usize,
        pairs: &[(usize, usize)],
        k: usize,
        stop: &Interrupt,
        cliques: &mut Vec<(u32, u32)>,
    ) -> bool {
        if self.cliques > steps {
            return true;
        }
        if self.plain <= steps {
            return false;
        }
        while let Some(&j) = self.edges.get(self.priced) {
            if stop.is_raised() {
                return false;
            }
            let (a, b) = pairs[j];
            self.graph[a] |= 1 << b;
            self.graph[b] |= 1 << a;
            self.steps += updates::list(&self.graph, (a, b), k, cliques);
            self.priced += 1;
        }
        self.steps > steps
    }

    /// Empties the list once the tables (of the graph `adj`) have taken the edges.
    fn clear(&mut self, adj: &[u32; 32]) {
        *self = Self {
            edges: std::mem::take(&mut self.edges),
            graph: *adj,
            ..Self::default()
        };
        self.edges.clear();
    }
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
    use crate::updates::tests::{built, is_clique, plain_f};

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

    #[test]
    fn pending_edges_cost_what_their_updates_count() {
        // Random edge orders on 9 vertices: whatever the question, and however the tables
        // lag, the answer is the exact count's.
        let (k, pairs) = (9, crate::pairs::pairs(9));
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut cliques = Vec::new();
        for _ in 0..20 {
            let mut order: Vec<usize> = (0..pairs.len()).collect();
            for i in (1..order.len()).rev() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                order.swap(i, (x % (i as u64 + 1)) as usize);
            }
            let mut graph = [0u32; 32];
            let mut pending = Pending::default();
            let mut exact = 0;
            for (n, &j) in order.iter().enumerate() {
                let (a, b) = pairs[j];
                graph[a] |= 1 << b;
                graph[b] |= 1 << a;
                pending.push(&graph, j, (a, b), k);
                exact += updates::list(&graph, (a, b), k, &mut cliques);
                for steps in [0, exact / 2, exact - 1, exact, exact + 1, 4 * exact] {
                    let more = pending.costs_more_than(
                        steps,
                        &pairs,
                        k,
                        &Interrupt::default(),
                        &mut cliques,
                    );
                    assert_eq!(more, exact > steps, "edge {n}, {steps} steps");
                }
                if n % 7 == 6 {
                    pending.clear(&graph); // the tables take the edges
                    exact = 0;
                }
            }
        }
    }
}
