//! External bots on the command line: `cmd:` entries in `--bots`, bots files, the limits
//! flags, starting and greeting every program before play (`Programs`), `parlour check-bot`
//! and `parlour serve-bot`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use parlour_core::{Bot, BotError, BotSpec, EntrySpec, Game, Limits, ProgramSpec};
use parlour_protocol::process::Log;
use parlour_protocol::{check_program, shell_text, ExternalBot, Mode, Pool};
use serde::Deserialize;

use crate::commands::{bot_spec, failed, game_options, parse_number, usage, Failure, GameCommand};

/// The limits flags, as typed (`None` when not given).
#[derive(Debug, Clone, Default)]
pub struct LimitFlags {
    pub time_limit_ms: Option<String>,
    pub time_bank_ms: Option<String>,
    pub startup_ms: Option<String>,
    pub memory_mb: Option<String>,
    pub max_faults: Option<String>,
    pub bot_user: Option<String>,
}

impl LimitFlags {
    /// Whether any limit was given.
    pub fn any(&self) -> bool {
        self.time_limit_ms.is_some()
            || self.time_bank_ms.is_some()
            || self.startup_ms.is_some()
            || self.memory_mb.is_some()
            || self.max_faults.is_some()
            || self.bot_user.is_some()
    }

    /// The limits and fault allowance for programs, over the defaults.
    pub fn resolve(&self) -> Result<(Limits, u32), Failure> {
        let mut limits = Limits::default();
        let positive = |flag: &str, text: &Option<String>, default: u64| -> Result<u64, Failure> {
            match text {
                None => Ok(default),
                Some(t) => {
                    let v: u64 = parse_number(flag, t)?;
                    if v == 0 || v > 1 << 40 {
                        return Err(usage(format!("{flag} must be a positive number")));
                    }
                    Ok(v)
                }
            }
        };
        limits.decision_ms = positive("--time-limit-ms", &self.time_limit_ms, limits.decision_ms)?;
        limits.bank_ms = positive("--time-bank-ms", &self.time_bank_ms, limits.bank_ms)?;
        limits.startup_ms = positive("--startup-ms", &self.startup_ms, limits.startup_ms)?;
        limits.memory_mb = positive("--memory-mb", &self.memory_mb, limits.memory_mb)?;
        let max_faults = positive(
            "--max-faults",
            &self.max_faults,
            u64::from(parlour_core::entry::DEFAULT_MAX_FAULTS),
        )?;
        Ok((limits, u32::try_from(max_faults).unwrap_or(u32::MAX)))
    }
}

/// Splits `--bots` at commas outside quotes: `heuristic,cmd:"python3 a.py"`.
pub fn split_entries(text: &str) -> Result<Vec<String>, Failure> {
    let mut items = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (None, ',') => items.push(std::mem::take(&mut current)),
            (None, '"' | '\'') => {
                quote = Some(c);
                current.push(c);
            }
            (Some(q), c) if c == q => {
                quote = None;
                current.push(c);
            }
            _ => current.push(c),
        }
    }
    if quote.is_some() {
        return Err(usage(format!("--bots: {text:?} has an unclosed quote")));
    }
    items.push(current);
    let items: Vec<String> = items.into_iter().map(|s| s.trim().to_string()).collect();
    if items.iter().any(String::is_empty) {
        return Err(usage(format!(
            "--bots: {text:?} is malformed: expected comma-separated bots such as \
             heuristic,random,cmd:\"python3 mybot.py\""
        )));
    }
    Ok(items)
}

/// The working directory programs start in unless told otherwise (absolute, so a resumed
/// tournament finds the same files from anywhere).
fn here() -> Result<PathBuf, Failure> {
    std::env::current_dir().map_err(|e| failed(format!("cannot read the current directory: {e}")))
}

