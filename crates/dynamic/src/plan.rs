//! The one tournament planner: the entries, the game and the configuration that `parlour
//! tournament`'s arguments (or a driver's, as the Python package's Ray driver gives them) name,
//! checked as a run checks them. The command line, the shard driver and the Python package all
//! plan here, so the same arguments make the same tournament at every door.

use std::path::{Path, PathBuf};

use parlour_arena::schedule::ScheduleKind;
use parlour_arena::shard::Shard;
use parlour_arena::stats::EarlyStop;
use parlour_arena::{ArenaError, Tournament, TournamentConfig, MAX_GAMES};
use parlour_core::{BotError, BotSpec};
use parlour_games::options::{make_game, BadOptions};
use parlour_games::{GameVisitor, Playable};
use parlour_protocol::{EntryError, EntrySpec, LimitOverrides, Player};
use serde_json::Value;

use crate::error::DynError;

/// The entries a tournament names: `--bots`, `--bots-file` and `--course-bots`, in that order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entries {
    /// `--bots`: comma-separated entries, `cmd:"..."` programs among them.
    pub bots: Option<String>,
    /// `--bots-file`.
    pub bots_file: Option<PathBuf>,
    /// `--course-bots`: a folder of course-interface submissions.
    pub course_bots: Option<PathBuf>,
}

impl Entries {
    /// Whether any entry is named.
    pub fn given(&self) -> bool {
        self.bots.is_some() || self.bots_file.is_some() || self.course_bots.is_some()
    }

    /// The entries named, programs under `limits` (a course's own limits where it gave them,
    /// under the limits given), numbered when one is entered twice.
    pub fn read(&self, game: &str, limits: &LimitOverrides) -> Result<Vec<EntrySpec>, PlanError> {
        let (base, max_faults) = (limits.over(Default::default()), limits.max_faults());
        let mut entries = Vec::new();
        if let Some(text) = &self.bots {
            for item in parlour_protocol::split_entries(text).map_err(PlanError::Bots)? {
                entries.push(parlour_protocol::entry_from_text(&item, base, max_faults)?);
            }
        }
        if let Some(path) = &self.bots_file {
            entries.extend(parlour_protocol::read_bots_file(path, base, max_faults)?);
        }
        if let Some(dir) = &self.course_bots {
            let course = parlour_protocol::course_limits(game).unwrap_or_default();
            entries.extend(parlour_protocol::course_bots(
                dir,
                game,
                limits.over(course),
                max_faults,
            )?);
        }
        for e in &mut entries {
            if let EntrySpec::Program(p) = e {
                if p.user.is_none() {
                    p.user.clone_from(&limits.user);
                }
            }
        }
        parlour_protocol::number_programs(&mut entries);
        Ok(entries)
    }
}

/// A tournament as `parlour tournament`'s arguments name it (`None`: the command line's
/// default).
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// The game's options over its defaults (`players`, `variant`, ...), as `-o` gives them.
    pub options: Vec<(String, Value)>,
    /// The entries.
    pub entries: Entries,
    /// The limits given for programs (`--time-limit-ms`, ...).
    pub limits: LimitOverrides,
    /// `--games`.
    pub games: Option<u64>,
    /// `--seed` (default 1, or drawn at random when programs play, so they cannot guess it).
    pub seed: Option<u64>,
    /// `--duplicate` / `--no-duplicate`.
    pub duplicate: Option<bool>,
    /// `--schedule`.
    pub schedule: ScheduleKind,
    /// `--early-stop --alpha A`.
    pub early_stop: Option<f64>,
}

/// Why a plan makes no tournament.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlanError {
    /// Options that make no game.
    #[error(transparent)]
    Options(#[from] BadOptions),
    /// A `--bots` list that does not split into entries.
    #[error("--bots: {0}")]
    Bots(EntryError),
    /// An entry, bots file or course folder that cannot be read.
    #[error(transparent)]
    Entry(#[from] EntryError),
    /// A bot that cannot be made.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// Limits given with no program to apply them to.
    #[error(
        "the limit flags are for external bots; name one with --bots cmd:\"...\" or --bots-file"
    )]
    LimitsWithoutPrograms,
    /// A number of games out of range.
    #[error("--games must be from 1 to {MAX_GAMES}")]
    Games,
    /// An early stop's error rate out of range.
    #[error("--alpha must be between 0 and 0.5")]
    Alpha,
    /// A configuration the arena refuses (a table, a schedule).
    #[error(transparent)]
    Arena(#[from] ArenaError),
}

