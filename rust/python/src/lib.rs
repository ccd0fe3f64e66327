//! Thin PyO3 layer over `multicomp-core`: argument checks while holding the GIL,
//! computation with it released, and the one mapping of core errors to `ValueError`.

use multicomp_core::adjust::{self, Procedure};
use multicomp_core::bergmann_hommel::{self, Algorithm};
use multicomp_core::error::Result as CoreResult;
use multicomp_core::pairs::{check_family_length, check_k, check_k_bergmann_hommel, check_pvalues};
use multicomp_core::permutation;
use multicomp_core::plackett_luce::{self, check_plackett_luce, Settings};
use multicomp_core::robinson::{self, check_k_robinson};
use multicomp_core::{
    exhaustive, shaffer, CoreError, Interrupt, MAX_K, MAX_K_ENUMERATE, MAX_K_ROBINSON,
    MAX_K_SHAFFER,
};
use numpy::ndarray::{ArrayD, IxDyn};
use numpy::{
    AllowTypeChange, PyArray1, PyArray2, PyArrayDyn, PyArrayLike1, PyArrayLike2, PyArrayLike3,
    PyArrayLikeDyn, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

mod pool;

/// Errors of this module: a core error (-> ValueError) or a Python error passed through.
enum Error {
    Core(CoreError),
    Py(PyErr),
}

impl From<CoreError> for Error {
    fn from(e: CoreError) -> Self {
        Self::Core(e)
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Self {
        Self::Py(e)
    }
}

impl From<Error> for PyErr {
    fn from(e: Error) -> Self {
        match e {
            Error::Core(core) => PyValueError::new_err(core.to_string()),
            Error::Py(err) => err,
        }
    }
}

type Result<T> = std::result::Result<T, Error>;

/// How often a computation in progress looks for a pending Python signal.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Calls of one family at most this k are quick (a few milliseconds at
/// most, which delays a Ctrl-C unnoticeably; benches/RESULTS-rust.md): Shaffer's S(100)
/// takes about 0.1 ms, a Bergmann-Hommel family at k = 12 about 0.4 ms, and one by the
/// Robinson route at k = 20 about 0.5 ms.
const QUICK_K_SHAFFER: usize = 100;
const QUICK_K_BERGMANN_HOMMEL: usize = 12;
const QUICK_K_ROBINSON: usize = 20;

/// Runs `work` on this process's thread pool ([`pool::pool`], fork-safe) with the GIL
/// released, while this thread looks for pending signals (Ctrl-C) every [`SIGNAL_POLL`]:
/// when a signal handler raises, the [`Interrupt`] given to `work` is raised, `work` stops
/// at its next check, and the handler's exception (KeyboardInterrupt) is returned. Every
/// core call that can be long goes through here. `quick`: the work surely takes well under
/// [`SIGNAL_POLL`] (or, like one family of step-wise APVs, has no check to stop at) and the
/// core keeps it on the calling thread (one family, or a stack the core does not spread
/// over threads), so it runs here without the checks (handing it to the pool would cost
/// about 15 us, more on a busy machine).
fn interruptible<T, F>(py: Python<'_>, quick: bool, work: F) -> Result<T>
where
    T: Send,
    F: FnOnce(&Interrupt) -> CoreResult<T> + Send,
{
    let stop = Interrupt::new();
    if quick {
        return Ok(py.detach(|| work(&stop))?);
    }
    let pool = pool::pool(py)?;
    let (sender, mut receiver) = mpsc::channel();
    let mut signal: Option<PyErr> = None;
    let result = pool.in_place_scope(|scope| {
        let stop = &stop;
        scope.spawn(move |_| {
            // The receiver outlives the work: the scope waits for it.
            let _ = sender.send(work(stop));
        });
        loop {
            let (back, received) = py.detach(move || {
                let received = receiver.recv_timeout(SIGNAL_POLL);
                (receiver, received)
            });
            receiver = back;
            match received {
                Ok(result) => return Some(result),
                // The work panicked: the scope re-raises the panic.
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => {
                    if signal.is_none() {
                        if let Err(e) = py.check_signals() {
                            stop.raise();
                            signal = Some(e);
                        }
                    }
                }
            }
        }
    });
    match (signal, result) {
        (Some(e), _) => Err(e.into()),
        (None, Some(result)) => Ok(result?),
        (None, None) => Err(CoreError::Interrupted.into()),
    }
}

/// `k` (any Python integer) as a number of algorithms: at least 2. An integer beyond the
/// i64 range is saturated, so that it meets the core's checks (a ValueError naming the
/// limit) rather than an OverflowError.
fn read_k(k: &Bound<'_, PyAny>) -> Result<usize> {
    let k = match k.extract::<i64>() {
        Ok(k) => k,
        Err(e) if e.is_instance_of::<PyOverflowError>(k.py()) => {
            if k.gt(0)? {
                i64::MAX
            } else {
                i64::MIN
            }
        }
        Err(e) => return Err(e.into()),
    };
    Ok(check_k(k)?)
}

/// One family (m,) or a stack (n_families, m) of p-values, checked for k, copied out.
struct Families {
    shape: Vec<usize>,
    values: Vec<f64>,
}

impl Families {
    fn read(pvalues: &PyArrayLikeDyn<'_, f64, AllowTypeChange>, k: usize) -> Result<Self> {
        let shape = pvalues.shape().to_vec();
        match shape.len() {
            1 | 2 => check_family_length(k, shape[shape.len() - 1])?,
            ndim => return Err(CoreError::WrongDimensions { ndim }.into()),
        }
        let values: Vec<f64> = pvalues.as_array().iter().copied().collect();
        check_pvalues(&values, k, shape.len() == 2)?;
        Ok(Self { shape, values })
    }

    /// [`Families::read`] for one family (1-D p-values) only.
    fn read_one(pvalues: &PyArrayLikeDyn<'_, f64, AllowTypeChange>, k: usize) -> Result<Self> {
        let fam = Self::read(pvalues, k)?;
        if fam.stacked() {
            return Err(CoreError::NotOneFamily { ndim: 2 }.into());
        }
        Ok(fam)
    }

    fn stacked(&self) -> bool {
        self.shape.len() == 2
    }

    fn output<'py>(&self, py: Python<'py>, out: Vec<f64>) -> Result<Bound<'py, PyArrayDyn<f64>>> {
        let array = ArrayD::from_shape_vec(IxDyn(&self.shape), out)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyArrayDyn::from_owned_array(py, array))
    }
}

