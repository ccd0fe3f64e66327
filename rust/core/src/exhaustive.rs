//! Exhaustive sets of the all-pairs hypotheses (Garcia & Herrera 2008, Sec. 2.1): the
//! sets of pairs that can be exactly the true hypotheses. They are the set partitions of
//! the k algorithms with at least one block of size >= 2, a set holding the pairs inside
//! its blocks; there are Bell(k) - 1 of them (G08 Table 1).

use std::sync::OnceLock;

use crate::error::{CoreError, Result};
use crate::pairs::{check_k_range, pair_index};

/// One cache per k, filled on first use (thread-safe, once per process).
static CACHE: [OnceLock<Vec<u64>>; crate::MAX_K_ENUMERATE + 1] =
    [const { OnceLock::new() }; crate::MAX_K_ENUMERATE + 1];

/// The exhaustive sets for 2 <= k <= [`crate::MAX_K_ENUMERATE`], each a bit mask over
/// the hypotheses (bit h = pair h in [`crate::pairs::pairs`] order).
///
/// Order: by number of hypotheses ascending, then lexicographically by the ascending
/// list of hypothesis indices (the order in which G08 lists the sets for k = 4 and 5).
pub fn exhaustive_sets(k: usize) -> Result<&'static [u64]> {
    check_k_range(k, crate::MAX_K_ENUMERATE, |k| {
        CoreError::TooManyToEnumerate { k }
    })?;
    Ok(CACHE[k].get_or_init(|| build(k)))
}

fn build(k: usize) -> Vec<u64> {
    let mut out = Vec::new();
    let mut blocks: Vec<u32> = Vec::with_capacity(k);
    partitions(k, 0, 0, &mut blocks, &mut out);
    // Lexicographic order of ascending index lists = at the lowest differing bit, the
    // set holding it comes first = descending order of the bit-reversed masks.
    out.sort_unstable_by_key(|&s| (s.count_ones(), std::cmp::Reverse(s.reverse_bits())));
    out
}

/// Every partition of items `item..k` added to `blocks` (a restricted growth string),
/// pushing the mask of within-block pairs unless all blocks are singletons.
fn partitions(k: usize, item: usize, mask: u64, blocks: &mut Vec<u32>, out: &mut Vec<u64>) {
    if item == k {
        if mask != 0 {
            out.push(mask);
        }
        return;
    }
    for b in 0..blocks.len() {
        let mut add = 0u64;
        let mut members = blocks[b];
        while members != 0 {
            let a = members.trailing_zeros() as usize;
            add |= 1 << pair_index(k, a, item);
            members &= members - 1;
        }
        blocks[b] |= 1 << item;
        partitions(k, item + 1, mask | add, blocks, out);
        blocks[b] &= !(1 << item);
    }
    blocks.push(1 << item);
    partitions(k, item + 1, mask, blocks, out);
    blocks.pop();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_bell_minus_one() {
        let bell = [1u64, 1, 2, 5, 15, 52, 203, 877, 4140, 21147, 115975, 678570];
        for (k, &b) in bell.iter().enumerate().skip(2) {
            let sets = exhaustive_sets(k).unwrap();
            assert_eq!(sets.len() as u64, b - 1, "k = {k}");
            let mut unique = sets.to_vec();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), sets.len(), "duplicates at k = {k}");
        }
        assert!(exhaustive_sets(crate::MAX_K_ENUMERATE + 1).is_err());
        assert!(exhaustive_sets(1).is_err());
        assert_eq!(
            exhaustive_sets(usize::MAX),
            Err(CoreError::TooManyToEnumerate { k: usize::MAX })
        );
    }

    #[test]
    fn built_once_and_shared_across_threads() {
        // Threads racing for the first use all get the one cached list.
        let seen: Vec<usize> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| s.spawn(|| exhaustive_sets(8).unwrap().as_ptr() as usize))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let cached = exhaustive_sets(8).unwrap().as_ptr() as usize;
        assert!(seen.iter().all(|&p| p == cached));
    }

    #[test]
    fn order_for_four_matches_the_paper() {
        // G08 Sec. 2.1 lists "12 34" before "13 24" and the triangles after the pairs.
        let sets = exhaustive_sets(4).unwrap();
        let names: Vec<Vec<u32>> = sets
            .iter()
            .map(|&s| (0..6).filter(|h| s >> h & 1 == 1).collect())
            .collect();
        assert_eq!(names[0], vec![0]);
        assert_eq!(names[5], vec![5]);
        assert_eq!(names[6], vec![0, 5]);
        assert_eq!(names[9], vec![0, 1, 3]);
        assert_eq!(names[13], vec![0, 1, 2, 3, 4, 5]);
    }
}
