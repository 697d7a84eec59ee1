//! One table: a game in play, its seats, and the browsers connected to it.
//!
//! Each table is a task that owns its state; connections talk to it through a channel, so a
//! table never locks and one table's bots never hold up another's. Every message a connection
//! receives is built for it alone, from what its seat may see (its `view`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use parlour_dynamic::{AnyGame, AnyState, AnyTable, DynError};
use serde::Serialize;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, Semaphore};
use tokio::task::{JoinError, JoinHandle};
use tokio::time::Instant;

use crate::message::{self, ClientMessage, LogEntry, SeatInfo, ServerMessage, View};
use crate::settings::Settings;
pub use crate::setup::{SeatSpec, TableSetup};
use crate::store::{Status, Store};

/// What the lobby lists about a table.
#[derive(Debug, Clone, Serialize)]
pub struct TableSummary {
    /// Its id.
    pub id: String,
    /// The game's name.
    pub game: &'static str,
    /// The game's title.
    pub title: &'static str,
    /// The options.
    pub options: Value,
    /// The seed, once the game is over: until then it is a secret, as it deals every hand
    /// (a table of bots started with it would show them).
    pub seed: Option<u64>,
    /// Who sits where (names only).
    pub seats: Vec<String>,
    /// Whether every seat is a bot.
    pub bots_only: bool,
    /// Decisions made.
    pub decisions: u64,
    /// Whether the game is over.
    pub over: bool,
    /// Why the table was closed before its end (nobody at it for too long, too long a game).
    pub closed: Option<String>,
}

/// How a table starts its rematch: a new table from a setup, for a client, its id (the hub's
/// `create`).
pub type MakeTable =
    Arc<dyn Fn(TableSetup, Option<IpAddr>) -> Result<String, String> + Send + Sync>;

/// What every table of a server shares: how to make another, where programs log, the
/// server's limits, its thinking cores and its store.
pub(crate) struct TableEnv {
    /// The turns of the client that made the table, taken before a core's.
    pub(crate) turns: Option<Arc<Semaphore>>,
    pub(crate) make_table: MakeTable,
    pub(crate) logs: std::path::PathBuf,
    pub(crate) settings: Arc<Settings>,
    pub(crate) thinkers: Arc<Semaphore>,
    pub(crate) store: Option<Store>,
}

/// A request to a table's task.
pub(crate) enum Command {
    /// A browser opens the table: with a seat's token, or as a spectator.
    Connect {
        token: Option<String>,
        out: mpsc::Sender<String>,
        reply: oneshot::Sender<Result<u64, String>>,
    },
    /// A browser's message (already read).
    Message { conn: u64, message: ClientMessage },
    /// A browser went away.
    Disconnect { conn: u64 },
    /// The game so far as a trace, if this caller may have it.
    Trace {
        reply: oneshot::Sender<Result<String, String>>,
    },
}

/// How a table's task is reached.
#[derive(Debug, Clone)]
pub(crate) struct TableHandle {
    pub(crate) commands: mpsc::UnboundedSender<Command>,
    pub(crate) summary: Arc<Mutex<TableSummary>>,
    /// The client that made it.
    pub(crate) owner: Option<IpAddr>,
    /// Its program seats.
    pub(crate) programs: usize,
}

impl TableHandle {
    /// Whether its game is still going (not over, not closed).
    pub(crate) fn in_play(&self) -> bool {
        let s = self.summary.lock().unwrap_or_else(|e| e.into_inner());
        !s.over && s.closed.is_none()
    }

    /// Whether its task has ended (closed).
    pub(crate) fn closed(&self) -> bool {
        self.commands.is_closed()
            || self
                .summary
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .closed
                .is_some()
    }
}

struct Seat {
    name: String,
    /// A person's token (`None` for a bot).
    token: Option<String>,
    /// Connections holding the seat.
    connections: usize,
    /// When the seat was last left without a connection (a person's).
    left_at: Instant,
}

impl Seat {
    fn human(&self) -> bool {
        self.token.is_some()
    }
}

struct Connection {
    seat: Option<usize>,
    out: mpsc::Sender<String>,
    /// Whether it has had its first view (with the whole log).
    synced: bool,
}

/// How long a message queue to one browser may grow before the browser is dropped as too slow.
const OUTBOX: usize = 512;

