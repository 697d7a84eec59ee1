//! parlour-phased's integration tests: one test binary, a module for each part.

mod common;
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
