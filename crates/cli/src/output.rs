//! Writing to standard output and standard error without ever panicking.
//!
//! parlour leaves SIGPIPE ignored (Rust's default): a bot whose standard input is closed must
//! be a fault of that bot, never a signal that ends the tournament. So a reader of parlour's own
//! output that goes away shows up as an `EPIPE` error on the next write instead, and this module
//! decides what it means:
//!
//! - **standard output** (`outln!`): the reader has stopped reading (`parlour ... |
//!   head`), so parlour stops quietly with exit code 0, as a command killed by SIGPIPE would
//!   from the shell's point of view. Every game is committed to the database before anything is
//!   printed, so nothing recorded is lost. Any other write error ends parlour with a message on
//!   standard error and exit code 1.
//! - **standard error** (`errln!`): progress lines and notes. A failed write is ignored: a long
//!   tournament whose log reader went away keeps playing and recording.

use std::io::Write;

/// Writes `args` to standard output; see the module docs for what a failed write does.
pub(crate) fn out(args: std::fmt::Arguments<'_>) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_fmt(args) {
        gone(e);
    }
}

/// Ends parlour after standard output failed: quietly when its reader went away.
pub(crate) fn gone(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    err(format_args!(
        "parlour: error: cannot write the output: {e}\n"
    ));
    std::process::exit(1);
}

/// Writes `args` to standard error, ignoring failure.
pub(crate) fn err(args: std::fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

/// `println!` that never panics (see [`out`]).
macro_rules! outln {
    () => { $crate::output::out(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::out(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprintln!` that ignores a closed standard error (see [`err`]).
macro_rules! errln {
    ($($arg:tt)*) => { $crate::output::err(format_args!("{}\n", format_args!($($arg)*))) };
}