/// A bot's answer: the seat, the decision it answers, the bots back, and its action.
type Thought = (usize, u64, Box<dyn AnyTable>, Result<String, DynError>);

/// A move the programs at the table are to be told of: the state before, the seat, the
/// action and the state after.
type Told = (Box<dyn AnyState>, usize, String, Box<dyn AnyState>);

/// A table's task.
pub(crate) struct Table {
    id: String,
    n: u64,
    owner: Option<IpAddr>,
    env: Arc<TableEnv>,
    setup: TableSetup,
    game: Box<dyn AnyGame>,
    state: Box<dyn AnyState>,
    seats: Vec<Seat>,
    /// Every seat's bot (a person's stand-in), built and told of each move as the runner's
    /// step loop builds and tells them; out of the table while one of them thinks.
    bots: Option<Box<dyn AnyTable>>,
    /// Moves made while the bots were out, to tell the programs when they are back.
    told: Vec<Told>,
    connections: HashMap<u64, Connection>,
    next_connection: u64,
    /// (seat, action) for every decision so far.
    log: Vec<(usize, String)>,
    pace: Duration,
    seat_timeout: Duration,
    last_move: Instant,
    thinking: Option<JoinHandle<Result<Thought, JoinError>>>,
    rematch: Option<String>,
    summary: Arc<Mutex<TableSummary>>,
    /// Whether an external program sits at the table.
    has_programs: bool,
    /// Since when nobody has been connected (`None` while someone is).
    idle_since: Option<Instant>,
    /// Why the table is closing, once it is.
    closing: Option<String>,
}

/// Builds table number `n` (checking the setup), plays `moves` on it (a table rebuilt from the
/// store) and starts its task; `Err` says what is wrong.
pub(crate) fn start(
    n: u64,
    env: Arc<TableEnv>,
    setup: TableSetup,
    owner: Option<IpAddr>,
    moves: &[(usize, String)],
) -> Result<TableHandle, String> {
    let id = format!("t{n}");
    let seat_timeout = env.settings.seat_timeout;
    let logs = env.logs.clone();
    let game = parlour_dynamic::open(&setup.game, &setup.options).map_err(|e| e.to_string())?;
    let now = Instant::now();
    let mut seats = Vec::new();
    for (i, spec) in setup.seats.iter().enumerate() {
        let token = match spec {
            SeatSpec::Human { token: None, .. } => {
                return Err(format!(
                    "seat {i}: a person's seat needs a token to take it"
                ))
            }
            SeatSpec::Human { token, .. } => token.clone(),
            SeatSpec::Entry(_) => None,
        };
        seats.push(Seat {
            name: spec.label(),
            token,
            connections: 0,
            left_at: now,
        });
    }
    // Seats that share a name are numbered as the arena numbers its entries.
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    for (seat, name) in seats.iter_mut().zip(parlour_arena::numbered(&names)) {
        seat.name = name;
    }
    // Bots seeded as `parlour play` seeds them, so a table of bots plays as the command line
    // does. Starting programs waits for their greeting: off the async threads.
    let stand_in = parlour_core::BotSpec::named(stand_in_name(game.as_ref()));
    let bots = blocking(|| game.table(&setup.seats, setup.seed, &stand_in, Some(&logs)))
        .map_err(|e| e.to_string())?;
    let mut state = game.new_state(setup.seed);
    let mut log = Vec::new();
    for (i, (seat, action)) in moves.iter().enumerate() {
        if state.current_player() != Some(*seat) {
            return Err(format!("move {i}: seat {seat} is not the seat to act"));
        }
        state.apply(action).map_err(|e| format!("move {i}: {e}"))?;
        log.push((*seat, action.clone()));
    }
    let summary = Arc::new(Mutex::new(TableSummary {
        id: id.clone(),
        game: game.info().name,
        title: game.info().title,
        options: game.options(),
        seed: state.is_terminal().then_some(setup.seed),
        seats: seats.iter().map(|s| s.name.clone()).collect(),
        bots_only: seats.iter().all(|s| !s.human()),
        decisions: state.decisions(),
        over: state.is_terminal(),
        closed: None,
    }));
    let (commands, inbox) = mpsc::unbounded_channel();
    let programs = bots.programs();
    let table = Table {
        has_programs: programs > 0,
        id,
        n,
        owner,
        pace: Duration::from_millis(setup.pace_ms.max(env.settings.min_pace_ms)),
        env,
        setup,
        game,
        state,
        seats,
        bots: Some(bots),
        told: Vec::new(),
        connections: HashMap::new(),
        next_connection: 0,
        log,
        seat_timeout,
        last_move: now,
        thinking: None,
        rematch: None,
        summary: summary.clone(),
        idle_since: Some(now),
        closing: None,
    };
    tokio::spawn(table.run(inbox));
    Ok(TableHandle {
        commands,
        summary,
        owner,
        programs,
    })
}

