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

use rand_xoshiro::rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::error::{CoreError, Result};
use crate::interrupt::Interrupt;
use plan::{sum_of_squares, Plan};

// By concern: how a row is permuted at once (`arrange`), Fisher-Yates in batches of indices
// (`batch`), the rows as a packed permutation reads them (`packed`), and the plan with the
// loop of one block (`plan`).
mod arrange;
mod batch;
mod packed;
mod plan;
#[cfg(test)]
mod tests;

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
