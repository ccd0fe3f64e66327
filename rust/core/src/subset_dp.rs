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
//! Per threshold, a dynamic program over the subsets of each connected component of G_t
//! gives f(S) = max sum of C(|B|, 2) over the clique partitions of S (the block holding the
//! lowest vertex of S is a clique C, the rest is f(S \ C)); then
//! M_(a,b)(t) = max over cliques C containing a and b of C(|C|, 2) + f(V \ C).
//! Thresholds are visited in decreasing order and skipped when t * (number of edges of
//! G_t) cannot raise the running APV of any pair (APVs are capped at 1).

use rayon::prelude::*;

/// Buffers reused across thresholds and families.
#[derive(Default)]
pub(crate) struct Scratch {
    f: Vec<u8>,
    h: Vec<u8>,
    cliques: Vec<(u32, u8)>,
    local: Vec<u8>,
}

/// One threshold still to evaluate: t, the number of edges of G_t (a prefix of the
/// descending order) and the pairs whose APV it may raise.
struct Task {
    t: f64,
    n_edges: usize,
    targets: Vec<usize>,
}

/// Unclipped-then-capped Bergmann-Hommel APVs of one family into `out`.
/// `pairs` lists the pairs of k algorithms; `threads` > 1 evaluates that many
/// thresholds at once.
pub(crate) fn apv(
    p: &[f64],
    pairs: &[(usize, usize)],
    k: usize,
    threads: usize,
    scratch: &mut Scratch,
    out: &mut [f64],
) {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_unstable_by(|&a, &b| p[b].total_cmp(&p[a]));
    out.fill(0.0);
    let mut pending: Vec<Task> = Vec::new();
    let mut pos = 0;
    while pos < m {
        let t = p[order[pos]];
        let mut end = pos + 1;
        while end < m && p[order[end]] == t {
            end += 1;
        }
        pos = end;
        if end == m {
            // G_t is complete: one block holds all m pairs.
            let v = t * m as f64;
            for b in out.iter_mut() {
                if v > *b {
                    *b = v;
                }
            }
            continue;
        }
        let bound = t * end as f64;
        let targets: Vec<usize> = order[..end]
            .iter()
            .copied()
            .filter(|&i| out[i] < 1.0 && bound > out[i])
            .collect();
        if targets.is_empty() {
            continue;
        }
        pending.push(Task {
            t,
            n_edges: end,
            targets,
        });
        if pending.len() >= threads {
            flush(&mut pending, &order, pairs, k, scratch, out);
        }
    }
    flush(&mut pending, &order, pairs, k, scratch, out);
    for b in out.iter_mut() {
        // Also turns -0.0 into 0.0, as the enumeration does.
        *b = if *b > 1.0 { 1.0 } else { *b + 0.0 };
    }
}

/// Evaluates the pending thresholds (in parallel when there are several) and raises the
/// APVs of their targets.
fn flush(
    pending: &mut Vec<Task>,
    order: &[usize],
    pairs: &[(usize, usize)],
    k: usize,
    scratch: &mut Scratch,
    out: &mut [f64],
) {
    let results: Vec<Vec<u8>> = match pending.len() {
        0 => return,
        1 => vec![max_pairs(
            &order[..pending[0].n_edges],
            &pending[0].targets,
            pairs,
            k,
            scratch,
        )],
        _ => pending
            .par_iter()
            .map_init(Scratch::default, |s, task| {
                max_pairs(&order[..task.n_edges], &task.targets, pairs, k, s)
            })
            .collect(),
    };
    for (task, ms) in pending.iter().zip(results) {
        for (&i, &mi) in task.targets.iter().zip(&ms) {
            let v = task.t * f64::from(mi);
            if v > out[i] {
                out[i] = v;
            }
        }
    }
    pending.clear();
}