/// The trace of a finished table from the store: dealt again from its seed, its moves played.
pub(crate) fn stored_trace(stored: &crate::store::StoredTable) -> Result<String, String> {
    let setup = &stored.setup;
    let game = parlour_dynamic::open(&setup.game, &setup.options).map_err(|e| e.to_string())?;
    let mut state = game.new_state(setup.seed);
    for (i, (_, action)) in stored.moves.iter().enumerate() {
        state.apply(action).map_err(|e| format!("move {i}: {e}"))?;
    }
    let names: Vec<String> = setup.seats.iter().map(SeatSpec::label).collect();
    state
        .trace(&parlour_arena::numbered(&names))
        .map_err(|e| e.to_string())
}

/// Runs `f`, which may block, without stalling the runtime's other tasks.
fn blocking<T>(f: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current() {
        Ok(h) if h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(f)
        }
        _ => f(),
    }
}

/// The bot that plays for a person who is away: the game's heuristic where it has one.
fn stand_in_name(game: &dyn AnyGame) -> &'static str {
    if game.bot_names().iter().any(|(n, _)| *n == "heuristic") {
        "heuristic"
    } else {
        "random"
    }
}

impl Table {
    async fn run(mut self, mut inbox: mpsc::UnboundedReceiver<Command>) {
        loop {
            if let Some(why) = self.closing.take() {
                self.close(why);
                break;
            }
            let wake = self.wake_at();
            let idle_until = self
                .idle_since
                .and_then(|t| t.checked_add(self.env.settings.idle_table));
            tokio::select! {
                command = inbox.recv() => match command {
                    Some(c) => self.handle(c),
                    // The hub let the table go.
                    None => break,
                },
                done = async { self.thinking.as_mut().expect("guarded").await },
                    if self.thinking.is_some() => {
                    self.thinking = None;
                    match done.and_then(|inner| inner) {
                        Ok((seat, decision, bot, answer)) => self.bot_moved(seat, decision, bot, answer),
                        // Cancelled: the runtime is shutting down.
                        Err(e) if e.is_cancelled() => break,
                        Err(e) => eprintln!("table {}: a bot's task failed: {e}", self.id),
                    }
                }
                _ = tokio::time::sleep_until(wake.unwrap_or_else(Instant::now)),
                    if wake.is_some() && self.thinking.is_none() => {
                    self.start_bot();
                }
                _ = tokio::time::sleep_until(idle_until.unwrap_or_else(Instant::now)),
                    if idle_until.is_some() => {
                    self.closing = Some(format!(
                        "the table was closed after {} with nobody at it",
                        crate::settings::words(self.env.settings.idle_table)
                    ));
                }
            }
        }
        if let Some(t) = self.thinking.take() {
            t.abort();
        }
    }

    /// Ends the table for `why`: every browser at it is told, the store records it, and its
    /// bots (programs among them) are let go with the task.
    fn close(&mut self, why: String) {
        if let Some(t) = self.thinking.take() {
            t.abort();
        }
        self.summary
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .closed = Some(why.clone());
        if let Some(store) = &self.env.store {
            if !self.state.is_terminal() {
                if let Err(e) = store.set_status(self.n, Status::Closed, Some(&why)) {
                    eprintln!("table {}: {e}", self.id);
                }
            }
        }
        let m = ServerMessage::Closed { reason: why };
        for c in self.connections.keys().copied().collect::<Vec<_>>() {
            self.send(c, &m);
        }
    }

    /// When a bot (or a stand-in) should start on the current decision, if one should.
    fn wake_at(&self) -> Option<Instant> {
        let seat = self.state.current_player()?;
        let s = &self.seats[seat];
        let paced = self.last_move + self.pace;
        if !s.human() {
            Some(paced)
        } else if s.connections == 0 {
            s.left_at
                .checked_add(self.seat_timeout)
                .map(|t| t.max(paced))
        } else {
            None
        }
    }

