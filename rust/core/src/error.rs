//! The one error type of the core crate. The binding crate maps every variant to a
//! Python `ValueError` in a single place.

use std::fmt;

/// Invalid input to a core function. Every message names the problem and the fix.
#[derive(Debug, Clone, PartialEq)]
pub enum CoreError {
    /// Fewer than two algorithms: there is no pair to compare.
    TooFewAlgorithms { k: i64 },
    /// `k` above [`crate::MAX_K`] for Bergmann-Hommel.
    TooManyForBergmannHommel { k: usize },
    /// `k` above [`crate::MAX_K_SHAFFER`] for Shaffer's S(k).
    TooManyForShaffer { k: usize },
    /// `k` above [`crate::MAX_K_ENUMERATE`] where the exhaustive sets must be listed.
    TooManyToEnumerate { k: usize },
    /// A family of p-values does not hold one value per pair.
    WrongLength {
        k: usize,
        expected: usize,
        got: usize,
    },
    /// The p-values are neither one family `(m,)` nor a stack of families `(n, m)`.
    WrongDimensions { ndim: usize },
    /// A stack of families where one family (1-D p-values) is required.
    NotOneFamily { ndim: usize },
    /// A p-value outside `[0, 1]` or NaN; `family` is set for a stack of families.
    InvalidPValue {
        family: Option<usize>,
        pair: usize,
        value: f64,
    },
    /// An algorithm name other than `auto`, `enumerate` and `subset_dp`.
    UnknownAlgorithm { name: String },
    /// A significance level outside the open interval (0, 1).
    InvalidAlpha { alpha: f64 },
    /// The caller raised the [`crate::interrupt::Interrupt`] of the computation.
    Interrupted,
    /// `k` above [`crate::MAX_K_ROBINSON`] for the Robinson route.
    TooManyForRobinson { k: usize },
    /// An order of the algorithms that is not a permutation of 0..k (one per family).
    BadOrder { k: usize, detail: String },
    /// A family that is not Robinson in its order: positions first < middle < last (named
    /// by their algorithms) with p(first, last) > p(first, middle) or > p(middle, last).
    NotRobinson {
        family: Option<usize>,
        first: usize,
        middle: usize,
        last: usize,
    },
    /// A step-wise adjustment other than those of [`crate::adjust::Procedure`].
    UnknownProcedure { name: String },
    /// Values that are not a whole number of families of 1 <= m < 2^31 p-values.
    RaggedFamilies { m: usize, got: usize },
    /// Rankings of the Plackett-Luce sampler that are not N >= 1 permutations of 0..k (or
    /// whose tie flags do not match them).
    BadRankings { detail: String },
    /// A setting of the Plackett-Luce sampler out of range (prior, draws, chains).
    BadSetting { detail: String },
    /// A Plackett-Luce run whose `work` or `values` exceed their limits `max_work` or
    /// `max_values` (the error carries them, so this module depends on no other).
    TooMuchWork {
        work: f64,
        values: f64,
        max_work: f64,
        max_values: f64,
    },
    /// A table of the permutation engine that is not rows of k integer units, or gaps that
    /// are not sorted.
    BadTable { detail: String },
    /// The cells of a long CSV table that do not fill its rows and columns, or a number in
    /// them that is not finite.
    BadCells { detail: String },
}

