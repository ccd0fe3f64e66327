//! The table updates of the subset DP of Bergmann-Hommel ([`crate::subset_dp`]) for one new
//! edge (a, b): f(C + R) >= C(|C|,2) + f(R) for every new clique C (a clique holding a and
//! b) and every R outside C. The f(R) read never hold both a and b, so no update of the
//! edge writes them: the updates may run in any order, and in parallel.
//!
//! Domination. Walking every R outside every new clique costs sum_C 2^(k - |C|) steps; most
//! of them cannot win. Take a subset S holding a and b, and among the best partitions of S
//! into cliques with a and b in one block, one whose block C of a and b is largest. Let
//! E be the vertices outside C adjacent to all of it, and B another block meeting E in
//! T. Moving T into C (C + T is a clique) changes the count by
//! C(|C| + |T|, 2) + C(|B| - |T|, 2) - C(|C|, 2) - C(|B|, 2) = |T| (|C| - |B| + |T|), which
//! must be negative (zero would give a best partition with a larger block of a and b), so
//! |B \ T| > |C|: B holds a clique of |C| + 1 vertices outside C and E, all adjacent to
//! the vertices of T. So a vertex v of E whose neighbours outside C and E hold no clique of
//! |C| + 1 vertices is in no other block of that partition: it is dominated, and the
//! candidate C(|C|,2) + f(S \ C) that gives f(S) has no dominated vertex in S \ C. So C
//! need only walk the R that avoid its dominated vertices, and the table is the same. On a
//! nearly complete graph few vertices lie outside C and E, nearly all of E is dominated,
//! and the walks shrink from 2^(k - |C|) steps to a few.
//!
//! Parallel split: each task owns the subsets S with one membership pattern on five
//! vertices other than a and b, so tasks write disjoint entries of f and read only
//! entries without a and b, which no task writes.

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use crate::subset_dp::within;

/// An edge whose f updates take more steps than this is split over the threads (when the
/// family is computed alone).
const PARALLEL_WORK: usize = 1 << 18;

/// Number of vertices whose membership splits the subsets S among parallel tasks.
const SPLIT_BITS: usize = 5;

/// Adds the edge (a, b) to `adj` and `clique` and raises f by the partitions that use one
/// of its new cliques {a, b} + D, D a clique of the common neighbourhood of a and b.
/// `cliques`: scratch for the new cliques and their dominated vertices.
pub(crate) fn add_edge(
    (a, b): (usize, usize),
    adj: &mut [u32; 32],
    k: usize,
    parallel: bool,
    f: &[AtomicU8],
    clique: &mut [bool],
    cliques: &mut Vec<(u32, u32)>,
) {
    adj[a] |= 1 << b;
    adj[b] |= 1 << a;
    let base = 1u32 << a | 1u32 << b;
    let full = ((1usize << k) - 1) as u32;
    let work = list(adj, (a, b), k, cliques);
    for &(c, _) in cliques.iter() {
        clique[c as usize] = true;
    }
    if parallel && k > SPLIT_BITS + 2 && work > PARALLEL_WORK {
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
                full,
                split,
                pattern,
            };
            part.update(cliques);
        });
    } else {
        let part = Part {
            f,
            full,
            split: 0,
            pattern: 0,
        };
        part.update(cliques);
    }
}

/// Lists the new cliques of the edge (a, b) of `adj` (k vertices) with their dominated
/// vertices into `cliques`; returns the steps of their f updates.
pub(crate) fn list(
    adj: &[u32; 32],
    (a, b): (usize, usize),
    k: usize,
    cliques: &mut Vec<(u32, u32)>,
) -> usize {
    let common = adj[a] & adj[b];
    let full = ((1usize << k) - 1) as u32;
    cliques.clear();
    new_cliques(adj, full, 1 << a | 1 << b, 2, common, common, cliques);
    cliques
        .iter()
        .map(|&(c, dominated)| 1usize << (k - (c | dominated).count_ones() as usize))
        .sum()
}