/// Shaffer's S(k): the possible numbers of true hypotheses among the k(k-1)/2 pairs,
/// ascending (Garcia & Herrera 2008, Sec. 2.1); 2 <= k <= 2000.
#[pyfunction]
fn shaffer_counts(py: Python<'_>, k: &Bound<'_, PyAny>) -> Result<Vec<usize>> {
    let k = read_k(k)?;
    shaffer::check_k_shaffer(k)?;
    interruptible(py, k <= QUICK_K_SHAFFER, |stop| {
        shaffer::shaffer_counts(k, stop)
    })
}

/// Shaffer's multipliers t_1..t_m, t_i = max{s in S(k): s <= m - i + 1}.
#[pyfunction]
fn shaffer_multipliers(py: Python<'_>, k: &Bound<'_, PyAny>) -> Result<Vec<usize>> {
    let k = read_k(k)?;
    shaffer::check_k_shaffer(k)?;
    interruptible(py, k <= QUICK_K_SHAFFER, |stop| {
        shaffer::shaffer_multipliers(k, stop)
    })
}

/// The Bell(k) - 1 exhaustive sets for 2 <= k <= MAX_K_ENUMERATE, each an int bit mask
/// over the hypotheses (bit h = pair h in itertools.combinations order). Ordered by
/// number of hypotheses, then lexicographically by the ascending hypothesis indices
/// (the order of Garcia & Herrera 2008). Built once per k and cached.
#[pyfunction]
fn exhaustive_sets(py: Python<'_>, k: &Bound<'_, PyAny>) -> Result<Vec<u64>> {
    let k = read_k(k)?;
    let sets = py.detach(|| exhaustive::exhaustive_sets(k))?;
    Ok(sets.to_vec())
}

/// Shaffer's static APVs, APV_i = min(1, max_{j <= i} t_j p_(j)) in ascending order of p,
/// returned in input order. `pvalues`: shape (m,) or (n_families, m).
#[pyfunction]
fn shaffer_apv<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    k: &Bound<'_, PyAny>,
) -> Result<Bound<'py, PyArrayDyn<f64>>> {
    let k = read_k(k)?;
    shaffer::check_k_shaffer(k)?;
    let fam = Families::read(&pvalues, k)?;
    let quick = k <= QUICK_K_SHAFFER && !fam.stacked();
    let out = interruptible(py, quick, |stop| {
        shaffer::shaffer_apv(&fam.values, k, fam.stacked(), stop)
    })?;
    fam.output(py, out)
}

