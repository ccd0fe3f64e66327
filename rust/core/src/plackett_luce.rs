//! Bayesian Plackett-Luce model of rankings: the Gibbs sampler of Caron & Doucet (2012).
//!
//! N rankings of k algorithms, `order[i * k + j]` the algorithm at position j (0 = best) of
//! ranking i. Under the Plackett-Luce model with weights w (Plackett 1975; Luce 1959),
//!
//! P(ranking | w) = prod_{j=0}^{k-2} w_{order_j} / sum_{l=j}^{k-1} w_{order_l},
//!
//! and with independent Gamma(a, b) priors on the weights, the normalised weights
//! w / sum(w) have the Dirichlet(a, ..., a) prior (scmamp's `bPlackettLuceModel`, a = 1),
//! whatever b: the likelihood does not depend on the scale of w.
//!
//! One sweep (Caron & Doucet 2012, Sec. 3.1 and 4.1), given w:
//! 1. each stage j of each ranking i gets a latent Z_ij ~ Exp(sum_{l >= j} w_{order_il});
//! 2. each weight is drawn from its Gamma conditional, w_m ~ Gamma(a + n_m, b + sum of the
//!    Z_ij of the stages where m was still unranked), n_m = the stages m won;
//! 3. the scale is redrawn, w <- Lambda w / sum(w) with Lambda ~ Gamma(k a, b), its exact
//!    conditional given w / sum(w) (their Sec. 3.2: it removes the slow drift of the scale).
//!
//! Ties (`tied[i * k + j]`: position j ties with j + 1): the order within a run of tied
//! positions is unknown and integrated over. Before step 1 each run is reordered by a
//! Metropolis-Hastings step whose proposal is a uniformly random order of the run, against
//! its conditional P(order | w) proportional to prod_j 1 / (sum_{l >= j} w_{order_l}) over
//! the run's positions (the product of the run's weights is the same for every order).
//!
//! The weights are drawn in the order of the first ranking as given, and the latent
//! variables in the order of the positions, so that relabelling the algorithms (without
//! ties) permutes the draws (up to the rounding of sums).
//!
//! Chains are independent: chain c draws from a xoshiro256++ stream seeded by `seed` and
//! jumped c times (2^128 steps apart), so results do not depend on the number of threads.
//! The rate b is 1 (it only scales w).

use rand_distr::{Distribution, Exp1, Gamma, Open01};
use rand_xoshiro::rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::error::{CoreError, Result};
use crate::interrupt::Interrupt;

/// Largest amount of work of one call, in units of (n_draws + n_chains n_burn) N k (one
/// latent variable each): about 4 ns per unit on one core, so about 40 s of one core
/// (benches/RESULTS-plackett-luce.md); the output holds n_draws k values (8 bytes each).
pub const MAX_WORK: f64 = 1e10;

/// Largest number of posterior values n_draws k returned by one call (800 MB).
pub const MAX_VALUES: usize = 100_000_000;

/// The settings of one run of the sampler.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Draws kept in all, split over the chains (chain c gets n_draws / n_chains, plus one
    /// for c < n_draws % n_chains), in chain order.
    pub n_draws: usize,
    /// Independent chains, each started from w = 1.
    pub n_chains: usize,
    /// Sweeps discarded at the start of each chain.
    pub n_burn: usize,
    /// Shape a of the Gamma prior of each weight (the Dirichlet concentration).
    pub prior: f64,
    /// Seed of every chain's stream.
    pub seed: u64,
}

