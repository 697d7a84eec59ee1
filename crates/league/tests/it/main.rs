//! parlour-league's integration tests: one test binary, a module for each part.

mod archives;
mod ladder;
mod matchmaker;
mod roster;
mod server;
mod submissions;
mod support;