/// A `cmd:` entry's program: the command split as a shell would (quotes, no expansion).
pub fn program_from_cmd(
    text: &str,
    limits: Limits,
    max_faults: u32,
) -> Result<ProgramSpec, Failure> {
    let command_text = text.trim();
    let command =
        shell_words::split(command_text).map_err(|e| usage(format!("cmd:{command_text}: {e}")))?;
    if command.is_empty() || command[0].is_empty() {
        return Err(usage("cmd: needs a command, e.g. cmd:\"python3 mybot.py\""));
    }
    Ok(ProgramSpec {
        name: format!("cmd:{}", shell_text(&command)),
        command,
        dir: Some(here()?),
        env: BTreeMap::new(),
        limits,
        max_faults,
        user: None,
    })
}

/// One entry of `--bots`: a built-in bot, `cmd:COMMAND`, or `NAME=cmd:COMMAND` (a program
/// entered under a short name, which then heads its rows instead of the whole command).
pub fn entry_from_text(text: &str, limits: Limits, max_faults: u32) -> Result<EntrySpec, Failure> {
    if let Some((name, rest)) = text.split_once('=') {
        if let Some(command) = rest.strip_prefix("cmd:") {
            if !name.contains(':') {
                let mut program = program_from_cmd(command, limits, max_faults)?;
                program.name = entry_name(name)?;
                return Ok(EntrySpec::Program(program));
            }
        }
    }
    match text.strip_prefix("cmd:") {
        Some(rest) => Ok(EntrySpec::Program(program_from_cmd(
            rest, limits, max_faults,
        )?)),
        None => Ok(EntrySpec::Bot(bot_spec(text)?)),
    }
}

/// A program's short name: letters, digits, `-`, `_` and `.`, at most 40 of them.
fn entry_name(name: &str) -> Result<String, Failure> {
    let ok = !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    if ok {
        Ok(name.to_string())
    } else {
        Err(usage(format!(
            "bot name {name:?}: use 1 to 40 letters, digits, '-', '_' or '.' (e.g. mybot=cmd:\"python3 bot.py\")"
        )))
    }
}