/// Bergmann-Hommel APVs, APV_i = min(1, max{|I| min_{j in I} p_j : I exhaustive, i in I})
/// (no monotone step). `pvalues`: shape (m,) or (n_families, m), rows in parallel.
/// `algorithm`: "auto", "enumerate" (k <= MAX_K_ENUMERATE) or "subset_dp"; all agree
/// bitwise. k <= MAX_K.
#[pyfunction]
#[pyo3(signature = (pvalues, k, algorithm = "auto"))]
fn bergmann_hommel_apv<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    k: &Bound<'_, PyAny>,
    algorithm: &str,
) -> Result<Bound<'py, PyArrayDyn<f64>>> {
    let k = read_k(k)?;
    let algorithm: Algorithm = algorithm.parse()?;
    bergmann_hommel::check_bergmann_hommel(k, algorithm)?;
    let fam = Families::read(&pvalues, k)?;
    let quick = k <= QUICK_K_BERGMANN_HOMMEL && !fam.stacked();
    let out = interruptible(py, quick, |stop| {
        bergmann_hommel::bergmann_hommel_apv(&fam.values, k, algorithm, fam.stacked(), stop)
    })?;
    fam.output(py, out)
}

/// Bergmann-Hommel's acceptance set A at level alpha for one family (1-D p-values):
/// True for the hypotheses in A (not rejected), i.e. those with APV > alpha.
#[pyfunction]
fn bergmann_hommel_accepted<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    k: &Bound<'_, PyAny>,
    alpha: f64,
) -> Result<Bound<'py, PyArray1<bool>>> {
    let k = read_k(k)?;
    check_k_bergmann_hommel(k)?;
    multicomp_core::pairs::check_alpha(alpha)?;
    let fam = Families::read_one(&pvalues, k)?;
    let out = interruptible(py, k <= QUICK_K_BERGMANN_HOMMEL, |stop| {
        bergmann_hommel::bergmann_hommel_accepted(&fam.values, k, alpha, stop)
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// Orders of the algorithms: (k,) for every family or (n_families, k), each a permutation
/// of 0..k (order[i] = the algorithm at rank position i).
fn read_orders(
    order: &PyArrayLikeDyn<'_, i64, AllowTypeChange>,
    k: usize,
    fam: &Families,
) -> Result<Vec<usize>> {
    let shape = order.shape();
    let families = if fam.stacked() { fam.shape[0] } else { 1 };
    let fits = shape.len() == 1 || (shape.len() == 2 && fam.stacked() && shape[0] == families);
    if !fits || shape[shape.len() - 1] != k {
        return Err(CoreError::BadOrder {
            k,
            detail: format!("got shape {shape:?}"),
        }
        .into());
    }
    order
        .as_array()
        .iter()
        .map(|&a| {
            usize::try_from(a).map_err(|_| {
                CoreError::BadOrder {
                    k,
                    detail: format!("algorithm {a} is out of range"),
                }
                .into()
            })
        })
        .collect()
}

/// Bergmann-Hommel APVs of families that are Robinson in the given rank order (a rank
/// post-hoc: p a non-increasing function of the rank difference), in polynomial time for
/// k <= MAX_K_ROBINSON; bitwise equal to bergmann_hommel_apv. `order`: shape (k,) or
/// (n_families, k). ValueError if a family is not Robinson in its order.
#[pyfunction]
fn bergmann_hommel_apv_robinson<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    k: &Bound<'_, PyAny>,
    order: PyArrayLikeDyn<'py, i64, AllowTypeChange>,
) -> Result<Bound<'py, PyArrayDyn<f64>>> {
    let k = read_k(k)?;
    check_k_robinson(k)?;
    let fam = Families::read(&pvalues, k)?;
    let orders = read_orders(&order, k, &fam)?;
    let quick = k <= QUICK_K_ROBINSON && !fam.stacked();
    let out = interruptible(py, quick, |stop| {
        robinson::bergmann_hommel_apv_robinson(&fam.values, k, &orders, fam.stacked(), stop)
    })?;
    fam.output(py, out)
}

/// Whether one family (1-D p-values) is Robinson in `order` (shape (k,)): p_il <=
/// min(p_ij, p_jl) for all rank positions i < j < l.
#[pyfunction]
fn is_robinson<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    k: &Bound<'_, PyAny>,
    order: PyArrayLikeDyn<'py, i64, AllowTypeChange>,
) -> Result<bool> {
    let k = read_k(k)?;
    check_k_robinson(k)?;
    let fam = Families::read_one(&pvalues, k)?;
    let order = read_orders(&order, k, &fam)?;
    Ok(py.detach(|| robinson::is_robinson(&fam.values, k, &order))?)
}

