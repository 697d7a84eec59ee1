//! A person at the terminal, as a bot: `parlour play`'s human seats.

use std::io::{BufRead, Write};

use parlour_core::{Bot, Decision, GameText};

/// A source of input lines (see [`stdin_line`]).
pub type LineSource = fn(&mut Vec<u8>) -> std::io::Result<usize>;

/// Reads one line of bytes into the buffer; `Ok(0)` at the end of input. Every person at the
/// table reads through the process's one standard input, so no line is buffered away from them.
pub fn stdin_line(buf: &mut Vec<u8>) -> std::io::Result<usize> {
    std::io::stdin().lock().read_until(b'\n', buf)
}

/// Reads decisions from a line source, re-prompting on bad input.
pub struct HumanBot<R: FnMut(&mut Vec<u8>) -> std::io::Result<usize> + Send, W: Write + Send> {
    read_line: R,
    output: W,
    /// With several people at one terminal: clear the screen and wait for the next person
    /// before showing a hand.
    hand_over: bool,
    /// Draw in colour ([`GameText::describe_in_colour`]), for a terminal.
    pub colour: bool,
    /// Set when input ended: the game cannot go on.
    pub closed: bool,
    /// Whether the one-line hint on how to answer has been shown (once, at the first decision).
    hinted: bool,
}

impl HumanBot<LineSource, std::io::Stdout> {
    /// A person at this process's terminal: reading standard input, shown the game on
    /// standard output, in colour when that is a terminal and `NO_COLOR` is unset
    /// (no-color.org); with `hand_over`, several people share it.
    pub fn at_terminal(hand_over: bool) -> Self {
        let mut bot = HumanBot::new(stdin_line as LineSource, std::io::stdout(), hand_over);
        bot.colour = std::io::IsTerminal::is_terminal(&std::io::stdout())
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        bot
    }
}

impl<R: FnMut(&mut Vec<u8>) -> std::io::Result<usize> + Send, W: Write + Send> HumanBot<R, W> {
    /// A person reading from `read_line` and shown the game on `output`; with `hand_over`,
    /// several people share the terminal (the screen is cleared between them).
    pub fn new(read_line: R, output: W, hand_over: bool) -> Self {
        HumanBot {
            read_line,
            output,
            hand_over,
            colour: false,
            closed: false,
            hinted: false,
        }
    }

    /// The next line, or `None` when input has ended (or cannot be read).
    fn line(&mut self) -> Option<String> {
        loop {
            let mut bytes = Vec::new();
            match (self.read_line)(&mut bytes) {
                Ok(0) => return None,
                Ok(_) => {
                    // Bytes that are not UTF-8 are shown replaced and get the usual answer.
                    return Some(String::from_utf8_lossy(&bytes).into_owned());
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return None,
            }
        }
    }

    /// An answer to the person: every line indented under the prompt.
    fn say(&mut self, text: &str) {
        for l in text.lines() {
            let _ = writeln!(self.output, "  {l}");
        }
    }
}

impl<G: GameText, R: FnMut(&mut Vec<u8>) -> std::io::Result<usize> + Send, W: Write + Send> Bot<G>
    for HumanBot<R, W>
{
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        if self.hand_over {
            // Hide the previous person's hand before showing this one.
            let _ = write!(
                self.output,
                "\x1b[2J\x1b[H== Pass the terminal to seat {}, then press Enter ==",
                d.seat
            );
            let _ = self.output.flush();
            if self.line().is_none() {
                self.closed = true;
                return d.legal[0];
            }
        }
        let view = if self.colour {
            d.game.describe_in_colour(d.observation())
        } else {
            d.game.describe(d.observation())
        };
        let _ = writeln!(self.output, "\n{view}");
        let legal_line = format!("Legal: {}", d.game.format_legal(d.observation(), d.legal));
        let _ = writeln!(self.output, "{legal_line}");
        if !self.hinted {
            self.hinted = true;
            let _ = writeln!(self.output, "{HINT}");
        }
        loop {
            let _ = write!(self.output, "seat {}> ", d.seat);
            let _ = self.output.flush();
            let Some(line) = self.line() else {
                // Input is gone; the caller sees `closed` and stops the game.
                self.closed = true;
                return d.legal[0];
            };
            let typed = line.trim();
            if typed.is_empty() {
                continue;
            }
            if is_help(typed) {
                // Every game answers `help` with how to type its actions (never an action).
                let text = match d.game.parse_human(d.observation(), d.legal, "help") {
                    Err(text) => text.to_string(),
                    Ok(_) => HINT.to_string(),
                };
                self.say(&text);
                let _ = writeln!(self.output, "{legal_line}");
                continue;
            }
            match d.game.parse_human(d.observation(), d.legal, typed) {
                Ok(a) => return a,
                Err(msg) => self.say(&msg.to_string()),
            }
        }
    }
}

/// Shown once, before a person's first decision.
const HINT: &str =
    "Type the number of an action in the Legal list (e.g. `0`) or the action itself; `help` explains.";

/// Whether a person asked for help (`help` in any case, or `?`), as every game reads it too.
fn is_help(typed: &str) -> bool {
    typed.eq_ignore_ascii_case("help") || typed == "?"
}
