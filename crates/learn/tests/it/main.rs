//! learn's integration tests, one binary: each module was its own test file.

mod model;
