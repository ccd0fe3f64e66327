//! The rows of the tables as a packed permutation reads them (k <= 16): two columns per
//! read from 256 pairs of values per row, or one column per read from padded rows.

/// Largest number of rows (over all tables) read two columns at a time (2 KiB each: at
/// most the 2 MiB of a level-2 cache; 300 x 8 then runs in 0.64 of the time of one column
/// at a time, against 0.88 with a quarter of it).
pub(super) const MAX_PAIRED_ROWS: usize = 1024;

/// The rows of the tables as a packed permutation reads them (k <= 16).
pub(super) enum Packed {
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
    pub(super) fn new(tables: &[&[i64]], k: usize) -> Self {
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
    pub(super) fn add(&self, k: usize, totals: &mut [i64], positions: &[u64]) {
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
pub(super) fn add_pairs<const M: usize>(
    rows: &[u64],
    totals: &mut [i64],
    positions: &[u64],
    offset: i64,
) {
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
pub(super) fn add_k<const K: usize, const P: usize>(
    rows: &[i64],
    totals: &mut [i64],
    positions: &[u64],
) {
    let mut sums = [0i64; K];
    for (row, &at) in rows.chunks_exact(P).zip(positions) {
        let row: &[i64; P] = row.try_into().expect("rows of P values");
        for (j, sum) in sums.iter_mut().enumerate() {
            *sum += row[(at >> (4 * j)) as usize & (P - 1)];
        }
    }
    totals.copy_from_slice(&sums);
}
