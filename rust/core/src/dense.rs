//! Counts of the subset DP of Bergmann-Hommel ([`crate::subset_dp`]) that need no table over
//! the 2^k vertex subsets: for the graph G_t of a threshold and a pair (a, b) of its edges,
//! M_(a,b) is the largest number of within-block pairs of a partition of the k algorithms
//! into cliques of G_t with a and b in one block.
//!
//! * [`greedy`] builds one such partition: a lower bound of M_(a,b), which settles the pair
//!   when t times it reaches 1 (its APV is then 1 whatever the exact count).
//! * [`by_complement`] computes M_(a,b) exactly from the complement H of G_t, the pairs below
//!   the threshold, when few algorithms touch them (the last thresholds, where G_t is nearly
//!   complete and the table's updates cost most). The cliques of G_t are the independent sets
//!   of H. An algorithm that no edge of H touches is adjacent to every other in G_t; in a best
//!   partition all of them share one block (moving one from a block of s to a block of
//!   s' >= s vertices gains s' - s + 1 pairs), the largest one. So with W the algorithms that
//!   H touches, a and b merged into one vertex of weight 2 (which keeps them together), and
//!   F the f = |F| others:
//!
//!   M_(a,b) = max over independent sets Q of W of C(|Q| + f, 2) + g(W \ Q),
//!
//!   g(S) the best partition of S into independent sets (sizes counted with the weights),
//!   a subset DP over W alone: 3^|W| steps.

use rayon::prelude::*;

/// C(s, 2).
fn within(s: u32) -> u32 {
    s * s.saturating_sub(1) / 2
}

/// The within-block pairs of a clique partition of `graph` (vertex set `full`) with a and b
/// in one block, built greedily: a lower bound of M_(a,b).
pub(crate) fn greedy(graph: &[u32; 32], (a, b): (usize, usize), full: u32) -> u32 {
    let base = 1u32 << a | 1u32 << b;
    let mut rest = full & !base;
    let mut total = grow(graph, 2, graph[a] & graph[b] & rest, &mut rest);
    while rest != 0 {
        let v = densest(graph, rest);
        rest &= !(1 << v);
        total += grow(graph, 1, graph[v as usize] & rest, &mut rest);
    }
    total
}

/// The vertex of `cand` adjacent to most others of `cand`.
fn densest(graph: &[u32; 32], cand: u32) -> u32 {
    let (mut best, mut degree, mut bits) = (cand.trailing_zeros(), 0, cand);
    while bits != 0 {
        let v = bits.trailing_zeros();
        bits &= bits - 1;
        let d = (graph[v as usize] & cand).count_ones();
        if d > degree {
            (best, degree) = (v, d);
        }
    }
    best
}

/// Grows a clique of `size` vertices from the candidates `cand` (adjacent to all of it),
/// removing those taken from `rest`; C(final size, 2).
fn grow(graph: &[u32; 32], mut size: u32, mut cand: u32, rest: &mut u32) -> u32 {
    while cand != 0 {
        let v = densest(graph, cand);
        size += 1;
        cand &= graph[v as usize];
        *rest &= !(1 << v);
    }
    within(size)
}

/// The vertices of W for the pair (a, b): those the complement of `graph` (vertex set
/// `full`) touches, and a, without b (merged into a).
pub(crate) fn touched(graph: &[u32; 32], (a, b): (usize, usize), full: u32) -> u32 {
    let mut w = 1u32 << a;
    let mut bits = full;
    while bits != 0 {
        let v = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if full & !(1u32 << v) & !graph[v] != 0 {
            w |= 1 << v;
        }
    }
    w & !(1u32 << b)
}

/// Tables of [`by_complement`], reused across pairs.
#[derive(Default)]
pub(crate) struct Tables {
    /// Weighted size of each subset of W, or `u32::MAX` when it is not independent in H.
    size: Vec<u32>,
    /// g(S), the best partition of S into independent sets.
    g: Vec<u32>,
}

/// [`by_complement`] of the pairs `targets` (indices into `pairs`), in order; `parallel`:
/// spread the pairs over the rayon threads (each thread with its own tables).
pub(crate) fn counts(
    graph: &[u32; 32],
    targets: &[usize],
    pairs: &[(usize, usize)],
    full: u32,
    parallel: bool,
    tables: &mut Tables,
) -> Vec<u32> {
    if parallel {
        targets
            .par_iter()
            .map_init(Tables::default, |own, &i| {
                by_complement(graph, pairs[i], full, own)
            })
            .collect()
    } else {
        targets
            .iter()
            .map(|&i| by_complement(graph, pairs[i], full, tables))
            .collect()
    }
}

