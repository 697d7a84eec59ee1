//! What a tournament seats: a built-in bot ([`BotSpec`]) or an external program speaking the
//! JSON-lines protocol ([`ProgramSpec`], run by `parlour-protocol`); and what a bot reports about
//! its own conduct after a game ([`BotReport`], [`Fault`]).

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use parlour_core::{Bot, BotError, BotSpec, GameAi};

/// One entry of a tournament or one seat of a game: a built-in bot by name and options, or an
/// external program. As JSON a built-in bot is its text (`"search:nodes=5000"`) and a program
/// an object, so stored configurations from before programs existed still read.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum EntrySpec {
    /// A bot built into parlour.
    Bot(BotSpec),
    /// A program that speaks the protocol.
    Program(ProgramSpec),
}

impl EntrySpec {
    /// The name an entry is shown under: the bot spec's text, or the program's name.
    pub fn label(&self) -> String {
        match self {
            EntrySpec::Bot(spec) => spec.to_string(),
            EntrySpec::Program(p) => p.name.clone(),
        }
    }
}

/// Makes a built-in entry's bot (see `parlour_bots::make_bot`); an external program is
/// [`BotError::NotBuiltIn`] (a [`Pool`](crate::Pool) runs those).
pub fn make_builtin<G: GameAi + parlour_core::encode::Encode>(
    entry: &EntrySpec,
    seed: u64,
) -> Result<Box<dyn Bot<G>>, BotError> {
    match entry {
        EntrySpec::Bot(spec) => parlour_bots::make_bot::<G>(spec, seed),
        EntrySpec::Program(p) => Err(BotError::NotBuiltIn {
            name: p.name.clone(),
        }),
    }
}

impl From<BotSpec> for EntrySpec {
    fn from(spec: BotSpec) -> EntrySpec {
        EntrySpec::Bot(spec)
    }
}

/// An external bot: the command that starts it and the limits it is held to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgramSpec {
    /// The name it is entered under.
    pub name: String,
    /// The program and its arguments (not run through a shell).
    pub command: Vec<String>,
    /// The working directory (absolute, so that a resumed tournament finds it again).
    pub dir: Option<PathBuf>,
    /// Environment variables set for it, beyond the few passed through (see the protocol).
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Its time and memory limits.
    #[serde(default)]
    pub limits: Limits,
    /// Faults after which it forfeits its remaining games.
    #[serde(default = "default_max_faults")]
    pub max_faults: u32,
    /// The user it runs as (parlour must run as root to switch); `None`: parlour's own user
    /// (or, contained as root, a user of the entry's own: see [`crate::jail`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    /// Its own files and folders, beyond those its command names: what the jail shows it
    /// (read-only; relative paths are taken from `dir`). A bots file's `dir` and `files`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<PathBuf>,
}

fn default_max_faults() -> u32 {
    DEFAULT_MAX_FAULTS
}

/// The faults after which an external bot forfeits, unless told otherwise.
pub const DEFAULT_MAX_FAULTS: u32 = 10;

/// The limits an external bot plays under (see `docs/protocol.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// The most one answer may take, in milliseconds.
    pub decision_ms: u64,
    /// The most all of one game's answers may take together, in milliseconds.
    pub bank_ms: u64,
    /// The most the program may take from starting to its `ready`, in milliseconds.
    pub startup_ms: u64,
    /// Its address-space limit, in MiB.
    pub memory_mb: u64,
    /// The size of its private `/tmp` when contained, in MiB.
    #[serde(skip_serializing_if = "is_default_tmp")]
    pub tmp_mb: u64,
    /// The most processes and threads its copy may run at once, when contained.
    #[serde(skip_serializing_if = "is_default_processes")]
    pub processes: u64,
}

/// The processes (and threads) a contained bot may run at once unless told otherwise.
pub const DEFAULT_PROCESSES: u64 = 128;

fn is_default_processes(n: &u64) -> bool {
    *n == DEFAULT_PROCESSES
}

/// The size of a contained bot's `/tmp` unless told otherwise, in MiB.
pub const DEFAULT_TMP_MB: u64 = 64;

