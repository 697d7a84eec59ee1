//! The `parlour` command: parse arguments, call the libraries, print.

mod args;
mod commands;
mod external;
mod human;
mod strength;
mod tournament;

use std::process::ExitCode;

/// mimalloc instead of the system allocator: games allocate small observations at every
/// decision, and tournaments free on one thread what another allocated, which glibc's malloc
/// does slowly.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
                let mut lines = text.lines();
                let first = lines.next().unwrap_or("bad arguments");
                let mut first = first.strip_prefix("error: ").unwrap_or(first).to_string();
                // "the following required arguments were not provided:" lists them below.
                if first.ends_with(':') {
                    let listed: Vec<&str> =
                        lines.map(str::trim).take_while(|l| !l.is_empty()).collect();
                    first = format!("{first} {}", listed.join(", "));
                }
                eprintln!("parlour: error: {first} (see parlour --help)");
                ExitCode::from(2)
            }
        },
    }
}
