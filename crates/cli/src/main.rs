//! The `parlour` command: parse arguments, call the libraries, print.

#[macro_use]
mod output;

mod args;
mod bench;
mod commands;
mod common;
mod external;
mod play;
mod progress;
mod serve;
mod strength;
mod tournament;
mod train;

use std::process::ExitCode;

/// mimalloc instead of the system allocator: games allocate small observations at every
/// decision, and tournaments free on one thread what another allocated, which glibc's malloc
/// does slowly.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::error::ErrorKind;
use clap::Parser;

fn main() -> ExitCode {
    // SIGPIPE stays ignored (Rust's default), so a bot that closes its input is that bot's
    // fault, not a signal that ends parlour; a reader of our own output that goes away
    // (`parlour ... | head`) is handled where we write (see `output`).
    // Every child of this process is a bot: where bots cannot have a PID namespace, their
    // descendants that leave the bot's process group are adopted and killed with it.
    parlour_protocol::process::adopt_orphans();
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
                output::err(format_args!(
                    "parlour: error: {} (see parlour --help)\n",
                    one_line(&e)
                ));
                ExitCode::from(2)
            }
        },
    }
}

/// Bad arguments as one line, not clap's multi-line report; a value a flag's parser refused
/// reads `--games must be from 1 to 10000000, not "0"`.
fn one_line(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    if let (
        ErrorKind::ValueValidation,
        Some(ContextValue::String(arg)),
        Some(ContextValue::String(value)),
        Some(why),
    ) = (
        e.kind(),
        e.get(ContextKind::InvalidArg),
        e.get(ContextKind::InvalidValue),
        std::error::Error::source(e),
    ) {
        let flag = arg.split_whitespace().next().unwrap_or(arg);
        let why = why.to_string();
        // A reason that quotes the value already needs no "not ...".
        return if why.contains(&format!("{value:?}")) {
            format!("{flag}: {why}")
        } else {
            format!("{flag} {why}, not {value:?}")
        };
    }
    let text = e.render().to_string();
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("bad arguments");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    // "the following required arguments were not provided:" lists them below.
    if first.ends_with(':') {
        let listed: Vec<&str> = lines.map(str::trim).take_while(|l| !l.is_empty()).collect();
        return format!("{first} {}", listed.join(", "));
    }
    first.to_string()
}
