//! # parlour-league
//!
//! A class league, as course staff run one: people submit bots, a ladder plays them all the
//! time, and the organiser runs the final that decides the marks.
//!
//! - A league is a folder: [`LeagueConfig`] (`league.toml`: the game, its options, the house
//!   bots that play as fixed references, the limits, the per-person quota and the seed) and a
//!   [`Store`] (`league.db`, SQLite).
//! - [`people`]: a roster (CSV of names and ids) becomes one secret token per person; only the
//!   tokens' hashes are kept.
//! - [`submission`]: a Python file, written to the course's own interface (run unchanged by
//!   the course adapter) or speaking the bot protocol, kept immutably under its content's
//!   hash and checked at once as `parlour check-bot` checks a program (in the jail, where the
//!   machine has one). One that fails its check never plays.
//! - [`ladder`]: [`League`] runs matches that never stop: each one of the arena's
//!   duplicate-deal groups among the active submissions and the house bots, chosen by a
//!   matchmaker that always seats the entrant with the fewest games; the leaderboard is the
//!   arena's standings (Weng-Lin μ ± σ, score and win rate with their intervals) over every
//!   match in order. Each match is recorded with its seed, so any can be replayed; after a
//!   crash only the matches in play are lost.
//! - [`names`]: an entrant's key (`house:N`, `sub:ID`) read back, and the name every page
//!   gives it.
//! - [`history`]: what the pages show of finished matches: an entrant's games, and each game's
//!   replay (kept as it was played, with every hand).
//! - [`ray`]: the ladder's matches as Ray tasks, through the Python package's driver.
//! - [`finals`]: each person's active submission at the deadline, frozen, plays the arena's
//!   tournament (resumable), and its standings become a CSV for marking.
//!
//! Data flows: roster → [`people::admit`] (tokens) → [`League::submit`] (kept, checked) →
//! [`League::run`] (matches, records) → [`League::leaderboard`]; at the deadline
//! [`finals::create`] → `parlour tournament --resume` → [`finals::csv`].
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use parlour_core::BotSpec;
//! use parlour_league::{create, League, LeagueConfig};
//!
//! let dir = std::env::temp_dir().join(format!("league-doc-{}", std::process::id()));
//! # let _ = std::fs::remove_dir_all(&dir);
//! let config = LeagueConfig::new(
//!     "Nim league",
//!     "nim",
//!     Default::default(),
//!     vec![BotSpec::named("random"), BotSpec::named("perfect")],
//!     7,
//! )?;
//! create(&dir, &config)?;
//! let league = League::open(&dir)?;
//! let people = parlour_league::people::read_roster("name,id\nAda,s1\nAlan,s2\n")?;
//! let admitted = parlour_league::people::admit(league.store(), &people, false, 0)?;
//! assert_eq!(admitted.len(), 2);
//! // With no submission yet, the house bots play each other.
//! let played = league.run(1, &AtomicBool::new(false), Some(3), &|e| eprintln!("{e}"))?;
//! assert_eq!(played, 3);
//! let board = league.leaderboard(0)?;
//! assert_eq!(board.matches, 3);
//! assert_eq!(board.rows[0].label, "perfect");
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// The league runs programs (submissions) in the sandbox, which is Unix's.
#![cfg(unix)]

use std::path::Path;

pub mod archive;
pub mod command;
pub mod config;
pub mod finals;
pub mod games;
pub mod history;
pub mod ladder;
pub mod names;
pub mod people;
pub mod ray;
pub mod server;
pub mod simulate;
pub mod store;
pub mod submission;

pub use config::LeagueConfig;
pub use ladder::{Leaderboard, League};
pub use store::Store;

/// What went wrong, saying what and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LeagueError {
    /// The league's configuration is not one a league can have.
    #[error("the league's configuration: {0}")]
    Config(String),
    /// A file or folder could not be read or written.
    #[error("{what}: {reason}")]
    Io {
        /// What was being done.
        what: String,
        /// Why it failed.
        reason: String,
    },
    /// The store could not be read or written, or holds something damaged.
    #[error("the league's store: {0}")]
    Store(String),
    /// A roster that cannot be read.
    #[error("the roster: {0}")]
    Roster(String),
    /// A request refused (a bad submission, a quota reached, a choice that is not the
    /// person's), saying why.
    #[error("{0}")]
    Refused(String),
    /// A match that could not be played.
    #[error("a match: {0}")]
    Match(String),
}

impl LeagueError {
    /// Whether the error is the caller's input (exit code 2) rather than the machine's (1).
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            LeagueError::Config(_) | LeagueError::Roster(_) | LeagueError::Refused(_)
        )
    }
}

/// Makes a new league in `dir` (which must not hold one): its `league.toml` and an empty
/// store, readable by their owner only (the store holds the tokens' hashes, the folder will
/// hold every submission).
pub fn create(dir: &Path, config: &LeagueConfig) -> Result<(), LeagueError> {
    games::check_league(config)?;
    let path = dir.join(config::CONFIG_FILE);
    if path.exists() {
        return Err(LeagueError::Refused(format!(
            "{} already holds a league",
            dir.display()
        )));
    }
    let io = |what: String| {
        move |e: std::io::Error| LeagueError::Io {
            what,
            reason: e.to_string(),
        }
    };
    std::fs::create_dir_all(dir).map_err(io(format!("cannot make {}", dir.display())))?;
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700));
    }
    std::fs::write(&path, config.to_toml()?)
        .map_err(io(format!("cannot write {}", path.display())))?;
    Store::open(&dir.join(store::DB_FILE))?;
    Ok(())
}
