//! The bootstraps behind the effect sizes, over resamples of data sets given by their counts:
//! Cliff's delta, O(N) per pair and resample ([`cliff_draws`]), and the median and median
//! absolute deviation of each algorithm, O(N) per algorithm and resample to spell the
//! resample out and O(log N) to find them ([`medians_and_mads`]).
//!
//! With the scores of algorithm b sorted (its data sets in `order[b]`), the scores of b below
//! x_ia are the first `lo[p][i]` and those above it all from `hi[p][i]` on, so for a resample
//! that draws data set j `c_j` times, sum_ij c_i c_j sign(x_ia - x_jb) is
//! sum_i c_i (C[lo] + C[hi]) - (sum_i c_i)^2 with C the cumulative counts of b's data sets in
//! sorted order. The resamples are processed in blocks, resample-innermost, so the sums run
//! over contiguous lanes; every sum is of integers below 2^24 (f32) or 2^53 (f64): exact.

use rayon::prelude::*;

use crate::error::{CoreError, Result};
use crate::interrupt::Interrupt;

/// Resamples of one block: the lanes of the innermost loop.
const LANES: usize = 64;

/// The data of a bootstrap of Cliff's delta over `pairs` pairs of `k` algorithms on `n` data
/// sets; each slice is row-major.
#[derive(Debug, Clone, Copy)]
pub struct Dominance<'a> {
    /// N.
    pub n: usize,
    /// k x N: row b lists the data sets of algorithm b in the order of its sorted scores.
    pub order: &'a [usize],
    /// The second algorithm of each pair.
    pub second: &'a [usize],
    /// pairs x N: how many scores of the second algorithm lie below x_ia.
    pub lo: &'a [usize],
    /// pairs x N: how many lie below or tie with x_ia.
    pub hi: &'a [usize],
}

impl Dominance<'_> {
    /// `Err(CoreError::BadSetting)` unless the shapes agree and every index is in range.
    pub fn check(&self) -> Result<()> {
        let (n, pairs) = (self.n, self.second.len());
        let k = self.order.len().checked_div(n).unwrap_or(0);
        let fault = if n == 0 || self.order.len() != k * n {
            Some(format!(
                "order holds {} cells, not k x {n}",
                self.order.len()
            ))
        } else if self.lo.len() != pairs * n || self.hi.len() != pairs * n {
            Some(format!("lo and hi must hold {pairs} x {n} cells"))
        } else if self.order.iter().any(|&i| i >= n) || self.second.iter().any(|&b| b >= k) {
            Some(format!(
                "order must hold data sets below {n}, second algorithms below {k}"
            ))
        } else if self.lo.iter().zip(self.hi).any(|(&l, &h)| l > h || h > n) {
            Some(format!("lo <= hi <= {n} must hold"))
        } else {
            None
        };
        fault.map_or(Ok(()), |detail| Err(CoreError::BadSetting { detail }))
    }
}

/// Lanes of the sums: f32 while every sum stays below 2^24, else f64.
trait Lane:
    Copy + Default + Send + Sync + std::ops::Add<Output = Self> + std::ops::Mul<Output = Self>
{
    fn of(count: u64) -> Self;
    fn wide(self) -> f64;
}

impl Lane for f32 {
    fn of(count: u64) -> Self {
        count as f32
    }
    fn wide(self) -> f64 {
        f64::from(self)
    }
}

impl Lane for f64 {
    fn of(count: u64) -> Self {
        count as f64
    }
    fn wide(self) -> f64 {
        self
    }
}

/// Cliff's delta of every pair of `dominance` in every resample: `counts` (resamples x N,
/// row-major) holds how often each resample draws each data set; returns resamples x pairs,
/// row-major, (sum_ij c_i c_j sign(x_ia - x_jb) + (sum c)^2 - N^2) / N^2 as f64, which is
/// delta when each resample draws N data sets. Blocks of resamples run in parallel when
/// `parallel`; `stop` is checked before each block.
pub fn cliff_draws(
    dominance: &Dominance<'_>,
    counts: &[u64],
    parallel: bool,
    stop: &Interrupt,
) -> Result<Vec<f64>> {
    dominance.check()?;
    let n = dominance.n;
    if counts.len() % n != 0 {
        let detail = format!("counts hold {} cells, not resamples x {n}", counts.len());
        return Err(CoreError::BadSetting { detail });
    }
    let most = counts
        .chunks(n)
        .map(|row| row.iter().sum::<u64>())
        .max()
        .unwrap_or(0);
    let largest = 2.0 * (most as f64).powi(2);
    if largest >= 2f64.powi(53) {
        let detail = format!("resamples of {most} data sets overflow exact sums");
        return Err(CoreError::BadSetting { detail });
    }
    if largest < 2f64.powi(24) {
        draws::<f32>(dominance, counts, parallel, stop)
    } else {
        draws::<f64>(dominance, counts, parallel, stop)
    }
}