impl fmt::Display for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooFewAlgorithms { k } => write!(
                f,
                "k = {k}: at least 2 algorithms are needed for pairwise comparisons"
            ),
            Self::TooManyForBergmannHommel { k } => write!(
                f,
                "k = {k} is above the largest k supported by Bergmann-Hommel ({}): its exact \
                 computation grows like 3^k; for p-values that are Robinson in a known order (those \
                 of a rank post-hoc, in rank order) the Robinson route works up to k = {}; else \
                 use Shaffer's static procedure, which works for any k",
                crate::MAX_K,
                crate::MAX_K_ROBINSON
            ),
            Self::TooManyForShaffer { k } => write!(
                f,
                "k = {k} is above the largest k for Shaffer's S(k) ({}); use Holm's procedure, \
                 which needs no S(k) and is valid for any number of hypotheses",
                crate::MAX_K_SHAFFER
            ),
            Self::TooManyToEnumerate { k } => write!(
                f,
                "k = {k} is above the largest k whose exhaustive sets are listed ({}; there are \
                 Bell(k) - 1 of them); for Bergmann-Hommel use algorithm='subset_dp' or 'auto', \
                 which work up to k = {}",
                crate::MAX_K_ENUMERATE,
                crate::MAX_K
            ),
            Self::WrongLength { k, expected, got } => write!(
                f,
                "expected m = k(k-1)/2 = {expected} p-values per family for k = {k} (one per \
                 pair, in itertools.combinations order), got {got}"
            ),
            Self::WrongDimensions { ndim } => write!(
                f,
                "pvalues must be 1-D (m,) for one family or 2-D (n_families, m), got {ndim} \
                 dimension(s)"
            ),
            Self::NotOneFamily { ndim } => write!(
                f,
                "pvalues must be 1-D (m,): one family of p-values, got {ndim} dimension(s)"
            ),
            Self::InvalidPValue {
                family,
                pair,
                value,
            } => {
                let what = if value.is_nan() {
                    "NaN".to_string()
                } else {
                    value.to_string()
                };
                match family {
                    Some(row) => write!(
                        f,
                        "p-values must lie in [0, 1]; family {row}, pair {pair} is {what}"
                    ),
                    None => write!(f, "p-values must lie in [0, 1]; pair {pair} is {what}"),
                }
            }
            Self::UnknownAlgorithm { name } => write!(
                f,
                "unknown algorithm '{name}'; expected 'auto', 'enumerate' or 'subset_dp'"
            ),
            Self::InvalidAlpha { alpha } => {
                write!(f, "alpha must lie in the open interval (0, 1), got {alpha}")
            }
            Self::Interrupted => write!(f, "the computation was interrupted"),
            Self::TooManyForRobinson { k } => write!(
                f,
                "k = {k} is above the largest k of the Robinson route of Bergmann-Hommel ({}): \
                 its time grows like k^5",
                crate::MAX_K_ROBINSON
            ),
            Self::BadOrder { k, detail } => write!(
                f,
                "order must list each algorithm 0 to {} once (one order of k = {k} for all \
                 families, or one per family); {detail}",
                k.saturating_sub(1)
            ),
            Self::NotRobinson {
                family,
                first,
                middle,
                last,
            } => {
                let which = family.map_or(String::new(), |row| format!("family {row}: "));
                write!(
                    f,
                    "{which}the p-values are not Robinson in the given order: algorithm \
                     {middle} lies between {first} and {last}, yet p({first}, {last}) exceeds \
                     p({first}, {middle}) or p({middle}, {last}); the order must sort the \
                     algorithms by rank, with p a non-increasing function of the rank difference"
                )
            }
            Self::UnknownProcedure { name } => write!(
                f,
                "unknown procedure '{name}'; expected 'bonferroni', 'holm', 'hochberg' or \
                 'hommel'"
            ),
            Self::RaggedFamilies { m, got } => write!(
                f,
                "expected families of 1 <= m < 2^31 p-values each, got {got} values for m = {m}"
            ),
            Self::BadRankings { detail } => write!(f, "invalid rankings: {detail}"),
            Self::BadTable { detail } => write!(f, "invalid permutation table: {detail}"),
            Self::BadCells { detail } => write!(f, "invalid cells of a CSV table: {detail}"),
            Self::BadSetting { detail } => f.write_str(detail),
            Self::TooMuchWork {
                work,
                values,
                max_work,
                max_values,
            } => write!(
                f,
                "(n_draws + n_chains n_burn) N k = {work:.3e} exceeds {:.0e} (about 40 s), or \
                 n_draws k = {values:.3e} exceeds {:.0e} posterior values; use fewer draws",
                max_work,
                max_values
            ),
        }
    }
}

impl std::error::Error for CoreError {}

/// Result of the core crate.
pub type Result<T> = std::result::Result<T, CoreError>;
