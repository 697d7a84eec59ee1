//! The server's shared state: its tables and replays by id, each client's share of them, its
//! connections, and its store.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::RngExt;
use tokio::sync::Semaphore;

use crate::replay::Replay;
use crate::settings::{client_key, Settings};
use crate::store::{Status, Store};
use crate::table::{self, TableEnv, TableHandle, TableSetup, TableSummary};
use crate::watch::Watched;

/// How many tables a server keeps by default (see [`Settings::max_tables`]).
pub const MAX_TABLES: usize = 1000;
/// How many replays a server keeps by default (see [`Settings::max_replays`]).
pub const MAX_REPLAYS: usize = 100;

/// Uploads read at once: each may be a recording of up to 32 MB, held twice while it is read.
pub const UPLOADS: usize = 2;

/// The server's shared state: cheap to clone (a handle).
#[derive(Clone)]
pub struct Hub(Arc<Inner>);

struct Inner {
    settings: Arc<Settings>,
    /// Bots thinking at once (see [`Settings::thinkers`]).
    thinkers: Arc<Semaphore>,
    /// Uploads being read at once.
    uploads: Arc<Semaphore>,
    /// Clients with an upload being read.
    uploading: Mutex<std::collections::HashSet<IpAddr>>,
    store: Option<Store>,
    /// The bots file's entries, offered in the lobby.
    entries: Mutex<Vec<parlour_protocol::EntrySpec>>,
    /// Where programs' standard error is logged.
    logs: Mutex<std::path::PathBuf>,
    tables: Mutex<Tables>,
    replays: Mutex<Replays>,
    tournaments: Mutex<Vec<Arc<Watched>>>,
    /// Connections open, by client.
    connections: Mutex<HashMap<IpAddr, usize>>,
    /// Each client's turns at thinking (see [`Hub::env`]).
    turns: Mutex<HashMap<IpAddr, Arc<Semaphore>>>,
}

#[derive(Default)]
struct Tables {
    next: u64,
    by_id: BTreeMap<u64, TableHandle>,
    /// Tables being started (programs greeting), by client: counted in its share.
    starting: HashMap<Option<IpAddr>, (usize, usize)>,
}

#[derive(Default)]
struct Replays {
    next: u64,
    by_id: BTreeMap<u64, Kept>,
}

struct Kept {
    replay: Arc<Replay>,
    owner: Option<IpAddr>,
    bytes: usize,
    /// When it was last shown.
    used: Mutex<std::time::Instant>,
}

impl Kept {
    /// `replay` kept for `owner`, taking `bytes`, shown now.
    fn new(replay: Arc<Replay>, owner: Option<IpAddr>, bytes: usize) -> Kept {
        Kept {
            replay,
            owner,
            bytes,
            used: Mutex::new(std::time::Instant::now()),
        }
    }
}

/// How long a replay nobody looks at keeps its memory when room is wanted.
pub const REPLAY_IDLE: Duration = Duration::from_secs(10 * 60);

/// Why a request for a table or replay is refused: the client's share or the server's room
/// is used up (HTTP 429 or 503), or the request itself is wrong (400).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The client holds its whole share.
    #[error("{0}")]
    Share(String),
    /// The server is full.
    #[error("{0}")]
    Full(String),
    /// The request is wrong.
    #[error("{0}")]
    Bad(String),
}

impl Hub {
    /// An empty hub with the default [`Settings`] but for `seat_timeout`, keeping nothing
    /// across a restart.
    pub fn new(seat_timeout: Duration) -> Hub {
        Hub::with(
            Settings {
                seat_timeout,
                ..Settings::default()
            },
            None,
        )
    }

