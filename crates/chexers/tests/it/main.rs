//! chexers's integration tests, one binary: each module was its own test file.

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
