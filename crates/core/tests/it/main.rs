//! parlour-core's integration tests: one test binary, a module for each part.

mod fuzz;
mod harness;