    /// An empty hub with `settings`, recording in `store` when one is given (see
    /// [`Hub::restore`] to resume what a store holds).
    pub fn with(settings: Settings, store: Option<Store>) -> Hub {
        let thinkers = Arc::new(Semaphore::new(settings.thinkers.max(1)));
        Hub(Arc::new(Inner {
            settings: Arc::new(settings),
            thinkers,
            uploads: Arc::new(Semaphore::new(UPLOADS)),
            uploading: Mutex::new(std::collections::HashSet::new()),
            store,
            entries: Mutex::new(Vec::new()),
            logs: Mutex::new(std::path::PathBuf::from("parlour-runs/bot-logs")),
            tables: Mutex::new(Tables::default()),
            replays: Mutex::new(Replays::default()),
            tournaments: Mutex::new(Vec::new()),
            connections: Mutex::new(HashMap::new()),
            turns: Mutex::new(HashMap::new()),
        }))
    }

    /// The server's limits.
    pub fn settings(&self) -> &Settings {
        &self.0.settings
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

    fn logs(&self) -> std::path::PathBuf {
        self.0
            .logs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// The time a person's seat waits for them before the stand-in plays.
    pub fn seat_timeout(&self) -> Duration {
        self.0.settings.seat_timeout
    }

    fn env(&self, owner: Option<IpAddr>) -> Arc<TableEnv> {
        let hub = self.clone();
        // A client's tables think on half the cores at most, so the others always have some.
        let turns = owner.map(|o| {
            let mut all = self.0.turns.lock().unwrap_or_else(|e| e.into_inner());
            all.entry(o)
                .or_insert_with(|| Arc::new(Semaphore::new((self.0.settings.thinkers / 2).max(1))))
                .clone()
        });
        Arc::new(TableEnv {
            turns,
            make_table: Arc::new(move |setup, owner| {
                hub.create_for(setup, owner).map_err(|e| e.to_string())
            }),
            logs: self.logs(),
            settings: self.0.settings.clone(),
            thinkers: self.0.thinkers.clone(),
            store: self.0.store.clone(),
        })
    }

    /// Starts a table; its id, or what is wrong with the setup.
    pub fn create(&self, setup: TableSetup) -> Result<String, String> {
        self.create_for(setup, None).map_err(|e| e.to_string())
    }

    /// Starts a table for client `owner` (counted in its share); its id, or why not.
    pub fn create_for(&self, setup: TableSetup, owner: Option<IpAddr>) -> Result<String, Refusal> {
        let settings = &self.0.settings;
        let owner = owner.map(client_key);
        let programs = setup.programs();
        let n = {
            let mut tables = self.0.tables.lock().unwrap_or_else(|e| e.into_inner());
            tables.by_id.retain(|_, t| !t.closed());
            let starting = tables.starting.get(&owner).copied().unwrap_or_default();
            if owner.is_some() {
                let (mine, my_programs) = tables
                    .by_id
                    .values()
                    .filter(|t| t.owner == owner && t.in_play())
                    .fold(starting, |(k, p), t| (k + 1, p + t.programs));
                if mine >= settings.share.tables {
                    return Err(Refusal::Share(format!(
                        "you have {mine} tables in play, your share at this server: finish or \
                         leave one (a table nobody is at closes after {})",
                        crate::settings::words(settings.idle_table)
                    )));
                }
                if programs > 0 && my_programs + programs > settings.share.programs {
                    return Err(Refusal::Share(format!(
                        "your tables have {my_programs} program seats; {programs} more would \
                         pass your share of {}",
                        settings.share.programs
                    )));
                }
            }
            let all_programs: usize = tables
                .by_id
                .values()
                .filter(|t| t.in_play())
                .map(|t| t.programs)
                .sum::<usize>()
                + tables.starting.values().map(|s| s.1).sum::<usize>();
            if programs > 0 && all_programs + programs > settings.max_programs {
                return Err(Refusal::Full(format!(
                    "the server runs {all_programs} program seats, its limit is {}",
                    settings.max_programs
                )));
            }
            if tables.by_id.len() >= settings.max_tables {
                let finished = tables
                    .by_id
                    .iter()
                    .find(|(_, t)| !t.in_play())
                    .map(|(k, _)| *k);
                match finished {
                    Some(k) => {
                        tables.by_id.remove(&k);
                    }
                    None => {
                        return Err(Refusal::Full(format!(
                            "the server has {} tables in play",
                            settings.max_tables
                        )))
                    }
                }
            }
            let n = match &self.0.store {
                Some(store) => store.next("table").map_err(Refusal::Full)?,
                None => {
                    tables.next += 1;
                    tables.next
                }
            };
            let slot = tables.starting.entry(owner).or_default();
            slot.0 += 1;
            slot.1 += programs;
            n
        };
        // Recorded before it starts, so that its first moves have a row to go with.
        if let Some(store) = &self.0.store {
            if let Err(e) = store
                .add_table(n, &setup, owner)
                .and_then(|()| store.trim_tables(settings.max_tables))
            {
                eprintln!("parlour serve: table t{n}: {e}");
            }
        }
        // Starting may wait for programs to greet: not while holding the tables.
        let started = self.start(n, setup, owner, &[]);
        let mut tables = self.0.tables.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(slot) = tables.starting.get_mut(&owner) {
            slot.0 -= 1;
            slot.1 -= programs;
            if *slot == (0, 0) {
                tables.starting.remove(&owner);
            }
        }
        let handle = match started {
            Ok(handle) => handle,
            Err(why) => {
                if let Some(store) = &self.0.store {
                    let _ = store.set_status(n, Status::Closed, Some(&why));
                }
                return Err(Refusal::Bad(why));
            }
        };
        tables.by_id.insert(n, handle);
        Ok(format!("t{n}"))
    }

    fn start(
        &self,
        n: u64,
        setup: TableSetup,
        owner: Option<IpAddr>,
        moves: &[(usize, String)],
    ) -> Result<TableHandle, String> {
        table::start(n, self.env(owner), setup, owner, moves)
    }

    /// Resumes every table the store has in play, as it was (seats, tokens and moves); the
    /// ids of those that could not be rebuilt, with why (they are recorded as closed).
    pub fn restore(&self) -> Vec<(String, String)> {
        let Some(store) = &self.0.store else {
            return Vec::new();
        };
        let mut failed = Vec::new();
        let numbers = match store.in_play() {
            Ok(n) => n,
            Err(e) => return vec![("store".into(), e)],
        };
        for n in numbers {
            let rebuilt = store
                .table(n)
                .and_then(|t| t.ok_or_else(|| "gone from the store".to_string()))
                .and_then(|t| self.start(n, t.setup, t.owner, &t.moves));
            match rebuilt {
                Ok(handle) => {
                    self.0
                        .tables
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .by_id
                        .insert(n, handle);
                }
                Err(why) => {
                    let why = format!("it could not be resumed after a restart: {why}");
                    let _ = store.set_status(n, Status::Closed, Some(&why));
                    failed.push((format!("t{n}"), why));
                }
            }
        }
        failed
    }

    pub(crate) fn table(&self, id: &str) -> Option<TableHandle> {
        let n: u64 = id.strip_prefix('t')?.parse().ok()?;
        let tables = self.0.tables.lock().unwrap_or_else(|e| e.into_inner());
        tables.by_id.get(&n).filter(|t| !t.closed()).cloned()
    }

    /// What became of table `id` if it is no longer open: why it closed, or that it is over
    /// (then its trace).
    pub(crate) fn stored(&self, id: &str) -> Option<crate::store::StoredTable> {
        let n: u64 = id.strip_prefix('t')?.parse().ok()?;
        self.0.store.as_ref()?.table(n).ok().flatten()
    }

    /// Every table, newest first.
    pub fn tables(&self) -> Vec<TableSummary> {
        let mut tables = self.0.tables.lock().unwrap_or_else(|e| e.into_inner());
        tables.by_id.retain(|_, t| !t.closed());
        tables
            .by_id
            .values()
            .rev()
            .map(|t| t.summary.lock().unwrap_or_else(|e| e.into_inner()).clone())
            .collect()
    }

    /// Keeps a replay asked for by `owner` (with its `recording`, kept in the store); its id
    /// and the replay, or why not (the client's share, or the server's replay budget).
    pub fn keep_replay(
        &self,
        replay: Replay,
        owner: Option<IpAddr>,
        recording: Option<&str>,
    ) -> Result<(String, Arc<Replay>), Refusal> {
        let settings = &self.0.settings;
        let owner = owner.map(client_key);
        let bytes = replay.footprint();
        if bytes > settings.replay_budget {
            return Err(Refusal::Bad(format!(
                "this recording would take about {} MB to show, over the server's budget of {} MB",
                bytes >> 20,
                settings.replay_budget >> 20
            )));
        }
        let mut replays = self.0.replays.lock().unwrap_or_else(|e| e.into_inner());
        if owner.is_some() {
            let mine = replays.by_id.values().filter(|k| k.owner == owner).count();
            if mine >= settings.share.replays {
                return Err(Refusal::Share(format!(
                    "you have {mine} replays kept, your share at this server"
                )));
            }
        }
        // Replays nobody has looked at for a while make room (a stored one can be read again);
        // past them, the server is full.
        let mut used: usize = replays.by_id.values().map(|k| k.bytes).sum();
        while replays.by_id.len() >= settings.max_replays || used + bytes > settings.replay_budget {
            let stale = replays
                .by_id
                .iter()
                .filter(|(_, k)| {
                    k.used
                        .lock()
                        .map(|t| t.elapsed() >= REPLAY_IDLE)
                        .unwrap_or(true)
                })
                .min_by_key(|(_, k)| *k.used.lock().unwrap_or_else(|e| e.into_inner()))
                .map(|(n, _)| *n);
            let Some(n) = stale else {
                return Err(Refusal::Full(format!(
                    "the server's replays fill its room ({} replays, {} MB): try again in a few \
                     minutes",
                    replays.by_id.len(),
                    settings.replay_budget >> 20
                )));
            };
            if let Some(gone) = replays.by_id.remove(&n) {
                used -= gone.bytes;
            }
        }
        let n = match &self.0.store {
            Some(store) => store.next("replay").map_err(Refusal::Full)?,
            None => {
                replays.next += 1;
                replays.next
            }
        };
        let replay = Arc::new(replay);
        replays
            .by_id
            .insert(n, Kept::new(replay.clone(), owner, bytes));
        drop(replays);
        if let (Some(store), Some(text)) = (&self.0.store, recording) {
            // On disk, the newest recordings up to four times the memory budget.
            if let Err(e) = store
                .add_replay(n, owner, text)
                .and_then(|()| store.trim_replays(settings.replay_budget.saturating_mul(4)))
            {
                eprintln!("parlour serve: replay r{n}: {e}");
            }
        }
        Ok((format!("r{n}"), replay))
    }

    /// A replay kept in memory, by its id.
    pub fn replay(&self, id: &str) -> Option<Arc<Replay>> {
        let n: u64 = id.strip_prefix('r')?.parse().ok()?;
        let replays = self.0.replays.lock().unwrap_or_else(|e| e.into_inner());
        let k = replays.by_id.get(&n)?;
        *k.used.lock().unwrap_or_else(|e| e.into_inner()) = std::time::Instant::now();
        Some(k.replay.clone())
    }

    /// A replay by its id, read again from the store when it is not in memory (after a
    /// restart, or when it made room): off the async threads, taking an upload's turn, as
    /// reading it costs what reading an upload does. `None` when there is no such replay or
    /// the server is too busy reading others.
    pub async fn replay_loaded(&self, id: &str) -> Option<Arc<Replay>> {
        if let Some(r) = self.replay(id) {
            return Some(r);
        }
        let n: u64 = id.strip_prefix('r')?.parse().ok()?;
        let store = self.0.store.clone()?;
        let _turn = tokio::time::timeout(
            Duration::from_secs(20),
            self.0.uploads.clone().acquire_owned(),
        )
        .await
        .ok()?
        .ok()?;
        // Another request may have read it meanwhile.
        if let Some(r) = self.replay(id) {
            return Some(r);
        }
        let hub = self.clone();
        tokio::task::spawn_blocking(move || {
            let (text, owner) = store.replay(n).ok().flatten()?;
            let replay = Arc::new(Replay::read(&text).ok()?);
            let bytes = replay.footprint();
            let mut replays = hub.0.replays.lock().unwrap_or_else(|e| e.into_inner());
            let used: usize = replays.by_id.values().map(|k| k.bytes).sum();
            if used + bytes <= hub.0.settings.replay_budget
                && replays.by_id.len() < hub.0.settings.max_replays
            {
                replays
                    .by_id
                    .insert(n, Kept::new(replay.clone(), owner, bytes));
            }
            Some(replay)
        })
        .await
        .ok()?
    }

    /// A turn to read an upload, if one comes within `wait`: [`UPLOADS`] at a time, one per
    /// client (a second at once is refused).
    pub async fn upload(&self, client: Option<IpAddr>, wait: Duration) -> Result<Upload, Refusal> {
        let key = client.map(client_key);
        if let Some(key) = key {
            let mut busy = self.0.uploading.lock().unwrap_or_else(|e| e.into_inner());
            if !busy.insert(key) {
                return Err(Refusal::Share(
                    "you are uploading a recording already: one at a time".into(),
                ));
            }
        }
        let mut turn = Upload {
            hub: self.clone(),
            key,
            permit: None,
        };
        let permit = tokio::time::timeout(wait, self.0.uploads.clone().acquire_owned())
            .await
            .ok()
            .and_then(Result::ok)
            .ok_or_else(|| {
                Refusal::Full("the server is reading other uploads: try again in a moment".into())
            })?;
        turn.permit = Some(permit);
        Ok(turn)
    }

    /// Bytes the replays kept in memory take, by their footprint.
    pub fn replay_bytes(&self) -> usize {
        let replays = self.0.replays.lock().unwrap_or_else(|e| e.into_inner());
        replays.by_id.values().map(|k| k.bytes).sum()
    }

    /// Takes one of `client`'s connections, if its share and the server's room allow; it is
    /// given back when the returned guard is dropped.
    pub fn connect(&self, client: IpAddr) -> Option<ConnectionSlot> {
        self.connect_as(client, true)
    }

    /// Takes a connection counted under `client`, checking its share only if `shared` (behind
    /// a proxy every connection comes from the proxy: only the server's cap applies).
    pub fn connect_as(&self, client: IpAddr, shared: bool) -> Option<ConnectionSlot> {
        let key = client_key(client);
        let mut open = self.0.connections.lock().unwrap_or_else(|e| e.into_inner());
        let total: usize = open.values().sum();
        let mine = open.get(&key).copied().unwrap_or(0);
        if total >= self.0.settings.max_connections
            || (shared && mine >= self.0.settings.share.connections)
        {
            return None;
        }
        *open.entry(key).or_insert(0) += 1;
        Some(ConnectionSlot {
            hub: self.clone(),
            key,
        })
    }

    /// Connections open, in all.
    pub fn connections(&self) -> usize {
        let open = self.0.connections.lock().unwrap_or_else(|e| e.into_inner());
        open.values().sum()
    }
}

/// A turn to read an upload (see [`Hub::upload`]); given back when dropped.
pub struct Upload {
    hub: Hub,
    key: Option<IpAddr>,
    permit: Option<tokio::sync::OwnedSemaphorePermit>,
}

impl Drop for Upload {
    fn drop(&mut self) {
        self.permit.take();
        if let Some(key) = self.key {
            self.hub
                .0
                .uploading
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&key);
        }
    }
}

/// An accepted connection's place, handed to a WebSocket when the connection is upgraded (so
/// a socket does not need a second place while its connection lets go of the first).
#[derive(Clone)]
pub struct AcceptSlot(pub Arc<Mutex<Option<ConnectionSlot>>>);

impl AcceptSlot {
    /// The place, if nobody took it yet.
    pub fn take(&self) -> Option<ConnectionSlot> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// One connection's place in its client's share (see [`Hub::connect`]).
pub struct ConnectionSlot {
    hub: Hub,
    key: IpAddr,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut open = self
            .hub
            .0
            .connections
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
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