fn draws<T: Lane>(
    dominance: &Dominance<'_>,
    counts: &[u64],
    parallel: bool,
    stop: &Interrupt,
) -> Result<Vec<f64>> {
    let (n, pairs) = (dominance.n, dominance.second.len());
    let mut out = vec![0.0; counts.len() / n * pairs];
    let run = |(rows, block): (&[u64], &mut [f64])| {
        if !stop.is_raised() {
            draw_block::<T>(dominance, rows, block);
        }
    };
    if pairs > 0 {
        let rows = counts.chunks(LANES * n);
        if parallel {
            rows.collect::<Vec<_>>()
                .into_par_iter()
                .zip(out.par_chunks_mut(LANES * pairs))
                .for_each(run);
        } else {
            rows.zip(out.chunks_mut(LANES * pairs)).for_each(run);
        }
    }
    stop.check()?;
    Ok(out)
}

/// One block of at most [`LANES`] resamples (`rows`: resamples x N) into `out` (resamples x
/// pairs).
fn draw_block<T: Lane>(dominance: &Dominance<'_>, rows: &[u64], out: &mut [f64]) {
    let n = dominance.n;
    let m = rows.len() / n;
    let k = dominance.order.len() / n;
    // counts[i][r] and, per algorithm b, cumulative[b][t][r]: data set i's count in
    // resample r, and the counts of b's first t data sets in sorted order
    let mut drawn = vec![T::default(); n * m];
    for (r, row) in rows.chunks(n).enumerate() {
        for (i, &c) in row.iter().enumerate() {
            drawn[i * m + r] = T::of(c);
        }
    }
    let mut cumulative = vec![T::default(); k * (n + 1) * m];
    let mut needed = vec![false; k];
    dominance.second.iter().for_each(|&b| needed[b] = true);
    for (b, table) in cumulative.chunks_mut((n + 1) * m).enumerate() {
        if !needed[b] {
            continue;
        }
        for (t, &i) in dominance.order[b * n..(b + 1) * n].iter().enumerate() {
            let (done, next) = table.split_at_mut((t + 1) * m);
            let last = &done[t * m..];
            for ((to, &from), &c) in next[..m]
                .iter_mut()
                .zip(last)
                .zip(&drawn[i * m..(i + 1) * m])
            {
                *to = from + c;
            }
        }
    }
    let sums: Vec<f64> = rows
        .chunks(n)
        .map(|row| row.iter().sum::<u64>() as f64)
        .collect();
    let nn = (n * n) as f64;
    let mut total = vec![T::default(); m];
    for (p, &b) in dominance.second.iter().enumerate() {
        total.fill(T::default());
        let table = &cumulative[b * (n + 1) * m..(b + 1) * (n + 1) * m];
        let (lo, hi) = (
            &dominance.lo[p * n..(p + 1) * n],
            &dominance.hi[p * n..(p + 1) * n],
        );
        for i in 0..n {
            let below = &table[lo[i] * m..(lo[i] + 1) * m];
            let upto = &table[hi[i] * m..(hi[i] + 1) * m];
            let c = &drawn[i * m..(i + 1) * m];
            for (((sum, &c), &l), &h) in total.iter_mut().zip(c).zip(below).zip(upto) {
                *sum = *sum + c * (l + h);
            }
        }
        let column = out.iter_mut().skip(p).step_by(dominance.second.len());
        for ((to, sum), s) in column.zip(&total).zip(&sums) {
            *to = (sum.wide() - s * s) / nn;
        }
    }
}