/// Pushes the clique c of `size` vertices with its dominated vertices (see the module's
/// text), then the cliques c + D, D a nonempty clique of `cand`, each once (D grows in
/// increasing vertex order). `ext`: the vertices adjacent to all of c.
fn new_cliques(
    adj: &[u32; 32],
    full: u32,
    c: u32,
    size: u32,
    ext: u32,
    cand: u32,
    out: &mut Vec<(u32, u32)>,
) {
    let other = full & !c & !ext;
    let mut dominated = 0;
    let mut test = ext;
    while test != 0 {
        let v = test.trailing_zeros() as usize;
        test &= test - 1;
        if !has_clique(adj, adj[v] & other, size + 1) {
            dominated |= 1 << v;
        }
    }
    out.push((c, dominated));
    let mut rest = cand;
    while rest != 0 {
        let u = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let next = adj[u];
        new_cliques(
            adj,
            full,
            c | 1 << u,
            size + 1,
            ext & next,
            rest & next,
            out,
        );
    }
}

/// Whether the vertices `set` hold a clique of `n` vertices.
fn has_clique(adj: &[u32; 32], set: u32, n: u32) -> bool {
    if n <= 1 {
        return n == 0 || set != 0;
    }
    let mut rest = set;
    while rest.count_ones() >= n {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if has_clique(adj, rest & adj[v], n - 1) {
            return true;
        }
    }
    false
}

/// The cliques c + D, D a clique of `cand` (candidates adjacent to all of a clique c of
/// `steps` = 2^(k - |c|) steps), and the sum of their 2^(k - |c + D|) steps.
pub(crate) fn bounds(adj: &[u32; 32], steps: usize, cand: u32) -> (usize, usize) {
    let (mut cliques, mut plain) = (1, steps);
    let mut rest = cand;
    while rest != 0 {
        let u = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (n, s) = bounds(adj, steps >> 1, rest & adj[u]);
        cliques += n;
        plain += s;
    }
    (cliques, plain)
}

/// Calls `visit(c + D, size + |D|)` for every nonempty clique D of `cand` (candidates
/// adjacent to all of the clique c of `size` vertices), each once (D grows in increasing
/// vertex order).
pub(crate) fn for_each_clique(
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
    full: u32,
    split: u32,
    pattern: u32,
}

