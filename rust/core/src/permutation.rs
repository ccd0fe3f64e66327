//! Monte Carlo permutation tails of the rank tests of the Friedman family, permuting the
//! scores within each data set (the loop of the Python engine
//! `multicomp.ranktests.permutation`, which explains the statistics).
//!
//! The input is a table W of N data sets x k algorithms in integer units (ranks times 4).
//! A resample permutes each row of W at random, independently; its column totals C*_j give
//! S* = sum_j C*_j^2 (every registered omnibus statistic of the built-in tests increases
//! with S given the rows' multisets) and the k(k-1)/2 differences |C*_a - C*_b| (the
//! post-hoc pairs, which share one null distribution). A draw counts, over `n_resamples`
//! resamples, those with S* >= S (S of the observed column totals, given: the table may be
//! passed in a canonical order of its rows and of each row's values, which leaves the
//! resamples' distribution as it is) and, for each observed gap g of a sorted list, the
//! (resample, pair) couples with |C*_a - C*_b| >= g: one draw serves the omnibus test and
//! its post-hoc.
//!
//! Several tables of the same scores may be drawn together (the within-row scores of several
//! rank tests): each resample then applies one permutation of each row to every table (the
//! same arrangement of the same row index), counts S* >= S for each table and the pairs of
//! the first. The random stream does not depend on the values nor on the number of tables, so
//! each table's counts are those of its own draw with the same seed.
//!
//! Reproducible on any number of threads: the resamples are cut into blocks of [`BLOCK`];
//! block b draws from the xoshiro256++ stream seeded by `seed` and jumped b times
//! (2^128 values apart), starting from W itself, and the counts of the blocks are summed
//! (integers: the order of the sum does not matter). A row is permuted by one of its k!
//! arrangements drawn at once (k <= 8), by two halves arranged so (k <= 16) or by
//! Fisher-Yates; the random indices are drawn several at a time from one 64-bit word (exact
//! rejection; Brackett-Rozinsky & Lemire 2024, Softw. Pract. Exp., "Batched ranged random
//! integer generation").
//!
//! Up to k = 16 a row's permutation is one word of 4-bit positions (read from a list, or
//! from the subset and the halves' arrangements composed, in advance up to k = 10), and
//! the rows are read two columns at a time: each row is stored as its 256 pairs of values
//! (less the row's least value, so that the two 32-bit sums of a word never carry into
//! each other) and one byte of the word picks a pair. The lists and the compositions are
//! built once per process.

use rand_xoshiro::rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use std::sync::OnceLock;

use crate::error::{CoreError, Result};
use crate::interrupt::Interrupt;

/// Resamples per block of one random stream: the unit of parallel work.
pub const BLOCK: usize = 1024;

/// Largest |W_ij| accepted: column totals and their squares then fit i64 and i128 for any
/// table that fits in memory.
pub const MAX_VALUE: i64 = 1 << 40;

/// Largest observed gap that is looked up in a table (one u32 per value); larger gaps are
/// found by binary search.
const MAX_LOOKUP: i64 = 1 << 22;

/// The counts of a draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draw {
    /// For each table: resamples with S* >= S.
    pub at_least: Vec<u64>,
    /// For each gap g_j given: (resample, pair) couples of the first table with
    /// |C*_a - C*_b| >= g_j.
    pub pairs_at_least: Vec<u64>,
}

/// T tables (T = `totals.len() / k`, at least one) of the same `n_rows` x `k` shape stacked
/// in `table`, values in [-MAX_VALUE, MAX_VALUE], k >= 2, each table's k observed totals
/// within n_rows MAX_VALUE, and gaps that are non-negative and strictly increasing.
pub fn check_draw(table: &[i64], k: usize, totals: &[i64], gaps: &[i64]) -> Result<()> {
    let bad = |detail: String| Err(CoreError::BadTable { detail });
    if k < 2 {
        return Err(CoreError::TooFewAlgorithms { k: k as i64 });
    }
    if totals.is_empty() || totals.len() % k != 0 {
        return bad(format!(
            "expected k = {k} observed column totals per table, got {} values",
            totals.len()
        ));
    }
    let width = totals.len(); // k values per row of each table
    if table.is_empty() || table.len() % width != 0 {
        return bad(format!(
            "{} values do not make {} tables of rows of k = {k} (at least one row)",
            table.len(),
            width / k
        ));
    }
    if let Some(v) = table.iter().find(|v| v.abs() > MAX_VALUE) {
        return bad(format!("value {v} is beyond +-2^40"));
    }
    let most = MAX_VALUE.saturating_mul((table.len() / width) as i64);
    if totals.iter().any(|t| t.abs() > most) {
        return bad(format!(
            "expected observed column totals within the rows' range, got {totals:?}"
        ));
    }
    if gaps.first().is_some_and(|&g| g < 0) || gaps.windows(2).any(|w| w[0] >= w[1]) {
        return bad("gaps must be non-negative and strictly increasing".into());
    }
    Ok(())
}

/// The counts of `n_resamples` resamples of the tables stacked in `table` (rows of `k`;
/// [`check_draw`] first) against their observed column `totals` (k per table), drawn from
/// `seed`; blocks in parallel on the current rayon pool when `parallel` (the
/// counts are the same either way). `stop` is checked at every resample.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    table: &[i64],
    k: usize,
    totals: &[i64],
    gaps: &[i64],
    n_resamples: usize,
    seed: u64,
    parallel: bool,
    stop: &Interrupt,
) -> Result<Draw> {
    check_draw(table, k, totals, gaps)?;
    let observed = totals.chunks_exact(k).map(sum_of_squares).collect();
    let plan = Plan::new(table, k, observed, gaps);
    let mut streams = Vec::with_capacity(n_resamples.div_ceil(BLOCK));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for start in (0..n_resamples).step_by(BLOCK) {
        streams.push((rng.clone(), BLOCK.min(n_resamples - start)));
        rng.jump();
    }
    let total = if parallel {
        streams
            .into_par_iter()
            .map(|(rng, size)| plan.block(rng, size, stop))
            .reduce(|| plan.empty(), Draw::add)
    } else {
        streams
            .into_iter()
            .map(|(rng, size)| plan.block(rng, size, stop))
            .fold(plan.empty(), Draw::add)
    };
    stop.check()?;
    Ok(total)
}

