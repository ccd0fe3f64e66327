//! Shaffer's S(k): the possible numbers of true hypotheses among the k(k-1)/2
//! pairwise comparisons (Garcia & Herrera 2008, Eq. 1).

/// Binomial coefficient C(n, 2).
fn pairs(n: usize) -> usize {
    n * n.saturating_sub(1) / 2
}

/// S(k) = union over j = 1..k of { C(j,2) + x : x in S(k-j) }, S(0) = S(1) = {0};
/// returned sorted ascending without duplicates.
pub fn shaffer_counts(k: usize) -> Vec<usize> {
    let mut sets: Vec<Vec<usize>> = vec![vec![0], vec![0]];
    for n in 2..=k {
        let mut s: Vec<usize> = (1..=n)
            .flat_map(|j| sets[n - j].iter().map(move |x| pairs(j) + x))
            .collect();
        s.sort_unstable();
        s.dedup();
        sets.push(s);
    }
    sets.swap_remove(k.min(sets.len() - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_for_four_and_five_match_the_paper() {
        assert_eq!(shaffer_counts(4), vec![0, 1, 2, 3, 6]);
        assert_eq!(shaffer_counts(5), vec![0, 1, 2, 3, 4, 6, 10]);
    }
}
