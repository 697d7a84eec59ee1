//! External bots: a [`Pool`] of one entry's running programs, and [`ExternalBot`], the
//! [`Bot`] that plays a seat by talking to one of them, with the fault policy of
//! `docs/protocol.md`.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use parlour_core::rng::{derive_seed, seeded, GameRng};
use parlour_core::{Bot, Decision, Game, Seat, Seating};
use rand::RngExt;
use serde::Serialize;
use serde_json::{json, Value};

pub use crate::entry::shell_text;
use crate::entry::{BotReport, Fault, FaultKind, ProgramSpec};
use crate::process::{Line, Log, Process, ReadError, SendError, MAX_LINE};
use crate::table::{Outcome, Program};
use crate::PROTOCOL_VERSION;

/// A program that has greeted: its process, whether it asked for events, and its next `id`.
#[derive(Debug)]
struct Running {
    process: Process,
    events: bool,
    next_id: u64,
    /// The deals this copy has played: it is never given one again, so that remembering a
    /// deal's hands from one seat rotation cannot help it in another.
    deals: std::collections::HashSet<u64>,
}

/// A request to the spawning thread.
type SpawnRequest = (
    ProgramSpec,
    Option<Arc<Mutex<Log>>>,
    Sender<std::io::Result<Process>>,
);

/// How a pool treats faults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Tournament play: after the entry's `max_faults` faults it forfeits.
    Tournament,
    /// The bot checker: never forfeits; every fault is kept with its position, and at most
    /// `budget` decisions are put to the program.
    Check {
        /// Decisions to put to the program in all.
        budget: u64,
    },
}

/// A fault as the checker reports it: where, what, and the position it was asked about.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    /// The game's index in the run.
    pub index: u64,
    /// The seat the bot held.
    pub seat: Seat,
    /// The fault.
    pub fault: Fault,
    /// The observation it was sent, as JSON (none for a fault outside a decision, such as a
    /// failed start).
    pub observation: Option<String>,
    /// The legal actions it was sent, as JSON.
    pub legal: Option<String>,
}

/// Answer-time figures of a pool's programs.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Timing {
    /// Decisions answered (in time or not).
    pub decisions: u64,
    /// Their total time, from writing `act` to reading the answer.
    pub total: Duration,
    /// The longest.
    pub max: Duration,
}

