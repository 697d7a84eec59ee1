//! The `parlour` command: parse arguments, call the libraries, print.

mod args;
mod commands;
mod human;
mod tournament;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

fn main() -> ExitCode {
    // Like other command-line tools, stop quietly when the reader of our output goes away
    // (`parlour ... | head`) instead of failing on a broken pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default action for SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    match args::Cli::try_parse() {
        Ok(cli) => commands::run(cli),
        Err(e) => match e.kind() {
            ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                let _ = e.print();
                ExitCode::from(if e.use_stderr() { 2 } else { 0 })
            }
            _ => {
                // Bad arguments get one line, not clap's multi-line report.
                let text = e.render().to_string();
                let first = text.lines().next().unwrap_or("bad arguments");
                let first = first.strip_prefix("error: ").unwrap_or(first);
                eprintln!("parlour: error: {first} (see parlour --help)");
                ExitCode::from(2)
            }
        },
    }
}