/// M_i(t) for each target pair i, G_t having the pairs `edges` as edges.
fn max_pairs(
    edges: &[usize],
    targets: &[usize],
    pairs: &[(usize, usize)],
    k: usize,
    s: &mut Scratch,
) -> Vec<u8> {
    let mut adj = [0u32; 32];
    for &j in edges {
        let (a, b) = pairs[j];
        adj[a] |= 1 << b;
        adj[b] |= 1 << a;
    }
    // Connected components with at least one edge; f is additive over them.
    let mut comp_of = [usize::MAX; 32];
    let mut comps: Vec<u32> = Vec::new();
    let mut seen = 0u32;
    for v in 0..k {
        if seen >> v & 1 == 1 || adj[v] == 0 {
            continue;
        }
        let (mut comp, mut frontier) = (1u32 << v, 1u32 << v);
        while frontier != 0 {
            let u = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = adj[u] & !comp;
            comp |= new;
            frontier |= new;
        }
        seen |= comp;
        let mut c = comp;
        while c != 0 {
            comp_of[c.trailing_zeros() as usize] = comps.len();
            c &= c - 1;
        }
        comps.push(comp);
    }
    let mut totals = vec![0u8; comps.len()];
    let mut result = vec![0u8; targets.len()];
    for (ci, &comp) in comps.iter().enumerate() {
        // Vertices in ascending order of degree: cliques through the low (early) vertices
        // are the costly ones in the DP, so they should be few.
        let mut verts: Vec<usize> = Vec::with_capacity(k);
        let mut c = comp;
        while c != 0 {
            verts.push(c.trailing_zeros() as usize);
            c &= c - 1;
        }
        verts.sort_by_key(|&v| (adj[v].count_ones(), v));
        let mut local_of = [0usize; 32];
        for (l, &v) in verts.iter().enumerate() {
            local_of[v] = l;
        }
        let ladj: Vec<u32> = verts
            .iter()
            .map(|&v| {
                let mut bits = adj[v];
                let mut out = 0u32;
                while bits != 0 {
                    out |= 1 << local_of[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                out
            })
            .collect();
        let want: Vec<(usize, usize, usize)> = targets
            .iter()
            .enumerate()
            .filter(|&(_, &i)| comp_of[pairs[i].0] == ci)
            .map(|(r, &i)| {
                let (a, b) = (local_of[pairs[i].0], local_of[pairs[i].1]);
                (r, a.min(b), a.max(b))
            })
            .collect();
        totals[ci] = solve_component(&ladj, &want, s, &mut result);
    }
    let total: u32 = totals.iter().map(|&x| u32::from(x)).sum();
    for (r, &i) in targets.iter().enumerate() {
        let ci = comp_of[pairs[i].0];
        // Pairs of other components add their best partition.
        result[r] = (u32::from(result[r]) + total - u32::from(totals[ci])) as u8;
    }
    result
}

/// C(s, 2) as a u8 (s <= 22).
fn within(s: u32) -> u8 {
    (s * s.saturating_sub(1) / 2) as u8
}

/// DP over the subsets of one connected component (local adjacency `ladj`, n vertices):
/// returns f(all) and writes max over cliques C containing (a, b) of C(|C|,2) + f(rest)
/// into `result[r]` for each wanted `(r, a, b)`, a < b.
fn solve_component(
    ladj: &[u32],
    want: &[(usize, usize, usize)],
    s: &mut Scratch,
    result: &mut [u8],
) -> u8 {
    let n = ladj.len();
    let full: u32 = (1u32 << n) - 1;
    if (0..n).all(|v| ladj[v] | 1 << v == full) {
        // A clique: one block.
        let w = within(n as u32);
        for &(r, _, _) in want {
            result[r] = w;
        }
        return w;
    }
    let size = 1usize << n;
    let f = &mut s.f;
    f.clear();
    f.resize(size, 0);
    s.cliques.clear();
    let mut pair_cost = 0usize;
    for v in (0..n).rev() {
        let bit = 1u32 << v;
        let shift = v + 1;
        // {v} alone: f({v} + R) = f(R) for R above v.
        for j in 0..(size >> shift) {
            let r = j << shift;
            f[r | bit as usize] = f[r];
        }
        let higher = full & !((bit << 1) - 1);
        grow(f, &mut s.cliques, ladj, higher, bit, 1, ladj[v] & higher);
    }
    for &(_, sz) in &s.cliques {
        pair_cost += usize::from(within(u32::from(sz)));
    }
    let f = &s.f;
    let total = f[full as usize];
    if want.is_empty() {
        return total;
    }
    let g = |c: u32, sz: u8| within(u32::from(sz)) + f[(full & !c) as usize];
    if pair_cost <= n << (n - 1) {
        // Direct: every clique updates the pairs inside it.
        let local = &mut s.local;
        local.clear();
        local.resize(n * n, 0);
        for &(c, sz) in &s.cliques {
            let val = g(c, sz);
            let mut bits = c;
            while bits != 0 {
                let a = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut rest = bits;
                while rest != 0 {
                    let b = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let e = &mut local[a * n + b];
                    if val > *e {
                        *e = val;
                    }
                }
            }
        }
        for &(r, a, b) in want {
            result[r] = local[a * n + b];
        }
    } else {
        // Superset maximum over all cliques, then read the pairs.
        let h = &mut s.h;
        h.clear();
        h.resize(size, 0);
        for &(c, sz) in &s.cliques {
            h[c as usize] = g(c, sz);
        }
        for b in 0..n {
            let step = 1usize << b;
            for base in (0..size).step_by(2 * step) {
                let (lo, hi) = h[base..base + 2 * step].split_at_mut(step);
                for (x, &y) in lo.iter_mut().zip(hi.iter()) {
                    if y > *x {
                        *x = y;
                    }
                }
            }
        }
        for &(r, a, b) in want {
            result[r] = h[(1usize << a) | (1usize << b)];
        }
    }
    total
}

/// Extends the clique `clique` (lowest vertex v, `size` vertices) by each candidate in
/// turn; every clique of two or more vertices updates f(clique + R) for R above v.
fn grow(
    f: &mut [u8],
    cliques: &mut Vec<(u32, u8)>,
    ladj: &[u32],
    higher: u32,
    clique: u32,
    size: u8,
    cand: u32,
) {
    let mut c = cand;
    while c != 0 {
        let u = c.trailing_zeros();
        c &= c - 1;
        let nc = clique | 1 << u;
        let ns = size + 1;
        let w = within(u32::from(ns));
        let free = higher & !nc;
        let mut r = free;
        loop {
            let idx = (nc | r) as usize;
            let val = w + f[r as usize];
            if val > f[idx] {
                f[idx] = val;
            }
            if r == 0 {
                break;
            }
            r = (r - 1) & free;
        }
        cliques.push((nc, ns));
        let next = c & ladj[u as usize];
        if next != 0 {
            grow(f, cliques, ladj, higher, nc, ns, next);
        }
    }
}