impl Draw {
    fn add(mut self, other: Draw) -> Draw {
        for (a, b) in self.at_least.iter_mut().zip(other.at_least) {
            *a += b;
        }
        for (a, b) in self.pairs_at_least.iter_mut().zip(other.pairs_at_least) {
            *a += b;
        }
        self
    }
}

/// What every block shares: the tables, their S, the gaps and how a row is permuted.
struct Plan<'a> {
    tables: Vec<&'a [i64]>,
    /// For k <= 16: the tables' rows as a packed permutation reads them.
    packed: Option<Packed>,
    k: usize,
    observed: Vec<i128>,
    gaps: &'a [i64],
    /// lookup[v] = the number of gaps <= v, for v <= the largest gap (when small enough).
    lookup: Vec<u32>,
    rows: Rows,
}

/// How a row is permuted: by one of its k! arrangements drawn at once (small k), by a
/// split into two halves each arranged at once (up to twice that k), or by Fisher-Yates.
enum Rows {
    Arranged(Arranged),
    Halves(&'static Halves),
    FisherYates(Vec<Batch>),
}

/// Largest k whose k! arrangements are listed (40,320 x 8 bytes).
const MAX_K_ARRANGED: usize = 8;

impl<'a> Plan<'a> {
    fn new(table: &'a [i64], k: usize, observed: Vec<i128>, gaps: &'a [i64]) -> Self {
        let tables: Vec<&[i64]> = table.chunks_exact(table.len() / observed.len()).collect();
        let n_rows = tables[0].len() / k;
        let lookup = match gaps.last() {
            Some(&top) if top <= MAX_LOOKUP => (0..=top)
                .map(|v| gaps.partition_point(|&g| g <= v) as u32)
                .collect(),
            _ => Vec::new(),
        };
        Self {
            packed: (k <= 2 * MAX_K_ARRANGED).then(|| Packed::new(&tables, k)),
            tables,
            k,
            observed,
            gaps,
            lookup,
            rows: if k <= MAX_K_ARRANGED {
                Rows::Arranged(Arranged::new(k, n_rows))
            } else if k <= 2 * MAX_K_ARRANGED {
                Rows::Halves(Halves::of(k))
            } else {
                Rows::FisherYates(batches(k))
            },
        }
    }

    fn empty(&self) -> Draw {
        Draw {
            at_least: vec![0; self.tables.len()],
            pairs_at_least: vec![0; self.gaps.len()],
        }
    }

    /// `size` resamples from `rng`, starting from the table itself.
    fn block(&self, mut rng: Xoshiro256PlusPlus, size: usize, stop: &Interrupt) -> Draw {
        let k = self.k;
        // Fisher-Yates shuffles copies of the tables in place, resample after resample
        let mut shuffled: Vec<Vec<i64>> = match self.rows {
            Rows::FisherYates(_) => self.tables.iter().map(|t| t.to_vec()).collect(),
            _ => Vec::new(),
        };
        let mut totals = vec![0i64; k * self.tables.len()];
        let mut scratch = Scratch::new(self.tables[0].len() / k, &self.rows);
        // bins[j] = couples whose |difference| has exactly j gaps at or below it
        let mut bins = vec![0u64; self.gaps.len() + 1];
        let mut at_least = vec![0; self.tables.len()];
        for _ in 0..size {
            if stop.is_raised() {
                break;
            }
            match &self.rows {
                Rows::Arranged(arranged) => {
                    arranged.draw(&mut scratch.positions, &mut scratch.indices, &mut rng)
                }
                Rows::Halves(halves) => {
                    halves.draw(&mut scratch.positions, &mut scratch.indices, &mut rng)
                }
                Rows::FisherYates(batches) => {
                    for batch in batches {
                        batch.shuffle(&mut shuffled, k, &mut scratch, &mut rng);
                    }
                    totals.fill(0);
                    for (table, sums) in shuffled.iter().zip(totals.chunks_exact_mut(k)) {
                        table.chunks_exact(k).for_each(|row| add_row(sums, row));
                    }
                }
            }
            if let Some(packed) = &self.packed {
                packed.add(k, &mut totals, &scratch.positions);
            }
            let sums = totals.chunks_exact(k).map(sum_of_squares);
            for ((count, s), observed) in at_least.iter_mut().zip(sums).zip(&self.observed) {
                *count += u64::from(s >= *observed);
            }
            if !self.gaps.is_empty() {
                self.count_pairs(&mut totals[..k], &mut bins);
            }
        }
        let mut pairs_at_least = vec![0; self.gaps.len()];
        let mut above = 0;
        for j in (0..self.gaps.len()).rev() {
            above += bins[j + 1];
            pairs_at_least[j] = above;
        }
        Draw {
            at_least,
            pairs_at_least,
        }
    }

