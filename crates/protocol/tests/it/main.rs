//! protocol's integration tests, one binary: each module was its own test file.

mod entries;
mod fuzz;
mod hidden;
mod misbehaving;
