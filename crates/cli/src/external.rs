//! External bots on the command line: `cmd:` entries in `--bots`, bots files, the limits
//! flags, starting and greeting every program before play (`Programs`), `parlour check-bot`
//! and `parlour serve-bot`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use parlour_core::Game;
use parlour_games::Playable;
use parlour_protocol::check::MAX_PREFIX;
use parlour_protocol::process::Log;
use parlour_protocol::{
    check_program, file_stem, shell_text, working_directory, CheckMode, EntrySpec, Limits, Mode,
    Pool, ProgramSpec, Programs,
};

use crate::common::{
    bot_spec, entry_failure, failed, game_options, parse_number, usage, Failure, GameCommand,
    LimitFlags,
};

/// Splits `--bots` at commas outside quotes: `heuristic,cmd:"python3 a.py"`.
pub fn split_entries(text: &str) -> Result<Vec<String>, Failure> {
    parlour_protocol::split_entries(text).map_err(|e| usage(format!("--bots: {e}")))
}

/// One entry of `--bots` (see [`parlour_protocol::entry_from_text`]).
pub fn entry_from_text(text: &str, limits: Limits, max_faults: u32) -> Result<EntrySpec, Failure> {
    parlour_protocol::entry_from_text(text, limits, max_faults).map_err(entry_failure)
}

/// A `cmd:` seat's program (see [`parlour_protocol::program_from_cmd`]).
pub fn program_from_cmd(
    text: &str,
    limits: Limits,
    max_faults: u32,
) -> Result<ProgramSpec, Failure> {
    parlour_protocol::program_from_cmd(text, limits, max_faults).map_err(entry_failure)
}

/// Reads a bots file (see [`parlour_protocol::read_bots_file`]).
pub fn read_bots_file(
    path: &Path,
    limits: Limits,
    max_faults: u32,
) -> Result<Vec<EntrySpec>, Failure> {
    parlour_protocol::read_bots_file(path, limits, max_faults).map_err(entry_failure)
}

/// Starts and greets every program among `entries` (see [`Programs::start`]).
pub fn start_programs<G: Game>(
    game: &G,
    entries: &[EntrySpec],
    labels: &[String],
    logs: &Path,
    mode: Mode,
    history: Option<&[u64]>,
) -> Result<Programs, Failure> {
    Programs::start(game, entries, labels, logs, mode, history).map_err(entry_failure)
}

/// `parlour check-bot GAME -- COMMAND...`.
pub struct CheckBotCmd {
    pub command: Vec<String>,
    pub decisions: Option<String>,
    pub games: Option<String>,
    pub against: Option<String>,
    pub seed: u64,
    pub options: Vec<String>,
    pub limits: LimitFlags,
    pub log: Option<PathBuf>,
    pub show: String,
    pub faults_file: Option<PathBuf>,
}

