//! go's integration tests, one binary: each module was its own test file.

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