    /// Adds each pair's |C*_a - C*_b| to the bin of the number of gaps at or below it
    /// (may sort `totals`).
    fn count_pairs(&self, totals: &mut [i64], bins: &mut [u64]) {
        if let Some(top) = self.lookup.len().checked_sub(1) {
            // every difference looked up, those above the largest gap as the largest: no branch
            for (a, &first) in totals.iter().enumerate() {
                for &second in &totals[a + 1..] {
                    let gap = (first - second).unsigned_abs().min(top as u64);
                    bins[self.lookup[gap as usize] as usize] += 1;
                }
            }
            return;
        }
        totals.sort_unstable();
        let top = *self.gaps.last().unwrap_or(&0);
        let last = self.gaps.len();
        for a in 0..totals.len() {
            for b in a + 1..totals.len() {
                let gap = totals[b] - totals[a];
                if gap > top {
                    // the totals are sorted: the rest of this row is above every gap
                    bins[last] += (totals.len() - b) as u64;
                    break;
                }
                bins[self.gaps.partition_point(|&g| g <= gap)] += 1;
            }
        }
    }
}

fn add_row(totals: &mut [i64], row: &[i64]) {
    for (total, value) in totals.iter_mut().zip(row) {
        *total += value;
    }
}

fn sum_of_squares(totals: &[i64]) -> i128 {
    totals.iter().map(|&c| i128::from(c) * i128::from(c)).sum()
}

/// A permutation of at most 16 positions packed in 4-bit nibbles: nibble j is the position
/// in the row of the value that goes to column j.
fn pack(order: &[u8]) -> u64 {
    order
        .iter()
        .rev()
        .fold(0, |word, &at| word << 4 | u64::from(at))
}

/// The `n` nibbles of `source` at the positions of the first `n` nibbles of `order`.
#[inline(always)]
fn compose(source: u64, order: u64, n: usize) -> u64 {
    (0..n).fold(0, |out, j| {
        let at = order >> (4 * j) & 15;
        out | (source >> (4 * at) & 15) << (4 * j)
    })
}

/// The k! arrangements of k <= [`MAX_K_ARRANGED`] positions in the order of
/// [`permutations`], packed (listed once per process).
fn arrangements(k: usize) -> &'static [u32] {
    static LISTS: [OnceLock<Vec<u32>>; MAX_K_ARRANGED + 1] =
        [const { OnceLock::new() }; MAX_K_ARRANGED + 1];
    LISTS[k].get_or_init(|| {
        let mut orders = Vec::new();
        let mut order: Vec<u8> = (0..k as u8).collect();
        permutations(&mut order, 0, &mut orders);
        orders.chunks_exact(k).map(|o| pack(o) as u32).collect()
    })
}

/// The k! arrangements of k positions, for k <= [`MAX_K_ARRANGED`], and the
/// batches that draw the arrangement indices of several rows from one 64-bit word (as many
/// as fit, and the rest of the rows).
struct Arranged {
    orders: &'static [u32],
    batch: Batch,
    rest: Option<Batch>,
}

impl Arranged {
    fn new(k: usize, n_rows: usize) -> Self {
        let orders = arrangements(k);
        let count = orders.len() as u64;
        let mut per_word = 1;
        while count.checked_pow(per_word + 1).is_some() {
            per_word += 1;
        }
        let batch = Batch::new(vec![count; per_word as usize], count.pow(per_word));
        let left = (n_rows % per_word as usize) as u32;
        let rest = (left > 0).then(|| Batch::new(vec![count; left as usize], count.pow(left)));
        Self {
            orders,
            batch,
            rest,
        }
    }

    /// Draws each row's arrangement (`indices`: one per row) into `positions`.
    fn draw(&self, positions: &mut [u64], indices: &mut [usize], rng: &mut impl RngCore) {
        for chunk in indices.chunks_mut(self.batch.bounds.len()) {
            match &self.rest {
                Some(rest) if chunk.len() < self.batch.bounds.len() => rest.draw::<64>(rng, chunk),
                _ => self.batch.draw::<64>(rng, chunk),
            }
        }
        for (row, &at) in positions.iter_mut().zip(indices.iter()) {
            *row = u64::from(self.orders[at]);
        }
    }
}

/// Largest k whose halves' arrangements are composed with every subset in advance
/// (C(10, 5) 5! u32 per half: 121 KB each).
const MAX_K_COMPOSED: usize = 10;

/// A uniform permutation of k positions, MAX_K_ARRANGED < k <= 2 MAX_K_ARRANGED, as a
/// uniform choice of the h = ceil(k/2) values of the first h positions (one of C(k, h)
/// subsets, listed with their complements) and a uniform arrangement of each half: each
/// permutation is reached by exactly one choice.
struct Halves {
    k: usize,
    h: usize,
    /// Subset s: its h values, then the k - h others, packed.
    subsets: Vec<u64>,
    /// The arrangements of the h positions of the first half and of the k - h of the second.
    first: &'static [u32],
    second: &'static [u32],
    /// Up to k = [`MAX_K_COMPOSED`]: the positions of the first half for subset s and
    /// arrangement a at s h! + a, and of the second half likewise.
    composed: Option<[Vec<u32>; 2]>,
    batch: Batch,
}