/// One entry's programs: started when needed (one per game played at once), greeted once,
/// and reused game after game. Programs are started from one long-lived thread, so that the
/// kill-on-parent-death guard does not fire when a tournament's worker thread ends.
#[derive(Debug)]
pub struct Pool {
    spec: ProgramSpec,
    hello: Value,
    mode: Mode,
    log: Option<Arc<Mutex<Log>>>,
    idle: Mutex<Vec<Running>>,
    faults: AtomicU64,
    forfeited: AtomicBool,
    asked: AtomicU64,
    timing: Mutex<Timing>,
    positions: Mutex<Vec<Position>>,
    spawner: Mutex<Option<Sender<SpawnRequest>>>,
    spawner_thread: Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl Pool {
    /// A pool for `spec` playing `game`, logging standard error to `log` (or discarding it).
    pub fn new<G: Game>(
        game: &G,
        spec: ProgramSpec,
        log: Option<Arc<Mutex<Log>>>,
        mode: Mode,
    ) -> std::io::Result<Arc<Pool>> {
        let hello = json!({
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "game": G::INFO.name,
            "options": serde_json::to_value(game.options()).unwrap_or(Value::Null),
            "players": game.num_players(),
            "name": spec.name,
            "limits": spec.limits,
        });
        let (tx, rx) = channel::<SpawnRequest>();
        let thread = std::thread::Builder::new()
            .name("bot-spawner".into())
            .spawn(move || {
                for (spec, log, reply) in rx {
                    let _ = reply.send(Process::spawn(&spec, log));
                }
            })?;
        Ok(Arc::new(Pool {
            spec,
            hello,
            mode,
            log,
            idle: Mutex::new(Vec::new()),
            faults: AtomicU64::new(0),
            forfeited: AtomicBool::new(false),
            asked: AtomicU64::new(0),
            timing: Mutex::new(Timing::default()),
            positions: Mutex::new(Vec::new()),
            spawner: Mutex::new(Some(tx)),
            spawner_thread: Mutex::new(Some(thread)),
        }))
    }

    /// The program this pool runs.
    pub fn spec(&self) -> &ProgramSpec {
        &self.spec
    }

    /// Starts the program and waits for its greeting, then keeps it for the first game: a
    /// command that does not exist, exits at once or never greets is reported here, before any
    /// game is played.
    pub fn preflight(&self) -> Result<(), String> {
        let running = self.start()?;
        self.checkin(running);
        Ok(())
    }

    /// Carries over what a resumed tournament's stored games record: the entry's faults so far.
    /// An entry at its fault limit has forfeited (then nothing is started again). (A stored
    /// game's `forfeited` seats say nothing of this: a game whose program was lost mid-game is
    /// forfeited too.)
    pub fn restore(&self, faults: u64) {
        self.faults.store(faults, Ordering::Relaxed);
        if self.mode == Mode::Tournament && faults >= u64::from(self.spec.max_faults.max(1)) {
            self.forfeit();
        }
    }

    /// Marks the entry forfeited and stops its idle programs (they are told nothing more).
    fn forfeit(&self) {
        let idle = {
            let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
            self.forfeited.store(true, Ordering::Relaxed);
            std::mem::take(&mut *idle)
        };
        // Killed with no lock held.
        drop(idle);
    }

    /// Faults so far (all games).
    pub fn faults(&self) -> u64 {
        self.faults.load(Ordering::Relaxed)
    }

    /// Whether the entry has forfeited.
    pub fn has_forfeited(&self) -> bool {
        self.forfeited.load(Ordering::Relaxed)
    }

    /// Decisions put to the program so far.
    pub fn asked(&self) -> u64 {
        self.asked.load(Ordering::Relaxed)
    }

    /// Answer times so far.
    pub fn timing(&self) -> Timing {
        *self.timing.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The faults kept with their positions (the checker's mode).
    pub fn positions(&self) -> Vec<Position> {
        self.positions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Says `bye` to every idle program and waits for them to exit (killing what is left after
    /// the grace period), then stops the spawning thread.
    pub fn shutdown(&self) {
        let idle = std::mem::take(&mut *self.idle.lock().unwrap_or_else(|e| e.into_inner()));
        std::thread::scope(|s| {
            for r in idle {
                s.spawn(move || r.process.shutdown());
            }
        });
        drop(
            self.spawner
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take(),
        );
        if let Some(t) = self
            .spawner_thread
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
        {
            let _ = t.join();
        }
    }

    /// An idle copy that has not played `deal`, or a new one; it is marked as playing `deal`.
    fn checkout(&self, deal: u64) -> Result<Running, String> {
        let idle = {
            let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
            let fresh = idle.iter().rposition(|r| !r.deals.contains(&deal));
            fresh.map(|i| idle.swap_remove(i))
        };
        let mut running = match idle {
            Some(r) => r,
            None => self.start()?,
        };
        running.deals.insert(deal);
        Ok(running)
    }

    fn checkin(&self, running: Running) {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        // Tested under the lock that `forfeit` empties, so a copy cannot slip in after it.
        if !self.has_forfeited() {
            idle.push(running);
            return;
        }
        drop(idle);
        drop(running);
    }

    /// Starts a program and reads its `ready`.
    fn start(&self) -> Result<Running, String> {
        let (tx, rx) = channel();
        let sent = self
            .spawner
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(|s| s.send((self.spec.clone(), self.log.clone(), tx)).is_ok());
        let spawned = match sent {
            Some(true) => rx
                .recv()
                .unwrap_or_else(|_| Err(std::io::Error::other("the spawning thread has stopped"))),
            _ => Err(std::io::Error::other("the pool is shut down")),
        };
        let mut process =
            spawned.map_err(|e| format!("cannot start {}: {e}", shell_text(&self.spec.command)))?;
        let deadline = Instant::now() + Duration::from_millis(self.spec.limits.startup_ms);
        process.send(&self.hello, deadline).map_err(|e| match e {
            SendError::Closed => format!(
                "it closed its input before the handshake ({})",
                process.exit_status()
            ),
            SendError::Timeout => format!(
                "it did not read its input within {} ms of starting",
                self.spec.limits.startup_ms
            ),
        })?;
        let line = match process.recv(deadline) {
            Ok(Line::Text(t)) => t,
            Ok(Line::TooLong(n)) => return Err(format!("its greeting is {n} bytes long")),
            Ok(Line::NotText) => return Err("its greeting is not UTF-8".into()),
            Err(ReadError::Closed(_)) => {
                return Err(format!(
                    "it ended before its greeting ({})",
                    process.exit_status()
                ))
            }
            Err(ReadError::Timeout) => {
                return Err(format!(
                    "no greeting within {} ms of starting (expected {{\"type\":\"ready\",\"protocol\":{PROTOCOL_VERSION}}})",
                    self.spec.limits.startup_ms
                ))
            }
        };
        let ready: Value = serde_json::from_str(&line)
            .map_err(|e| format!("its greeting {} is not JSON: {e}", clip(&line)))?;
        match ready.get("type").and_then(Value::as_str) {
            Some("ready") => {}
            Some("error") => {
                // Quoted: the program's text may hold newlines or terminal escapes.
                return Err(format!(
                    "it declined: {}",
                    clip(
                        ready
                            .get("message")
                            .and_then(Value::as_str)
                            .unwrap_or("(no message)")
                    )
                ));
            }
            _ => {
                return Err(format!(
                    "its greeting {} is not {{\"type\":\"ready\",...}}",
                    clip(&line)
                ))
            }
        }
        if ready.get("protocol").and_then(Value::as_u64) != Some(PROTOCOL_VERSION) {
            return Err(format!(
                "it speaks protocol {}, parlour speaks {PROTOCOL_VERSION}",
                ready
                    .get("protocol")
                    .map_or("(none)".into(), Value::to_string)
            ));
        }
        if let Some(log) = &self.log {
            let name = ready.get("name").and_then(Value::as_str).unwrap_or("");
            let line = format!(
                "[parlour: started {} as process {}; it greets as {}]\n",
                shell_text(&self.spec.command),
                process.pid(),
                clip(name)
            );
            log.lock()
                .unwrap_or_else(|e| e.into_inner())
                .write(line.as_bytes());
        }
        let events = match ready.get("events") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => return Err(format!("its \"events\" is {other}, not true or false")),
        };
        // Frozen until its first decision: it computes only on its own time.
        process.pause();
        Ok(Running {
            process,
            events,
            next_id: 0,
            deals: Default::default(),
        })
    }

    /// Counts a fault; returns whether the entry has now forfeited.
    fn count_fault(&self) -> bool {
        let n = self.faults.fetch_add(1, Ordering::Relaxed) + 1;
        if self.mode == Mode::Tournament && n >= u64::from(self.spec.max_faults.max(1)) {
            self.forfeit();
        }
        self.has_forfeited()
    }

    /// Takes one decision from the budget (checker mode); `false` when it is spent.
    fn take_budget(&self) -> bool {
        match self.mode {
            Mode::Tournament => {
                self.asked.fetch_add(1, Ordering::Relaxed);
                true
            }
            Mode::Check { budget } => self
                .asked
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                    (n < budget).then_some(n + 1)
                })
                .is_ok(),
        }
    }

    fn time(&self, took: Duration) {
        let mut t = self.timing.lock().unwrap_or_else(|e| e.into_inner());
        t.decisions += 1;
        t.total += took;
        t.max = t.max.max(took);
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// The start of a long text, for messages.
fn clip(text: &str) -> String {
    const MAX: usize = 200;
    if text.len() <= MAX {
        format!("{text:?}")
    } else {
        let mut end = MAX;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        format!("{:?}... ({} bytes)", &text[..end], text.len())
    }
}

/// The seat of one game played by an external program (see the module docs).
pub struct ExternalBot<G: Game> {
    pool: Arc<Pool>,
    running: Option<Running>,
    rng: GameRng,
    seed: u64,
    seat: Seat,
    index: u64,
    /// Decisions made in the game so far (by every seat).
    decisions: u64,
    bank: Duration,
    faults: Vec<Fault>,
    forfeited: bool,
    /// Its program was lost during this game (it ended, never started, or a line to it is half
    /// written): a stand-in played the rest, so the game is forfeited.
    lost: bool,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> std::fmt::Debug for ExternalBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExternalBot")
            .field("program", &self.pool.spec.name)
            .field("seat", &self.seat)
            .finish()
    }
}

#[derive(Serialize)]
struct Act<'a, O, A> {
    #[serde(rename = "type")]
    kind: &'static str,
    id: u64,
    observation: &'a O,
    legal: &'a [A],
    time: TimeLeft,
}

#[derive(Serialize)]
struct TimeLeft {
    limit_ms: u64,
    bank_ms: u64,
}

#[derive(Serialize)]
struct Event<A> {
    #[serde(rename = "type")]
    kind: &'static str,
    seat: Seat,
    action: Option<A>,
    /// What the rules show of the action beyond its text ([`Game::action_detail`]); left out
    /// when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<Value>,
}

/// What one line means as an answer to decision `id`.
/// A program's answer taken: the action, and the fault it reported of itself, if any.
type Answered<A> = (A, Option<String>);

enum Answer<A> {
    /// An old decision's late answer: ignored.
    Stale,
    /// The action chosen (legal), and the fault the program reported of itself, if any.
    Action(A, Option<String>),
    /// A fault.
    Fault(FaultKind, String),
}

impl<G: Game> ExternalBot<G> {
    /// A seat played by one of `pool`'s programs. The program is told `seed` (so a served
    /// built-in bot plays exactly as it would in-process); replacement actions are drawn from
    /// a stream derived from it.
    pub fn new(pool: Arc<Pool>, seed: u64) -> ExternalBot<G> {
        let bank = Duration::from_millis(pool.spec.limits.bank_ms);
        ExternalBot {
            pool,
            running: None,
            rng: seeded(derive_seed(seed, 1)),
            seed,
            seat: 0,
            index: 0,
            decisions: 0,
            bank,
            faults: Vec::new(),
            forfeited: false,
            lost: false,
            _game: PhantomData,
        }
    }

    fn fault(&mut self, kind: FaultKind, detail: String, decision: Option<&Decision<'_, G>>) {
        let fault = Fault {
            decision: self.decisions,
            kind,
            detail,
        };
        if let Mode::Check { .. } = self.pool.mode {
            self.pool
                .positions
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(Position {
                    index: self.index,
                    seat: self.seat,
                    fault: fault.clone(),
                    observation: decision
                        .map(|d| serde_json::to_string(d.observation()).unwrap_or_default()),
                    legal: decision.map(|d| serde_json::to_string(d.legal).unwrap_or_default()),
                });
        }
        self.faults.push(fault);
        if self.pool.count_fault() {
            self.forfeited = true;
            self.running = None;
        }
    }

    /// Drops the program mid-game: a stand-in plays the rest of the game.
    fn lose(&mut self) {
        self.running = None;
        self.lost = true;
    }

    fn random(&mut self, legal: &[G::Action]) -> G::Action {
        legal[self.rng.random_range(0..legal.len())]
    }

    fn answer(line: &str, id: u64, legal: &[G::Action]) -> Answer<G::Action> {
        let bad = |why: String| Answer::Fault(FaultKind::Malformed, why);
        let value: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => return bad(format!("{} is not JSON: {e}", clip(line))),
        };
        let Some(object) = value.as_object() else {
            return bad(format!("{} is not a JSON object", clip(line)));
        };
        if object.get("type").and_then(Value::as_str) != Some("action") {
            return bad(format!("{} is not an action message", clip(line)));
        }
        match object.get("id").and_then(Value::as_u64) {
            Some(got) if got < id => return Answer::Stale,
            Some(got) if got == id => {}
            _ => return bad(format!("{} does not answer decision id {id}", clip(line))),
        }
        // A fault the program reports of itself: a string, clipped like every echoed text.
        let reported = match object.get("fault") {
            None | Some(Value::Null) => None,
            Some(Value::String(why)) => Some(clip(why)),
            Some(other) => {
                return bad(format!(
                    "{} is not a fault's description (a string)",
                    clip(&other.to_string())
                ))
            }
        };
        match (object.get("action"), object.get("index")) {
            (Some(action), None) => match serde_json::from_value::<G::Action>(action.clone()) {
                Ok(a) if legal.contains(&a) => Answer::Action(a, reported),
                Ok(a) => Answer::Fault(FaultKind::Illegal, format!("{a} is not legal now")),
                Err(e) => Answer::Fault(
                    FaultKind::Illegal,
                    format!("{} is not an action: {e}", clip(&action.to_string())),
                ),
            },
            (None, Some(index)) => match index.as_u64() {
                Some(i) if (i as usize) < legal.len() => {
                    Answer::Action(legal[i as usize], reported)
                }
                _ => Answer::Fault(
                    FaultKind::Illegal,
                    format!(
                        "index {index} is not one of the {} legal actions (0..{})",
                        legal.len(),
                        legal.len()
                    ),
                ),
            },
            (Some(_), Some(_)) => bad(format!("{} gives both action and index", clip(line))),
            (None, None) => bad(format!("{} gives neither action nor index", clip(line))),
        }
    }

    /// Sends a message that needs no answer (`start`, `event`), allowing the decision time limit
    /// for room in the pipe; a program that has ended or stopped reading is a fault and is
    /// dropped.
    fn tell<T: Serialize>(&mut self, message: &T) {
        let Some(r) = self.running.as_mut() else {
            return;
        };
        let limit = self.pool.spec.limits.decision_ms;
        let failed = match r
            .process
            .send(message, Instant::now() + Duration::from_millis(limit))
        {
            Ok(()) => return,
            Err(SendError::Closed) => (FaultKind::Exited, r.process.exit_status()),
            Err(SendError::Timeout) => (
                FaultKind::Timeout,
                format!("it did not read its input within {limit} ms"),
            ),
        };
        self.lose();
        self.fault(failed.0, failed.1, None);
    }

    /// Asks the program; `Err` is a fault for the caller to count, and whether the program
    /// must be dropped (it ended, or a line to it is half written).
    fn ask(
        &mut self,
        d: &Decision<'_, G>,
    ) -> Result<Answered<G::Action>, (FaultKind, String, bool)> {
        let running = self.running.as_mut().expect("asked with a running program");
        let id = running.next_id;
        running.next_id += 1;
        let limit = Duration::from_millis(self.pool.spec.limits.decision_ms).min(self.bank);
        let process = &mut running.process;
        process.resume();
        let began = Instant::now();
        // Its clock is its own CPU time where its control group counts it (no neighbour can
        // make it time out), with a wall-clock ceiling for a program that sleeps or blocks;
        // elsewhere, the wall clock.
        let cpu0 = process.cpu_time();
        let ceiling = began
            + match cpu0 {
                Some(_) => wall_ceiling(limit),
                None => limit,
            };
        let sent = process.send(
            &Act {
                kind: "act",
                id,
                observation: d.observation(),
                legal: d.legal,
                time: TimeLeft {
                    limit_ms: limit.as_millis() as u64,
                    bank_ms: self.bank.as_millis() as u64,
                },
            },
            ceiling,
        );
        let late = |used: Duration| {
            format!(
                "no answer within {} ms of CPU time (it used {} ms)",
                limit.as_millis(),
                used.as_millis()
            )
        };
        let mut result = match sent {
            Err(SendError::Closed) => Err((FaultKind::Exited, process.exit_status(), true)),
            Err(SendError::Timeout) => Err((
                FaultKind::Timeout,
                format!("it did not read its input within {} ms", limit.as_millis()),
                true,
            )),
            Ok(()) => {
                // The CPU time used at the last look: none when asked, looked at again only
                // when woken without its answer (a decision answered at once reads the clock
                // twice, before and after).
                let mut used = Duration::ZERO;
                let look = |process: &mut Process| {
                    cpu0.zip(process.cpu_time())
                        .map(|(c0, c)| c.saturating_sub(c0))
                };
                loop {
                    if used >= limit {
                        break Err((FaultKind::Timeout, late(used), false));
                    }
                    // Woken when its CPU time could have run out (one thread's worth), or at the
                    // ceiling.
                    let wake = match cpu0 {
                        Some(_) => ceiling
                            .min(Instant::now() + (limit - used).max(Duration::from_millis(1))),
                        None => ceiling,
                    };
                    match process.recv(wake) {
                        Ok(Line::Text(t)) => match Self::answer(&t, id, d.legal) {
                            Answer::Stale => used = look(process).unwrap_or(used),
                            Answer::Action(a, reported) => break Ok((a, reported)),
                            Answer::Fault(kind, why) => break Err((kind, why, false)),
                        },
                        Ok(Line::TooLong(n)) => {
                            break Err((
                                FaultKind::Malformed,
                                format!("a line of {n} bytes or more (the limit is {MAX_LINE})"),
                                false,
                            ))
                        }
                        Ok(Line::NotText) => {
                            break Err((
                                FaultKind::Malformed,
                                "a line that is not UTF-8".into(),
                                false,
                            ))
                        }
                        Err(ReadError::Closed(_)) => {
                            break Err((FaultKind::Exited, process.exit_status(), true))
                        }
                        Err(ReadError::Timeout) if Instant::now() < ceiling => {
                            used = look(process).unwrap_or(used);
                        }
                        Err(ReadError::Timeout) => {
                            break Err((
                                FaultKind::Timeout,
                                match cpu0 {
                                    None => format!("no answer within {} ms", limit.as_millis()),
                                    Some(_) => format!(
                                        "no answer within {} ms: it waited {} ms of wall-clock \
                                     time, the most a decision may",
                                        limit.as_millis(),
                                        (ceiling - began).as_millis()
                                    ),
                                },
                                false,
                            ))
                        }
                    }
                }
            }
        };
        let took = match (cpu0, process.cpu_time()) {
            (Some(c0), Some(c)) => c.saturating_sub(c0),
            _ => began.elapsed(),
        };
        // An answer in time by the wall clock that took more CPU time than the limit (its
        // threads together) is late too.
        if result.is_ok() && cpu0.is_some() && took > limit {
            result = Err((FaultKind::Timeout, late(took), false));
        }
        process.pause();
        self.bank = self.bank.saturating_sub(took);
        // Answer times are reported as they were seen: on the wall clock.
        self.pool.time(began.elapsed());
        result
    }
}

/// The most wall-clock time a decision may take where the program's clock is its CPU time:
/// twice its limit and a quarter of a second, so that one that sleeps or blocks still ends.
pub fn wall_ceiling(limit: Duration) -> Duration {
    limit.saturating_mul(2) + Duration::from_millis(250)
}

impl<G: Game> Bot<G> for ExternalBot<G> {
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        if !self.forfeited && self.pool.has_forfeited() {
            // Another game reached the limit: this one stops asking too.
            self.forfeited = true;
            self.running = None;
        }
        let action = if self.running.is_none() || !self.pool.take_budget() {
            self.random(d.legal)
        } else {
            match self.ask(d) {
                Ok((a, None)) => a,
                Ok((a, Some(why))) => {
                    self.fault(FaultKind::Reported, why, Some(d));
                    a
                }
                Err((kind, why, drop)) => {
                    if drop {
                        self.lose();
                    }
                    self.fault(kind, why, Some(d));
                    self.random(d.legal)
                }
            }
        };
        self.decisions += 1;
        action
    }

