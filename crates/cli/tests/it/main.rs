//! parlour's integration tests: one test binary, a module for each part.

mod attacks;
mod browser;
mod chaos;
mod cli;
mod common;
mod contract;
mod external;
mod league;
mod learned;
mod python_kit;
mod python_package;
mod serve;
mod shards;
mod tournament;