impl Halves {
    /// The permutations of k positions (built once per process).
    fn of(k: usize) -> &'static Self {
        static PLANS: [OnceLock<Halves>; 2 * MAX_K_ARRANGED + 1] =
            [const { OnceLock::new() }; 2 * MAX_K_ARRANGED + 1];
        PLANS[k].get_or_init(|| Self::new(k))
    }

    fn new(k: usize) -> Self {
        let h = k.div_ceil(2);
        let mut subsets = Vec::new();
        for mask in 0u32..1 << k {
            if mask.count_ones() as usize == h {
                let (inside, outside): (Vec<u8>, Vec<u8>) =
                    (0..k as u8).partition(|&v| mask >> v & 1 == 1);
                subsets.push(pack(&[inside, outside].concat()));
            }
        }
        let (first, second) = (arrangements(h), arrangements(k - h));
        let composed = (k <= MAX_K_COMPOSED).then(|| {
            let half = |orders: &[u32], shift: usize, n: usize| -> Vec<u32> {
                let each = |&s: &u64| {
                    orders
                        .iter()
                        .map(move |&o| compose(s >> shift, o.into(), n))
                };
                subsets.iter().flat_map(each).map(|p| p as u32).collect()
            };
            [half(first, 0, h), half(second, 4 * h, k - h)]
        });
        let counts = [subsets.len(), first.len(), second.len()].map(|c| c as u64);
        Self {
            k,
            h,
            subsets,
            first,
            second,
            composed,
            batch: Batch::new(counts.to_vec(), counts.iter().product()),
        }
    }

    /// Draws each row's permutation (`indices`: three per row) into `positions`.
    fn draw(&self, positions: &mut [u64], indices: &mut [usize], rng: &mut impl RngCore) {
        for drawn in indices.chunks_exact_mut(3) {
            self.batch.draw::<64>(rng, drawn);
        }
        let rows = positions.iter_mut().zip(indices.chunks_exact(3));
        let shift = 4 * self.h;
        match &self.composed {
            Some([first, second]) => {
                let (a, b) = (self.first.len(), self.second.len());
                for (row, drawn) in rows {
                    let low = first[drawn[0] * a + drawn[1]];
                    let high = second[drawn[0] * b + drawn[2]];
                    *row = u64::from(low) | u64::from(high) << shift;
                }
            }
            None => match self.k {
                11 => self.compose_rows::<6, 5>(positions, indices),
                12 => self.compose_rows::<6, 6>(positions, indices),
                13 => self.compose_rows::<7, 6>(positions, indices),
                14 => self.compose_rows::<7, 7>(positions, indices),
                15 => self.compose_rows::<8, 7>(positions, indices),
                _ => self.compose_rows::<8, 8>(positions, indices),
            },
        }
    }

    /// Each row's permutation from its subset and arrangements (`indices`: three per row),
    /// H = h and R = k - h known when compiled.
    fn compose_rows<const H: usize, const R: usize>(
        &self,
        positions: &mut [u64],
        indices: &[usize],
    ) {
        for (row, drawn) in positions.iter_mut().zip(indices.chunks_exact(3)) {
            let subset = self.subsets[drawn[0]];
            let low = compose(subset, self.first[drawn[1]].into(), H);
            let high = compose(subset >> (4 * H), self.second[drawn[2]].into(), R);
            *row = low | high << (4 * H);
        }
    }
}

/// Largest number of rows (over all tables) read two columns at a time (2 KiB each: at
/// most the 2 MiB of a level-2 cache; 300 x 8 then runs in 0.64 of the time of one column
/// at a time, against 0.88 with a quarter of it).
const MAX_PAIRED_ROWS: usize = 1024;

/// The rows of the tables as a packed permutation reads them (k <= 16).
enum Packed {
    /// Two columns per read: for row r and a byte b of a permutation (positions lo, hi),
    /// `pairs[256 r + b]` = (W_r[lo] - m_r) + 2^32 (W_r[hi] - m_r), m_r the row's least
    /// value, and `offsets` the sum of m_r of each table. For few rows whose ranges add up
    /// below 2^32 in each table: the two sums then never carry into each other.
    Pairs { pairs: Vec<u64>, offsets: Vec<i64> },
    /// One column per read: the rows padded with zeros to a power of two P >= k (a position
    /// below P needs no bounds check).
    Padded(Vec<i64>),
}

impl Packed {
    fn new(tables: &[&[i64]], k: usize) -> Self {
        let rows = || tables.iter().flat_map(|t| t.chunks_exact(k));
        let range = |row: &[i64]| {
            let (low, high) = (row.iter().min(), row.iter().max());
            high.zip(low).map_or(0, |(h, l)| (h - l) as u64)
        };
        let fits = tables.iter().all(|t| {
            let mut ranges = t.chunks_exact(k).map(range);
            ranges
                .try_fold(0u64, |sum, r| sum.checked_add(r))
                .is_some_and(|s| s < 1 << 32)
        });
        if fits && rows().count() <= MAX_PAIRED_ROWS {
            let mut pairs = Vec::with_capacity(rows().count() * 256);
            for row in rows() {
                let least = row.iter().copied().min().unwrap_or(0);
                let value = |at: usize| row.get(at).map_or(0, |&v| (v - least) as u64);
                pairs.extend((0..256).map(|b| value(b & 15) | value(b >> 4) << 32));
            }
            let least = |t: &&[i64]| {
                t.chunks_exact(k)
                    .map(|r| r.iter().min().unwrap_or(&0))
                    .sum()
            };
            let offsets = tables.iter().map(least).collect();
            return Self::Pairs { pairs, offsets };
        }
        let width = k.next_power_of_two();
        let mut padded = vec![0; rows().count() * width];
        for (row, out) in rows().zip(padded.chunks_exact_mut(width)) {
            out[..k].copy_from_slice(row);
        }
        Self::Padded(padded)
    }

    /// Sets the k `totals` of each table to the sum of its rows, each permuted by its packed
    /// `positions` (the same for a row index in every table).
    fn add(&self, k: usize, totals: &mut [i64], positions: &[u64]) {
        match self {
            Self::Pairs { pairs, offsets } => {
                let tables = pairs.chunks_exact(positions.len() * 256);
                for ((rows, totals), &offset) in tables.zip(totals.chunks_exact_mut(k)).zip(offsets)
                {
                    match k.div_ceil(2) {
                        1 => add_pairs::<1>(rows, totals, positions, offset),
                        2 => add_pairs::<2>(rows, totals, positions, offset),
                        3 => add_pairs::<3>(rows, totals, positions, offset),
                        4 => add_pairs::<4>(rows, totals, positions, offset),
                        5 => add_pairs::<5>(rows, totals, positions, offset),
                        6 => add_pairs::<6>(rows, totals, positions, offset),
                        7 => add_pairs::<7>(rows, totals, positions, offset),
                        _ => add_pairs::<8>(rows, totals, positions, offset),
                    }
                }
            }
            Self::Padded(padded) => {
                let size = positions.len() * k.next_power_of_two();
                for (rows, totals) in padded.chunks_exact(size).zip(totals.chunks_exact_mut(k)) {
                    match k {
                        2 => add_k::<2, 2>(rows, totals, positions),
                        3 => add_k::<3, 4>(rows, totals, positions),
                        4 => add_k::<4, 4>(rows, totals, positions),
                        5 => add_k::<5, 8>(rows, totals, positions),
                        6 => add_k::<6, 8>(rows, totals, positions),
                        7 => add_k::<7, 8>(rows, totals, positions),
                        8 => add_k::<8, 8>(rows, totals, positions),
                        9 => add_k::<9, 16>(rows, totals, positions),
                        10 => add_k::<10, 16>(rows, totals, positions),
                        11 => add_k::<11, 16>(rows, totals, positions),
                        12 => add_k::<12, 16>(rows, totals, positions),
                        13 => add_k::<13, 16>(rows, totals, positions),
                        14 => add_k::<14, 16>(rows, totals, positions),
                        15 => add_k::<15, 16>(rows, totals, positions),
                        _ => add_k::<16, 16>(rows, totals, positions),
                    }
                }
            }
        }
    }
}

