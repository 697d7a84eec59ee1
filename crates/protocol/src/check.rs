//! The bot checker (`parlour check-bot`): a program plays one seat of many games, in one of two
//! [`CheckMode`]s: games joined after a random number of random moves, against random bots,
//! until it has been asked a set number of decisions (many positions, fast); or whole games from
//! the deal against built-in bots, every decision of its seat its own (as a course's
//! tournament played it). Every illegal, malformed or late answer is kept with the position.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use parlour_bots::RandomBot;
use parlour_core::encode::Encode;
use parlour_core::play::Runner;
use parlour_core::rng::{bot_seed, derive_seed, seeded};
use parlour_core::{Bot, Game, GameAi, State};
use rand::RngExt;

use crate::entry::ProgramSpec;
use crate::external::{ExternalBot, Mode, Pool, Position, Timing};
use crate::table::{Player, Table};

/// The most random moves played before the program joins a game.
pub const MAX_PREFIX: u32 = 40;

/// Games in a row in which the program is never asked before the checker gives up (a program
/// that cannot start).
const IDLE_GAMES: u64 = 20;

/// Faults after which a check stops unless told otherwise (`parlour check-bot`): a check lists
/// faults rather than forfeiting.
pub const MAX_FAULTS: u32 = 1000;

/// How the checker puts a program to the test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckMode {
    /// Each game joined after 0 to [`MAX_PREFIX`] random moves, the other seats random, until
    /// the program has been asked `budget` decisions: many different positions, quickly. The
    /// moves played before it joins were not its own, so a program that follows the game by
    /// its own choices (a course bot tracking its pieces) may lose its way here.
    Positions {
        /// Decisions to ask.
        budget: u64,
    },
    /// `games` whole games from the deal, the program in each seat in turn (game `i` in seat
    /// `i % players`), the other seats the checker's opponents: every decision of its seat is
    /// its own, as in a tournament.
    Games {
        /// Games to play.
        games: u64,
    },
}

/// The opponents of a whole-game check unless told otherwise: the game's heuristic (or greedy)
/// bot, else a random one.
pub fn default_opponent<G: GameAi>() -> &'static str {
    ["heuristic", "greedy"]
        .into_iter()
        .find(|name| G::bots().iter().any(|b| b.name == *name))
        .unwrap_or("random")
}

/// What the checker found.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckReport {
    /// Games played.
    pub games: u64,
    /// Decisions put to the program.
    pub decisions: u64,
    /// Every fault, with its position.
    pub faults: Vec<Position>,
    /// Answer times.
    pub timing: Timing,
    /// Why the check stopped early, if it did.
    pub stopped: Option<String>,
}

impl CheckReport {
    /// The report for people: the first `show` faults in full (position and legal actions),
    /// then one line of totals (faults by kind, answer times), then why the check stopped
    /// early, and `passed` if it found nothing; every line ends with a newline.
    pub fn text(&self, game: &str, mode: CheckMode, seed: u64, show: usize) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        for p in self.faults.iter().take(show) {
            let f = &p.fault;
            let _ = writeln!(
                out,
                "game {} (seed {seed}), seat {}, decision {}: {}: {}",
                p.index, p.seat, f.decision, f.kind, f.detail
            );
            if let Some(o) = &p.observation {
                let _ = writeln!(out, "  observation: {o}");
            }
            if let Some(l) = &p.legal {
                let _ = writeln!(out, "  legal: {l}");
            }
        }
        if self.faults.len() > show {
            let more = self.faults.len() - show;
            let _ = writeln!(out, "... and {more} more faults (--show to list more)");
        }
        let t = &self.timing;
        let mean_ms = t.total.as_secs_f64() * 1e3 / t.decisions.max(1) as f64;
        let mut by_kind: std::collections::BTreeMap<String, usize> = Default::default();
        for p in &self.faults {
            *by_kind.entry(p.fault.kind.to_string()).or_default() += 1;
        }
        let kinds: Vec<String> = by_kind.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let _ = writeln!(
            out,
            "{game}: {} decisions in {} games ({}), {} faults{}; answer time mean {mean_ms:.3} ms, max {:.1} ms",
            self.decisions,
            self.games,
            match mode {
                CheckMode::Games { .. } => "whole games",
                CheckMode::Positions { .. } => "random positions",
            },
            self.faults.len(),
            if kinds.is_empty() {
                String::new()
            } else {
                format!(" ({})", kinds.join(", "))
            },
            t.max.as_secs_f64() * 1e3
        );
        if let Some(why) = &self.stopped {
            let _ = writeln!(out, "{why}");
        }
        if self.passed() {
            out.push_str("passed\n");
        }
        out
    }

    /// Whether the program passed: no fault, and the check ran to its end.
    pub fn passed(&self) -> bool {
        self.faults.is_empty() && self.stopped.is_none()
    }

    /// Writes every fault, with its position, to `path`: one JSON object a line.
    pub fn write_faults(&self, path: &Path, seed: u64) -> std::io::Result<()> {
        use std::io::Write;
        let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
        for p in &self.faults {
            let parse = |text: &Option<String>| {
                text.as_deref()
                    .and_then(|t| serde_json::from_str::<serde_json::Value>(t).ok())
            };
            let line = serde_json::json!({
                "game": p.index,
                "seed": seed,
                "seat": p.seat,
                "decision": p.fault.decision,
                "kind": p.fault.kind,
                "detail": p.fault.detail,
                "observation": parse(&p.observation),
                "legal": parse(&p.legal),
            });
            writeln!(out, "{line}")?;
        }
        out.flush()
    }
}

