//! parlour-games's integration tests: one test binary, a module for each part.

mod options;
mod registry;
