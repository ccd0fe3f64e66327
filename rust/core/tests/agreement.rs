//! Property tests: enumeration and subset DP give bitwise equal Bergmann-Hommel APVs,
//! on random and on heavily tied p-values, and both satisfy the basic bounds.

use multicomp_core::bergmann_hommel::{bergmann_hommel_accepted, bergmann_hommel_apv, Algorithm};
use multicomp_core::exhaustive::exhaustive_sets;
use multicomp_core::pairs::n_pairs;
use multicomp_core::shaffer::shaffer_apv;

mod common;
use common::{Rng, NO};

/// Families of several shapes: uniform, log-uniform (small, spread), few tied values,
/// and p-values of a rank-difference (interval-graph) structure.
fn family(rng: &mut Rng, k: usize, kind: u64) -> Vec<f64> {
    let m = n_pairs(k);
    match kind {
        0 => (0..m).map(|_| rng.uniform()).collect(),
        1 => (0..m).map(|_| 10f64.powf(-8.0 * rng.uniform())).collect(),
        2 => {
            let levels = [0.0, 0.001, 0.004, 0.01, 0.0125, 0.05, 0.2, 1.0];
            (0..m).map(|_| levels[(rng.next() % 8) as usize]).collect()
        }
        _ => {
            let r: Vec<f64> = (0..k).map(|_| rng.uniform() * 3.0).collect();
            let mut p = Vec::with_capacity(m);
            for a in 0..k {
                for b in a + 1..k {
                    let d = (r[a] - r[b]).abs();
                    p.push((-d * d).exp().min(1.0));
                }
            }
            p
        }
    }
}

fn assert_agree(p: &[f64], k: usize) {
    let e = bergmann_hommel_apv(p, k, Algorithm::Enumerate, false, &NO).unwrap();
    let d = bergmann_hommel_apv(p, k, Algorithm::SubsetDp, false, &NO).unwrap();
    for i in 0..p.len() {
        assert_eq!(
            e[i].to_bits(),
            d[i].to_bits(),
            "k = {k}, pair {i}, p = {p:?}"
        );
    }
}

/// The definition itself: a scan of the listed exhaustive sets.
fn by_set_list(p: &[f64], k: usize) -> Vec<f64> {
    let mut out = vec![0.0f64; p.len()];
    for &set in exhaustive_sets(k).unwrap() {
        let members: Vec<usize> = (0..p.len()).filter(|&j| set >> j & 1 == 1).collect();
        let low = members.iter().map(|&j| p[j]).fold(f64::INFINITY, f64::min);
        let v = members.len() as f64 * low;
        for &j in &members {
            if v > out[j] {
                out[j] = v;
            }
        }
    }
    out.iter()
        .map(|&b| if b > 1.0 { 1.0 } else { b + 0.0 })
        .collect()
}

/// `algorithm` gives the APVs of the definition, bit for bit.
fn assert_definition(p: &[f64], k: usize, algorithm: Algorithm) {
    let found = bergmann_hommel_apv(p, k, algorithm, false, &NO).unwrap();
    let s = by_set_list(p, k);
    for i in 0..p.len() {
        assert_eq!(
            found[i].to_bits(),
            s[i].to_bits(),
            "k = {k}, pair {i}, p = {p:?}"
        );
    }
}

#[test]
fn enumeration_equals_the_scan_of_the_exhaustive_sets() {
    let mut rng = Rng(2677);
    for k in 2..=8 {
        for rep in 0..20 {
            assert_definition(&family(&mut rng, k, rep % 4), k, Algorithm::Enumerate);
        }
    }
}

#[test]
fn enumeration_and_subset_dp_agree_bitwise() {
    let mut rng = Rng(20080);
    for k in 2..=9 {
        let reps = if k <= 7 { 60 } else { 12 };
        for rep in 0..reps {
            let p = family(&mut rng, k, rep % 4);
            assert_agree(&p, k);
        }
    }
}

#[test]
fn agreement_at_ten_and_eleven() {
    let mut rng = Rng(7);
    for k in [10, 11] {
        for kind in 0..4 {
            let p = family(&mut rng, k, kind);
            assert_agree(&p, k);
        }
    }
}

#[test]
fn stacked_families_equal_single_calls() {
    let mut rng = Rng(3);
    for k in [4, 8, 12] {
        let m = n_pairs(k);
        let rows: Vec<Vec<f64>> = (0..5).map(|r| family(&mut rng, k, r % 4)).collect();
        let flat: Vec<f64> = rows.concat();
        for alg in [Algorithm::Auto, Algorithm::SubsetDp] {
            let all = bergmann_hommel_apv(&flat, k, alg, true, &NO).unwrap();
            for (r, row) in rows.iter().enumerate() {
                let one = bergmann_hommel_apv(row, k, alg, false, &NO).unwrap();
                assert_eq!(&all[r * m..(r + 1) * m], &one[..]);
            }
        }
        let sh = shaffer_apv(&flat, k, true, &NO).unwrap();
        assert_eq!(&sh[..m], &shaffer_apv(&rows[0], k, false, &NO).unwrap()[..]);
    }
}