    fn start_bot(&mut self) {
        let Some(seat) = self.state.current_player() else {
            return;
        };
        let Some(mut bots) = self.bots.take() else {
            return;
        };
        if self.seats[seat].human() {
            // The person is away past the timeout: tell everyone the stand-in plays.
            self.broadcast();
        }
        let state = self.state.clone_box();
        let decision = state.decisions();
        // Every table's bots take turns on the server's thinking cores, a client's tables on
        // no more than their share of them. The turns are held until the bot has answered,
        // even if the table closes meanwhile.
        let thinkers = self.env.thinkers.clone();
        let turns = self.env.turns.clone();
        self.thinking = Some(tokio::spawn(async move {
            let mine = match turns {
                Some(t) => t.acquire_owned().await.ok(),
                None => None,
            };
            let core = thinkers.acquire_owned().await.ok();
            tokio::task::spawn_blocking(move || {
                let answer = bots.act(state.as_ref());
                drop((core, mine));
                (seat, decision, bots, answer)
            })
            .await
        }));
    }

    fn bot_moved(
        &mut self,
        seat: usize,
        decision: u64,
        bots: Box<dyn AnyTable>,
        answer: Result<String, DynError>,
    ) {
        self.bots = Some(bots);
        self.tell();
        if self.state.decisions() != decision {
            // The person came back and moved first: the stand-in's answer is stale.
            return;
        }
        let action = match answer {
            Ok(a) => a,
            Err(e) => {
                eprintln!(
                    "table {}: seat {seat}'s bot failed ({e}); a legal action is played",
                    self.id
                );
                match self.state.legal_actions().into_iter().next() {
                    Some(a) => a,
                    None => return,
                }
            }
        };
        if let Err(e) = self.play(seat, &action) {
            eprintln!("table {}: seat {seat}'s bot chose {action}: {e}", self.id);
        }
    }

    fn play(&mut self, seat: usize, action: &str) -> Result<(), DynError> {
        // Programs are told each move as their seat saw it, and the result.
        let before = self.has_programs.then(|| self.state.clone_box());
        self.state.apply(action)?;
        if let Some(before) = before {
            let after = self.state.clone_box();
            self.told.push((before, seat, action.to_string(), after));
            self.tell();
        }
        let action = action.trim().to_string();
        if let Some(store) = &self.env.store {
            let index = self.state.decisions() - 1;
            let recorded = store.add_move(self.n, index, seat, &action).and_then(|()| {
                if self.state.is_terminal() {
                    store.set_status(self.n, Status::Over, None)
                } else {
                    Ok(())
                }
            });
            if let Err(e) = recorded {
                eprintln!("table {}: {e}", self.id);
            }
        }
        self.log.push((seat, action));
        self.last_move = Instant::now();
        let limit = self.env.settings.max_decisions;
        if !self.state.is_terminal() && self.state.decisions() >= limit {
            self.closing = Some(format!(
                "the table reached this server's limit of {limit} decisions"
            ));
        }
        {
            let mut s = self.summary.lock().unwrap_or_else(|e| e.into_inner());
            s.decisions = self.state.decisions();
            s.over = self.state.is_terminal();
            s.seed = s.over.then_some(self.setup.seed);
        }
        if self.state.is_terminal() {
            // Everything is visible now: every connection gets the whole log again.
            for c in self.connections.values_mut() {
                c.synced = false;
            }
        }
        self.broadcast();
        Ok(())
    }

    /// Tells the programs at the table the moves made since they were last told, unless the
    /// bots are out thinking (then when they are back).
    fn tell(&mut self) {
        let Some(bots) = self.bots.as_mut() else {
            return;
        };
        for (before, actor, action, after) in self.told.drain(..) {
            match bots.played(before.as_ref(), actor, &action, after.as_ref()) {
                Ok(faults) => {
                    for (s, fault) in faults {
                        eprintln!(
                            "table {}: seat {s} ({}): {fault}",
                            self.id, self.seats[s].name
                        );
                    }
                }
                Err(e) => eprintln!("table {}: {e}", self.id),
            }
        }
    }