impl GameCommand for CheckBotCmd {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let mode = self.mode()?;
        let show: usize = parse_number("--show", &self.show)?;
        let mut flags = self.limits.clone();
        // The checker lists faults rather than forfeiting; it stops after this many.
        flags.max_faults.get_or_insert_with(|| "1000".into());
        let (limits, max_faults) = flags.resolve()?;
        let game = game_options::<G>(&self.options, &[])?;
        if self.command.is_empty() || self.command[0].is_empty() {
            return Err(usage("check-bot needs a command after --, e.g. parlour check-bot uno -- python3 mybot.py"));
        }
        let spec = ProgramSpec {
            name: shell_text(&self.command),
            command: self.command.clone(),
            dir: Some(working_directory().map_err(entry_failure)?),
            env: BTreeMap::new(),
            limits,
            max_faults,
            user: self.limits.bot_user.clone(),
            files: Vec::new(),
        };
        // By default under parlour-runs/check-bot/, named after the program, never loose in
        // the working directory.
        let log_path = self.log.unwrap_or_else(|| {
            PathBuf::from("parlour-runs")
                .join("check-bot")
                .join(format!("{}.stderr.log", file_stem(&spec.name)))
        });
        let log = Log::open(&log_path).map_err(|e| {
            usage(format!(
                "cannot write the bot log {}: {e}",
                log_path.display()
            ))
        })?;
        let budget = match mode {
            CheckMode::Positions { budget } => budget,
            CheckMode::Games { .. } => u64::MAX,
        };
        let against = match mode {
            CheckMode::Games { .. } => {
                let spec = bot_spec(self.against.as_deref().unwrap_or(default_opponent::<G>()))?;
                parlour_bots::make_bot_for::<G>(&game, &spec, 0)
                    .map_err(|e| usage(format!("--against: {e}")))?;
                Some(spec)
            }
            CheckMode::Positions { .. } => None,
        };
        let pool = Pool::new(&game, spec.clone(), Some(log), Mode::Check { budget })
            .map_err(|e| failed(format!("cannot start a thread: {e}")))?;
        pool.preflight().map_err(|why| {
            usage(format!(
                "{} cannot play: {why} (its standard error is in {})",
                spec.name,
                log_path.display()
            ))
        })?;
        let what = match (mode, &against) {
            (CheckMode::Games { games }, Some(a)) => format!(
                "{games} whole games from the deal, the bot in each seat in turn, {a} in the others"
            ),
            _ => format!(
                "{budget} decisions, each game joined after 0 to {MAX_PREFIX} random moves, random bots in the other seats"
            ),
        };
        errln!(
            "parlour: checking {} on {}: {what} (seed {}; the bot's standard error is in {})",
            spec.name,
            G::INFO.name,
            self.seed,
            log_path.display()
        );
        let opponent = |seed: u64| -> Box<dyn parlour_core::Bot<G>> {
            match &against {
                Some(a) => parlour_bots::make_bot_for::<G>(&game, a, seed)
                    .unwrap_or_else(|_| Box::new(parlour_bots::RandomBot::new(seed))),
                None => Box::new(parlour_bots::RandomBot::new(seed)),
            }
        };
        let mut last = std::time::Instant::now();
        let report = check_program(
            &game,
            &pool,
            mode,
            &opponent,
            u64::from(max_faults),
            self.seed,
            &mut |asked| {
                if last.elapsed().as_secs() >= 2 {
                    last = std::time::Instant::now();
                    errln!("parlour: {asked} decisions checked");
                }
            },
        )
        .map_err(failed)?;
        pool.shutdown();
        if let Some(path) = &self.faults_file {
            write_faults(path, &report.faults, self.seed)?;
        }
        for p in report.faults.iter().take(show) {
            outln!(
                "game {} (seed {}), seat {}, decision {}: {}: {}",
                p.index,
                self.seed,
                p.seat,
                p.fault.decision,
                p.fault.kind,
                p.fault.detail
            );
            if let Some(o) = &p.observation {
                outln!("  observation: {o}");
            }
            if let Some(l) = &p.legal {
                outln!("  legal: {l}");
            }
        }
        if report.faults.len() > show {
            outln!(
                "... and {} more faults (--show to list more)",
                report.faults.len() - show
            );
        }
        let t = report.timing;
        let mean_ms = if t.decisions > 0 {
            t.total.as_secs_f64() * 1e3 / t.decisions as f64
        } else {
            0.0
        };
        let mut by_kind: BTreeMap<String, usize> = BTreeMap::new();
        for p in &report.faults {
            *by_kind.entry(p.fault.kind.to_string()).or_default() += 1;
        }
        let kinds = by_kind
            .iter()
            .map(|(k, n)| format!("{n} {k}"))
            .collect::<Vec<_>>()
            .join(", ");
        outln!(
            "{}: {} decisions in {} games ({}), {} faults{}; answer time mean {:.3} ms, max {:.1} ms",
            G::INFO.name,
            report.decisions,
            report.games,
            match mode {
                CheckMode::Games { .. } => "whole games",
                CheckMode::Positions { .. } => "random positions",
            },
            report.faults.len(),
            if kinds.is_empty() {
                String::new()
            } else {
                format!(" ({kinds})")
            },
            mean_ms,
            t.max.as_secs_f64() * 1e3
        );
        if let Some(why) = &report.stopped {
            outln!("{why}");
        }
        if report.faults.is_empty() && report.stopped.is_none() {
            outln!("passed");
            Ok(())
        } else {
            Err(Failure {
                code: 1,
                message: format!("{} failed the check", spec.name),
            })
        }
    }
}

