//! `parlour bench GAME --tournament` (a tournament's games/s on 1 and 2 cores, with and
//! without a database) and `--external COMMAND` (the protocol's and the jail's cost with a
//! real program).

use std::time::Instant;

use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, Table};
use parlour_arena::{Tournament, TournamentConfig};
use parlour_core::BotSpec;
use parlour_dynamic::plan::{default_entries, plan_for, stand_in, Entries, Plan};
use parlour_games::Playable;
use parlour_protocol::check::{jail_cost, JailCost};
use parlour_protocol::{EntrySpec, Limits, Mode, Player, Programs};
use serde_json::{json, Value};

use crate::args::{BenchArgs, Format};
use crate::common::{failed, game_of, usage, Failure};

/// `parlour bench GAME --tournament`: games/s on 1 and 2 cores, with and without a database.
pub fn tournament<G: Playable>(args: BenchArgs) -> Result<(), Failure> {
    let plan = Plan {
        options: args.rules.pairs(),
        entries: Entries {
            bots: args.bots.clone(),
            ..Entries::default()
        },
        games: Some(args.games.unwrap_or(50_000)),
        seed: Some(args.seed),
        ..Plan::default()
    };
    let t = plan_for::<G>(&plan)?;
    if t.config().entries.iter().any(|e| matches!(e, EntrySpec::Program(_))) {
        return Err(usage(
            "bench --tournament measures built-in bots; use bench --external for a program",
        ));
    }
    let repeat = args.repeat;
    // Removed with everything in it however this ends.
    let dir = tempfile::Builder::new()
        .prefix("parlour-bench-")
        .tempdir()
        .map_err(|e| failed(format!("cannot create a temporary directory: {e}")))?;
    let times =
        parlour_arena::bench::time_tournament(&t, &Player::<G>::built_in, repeat, dir.path())?;
    let held_to_cores = times.held_to_cores;
    let (best, median) = times.rates();
    let scaling = [best[1] / best[0], median[1] / median[0]];
    let overhead = |r: &[f64]| [1.0 - r[2] / r[0], 1.0 - r[3] / r[1]];
    let (over_best, over_median) = (overhead(&best), overhead(&median));
    // Median processor time per game, in microseconds, and what recording adds to it.
    let cpu_us = times.cpu_us_per_game();
    let cpu_overhead = [cpu_us[2] / cpu_us[0] - 1.0, cpu_us[3] / cpu_us[1] - 1.0];
    let entries = t.config().labels.join(",");
    match args.format {
        Format::Json => {
            let figures = |rate: &[f64], scaling: f64, overhead: [f64; 2]| {
                json!({
                    "games_per_sec": {
                        "jobs1": rate[0], "jobs2": rate[1],
                        "jobs1_db": rate[2], "jobs2_db": rate[3],
                    },
                    "scaling_1_to_2": scaling,
                    "db_overhead": { "jobs1": overhead[0], "jobs2": overhead[1] },
                })
            };
            outln!(
                "{}",
                json!({
                    "game": G::INFO.name,
                    "entries": entries,
                    "games": t.config().games,
                    "repeat": repeat,
                    "held_to_cores": held_to_cores,
                    "cpu_us_per_game_median": {
                        "jobs1": cpu_us[0], "jobs2": cpu_us[1],
                        "jobs1_db": cpu_us[2], "jobs2_db": cpu_us[3],
                    },
                    "db_cpu_overhead": { "jobs1": cpu_overhead[0], "jobs2": cpu_overhead[1] },
                    "best": figures(&best, scaling[0], over_best),
                    "median": figures(&median, scaling[1], over_median),
                })
            );
        }
        Format::Table => {
            let mut table = Table::new();
            table.load_style(UTF8_FULL_CONDENSED).set_header(vec![
                "cores",
                "no database: best (median)",
                "recording (--db): best (median)",
                "overhead: best (median)",
            ]);
            for (j, jobs) in [1, 2].into_iter().enumerate() {
                table.add_row(vec![
                    Cell::new(jobs),
                    Cell::new(format!("{:.0} ({:.0}) games/s", best[j], median[j])),
                    Cell::new(format!("{:.0} ({:.0}) games/s", best[j + 2], median[j + 2])),
                    Cell::new(format!(
                        "{:.1}% ({:.1}%)",
                        100.0 * over_best[j],
                        100.0 * over_median[j]
                    )),
                ]);
            }
            outln!(
                "{} tournament of {} games ({entries}), {repeat} runs of each kind, seed {}",
                G::INFO.name,
                t.config().games,
                args.seed
            );
            outln!("{table}");
            outln!(
                "scaling from 1 to 2 cores: {:.2}× best ({:.2}× median)",
                scaling[0],
                scaling[1]
            );
            outln!(
                "processor time a game (median): {:.1} µs, {:.1} µs recording on 1 core \
                 ({:+.1}%); {:.1} µs, {:.1} µs recording on 2 cores ({:+.1}%)",
                cpu_us[0],
                cpu_us[2],
                100.0 * cpu_overhead[0],
                cpu_us[1],
                cpu_us[3],
                100.0 * cpu_overhead[1]
            );
            if !held_to_cores {
                outln!(
                    "note: the process could not be held to 1 and 2 cores here, so these are \
                     1 and 2 worker threads on whatever cores the system gave"
                );
            }
        }
    }
    Ok(())
}