    fn handle(&mut self, command: Command) {
        match command {
            Command::Connect { token, out, reply } => {
                let seat = match &token {
                    None => None,
                    Some(t) => match self
                        .seats
                        .iter()
                        .position(|s| s.token.as_deref() == Some(t.as_str()))
                    {
                        Some(seat) => Some(seat),
                        None => {
                            let _ = reply.send(Err("that seat token is not for this table".into()));
                            return;
                        }
                    },
                };
                let id = self.next_connection;
                self.next_connection += 1;
                if let Some(seat) = seat {
                    self.seats[seat].connections += 1;
                }
                self.idle_since = None;
                let welcome = ServerMessage::Welcome {
                    table: self.id.clone(),
                    game: self.game.info().name,
                    title: self.game.info().title,
                    options: self.game.options(),
                    seed: self.state.is_terminal().then_some(self.setup.seed),
                    seat,
                    open: self.open(),
                };
                let _ = out.try_send(to_text(&welcome));
                self.connections.insert(
                    id,
                    Connection {
                        seat,
                        out,
                        synced: false,
                    },
                );
                let _ = reply.send(Ok(id));
                if seat.is_some() {
                    // Everyone sees the seat taken again.
                    self.broadcast();
                } else {
                    self.send_view(id);
                }
            }
            Command::Disconnect { conn } => {
                if let Some(c) = self.connections.remove(&conn) {
                    if self.connections.is_empty() {
                        self.idle_since = Some(Instant::now());
                    }
                    if let Some(seat) = c.seat {
                        let s = &mut self.seats[seat];
                        s.connections = s.connections.saturating_sub(1);
                        if s.connections == 0 {
                            s.left_at = Instant::now();
                        }
                        self.broadcast();
                    }
                }
            }
            Command::Message { conn, message } => {
                if let Err(why) = self.message(conn, message) {
                    self.send(conn, &ServerMessage::Error { message: why });
                }
            }
            Command::Trace { reply } => {
                let _ = reply.send(if self.open() {
                    let names: Vec<String> = self.seats.iter().map(|s| s.name.clone()).collect();
                    self.state.trace(&names).map_err(|e| e.to_string())
                } else {
                    Err("a game with people at the table is replayed once it is over".into())
                });
            }
        }
    }

    fn message(&mut self, conn: u64, message: ClientMessage) -> Result<(), String> {
        let Some(c) = self.connections.get(&conn) else {
            return Ok(());
        };
        let seat = c.seat;
        match message {
            ClientMessage::Act { decision, action } => {
                let seat = seat.ok_or("a spectator cannot play")?;
                if self.state.is_terminal() {
                    return Err("the game is over".into());
                }
                if decision != self.state.decisions() {
                    return Err(format!(
                        "that answers decision {decision}, but the table is at decision {}",
                        self.state.decisions()
                    ));
                }
                if self.state.current_player() != Some(seat) {
                    return Err("it is not your turn".into());
                }
                self.play(seat, &action).map_err(|e| e.to_string())
            }
            ClientMessage::Rematch {} => {
                if seat.is_none() {
                    return Err("only a person seated at the table can ask for a rematch".into());
                }
                if !self.state.is_terminal() {
                    return Err("a rematch is dealt once the game is over".into());
                }
                if let Some(id) = &self.rematch {
                    let m = ServerMessage::Rematch { table: id.clone() };
                    self.send(conn, &m);
                    return Ok(());
                }
                let mut setup = self.setup.clone();
                // A fresh deal nobody can work out: the old seed is public now the game is over.
                setup.seed = rand::random();
                let id = (self.env.make_table)(setup, self.owner)?;
                if let Some(store) = &self.env.store {
                    if let Err(e) = store.set_rematch(self.n, &id) {
                        eprintln!("table {}: {e}", self.id);
                    }
                }
                self.rematch = Some(id.clone());
                let m = ServerMessage::Rematch { table: id };
                for c in self.connections.keys().copied().collect::<Vec<_>>() {
                    self.send(c, &m);
                }
                Ok(())
            }
            ClientMessage::Pace { ms } => {
                if self.seats.iter().any(Seat::human) {
                    return Err("the pace is set at tables of bots only".into());
                }
                let pace = Duration::from_millis(ms.max(self.env.settings.min_pace_ms));
                if pace != self.pace {
                    self.pace = pace;
                    self.broadcast();
                }
                Ok(())
            }
        }
    }

