//! parlour-bo's integration tests: one test binary, a module for each part.

mod bonus;
mod common;
mod conformance;
mod data_files;
mod encoding;
#[cfg(feature = "ai")]
mod fuzz;
#[cfg(feature = "ai")]
mod heuristic;
mod props;
mod robustness;
mod rules;
#[cfg(feature = "ai")]
mod search;
