//! A person at the terminal, as a bot.

use std::io::{BufRead, Write};

use parlour_core::{Bot, Decision, Game};

/// Reads decisions from standard input, re-prompting on bad input.
pub struct HumanBot<R: BufRead + Send, W: Write + Send> {
    input: R,
    output: W,
    /// Set when input ended: the game cannot go on.
    pub closed: bool,
}

impl<R: BufRead + Send, W: Write + Send> HumanBot<R, W> {
    pub fn new(input: R, output: W) -> Self {
        HumanBot {
            input,
            output,
            closed: false,
        }
    }
}

impl<G: Game, R: BufRead + Send, W: Write + Send> Bot<G> for HumanBot<R, W> {
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        let legal: Vec<String> = d.legal.iter().map(|a| a.to_string()).collect();
        let _ = writeln!(self.output, "\n{}", d.observation);
        let _ = writeln!(self.output, "Legal: {}", legal.join("  "));
        loop {
            let _ = write!(self.output, "seat {}> ", d.seat);
            let _ = self.output.flush();
            let mut line = String::new();
            match self.input.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    // Input is gone; the caller sees `closed` and stops the game.
                    self.closed = true;
                    return d.legal[0];
                }
                Ok(_) => {}
            }
            if line.trim().is_empty() {
                continue;
            }
            match d.game.parse_human(d.observation, d.legal, &line) {
                Ok(a) => return a,
                Err(msg) => {
                    let _ = writeln!(self.output, "  {msg}");
                }
            }
        }
    }
}
