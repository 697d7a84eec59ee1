//! parlour-web's integration tests: one test binary, a module for each part.

mod attacks;
mod server;
mod support;
