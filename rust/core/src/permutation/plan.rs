//! The plan of a draw: the tables, their observed S, the gaps and how a row is permuted,
//! and the loop of one block of resamples.

use rand_xoshiro::Xoshiro256PlusPlus;

use super::arrange::{Arranged, Halves};
use super::batch::{batches, Batch, Scratch};
use super::packed::Packed;
use super::{Draw, MAX_LOOKUP};
use crate::interrupt::Interrupt;

/// What every block shares: the tables, their S, the gaps and how a row is permuted.
pub(super) struct Plan<'a> {
    pub(super) tables: Vec<&'a [i64]>,
    /// For k <= 16: the tables' rows as a packed permutation reads them.
    pub(super) packed: Option<Packed>,
    pub(super) k: usize,
    pub(super) observed: Vec<i128>,
    pub(super) gaps: &'a [i64],
    /// lookup[v] = the number of gaps <= v, for v <= the largest gap (when small enough).
    pub(super) lookup: Vec<u32>,
    pub(super) rows: Rows,
}

/// How a row is permuted: by one of its k! arrangements drawn at once (small k), by a
/// split into two halves each arranged at once (up to twice that k), or by Fisher-Yates.
pub(super) enum Rows {
    Arranged(Arranged),
    Halves(&'static Halves),
    FisherYates(Vec<Batch>),
}

/// Largest k whose k! arrangements are listed (40,320 x 8 bytes).
pub(super) const MAX_K_ARRANGED: usize = 8;

impl<'a> Plan<'a> {
    pub(super) fn new(table: &'a [i64], k: usize, observed: Vec<i128>, gaps: &'a [i64]) -> Self {
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

    pub(super) fn empty(&self) -> Draw {
        Draw {
            at_least: vec![0; self.tables.len()],
            pairs_at_least: vec![0; self.gaps.len()],
        }
    }

    /// `size` resamples from `rng`, starting from the table itself.
    pub(super) fn block(&self, mut rng: Xoshiro256PlusPlus, size: usize, stop: &Interrupt) -> Draw {
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
    pub(super) fn count_pairs(&self, totals: &mut [i64], bins: &mut [u64]) {
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

pub(super) fn add_row(totals: &mut [i64], row: &[i64]) {
    for (total, value) in totals.iter_mut().zip(row) {
        *total += value;
    }
}

pub(super) fn sum_of_squares(totals: &[i64]) -> i128 {
    totals.iter().map(|&c| i128::from(c) * i128::from(c)).sum()
}