/// Step-wise APVs ("bonferroni", "holm", "hochberg" or "hommel", G10 Sec. 5; Hommel by
/// the O(m log m) route of `multicomp_core::adjust`) of one family (m,) or of one family
/// per row (n_families, m), in input order; families in parallel. Values in [0, 1].
#[pyfunction]
fn adjust_pvalues<'py>(
    py: Python<'py>,
    pvalues: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
    procedure: &str,
) -> Result<Bound<'py, PyArrayDyn<f64>>> {
    let procedure: Procedure = procedure.parse()?;
    let shape = pvalues.shape().to_vec();
    if !(1..=2).contains(&shape.len()) {
        return Err(CoreError::WrongDimensions { ndim: shape.len() }.into());
    }
    let m = shape[shape.len() - 1];
    let copied: Vec<f64>;
    let values = match pvalues.as_slice() {
        Ok(rows) if pvalues.is_c_contiguous() => rows,
        _ => {
            copied = pvalues.as_array().iter().copied().collect();
            &copied
        }
    };
    // One family runs on this thread whatever its size: the core does not stop within a
    // family, so the pool would only wait for it, and its buffers would come from another
    // thread's heap, where those freed by repeated calls pile up (benches/RESULTS-adjust.md).
    let quick = values.len() <= adjust::SEQUENTIAL_VALUES || values.len() == m;
    let out = interruptible(py, quick, |stop| adjust::adjust(values, m, procedure, stop))?;
    let array = ArrayD::from_shape_vec(IxDyn(&shape), out)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyArrayDyn::from_owned_array(py, array))
}

/// Posterior draws (n_draws, k) of the normalised Plackett-Luce weights by the Gibbs sampler
/// of Caron & Doucet (2012). `order`: (N, k), row i lists the algorithms of ranking i from
/// best to worst; `tied`: (N, k) flags, position j of ranking i ties with j + 1 (the order
/// within a tie is integrated over). Chains run in parallel; the draws of chain 0 come first.
#[pyfunction]
#[pyo3(signature = (order, tied, *, n_draws, n_chains, n_burn, prior, seed))]
#[allow(clippy::too_many_arguments)]
fn plackett_luce_gibbs<'py>(
    py: Python<'py>,
    order: PyArrayLike2<'py, i64, AllowTypeChange>,
    tied: PyArrayLike2<'py, bool, AllowTypeChange>,
    n_draws: usize,
    n_chains: usize,
    n_burn: usize,
    prior: f64,
    seed: u64,
) -> Result<Bound<'py, PyArray2<f64>>> {
    let shape = order.shape().to_vec();
    let k = shape[1];
    let bad = |detail: String| Error::from(CoreError::BadRankings { detail });
    if tied.shape() != shape.as_slice() {
        return Err(bad(format!(
            "tied has shape {:?}, order {shape:?}",
            tied.shape()
        )));
    }
    let order: Vec<usize> = order
        .as_array()
        .iter()
        .map(|&a| usize::try_from(a).map_err(|_| bad(format!("algorithm {a} is negative"))))
        .collect::<Result<_>>()?;
    let tied: Vec<bool> = tied.as_array().iter().copied().collect();
    let settings = Settings {
        n_draws,
        n_chains,
        n_burn,
        prior,
        seed,
    };
    check_plackett_luce(&order, &tied, k, &settings)?;
    // Never quick: the chains run in parallel, on this process's pool.
    let out = interruptible(py, false, |stop| {
        plackett_luce::plackett_luce_gibbs(&order, &tied, k, &settings, stop)
    })?;
    let array = numpy::ndarray::Array2::from_shape_vec((n_draws, k), out)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyArray2::from_owned_array(py, array))
}

/// The pairwise summaries of posterior draws (n, k) of normalised weights: (P(w_a > w_b),
/// mean of w_a / (w_a + w_b)), two (k, k) arrays with 0 on the diagonal.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn plackett_luce_pairs<'py>(
    py: Python<'py>,
    samples: PyArrayLike2<'py, f64, AllowTypeChange>,
) -> Result<(Bound<'py, PyArray2<f64>>, Bound<'py, PyArray2<f64>>)> {
    let k = samples.shape()[1];
    let values: Vec<f64> = samples.as_array().iter().copied().collect();
    // Never quick: the rows are computed in parallel, on this process's pool.
    let (better, above) =
        interruptible(py, false, |stop| plackett_luce::pairwise(&values, k, stop))?;
    let matrix = |v: Vec<f64>| -> Result<Bound<'py, PyArray2<f64>>> {
        let array = numpy::ndarray::Array2::from_shape_vec((k, k), v)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyArray2::from_owned_array(py, array))
    };
    Ok((matrix(better)?, matrix(above)?))
}