/// A bots file (TOML): `[[bot]]` tables, each a built-in bot or a program.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BotsFile {
    bot: Vec<FileBot>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileBot {
    /// The name shown (a program's; a built-in bot keeps its own text).
    name: Option<String>,
    /// A built-in bot, with options (`search:nodes=5000`).
    builtin: Option<String>,
    /// A program: a list (`["python3", "bot.py"]`) or one string split like a shell would.
    command: Option<Command>,
    dir: Option<PathBuf>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    time_limit_ms: Option<u64>,
    time_bank_ms: Option<u64>,
    startup_ms: Option<u64>,
    memory_mb: Option<u64>,
    max_faults: Option<u32>,
    user: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Command {
    Line(String),
    Words(Vec<String>),
}

/// Reads a bots file; programs get the command line's limits unless the file sets their own,
/// and relative directories are taken from the file's own directory.
pub fn read_bots_file(
    path: &Path,
    limits: Limits,
    max_faults: u32,
) -> Result<Vec<EntrySpec>, Failure> {
    let name = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| usage(format!("cannot read bots file {name}: {e}")))?;
    let file: BotsFile = toml::from_str(&text).map_err(|e| {
        // One line: where, then what (toml's own text draws the line in several).
        let at = e.span().map_or(String::new(), |span| {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: ")
        });
        usage(format!(
            "bots file {name}: {at}{}",
            e.message().trim().replace('\n', " ")
        ))
    })?;
    let base = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(here, |p| {
            std::fs::canonicalize(p).map_err(|e| usage(format!("bots file {name}: {e}")))
        })?;
    let mut entries = Vec::new();
    for (i, b) in file.bot.into_iter().enumerate() {
        let at = |what: String| {
            usage(format!(
                "bots file {name}: bot {} ({}): {what}",
                i + 1,
                b.name.as_deref().unwrap_or("unnamed")
            ))
        };
        let entry = match (&b.builtin, &b.command) {
            (Some(spec), None) => {
                if b.dir.is_some()
                    || !b.env.is_empty()
                    || b.time_limit_ms.is_some()
                    || b.memory_mb.is_some()
                {
                    return Err(at("a built-in bot takes no command settings".into()));
                }
                EntrySpec::Bot(
                    spec.parse::<BotSpec>()
                        .map_err(|e: BotError| at(e.to_string()))?,
                )
            }
            (None, Some(command)) => {
                let command = match command {
                    Command::Line(line) => {
                        shell_words::split(line).map_err(|e| at(e.to_string()))?
                    }
                    Command::Words(words) => words.clone(),
                };
                if command.is_empty() || command[0].is_empty() {
                    return Err(at("its command is empty".into()));
                }
                let name = b
                    .name
                    .clone()
                    .ok_or_else(|| at("a program needs a name".into()))?;
                if name.trim().is_empty() {
                    return Err(at("its name is empty".into()));
                }
                let mut lim = limits;
                let set = |v: Option<u64>, field: &mut u64, key: &str| -> Result<(), Failure> {
                    match v {
                        Some(0) => Err(at(format!("{key} must be positive"))),
                        Some(v) => {
                            *field = v;
                            Ok(())
                        }
                        None => Ok(()),
                    }
                };
                set(b.time_limit_ms, &mut lim.decision_ms, "time_limit_ms")?;
                set(b.time_bank_ms, &mut lim.bank_ms, "time_bank_ms")?;
                set(b.startup_ms, &mut lim.startup_ms, "startup_ms")?;
                set(b.memory_mb, &mut lim.memory_mb, "memory_mb")?;
                EntrySpec::Program(ProgramSpec {
                    name,
                    command,
                    dir: Some(match &b.dir {
                        Some(d) if d.is_absolute() => d.clone(),
                        Some(d) => base.join(d),
                        None => base.clone(),
                    }),
                    env: b.env.clone(),
                    limits: lim,
                    max_faults: b.max_faults.unwrap_or(max_faults).max(1),
                    user: b.user.clone(),
                })
            }
            _ => {
                return Err(at(
                    "give exactly one of builtin = \"...\" and command = ...".into(),
                ))
            }
        };
        entries.push(entry);
    }
    if entries.is_empty() {
        return Err(usage(format!("bots file {name}: it lists no [[bot]]")));
    }
    Ok(entries)
}

/// The running programs of a tournament's external entries, started and greeted before play.
pub struct Programs {
    pools: Vec<(ProgramSpec, Arc<Pool>)>,
    logs: Vec<(String, PathBuf)>,
}

