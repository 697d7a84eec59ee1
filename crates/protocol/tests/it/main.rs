//! parlour-protocol's integration tests: one test binary, a module for each part.

mod entries;
mod fuzz;
mod hidden;
mod misbehaving;
mod seat;
