//! Timing of the Robinson route of Bergmann-Hommel against the subset DP on the same rank
//! families: `cargo run --release -p multicomp-core --example robinson_bench [k_max] [dp_k_max]`.
//!
//! Families: Friedman post-hoc p-values (N = 30 data sets) of algorithms with spread-out
//! true merits ("spread"), all merits equal ("null"), scores on a coarse grid so that many
//! differences tie ("tied"), and "adversarial": distinct p-values within 1e-9 relative of
//! each other, non-increasing in the rank difference, so that no threshold can be pruned. Prints a Markdown table and the growth exponent in k of the
//! Robinson route fitted on the largest k.

use std::time::Duration;

use multicomp_core::bergmann_hommel::{bergmann_hommel_apv, Algorithm};
use multicomp_core::pairs::pairs;
use multicomp_core::robinson::bergmann_hommel_apv_robinson;

#[path = "../tests/common/mod.rs"]
mod common;
use common::{arg, peak_rss_mib, time, two_sided, Rng, NO};

/// (p-values, rank order) of one Friedman post-hoc family of k algorithms on n = 30 data
/// sets: average ranks of scores merit + noise, rank sums counted exactly.
fn friedman_family(rng: &mut Rng, k: usize, kind: &str) -> (Vec<f64>, Vec<usize>) {
    let n = 30usize;
    let mut sums = vec![0.0f64; k];
    for _ in 0..n {
        let scores: Vec<f64> = (0..k)
            .map(|j| {
                let merit = match kind {
                    "spread" => j as f64 * 0.25,
                    _ => 0.0,
                };
                let noise = rng.normal();
                if kind == "tied" {
                    (merit + noise).round()
                } else {
                    merit + noise
                }
            })
            .collect();
        // Mid-ranks (ties share the average rank), doubled to stay integral.
        for j in 0..k {
            let below = scores.iter().filter(|&&s| s < scores[j]).count();
            let equal = scores.iter().filter(|&&s| s == scores[j]).count();
            sums[j] += (2 * below + equal + 1) as f64;
        }
    }
    let se2 = (k * (k + 1)) as f64 / (6.0 * n as f64); // SE of average ranks, squared
    let z = |a: usize, b: usize| (sums[a] - sums[b]).abs() / (2.0 * n as f64) / se2.sqrt();
    let p: Vec<f64> = pairs(k)
        .iter()
        .map(|&(a, b)| {
            if kind == "adversarial" {
                1e-3 * (1.0 + 1e-9 * two_sided(z(a, b)))
            } else {
                two_sided(z(a, b))
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| sums[a].total_cmp(&sums[b]));
    (p, order)
}

fn main() {
    let (k_max, dp_max) = (arg(1, 50), arg(2, 20));
    let ks: Vec<usize> = [
        5, 8, 10, 12, 14, 16, 18, 20, 25, 30, 40, 50, 60, 70, 80, 100,
    ]
    .into_iter()
    .filter(|&k| k <= k_max)
    .collect();
    println!("threads: {}", rayon::current_num_threads());
    println!("| k | kind | robinson (ms) | subset_dp (ms) | ratio | peak RSS (MiB) |");
    println!("|---|---|---|---|---|---|");
    let mut worst: Vec<(f64, f64)> = Vec::new();
    for &k in &ks {
        let mut slowest = 0.0f64;
        for kind in ["spread", "null", "tied", "adversarial"] {
            let mut rng = Rng(k as u64 * 7919 + kind.len() as u64);
            let fams: Vec<(Vec<f64>, Vec<usize>)> =
                (0..3).map(|_| friedman_family(&mut rng, k, kind)).collect();
            let reps = if k >= 18 { 1 } else { 5 };
            let median_over = |f: &dyn Fn(&[f64], &[usize])| {
                let mut per: Vec<Duration> =
                    fams.iter().map(|(p, o)| time(reps, || f(p, o))).collect();
                per.sort();
                per[per.len() / 2]
            };
            let fast = median_over(&|p, o| {
                std::hint::black_box(bergmann_hommel_apv_robinson(p, k, o, false, &NO).unwrap());
            });
            slowest = slowest.max(fast.as_secs_f64());
            let (dp, ratio) = if k <= dp_max {
                // Same answers, bit for bit.
                for (p, o) in &fams {
                    let a = bergmann_hommel_apv_robinson(p, k, o, false, &NO).unwrap();
                    let b = bergmann_hommel_apv(p, k, Algorithm::SubsetDp, false, &NO).unwrap();
                    assert!(a.iter().zip(&b).all(|(x, y)| x.to_bits() == y.to_bits()));
                }
                let dp = median_over(&|p, _| {
                    std::hint::black_box(
                        bergmann_hommel_apv(p, k, Algorithm::SubsetDp, false, &NO).unwrap(),
                    );
                });
                (
                    format!("{:.3}", dp.as_secs_f64() * 1e3),
                    format!("{:.0}", dp.as_secs_f64() / fast.as_secs_f64()),
                )
            } else {
                ("-".into(), "-".into())
            };
            println!(
                "| {k} | {kind} | {:.3} | {dp} | {ratio} | {:.0} |",
                fast.as_secs_f64() * 1e3,
                peak_rss_mib()
            );
        }
        worst.push((k as f64, slowest));
    }
    // Growth exponent: least-squares slope of log time on log k over k >= 20.
    let big: Vec<(f64, f64)> = worst
        .iter()
        .filter(|&&(k, _)| k >= 20.0)
        .map(|&(k, t)| (k.ln(), t.ln()))
        .collect();
    if big.len() >= 2 {
        let n = big.len() as f64;
        let mx = big.iter().map(|x| x.0).sum::<f64>() / n;
        let my = big.iter().map(|x| x.1).sum::<f64>() / n;
        let sxy: f64 = big.iter().map(|x| (x.0 - mx) * (x.1 - my)).sum();
        let sxx: f64 = big.iter().map(|x| (x.0 - mx).powi(2)).sum();
        println!(
            "growth exponent of the slowest kind, k >= 20: {:.2}",
            sxy / sxx
        );
    }
}