/// A file-name-safe form of an entry's label.
fn file_stem(label: &str) -> String {
    let s: String = label
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    s.trim_matches('_').to_string()
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
    /// `history` is each entry's faults and forfeit in stored games (a resumed tournament): a
    /// forfeited entry's program is not started again.
    pub fn start<G: Game>(
        game: &G,
        entries: &[EntrySpec],
        labels: &[String],
        logs: &Path,
        mode: Mode,
        history: Option<&[(u64, bool)]>,
    ) -> Result<Programs, Failure> {
        // The database and logs written from here on are the user's alone: programs may run
        // as another user (--bot-user) and must not read the seed from them.
        // SAFETY: umask has no preconditions.
        unsafe {
            libc::umask(0o077);
        }
        let mut pools = Vec::new();
        let mut log_files = Vec::new();
        for (entry, label) in entries.iter().zip(labels) {
            let EntrySpec::Program(spec) = entry else {
                continue;
            };
            let path = logs.join(format!("{}.stderr.log", file_stem(label)));
            let log = Log::open(&path)
                .map_err(|e| usage(format!("cannot write the bot log {}: {e}", path.display())))?;
            let pool = Pool::new(game, spec.clone(), Some(log), mode)
                .map_err(|e| failed(format!("cannot start a thread: {e}")))?;
            let entry_index = labels.iter().position(|l| l == label).unwrap_or(0);
            if let Some((faults, forfeited)) = history.and_then(|h| h.get(entry_index)) {
                pool.restore(*faults, *forfeited);
            }
            if pool.has_forfeited() {
                pools.push((spec.clone(), pool));
                log_files.push((label.clone(), path));
                continue;
            }
            pool.preflight().map_err(|why| {
                usage(format!(
                    "bot {label} ({}) cannot play: {why} (its standard error is in {})",
                    shell_text(&spec.command),
                    path.display()
                ))
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

    /// Makes the bot for any entry: built-in bots by name, programs from their pool.
    pub fn make_bot<G: Game>(
        &self,
        entry: &EntrySpec,
        seed: u64,
    ) -> Result<Box<dyn Bot<G>>, BotError> {
        match entry {
            EntrySpec::Bot(spec) => parlour_bots::make_bot::<G>(spec, seed),
            EntrySpec::Program(spec) => match self.pool(spec) {
                Some(pool) => Ok(Box::new(ExternalBot::<G>::new(pool.clone(), seed))),
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

/// `parlour check-bot GAME -- COMMAND...`.
pub struct CheckBotCmd {
    pub command: Vec<String>,
    pub decisions: String,
    pub seed: u64,
    pub options: Vec<String>,
    pub limits: LimitFlags,
    pub log: Option<PathBuf>,
    pub show: String,
    pub faults_file: Option<PathBuf>,
}

impl GameCommand for CheckBotCmd {
    fn run<G: Game>(self) -> Result<(), Failure> {
        let decisions: u64 = parse_number("--decisions", &self.decisions)?;
        if decisions == 0 || decisions > 100_000_000 {
            return Err(usage("--decisions must be from 1 to 100000000"));
        }
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
            dir: Some(here()?),
            env: BTreeMap::new(),
            limits,
            max_faults,
            user: self.limits.bot_user.clone(),
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
        let pool = Pool::new(
            &game,
            spec.clone(),
            Some(log),
            Mode::Check { budget: decisions },
        )
        .map_err(|e| failed(format!("cannot start a thread: {e}")))?;
        pool.preflight().map_err(|why| {
            usage(format!(
                "{} cannot play: {why} (its standard error is in {})",
                spec.name,
                log_path.display()
            ))
        })?;
        errln!(
            "parlour: checking {} on {} for {decisions} decisions (seed {}; the bot's standard error is in {})",
            spec.name,
            G::NAME,
            self.seed,
            log_path.display()
        );
        let mut last = std::time::Instant::now();
        let report = check_program(
            &game,
            &pool,
            decisions,
            u64::from(max_faults),
            self.seed,
            &mut |asked| {
                if last.elapsed().as_secs() >= 2 {
                    last = std::time::Instant::now();
                    errln!("parlour: {asked}/{decisions} decisions checked");
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
            "{}: {} decisions in {} games, {} faults{}; answer time mean {:.3} ms, max {:.1} ms",
            G::NAME,
            report.decisions,
            report.games,
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
    fn run<G: Game>(self) -> Result<(), Failure> {
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

// Fuzz targets for what a user gives the command line: bots files, `--bots` entries, the limits
// flags and game options (`-o key=value`, `--variant`), for every game. Proptest over arbitrary
// text and over structured mutations of valid inputs (see
// `crates/core/tests/fuzz_support`): nothing panics, a rejected input is an error with a
// message, and an accepted one holds together. Each target runs a bounded number of cases;
// `PARLOUR_FUZZ_CASES=N` runs at least N of each, e.g.
// `PARLOUR_FUZZ_CASES=50000 cargo test -p parlour --bin parlour fuzz_`.
#[cfg(test)]
#[path = "../../core/tests/fuzz_support/mod.rs"]
mod fuzz_support;

#[cfg(test)]
mod fuzz_tests {
    use std::path::PathBuf;

    use parlour_bo::Bo;
    use parlour_chexers::Chexers;
    use parlour_core::{BotSpec, EntrySpec, Game, Limits};
    use parlour_go::Go;
    use parlour_phased::Phased;
    use parlour_uno::Uno;
    use proptest::prelude::*;
    use serde_json::Value;

    use super::fuzz_support::{config, mutate_json, mutate_lines, mutate_text, ops, play_on, Op};
    use super::{entry_from_text, read_bots_file, split_entries, LimitFlags};
    use crate::commands::{game_options, with_variant};

    const BOTS_FILES: &[&str] = &[
        "[[bot]]\nbuiltin = \"heuristic\"\n\n[[bot]]\nbuiltin = \"search:nodes=5000\"\n",
        "[[bot]]\nname = \"mine\"\ncommand = [\"python3\", \"bot.py\"]\ndir = \"bots\"\nenv = { SEED = \"1\", MODE = \"fast\" }\ntime_limit_ms = 500\ntime_bank_ms = 20000\nstartup_ms = 3000\nmemory_mb = 512\nmax_faults = 3\n",
        "[[bot]]\nname = \"line\"\ncommand = \"python3 -u 'my bot.py' --fast\"\nuser = \"nobody\"\n\n[[bot]]\nbuiltin = \"random\"\n",
        "[[bot]]\nname = \"abs\"\ncommand = [\"/usr/bin/env\", \"node\", \"b.js\"]\ndir = \"/tmp\"\n",
    ];

    fn words() -> Vec<String> {
        [
            "[[bot]]",
            "[bot]",
            "name",
            "builtin",
            "command",
            "dir",
            "env",
            "time_limit_ms",
            "time_bank_ms",
            "startup_ms",
            "memory_mb",
            "max_faults",
            "user",
            " = ",
            "\"",
            "'",
            "'''",
            "\"\"\"",
            "[",
            "]",
            "{",
            "}",
            "0",
            "-1",
            "1e999",
            "inf",
            "nan",
            "true",
            "9223372036854775807",
            "9223372036854775808",
            "4294967296",
            "1.5",
            "\n",
            "#",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    }

    /// A bots file: a valid one edited as data (then written as TOML), by line or by byte.
    fn bots_file() -> BoxedStrategy<String> {
        let w = words();
        (
            0..BOTS_FILES.len(),
            ops(0, 4, &w),
            prop_oneof![2 => Just(Vec::new()), 1 => ops(1, 2, &w)],
            prop_oneof![2 => Just(Vec::new()), 1 => ops(1, 3, &w)],
        )
            .prop_map(
                |(which, json, lines, bytes): (usize, Vec<Op>, Vec<Op>, Vec<Op>)| {
                    let valid = BOTS_FILES[which];
                    let mut text = if json.is_empty() {
                        valid.to_string()
                    } else {
                        let value: Value = toml::from_str(valid).unwrap();
                        let edited: Value =
                            serde_json::from_str(&mutate_json(&value, &json)).unwrap_or(value);
                        toml::to_string(&edited).unwrap_or_else(|_| valid.to_string())
                    };
                    if !lines.is_empty() {
                        let mut l: Vec<String> = text.lines().map(str::to_string).collect();
                        mutate_lines(&mut l, &lines);
                        text = l.join("\n");
                    }
                    mutate_text(&text, &bytes, BOTS_FILES[(which + 1) % BOTS_FILES.len()])
                },
            )
            .boxed()
    }

    /// What reading gave: an error with a message, or entries that hold together.
    fn check_entries(
        result: Result<Vec<EntrySpec>, crate::commands::Failure>,
    ) -> Result<(), TestCaseError> {
        match result {
            Ok(entries) => {
                for e in &entries {
                    match e {
                        EntrySpec::Bot(spec) => {
                            let back = spec.to_string().parse::<BotSpec>().ok();
                            prop_assert_eq!(back.as_ref(), Some(spec));
                        }
                        EntrySpec::Program(p) => {
                            prop_assert!(!p.command.is_empty() && !p.command[0].is_empty());
                            prop_assert!(!p.name.trim().is_empty());
                            let l = p.limits;
                            prop_assert!(
                                l.decision_ms > 0
                                    && l.bank_ms > 0
                                    && l.startup_ms > 0
                                    && l.memory_mb > 0,
                                "{:?}",
                                l
                            );
                            prop_assert!(p.max_faults >= 1);
                            prop_assert!(p.dir.as_ref().is_some_and(|d| d.is_absolute()));
                        }
                    }
                    let json = serde_json::to_value(e).unwrap();
                    let back: EntrySpec = serde_json::from_value(json.clone()).map_err(|err| {
                        TestCaseError::fail(format!("{json} does not read back: {err}"))
                    })?;
                    prop_assert_eq!(&back, e);
                }
            }
            Err(f) => prop_assert!(!f.message.trim().is_empty()),
        }
        Ok(())
    }

    thread_local! {
        static DIR: tempfile::TempDir = tempfile::tempdir().unwrap();
    }

    fn read_text(text: &str) -> Result<Vec<EntrySpec>, crate::commands::Failure> {
        let path: PathBuf = DIR.with(|d| d.path().join("bots.toml"));
        std::fs::write(&path, text).unwrap();
        read_bots_file(&path, Limits::default(), 10)
    }

    /// Found by `fuzz_bots_flag`: `cmd:'' c` made a program whose name is empty (a bots file
    /// refuses one); now the same usage error as an empty command.
    #[test]
    fn fuzz_regression_bots_flag_empty_program_name() {
        for text in ["cmd:'' c", "mine=cmd:\"\" x"] {
            let e = entry_from_text(text, Limits::default(), 10).unwrap_err();
            assert!(
                e.message.contains("cmd: needs a command"),
                "{text}: {}",
                e.message
            );
        }
    }

    #[test]
    fn fuzz_valid_bots_files_read() {
        for text in BOTS_FILES {
            let entries = read_text(text).unwrap_or_else(|e| panic!("{text}: {}", e.message));
            assert!(!entries.is_empty());
        }
        // Deeply nested TOML is an error, not a stack overflow.
        for depth in [100, 10_000, 200_000] {
            let text = format!(
                "[[bot]]\nname = {}{}\n",
                "[".repeat(depth),
                "]".repeat(depth)
            );
            assert!(read_text(&text).is_err());
            let text = format!(
                "[[bot]]\nenv = {}\n",
                "{a=".repeat(depth) + "1" + &"}".repeat(depth)
            );
            assert!(read_text(&text).is_err());
        }
    }

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
        fn fuzz_bots_file(text in bots_file()) {
            check_entries(read_text(&text))?;
        }

        /// `--bots`: comma-separated entries, quoted commands, `NAME=cmd:...`.
        #[test]
        fn fuzz_bots_flag(text in prop_oneof![
            3 => (prop::sample::select(vec![
                "heuristic,random", "search:nodes=50000,cmd:\"python3 my bot.py\"",
                "mine=cmd:python3 bot.py,ismcts:iters=10", "cmd:'a b' c,heuristic",
            ]), ops(1, 3, &words())).prop_map(|(t, o)| mutate_text(t, &o, "cmd:")),
            1 => "\\PC{0,30}",
        ]) {
            match split_entries(&text) {
                Ok(items) => {
                    prop_assert!(items.iter().all(|i| !i.is_empty()));
                    let entries: Result<Vec<EntrySpec>, _> = items
                        .iter()
                        .map(|i| entry_from_text(i, Limits::default(), 10))
                        .collect();
                    check_entries(entries)?;
                }
                Err(f) => prop_assert!(!f.message.trim().is_empty()),
            }
        }

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
        }
    }
}