    fn start(&mut self, _game: &G, seating: Seating) {
        self.seat = seating.seat;
        self.index = seating.index;
        self.decisions = seating.decisions;
        self.bank = Duration::from_millis(self.pool.spec.limits.bank_ms);
        self.faults.clear();
        self.lost = false;
        self.forfeited = self.pool.has_forfeited();
        if self.forfeited {
            return;
        }
        if let Some(r) = self.running.take() {
            // A bot object used for a second game: its copy goes back, and the deal rule
            // picks one.
            self.pool.checkin(r);
        }
        let running = match self.pool.checkout(seating.deal) {
            Ok(r) => r,
            Err(why) => {
                self.lost = true;
                self.fault(FaultKind::Startup, why, None);
                return;
            }
        };
        let message = json!({
            "type": "start",
            "index": seating.index,
            "seat": seating.seat,
            "seed": self.seed,
        });
        self.running = Some(running);
        self.tell(&message);
    }
}

impl<G: Game> Program<G> for ExternalBot<G> {
    fn event(&mut self, _game: &G, actor: Seat, action: Option<G::Action>, detail: Option<Value>) {
        self.decisions += 1;
        if self.running.as_ref().is_some_and(|r| r.events) {
            self.tell(&Event {
                kind: "event",
                seat: actor,
                action,
                detail,
            });
        }
    }

    fn finish(&mut self, outcome: &Outcome<'_, G>) {
        if let Some(mut r) = self.running.take() {
            // A program that cannot take the result is not faulted (the game is over), but it
            // is not reused either: the next game starts a fresh one.
            let sent = r.process.send(
                &json!({
                    "type": "result",
                    "returns": outcome.returns,
                    "winners": outcome.winners,
                    "observation": outcome.observation,
                    "faults": self.faults.len(),
                    "forfeited": self.forfeited,
                }),
                Instant::now() + Duration::from_millis(self.pool.spec.limits.decision_ms),
            );
            if sent.is_ok() && !self.forfeited {
                self.pool.checkin(r);
            }
        }
    }

    fn report(&mut self) -> BotReport {
        BotReport {
            faults: std::mem::take(&mut self.faults),
            // A game finished by a stand-in is not the entry's to win.
            forfeited: self.forfeited || self.lost,
        }
    }
}