/// [`Packed::add`] of the pairs of one table, M = ceil(k/2) known when compiled: M sums of
/// two columns each, in registers.
fn add_pairs<const M: usize>(rows: &[u64], totals: &mut [i64], positions: &[u64], offset: i64) {
    let mut sums = [0u64; M];
    for (row, &at) in rows.chunks_exact(256).zip(positions) {
        let row: &[u64; 256] = row.try_into().expect("256 pairs per row");
        for (m, sum) in sums.iter_mut().enumerate() {
            *sum += row[(at >> (8 * m)) as usize & 255];
        }
    }
    for (j, total) in totals.iter_mut().enumerate() {
        *total = i64::from((sums[j / 2] >> (32 * (j % 2))) as u32) + offset;
    }
}

/// [`Packed::add`] of the padded rows of one table, K = k and P its padded width known
/// when compiled: the totals stay in registers.
fn add_k<const K: usize, const P: usize>(rows: &[i64], totals: &mut [i64], positions: &[u64]) {
    let mut sums = [0i64; K];
    for (row, &at) in rows.chunks_exact(P).zip(positions) {
        let row: &[i64; P] = row.try_into().expect("rows of P values");
        for (j, sum) in sums.iter_mut().enumerate() {
            *sum += row[(at >> (4 * j)) as usize & (P - 1)];
        }
    }
    totals.copy_from_slice(&sums);
}

/// Appends every arrangement of `order[at..]` (after `order[..at]`) to `out`.
fn permutations(order: &mut [u8], at: usize, out: &mut Vec<u8>) {
    if at + 1 >= order.len() {
        out.extend_from_slice(order);
        return;
    }
    for i in at..order.len() {
        order.swap(at, i);
        permutations(order, at + 1, out);
        order.swap(at, i);
    }
}

/// Per-block buffers: each row's word and indices of one batch of Fisher-Yates, or each
/// row's arrangement indices and packed permutation.
struct Scratch {
    words: Vec<u64>,
    indices: Vec<usize>,
    positions: Vec<u64>,
}

impl Scratch {
    fn new(n_rows: usize, rows: &Rows) -> Self {
        let widest = match rows {
            Rows::FisherYates(batches) => batches.iter().map(|b| b.bounds.len()).max(),
            Rows::Arranged(_) => Some(1),
            Rows::Halves(_) => Some(3),
        };
        Self {
            words: vec![0; n_rows],
            indices: vec![0; n_rows * widest.unwrap_or(0)],
            positions: vec![0; n_rows],
        }
    }
}

/// Consecutive Fisher-Yates bounds whose product fits a 64-bit word.
struct Batch {
    /// The first position it swaps (Fisher-Yates runs from k - 1 down to 1; unused by the
    /// batches of arrangements).
    top: usize,
    bounds: Vec<u64>,
    /// 2^64 mod (product of the bounds): words whose leftover falls below are rejected.
    threshold: u64,
}

/// The Fisher-Yates bounds k, k - 1, ..., 2 in batches whose product fits 64 bits.
fn batches(k: usize) -> Vec<Batch> {
    let mut out: Vec<Batch> = Vec::new();
    let mut bounds: Vec<u64> = Vec::new();
    let mut product: u64 = 1;
    for bound in (2..=k as u64).rev() {
        match product.checked_mul(bound) {
            Some(p) => product = p,
            None => {
                out.push(Batch::new(std::mem::take(&mut bounds), product));
                product = bound;
            }
        }
        bounds.push(bound);
    }
    if !bounds.is_empty() {
        out.push(Batch::new(bounds, product));
    }
    out
}

impl Batch {
    fn new(bounds: Vec<u64>, product: u64) -> Self {
        Self {
            top: bounds[0] as usize - 1,
            bounds,
            threshold: product.wrapping_neg() % product,
        }
    }

    /// Its swaps on every row of each of the `tables` (the same swaps of a row index in
    /// every table): the words of all rows first, then their indices
    /// step by step across the rows (independent multiplications, which the processor
    /// overlaps), then the rare rejected rows again, then the swaps.
    fn shuffle(
        &self,
        tables: &mut [Vec<i64>],
        k: usize,
        scratch: &mut Scratch,
        rng: &mut impl RngCore,
    ) {
        let width = self.bounds.len();
        for word in scratch.words.iter_mut() {
            *word = rng.next_u64();
        }
        for (step, &bound) in self.bounds.iter().enumerate() {
            for (r, word) in scratch.words.iter_mut().enumerate() {
                let product = u128::from(*word) * u128::from(bound);
                scratch.indices[r * width + step] = (product >> 64) as usize;
                *word = product as u64;
            }
        }
        for (r, &left) in scratch.words.iter().enumerate() {
            if left < self.threshold {
                self.draw::<64>(rng, &mut scratch.indices[r * width..(r + 1) * width]);
            }
        }
        for rows in tables.iter_mut() {
            for (row, indices) in rows
                .chunks_exact_mut(k)
                .zip(scratch.indices.chunks_exact(width))
            {
                for (step, &j) in indices.iter().enumerate() {
                    row.swap(self.top - step, j);
                }
            }
        }
    }