    /// Whether every hand may be shown to everyone: a table of bots, or a finished game.
    fn open(&self) -> bool {
        self.state.is_terminal() || self.seats.iter().all(|s| !s.human())
    }

    fn broadcast(&mut self) {
        let ids: Vec<u64> = self.connections.keys().copied().collect();
        for id in ids {
            self.send_view(id);
        }
    }

    fn send(&mut self, conn: u64, message: &ServerMessage) {
        let text = to_text(message);
        self.send_text(conn, text);
    }

    fn send_text(&mut self, conn: u64, text: String) {
        let Some(c) = self.connections.get(&conn) else {
            return;
        };
        if c.out.try_send(text).is_err() {
            // Too slow, or gone: the browser reconnects and is synced afresh.
            self.handle(Command::Disconnect { conn });
        }
    }

    fn send_view(&mut self, conn: u64) {
        let Some(c) = self.connections.get(&conn) else {
            return;
        };
        let view = self.view(c.seat, !c.synced);
        if let Some(c) = self.connections.get_mut(&conn) {
            c.synced = true;
        }
        self.send(conn, &ServerMessage::View(Box::new(view)));
    }

    /// The table as `seat` (or a spectator, `None`) may see it: its own observation only while
    /// the game has people in it and is not over; every hand otherwise.
    pub(crate) fn view(&self, seat: Option<usize>, full_log: bool) -> View {
        let open = self.open();
        let to_act = self.state.current_player();
        let observation = seat.and_then(|s| self.state.observation(s).ok());
        let observations = open.then(|| {
            (0..self.seats.len())
                .filter_map(|s| self.state.observation(s).ok())
                .collect()
        });
        let legal = match (seat, to_act) {
            (Some(s), Some(t)) if s == t => self.state.legal_actions(),
            _ => Vec::new(),
        };
        let entries = if full_log {
            &self.log[..]
        } else {
            &self.log[self.log.len().saturating_sub(1)..]
        };
        let first = if full_log {
            0
        } else {
            self.log.len().saturating_sub(1)
        };
        let log = entries
            .iter()
            .enumerate()
            .map(|(i, (actor, action))| LogEntry {
                decision: (first + i) as u64,
                seat: *actor,
                action: self
                    .visible(*actor, action, seat, open)
                    .then(|| action.clone()),
            })
            .collect();
        let over = self.state.is_terminal();
        View {
            decision: self.state.decisions(),
            to_act,
            seats: self
                .seats
                .iter()
                .map(|s| SeatInfo {
                    name: s.name.clone(),
                    kind: if s.human() { "human" } else { "bot" },
                    connected: s.connections > 0,
                    away: s.human()
                        && s.connections == 0
                        && s.left_at.elapsed() >= self.seat_timeout,
                })
                .collect(),
            observation,
            observations,
            public: self.state.public_view(),
            legal,
            log,
            full_log,
            returns: over.then(|| self.state.returns()),
            winners: over.then(|| self.state.winners()),
            pace_ms: self.pace.as_millis() as u64,
            rematch: self.rematch.clone(),
        }
    }

    /// Whether a viewer sees `actor`'s `action`: a seat as the game says; a spectator only
    /// what every seat sees, unless the table is open.
    fn visible(&self, actor: usize, action: &str, viewer: Option<usize>, open: bool) -> bool {
        if open {
            return true;
        }
        let sees =
            |v: usize| v == actor || self.game.action_visible(actor, action, v).unwrap_or(false);
        match viewer {
            Some(v) => sees(v),
            None => (0..self.seats.len()).all(sees),
        }
    }
}

fn to_text(message: &ServerMessage) -> String {
    serde_json::to_string(message).unwrap_or_else(|e| {
        serde_json::to_string(&ServerMessage::Error {
            message: format!("the server could not write a message: {e}"),
        })
        .unwrap_or_default()
    })
}

/// The largest a browser's outbox may grow (see [`OUTBOX`]).
pub(crate) fn outbox() -> (mpsc::Sender<String>, mpsc::Receiver<String>) {
    mpsc::channel(OUTBOX)
}

// Keep the message module's limit in one place for the socket reader.
pub(crate) use message::MAX_CLIENT_MESSAGE;
