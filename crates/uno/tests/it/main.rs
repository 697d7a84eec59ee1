//! parlour-uno's integration tests: one test binary, a module for each part.

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