/// The median and the (unscaled) median absolute deviation of every algorithm in every
/// resample, as `numpy.median` computes them: `ordered` (k x N) the sorted scores of each
/// algorithm, `order` (k x N) their data sets, `counts` (resamples x N, each row summing to
/// N) the draws of each resample; returns resamples x 2 x k (the medians, then the MADs).
/// Each resample's sorted sample is `ordered` with every score repeated as often as its data
/// set was drawn; its deviations from the median rise on both sides of the middle, two
/// sorted runs whose middle order statistics a binary search finds. Blocks of resamples run in parallel when
/// `parallel`; `stop` is checked before each block.
pub fn medians_and_mads(
    ordered: &[f64],
    order: &[usize],
    n: usize,
    counts: &[u64],
    parallel: bool,
    stop: &Interrupt,
) -> Result<Vec<f64>> {
    let k = ordered.len().checked_div(n).unwrap_or(0);
    let fault = if n == 0 || ordered.len() != k * n || order.len() != k * n {
        Some(format!("ordered and order must hold k x {n} cells"))
    } else if order.iter().any(|&i| i >= n) {
        Some(format!("order must hold data sets below {n}"))
    } else if counts.len() % n != 0 || counts.chunks(n).any(|r| r.iter().sum::<u64>() != n as u64) {
        Some(format!(
            "counts must be resamples x {n}, each row summing to {n}"
        ))
    } else {
        None
    };
    if let Some(detail) = fault {
        return Err(CoreError::BadSetting { detail });
    }
    let mut out = vec![0.0; counts.len() / n * 2 * k];
    let run = |(rows, block): (&[u64], &mut [f64])| {
        if stop.is_raised() {
            return;
        }
        let mut sample = Vec::with_capacity(n);
        for (row, to) in rows.chunks(n).zip(block.chunks_mut(2 * k)) {
            for b in 0..k {
                sample.clear();
                for (&i, &value) in order[b * n..(b + 1) * n].iter().zip(&ordered[b * n..]) {
                    for _ in 0..row[i] {
                        sample.push(value);
                    }
                }
                (to[b], to[k + b]) = median_and_mad(&sample);
            }
        }
    };
    let rows = counts.chunks(LANES * n);
    if parallel {
        rows.collect::<Vec<_>>()
            .into_par_iter()
            .zip(out.par_chunks_mut(LANES * 2 * k))
            .for_each(run);
    } else {
        rows.zip(out.chunks_mut(LANES * 2 * k)).for_each(run);
    }
    stop.check()?;
    Ok(out)
}

/// The median of a sorted `sample` and the median of its absolute deviations from it: the
/// deviations below the middle, median - sample[mid - t], and above it,
/// sample[mid + 1 + t] - median, both rise; the middle ones of the two runs merged are found
/// by binary searches ([`nth_deviation`]).
fn median_and_mad(sample: &[f64]) -> (f64, f64) {
    let n = sample.len();
    let (low, high) = ((n - 1) / 2, n / 2);
    let median = (sample[low] + sample[high]) / 2.0;
    let at_low = nth_deviation(sample, median, low);
    let at_high = if high == low {
        at_low
    } else {
        nth_deviation(sample, median, high)
    };
    (median, (at_low + at_high) / 2.0)
}

/// The j-th smallest (from 0) of |sample - median| for a sorted `sample` whose middle
/// (mid = (n - 1) / 2) is at the median: the smallest number i taken from the left run with
/// left(i) >= right(j - i), by bisection, then the larger of the last taken of each run.
fn nth_deviation(sample: &[f64], median: f64, j: usize) -> f64 {
    let n = sample.len() as isize;
    let (mid, j) = ((n - 1) / 2, j as isize);
    let left = |i: isize| match i {
        i if i > mid => f64::INFINITY,
        i if i < 0 => f64::NEG_INFINITY,
        i => median - sample[(mid - i) as usize],
    };
    let right = |t: isize| match t {
        t if mid + 1 + t > n - 1 => f64::INFINITY,
        t if t < 0 => f64::NEG_INFINITY,
        t => sample[(mid + 1 + t) as usize] - median,
    };
    let (mut lo, mut hi) = ((j - (n - mid - 1)).max(0), (j + 1).min(mid + 1));
    while lo < hi {
        let i = (lo + hi) / 2;
        if left(i) < right(j - i) {
            lo = i + 1;
        } else {
            hi = i;
        }
    }
    left(lo - 1).max(right(j - lo))
}

#[cfg(test)]
mod tests;