    /// Uniform indices `out[i]` in 0..bounds[i], independent, from words of `BITS` bits
    /// (64 in use; fewer in the tests, which enumerate every word; `out` as long as the
    /// bounds): the word times each
    /// bound in turn gives an index (the high part) and the next word (the low part); a
    /// final low part below 2^BITS mod the product of the bounds rejects the word.
    fn draw<const BITS: u32>(&self, rng: &mut impl RngCore, out: &mut [usize]) {
        let threshold = if BITS == 64 {
            self.threshold
        } else {
            let product: u64 = self.bounds.iter().product();
            ((1u128 << BITS) % u128::from(product)) as u64
        };
        loop {
            let word = rng.next_u64() >> (64 - BITS);
            if digits::<BITS>(word, &self.bounds, out) >= threshold {
                return;
            }
        }
    }
}

/// The indices of `word` for `bounds` (into `out`) and the leftover low part.
fn digits<const BITS: u32>(word: u64, bounds: &[u64], out: &mut [usize]) -> u64 {
    let mask = (1u128 << BITS) - 1;
    let mut left = u128::from(word);
    for (bound, index) in bounds.iter().zip(out.iter_mut()) {
        let product = left * u128::from(*bound);
        *index = (product >> BITS) as usize;
        left = product & mask;
    }
    left as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Every word of 8 bits: the accepted ones give each tuple of indices equally often.
    #[test]
    fn batched_indices_are_exactly_uniform() {
        for bounds in [vec![5u64, 4, 3, 2], vec![7, 6], vec![3, 2], vec![16, 15]] {
            let product: u64 = bounds.iter().product();
            let threshold = ((1u128 << 8) % u128::from(product)) as u64;
            let mut seen: HashMap<Vec<usize>, usize> = HashMap::new();
            for word in 0..256u64 {
                let mut out = vec![0; bounds.len()];
                if digits::<8>(word, &bounds, &mut out) >= threshold {
                    assert!(out.iter().zip(&bounds).all(|(&i, &b)| (i as u64) < b));
                    *seen.entry(out).or_default() += 1;
                }
            }
            assert_eq!(seen.len() as u64, product);
            let counts: Vec<_> = seen.values().collect();
            assert!(counts.iter().all(|&&c| c == *counts[0]), "{bounds:?}");
        }
    }

    #[test]
    fn arrangements_are_all_distinct() {
        for k in 2..=MAX_K_ARRANGED {
            let arranged = Arranged::new(k, 100);
            let count: u128 = (1..=k as u128).product();
            let bounds = &arranged.batch.bounds;
            assert!(count.pow(bounds.len() as u32) <= u128::from(u64::MAX));
            assert!(count.pow(bounds.len() as u32 + 1) > u128::from(u64::MAX));
            let mut orders = arranged.orders.to_vec();
            orders.sort();
            orders.dedup();
            assert_eq!(orders.len(), (1..=k).product::<usize>());
            // each a permutation of 0..k
            let mask = |o: &u32| (0..k).fold(0u32, |m, j| m | 1 << (o >> (4 * j) & 15));
            assert!(orders
                .iter()
                .all(|o| mask(o) == (1 << k) - 1 && u64::from(*o) >> (4 * k) == 0));
        }
    }

    #[test]
    fn batches_cover_every_bound_and_fit_a_word() {
        for k in [2, 5, 20, 21, 40, 1000] {
            let all: Vec<u64> = batches(k).iter().flat_map(|b| b.bounds.clone()).collect();
            assert_eq!(all, (2..=k as u64).rev().collect::<Vec<_>>());
            for batch in batches(k) {
                assert!(batch
                    .bounds
                    .iter()
                    .try_fold(1u64, |p, &b| p.checked_mul(b))
                    .is_some());
            }
        }
    }

    #[test]
    fn same_counts_sequential_and_parallel() {
        for k in [7, 12, 25] {
            let table: Vec<i64> = (0..16 * k as i64).map(|v| (v * 37 % 7) * 4).collect();
            let gaps = [0, 4, 8, 20, 40];
            let stop = Interrupt::new();
            let totals = totals_of(&table, k);
            let one = draw(&table, k, &totals, &gaps, 5_000, 3, false, &stop).unwrap();
            let many = draw(&table, k, &totals, &gaps, 5_000, 3, true, &stop).unwrap();
            assert_eq!(one, many);
            // every couple has |D| >= 0
            assert_eq!(one.pairs_at_least[0], 5_000 * (k * (k - 1) / 2) as u64);
            assert!(one.pairs_at_least.windows(2).all(|w| w[0] >= w[1]));
        }
    }

    fn totals_of(table: &[i64], k: usize) -> Vec<i64> {
        let mut totals = vec![0; k];
        for row in table.chunks_exact(k) {
            add_row(&mut totals, row);
        }
        totals
    }

    /// Two rows, enumerated: the second in each of its k! arrangements against the first
    /// (the counts depend only on their relative arrangement). Returns P(S* >= S) and, per
    /// gap, the mean number of pairs per resample with |D*| >= gap.
    fn enumerated(table: &[i64], k: usize, gaps: &[i64]) -> (f64, Vec<f64>) {
        let plan = Plan::new(table, k, vec![sum_of_squares(&totals_of(table, k))], gaps);
        let mut order: Vec<u8> = (0..k as u8).collect();
        let mut orders = Vec::new();
        permutations(&mut order, 0, &mut orders);
        let count = (orders.len() / k) as f64;
        let (mut at_least, mut pairs) = (0.0, vec![0.0; gaps.len()]);
        for order in orders.chunks(k) {
            let mut totals: Vec<i64> = (0..k)
                .map(|j| table[j] + table[k + usize::from(order[j])])
                .collect();
            at_least += f64::from(u8::from(sum_of_squares(&totals) >= plan.observed[0]));
            let mut bins = vec![0u64; gaps.len() + 1];
            plan.count_pairs(&mut totals, &mut bins);
            for (j, pair) in pairs.iter_mut().enumerate() {
                *pair += bins[j + 1..].iter().sum::<u64>() as f64;
            }
        }
        (at_least / count, pairs.iter().map(|p| p / count).collect())
    }

    /// The Monte Carlo frequencies of the arrangements (k = 4) and of Fisher-Yates (k = 9)
    /// lie within four standard errors of the enumerated probabilities.
    #[test]
    fn frequencies_match_enumeration() {
        let stop = Interrupt::new();
        let n = 100_000;
        for (k, table, gaps) in [
            (4, vec![0, 4, 8, 12, 0, 4, 6, 10], vec![4, 10, 16]),
            (
                9,
                vec![
                    0, 4, 8, 12, 16, 20, 24, 28, 32, 8, 1, 17, 4, 32, 12, 28, 21, 24,
                ],
                vec![8, 20, 40],
            ),
        ] {
            let (p, pairs) = enumerated(&table, k, &gaps);
            // rows sorted (canonical), against the totals of the rows as they were
            let mut sorted = table.clone();
            sorted
                .chunks_exact_mut(k)
                .for_each(|row| row.sort_unstable());
            let totals = totals_of(&table, k);
            let got = draw(&sorted, k, &totals, &gaps, n, 11, false, &stop).unwrap();
            let frequency = got.at_least[0] as f64 / n as f64;
            assert!(p > 0.01 && p < 0.99, "{k} {p}");
            assert!((frequency - p).abs() < 4.0 * (p * (1.0 - p) / n as f64).sqrt() + 1e-9);
            let m = (k * (k - 1) / 2) as f64;
            for (j, expected) in pairs.iter().enumerate() {
                let mean = got.pairs_at_least[j] as f64 / n as f64;
                // a mean of m bounded counts: its SE is at most m / (2 sqrt(n))
                assert!((mean - expected).abs() < 4.0 * m / (2.0 * (n as f64).sqrt()));
                assert!(*expected > 0.0 && *expected < m, "{k} {j} {expected}");
            }
        }
    }

    /// k = 2 over 70 rows (0, 4): the arrangement indices of 63 rows come from one word and
    /// those of the last 7 from another; the difference of the totals is 4 (2B - 70), B
    /// binomial(70, 1/2), and P(|D| >= 40) = P(|B - 35| >= 5) exactly.
    #[test]
    fn many_rows_per_word_keep_the_binomial_law() {
        let table: Vec<i64> = (0..140).map(|v| (v % 2) * 4).collect();
        let stop = Interrupt::new();
        let n = 100_000;
        let got = draw(&table, 2, &totals_of(&table, 2), &[40], n, 9, false, &stop).unwrap();
        let mut binomial = 1.0_f64; // C(70, b) / 2^70, b = 0, 1, ...
        let mut tail = 0.0;
        for b in 0..=70 {
            if b > 0 {
                binomial *= f64::from(70 - b + 1) / f64::from(b);
            }
            if (b - 35_i32).abs() >= 5 {
                tail += binomial / 2f64.powi(70);
            }
        }
        let frequency = got.pairs_at_least[0] as f64 / n as f64;
        assert!((frequency - tail).abs() < 4.0 * (tail * (1.0 - tail) / n as f64).sqrt());
    }

    /// Tables drawn together: each table's counts are those of its own draw (same seed), on
    /// every way of permuting a row, and the pairs are counted on the first table.
    #[test]
    fn tables_drawn_together_count_as_drawn_alone() {
        let stop = Interrupt::new();
        for k in [5, 12, 25] {
            let first: Vec<i64> = (0..9 * k as i64).map(|v| (v * 37 % 11) * 4).collect();
            let second: Vec<i64> = first.iter().map(|v| v * v / 4 + 1).collect();
            let gaps = [0, 8, 40, 100];
            let (a, b) = (totals_of(&first, k), totals_of(&second, k));
            let alone = draw(&first, k, &a, &gaps, 3_000, 5, true, &stop).unwrap();
            let other = draw(&second, k, &b, &[], 3_000, 5, true, &stop).unwrap();
            let stacked = [first.clone(), second.clone()].concat();
            let totals = [a.clone(), b.clone()].concat();
            let together = draw(&stacked, k, &totals, &gaps, 3_000, 5, true, &stop).unwrap();
            assert_eq!(
                together.at_least,
                vec![alone.at_least[0], other.at_least[0]]
            );
            assert_eq!(together.pairs_at_least, alone.pairs_at_least);
            let pairs = &alone.pairs_at_least;
            assert!(0 < pairs[2] && pairs[2] < pairs[0], "{alone:?}");
        }
    }

    /// The stream of [`draw`] applied the plain way (as before the packed permutations):
    /// each row's indices drawn by the same batches from the same blocks, its permutation
    /// read from byte lists (the subsets of h values as listed by their bit masks, the
    /// arrangements by [`permutations`]), its values added one by one and each pair compared
    /// with each gap.
    fn plain_draw(table: &[i64], k: usize, totals: &[i64], gaps: &[i64], n: usize) -> Draw {
        let observed: Vec<i128> = totals.chunks_exact(k).map(sum_of_squares).collect();
        let plan = Plan::new(table, k, observed, gaps);
        let n_rows = plan.tables[0].len() / k;
        let orders = |m: usize| {
            let (mut order, mut out) = ((0..m as u8).collect::<Vec<_>>(), Vec::new());
            permutations(&mut order, 0, &mut out);
            out
        };
        let h = k.div_ceil(2);
        let all = if k <= MAX_K_ARRANGED {
            orders(k)
        } else {
            Vec::new()
        };
        let (first, second) = (orders(h), orders(k - h));
        let subsets: Vec<Vec<u8>> = (0u32..1 << k)
            .filter(|mask| mask.count_ones() as usize == h)
            .map(|mask| {
                let (inside, outside): (Vec<u8>, Vec<u8>) =
                    (0..k as u8).partition(|&v| mask >> v & 1 == 1);
                [inside, outside].concat()
            })
            .collect();
        let mut total = plan.empty();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for start in (0..n).step_by(BLOCK) {
            let mut block = rng.clone();
            rng.jump();
            for _ in start..n.min(start + BLOCK) {
                let mut permuted: Vec<Vec<usize>> = Vec::new();
                match &plan.rows {
                    Rows::Arranged(arranged) => {
                        let mut indices = vec![0; n_rows];
                        let width = arranged.batch.bounds.len();
                        for chunk in indices.chunks_mut(width) {
                            match &arranged.rest {
                                Some(rest) if chunk.len() < width => {
                                    rest.draw::<64>(&mut block, chunk)
                                }
                                _ => arranged.batch.draw::<64>(&mut block, chunk),
                            }
                        }
                        for i in indices {
                            permuted.push(
                                all[i * k..(i + 1) * k]
                                    .iter()
                                    .map(|&j| usize::from(j))
                                    .collect(),
                            );
                        }
                    }
                    Rows::Halves(halves) => {
                        for _ in 0..n_rows {
                            let mut drawn = [0; 3];
                            halves.batch.draw::<64>(&mut block, &mut drawn);
                            let subset = &subsets[drawn[0]];
                            let low = &first[drawn[1] * h..(drawn[1] + 1) * h];
                            let high = &second[drawn[2] * (k - h)..(drawn[2] + 1) * (k - h)];
                            let at = low.iter().map(|&a| subset[usize::from(a)]);
                            let rest = high.iter().map(|&a| subset[h + usize::from(a)]);
                            permuted.push(at.chain(rest).map(usize::from).collect());
                        }
                    }
                    Rows::FisherYates(_) => unreachable!("k <= 16"),
                }
                for (t, table) in plan.tables.iter().enumerate() {
                    let mut sums = vec![0; k];
                    for (row, order) in table.chunks_exact(k).zip(&permuted) {
                        for (j, &at) in order.iter().enumerate() {
                            sums[j] += row[at];
                        }
                    }
                    total.at_least[t] += u64::from(sum_of_squares(&sums) >= plan.observed[t]);
                    for (a, b) in (0..k).flat_map(|a| (a + 1..k).map(move |b| (a, b))) {
                        for (count, &gap) in total.pairs_at_least.iter_mut().zip(gaps) {
                            *count += u64::from(t == 0 && (sums[a] - sums[b]).abs() >= gap);
                        }
                    }
                }
            }
        }
        total
    }

    /// Every k that permutes a row at once or by halves gives the counts of the plain
    /// reading of the same stream, bit for bit: one table or two stacked, with and without
    /// pairs, read two columns at a time (small values) or one (values whose ranges add up
    /// beyond 2^32, or many rows).
    #[test]
    fn packed_permutations_count_as_the_plain_draw() {
        let stop = Interrupt::new();
        for k in 2..=2 * MAX_K_ARRANGED {
            for (n_rows, scale) in [(7, 1), (5, 1 << 34), (1_100, 1)] {
                let n = if n_rows > 100 { 200 } else { 1_500 };
                let first: Vec<i64> = (0..n_rows * k as i64)
                    .map(|v| (((v * 2_654_435_761) >> 9 & 15) - 3) * 4 * scale)
                    .collect();
                let second: Vec<i64> = first
                    .iter()
                    .map(|v| v / scale * (v / scale) / 4 - 5)
                    .collect();
                let b = totals_of(&second, k);
                // observed totals from rows turned as a resample would: S mid-distribution
                let mut turned = first.clone();
                for (r, row) in turned.chunks_exact_mut(k).enumerate() {
                    row.rotate_left(((r * 2_654_435_761) >> 7) % k);
                }
                let a = totals_of(&turned, k);
                let gaps = [0, 4, 8 * scale, 40 * scale];
                let stacked = [first.clone(), second].concat();
                let both = [a.clone(), b].concat();
                for (table, totals, gaps) in [
                    (&first, &a, &gaps[..]),
                    (&first, &a, &[][..]),
                    (&stacked, &both, &gaps[..]),
                ] {
                    let packed = Plan::new(table, k, vec![0; totals.len() / k], gaps);
                    let paired = matches!(packed.packed, Some(Packed::Pairs { .. }));
                    assert_eq!(paired, scale == 1 && n_rows < 100, "{k} {n_rows}");
                    let got = draw(table, k, totals, gaps, n, 7, true, &stop).unwrap();
                    let plain = plain_draw(table, k, totals, gaps, n);
                    assert_eq!(got, plain, "k = {k}, {n_rows} rows, scale {scale}");
                    // the counts are informative (the many rows: their layout is what differs)
                    let count = got.at_least[0];
                    assert!(n_rows > 100 || (0 < count && count < n as u64), "{got:?}");
                }
            }
        }
    }

    #[test]
    fn interrupted_and_bad_input() {
        let stop = Interrupt::new();
        stop.raise();
        assert_eq!(
            draw(&[0, 4, 0, 4], 2, &[0, 8], &[], 10, 0, false, &stop),
            Err(CoreError::Interrupted)
        );
        let fresh = Interrupt::new();
        assert!(draw(&[0, 4, 8], 2, &[0, 8], &[], 10, 0, false, &fresh).is_err());
        assert!(draw(&[0, 4], 2, &[0, 4], &[4, 0], 10, 0, false, &fresh).is_err());
        assert!(draw(&[0, 1 << 41], 2, &[0, 1], &[], 10, 0, false, &fresh).is_err());
        assert!(draw(&[0, 4], 2, &[0], &[], 10, 0, false, &fresh).is_err());
        // two tables need two sets of totals and rows for both
        assert!(draw(
            &[0, 4, 0, 4, 1],
            2,
            &[0, 4, 0, 4],
            &[],
            10,
            0,
            false,
            &fresh
        )
        .is_err());
        assert!(draw(&[0, 4, 0, 4], 2, &[0, 4, 0], &[], 10, 0, false, &fresh).is_err());
    }
}