/// `parlour bench GAME --external COMMAND`: the protocol's cost with a real program, jailed
/// and unjailed, and a tournament's games/s with it at the table.
pub fn external<G: Playable>(args: BenchArgs) -> Result<(), Failure> {
    let games = args.games.unwrap_or(2000);
    let game: G = game_of::<G>(args.rules.pairs())?.tournament_unit();
    let command = args.external.as_deref().unwrap_or_default();
    let program = parlour_protocol::program_from_cmd(
        command,
        Limits::default(),
        parlour_protocol::DEFAULT_MAX_FAULTS,
    )?;
    let logs = tempfile::Builder::new()
        .prefix("parlour-bench-")
        .tempdir()
        .map_err(|e| failed(format!("cannot create a temporary directory: {e}")))?;

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
                &game,
                &program,
                logs.path(),
                decisions,
                starts,
                parlour_core::rng::derive_seed(args.seed, round),
            );
            parlour_protocol::process::measure_uncontained(false);
            let measured = measured.map_err(usage)?;
            match costs.get_mut(i) {
                Some((_, c)) => c.add(&measured),
                None => costs.push((if uncontained { "unjailed" } else { "jailed" }, measured)),
            }
        }
    }
    let starts = starts * rounds as u32;
    let (_, first) = &costs[0];
    let round_trip_us = first.round_trip_us;
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
        let config = TournamentConfig::new(&game, entries, games, args.seed);
        let t = Tournament::new(game.clone(), config, &stand_in::<G>)?;
        let programs = Programs::start(
            &game,
            &t.config().entries,
            &t.config().labels,
            logs.path(),
            Mode::Tournament,
            None,
        )?;
        let start = Instant::now();
        let result = t
            .run(
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
    match args.format {
        Format::Json => outln!(
            "{}",
            json!({
                "game": G::INFO.name,
                "command": program.command,
                "round_trip": {
                    "decisions": first.decisions,
                    "mean_us": round_trip_us,
                    "max_ms": first.max_ms,
                    "faults": first.faults,
                },
                "containment": costs.iter().map(|(mode, c)| (mode.to_string(), json!({
                    "round_trip_us": c.round_trip_us,
                    "max_ms": c.max_ms,
                    "faults": c.faults,
                    "startup_ms": c.startup_ms,
                    "starts": starts,
                }))).collect::<serde_json::Map<String, Value>>(),
                "tournament": {
                    "games": games,
                    "jobs": jobs,
                    "with_program": {"entries": rates[0].0, "games_per_s": rates[0].1, "faults": rates[0].2},
                    "all_builtin": {"entries": rates[1].0, "games_per_s": rates[1].1},
                },
            })
        ),
        Format::Table => {
            for (mode, c) in &costs {
                outln!(
                    "{} · {} ({mode}): round trip {:.1} µs per decision (mean of {}, max {:.2} ms, {} faults); start-up {:.1} ms (mean of {starts})",
                    G::INFO.name,
                    program.name,
                    c.round_trip_us,
                    c.decisions,
                    c.max_ms,
                    c.faults,
                    c.startup_ms,
                );
            }
            if let [(_, jailed), (_, unjailed)] = costs.as_slice() {
                outln!(
                    "the jail's cost: round trip {:.2}x, start-up {:+.1} ms",
                    jailed.round_trip_us / unjailed.round_trip_us,
                    jailed.startup_ms - unjailed.startup_ms
                );
            }
            outln!(
                "tournament of {games} games on {jobs} thread(s): {:.0} games/s with the program ({}; {} faults), {:.0} games/s with random in its seat",
                rates[0].1, rates[0].0, rates[0].2, rates[1].1
            );
        }
    }
    Ok(())
}
