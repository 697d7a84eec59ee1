//! parlour-chexers's integration tests: one test binary, a module for each part.

#[cfg(feature = "ai")]
mod bots;
mod common;
mod conformance;
mod data_files;
mod encoding;
#[cfg(feature = "ai")]
mod fuzz;
mod notation;
mod perft;
mod props;
mod rules;