impl PlanError {
    /// Whether what was asked for is at fault (a usage error), rather than the machine.
    pub fn is_bad_input(&self) -> bool {
        match self {
            PlanError::Entry(e) => e.is_bad_input(),
            PlanError::Arena(e) => e.is_bad_input(),
            _ => true,
        }
    }
}

impl From<PlanError> for DynError {
    fn from(e: PlanError) -> DynError {
        match e {
            PlanError::Options(e) => DynError::Options(e.to_string()),
            e => DynError::Tournament(e.to_string()),
        }
    }
}

/// The command line's default entries: the game's own bots, then random bots to fill a table.
pub fn default_entries<G: Playable>(seats: usize) -> Vec<EntrySpec> {
    let mut v: Vec<BotSpec> = G::bots().iter().map(|b| BotSpec::named(b.name)).collect();
    if v.len() < seats || v.is_empty() {
        v.push(BotSpec::named("random"));
    }
    while v.len() < seats {
        v.push(BotSpec::named("random"));
    }
    v.into_iter().map(EntrySpec::Bot).collect()
}

/// A random stand-in for a program (what the arena needs to check entries before any program
/// is started), a built-in bot otherwise: [`Player::stand_in`].
pub fn stand_in<G: Playable>(entry: &EntrySpec, seed: u64) -> Result<Player<G>, BotError> {
    Player::stand_in(entry, seed)
}

/// The tournament `plan` names, for game `G`, checked as a run checks it (entries, table size,
/// schedule), its programs not yet started.
pub fn plan_for<G: Playable>(plan: &Plan) -> Result<Tournament<G>, PlanError> {
    let game = make_game::<G>(plan.options.iter().cloned())?.tournament_unit();
    let mut entries = plan.entries.read(G::INFO.name, &plan.limits)?;
    if !plan.entries.given() {
        if plan.limits.any() {
            return Err(PlanError::LimitsWithoutPrograms);
        }
        entries = default_entries::<G>(game.num_players());
    }
    for e in &entries {
        if let EntrySpec::Bot(spec) = e {
            // Checked now, so that a bad name is one clear line before anything starts.
            parlour_bots::make_bot_for::<G>(&game, spec, 0)?;
        }
    }
    let games = plan
        .games
        .unwrap_or_else(|| game.default_tournament_games());
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(PlanError::Games);
    }
    let programs = entries.iter().any(|e| matches!(e, EntrySpec::Program(_)));
    // A program that could guess the seed could compute the deals: with programs at the table
    // an unspecified seed is drawn from the system's randomness (and stored, so the tournament
    // still replays).
    let seed = plan
        .seed
        .unwrap_or_else(|| if programs { rand::random::<u64>() } else { 1 });
    let mut config = TournamentConfig::new(&game, entries, games, seed);
    if let Some(d) = plan.duplicate {
        config.duplicate = d;
    }
    config.schedule = plan.schedule;
    if let Some(alpha) = plan.early_stop {
        if !(alpha > 0.0 && alpha < 0.5) {
            return Err(PlanError::Alpha);
        }
        config.early_stop = Some(EarlyStop {
            alpha,
            ..EarlyStop::default()
        });
    }
    Ok(Tournament::new(game, config, &stand_in::<G>)?)
}

/// The tournament stored in `file` (its configuration and shard, as the store's header gives
/// them), checked as a run checks it, to be resumed; an error names the file.
pub fn stored_for<G: Playable>(
    file: &Path,
    config: TournamentConfig,
    shard: Option<Shard>,
) -> Result<Tournament<G>, String> {
    let name = file.display();
    let options: G::Options = serde_json::from_value(config.options.clone())
        .map_err(|e| format!("{name}: its {} options do not parse: {e}", G::INFO.name))?;
    let game = G::new(options).map_err(|e| format!("{name}: {e}"))?;
    let mut tournament =
        Tournament::new(game, config, &stand_in::<G>).map_err(|e| format!("{name}: {e}"))?;
    if let Some(shard) = shard {
        tournament
            .set_shard(shard)
            .map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(tournament)
}

/// The configuration `parlour tournament GAME ...` would play with these arguments.
pub fn plan(game: &str, plan: &Plan) -> Result<TournamentConfig, DynError> {
    struct Planned<'a>(&'a Plan);
    impl GameVisitor for Planned<'_> {
        type Output = Result<TournamentConfig, DynError>;
        fn visit<G: Playable>(self) -> Self::Output {
            Ok(plan_for::<G>(self.0)?.config().clone())
        }
    }
    parlour_games::with_game(game, Planned(plan))
        .map_err(|e| DynError::UnknownGame(e.to_string()))?
}

