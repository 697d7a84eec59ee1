//! uno's integration tests, one binary: each module was its own test file.

mod common;
mod conformance;
mod data_files;
mod encoding;
mod fuzz;
mod heuristic;
mod observation;
mod props;
mod rules;
mod search;