impl Part<'_> {
    /// The new clique c: f(c + R) >= C(|c|,2) + f(R) for R outside c and `dominated`.
    fn new_clique(&self, c: u32, dominated: u32) {
        if c & self.split & !self.pattern != 0 || dominated & self.pattern != 0 {
            return;
        }
        let w = within(c.count_ones());
        let fixed = self.pattern & !c;
        let free = self.full & !c & !self.split & !dominated;
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

    /// The updates of the new cliques `cliques` (with their dominated vertices).
    fn update(&self, cliques: &[(u32, u32)]) {
        for &(c, dominated) in cliques {
            self.new_clique(c, dominated);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The pairs of k vertices in combinations order.
    fn all_pairs(k: usize) -> Vec<(usize, usize)> {
        (0..k)
            .flat_map(|a| (a + 1..k).map(move |b| (a, b)))
            .collect()
    }

    /// Adjacency masks of the graph whose edges are the pairs selected by the bits of `edges`.
    fn graph(k: usize, edges: u64) -> [u32; 32] {
        let mut adj = [0u32; 32];
        for (j, &(a, b)) in all_pairs(k).iter().enumerate() {
            if edges >> j & 1 == 1 {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            }
        }
        adj
    }

    pub(crate) fn is_clique(adj: &[u32; 32], s: u32) -> bool {
        (0..32).all(|v| s >> v & 1 == 0 || s & !(1 << v) & !adj[v] == 0)
    }

    /// f(S) by its definition: the largest sum of C(|B|, 2) over the partitions of S into
    /// cliques B (the block of the lowest vertex, then a partition of the rest).
    pub(crate) fn plain_f(k: usize, adj: &[u32; 32]) -> Vec<u8> {
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

    /// The tables after adding the edges of `edges` one by one, as the subset DP does. With
    /// `split`, each edge's f updates run once per membership pattern of the split vertices,
    /// each on its own copy of f, and every entry a pattern changes must be one it owns.
    pub(crate) fn built(k: usize, edges: u32, split: u32) -> (Vec<AtomicU8>, Vec<bool>, [u32; 32]) {
        let f: Vec<AtomicU8> = (0..1usize << k).map(|_| AtomicU8::new(0)).collect();
        let mut clique = vec![false; 1 << k];
        clique[0] = true;
        for v in 0..k {
            clique[1 << v] = true;
        }
        let mut adj = [0u32; 32];
        let mut cliques = Vec::new();
        let full = ((1usize << k) - 1) as u32;
        for (j, &(a, b)) in all_pairs(k).iter().enumerate() {
            if edges >> j & 1 == 0 {
                continue;
            }
            if split == 0 {
                add_edge((a, b), &mut adj, k, false, &f, &mut clique, &mut cliques);
                continue;
            }
            // add_edge's split path, with the patterns run one after the other.
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
            list(&adj, (a, b), k, &mut cliques);
            for &(c, _) in &cliques {
                clique[c as usize] = true;
            }
            let split = split & !(1 << a | 1 << b);
            let before = loaded(&f);
            for i in 0..1u32 << split.count_ones() {
                let pattern = deposit(i, split);
                let own: Vec<AtomicU8> = before.iter().map(|&x| AtomicU8::new(x)).collect();
                let part = Part {
                    f: &own,
                    full,
                    split,
                    pattern,
                };
                part.update(&cliques);
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

    /// A xorshift generator for random graphs.
    fn next(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    /// A random graph on k vertices: each pair an edge with probability 1 - 2^-(ors + 1).
    fn random_graph(k: usize, x: &mut u64, ors: usize) -> (u64, [u32; 32]) {
        let mut edges = next(x);
        for _ in 0..ors {
            edges |= next(x);
        }
        (edges, graph(k, edges))
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
    fn the_new_cliques_are_every_clique_through_the_edge_once() {
        // Every graph on 5 vertices, from every edge: for_each_clique gives the cliques
        // strictly containing it, list those and the edge itself, bounds counts them.
        let k = 5;
        let mut cliques = Vec::new();
        for edges in 0..1u32 << 10 {
            let adj = graph(k, edges.into());
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
                list(&adj, (a, b), k, &mut cliques);
                let mut listed: Vec<u32> = cliques.iter().map(|&(c, _)| c).collect();
                listed.sort_unstable();
                seen.insert(0, base);
                assert_eq!(listed, seen, "graph {edges:#b}, edge ({a}, {b})");
                // Their number and their steps without domination.
                let plain = seen
                    .iter()
                    .map(|c| 1 << (k - c.count_ones() as usize))
                    .sum();
                let found = bounds(&adj, 1 << (k - 2), adj[a] & adj[b]);
                assert_eq!(
                    found,
                    (seen.len(), plain),
                    "graph {edges:#b}, edge ({a}, {b})"
                );
            }
        }
    }

    #[test]
    fn dominated_vertices_follow_their_definition() {
        // Random graphs on 9 vertices of every density: a vertex v adjacent to all of the new
        // clique C is dominated iff its neighbours adjacent to some vertex of C hold no
        // clique of |C| + 1 vertices; brute force over the subsets.
        let (k, full) = (9, 0x1ffu32);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut cliques = Vec::new();
        for round in 0..400 {
            let (edges, mut adj) = random_graph(k, &mut x, round % 4); // 1/2 to 15/16 of pairs
            let (a, b) = all_pairs(k)[(next(&mut x) % 36) as usize];
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
            let work = list(&adj, (a, b), k, &mut cliques);
            let mut steps = 0;
            for &(c, dominated) in &cliques {
                let ext = (0..k).filter(|&v| c >> v & 1 == 0 && c & !adj[v] == 0);
                let other = (0..k).filter(|&u| c >> u & 1 == 0 && c & !adj[u] != 0);
                let other = other.fold(0u32, |acc, u| acc | 1 << u);
                let mut expected = 0u32;
                for v in ext {
                    let near = adj[v] & other;
                    let size = c.count_ones() + 1;
                    let found = (0..=full)
                        .any(|q| q & !near == 0 && q.count_ones() == size && is_clique(&adj, q));
                    if !found {
                        expected |= 1 << v;
                    }
                }
                assert_eq!(dominated, expected, "graph {edges:#b}, clique {c:#b}");
                steps += 1usize << (k - (c | dominated).count_ones() as usize);
            }
            assert_eq!(work, steps);
        }
    }

    #[test]
    fn the_last_edge_of_a_complete_graph_walks_no_subset() {
        // Every vertex outside a clique C of K_k is adjacent to all of it: no vertex can
        // lie in a larger block with C's non-neighbours, so C is dominated everywhere but at
        // R empty, one step per new clique.
        let k = 12;
        let mut adj = [0u32; 32];
        for (v, row) in adj.iter_mut().enumerate().take(k) {
            *row = ((1u32 << k) - 1) & !(1 << v);
        }
        let mut cliques = Vec::new();
        assert_eq!(list(&adj, (3, 7), k, &mut cliques), 1 << (k - 2));
    }

    #[test]
    fn edge_updates_give_the_best_clique_partitions() {
        // Hand-checked: the path 0-1-2 has f = 1 on {0,1}, {1,2} and {0,1,2}.
        let (f, clique, _) = built(3, 0b101, 0); // pairs (0,1), (0,2), (1,2): (0,1) and (1,2)
        assert_eq!(loaded(&f), [0, 0, 0, 1, 0, 0, 1, 1]);
        assert_eq!(clique, [true, true, true, true, true, false, true, false]);
        // Every graph on 6 vertices against the definition.
        let k = 6;
        for edges in 0..1u32 << 15 {
            let adj = graph(k, edges.into());
            let (f, clique, built_adj) = built(k, edges, 0);
            assert_eq!(built_adj, adj);
            assert_eq!(loaded(&f), plain_f(k, &adj), "graph {edges:#b}");
            let cliques: Vec<bool> = (0..1u32 << k).map(|s| is_clique(&adj, s)).collect();
            assert_eq!(clique, cliques, "graph {edges:#b}");
        }
        // Random graphs on 10 vertices, from sparse to nearly complete.
        let k = 10;
        let mut x = 0x5851_F42D_4C95_7F2Du64;
        for round in 0..24 {
            let (edges, adj) = random_graph(k, &mut x, round % 6);
            let f: Vec<AtomicU8> = (0..1usize << k).map(|_| AtomicU8::new(0)).collect();
            let (mut clique, mut cliques) = (vec![false; 1 << k], Vec::new());
            let mut growing = [0u32; 32];
            for (a, b) in all_pairs(k)
                .into_iter()
                .filter(|&(a, b)| adj[a] >> b & 1 == 1)
            {
                add_edge((a, b), &mut growing, k, true, &f, &mut clique, &mut cliques);
            }
            assert_eq!(loaded(&f), plain_f(k, &adj), "graph {edges:#b}");
        }
    }

    #[test]
    fn split_updates_equal_the_sequential_ones() {
        // Graphs on 7 vertices (every 37th of the 2^21), split on five vertices as add_edge
        // does, and dense random graphs on 8.
        let k = 7;
        for edges in (0..1u32 << 21).step_by(37 * 37 * 7) {
            let (f, _, adj) = built(k, edges, 0);
            let (g, _, _) = built(k, edges, 0b1111100);
            assert_eq!(loaded(&f), loaded(&g), "graph {edges:#b}");
            assert_eq!(loaded(&f), plain_f(k, &adj), "graph {edges:#b}");
        }
        let k = 8;
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..60 {
            let edges = (next(&mut x) | next(&mut x) | next(&mut x)) as u32 & 0x0fff_ffff;
            let (f, _, adj) = built(k, edges, 0);
            let (g, _, _) = built(k, edges, 0b1111_1000);
            assert_eq!(loaded(&f), loaded(&g), "graph {edges:#b}");
            assert_eq!(loaded(&f), plain_f(k, &adj), "graph {edges:#b}");
        }
    }
}
