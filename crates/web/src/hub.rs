//! The server's tables and replays, by id.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::RngExt;

use crate::replay::Replay;
use crate::table::{self, TableHandle, TableSetup, TableSummary};
use crate::watch::Watched;

/// How many tables a server keeps; past it, the oldest finished table is let go (and a new
/// table is refused while every table is still in play).
pub const MAX_TABLES: usize = 1000;
/// How many replays a server keeps; past it, the oldest is let go.
pub const MAX_REPLAYS: usize = 100;

/// The server's shared state: cheap to clone (a handle).
#[derive(Clone)]
pub struct Hub(Arc<Inner>);

struct Inner {
    seat_timeout: Duration,
    /// The bots file's entries, offered in the lobby.
    entries: Mutex<Vec<parlour_protocol::EntrySpec>>,
    /// Where programs' standard error is logged.
    logs: Mutex<std::path::PathBuf>,
    tables: Mutex<Tables>,
    replays: Mutex<BTreeMap<u64, Arc<Replay>>>,
    tournaments: Mutex<Vec<Arc<Watched>>>,
}

#[derive(Default)]
struct Tables {
    next: u64,
    by_id: BTreeMap<u64, TableHandle>,
    next_replay: u64,
}

impl Hub {
    /// An empty hub whose people's seats are played by a stand-in after `seat_timeout` away.
    pub fn new(seat_timeout: Duration) -> Hub {
        Hub(Arc::new(Inner {
            seat_timeout,
            entries: Mutex::new(Vec::new()),
            logs: Mutex::new(std::path::PathBuf::from("parlour-runs/bot-logs")),
            tables: Mutex::new(Tables::default()),
            replays: Mutex::new(BTreeMap::new()),
            tournaments: Mutex::new(Vec::new()),
        }))
    }

    /// Offers a bots file's entries (built-in bots with options, and external programs) as
    /// seats, with programs' standard error logged in `logs`.
    pub fn offer(&self, entries: Vec<parlour_protocol::EntrySpec>, logs: std::path::PathBuf) {
        *self.0.entries.lock().unwrap_or_else(|e| e.into_inner()) = entries;
        *self.0.logs.lock().unwrap_or_else(|e| e.into_inner()) = logs;
    }

    /// The entries offered (see [`Hub::offer`]).
    pub fn entries(&self) -> Vec<parlour_protocol::EntrySpec> {
        self.0
            .entries
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    pub(crate) fn logs(&self) -> std::path::PathBuf {
        self.0
            .logs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// The time a person's seat waits for them before the stand-in plays.
    pub fn seat_timeout(&self) -> Duration {
        self.0.seat_timeout
    }

    /// Starts a table; its id, or what is wrong with the setup.
    pub fn create(&self, setup: TableSetup) -> Result<String, String> {
        let mut tables = self.0.tables.lock().unwrap_or_else(|e| e.into_inner());
        if tables.by_id.len() >= MAX_TABLES {
            let finished = tables
                .by_id
                .iter()
                .find(|(_, t)| t.summary.lock().map(|s| s.over).unwrap_or(true))
                .map(|(k, _)| *k);
            match finished {
                Some(k) => {
                    tables.by_id.remove(&k);
                }
                None => return Err(format!("the server has {MAX_TABLES} tables in play")),
            }
        }
        tables.next += 1;
        let n = tables.next;
        // Starting may wait for programs to greet: not while holding the tables.
        drop(tables);
        let id = format!("t{n}");
        let hub = self.clone();
        let make_table: table::MakeTable = Arc::new(move |setup| hub.create(setup));
        let handle = table::start(
            id.clone(),
            make_table,
            self.logs(),
            setup,
            self.0.seat_timeout,
        )?;
        self.0
            .tables
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .by_id
            .insert(n, handle);
        Ok(id)
    }

    pub(crate) fn table(&self, id: &str) -> Option<TableHandle> {
        let n: u64 = id.strip_prefix('t')?.parse().ok()?;
        let tables = self.0.tables.lock().unwrap_or_else(|e| e.into_inner());
        tables.by_id.get(&n).cloned()
    }

    /// Every table, newest first.
    pub fn tables(&self) -> Vec<TableSummary> {
        let tables = self.0.tables.lock().unwrap_or_else(|e| e.into_inner());
        tables
            .by_id
            .values()
            .rev()
            .map(|t| t.summary.lock().unwrap_or_else(|e| e.into_inner()).clone())
            .collect()
    }

    /// Keeps a replay; its id.
    pub fn add_replay(&self, replay: Replay) -> String {
        let n = {
            let mut tables = self.0.tables.lock().unwrap_or_else(|e| e.into_inner());
            tables.next_replay += 1;
            tables.next_replay
        };
        let mut replays = self.0.replays.lock().unwrap_or_else(|e| e.into_inner());
        while replays.len() >= MAX_REPLAYS {
            replays.pop_first();
        }
        replays.insert(n, Arc::new(replay));
        format!("r{n}")
    }

    /// A replay by its id.
    pub fn replay(&self, id: &str) -> Option<Arc<Replay>> {
        let n: u64 = id.strip_prefix('r')?.parse().ok()?;
        let replays = self.0.replays.lock().unwrap_or_else(|e| e.into_inner());
        replays.get(&n).cloned()
    }
}

impl Hub {
    /// Shows a tournament; its id.
    pub fn watch(&self, tournament: Watched) -> String {
        let mut list = self.0.tournaments.lock().unwrap_or_else(|e| e.into_inner());
        list.push(Arc::new(tournament));
        format!("w{}", list.len())
    }

    /// A watched tournament by its id.
    pub fn watched(&self, id: &str) -> Option<Arc<Watched>> {
        let n: usize = id.strip_prefix('w')?.parse().ok()?;
        let list = self.0.tournaments.lock().unwrap_or_else(|e| e.into_inner());
        list.get(n.checked_sub(1)?).cloned()
    }

    /// Every watched tournament: (id, name).
    pub fn tournaments(&self) -> Vec<(String, String)> {
        let list = self.0.tournaments.lock().unwrap_or_else(|e| e.into_inner());
        list.iter()
            .enumerate()
            .map(|(i, w)| (format!("w{}", i + 1), w.name().to_string()))
            .collect()
    }
}

/// A new secret for a person's seat: 128 random bits, as hex.
pub fn new_token() -> String {
    let bits: u128 = rand::rng().random();
    format!("{bits:032x}")
}