/// Checks the rankings and settings before any work: `order` holds N >= 1 rows, each a
/// permutation of 0..k; `tied` is empty (no ties) or one flag per position.
pub fn check_plackett_luce(
    order: &[usize],
    tied: &[bool],
    k: usize,
    settings: &Settings,
) -> Result<()> {
    let bad = |detail: String| Err(CoreError::BadRankings { detail });
    if k < 2 {
        return Err(CoreError::TooFewAlgorithms { k: k as i64 });
    }
    if order.is_empty() || order.len() % k != 0 {
        return bad(format!(
            "{} positions do not make N >= 1 rankings of k = {k}",
            order.len()
        ));
    }
    if !tied.is_empty() && tied.len() != order.len() {
        return bad(format!(
            "tied holds {} flags for {} positions",
            tied.len(),
            order.len()
        ));
    }
    let mut seen = vec![usize::MAX; k];
    for (i, row) in order.chunks(k).enumerate() {
        for &a in row {
            if a >= k || seen[a] == i {
                return bad(format!(
                    "ranking {i} is not a permutation of 0 to {} (algorithm {a})",
                    k - 1
                ));
            }
            seen[a] = i;
        }
    }
    let s = settings;
    if !(s.prior.is_finite() && s.prior > 0.0) {
        return Err(CoreError::BadSetting {
            detail: format!("prior must be a finite number > 0, got {}", s.prior),
        });
    }
    if s.n_chains == 0 || s.n_draws < s.n_chains {
        return Err(CoreError::BadSetting {
            detail: format!(
                "n_draws ({}) must be at least n_chains ({}) >= 1",
                s.n_draws, s.n_chains
            ),
        });
    }
    let sweeps = s.n_draws as f64 + s.n_chains as f64 * s.n_burn as f64;
    let work = sweeps * order.len() as f64;
    if work > MAX_WORK || s.n_draws.saturating_mul(k) > MAX_VALUES {
        return Err(CoreError::TooMuchWork {
            work,
            values: s.n_draws as f64 * k as f64,
            max_work: MAX_WORK,
            max_values: MAX_VALUES as f64,
        });
    }
    Ok(())
}

/// Posterior draws of the normalised weights: n_draws rows of k values summing to 1, the
/// draws of chain 0 first. Checks its input with [`check_plackett_luce`]; `stop` is
/// checked at every sweep.
pub fn plackett_luce_gibbs(
    order: &[usize],
    tied: &[bool],
    k: usize,
    settings: &Settings,
    stop: &Interrupt,
) -> Result<Vec<f64>> {
    check_plackett_luce(order, tied, k, settings)?;
    let mut out = vec![0.0; settings.n_draws * k];
    let mut parts = Vec::with_capacity(settings.n_chains);
    let mut rest = out.as_mut_slice();
    for c in 0..settings.n_chains {
        let extra = usize::from(c < settings.n_draws % settings.n_chains);
        let (part, tail) = rest.split_at_mut((settings.n_draws / settings.n_chains + extra) * k);
        parts.push((c, part));
        rest = tail;
    }
    parts.into_par_iter().for_each(|(c, part)| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed);
        for _ in 0..c {
            rng.jump();
        }
        Chain::new(order, tied, k, settings.prior).run(&mut rng, settings.n_burn, part, stop);
    });
    stop.check()?;
    Ok(out)
}

/// The pairwise summaries of n draws of k normalised weights (rows of `samples`): row-major
/// k x k matrices of P(w_a > w_b) and of the mean of w_a / (w_a + w_b) (0 on the diagonal),
/// rows computed in parallel, each summed in draw order (the same bits on any thread count).
pub fn pairwise(samples: &[f64], k: usize, stop: &Interrupt) -> Result<(Vec<f64>, Vec<f64>)> {
    if k == 0 || samples.is_empty() || samples.len() % k != 0 {
        return Err(CoreError::BadSetting {
            detail: format!(
                "{} values are not n >= 1 draws of k = {k} weights",
                samples.len()
            ),
        });
    }
    let n = (samples.len() / k) as f64;
    let mut better = vec![0.0; k * k];
    let mut above = vec![0.0; k * k];
    better
        .par_chunks_mut(k)
        .zip(above.par_chunks_mut(k))
        .enumerate()
        .for_each(|(a, (better, above))| {
            if stop.is_raised() {
                return;
            }
            for draw in samples.chunks(k) {
                let wa = draw[a];
                for ((p, q), &wb) in better.iter_mut().zip(above.iter_mut()).zip(draw) {
                    *p += f64::from(u8::from(wa > wb));
                    *q += wa / (wa + wb);
                }
            }
            above[a] = 0.0;
            for (p, q) in better.iter_mut().zip(above.iter_mut()) {
                *p /= n;
                *q /= n;
            }
        });
    stop.check()?;
    Ok((better, above))
}

/// The state of one chain: the weights and (with ties) its own copy of the rankings.
struct Chain<'a> {
    k: usize,
    prior: f64,
    order: Vec<usize>,
    tied: &'a [bool],
    /// The algorithms in the order of the first ranking: the order of the weights' draws.
    first: Vec<usize>,
    w: Vec<f64>,
    shape: Vec<f64>,
    rate: Vec<f64>,
    suffix: Vec<f64>,
}

