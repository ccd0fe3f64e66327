//! One chain of the Gibbs sampler of the hierarchical model (see the module docs of
//! [`super`] for the model and the order of the updates).

use rand_distr::{Distribution, Gamma, Open01, StandardNormal};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::slice::{ln_gamma, slice, slice_log};
use super::{Data, Prior};

/// The state of one chain: the hyper-parameters, each data set's mean delta_i, standard
/// deviation sigma_i and latent precision lambda_i of the Student-t as a scale mixture of
/// normals, nu - 1 and the Gamma prior's shape and rate.
pub(super) struct Chain<'a> {
    data: &'a Data,
    prior: &'a Prior,
    /// 1 + (n - 1) rho: the mean of n correlated folds has variance sigma^2 (1 + (n - 1) rho) / n.
    inflation: f64,
    pub(super) delta0: f64,
    pub(super) std0: f64,
    delta: Vec<f64>,
    sigma: Vec<f64>,
    lambda: Vec<f64>,
    nu_minus_one: f64,
    alpha: f64,
    beta: f64,
}

impl<'a> Chain<'a> {
    /// A chain started at random near the data: delta_i at the data set's mean, sigma_i at
    /// its standard deviation, delta0 and std0 drawn around the means' centre and spread,
    /// nu - 1, alpha and beta drawn within their prior ranges.
    pub(super) fn new(data: &'a Data, prior: &'a Prior, rng: &mut Xoshiro256PlusPlus) -> Self {
        let n = data.n as f64;
        let q = data.means.len() as f64;
        let centre = data.means.iter().sum::<f64>() / q;
        let spread = (data.means.iter().map(|m| (m - centre).powi(2)).sum::<f64>() / q).sqrt();
        let sigma: Vec<f64> = data
            .sum_squares
            .iter()
            .map(|s| {
                (s / (n - 1.0))
                    .sqrt()
                    .clamp(1e-3 * prior.sigma_high, 0.5 * prior.sigma_high)
            })
            .collect();
        let mut u = || -> f64 { Open01.sample(rng) };
        let scale = spread.max(sigma.iter().sum::<f64>() / q / n.sqrt());
        Self {
            data,
            prior,
            inflation: 1.0 + (n - 1.0) * data.rho,
            delta0: (centre + scale * (2.0 * u() - 1.0))
                .clamp(-prior.delta0_bound, prior.delta0_bound)
                * 0.999,
            std0: (scale * (0.5 + u())).min(0.5 * prior.std0_high),
            delta: data.means.clone(),
            sigma,
            lambda: vec![1.0; data.means.len()],
            nu_minus_one: 1.0 + 30.0 * u(),
            alpha: lerp(prior.alpha, u()),
            beta: lerp(prior.beta, u()),
        }
    }

    /// nu, the Student-t's degrees of freedom.
    pub(super) fn nu(&self) -> f64 {
        self.nu_minus_one + 1.0
    }

    /// One sweep of the updates, in the order of the module docs.
    pub(super) fn sweep(&mut self, rng: &mut Xoshiro256PlusPlus) {
        self.std0_given_lambda(rng);
        self.delta0_given_lambda(rng);
        self.deltas(rng);
        self.sigmas(rng);
        self.nu_given_deltas(rng);
        self.std0_given_deltas(rng);
        self.lambdas(rng);
        self.gamma_prior(rng);
    }

    /// Variance of data set i's mean delta_i around delta0 plus that of its fold mean around
    /// delta_i, given lambda_i and sigma_i (delta_i integrated out).
    fn marginal_variance(&self, i: usize, std0: f64) -> f64 {
        std0 * std0 / self.lambda[i] + self.sigma[i].powi(2) * self.inflation / self.data.n as f64
    }

    /// ln p(mean_i, i = 1..q | delta0, std0, lambda, sigma), delta integrated out.
    fn collapsed_log_lik(&self, delta0: f64, std0: f64) -> f64 {
        let mut total = 0.0;
        for (i, m) in self.data.means.iter().enumerate() {
            let v = self.marginal_variance(i, std0);
            total -= 0.5 * (v.ln() + (m - delta0).powi(2) / v);
        }
        total
    }

    /// std0 | lambda, sigma, delta0 with delta integrated out (flat prior on (0, std0_high)),
    /// by slice sampling of ln std0.
    fn std0_given_lambda(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let delta0 = self.delta0;
        let log_f = |s: f64| self.collapsed_log_lik(delta0, s);
        self.std0 = slice_log(rng, self.std0, log_f, self.prior.std0_high);
    }

    /// delta0 | lambda, sigma, std0 with delta integrated out: normal, truncated to the
    /// prior's (-bound, bound), by slice sampling.
    fn delta0_given_lambda(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let std0 = self.std0;
        let precision: f64 = (0..self.delta.len())
            .map(|i| 1.0 / self.marginal_variance(i, std0))
            .sum();
        let log_f = |d: f64| self.collapsed_log_lik(d, std0);
        let bound = self.prior.delta0_bound;
        self.delta0 = slice(
            rng,
            self.delta0,
            log_f,
            2.0 / precision.sqrt(),
            -bound,
            bound,
        );
    }

