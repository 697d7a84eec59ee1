//! phased's integration tests, one binary: each module was its own test file.

mod conformance;
mod data_files;
mod encoding;
mod engine;
mod finder;
#[cfg(feature = "ai")]
mod fuzz;
mod groups;
#[cfg(feature = "ai")]
mod heuristic;
mod props;
mod rulings_bonus;
#[cfg(feature = "ai")]
mod search;