impl<'a> Chain<'a> {
    fn new(order: &[usize], tied: &'a [bool], k: usize, prior: f64) -> Self {
        Self {
            k,
            prior,
            order: order.to_vec(),
            tied: if tied.contains(&true) { tied } else { &[] },
            first: order[..k].to_vec(),
            w: vec![1.0; k],
            shape: vec![0.0; k],
            rate: vec![0.0; k],
            suffix: vec![0.0; k],
        }
    }

    /// `n_burn` sweeps discarded, then one row of normalised weights per sweep into `out`.
    fn run(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        n_burn: usize,
        out: &mut [f64],
        stop: &Interrupt,
    ) {
        for _ in 0..n_burn {
            if stop.is_raised() {
                return;
            }
            self.sweep(rng);
        }
        for row in out.chunks_mut(self.k) {
            if stop.is_raised() {
                return;
            }
            self.sweep(rng);
            let total: f64 = self.w.iter().sum();
            for (o, w) in row.iter_mut().zip(&self.w) {
                *o = w / total;
            }
        }
    }

    fn sweep(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let k = self.k;
        if !self.tied.is_empty() {
            self.reorder_ties(rng);
        }
        self.shape.fill(self.prior);
        self.rate.fill(1.0);
        for row in self.order.chunks(k) {
            let mut sum = 0.0;
            for (s, &a) in self.suffix.iter_mut().zip(row).rev() {
                sum += self.w[a];
                *s = sum;
            }
            // The latent Z_j of stage j counts for every algorithm still unranked there:
            // the one at position p collects Z_0 + ... + Z_min(p, k-2).
            let mut collected = 0.0;
            for (&a, &s) in row[..k - 1].iter().zip(&self.suffix) {
                let z: f64 = Exp1.sample(rng);
                collected += z / s;
                self.rate[a] += collected;
                self.shape[a] += 1.0;
            }
            self.rate[row[k - 1]] += collected;
        }
        for &m in &self.first {
            self.w[m] = gamma(rng, self.shape[m]) / self.rate[m];
        }
        let total: f64 = self.w.iter().sum();
        let scale = gamma(rng, k as f64 * self.prior) / total;
        for w in &mut self.w {
            // Kept positive (an underflow to 0 would empty a stage's sum).
            *w = (*w * scale).max(f64::MIN_POSITIVE);
        }
    }

    /// One Metropolis-Hastings step per run of tied positions of every ranking.
    fn reorder_ties(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let k = self.k;
        for (row, ties) in self.order.chunks_mut(k).zip(self.tied.chunks(k)) {
            let mut after = 0.0; // the weights of the positions after the current run
            let mut end = k;
            while end > 0 {
                let mut start = end - 1;
                while start > 0 && ties[start - 1] {
                    start -= 1;
                }
                let run = &mut row[start..end];
                if run.len() > 1 {
                    reorder_run(rng, run, &self.w, after);
                }
                after += run.iter().map(|&a| self.w[a]).sum::<f64>();
                end = start;
            }
        }
    }
}

/// log P(order of a run | w), up to a constant: -sum_j ln(sum_{l >= j} w_l + after).
fn run_log_weight(run: &[usize], w: &[f64], after: f64) -> f64 {
    let mut sum = after;
    let mut log = 0.0;
    for &a in run.iter().rev() {
        sum += w[a];
        log -= sum.ln();
    }
    log
}

/// A uniformly random order of `run` (Fisher-Yates), accepted with the Metropolis-Hastings
/// probability; `after` is the sum of the weights ranked after the run.
fn reorder_run(rng: &mut Xoshiro256PlusPlus, run: &mut [usize], w: &[f64], after: f64) {
    let current = run_log_weight(run, w, after);
    let mut proposal = run.to_vec();
    for i in (1..proposal.len()).rev() {
        let u: f64 = Open01.sample(rng);
        let j = ((u * (i + 1) as f64) as usize).min(i);
        proposal.swap(i, j);
    }
    let u: f64 = Open01.sample(rng);
    if u.ln() < run_log_weight(&proposal, w, after) - current {
        run.copy_from_slice(&proposal);
    }
}

