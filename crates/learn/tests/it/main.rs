//! parlour-learn's integration tests: one test binary, a module for each part.

mod model;
