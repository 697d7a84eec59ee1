//! What every subcommand shares: failures and their exit codes, running a command for a game
//! named on the command line (through the game registry), and reading the flags and options
//! every command takes.

use parlour_arena::store::StoreError;
use parlour_arena::ArenaError;
use parlour_core::{BotError, BotSpec, Game};
use parlour_games::{GameVisitor, Playable};
use parlour_protocol::{EntryError, Limits};
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

/// `--variant V` is the option `variant=V`.
pub(crate) fn with_variant(mut options: Vec<String>, variant: Option<String>) -> Vec<String> {
    options.extend(variant.map(|v| format!("variant={v}")));
    options
}

/// Parses `key=value` options over the game's defaults; values are JSON when they parse as JSON
/// (`500`, `null`, `true`) and strings otherwise.
pub(crate) fn game_options<G: Game>(
    pairs: &[String],
    extra: &[(&str, Value)],
) -> Result<G, Failure> {
    let mut read = Vec::with_capacity(pairs.len() + extra.len());
    for pair in pairs {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| usage(format!("option {pair:?} is not KEY=VALUE")))?;
        let key = key.trim();
        if key.is_empty() {
            return Err(usage(format!("option {pair:?} has no key")));
        }
        let value = serde_json::from_str(value.trim())
            .unwrap_or_else(|_| Value::String(value.trim().to_string()));
        read.push((key.to_string(), value));
    }
    read.extend(extra.iter().map(|(k, v)| ((*k).to_string(), v.clone())));
    parlour_games::options::make_game(read).map_err(|e| usage(e.to_string()))
}

pub(crate) fn parse_number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, Failure> {
    text.trim()
        .parse()
        .map_err(|_| usage(format!("{flag}: {text:?} is not a valid number")))
}

/// Reads a bot as named on the command line (`search:nodes=50000`).
pub(crate) fn bot_spec(text: &str) -> Result<BotSpec, Failure> {
    text.parse().map_err(|e: BotError| usage(e.to_string()))
}

pub(crate) fn jobs_arg(jobs: Option<&str>) -> Result<usize, Failure> {
    let jobs: usize = match jobs {
        Some(j) => parse_number("--jobs", j)?,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if jobs == 0 || jobs > 1024 {
        return Err(usage("--jobs must be from 1 to 1024"));
    }
    Ok(jobs)
}

/// An arena error as a failure: what the user typed or chose is exit code 2.
pub(crate) fn arena_failure(e: ArenaError) -> Failure {
    match &e {
        ArenaError::Schedule(_)
        | ArenaError::Bot(_)
        | ArenaError::Config(_)
        | ArenaError::Mismatch { .. } => usage(e.to_string()),
        ArenaError::Store(s) if s.is_bad_input() => usage(e.to_string()),
        _ => failed(e.to_string()),
    }
}

pub(crate) fn store_failure(e: StoreError) -> Failure {
    if e.is_bad_input() {
        usage(e.to_string())
    } else {
        failed(e.to_string())
    }
}

/// The limits flags, as typed (`None` when not given).
#[derive(Debug, Clone, Default)]
pub struct LimitFlags {
    pub time_limit_ms: Option<String>,
    pub time_bank_ms: Option<String>,
    pub startup_ms: Option<String>,
    pub memory_mb: Option<String>,
    pub tmp_mb: Option<String>,
    pub processes: Option<String>,
    pub max_faults: Option<String>,
    pub bot_user: Option<String>,
}

impl LimitFlags {
    /// Whether any limit was given.
    pub fn any(&self) -> bool {
        self.time_limit_ms.is_some()
            || self.time_bank_ms.is_some()
            || self.startup_ms.is_some()
            || self.memory_mb.is_some()
            || self.tmp_mb.is_some()
            || self.processes.is_some()
            || self.max_faults.is_some()
            || self.bot_user.is_some()
    }

    /// The limits and fault allowance for programs, over the defaults.
    pub fn resolve(&self) -> Result<(Limits, u32), Failure> {
        self.resolve_over(Limits::default())
    }

    /// The limits and fault allowance for programs, the flags given over `base`.
    pub fn resolve_over(&self, base: Limits) -> Result<(Limits, u32), Failure> {
        let mut limits = base;
        let positive = |flag: &str, text: &Option<String>, default: u64| -> Result<u64, Failure> {
            match text {
                None => Ok(default),
                Some(t) => {
                    let v: u64 = parse_number(flag, t)?;
                    if v == 0 || v > 1 << 40 {
                        return Err(usage(format!("{flag} must be a positive number")));
                    }
                    Ok(v)
                }
            }
        };
        limits.decision_ms = positive("--time-limit-ms", &self.time_limit_ms, limits.decision_ms)?;
        limits.bank_ms = positive("--time-bank-ms", &self.time_bank_ms, limits.bank_ms)?;
        limits.startup_ms = positive("--startup-ms", &self.startup_ms, limits.startup_ms)?;
        limits.memory_mb = positive("--memory-mb", &self.memory_mb, limits.memory_mb)?;
        limits.tmp_mb = positive("--tmp-mb", &self.tmp_mb, limits.tmp_mb)?;
        limits.processes = positive("--processes", &self.processes, limits.processes)?;
        let max_faults = positive(
            "--max-faults",
            &self.max_faults,
            u64::from(parlour_protocol::DEFAULT_MAX_FAULTS),
        )?;
        Ok((limits, u32::try_from(max_faults).unwrap_or(u32::MAX)))
    }
}

/// An entry error as a failure: the user's input is exit code 2.
pub fn entry_failure(e: EntryError) -> Failure {
    if e.is_bad_input() {
        usage(e.to_string())
    } else {
        failed(e.to_string())
    }
}
