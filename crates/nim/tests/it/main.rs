//! nim's integration tests, one binary: each module was its own test file.

mod encoding;
#[cfg(feature = "ai")]
mod perfect;
mod rules;