impl CheckBotCmd {
    /// The checking mode the flags ask for: `--games`, `--decisions`, or by default whole games
    /// for a course adapter (whose students' code follows the game by its own moves, so games
    /// joined part-way would fault it for moves it never made) and positions for anything else.
    fn mode(&self) -> Result<CheckMode, Failure> {
        let course = self
            .command
            .windows(2)
            .any(|w| w[0] == "-m" && w[1] == "parlour_bot.course");
        match (&self.games, &self.decisions) {
            (Some(g), _) => {
                let games: u64 = parse_number("--games", g)?;
                if games == 0 || games > 10_000_000 {
                    return Err(usage("--games must be from 1 to 10000000"));
                }
                Ok(CheckMode::Games { games })
            }
            (None, Some(d)) => {
                if self.against.is_some() {
                    return Err(usage("--against is for whole games (--games N)"));
                }
                let budget: u64 = parse_number("--decisions", d)?;
                if budget == 0 || budget > 100_000_000 {
                    return Err(usage("--decisions must be from 1 to 100000000"));
                }
                Ok(CheckMode::Positions { budget })
            }
            (None, None) if course || self.against.is_some() => Ok(CheckMode::Games {
                games: COURSE_CHECK_GAMES,
            }),
            (None, None) => Ok(CheckMode::Positions { budget: 10_000 }),
        }
    }
}

/// Whole games `check-bot` plays by default for a course adapter: ten in each of four seats.
const COURSE_CHECK_GAMES: u64 = 40;

/// The built-in bot in the other seats of `check-bot --games`: the game's heuristic, or its
/// greedy bot (Chexers), else random play.
fn default_opponent<G: Playable>() -> &'static str {
    ["heuristic", "greedy"]
        .into_iter()
        .find(|name| G::bots().iter().any(|b| b.name == *name))
        .unwrap_or("random")
}

/// Every fault the checker found, one JSON object a line, positions included.
fn write_faults(
    path: &Path,
    faults: &[parlour_protocol::Position],
    seed: u64,
) -> Result<(), Failure> {
    use std::io::Write;
    let fail = |e: std::io::Error| failed(format!("writing {}: {e}", path.display()));
    let mut out = std::io::BufWriter::new(
        std::fs::File::create(path)
            .map_err(|e| usage(format!("cannot write {}: {e}", path.display())))?,
    );
    for p in faults {
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
        writeln!(out, "{line}").map_err(fail)?;
    }
    out.flush().map_err(fail)
}

/// `parlour serve-bot GAME BOT`: a built-in bot served over the protocol on stdin/stdout.
pub struct ServeBotCmd {
    pub bot: String,
}

impl GameCommand for ServeBotCmd {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let spec = bot_spec(&self.bot)?;
        // Checked now, so that a bad name is an error before the handshake.
        parlour_bots::make_bot::<G>(&spec, 0).map_err(|e| usage(e.to_string()))?;
        let make = |seed: u64| parlour_bots::make_bot::<G>(&spec, seed).map_err(|e| e.to_string());
        let stdin = std::io::stdin().lock();
        let stdout = std::io::BufWriter::new(std::io::stdout().lock());
        parlour_protocol::serve::<G>(&make, &spec.to_string(), stdin, stdout)
            .map_err(|e| failed(format!("serve-bot: {e}")))
    }
}

// Fuzz targets for what a user gives the command line: the limits flags and game options (`-o key=value`, `--variant`), for every game. Proptest over arbitrary
// text and over structured mutations of valid inputs (see
// `parlour_test_support::fuzz`): nothing panics, a rejected input is an error with a
// message, and an accepted one holds together. Each target runs a bounded number of cases;
// `PARLOUR_FUZZ_CASES=N` runs at least N of each, e.g.
// `PARLOUR_FUZZ_CASES=50000 cargo test -p parlour --bin parlour fuzz_`.
#[cfg(test)]
use parlour_test_support::fuzz as fuzz_support;

#[cfg(test)]
mod fuzz_tests {

    use parlour_core::Game;
    use parlour_games::{Bo, Chexers, Go, Nim, Phased, Uno};
    use proptest::prelude::*;
    use serde_json::Value;

