//! Plain timing of the core: `cargo run --release -p multicomp-core --example bench [k_max] [k_min]`.
//!
//! One family of Bergmann-Hommel APVs per k for three kinds of p-values, enumeration vs
//! subset DP where both exist, a batch of 10,000 families at k = 8, and peak RSS.

use std::time::Duration;

use multicomp_core::bergmann_hommel::{bergmann_hommel_apv, Algorithm, AUTO_ENUMERATE_UP_TO};
use multicomp_core::exhaustive::exhaustive_sets;
use multicomp_core::pairs::n_pairs;
use multicomp_core::shaffer::shaffer_apv;

#[path = "../tests/common/mod.rs"]
mod common;
use common::{arg, peak_rss_mib, time, two_sided, Rng, NO};

/// p-values of the three kinds: "uniform" (all nulls false or true at random),
/// "friedman" (Friedman post-hoc z of N = 30 data sets, algorithms with spread-out
/// true ranks), "spread" (log-uniform over 1e-12..1: strong, varied effects, a
/// case that the interval structure of "friedman" does not help), "near_ties" (all
/// distinct but within 1e-6 relative of each other: no threshold can be pruned, a
/// hard case), "stars" (like near_ties, but the smallest p-values are the pairs of
/// algorithm 0, then of algorithm 1, ...: the low thresholds keep nearly complete graphs,
/// a hard case for the DP), "two_cliques" (near ties, the pairs within two halves above
/// those across: the graphs are two cliques plus ever more edges between them).
fn family(rng: &mut Rng, k: usize, kind: &str) -> Vec<f64> {
    let m = n_pairs(k);
    match kind {
        "uniform" => (0..m).map(|_| rng.uniform()).collect(),
        "spread" => (0..m).map(|_| 10f64.powf(-12.0 * rng.uniform())).collect(),
        "near_ties" => (0..m)
            .map(|_| 1e-3 * (1.0 + 1e-6 * rng.uniform()))
            .collect(),
        _ => {
            let n = 30.0;
            let se = (k as f64 * (k as f64 + 1.0) / (6.0 * n)).sqrt();
            let r: Vec<f64> = (0..k)
                .map(|i| i as f64 * 0.25 + 0.3 * rng.normal())
                .collect();
            let mut p = Vec::with_capacity(m);
            for a in 0..k {
                for b in a + 1..k {
                    p.push(two_sided((r[a] - r[b]) / se));
                }
            }
            p
        }
    }
}

/// User + system CPU time of this process (all threads), from /proc/self/stat.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let after = s.rsplit_once(')')?.1;
            let f: Vec<&str> = after.split_whitespace().collect();
            // Fields 14 and 15 of stat(5), counted after the command name.
            let ticks = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
            Some(ticks / 100.0)
        })
        .unwrap_or(f64::NAN)
}

/// Milliseconds with 3 significant digits (at least 1 decimal).
fn ms(d: Duration) -> String {
    let x = d.as_secs_f64() * 1e3;
    let decimals = if x > 0.0 {
        (2 - x.log10().floor() as i32).max(1)
    } else {
        1
    };
    format!("{x:.*}", decimals as usize)
}

fn main() {
    let (k_max, k_min) = (arg(1, 18), arg(2, 3));
    println!("threads: {}", rayon::current_num_threads());
    println!(
        "| k | kind | families | enumerate (ms) | subset_dp (ms) | auto (ms) | peak RSS (MiB) |"
    );
    println!("|---|---|---|---|---|---|---|");
    for k in k_min..=k_max {
        for kind in [
            "uniform",
            "friedman",
            "spread",
            "near_ties",
            "stars",
            "two_cliques",
        ] {
            let mut rng = Rng(k as u64 * 1000 + kind.len() as u64);
            let fams: Vec<Vec<f64>> = (0..5).map(|_| family(&mut rng, k, kind)).collect();
            let reps = if k >= 17 {
                1
            } else if k >= 15 {
                3
            } else {
                11
            };
            let run = |alg: Algorithm| {
                // Median over the families of the median over repetitions.
                let mut per: Vec<Duration> = fams
                    .iter()
                    .take(if k >= 17 { 3 } else { 5 })
                    .map(|p| {
                        time(reps, || {
                            std::hint::black_box(
                                bergmann_hommel_apv(p, k, alg, false, &NO).unwrap(),
                            );
                        })
                    })
                    .collect();
                per.sort();
                per[per.len() / 2]
            };
            let enumerate = if k <= 11 {
                let _ = exhaustive_sets(k); // build the cache outside the timing
                ms(run(Algorithm::Enumerate))
            } else {
                "-".into()
            };
            let dp = run(Algorithm::SubsetDp);
            // Above AUTO_ENUMERATE_UP_TO, auto is the subset DP.
            let auto = if k <= AUTO_ENUMERATE_UP_TO {
                run(Algorithm::Auto)
            } else {
                dp
            };
            println!(
                "| {k} | {kind} | 1 | {enumerate} | {} | {} | {:.0} |",
                ms(dp),
                ms(auto),
                peak_rss_mib()
            );
        }
    }
    let k = 8;
    let m = n_pairs(k);
    for kind in ["uniform", "friedman", "spread"] {
        let mut rng = Rng(42);
        let flat: Vec<f64> = (0..10_000)
            .flat_map(|_| family(&mut rng, k, kind))
            .collect();
        assert_eq!(flat.len(), 10_000 * m);
        let e = time(5, || {
            std::hint::black_box(
                bergmann_hommel_apv(&flat, k, Algorithm::Enumerate, true, &NO).unwrap(),
            );
        });
        let d = time(5, || {
            std::hint::black_box(
                bergmann_hommel_apv(&flat, k, Algorithm::SubsetDp, true, &NO).unwrap(),
            );
        });
        let a = time(5, || {
            std::hint::black_box(
                bergmann_hommel_apv(&flat, k, Algorithm::Auto, true, &NO).unwrap(),
            );
        });
        let s = time(5, || {
            std::hint::black_box(shaffer_apv(&flat, k, true, &NO).unwrap());
        });
        // CPU time of auto (all threads): wall time on an idle machine is about this
        // divided by the number of cores.
        let before = cpu_seconds();
        for _ in 0..5 {
            std::hint::black_box(
                bergmann_hommel_apv(&flat, k, Algorithm::Auto, true, &NO).unwrap(),
            );
        }
        let cpu = (cpu_seconds() - before) / 5.0;
        println!(
            "| 8 | {kind} | 10000 | {} | {} | {} | {:.0} | (auto CPU {:.0} ms; Shaffer {} ms)",
            ms(e),
            ms(d),
            ms(a),
            peak_rss_mib(),
            cpu * 1e3,
            ms(s)
        );
    }
}
