//! What external programs cost (`parlour bench GAME --external COMMAND`): start-up and the
//! protocol's round trip, jailed and unjailed side by side, and a tournament's games/s with the
//! program at the table against the same with a built-in bot in its seat.

use std::path::Path;
use std::time::Instant;

use parlour_arena::{ArenaError, Tournament, TournamentConfig};
use parlour_core::BotSpec;
use parlour_games::Playable;
use parlour_protocol::check::{jail_cost, JailCost};
use parlour_protocol::{EntryError, EntrySpec, Mode, ProgramSpec, Programs};
use serde_json::{json, Value};

use crate::plan::{default_entries, stand_in};

/// Why a measurement could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BenchError {
    /// The program cannot play (it does not start, or does not greet).
    #[error("{0}")]
    Program(String),
    /// Its programs could not start.
    #[error(transparent)]
    Entry(#[from] EntryError),
    /// The tournament failed.
    #[error(transparent)]
    Arena(#[from] ArenaError),
}

/// What a program costs: under each containment (start-up, round trip), and in a tournament.
#[derive(Debug, Clone)]
pub struct ExternalBench {
    game: &'static str,
    program: ProgramSpec,
    /// Costs by containment (`jailed`, `unjailed`).
    costs: Vec<(&'static str, JailCost)>,
    starts: u32,
    games: u64,
    jobs: usize,
    /// Each tournament's entries, games/s and faults: with the program, then without it.
    rates: Vec<(String, f64, u64)>,
}

/// Measures `program` at `game` from `seed`: start-up and round trip under each containment
/// this machine has, then a tournament of `games` games with the program in one seat and the
/// same with a random bot there; logs go to `logs`.
pub fn external<G: Playable>(
    game: &G,
    program: &ProgramSpec,
    games: u64,
    seed: u64,
    logs: &Path,
) -> Result<ExternalBench, BenchError> {
    // 1. Start-up (from starting the program to reading its greeting) and round trip
    //    (decisions from random positions, timed from writing `act` to reading the answer,
    //    both sides' JSON included), jailed and unjailed, side by side.
    //    The two take turns, a quarter of each at a time, so that the machine's drift
    //    (other work, its clock speed) falls on both alike.
    let rounds = 4;
    let decisions = 20_000 / rounds;
    let starts = 20 / rounds as u32;
    let jail = parlour_protocol::process::containment().is_jail();
    let modes: &[bool] = if jail { &[false, true] } else { &[true] };
    let mut costs: Vec<(&str, JailCost)> = Vec::new();
    for round in 0..rounds {
        for (i, &uncontained) in modes.iter().enumerate() {
            parlour_protocol::process::measure_uncontained(uncontained);
            let measured = jail_cost(
                game,
                program,
                logs,
                decisions,
                starts,
                parlour_core::rng::derive_seed(seed, round),
            );
            parlour_protocol::process::measure_uncontained(false);
            let measured = measured.map_err(BenchError::Program)?;
            match costs.get_mut(i) {
                Some((_, c)) => c.add(&measured),
                None => costs.push((if uncontained { "unjailed" } else { "jailed" }, measured)),
            }
        }
    }
    let starts = starts * rounds as u32;
    // 2. A tournament with the program in one seat, and the same with a built-in bot
    //    there instead.
    let seats = game.num_players();
    let mut others: Vec<EntrySpec> = default_entries::<G>(seats);
    others.truncate(seats - 1);
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut rates = Vec::new();
    for external in [true, false] {
        let mut entries = vec![if external {
            EntrySpec::Program(program.clone())
        } else {
            EntrySpec::Bot(BotSpec::named("random"))
        }];
        entries.extend(others.iter().cloned());
        let config = TournamentConfig::new(game, entries, games, seed);
        let t = Tournament::new(game.clone(), config, &stand_in::<G>)?;
        let programs = Programs::start(
            game,
            &t.config().entries,
            &t.config().labels,
            logs,
            Mode::Tournament,
            None,
        )?;
        let start = Instant::now();
        let result = t.run(
            jobs,
            Vec::new(),
            &|e, seed| programs.player::<G>(e, seed),
            &mut |_| Ok(()),
            &mut |_| {},
        )?;
        let secs = start.elapsed().as_secs_f64();
        programs.shutdown();
        let faults: u64 = result
            .summary
            .standings
            .entries
            .iter()
            .map(|e| e.faults)
            .sum();
        rates.push((
            t.config().labels.join(","),
            result.played as f64 / secs,
            faults,
        ));
    }
    Ok(ExternalBench {
        game: G::INFO.name,
        program: program.clone(),
        costs,
        starts,
        games,
        jobs,
        rates,
    })
}

impl ExternalBench {
    /// The measurement as one JSON object.
    pub fn json(&self) -> Value {
        let (_, first) = &self.costs[0];
        json!({
            "game": self.game,
            "command": self.program.command,
            "round_trip": {
                "decisions": first.decisions,
                "mean_us": first.round_trip_us,
                "max_ms": first.max_ms,
                "faults": first.faults,
            },
            "containment": self.costs.iter().map(|(mode, c)| (mode.to_string(), json!({
                "round_trip_us": c.round_trip_us,
                "max_ms": c.max_ms,
                "faults": c.faults,
                "startup_ms": c.startup_ms,
                "starts": self.starts,
            }))).collect::<serde_json::Map<String, Value>>(),
            "tournament": {
                "games": self.games,
                "jobs": self.jobs,
                "with_program": {"entries": self.rates[0].0, "games_per_s": self.rates[0].1, "faults": self.rates[0].2},
                "all_builtin": {"entries": self.rates[1].0, "games_per_s": self.rates[1].1},
            },
        })
    }

    /// The measurement for people, a line for each containment, the jail's cost, and the
    /// tournaments; every line ends with a newline.
    pub fn text(&self) -> String {
        use std::fmt::Write;
        let (game, name, starts) = (self.game, &self.program.name, self.starts);
        let mut out = String::new();
        for (mode, c) in &self.costs {
            let _ = writeln!(
                out,
                "{game} · {name} ({mode}): round trip {:.1} µs per decision (mean of {}, max {:.2} ms, {} faults); start-up {:.1} ms (mean of {starts})",
                c.round_trip_us, c.decisions, c.max_ms, c.faults, c.startup_ms,
            );
        }
        if let [(_, jailed), (_, unjailed)] = self.costs.as_slice() {
            let _ = writeln!(
                out,
                "the jail's cost: round trip {:.2}x, start-up {:+.1} ms",
                jailed.round_trip_us / unjailed.round_trip_us,
                jailed.startup_ms - unjailed.startup_ms
            );
        }
        let (with, without) = (&self.rates[0], &self.rates[1]);
        let _ = writeln!(
            out,
            "tournament of {} games on {} thread(s): {:.0} games/s with the program ({}; {} faults), {:.0} games/s with random in its seat",
            self.games, self.jobs, with.1, with.0, with.2, without.1
        );
        out
    }
}
