use super::*;

/// Scores with ties (small integers), the sorted order of each column, and lo/hi of the pairs.
struct Case {
    x: Vec<Vec<i64>>, // k columns of n scores
    order: Vec<usize>,
    second: Vec<usize>,
    first: Vec<usize>,
    lo: Vec<usize>,
    hi: Vec<usize>,
}

fn case(n: usize, k: usize, seed: u64) -> Case {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    let x: Vec<Vec<i64>> = (0..k)
        .map(|_| (0..n).map(|_| (next() % 7) as i64).collect())
        .collect();
    let mut order = Vec::new();
    for column in &x {
        let mut o: Vec<usize> = (0..n).collect();
        o.sort_by_key(|&i| column[i]);
        order.extend(o);
    }
    let (mut first, mut second, mut lo, mut hi) = (vec![], vec![], vec![], vec![]);
    for a in 0..k {
        for b in a + 1..k {
            first.push(a);
            second.push(b);
            for i in 0..n {
                lo.push(x[b].iter().filter(|&&v| v < x[a][i]).count());
                hi.push(x[b].iter().filter(|&&v| v <= x[a][i]).count());
            }
        }
    }
    Case {
        x,
        order,
        second,
        first,
        lo,
        hi,
    }
}

impl Case {
    fn dominance(&self) -> Dominance<'_> {
        Dominance {
            n: self.x[0].len(),
            order: &self.order,
            second: &self.second,
            lo: &self.lo,
            hi: &self.hi,
        }
    }
}

fn counts(n: usize, resamples: usize, seed: u64) -> Vec<u64> {
    let mut state = seed;
    let mut out = vec![0u64; n * resamples];
    for row in out.chunks_mut(n) {
        for _ in 0..n {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            row[(state >> 33) as usize % n] += 1;
        }
    }
    out
}

/// The naive definition: (1/N^2) sum_ij c_i c_j sign(x_ia - x_jb).
#[test]
fn draws_equal_the_double_sum_of_signs() {
    for (n, k, resamples) in [(1, 2, 3), (5, 3, 70), (12, 4, 130), (9, 2, 64)] {
        let c = case(n, k, n as u64);
        let dominance = c.dominance();
        let w = counts(n, resamples, 7);
        let got = cliff_draws(&dominance, &w, false, &Interrupt::new()).unwrap();
        for (r, row) in w.chunks(n).enumerate() {
            for (p, (&a, &b)) in c.first.iter().zip(&c.second).enumerate() {
                let mut sum = 0i64;
                for i in 0..n {
                    for j in 0..n {
                        let sign = (c.x[a][i] - c.x[b][j]).signum();
                        sum += row[i] as i64 * row[j] as i64 * sign;
                    }
                }
                assert_eq!(got[r * c.second.len() + p], sum as f64 / (n * n) as f64);
            }
        }
    }
}

/// Threads, and f64 lanes (past N = 2896 the sums leave f32's exact integers), give the same
/// draws.
#[test]
fn threads_and_wide_lanes_give_the_same_draws() {
    let c = case(30, 5, 3);
    let dominance = c.dominance();
    let w = counts(30, 500, 1);
    let stop = Interrupt::new();
    let one = cliff_draws(&dominance, &w, false, &stop).unwrap();
    assert_eq!(one, cliff_draws(&dominance, &w, true, &stop).unwrap());
    assert_eq!(one, draws::<f64>(&dominance, &w, true, &stop).unwrap());
}

#[test]
fn bad_input_and_interrupts_are_refused() {
    let c = case(4, 3, 2);
    let good = c.dominance();
    let stop = Interrupt::new();
    let w = counts(4, 10, 1);
    let bad_lo: Vec<usize> = c.hi.iter().map(|&h| h + 1).collect();
    for bad in [
        Dominance {
            n: 4,
            order: &c.order[1..],
            ..good
        },
        Dominance {
            n: 4,
            lo: &bad_lo,
            ..good
        },
        Dominance {
            n: 4,
            second: &[3, 3, 3],
            ..good
        },
        Dominance { n: 0, ..good },
    ] {
        assert!(matches!(
            cliff_draws(&bad, &w, false, &stop),
            Err(CoreError::BadSetting { .. })
        ));
    }
    assert!(matches!(
        cliff_draws(&good, &w[1..], false, &stop),
        Err(CoreError::BadSetting { .. })
    ));
    stop.raise();
    assert_eq!(
        cliff_draws(&good, &w, false, &stop),
        Err(CoreError::Interrupted)
    );
}

/// numpy's median of a sorted copy: the middle value, or the mean of the two middle ones.
fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    (v[(n - 1) / 2] + v[n / 2]) / 2.0
}

#[test]
fn medians_and_mads_equal_the_sorted_definition() {
    for (n, k, resamples) in [(1, 1, 3), (2, 3, 9), (7, 2, 70), (10, 4, 130)] {
        let c = case(n, k, 5 + n as u64);
        let x: Vec<Vec<f64>> =
            c.x.iter()
                .map(|col| col.iter().map(|&v| v as f64 / 3.0).collect())
                .collect();
        let ordered: Vec<f64> = (0..k)
            .flat_map(|b| {
                c.order[b * n..(b + 1) * n]
                    .iter()
                    .map(|&i| x[b][i])
                    .collect::<Vec<_>>()
            })
            .collect();
        let w = counts(n, resamples, 11);
        let got = medians_and_mads(&ordered, &c.order, n, &w, false, &Interrupt::new()).unwrap();
        assert_eq!(
            got,
            medians_and_mads(&ordered, &c.order, n, &w, true, &Interrupt::new()).unwrap()
        );
        for (r, row) in w.chunks(n).enumerate() {
            for b in 0..k {
                let sample: Vec<f64> = (0..n)
                    .flat_map(|i| std::iter::repeat_n(x[b][i], row[i] as usize))
                    .collect();
                let m = median(&sample);
                let deviations: Vec<f64> = sample.iter().map(|v| (v - m).abs()).collect();
                assert_eq!(got[r * 2 * k + b], m);
                assert_eq!(got[r * 2 * k + k + b], median(&deviations));
            }
        }
    }
}

#[test]
fn medians_refuse_bad_counts_and_stop() {
    let stop = Interrupt::new();
    let (ordered, order) = ([1.0, 2.0], [0, 1]);
    assert!(medians_and_mads(&ordered, &order, 2, &[1, 2], false, &stop).is_err());
    assert!(medians_and_mads(&ordered, &[0, 2], 2, &[1, 1], false, &stop).is_err());
    assert!(medians_and_mads(&ordered, &order, 0, &[], false, &stop).is_err());
    assert_eq!(
        medians_and_mads(&ordered, &order, 2, &[1, 1], false, &stop),
        Ok(vec![1.5, 0.5])
    );
    stop.raise();
    assert_eq!(
        medians_and_mads(&ordered, &order, 2, &[1, 1], false, &stop),
        Err(CoreError::Interrupted)
    );
}
