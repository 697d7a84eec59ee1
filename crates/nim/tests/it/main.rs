//! parlour-nim's integration tests: one test binary, a module for each part.

mod encoding;
#[cfg(feature = "ai")]
mod perfect;
mod rules;