/// The programs a stored tournament would start, each as `name = command (in folder)`.
pub fn programs_of(config: &TournamentConfig) -> Vec<String> {
    config.entries.iter().filter_map(program_line).collect()
}

fn program_line(e: &EntrySpec) -> Option<String> {
    match e {
        EntrySpec::Program(p) => Some(format!(
            "{} = {}{}",
            p.name,
            parlour_protocol::shell_text(&p.command),
            p.dir
                .as_ref()
                .map_or_else(String::new, |d| format!(" (in {})", d.display()))
        )),
        EntrySpec::Bot(_) => None,
    }
}

/// Why a stored tournament may not start its programs on resuming.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Untrusted {
    /// The database names programs and none were named again.
    #[error(
        "{file} would start {count} program{s}: {listed}; resuming runs these commands, so check \
         them, then resume with --trust-programs (or name them again: the same --bots, \
         --bots-file or --course-bots)",
        count = listed.len(),
        s = if listed.len() == 1 { "" } else { "s" },
        listed = listed.join("; ")
    )]
    NotTrusted {
        /// The database.
        file: String,
        /// Its programs, as [`programs_of`] lists them.
        listed: Vec<String>,
    },
    /// The programs named again are not the database's.
    #[error(
        "the programs named are not the ones the database would start: it names {}; you named {}",
        shown(stored),
        shown(named)
    )]
    Different {
        /// The database's programs.
        stored: Vec<String>,
        /// The programs named.
        named: Vec<String>,
    },
}

fn shown(list: &[String]) -> String {
    if list.is_empty() {
        "none".to_string()
    } else {
        list.join("; ")
    }
}

/// Whether resuming the tournament stored in `file` (configuration `config`) may start its
/// programs: yes if it names none or `trusted`; else only if `named` are the same programs
/// (name, command, folder, environment, files and user, in order). A database can come from
/// anywhere, and resuming starts the commands it stores.
pub fn may_start_programs(
    file: &Path,
    config: &TournamentConfig,
    named: &[EntrySpec],
    trusted: bool,
) -> Result<(), Untrusted> {
    let identity = |e: &EntrySpec| match e {
        EntrySpec::Program(p) => Some((
            p.name.clone(),
            p.command.clone(),
            p.dir.clone(),
            p.env.clone(),
            p.files.clone(),
            p.user.clone(),
        )),
        EntrySpec::Bot(_) => None,
    };
    let stored = programs_of(config);
    if !named.is_empty() {
        let ours: Vec<_> = named.iter().filter_map(identity).collect();
        let theirs: Vec<_> = config.entries.iter().filter_map(identity).collect();
        return if ours == theirs {
            Ok(())
        } else {
            Err(Untrusted::Different {
                stored,
                named: named.iter().filter_map(program_line).collect(),
            })
        };
    }
    if trusted || stored.is_empty() {
        Ok(())
    } else {
        Err(Untrusted::NotTrusted {
            file: file.display().to_string(),
            listed: stored,
        })
    }
}

/// The directory for external bots' logs: `--bot-logs`, else beside the database
/// (`NAME.sqlite` → `NAME-logs/`), else `parlour-runs/bot-logs`.
pub fn logs_dir(given: Option<PathBuf>, db: Option<&Path>) -> PathBuf {
    given.unwrap_or_else(|| match db {
        Some(db) => {
            let stem = db
                .file_stem()
                .map_or_else(|| "tournament".into(), |s| s.to_string_lossy().into_owned());
            db.with_file_name(format!("{stem}-logs"))
        }
        None => PathBuf::from("parlour-runs").join("bot-logs"),
    })
}

/// `parlour-runs/GAME-YYYYMMDD-HHMMSS-seedN.sqlite`, numbered if that exists; without the seed
/// (`seed` is `None`) when programs play, which can list the directory.
pub fn default_db_path(game: &str, seed: Option<u64>, shard: Option<Shard>) -> PathBuf {
    let now = time::OffsetDateTime::now_utc();
    let stem = format!(
        "{game}-{:04}{:02}{:02}-{:02}{:02}{:02}{}{}",
        now.year(),
        u8::from(now.month()),
        now.day(),
        now.hour(),
        now.minute(),
        now.second(),
        seed.map_or_else(String::new, |s| format!("-seed{s}")),
        shard.map_or_else(String::new, |s| format!("-shard{}of{}", s.index, s.count))
    );
    let dir = PathBuf::from("parlour-runs");
    let mut path = dir.join(format!("{stem}.sqlite"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stem}-{n}.sqlite"));
        n += 1;
    }
    path
}
