//! parlour-arena's integration tests: one test binary, a module for each part.

mod bounds;
mod store;
mod tournament;
