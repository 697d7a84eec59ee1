//! What every subcommand shares: failures and their exit codes (library errors convert with
//! `From`), and running a command for a game named on the command line (through the game
//! registry).

use parlour_arena::merge::MergeError;
use parlour_arena::store::StoreError;
use parlour_arena::ArenaError;
use parlour_core::{BotError, BotSpec, Game};
use parlour_dynamic::plan::{PlanError, Untrusted};
use parlour_games::options::BadOptions;
use parlour_games::{GameVisitor, Playable};
use parlour_protocol::EntryError;
use serde_json::Value;

/// A failure to report: one line on stderr and an exit code (2 for bad input, 1 otherwise).
#[derive(Debug)]
pub struct Failure {
    pub(crate) code: u8,
    pub(crate) message: String,
}

pub(crate) fn usage(message: impl Into<String>) -> Failure {
    Failure {
        code: 2,
        message: message.into(),
    }
}

pub(crate) fn failed(message: impl Into<String>) -> Failure {
    Failure {
        code: 1,
        message: message.into(),
    }
}

impl Failure {
    /// Bad input (exit code 2) when `bad`, else a failure (1).
    pub(crate) fn of(bad: bool, e: impl std::fmt::Display) -> Failure {
        if bad {
            usage(e.to_string())
        } else {
            failed(e.to_string())
        }
    }

    /// The message with `context` before it (`--against: ...`).
    pub(crate) fn context(mut self, context: &str) -> Failure {
        self.message = format!("{context}: {}", self.message);
        self
    }
}

impl From<ArenaError> for Failure {
    fn from(e: ArenaError) -> Failure {
        Failure::of(e.is_bad_input(), e)
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        Failure::of(e.is_bad_input(), e)
    }
}

impl From<MergeError> for Failure {
    fn from(e: MergeError) -> Failure {
        Failure::of(e.is_bad_input(), e)
    }
}

impl From<parlour_league::LeagueError> for Failure {
    fn from(e: parlour_league::LeagueError) -> Failure {
        Failure::of(e.is_bad_input(), e)
    }
}

impl From<EntryError> for Failure {
    fn from(e: EntryError) -> Failure {
        Failure::of(e.is_bad_input(), e)
    }
}

impl From<PlanError> for Failure {
    fn from(e: PlanError) -> Failure {
        Failure::of(e.is_bad_input(), e)
    }
}

impl From<BotError> for Failure {
    fn from(e: BotError) -> Failure {
        usage(e.to_string())
    }
}

impl From<BadOptions> for Failure {
    fn from(e: BadOptions) -> Failure {
        usage(e.to_string())
    }
}

impl From<parlour_dynamic::bench::BenchError> for Failure {
    fn from(e: parlour_dynamic::bench::BenchError) -> Failure {
        use parlour_dynamic::bench::BenchError;
        let bad = match &e {
            BenchError::Program(_) => true,
            BenchError::Entry(e) => e.is_bad_input(),
            BenchError::Arena(e) => e.is_bad_input(),
            _ => false,
        };
        Failure::of(bad, e)
    }
}

impl From<Untrusted> for Failure {
    fn from(e: Untrusted) -> Failure {
        usage(e.to_string())
    }
}

/// A subcommand that runs for any game.
pub(crate) trait GameCommand {
    fn run<G: Playable>(self) -> Result<(), Failure>;
}

/// A command as a visitor of the game registry.
struct Visit<C>(C);

impl<C: GameCommand> GameVisitor for Visit<C> {
    type Output = Result<(), Failure>;
    fn visit<G: Playable>(self) -> Result<(), Failure> {
        self.0.run::<G>()
    }
}

/// Runs `command` for the game named `name`, looked up in the registry.
pub(crate) fn with_game(name: &str, command: impl GameCommand) -> Result<(), Failure> {
    parlour_games::with_game(name, Visit(command)).map_err(|e| usage(e.to_string()))?
}

/// The game `pairs` make over its default options.
pub(crate) fn game_of<G: Game>(pairs: Vec<(String, Value)>) -> Result<G, Failure> {
    Ok(parlour_games::options::make_game(pairs)?)
}

/// Reads a bot as named on the command line (`search:nodes=50000`).
pub(crate) fn bot_spec(text: &str) -> Result<BotSpec, Failure> {
    Ok(text.parse::<BotSpec>()?)
}

/// The bot `text` names for `game`, checked (an unknown bot or option is a usage error).
pub(crate) fn checked_bot<G: Playable>(game: &G, text: &str) -> Result<BotSpec, Failure> {
    let spec = bot_spec(text)?;
    parlour_bots::make_bot_for::<G>(game, &spec, 0)?;
    Ok(spec)
}
