//! parlour-train's integration tests: one test binary, a module for each part.

mod train;