#[test]
fn bounds_and_order_free_ties() {
    let mut rng = Rng(11);
    for k in 3..=10 {
        for kind in 0..4 {
            let p = family(&mut rng, k, kind);
            let bh = bergmann_hommel_apv(&p, k, Algorithm::Auto, false, &NO).unwrap();
            let sh = shaffer_apv(&p, k, false, &NO).unwrap();
            for i in 0..p.len() {
                assert!(bh[i] >= p[i] && bh[i] <= 1.0);
                assert!(bh[i] <= sh[i], "BH above Shaffer at k = {k}");
            }
            // Relabelling the algorithms (reversing them) permutes the APVs alike.
            let idx = |a: usize, b: usize| a * (2 * k - a - 1) / 2 + (b - a - 1);
            let mut q = vec![0.0; p.len()];
            for a in 0..k {
                for b in a + 1..k {
                    q[idx(k - 1 - b, k - 1 - a)] = p[idx(a, b)];
                }
            }
            let bq = bergmann_hommel_apv(&q, k, Algorithm::Auto, false, &NO).unwrap();
            for a in 0..k {
                for b in a + 1..k {
                    assert_eq!(bq[idx(k - 1 - b, k - 1 - a)], bh[idx(a, b)]);
                }
            }
            let acc = bergmann_hommel_accepted(&p, k, 0.05, &NO).unwrap();
            for i in 0..p.len() {
                assert_eq!(acc[i], bh[i] > 0.05);
            }
        }
    }
}

#[test]
fn smallest_p_gets_bonferroni_and_two_algorithms_are_trivial() {
    let p = [0.3, 0.01, 0.2, 0.4, 0.5, 0.6];
    let bh = bergmann_hommel_apv(&p, 4, Algorithm::SubsetDp, false, &NO).unwrap();
    assert_eq!(bh[1], 0.06);
    assert_eq!(
        bergmann_hommel_apv(&[0.3], 2, Algorithm::Auto, false, &NO).unwrap(),
        vec![0.3]
    );
    let zero = bergmann_hommel_apv(&[-0.0, 0.0, 0.5], 3, Algorithm::SubsetDp, false, &NO).unwrap();
    assert_eq!(zero[0].to_bits(), 0.0f64.to_bits());
}

#[test]
fn errors_not_panics() {
    assert!(bergmann_hommel_apv(&[0.1; 6], 4, Algorithm::Auto, true, &NO).is_ok());
    assert!(bergmann_hommel_apv(&[0.1; 5], 4, Algorithm::Auto, false, &NO).is_err());
    assert!(bergmann_hommel_apv(&[0.1; 210 + 21], 22, Algorithm::Auto, false, &NO).is_err());
    assert!(bergmann_hommel_apv(&[0.1; 66], 12, Algorithm::Enumerate, false, &NO).is_err());
    assert!(bergmann_hommel_apv(&[2.0; 3], 3, Algorithm::Auto, false, &NO).is_err());
    assert!(bergmann_hommel_accepted(&[0.1; 3], 3, 1.0, &NO).is_err());
    assert!("nope".parse::<Algorithm>().is_err());
}

#[test]
fn split_updates_of_one_family_equal_the_sequential_ones() {
    // A family alone splits its large updates over the threads (k >= 15 here); inside a
    // stack it runs sequentially.
    let mut rng = Rng(15);
    for k in [15, 16] {
        for kind in 0..4 {
            let p = family(&mut rng, k, kind);
            let alone = bergmann_hommel_apv(&p, k, Algorithm::SubsetDp, false, &NO).unwrap();
            let stack =
                bergmann_hommel_apv(&[p.clone(), p].concat(), k, Algorithm::SubsetDp, true, &NO)
                    .unwrap();
            for i in 0..alone.len() {
                assert_eq!(alone[i].to_bits(), stack[i].to_bits(), "k = {k}, pair {i}");
            }
        }
    }
}

/// p-values whose graphs G_t are nearly complete at most thresholds (a few small p-values
/// among equal large ones), nearly tied, or spread over many decades: the subset DP then
/// settles pairs by a greedy partition, counts others through the complement of G_t and
/// brings its tables up to date only where neither does.
fn hard_family(rng: &mut Rng, k: usize, kind: u64) -> Vec<f64> {
    let m = n_pairs(k);
    (0..m)
        .map(|_| match kind {
            0 if rng.next() % 5 == 0 => 1e-3 * rng.uniform(),
            0 => 0.9,
            1 => 1e-3 * (1.0 + 1e-6 * rng.uniform()),
            _ => 10f64.powf(-12.0 * rng.uniform()),
        })
        .collect()
}

#[test]
fn every_route_of_the_subset_dp_equals_the_definition() {
    let mut rng = Rng(2008);
    for k in 3..=9 {
        for rep in 0..30 {
            assert_definition(&hard_family(&mut rng, k, rep % 3), k, Algorithm::SubsetDp);
        }
    }
    for k in [10, 11] {
        for kind in 0..3 {
            assert_agree(&hard_family(&mut rng, k, kind), k);
        }
    }
}
