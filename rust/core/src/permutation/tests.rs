use super::arrange::*;
use super::batch::*;
use super::packed::*;
use super::plan::*;
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
                            Some(rest) if chunk.len() < width => rest.draw::<64>(&mut block, chunk),
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
