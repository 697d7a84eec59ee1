//! parlour-league's integration tests: one test binary, a module for each part.

mod archives;
mod ladder;
mod matchmaker;
mod roster;
mod server;
mod simulate;
mod submissions;
mod support;