/// Checks `pool`'s program (made in [`Mode::Check`] with a budget of
/// decisions at least `mode`'s) on `game` from `seed`, stopping early after `max_faults` faults.
/// In [`CheckMode::Games`] the other seats are `opponent(seed)`'s bots (random bots in
/// [`CheckMode::Positions`]). `progress` hears the decisions asked so far after every game.
pub fn check_program<G: Game>(
    game: &G,
    pool: &Arc<Pool>,
    mode: CheckMode,
    opponent: &dyn Fn(u64) -> Box<dyn Bot<G>>,
    max_faults: u64,
    seed: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<CheckReport, String> {
    let players = game.num_players();
    let mut games = 0u64;
    let mut idle = 0u64;
    let mut stopped = None;
    let mut scratch = Vec::new();
    let more = |games: u64, asked: u64| match mode {
        CheckMode::Positions { budget } => asked < budget,
        CheckMode::Games { games: wanted } => games < wanted,
    };
    let whole = matches!(mode, CheckMode::Games { .. });
    while more(games, pool.asked()) {
        if pool.faults() >= max_faults {
            stopped = Some(format!("stopped after {} faults", pool.faults()));
            break;
        }
        if idle >= IDLE_GAMES {
            stopped = Some(format!(
                "stopped: the program was not asked anything in {IDLE_GAMES} games in a row"
            ));
            break;
        }
        let index = games;
        let seat = (index % players as u64) as usize;
        let game_seed = derive_seed(seed, index);
        let mut rng = seeded(derive_seed(game_seed, 1));
        let mut state = game.new_game(game_seed);
        let prefix = if whole {
            0
        } else {
            rng.random_range(0..=MAX_PREFIX)
        };
        for _ in 0..prefix {
            match state.random_action(&mut rng, &mut scratch) {
                Some(a) => state.apply_unchecked(a),
                None => break,
            }
        }
        games += 1;
        if state.is_terminal() {
            continue;
        }
        let before = pool.asked();
        let mut table = Table::new(
            (0..players)
                .map(|s| {
                    let seat_seed = bot_seed(derive_seed(game_seed, 2 + s as u64));
                    if s == seat {
                        Player::Program(Box::new(ExternalBot::<G>::new(pool.clone(), seat_seed)))
                    } else if whole {
                        Player::BuiltIn(opponent(seat_seed))
                    } else {
                        Player::BuiltIn(Box::new(RandomBot::new(seat_seed)))
                    }
                })
                .collect(),
        );
        Runner::new(game)
            .numbered(index, index)
            .play(state, &mut table)
            .map_err(|e| format!("game {index}: {e}"))?;
        idle = if pool.asked() == before { idle + 1 } else { 0 };
        progress(pool.asked());
    }
    Ok(CheckReport {
        games,
        decisions: pool.asked(),
        faults: pool.positions(),
        timing: pool.timing(),
        stopped,
    })
}

/// What starting and asking a program cost under one containment.
#[derive(Debug, Clone, PartialEq)]
pub struct JailCost {
    /// Mean milliseconds from starting the program to its greeting.
    pub startup_ms: f64,
    /// Mean microseconds from writing `act` to reading the answer.
    pub round_trip_us: f64,
    /// The longest answer, in milliseconds.
    pub max_ms: f64,
    /// Decisions asked.
    pub decisions: u64,
    /// Faults made.
    pub faults: usize,
}

impl JailCost {
    /// Adds another measurement of as many starts and decisions (the means stay means).
    pub fn add(&mut self, other: &JailCost) {
        let n = self.decisions as f64;
        let m = other.decisions as f64;
        self.round_trip_us = (self.round_trip_us * n + other.round_trip_us * m) / (n + m).max(1.0);
        self.startup_ms = (self.startup_ms * n + other.startup_ms * m) / (n + m).max(1.0);
        self.max_ms = self.max_ms.max(other.max_ms);
        self.decisions += other.decisions;
        self.faults += other.faults;
    }
}

/// Starts `program` `starts` times (to its greeting), then asks it `decisions` decisions from
/// random positions, under the containment in force.
pub fn jail_cost<G: GameAi + Encode>(
    game: &G,
    program: &ProgramSpec,
    logs: &Path,
    decisions: u64,
    starts: u32,
    seed: u64,
) -> Result<JailCost, String> {
    let log = crate::process::Log::open(&logs.join("check.log")).map_err(|e| e.to_string())?;
    let mut startup = Duration::ZERO;
    for _ in 0..starts {
        let began = Instant::now();
        let pool = Pool::new(
            game,
            program.clone(),
            Some(log.clone()),
            Mode::Check { budget: 1 },
        )
        .map_err(|e| e.to_string())?;
        pool.preflight()
            .map_err(|why| format!("{} cannot play: {why}", program.name))?;
        startup += began.elapsed();
        pool.shutdown();
    }
    let pool = Pool::new(
        game,
        program.clone(),
        Some(log),
        Mode::Check { budget: decisions },
    )
    .map_err(|e| e.to_string())?;
    pool.preflight()
        .map_err(|why| format!("{} cannot play: {why}", program.name))?;
    let check = check_program(
        game,
        &pool,
        CheckMode::Positions { budget: decisions },
        &|seed| Box::new(RandomBot::new(seed)),
        u64::MAX,
        seed,
        &mut |_| {},
    )?;
    pool.shutdown();
    let t = check.timing;
    Ok(JailCost {
        startup_ms: startup.as_secs_f64() * 1e3 / f64::from(starts.max(1)),
        round_trip_us: t.total.as_secs_f64() * 1e6 / t.decisions.max(1) as f64,
        max_ms: t.max.as_secs_f64() * 1e3,
        decisions: t.decisions,
        faults: check.faults.len(),
    })
}
