//! parlour-cards's integration tests: one test binary, a module for each part.

mod cards;
mod fuzz;
mod props;
