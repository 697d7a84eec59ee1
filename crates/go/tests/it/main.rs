//! parlour-go's integration tests: one test binary, a module for each part.

mod conformance;
mod course_scoring;
mod data_files;
mod encoding;
#[cfg(feature = "ai")]
mod fuzz;
#[cfg(feature = "ai")]
mod heuristic;
mod rules;
mod scoring;
