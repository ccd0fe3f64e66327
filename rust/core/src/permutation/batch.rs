//! Fisher-Yates in batches: several uniform indices from one 64-bit word (exact
//! rejection), and the per-block buffers of a draw.

use rand_xoshiro::rand_core::RngCore;

use super::plan::Rows;

/// Per-block buffers: each row's word and indices of one batch of Fisher-Yates, or each
/// row's arrangement indices and packed permutation.
pub(super) struct Scratch {
    pub(super) words: Vec<u64>,
    pub(super) indices: Vec<usize>,
    pub(super) positions: Vec<u64>,
}

impl Scratch {
    pub(super) fn new(n_rows: usize, rows: &Rows) -> Self {
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
pub(super) struct Batch {
    /// The first position it swaps (Fisher-Yates runs from k - 1 down to 1; unused by the
    /// batches of arrangements).
    pub(super) top: usize,
    pub(super) bounds: Vec<u64>,
    /// 2^64 mod (product of the bounds): words whose leftover falls below are rejected.
    pub(super) threshold: u64,
}

/// The Fisher-Yates bounds k, k - 1, ..., 2 in batches whose product fits 64 bits.
pub(super) fn batches(k: usize) -> Vec<Batch> {
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
    pub(super) fn new(bounds: Vec<u64>, product: u64) -> Self {
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
    pub(super) fn shuffle(
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
    pub(super) fn draw<const BITS: u32>(&self, rng: &mut impl RngCore, out: &mut [usize]) {
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
pub(super) fn digits<const BITS: u32>(word: u64, bounds: &[u64], out: &mut [usize]) -> u64 {
    let mask = (1u128 << BITS) - 1;
    let mut left = u128::from(word);
    for (bound, index) in bounds.iter().zip(out.iter_mut()) {
        let product = left * u128::from(*bound);
        *index = (product >> BITS) as usize;
        left = product & mask;
    }
    left as u64
}