fn is_default_tmp(mb: &u64) -> bool {
    *mb == DEFAULT_TMP_MB
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            decision_ms: 1000,
            bank_ms: 60_000,
            startup_ms: 10_000,
            memory_mb: 1024,
            tmp_mb: DEFAULT_TMP_MB,
            processes: DEFAULT_PROCESSES,
        }
    }
}

/// Limits as a command line gives them, each over a base (the defaults, or a course's own
/// limits): `None` keeps the base's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LimitOverrides {
    /// [`Limits::decision_ms`].
    pub decision_ms: Option<u64>,
    /// [`Limits::bank_ms`].
    pub bank_ms: Option<u64>,
    /// [`Limits::startup_ms`].
    pub startup_ms: Option<u64>,
    /// [`Limits::memory_mb`].
    pub memory_mb: Option<u64>,
    /// [`Limits::tmp_mb`].
    pub tmp_mb: Option<u64>,
    /// [`Limits::processes`].
    pub processes: Option<u64>,
    /// Faults after which an entry forfeits its remaining games ([`DEFAULT_MAX_FAULTS`]).
    pub max_faults: Option<u32>,
    /// The user programs run as ([`ProgramSpec::user`]).
    pub user: Option<String>,
}

impl LimitOverrides {
    /// Whether any limit is given.
    pub fn any(&self) -> bool {
        *self != LimitOverrides::default()
    }

    /// The limits given, over `base`.
    pub fn over(&self, base: Limits) -> Limits {
        Limits {
            decision_ms: self.decision_ms.unwrap_or(base.decision_ms),
            bank_ms: self.bank_ms.unwrap_or(base.bank_ms),
            startup_ms: self.startup_ms.unwrap_or(base.startup_ms),
            memory_mb: self.memory_mb.unwrap_or(base.memory_mb),
            tmp_mb: self.tmp_mb.unwrap_or(base.tmp_mb),
            processes: self.processes.unwrap_or(base.processes),
        }
    }

    /// The fault allowance given, or [`DEFAULT_MAX_FAULTS`].
    pub fn max_faults(&self) -> u32 {
        self.max_faults.unwrap_or(DEFAULT_MAX_FAULTS)
    }
}

/// What kind of fault an external bot made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FaultKind {
    /// No answer in time.
    Timeout,
    /// A line that is not a valid answer.
    Malformed,
    /// An answer that is not a legal action.
    Illegal,
    /// The program ended during a game.
    Exited,
    /// The program did not start and greet in time.
    Startup,
    /// The program said so itself: its answer carried a `fault` (a course adapter reporting
    /// that the student's code misbehaved, and answering as the course would have). The
    /// action it gave is played.
    Reported,
}

impl std::fmt::Display for FaultKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FaultKind::Timeout => "timeout",
            FaultKind::Malformed => "malformed",
            FaultKind::Illegal => "illegal",
            FaultKind::Exited => "exited",
            FaultKind::Startup => "startup",
            FaultKind::Reported => "reported",
        })
    }
}

/// One fault: when, what, and the details (the answer given, the exit status).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fault {
    /// The game's decision number (decisions made before it) when it happened.
    pub decision: u64,
    /// What kind.
    pub kind: FaultKind,
    /// What exactly.
    pub detail: String,
}

/// What a bot reports about its own conduct in a game: built-in bots make no faults.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BotReport {
    /// Its faults, in order.
    pub faults: Vec<Fault>,
    /// Whether it forfeited the game: a random stand-in played some of it, because the entry
    /// had too many faults in the tournament or because its program was lost mid-game (it
    /// ended, never started, or a line to it was left half written).
    pub forfeited: bool,
}

/// A command line as text, for messages.
pub fn shell_text(command: &[String]) -> String {
    command
        .iter()
        .map(|a| {
            if a.is_empty()
                || a.chars()
                    .any(|c| c.is_whitespace() || "'\"\\$`".contains(c))
            {
                format!("'{}'", a.replace('\'', "'\\''"))
            } else {
                a.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