    /// delta_i | delta0, std0, lambda_i, sigma_i: normal (conjugate).
    fn deltas(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let n = self.data.n as f64;
        for i in 0..self.delta.len() {
            let from_data = n / (self.sigma[i].powi(2) * self.inflation);
            let from_prior = self.lambda[i] / self.std0.powi(2);
            let precision = from_data + from_prior;
            let mean = (from_data * self.data.means[i] + from_prior * self.delta0) / precision;
            let z: f64 = StandardNormal.sample(rng);
            self.delta[i] = mean + z / precision.sqrt();
        }
    }

    /// sigma_i | delta_i: with Q_i = SS_i / (1 - rho) + n (mean_i - delta_i)^2 / (1 + (n - 1)
    /// rho), 1 / sigma_i^2 is Gamma((n - 1) / 2, rate Q_i / 2) truncated to sigma_i <
    /// sigma_high (flat prior on sigma_i), drawn by rejection.
    fn sigmas(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let (n, rho) = (self.data.n as f64, self.data.rho);
        let floor = self.prior.sigma_high.powi(-2);
        let Ok(shape) = Gamma::new(0.5 * (n - 1.0), 1.0) else {
            return;
        };
        for i in 0..self.delta.len() {
            let q = self.data.sum_squares[i] / (1.0 - rho)
                + n * (self.data.means[i] - self.delta[i]).powi(2) / self.inflation;
            for _ in 0..1000 {
                let precision = shape.sample(rng) * 2.0 / q;
                if precision > floor {
                    self.sigma[i] = precision.sqrt().recip();
                    break;
                }
            }
        }
    }

    /// sum_i ln t_nu(delta_i; delta0, std0), the Student-t density of the data sets' means.
    fn t_log_lik(&self, nu: f64, delta0: f64, std0: f64) -> f64 {
        let q = self.delta.len() as f64;
        let constant = ln_gamma(0.5 * (nu + 1.0))
            - ln_gamma(0.5 * nu)
            - 0.5 * (nu * std::f64::consts::PI).ln()
            - std0.ln();
        let tails: f64 = self
            .delta
            .iter()
            .map(|d| (((d - delta0) / std0).powi(2) / nu).ln_1p())
            .sum();
        q * constant - 0.5 * (nu + 1.0) * tails
    }

    /// nu - 1 | delta, delta0, std0, alpha, beta with lambda integrated out: Gamma(alpha,
    /// beta) prior times the Student-t density, by slice sampling of ln(nu - 1).
    fn nu_given_deltas(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let (alpha, beta, delta0, std0) = (self.alpha, self.beta, self.delta0, self.std0);
        let log_f =
            |m: f64| (alpha - 1.0) * m.ln() - beta * m + self.t_log_lik(m + 1.0, delta0, std0);
        self.nu_minus_one = slice_log(rng, self.nu_minus_one, log_f, f64::INFINITY);
    }

    /// std0 | delta, delta0, nu with lambda integrated out, by slice sampling of ln std0.
    fn std0_given_deltas(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let (nu, delta0) = (self.nu(), self.delta0);
        let log_f = |s: f64| self.t_log_lik(nu, delta0, s);
        self.std0 = slice_log(rng, self.std0, log_f, self.prior.std0_high);
    }

    /// lambda_i | nu, delta_i, delta0, std0: Gamma((nu + 1) / 2, rate (nu + z_i^2) / 2) with
    /// z_i = (delta_i - delta0) / std0.
    fn lambdas(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let nu = self.nu();
        let Ok(shape) = Gamma::new(0.5 * (nu + 1.0), 1.0) else {
            return;
        };
        for i in 0..self.delta.len() {
            let z = (self.delta[i] - self.delta0) / self.std0;
            self.lambda[i] = shape.sample(rng) * 2.0 / (nu + z * z);
        }
    }

    /// alpha | nu - 1, beta and beta | nu - 1, alpha, flat priors on their ranges, by slice
    /// sampling.
    fn gamma_prior(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let (m, beta) = (self.nu_minus_one, self.beta);
        let log_f = |a: f64| a * beta.ln() - ln_gamma(a) + (a - 1.0) * m.ln();
        let (lo, hi) = self.prior.alpha;
        self.alpha = slice(rng, self.alpha, log_f, hi - lo, lo, hi);
        let alpha = self.alpha;
        let log_f = |b: f64| alpha * b.ln() - b * m;
        let (lo, hi) = self.prior.beta;
        self.beta = slice(rng, self.beta, log_f, hi - lo, lo, hi);
    }
}

/// The point a fraction `u` of the way through `range`.
fn lerp(range: (f64, f64), u: f64) -> f64 {
    range.0 + u * (range.1 - range.0)
}
