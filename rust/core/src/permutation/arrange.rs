//! Uniform permutations of a row drawn at once: one of its k! arrangements (small k), or a
//! subset and an arrangement of each half (up to twice that k), packed in 4-bit nibbles.

use rand_xoshiro::rand_core::RngCore;
use std::sync::OnceLock;

use super::batch::Batch;
use super::plan::MAX_K_ARRANGED;

/// A permutation of at most 16 positions packed in 4-bit nibbles: nibble j is the position
/// in the row of the value that goes to column j.
pub(super) fn pack(order: &[u8]) -> u64 {
    order
        .iter()
        .rev()
        .fold(0, |word, &at| word << 4 | u64::from(at))
}

/// The `n` nibbles of `source` at the positions of the first `n` nibbles of `order`.
#[inline(always)]
pub(super) fn compose(source: u64, order: u64, n: usize) -> u64 {
    (0..n).fold(0, |out, j| {
        let at = order >> (4 * j) & 15;
        out | (source >> (4 * at) & 15) << (4 * j)
    })
}

/// The k! arrangements of k <= [`MAX_K_ARRANGED`] positions in the order of
/// [`permutations`], packed (listed once per process).
pub(super) fn arrangements(k: usize) -> &'static [u32] {
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
pub(super) struct Arranged {
    pub(super) orders: &'static [u32],
    pub(super) batch: Batch,
    pub(super) rest: Option<Batch>,
}

impl Arranged {
    pub(super) fn new(k: usize, n_rows: usize) -> Self {
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
    pub(super) fn draw(
        &self,
        positions: &mut [u64],
        indices: &mut [usize],
        rng: &mut impl RngCore,
    ) {
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
pub(super) const MAX_K_COMPOSED: usize = 10;

/// A uniform permutation of k positions, MAX_K_ARRANGED < k <= 2 MAX_K_ARRANGED, as a
/// uniform choice of the h = ceil(k/2) values of the first h positions (one of C(k, h)
/// subsets, listed with their complements) and a uniform arrangement of each half: each
/// permutation is reached by exactly one choice.
pub(super) struct Halves {
    pub(super) k: usize,
    pub(super) h: usize,
    /// Subset s: its h values, then the k - h others, packed.
    pub(super) subsets: Vec<u64>,
    /// The arrangements of the h positions of the first half and of the k - h of the second.
    pub(super) first: &'static [u32],
    pub(super) second: &'static [u32],
    /// Up to k = [`MAX_K_COMPOSED`]: the positions of the first half for subset s and
    /// arrangement a at s h! + a, and of the second half likewise.
    pub(super) composed: Option<[Vec<u32>; 2]>,
    pub(super) batch: Batch,
}

impl Halves {
    /// The permutations of k positions (built once per process).
    pub(super) fn of(k: usize) -> &'static Self {
        static PLANS: [OnceLock<Halves>; 2 * MAX_K_ARRANGED + 1] =
            [const { OnceLock::new() }; 2 * MAX_K_ARRANGED + 1];
        PLANS[k].get_or_init(|| Self::new(k))
    }

    pub(super) fn new(k: usize) -> Self {
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
    pub(super) fn draw(
        &self,
        positions: &mut [u64],
        indices: &mut [usize],
        rng: &mut impl RngCore,
    ) {
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
    pub(super) fn compose_rows<const H: usize, const R: usize>(
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

/// Appends every arrangement of `order[at..]` (after `order[..at]`) to `out`.
pub(super) fn permutations(order: &mut [u8], at: usize, out: &mut Vec<u8>) {
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
