//! [`Programs`]: a tournament's external entries, each started and greeted before play, and
//! each seat's [`Player`] made from them (Unix: programs run in parlour's sandbox).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use parlour_core::{BotError, Game, GameAi};

use crate::entries::{file_stem, EntryError};
use crate::entry::{shell_text, EntrySpec, ProgramSpec};
use crate::external::{ExternalBot, Mode, Pool};
use crate::process::Log;
use crate::table::Player;

/// The running programs of a tournament's external entries, started and greeted before play.
#[derive(Debug)]
pub struct Programs {
    pools: Vec<(ProgramSpec, Arc<Pool>)>,
    logs: Vec<(String, PathBuf)>,
}

impl Programs {
    /// No programs.
    pub fn none() -> Programs {
        Programs {
            pools: Vec::new(),
            logs: Vec::new(),
        }
    }

    /// Starts one copy of every program among `entries` (labelled `labels`) and waits for
    /// its greeting; standard error goes to `logs/<label>.stderr.log`. A program that cannot
    /// start or greet is an error naming it.
    /// `history` is each entry's faults in stored games (a resumed tournament): an entry at
    /// its fault limit has forfeited, and its program is not started again.
    pub fn start<G: Game>(
        game: &G,
        entries: &[EntrySpec],
        labels: &[String],
        logs: &Path,
        mode: Mode,
        history: Option<&[u64]>,
    ) -> Result<Programs, EntryError> {
        // The database and logs written from here on are the user's alone: programs may run
        // as another user (--bot-user) and must not read the seed from them.
        #[cfg(unix)]
        nix::sys::stat::umask(nix::sys::stat::Mode::from_bits_truncate(0o077));
        // Each program holds a few descriptors here (its pipes, its log): a class's final of
        // hundreds of programs needs more than the usual soft limit of 1,024.
        crate::process::raise_open_files();
        let mut pools = Vec::new();
        let mut log_files = Vec::new();
        for (entry, label) in entries.iter().zip(labels) {
            let EntrySpec::Program(spec) = entry else {
                continue;
            };
            let path = logs.join(format!("{}.stderr.log", file_stem(label)));
            let log = Log::open(&path).map_err(|e| EntryError::Log {
                path: path.clone(),
                reason: e.to_string(),
            })?;
            let pool = Pool::new(game, spec.clone(), Some(log), mode)
                .map_err(|e| EntryError::Thread(e.to_string()))?;
            let entry_index = labels.iter().position(|l| l == label).unwrap_or(0);
            if let Some(faults) = history.and_then(|h| h.get(entry_index)) {
                pool.restore(*faults);
            }
            if pool.has_forfeited() {
                pools.push((spec.clone(), pool));
                log_files.push((label.clone(), path));
                continue;
            }
            pool.preflight().map_err(|why| EntryError::CannotPlay {
                label: label.clone(),
                command: shell_text(&spec.command),
                reason: why,
                log: path.clone(),
            })?;
            pools.push((spec.clone(), pool));
            log_files.push((label.clone(), path));
        }
        Ok(Programs {
            pools,
            logs: log_files,
        })
    }

    /// The log file of each program entry.
    pub fn logs(&self) -> &[(String, PathBuf)] {
        &self.logs
    }

    /// The pool of a program entry.
    pub fn pool(&self, spec: &ProgramSpec) -> Option<&Arc<Pool>> {
        self.pools.iter().find(|(s, _)| s == spec).map(|(_, p)| p)
    }

    /// The player for any entry: a built-in bot by name, a program from its pool.
    pub fn player<G: GameAi + parlour_core::encode::Encode>(
        &self,
        entry: &EntrySpec,
        seed: u64,
    ) -> Result<Player<G>, BotError> {
        match entry {
            EntrySpec::Bot(spec) => parlour_bots::make_bot::<G>(spec, seed).map(Player::BuiltIn),
            EntrySpec::Program(spec) => match self.pool(spec) {
                Some(pool) => Ok(Player::Program(Box::new(ExternalBot::<G>::new(
                    pool.clone(),
                    seed,
                )))),
                None => Err(BotError::Malformed {
                    spec: spec.name.clone(),
                    reason: "this program was not started".into(),
                }),
            },
        }
    }

    /// Says goodbye to every program.
    pub fn shutdown(&self) {
        for (_, pool) in &self.pools {
            pool.shutdown();
        }
    }
}

impl Drop for Programs {
    fn drop(&mut self) {
        self.shutdown();
    }
}
