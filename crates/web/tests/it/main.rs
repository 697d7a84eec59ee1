//! web's integration tests, one binary: each module was its own test file.

mod attacks;
mod server;
mod support;
