//! Pure-Rust core of multicompare: the exhaustive sets of all-pairs hypotheses,
//! Shaffer's static procedure and Bergmann-Hommel's adjusted p-values
//! (Garcia & Herrera 2008, JMLR 9:2677-2694).

pub mod shaffer;
