//! The `parlour` command: parse arguments, call the libraries, print.

mod args;
mod commands;
mod human;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    commands::run(args::Cli::parse())
}