/// Draws of at most this many cells (resamples x (N k + pairs)) run on the calling thread:
/// about a millisecond (9,999 resamples at 16 x 10 without the pairs), where waiting for the
/// pool's threads to be scheduled costs about as much as they save (more on a loaded
/// machine: `friedman` at 16 x 10 took a median 1.6-3.0 ms over seven runs of
/// benches/bench_permutation_speed.py with the pool, 1.7 ms in each of three without).
const QUICK_DRAW_CELLS: usize = 2_000_000;

/// Counts returned to Python.
type Counts<'py> = Bound<'py, PyArray1<u64>>;

/// Monte Carlo permutation counts of T tables W (T, N, k) of integer units, the within-row
/// scores of T rank tests of the same scores: over `n_resamples` resamples permuting each row
/// (one permutation of a row index for every table), for each table those with
/// sum_j C*_j^2 >= sum_j totals_tj^2 (`totals` (T, k): the observed column totals), and for
/// each of the sorted `gaps` the (resample, pair) couples of the first table with
/// |C*_a - C*_b| >= gap. Seeded by `seed`; each table's counts are those of its own draw, and
/// do not depend on the number of threads.
#[pyfunction]
#[pyo3(signature = (tables, totals, gaps, *, n_resamples, seed))]
fn permutation_draw<'py>(
    py: Python<'py>,
    tables: PyArrayLike3<'py, i64, AllowTypeChange>,
    totals: PyArrayLike2<'py, i64, AllowTypeChange>,
    gaps: PyArrayLike1<'py, i64, AllowTypeChange>,
    n_resamples: usize,
    seed: u64,
) -> Result<(Counts<'py>, Counts<'py>)> {
    let (n_tables, k) = (tables.shape()[0], tables.shape()[2]);
    if totals.shape() != [n_tables, k] {
        let detail = format!(
            "expected totals of shape ({n_tables}, {k}), got {:?}",
            totals.shape()
        );
        return Err(CoreError::BadTable { detail }.into());
    }
    let values: Vec<i64> = tables.as_array().iter().copied().collect();
    let totals: Vec<i64> = totals.as_array().iter().copied().collect();
    let gaps: Vec<i64> = gaps.as_array().iter().copied().collect();
    permutation::check_draw(&values, k, &totals, &gaps)?;
    let pairs = k * (k - 1) / 2 * usize::from(!gaps.is_empty());
    let cells = n_resamples.saturating_mul(values.len() + pairs);
    let quick = cells <= QUICK_DRAW_CELLS;
    let draw = interruptible(py, quick, |stop| {
        permutation::draw(&values, k, &totals, &gaps, n_resamples, seed, !quick, stop)
    })?;
    Ok((
        PyArray1::from_vec(py, draw.at_least),
        PyArray1::from_vec(py, draw.pairs_at_least),
    ))
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_K", MAX_K)?;
    m.add("MAX_K_ENUMERATE", MAX_K_ENUMERATE)?;
    m.add("MAX_K_ROBINSON", MAX_K_ROBINSON)?;
    m.add("MAX_K_SHAFFER", MAX_K_SHAFFER)?;
    m.add_function(wrap_pyfunction!(shaffer_counts, m)?)?;
    m.add_function(wrap_pyfunction!(shaffer_multipliers, m)?)?;
    m.add_function(wrap_pyfunction!(exhaustive_sets, m)?)?;
    m.add_function(wrap_pyfunction!(shaffer_apv, m)?)?;
    m.add_function(wrap_pyfunction!(bergmann_hommel_apv, m)?)?;
    m.add_function(wrap_pyfunction!(bergmann_hommel_accepted, m)?)?;
    m.add_function(wrap_pyfunction!(bergmann_hommel_apv_robinson, m)?)?;
    m.add_function(wrap_pyfunction!(is_robinson, m)?)?;
    m.add_function(wrap_pyfunction!(adjust_pvalues, m)?)?;
    m.add_function(wrap_pyfunction!(permutation_draw, m)?)?;
    m.add_function(wrap_pyfunction!(plackett_luce_gibbs, m)?)?;
    m.add_function(wrap_pyfunction!(plackett_luce_pairs, m)?)?;
    Ok(())
}
