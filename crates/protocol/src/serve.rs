//! The other end of the protocol: any [`Bot`] served as a program over standard input and
//! output (`parlour serve-bot GAME BOT`). It lets a built-in bot play where only programs may,
//! serves as the reference client for bot writers, and lets tests check that a bot played
//! through the protocol plays exactly as it does in-process.

use std::io::{BufRead, Write};

use parlour_core::{Bot, Decision, Game, State};
use serde_json::{json, Value};

use crate::PROTOCOL_VERSION;

/// Why serving stopped before `bye`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// Reading or writing failed.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    /// A message parlour should not have sent.
    #[error("line {line}: {reason}")]
    Bad {
        /// The line number, from 1.
        line: u64,
        /// What is wrong with it.
        reason: String,
    },
}

/// Serves `make`'s bots (one per game, made from the game's seed) for game `G` on `input` and
/// `output` until `bye` or the end of input.
pub fn serve<G: Game>(
    make: &dyn Fn(u64) -> Result<Box<dyn Bot<G>>, String>,
    name: &str,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<(), ServeError> {
    let mut game: Option<G> = None;
    let mut seat = 0;
    let mut bot: Option<Box<dyn Bot<G>>> = None;
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        let number = n as u64 + 1;
        let bad = |reason: String| ServeError::Bad {
            line: number,
            reason,
        };
        let message: Value =
            serde_json::from_str(&line).map_err(|e| bad(format!("not JSON: {e}")))?;
        let field = |key: &str| {
            message
                .get(key)
                .cloned()
                .ok_or_else(|| bad(format!("no {key:?}")))
        };
        match message.get("type").and_then(Value::as_str) {
            Some("hello") => {
                let kind = field("game")?;
                if kind.as_str() != Some(G::INFO.name) {
                    let reply = json!({"type": "error", "message": format!("this bot plays {}, not {kind}", G::INFO.name)});
                    writeln!(output, "{reply}")?;
                    output.flush()?;
                    return Err(bad(format!("asked to play {kind}")));
                }
                let options = serde_json::from_value(field("options")?)
                    .map_err(|e| bad(format!("options: {e}")))?;
                game = Some(G::new(options).map_err(|e| bad(e.to_string()))?);
                let reply = json!({"type": "ready", "protocol": PROTOCOL_VERSION, "name": name});
                writeln!(output, "{reply}")?;
                output.flush()?;
            }
            Some("start") => {
                seat = field("seat")?
                    .as_u64()
                    .ok_or_else(|| bad("seat is not a number".into()))?
                    as usize;
                let seed = field("seed")?
                    .as_u64()
                    .ok_or_else(|| bad("seed is not a number".into()))?;
                bot = Some(make(seed).map_err(bad)?);
            }
            Some("act") => {
                let game = game
                    .as_ref()
                    .ok_or_else(|| bad("act before hello".into()))?;
                let bot = bot.as_mut().ok_or_else(|| bad("act before start".into()))?;
                if seat >= game.num_players() {
                    return Err(bad(format!(
                        "seat {seat} is not a seat of this {}-player game",
                        game.num_players()
                    )));
                }
                let observation: G::Observation = serde_json::from_value(field("observation")?)
                    .map_err(|e| bad(format!("observation: {e}")))?;
                let legal: Vec<G::Action> = serde_json::from_value(field("legal")?)
                    .map_err(|e| bad(format!("legal: {e}")))?;
                if legal.is_empty() {
                    return Err(bad("no legal actions".into()));
                }
                // Bots trust what they are given: only an observation that a game gives the
                // seat to act (it resamples to itself), with exactly its legal actions, reaches
                // the bot.
                let state = game
                    .resample(&observation, &mut parlour_core::rng::seeded(0))
                    .map_err(|e| bad(format!("observation: {e}")))?;
                if G::observer(&observation) != seat
                    || state.current_player() != Some(seat)
                    || state.observation(seat) != observation
                {
                    return Err(bad(format!(
                        "the observation is not one a game gives seat {seat} when it is to act"
                    )));
                }
                if state.legal_action_vec() != legal {
                    return Err(bad(
                        "the legal actions are not those of the observation".into()
                    ));
                }
                let action = bot.act(&Decision::new(game, seat, &observation, &legal));
                let reply = json!({"type": "action", "id": field("id")?, "action": action});
                writeln!(output, "{reply}")?;
                output.flush()?;
            }
            Some("bye") => return Ok(()),
            Some(_) => {} // event, result, and types from later revisions
            None => return Err(bad(format!("a message without a type: {line:?}"))),
        }
    }
    Ok(())
}
