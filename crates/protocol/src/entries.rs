//! Entries as people write them: `--bots` text (`heuristic,cmd:"python3 a.py"`,
//! `NAME=cmd:COMMAND`) and bots files (TOML `[[bot]]` tables), read into [`EntrySpec`]s; and
//! the errors of those and of starting programs ([`EntryError`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use parlour_core::{BotError, BotSpec};
use serde::Deserialize;

use crate::entry::{shell_text, EntrySpec, Limits, ProgramSpec};

/// Why an entry, a bots file or a program's start-up was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EntryError {
    /// A list of entries with an unclosed quote.
    #[error("{text:?} has an unclosed quote")]
    UnclosedQuote {
        /// The list.
        text: String,
    },
    /// A list of entries with an empty one.
    #[error(
        "{text:?} is malformed: expected comma-separated bots such as heuristic,random,cmd:\"python3 mybot.py\""
    )]
    EmptyEntry {
        /// The list.
        text: String,
    },
    /// A `cmd:` command that does not split into words.
    #[error("cmd:{command}: {reason}")]
    BadCommand {
        /// The command as typed.
        command: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A `cmd:` with no command.
    #[error("cmd: needs a command, e.g. cmd:\"python3 mybot.py\"")]
    NoCommand,
    /// A program's short name that is not one.
    #[error(
        "bot name {name:?}: use 1 to 40 letters, digits, '-', '_' or '.' (e.g. mybot=cmd:\"python3 bot.py\")"
    )]
    BadName {
        /// The name given.
        name: String,
    },
    /// A built-in bot that cannot be made.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// The working directory cannot be read (programs start in it).
    #[error("cannot read the current directory: {0}")]
    NoWorkingDirectory(String),
    /// A folder of course bots that cannot be used.
    #[error("--course-bots {dir}: {reason}")]
    CourseBots {
        /// The folder.
        dir: PathBuf,
        /// Why.
        reason: String,
    },
    /// A bots file that cannot be read.
    #[error("cannot read bots file {path}: {reason}")]
    ReadFile {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A bots file that is not valid TOML of the schema.
    #[error("bots file {path}: {at}{reason}")]
    Syntax {
        /// The file.
        path: PathBuf,
        /// `line L, column C: `, when known.
        at: String,
        /// What is wrong.
        reason: String,
    },
    /// A bots file's directory that cannot be resolved.
    #[error("bots file {path}: {reason}")]
    Directory {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// One `[[bot]]` table of a bots file that is not a valid entry.
    #[error("bots file {path}: bot {number} ({name}): {reason}")]
    BadBot {
        /// The file.
        path: PathBuf,
        /// The table's number, from 1.
        number: usize,
        /// Its name, or `unnamed`.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// A bots file with no `[[bot]]` table.
    #[error("bots file {path}: it lists no [[bot]]")]
    NoBots {
        /// The file.
        path: PathBuf,
    },
    /// A program's log file that cannot be written.
    #[error("cannot write the bot log {path}: {reason}")]
    Log {
        /// The log file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The thread that starts programs could not start.
    #[error("cannot start a thread: {0}")]
    Thread(String),
    /// A program that did not start or greet.
    #[error("bot {label} ({command}) cannot play: {reason} (its standard error is in {log})")]
    CannotPlay {
        /// The entry's label.
        label: String,
        /// Its command, as a shell would show it.
        command: String,
        /// Why.
        reason: String,
        /// Its log file.
        log: PathBuf,
    },
}

impl EntryError {
    /// Whether the user's input is at fault (a usage error), rather than the machine.
    pub fn is_bad_input(&self) -> bool {
        !matches!(
            self,
            EntryError::NoWorkingDirectory(_) | EntryError::Thread(_)
        )
    }
}

/// Splits a list of entries at commas outside quotes: `heuristic,cmd:"python3 a.py"`.
pub fn split_entries(text: &str) -> Result<Vec<String>, EntryError> {
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
        return Err(EntryError::UnclosedQuote {
            text: text.to_string(),
        });
    }
    items.push(current);
    let items: Vec<String> = items.into_iter().map(|s| s.trim().to_string()).collect();
    if items.iter().any(String::is_empty) {
        return Err(EntryError::EmptyEntry {
            text: text.to_string(),
        });
    }
    Ok(items)
}

/// The working directory programs start in unless told otherwise (absolute, so a resumed
/// tournament finds the same files from anywhere).
pub fn working_directory() -> Result<PathBuf, EntryError> {
    std::env::current_dir().map_err(|e| EntryError::NoWorkingDirectory(e.to_string()))
}

/// A `cmd:` entry's program: the command split as a shell would (quotes, no expansion),
/// started in the working directory.
pub fn program_from_cmd(
    text: &str,
    limits: Limits,
    max_faults: u32,
) -> Result<ProgramSpec, EntryError> {
    let command_text = text.trim();
    let command = shell_words::split(command_text).map_err(|e| EntryError::BadCommand {
        command: command_text.to_string(),
        reason: e.to_string(),
    })?;
    if command.is_empty() || command[0].is_empty() {
        return Err(EntryError::NoCommand);
    }
    Ok(ProgramSpec {
        name: format!("cmd:{}", shell_text(&command)),
        command,
        dir: Some(working_directory()?),
        env: BTreeMap::new(),
        limits,
        max_faults,
        user: None,
        files: Vec::new(),
    })
}

/// One entry of a list: a built-in bot, `cmd:COMMAND`, or `NAME=cmd:COMMAND` (a program
/// entered under a short name, which then heads its rows instead of the whole command).
pub fn entry_from_text(
    text: &str,
    limits: Limits,
    max_faults: u32,
) -> Result<EntrySpec, EntryError> {
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
        None => Ok(EntrySpec::Bot(text.parse::<BotSpec>()?)),
    }
}

/// A program's short name: letters, digits, `-`, `_` and `.`, at most 40 of them.
fn entry_name(name: &str) -> Result<String, EntryError> {
    let ok = !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    if ok {
        Ok(name.to_string())
    } else {
        Err(EntryError::BadName {
            name: name.to_string(),
        })
    }
}

/// A bots file (TOML): `[[bot]]` tables, each a built-in bot or a program (see
/// `docs/protocol.md`).
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
    tmp_mb: Option<u64>,
    processes: Option<u64>,
    max_faults: Option<u32>,
    user: Option<String>,
    /// The program's own files beyond its folder (`dir`) and those its command names: what
    /// the jail shows it, relative to `dir`.
    #[serde(default)]
    files: Vec<PathBuf>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Command {
    Line(String),
    Words(Vec<String>),
}

/// Reads a bots file; programs get `limits` and `max_faults` unless the file sets their own,
/// and relative directories are taken from the file's own directory.
pub fn read_bots_file(
    path: &Path,
    limits: Limits,
    max_faults: u32,
) -> Result<Vec<EntrySpec>, EntryError> {
    let text = std::fs::read_to_string(path).map_err(|e| EntryError::ReadFile {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    let file: BotsFile = toml::from_str(&text).map_err(|e| {
        // One line: where, then what (toml's own text draws the line in several).
        let at = e.span().map_or(String::new(), |span| {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: ")
        });
        EntryError::Syntax {
            path: path.to_path_buf(),
            at,
            reason: e.message().trim().replace('\n', " "),
        }
    })?;
    let base = match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        None => working_directory()?,
        Some(p) => std::fs::canonicalize(p).map_err(|e| EntryError::Directory {
            path: path.to_path_buf(),
            reason: e.to_string(),
        })?,
    };
    let mut entries = Vec::new();
    for (i, b) in file.bot.into_iter().enumerate() {
        let at = |what: String| EntryError::BadBot {
            path: path.to_path_buf(),
            number: i + 1,
            name: b.name.as_deref().unwrap_or("unnamed").to_string(),
            reason: what,
        };
        let entry = match (&b.builtin, &b.command) {
            (Some(spec), None) => {
                if b.dir.is_some()
                    || !b.files.is_empty()
                    || !b.env.is_empty()
                    || b.time_limit_ms.is_some()
                    || b.memory_mb.is_some()
                    || b.tmp_mb.is_some()
                    || b.processes.is_some()
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
                let set = |v: Option<u64>, field: &mut u64, key: &str| -> Result<(), EntryError> {
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
                set(b.tmp_mb, &mut lim.tmp_mb, "tmp_mb")?;
                set(b.processes, &mut lim.processes, "processes")?;
                let dir = match &b.dir {
                    Some(d) if d.is_absolute() => d.clone(),
                    Some(d) => base.join(d),
                    None => base.clone(),
                };
                // A folder given to a program is its own (the jail shows it); the bots file's
                // folder, where programs start by default, is not: it may hold other entries.
                let files = b
                    .dir
                    .as_ref()
                    .map(|_| dir.clone())
                    .into_iter()
                    .chain(b.files.iter().map(|f| dir.join(f)))
                    .collect();
                EntrySpec::Program(ProgramSpec {
                    name,
                    command,
                    dir: Some(dir),
                    env: b.env.clone(),
                    limits: lim,
                    max_faults: b.max_faults.unwrap_or(max_faults).max(1),
                    user: b.user.clone(),
                    files,
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
        return Err(EntryError::NoBots {
            path: path.to_path_buf(),
        });
    }
    Ok(entries)
}

/// A file-name-safe form of an entry's label.
pub fn file_stem(label: &str) -> String {
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

/// The limits a course's own tournament held each player to, where the course's texts say:
/// COMP30024's referee (Chexers) allowed each player 60 s of CPU time a game and set no limit
/// on one move, so a Chexers course bot gets a 60 s bank a game and any one answer may use all
/// of it (parlour's clock is wall time, which is never less than CPU time for one process).
/// `None` where no course text gave its limits (Uno, Comp10001-Go, Comp10001-Bo, Phased Out):
/// parlour's defaults hold there (1 s a decision, 60 s a game).
pub fn course_limits(game: &str) -> Option<Limits> {
    match game {
        "chexers" => Some(Limits {
            decision_ms: 60_000,
            bank_ms: 60_000,
            ..Limits::default()
        }),
        _ => None,
    }
}

/// The entries of a class tournament: each submission in `dir` (sorted by name) is a Python
/// file `NAME.py` or a package, a folder `NAME/` with an `__init__.py` (as COMP30024's
/// submissions were), run as the program `python3 -m parlour_bot.course GAME PATH` (the Python
/// kit's course adapters, which must be importable) and entered under `NAME`. Anything else in
/// the folder is passed over. A name that is not a valid entry name is refused, as is a folder
/// with no submissions.
pub fn course_bots(
    dir: &Path,
    game: &str,
    limits: Limits,
    max_faults: u32,
) -> Result<Vec<EntrySpec>, EntryError> {
    let bad = |reason: String| EntryError::CourseBots {
        dir: dir.to_path_buf(),
        reason,
    };
    let read = std::fs::read_dir(dir).map_err(|e| bad(e.to_string()))?;
    let mut found = Vec::new();
    for entry in read {
        let path = entry.map_err(|e| bad(e.to_string()))?.path();
        let module = path.is_file() && path.extension().is_some_and(|e| e == "py");
        let package = path.is_dir() && path.join("__init__.py").is_file();
        if module || package {
            found.push(path);
        }
    }
    if found.is_empty() {
        return Err(bad(
            "no submissions in it (Python files *.py, or packages: folders with an __init__.py)"
                .into(),
        ));
    }
    found.sort();
    let mut entries = Vec::with_capacity(found.len());
    for path in found {
        let path = std::fs::canonicalize(&path).map_err(|e| bad(e.to_string()))?;
        let stem = if path.is_dir() {
            path.file_name()
        } else {
            path.file_stem()
        }
        .and_then(|s| s.to_str())
        .unwrap_or_default()
        .to_string();
        let name = entry_name(&stem)
            .map_err(|_| bad(format!("{stem:?} cannot be an entry's name: rename it with letters, digits, '-', '_' or '.'")))?;
        entries.push(EntrySpec::Program(course_program(
            &path, game, &name, limits, max_faults,
        )?));
    }
    Ok(entries)
}

/// A submission written to a course's own Python interface (a file, or a package folder), as
/// the program `python3 -m parlour_bot.course GAME PATH` (the Python kit's course adapters)
/// entered under `name`, in the working directory.
pub fn course_program(
    path: &Path,
    game: &str,
    name: &str,
    limits: Limits,
    max_faults: u32,
) -> Result<ProgramSpec, EntryError> {
    let mut spec = program_from_cmd("python3", limits, max_faults)?;
    spec.command = vec![
        "python3".to_string(),
        "-m".to_string(),
        "parlour_bot.course".to_string(),
        game.to_string(),
        path.display().to_string(),
    ];
    spec.name = name.to_string();
    Ok(spec)
}

/// Numbers the programs entered more than once (`mine#1`, `mine#2`): each is an entry of its
/// own, with its own copies, log and faults, and the names key them.
pub fn number_programs(entries: &mut [EntrySpec]) {
    let before = entries.to_vec();
    for (i, e) in entries.iter_mut().enumerate() {
        if let EntrySpec::Program(p) = e {
            let same = |o: &EntrySpec| matches!(o, EntrySpec::Program(q) if q.name == p.name);
            if before.iter().filter(|o| same(o)).count() > 1 {
                let k = before[..=i].iter().filter(|o| same(o)).count();
                p.name = format!("{}#{k}", p.name);
            }
        }
    }
}