/// A Gamma(shape, 1) variate (shape > 0).
fn gamma(rng: &mut Xoshiro256PlusPlus, shape: f64) -> f64 {
    // The shape is checked finite and positive before any work.
    Gamma::new(shape, 1.0).map_or(f64::NAN, |g| g.sample(rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(n_draws: usize, n_chains: usize) -> Settings {
        Settings {
            n_draws,
            n_chains,
            n_burn: 200,
            prior: 1.0,
            seed: 7,
        }
    }

    #[test]
    fn draws_lie_on_the_simplex_and_repeat_with_the_seed() {
        let order = [0, 1, 2, 1, 0, 2, 0, 2, 1];
        let s = settings(101, 3);
        let a = plackett_luce_gibbs(&order, &[], 3, &s, &Interrupt::new()).unwrap();
        let b = plackett_luce_gibbs(&order, &[], 3, &s, &Interrupt::new()).unwrap();
        assert_eq!(a, b);
        for row in a.chunks(3) {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            assert!(row.iter().all(|&v| v > 0.0));
        }
    }

    #[test]
    fn one_thread_gives_the_same_draws() {
        let order = [0, 1, 2, 3, 3, 2, 1, 0, 1, 0, 3, 2];
        let tied = [
            false, true, false, false, false, false, false, false, true, true, false, false,
        ];
        let s = settings(400, 4);
        let many = plackett_luce_gibbs(&order, &tied, 4, &s, &Interrupt::new()).unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let one = pool
            .install(|| plackett_luce_gibbs(&order, &tied, 4, &s, &Interrupt::new()))
            .unwrap();
        assert_eq!(many, one);
    }

    #[test]
    fn a_consistent_winner_gets_the_largest_weight() {
        let order: Vec<usize> = (0..20).flat_map(|_| [2, 0, 1]).collect();
        let draws =
            plackett_luce_gibbs(&order, &[], 3, &settings(2000, 2), &Interrupt::new()).unwrap();
        let mean = |a: usize| draws.iter().skip(a).step_by(3).sum::<f64>() / 2000.0;
        assert!(mean(2) > mean(0) && mean(0) > mean(1), "{}", mean(2));
    }

    #[test]
    fn bad_input_is_refused_before_work() {
        let s = settings(10, 2);
        let stop = Interrupt::new();
        let err = |order: &[usize], tied: &[bool], k, s: &Settings| {
            plackett_luce_gibbs(order, tied, k, s, &stop).unwrap_err()
        };
        assert!(matches!(
            err(&[0, 0], &[], 2, &s),
            CoreError::BadRankings { .. }
        ));
        assert!(matches!(
            err(&[0, 1, 2], &[], 2, &s),
            CoreError::BadRankings { .. }
        ));
        assert!(matches!(
            err(&[0, 2], &[], 2, &s),
            CoreError::BadRankings { .. }
        ));
        assert!(matches!(
            err(&[0, 1], &[true], 2, &s),
            CoreError::BadRankings { .. }
        ));
        assert!(matches!(
            err(&[0], &[], 1, &s),
            CoreError::TooFewAlgorithms { .. }
        ));
        let zero = Settings { prior: 0.0, ..s };
        assert!(matches!(
            err(&[0, 1], &[], 2, &zero),
            CoreError::BadSetting { .. }
        ));
        let few = Settings { n_draws: 1, ..s };
        assert!(matches!(
            err(&[0, 1], &[], 2, &few),
            CoreError::BadSetting { .. }
        ));
        let huge = Settings {
            n_draws: 1 << 40,
            ..s
        };
        assert!(matches!(
            err(&[0, 1], &[], 2, &huge),
            CoreError::TooMuchWork { .. }
        ));
    }

    #[test]
    fn pairwise_summaries_count_and_average() {
        let samples = [0.5, 0.3, 0.2, 0.2, 0.3, 0.5];
        let (better, above) = pairwise(&samples, 3, &Interrupt::new()).unwrap();
        assert_eq!(better, [0.0, 0.5, 0.5, 0.5, 0.0, 0.5, 0.5, 0.5, 0.0]);
        let ab = (0.5 / 0.8 + 0.2 / 0.5) / 2.0;
        assert!((above[1] - ab).abs() < 1e-15 && (above[3] - (1.0 - ab)).abs() < 1e-15);
        assert_eq!([above[0], above[4], above[8]], [0.0; 3]);
        assert!(pairwise(&samples, 4, &Interrupt::new()).is_err());
    }

    #[test]
    fn a_raised_interrupt_stops_the_chains() {
        let stop = Interrupt::new();
        stop.raise();
        let got = plackett_luce_gibbs(&[0, 1], &[], 2, &settings(10, 2), &stop);
        assert_eq!(got, Err(CoreError::Interrupted));
    }
}