/// M_(a,b) of `graph` (vertex set `full`) by its complement (see the module's text); W
/// (= [`touched`]) of at most 31 vertices, 3^|W| steps.
pub(crate) fn by_complement(
    graph: &[u32; 32],
    (a, b): (usize, usize),
    full: u32,
    tables: &mut Tables,
) -> u32 {
    let w = touched(graph, (a, b), full);
    let free = (full & !w & !(1u32 << b)).count_ones();
    let vertices: Vec<usize> = (0..32).filter(|&v| w >> v & 1 == 1).collect();
    let n = vertices.len();
    // The complement's adjacency within W (b's edges go to a), and the weights.
    let local = |set: u32| {
        let set = if set >> b & 1 == 1 { set | 1 << a } else { set };
        vertices
            .iter()
            .enumerate()
            .fold(0u32, |acc, (x, &v)| acc | u32::from(set >> v & 1 == 1) << x)
    };
    let missing = |v: usize| full & !(1u32 << v) & !graph[v];
    let h: Vec<u32> = vertices
        .iter()
        .map(|&v| {
            local(if v == a {
                missing(a) | missing(b)
            } else {
                missing(v)
            })
        })
        .collect();
    let weight = |x: usize| if vertices[x] == a { 2 } else { 1 };
    let count = 1usize << n;
    tables.size.clear();
    tables.size.resize(count, 0);
    tables.g.clear();
    tables.g.resize(count, 0);
    for s in 1..count {
        let low = s.trailing_zeros() as usize;
        let rest = s & (s - 1);
        let below = tables.size[rest];
        tables.size[s] = if below == u32::MAX || h[low] as usize & rest != 0 {
            u32::MAX
        } else {
            below + weight(low)
        };
        // g(S): the block of its lowest vertex, then the rest.
        let mut best = 0;
        let mut d = rest;
        loop {
            let block = (s ^ rest) | d;
            let size = tables.size[block];
            if size != u32::MAX {
                best = best.max(within(size) + tables.g[s & !block]);
            }
            if d == 0 {
                break;
            }
            d = (d - 1) & rest;
        }
        tables.g[s] = best;
    }
    let all = count - 1;
    (0..count)
        .filter(|&q| tables.size[q] != u32::MAX)
        .map(|q| within(tables.size[q] + free) + tables.g[all & !q])
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Adjacency masks of the graph on k vertices whose edges are the pairs selected by the
    /// bits of `edges` (pairs in combinations order).
    fn graph(k: usize, edges: u64) -> [u32; 32] {
        let mut adj = [0u32; 32];
        let mut j = 0;
        for a in 0..k {
            for b in a + 1..k {
                if edges >> j & 1 == 1 {
                    adj[a] |= 1 << b;
                    adj[b] |= 1 << a;
                }
                j += 1;
            }
        }
        adj
    }

    fn is_clique(adj: &[u32; 32], s: u32) -> bool {
        (0..32).all(|v| s >> v & 1 == 0 || s & !(1 << v) & !adj[v] == 0)
    }

    /// M_(a,b) by its definition: the best partition into cliques, the block of a holding b.
    fn plain(adj: &[u32; 32], set: u32, pair: Option<(usize, usize)>) -> u32 {
        if set == 0 {
            return 0;
        }
        let low = set & set.wrapping_neg();
        let rest = set & !low;
        let mut best = None;
        let mut d = rest;
        loop {
            let block = low | d;
            let keeps = pair.is_none_or(|(a, b)| (block >> a & 1) == (block >> b & 1));
            if keeps && is_clique(adj, block) {
                let v = within(block.count_ones()) + plain(adj, set & !block, pair);
                best = Some(best.map_or(v, |x: u32| x.max(v)));
            }
            if d == 0 {
                break;
            }
            d = (d - 1) & rest;
        }
        best.unwrap_or(0)
    }

    #[test]
    fn complement_and_greedy_against_the_definition() {
        // Every graph on 5 vertices, and dense random graphs on 7, every edge as the pair.
        let mut tables = Tables::default();
        let mut graphs: Vec<(usize, u64)> = (0..1u64 << 10).map(|e| (5, e)).collect();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..300 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            graphs.push((7, x | x >> 21 | x >> 42)); // about 7 in 8 edges
        }
        for (k, edges) in graphs {
            let adj = graph(k, edges);
            let full = (1u32 << k) - 1;
            for a in 0..k {
                for b in a + 1..k {
                    if adj[a] >> b & 1 == 0 {
                        continue;
                    }
                    let exact = plain(&adj, full, Some((a, b)));
                    let found = by_complement(&adj, (a, b), full, &mut tables);
                    assert_eq!(found, exact, "k = {k}, graph {edges:#b}, pair ({a}, {b})");
                    assert!(greedy(&adj, (a, b), full) <= exact);
                }
            }
        }
    }

    #[test]
    fn counts_in_parallel_equal_the_counts_one_by_one() {
        // A dense graph on 9 vertices (about 7 in 8 edges), every edge as a target.
        let (k, full) = (9, (1u32 << 9) - 1);
        let adj = graph(k, 0x2545_F491_4F6C_DD1D | 0x2545_F491_4F6C_DD1D >> 21);
        let pairs: Vec<(usize, usize)> = (0..k)
            .flat_map(|a| (a + 1..k).map(move |b| (a, b)))
            .filter(|&(a, b)| adj[a] >> b & 1 == 1)
            .collect();
        let targets: Vec<usize> = (0..pairs.len()).rev().collect();
        let mut tables = Tables::default();
        let one_by_one: Vec<u32> = targets
            .iter()
            .map(|&i| by_complement(&adj, pairs[i], full, &mut tables))
            .collect();
        assert!(targets.len() > 20);
        assert_eq!(
            counts(&adj, &targets, &pairs, full, false, &mut tables),
            one_by_one
        );
        assert_eq!(
            counts(&adj, &targets, &pairs, full, true, &mut tables),
            one_by_one
        );
    }

    #[test]
    fn greedy_is_exact_on_a_complete_graph_and_counts_touched_vertices() {
        let k = 6;
        let complete = graph(k, (1 << 15) - 1);
        assert_eq!(greedy(&complete, (1, 4), 0b111111), 15);
        assert_eq!(touched(&complete, (1, 4), 0b111111), 0b10);
        let mut missing = complete;
        missing[0] &= !(1 << 5);
        missing[5] &= !1;
        assert_eq!(touched(&missing, (1, 4), 0b111111), 0b100011);
        assert_eq!(touched(&missing, (0, 1), 0b111111), 0b100001);
    }
}