    use super::fuzz_support::{config, play_on};
    use crate::common::LimitFlags;
    use crate::common::{game_options, with_variant};

    /// Game options from `-o key=value` pairs and `--variant`: an error with a message, or a
    /// game that deals and plays.
    fn check_options<G: Game>(
        pairs: &[String],
        variant: &Option<String>,
        players: &Option<Value>,
        seed: u64,
    ) -> Result<(), TestCaseError> {
        let pairs = with_variant(pairs.to_vec(), variant.clone());
        // `--players N` reaches the options as an extra pair.
        let extra: Vec<(&str, Value)> = players.iter().map(|p| ("players", p.clone())).collect();
        match game_options::<G>(&pairs, &extra) {
            Ok(game) => {
                let json = serde_json::to_value(game.options()).unwrap();
                let back: G::Options = serde_json::from_value(json).unwrap();
                prop_assert_eq!(&back, game.options());
                let mut state = game.new_game(seed);
                play_on::<G>(&mut state, 200, seed)?;
            }
            Err(f) => prop_assert!(!f.message.trim().is_empty()),
        }
        Ok(())
    }

    fn option_pair() -> impl Strategy<Value = String> {
        let keys = prop_oneof![
            4 => prop::sample::select(vec!["players", "target", "rounds", "variant", " players ", "", "x", "leak_all"]).prop_map(str::to_string),
            1 => "\\PC{0,6}",
        ];
        let values = prop_oneof![
            4 => prop::sample::select(vec![
                "4", "2", "10", "11", "1", "0", "-1", "500", "null", "true", "\"4\"", "[4]", "{}",
                "bonus", "standard", "\"bonus\"", "Bonus", "2.5", "1e3", "4294967296",
                "18446744073709551615", "18446744073709551616", "1e999", " 3 ", "",
            ]).prop_map(str::to_string),
            1 => "\\PC{0,8}",
        ];
        (
            keys,
            values,
            prop::sample::select(vec!["=", "==", " = ", ""]),
        )
            .prop_map(|(k, v, eq)| format!("{k}{eq}{v}"))
    }

    proptest! {
        #![proptest_config(config(10_000))]

        #[test]
        fn fuzz_limit_flags(values in prop::collection::vec(prop::option::of(prop_oneof![
            3 => prop::sample::select(vec!["1", "0", "-1", "1000", "1099511627776", "1099511627777",
                "18446744073709551615", "18446744073709551616", " 5 ", "1e3", "", "4294967296"]).prop_map(str::to_string),
            1 => "\\PC{0,8}",
        ]), 5)) {
            let flags = LimitFlags {
                time_limit_ms: values[0].clone(),
                time_bank_ms: values[1].clone(),
                startup_ms: values[2].clone(),
                memory_mb: values[3].clone(),
                tmp_mb: None,
                processes: None,
                max_faults: values[4].clone(),
                bot_user: None,
            };
            match flags.resolve() {
                Ok((l, faults)) => {
                    for v in [l.decision_ms, l.bank_ms, l.startup_ms, l.memory_mb] {
                        prop_assert!((1..=1 << 40).contains(&v));
                    }
                    prop_assert!(faults >= 1);
                }
                Err(f) => prop_assert!(!f.message.trim().is_empty()),
            }
        }

        #[test]
        fn fuzz_game_options(
            pairs in prop::collection::vec(option_pair(), 0..4),
            variant in prop::option::of(prop::sample::select(vec!["bonus", "standard", "", "x", "Bonus"]).prop_map(str::to_string)),
            players in prop::option::of(prop::sample::select(vec![
                Value::from(2), Value::from(3), Value::from(4), Value::from(10), Value::from(11),
                Value::from(0), Value::from(u64::MAX), Value::from(-1), Value::from(2.5),
            ])),
            seed in any::<u64>(),
        ) {
            check_options::<Uno>(&pairs, &variant, &players, seed)?;
            check_options::<Go>(&pairs, &variant, &players, seed)?;
            check_options::<Phased>(&pairs, &variant, &players, seed)?;
            check_options::<Bo>(&pairs, &variant, &players, seed)?;
            check_options::<Chexers>(&pairs, &variant, &players, seed)?;
            check_options::<Nim>(&pairs, &variant, &players, seed)?;
        }
    }
}
