//! `parlour tournament` and `parlour report`: run, resume and re-print tournaments.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, Table};
use parlour_arena::render::{self, RunInfo};
use parlour_arena::schedule::ScheduleKind;
use parlour_arena::shard::Shard;
use parlour_arena::stats::EarlyStop;
use parlour_arena::store::Store;
use parlour_arena::MAX_GAMES;
use parlour_arena::{
    summarize_stored, ArenaError, GameRecord, Stored, Summary, Tournament, TournamentConfig,
};
use parlour_core::{BotError, BotSpec};
use parlour_games::Playable;
use parlour_protocol::{EntrySpec, Mode, Player, Programs};
use serde_json::{json, Value};

use crate::args::{Format, ScheduleArg, StandingsFormat};
use crate::common::{
    arena_failure, failed, game_options, jobs_arg, parse_number, store_failure, usage, with_game,
    Failure, GameCommand, LimitFlags,
};
use crate::external::{entry_from_text, read_bots_file, split_entries};
use crate::progress::Reporter;

/// Where games are recorded.
#[derive(Debug)]
pub enum DbChoice {
    /// Nowhere (`--no-db`).
    None,
    /// A new file under `parlour-runs/`.
    Default,
    /// This new file.
    File(PathBuf),
}

pub struct TournamentCmd {
    pub bots: Option<String>,
    pub bots_file: Option<PathBuf>,
    pub course_bots: Option<PathBuf>,
    pub limits: LimitFlags,
    pub bot_logs: Option<PathBuf>,
    /// Serve the run's page at this address.
    pub serve: Option<std::net::SocketAddr>,
    pub games: Option<String>,
    pub players: Option<String>,
    /// `None`: 1, or a random seed when programs play (so they cannot guess it).
    pub seed: Option<u64>,
    pub jobs: Option<String>,
    pub format: StandingsFormat,
    pub options: Vec<String>,
    pub db: DbChoice,
    pub duplicate: Option<bool>,
    pub schedule: ScheduleArg,
    /// The early stop's alpha, as typed.
    pub early_stop: Option<String>,
    /// `--shard I/N`, as typed.
    pub shard: Option<String>,
}

/// Makes a built-in bot; a program is refused (places that start programs use
/// [`Programs::player`]).
fn make_bot<G: Playable>(entry: &EntrySpec, seed: u64) -> Result<Player<G>, BotError> {
    Player::built_in(entry, seed)
}

/// Makes a built-in bot, and a random stand-in for a program: what `Tournament::new` needs to
/// check the entries before any program is started.
fn stand_in<G: Playable>(entry: &EntrySpec, seed: u64) -> Result<Player<G>, BotError> {
    match entry {
        EntrySpec::Program(_) => Ok(Player::BuiltIn(Box::new(parlour_bots::RandomBot::new(
            seed,
        )))),
        e => make_bot::<G>(e, seed),
    }
}

/// The default entries: the game's own bots, then random bots until a table is full.
fn default_entries<G: Playable>(seats: usize) -> Vec<EntrySpec> {
    let mut v: Vec<BotSpec> = G::bots().iter().map(|b| BotSpec::named(b.name)).collect();
    if v.len() < seats || v.is_empty() {
        v.push(BotSpec::named("random"));
    }
    while v.len() < seats {
        v.push(BotSpec::named("random"));
    }
    v.into_iter().map(EntrySpec::Bot).collect()
}

/// The entries `--bots`, `--bots-file` and `--course-bots` name (in that order), or the default
/// entries.
fn entries_arg<G: Playable>(
    game: &G,
    bots: Option<&str>,
    bots_file: Option<&Path>,
    course_bots: Option<&Path>,
    limits: &LimitFlags,
    seats: usize,
) -> Result<Vec<EntrySpec>, Failure> {
    let (lim, max_faults) = limits.resolve()?;
    let mut entries = Vec::new();
    if let Some(text) = bots {
        for item in split_entries(text)? {
            entries.push(entry_from_text(&item, lim, max_faults)?);
        }
    }
    if let Some(path) = bots_file {
        entries.extend(read_bots_file(path, lim, max_faults)?);
    }
    if let Some(dir) = course_bots {
        // The course's own limits where it gave them, under the flags given.
        let base = parlour_protocol::course_limits(G::INFO.name).unwrap_or_default();
        let (lim, _) = limits.resolve_over(base)?;
        entries.extend(
            parlour_protocol::course_bots(dir, G::INFO.name, lim, max_faults)
                .map_err(crate::common::entry_failure)?,
        );
    }
    for e in &mut entries {
        if let EntrySpec::Program(p) = e {
            if p.user.is_none() {
                p.user.clone_from(&limits.bot_user);
            }
        }
    }
    parlour_protocol::number_programs(&mut entries);
    if bots.is_none() && bots_file.is_none() && course_bots.is_none() {
        if limits.any() {
            return Err(usage("the limit flags are for external bots; name one with --bots cmd:\"...\" or --bots-file"));
        }
        return Ok(default_entries::<G>(seats));
    }
    for e in &entries {
        if let EntrySpec::Bot(spec) = e {
            // Checked now, so that a bad name is one clear line before anything starts.
            parlour_bots::make_bot_for::<G>(game, spec, 0).map_err(|e| usage(e.to_string()))?;
        }
    }
    Ok(entries)
}

/// The directory for external bots' logs: `--bot-logs`, else beside the database
/// (`NAME.sqlite` → `NAME-logs/`), else `parlour-runs/bot-logs`.
fn logs_dir(given: Option<PathBuf>, db: Option<&Path>) -> PathBuf {
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
fn default_db_path(game: &str, seed: Option<u64>, shard: Option<Shard>) -> PathBuf {
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

impl GameCommand for TournamentCmd {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let games: Option<u64> = match &self.games {
            Some(g) => Some(parse_number("--games", g)?),
            None => None,
        };
        if games.is_some_and(|g| !(1..=MAX_GAMES).contains(&g)) {
            return Err(usage(format!("--games must be from 1 to {MAX_GAMES}")));
        }
        let jobs = jobs_arg(self.jobs.as_deref())?;
        let mut extra = Vec::new();
        if let Some(p) = &self.players {
            extra.push((
                "players",
                Value::from(parse_number::<usize>("--players", p)?),
            ));
        }
        let game = game_options::<G>(&self.options, &extra)?.tournament_unit();
        let entries = entries_arg::<G>(
            &game,
            self.bots.as_deref(),
            self.bots_file.as_deref(),
            self.course_bots.as_deref(),
            &self.limits,
            game.num_players(),
        )?;
        // A program is not warned about: one that answers in time replays exactly when it
        // draws its randomness from the seed it is given (docs/protocol.md).
        let clocked = entries.iter().filter_map(|e| match e {
            EntrySpec::Bot(s) if parlour_bots::uses_clock::<G>(s) => Some(s.to_string()),
            _ => None,
        });
        for spec in clocked {
            errln!(
                "parlour: warning: {spec} plays by the clock, so this tournament's results will \
                 not replay exactly (for any --jobs or on --resume)"
            );
        }
        let games = games.unwrap_or_else(|| game.default_tournament_games());
        let has_programs = entries.iter().any(|e| matches!(e, EntrySpec::Program(_)));
        let seed = match self.seed {
            Some(seed) => seed,
            // A program that could guess the seed could compute the deals: with programs at
            // the table an unspecified seed is drawn from the system's randomness (and printed
            // and stored, so the tournament still replays).
            None if has_programs => rand::random::<u64>(),
            None => 1,
        };
        let mut config = TournamentConfig::new(&game, entries, games, seed);
        if let Some(d) = self.duplicate {
            config.duplicate = d;
        }
        config.schedule = match self.schedule {
            ScheduleArg::Auto => ScheduleKind::Auto,
            ScheduleArg::RoundRobin => ScheduleKind::RoundRobin,
            ScheduleArg::Random => ScheduleKind::Random,
        };
        if let Some(alpha) = &self.early_stop {
            let alpha: f64 = parse_number("--alpha", alpha)?;
            if !(alpha > 0.0 && alpha < 0.5) {
                return Err(usage("--alpha must be between 0 and 0.5"));
            }
            config.early_stop = Some(EarlyStop {
                alpha,
                ..EarlyStop::default()
            });
        }
        let mut tournament =
            Tournament::new(game, config, &stand_in::<G>).map_err(arena_failure)?;
        let shard = match &self.shard {
            Some(text) => {
                let shard: Shard = text.parse().map_err(|e| usage(format!("--shard: {e}")))?;
                tournament
                    .set_shard(shard)
                    .map_err(|e| usage(format!("--shard: {e}")))?;
                Some(shard)
            }
            None => None,
        };
        let db_path = match self.db {
            DbChoice::None => None,
            DbChoice::File(path) => Some(path),
            DbChoice::Default => {
                let path = default_db_path(G::INFO.name, (!has_programs).then_some(seed), shard);
                if let Some(dir) = path.parent() {
                    std::fs::create_dir_all(dir)
                        .map_err(|e| usage(format!("cannot create {}: {e}", dir.display())))?;
                }
                Some(path)
            }
        };
        // Every program starts and greets before the database is created: one that cannot is
        // refused with no database left behind (only its log, which the message names).
        let programs = start_programs(
            &tournament,
            logs_dir(self.bot_logs, db_path.as_deref()),
            None,
        )?;
        if has_programs && self.seed.is_none() {
            // Said once the programs have started, so a refusal stays one line.
            errln!("parlour: programs play, so the seed is drawn at random: {seed}");
        }
        let store = db_path
            .map(|path| Store::create_shard(&path, tournament.config(), shard))
            .transpose()
            .map_err(store_failure)?;
        let stored = tournament.stored();
        let serve = self.serve.map(|address| (address, Vec::new()));
        execute(
            tournament,
            store,
            stored,
            jobs,
            self.format,
            &programs,
            serve,
        )
    }
}

/// `parlour tournament --resume FILE`: the file is read and checked (configuration, bots,
/// every stored game's seating) before it is opened for writing, so a file that is refused is
/// left exactly as it was.
pub fn resume(
    file: &Path,
    jobs: Option<&str>,
    format: StandingsFormat,
    bot_logs: Option<PathBuf>,
    serve: Option<std::net::SocketAddr>,
    trust_programs: bool,
    named: Named,
) -> Result<(), Failure> {
    let jobs = jobs_arg(jobs)?;
    let (config, shard) = Store::read_header(file).map_err(store_failure)?;
    if named.given() {
        named.check(&config)?;
    } else if !trust_programs {
        refuse_untrusted_programs(file, &config)?;
    }
    let game = config.game.clone();
    with_game(
        &game,
        ResumeCmd {
            file: file.to_path_buf(),
            config,
            shard,
            jobs,
            format,
            bot_logs,
            serve,
        },
    )
}

/// The entries named again on `--resume` (`--bots`, `--bots-file`, `--course-bots`): the
/// database's programs start only if these are the same programs.
pub struct Named {
    pub bots: Option<String>,
    pub bots_file: Option<PathBuf>,
    pub course_bots: Option<PathBuf>,
}

impl Named {
    fn given(&self) -> bool {
        self.bots.is_some() || self.bots_file.is_some() || self.course_bots.is_some()
    }

    /// Accepts the database's programs if the named ones are the same (name, command, folder,
    /// environment, files and user, in order); else says which differ.
    fn check(&self, config: &TournamentConfig) -> Result<(), Failure> {
        let (lim, max_faults) = LimitFlags::default().resolve()?;
        let mut entries = Vec::new();
        if let Some(text) = &self.bots {
            for item in split_entries(text)? {
                entries.push(entry_from_text(&item, lim, max_faults)?);
            }
        }
        if let Some(path) = &self.bots_file {
            entries.extend(read_bots_file(path, lim, max_faults)?);
        }
        if let Some(dir) = &self.course_bots {
            entries.extend(
                parlour_protocol::course_bots(dir, &config.game, lim, max_faults)
                    .map_err(crate::common::entry_failure)?,
            );
        }
        parlour_protocol::number_programs(&mut entries);
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
        let named: Vec<_> = entries.iter().filter_map(identity).collect();
        let stored: Vec<_> = config.entries.iter().filter_map(identity).collect();
        if named == stored {
            return Ok(());
        }
        let show = |list: &[(String, Vec<String>, Option<PathBuf>, _, _, _)]| {
            list.iter()
                .map(|(name, command, dir, ..)| {
                    format!(
                        "{name} = {}{}",
                        parlour_protocol::shell_text(command),
                        dir.as_ref()
                            .map_or_else(String::new, |d| format!(" (in {})", d.display()))
                    )
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        Err(usage(format!(
            "the programs named are not the ones the database would start: it names {}; you named {}",
            if stored.is_empty() { "none".to_string() } else { show(&stored) },
            if named.is_empty() { "none".to_string() } else { show(&named) },
        )))
    }
}

/// Refuses to resume `file` when its tournament names programs: a database can come from
/// anywhere, and resuming starts the commands it stores. The error lists each (name, command,
/// folder) so the organiser can check them, then pass `--trust-programs`.
fn refuse_untrusted_programs(file: &Path, config: &TournamentConfig) -> Result<(), Failure> {
    let listed: Vec<String> = config
        .entries
        .iter()
        .filter_map(|e| match e {
            EntrySpec::Program(p) => Some(format!(
                "{} = {}{}",
                p.name,
                parlour_protocol::shell_text(&p.command),
                p.dir
                    .as_ref()
                    .map_or_else(String::new, |d| format!(" (in {})", d.display()))
            )),
            EntrySpec::Bot(_) => None,
        })
        .collect();
    if listed.is_empty() {
        return Ok(());
    }
    Err(usage(format!(
        "{} would start {} program{}: {}; resuming runs these commands, so check them, then \
         resume with --trust-programs (or name them again: the same --bots, --bots-file or \
         --course-bots)",
        file.display(),
        listed.len(),
        if listed.len() == 1 { "" } else { "s" },
        listed.join("; ")
    )))
}

struct ResumeCmd {
    file: PathBuf,
    config: TournamentConfig,
    shard: Option<Shard>,
    jobs: usize,
    format: StandingsFormat,
    bot_logs: Option<PathBuf>,
    serve: Option<std::net::SocketAddr>,
}

impl GameCommand for ResumeCmd {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let file = self.file.display().to_string();
        let options: G::Options =
            serde_json::from_value(self.config.options.clone()).map_err(|e| {
                usage(format!(
                    "{file}: its {} options do not parse: {e}",
                    G::INFO.name
                ))
            })?;
        let game = G::new(options).map_err(|e| usage(format!("{file}: {e}")))?;
        let mut tournament = Tournament::new(game, self.config, &stand_in::<G>)
            .map_err(|e| usage(format!("{file}: {e}")))?;
        if let Some(shard) = self.shard {
            tournament
                .set_shard(shard)
                .map_err(|e| usage(format!("{file}: {e}")))?;
        }
        // The stored games are read one by one (a tournament of any length fits in memory),
        // each checked against this tournament; their faults carry over (and with them a
        // forfeit), as if the run had not stopped.
        // The page of a served run shows the games recorded before too.
        let mut recorded = Vec::new();
        let (stored, history) = tournament
            .load_stored(&self.file, &mut |r| {
                if self.serve.is_some() {
                    recorded.push(r.clone());
                }
            })
            .map_err(|e| match e {
                ArenaError::Store(e) => store_failure(e),
                e => usage(format!("{file}: {e}")),
            })?;
        let programs = start_programs(
            &tournament,
            logs_dir(self.bot_logs, Some(&self.file)),
            Some(&history),
        )?;
        let store = Store::reopen(&self.file, tournament.config(), stored.count() as usize)
            .map_err(store_failure)?;
        execute(
            tournament,
            Some(store),
            stored,
            self.jobs,
            self.format,
            &programs,
            self.serve.map(|address| (address, recorded)),
        )
    }
}

/// Starts and greets the tournament's programs (none if it has none), logging to `logs`.
fn start_programs<G: Playable>(
    tournament: &Tournament<G>,
    logs: PathBuf,
    history: Option<&[u64]>,
) -> Result<Programs, Failure> {
    let config = tournament.config();
    if !config
        .entries
        .iter()
        .any(|e| matches!(e, EntrySpec::Program(_)))
    {
        return Ok(Programs::none());
    }
    crate::external::start_programs(
        tournament.game(),
        &config.entries,
        &config.labels,
        &logs,
        Mode::Tournament,
        history,
    )
}

fn execute<G: Playable>(
    mut tournament: Tournament<G>,
    mut store: Option<Store>,
    done: Stored,
    jobs: usize,
    format: StandingsFormat,
    programs: &Programs,
    serve: Option<(std::net::SocketAddr, Vec<GameRecord>)>,
) -> Result<(), Failure> {
    // Ctrl-C (SIGINT), SIGTERM and SIGHUP stop starting games; those in play finish and are
    // recorded, and the run can be resumed. A second signal quits at once (the recorded games
    // are safe either way: each batch is committed as it arrives).
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = interrupt.clone();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
        errln!(
            "\nparlour: stopping after the games in play (Ctrl-C or SIGTERM again to quit at once)"
        );
    });
    tournament.set_interrupt(interrupt.clone());
    let live = match serve {
        Some((address, recorded)) => Some(serve_run(address, tournament.config(), recorded)?),
        None => None,
    };
    let tournament = &tournament;
    let config = tournament.config();
    let db = store.as_ref().map(|s| s.path().to_path_buf());
    if let Some(path) = &db {
        errln!(
            "parlour: recording games in {} ({} already recorded)",
            path.display(),
            done.count()
        );
    }
    let range = tournament.range();
    let mut reporter = Reporter::new(range.end - range.start, store.is_some());
    let start = Instant::now();
    let result = tournament.run_stored(
        jobs,
        done,
        &|e, seed| programs.player::<G>(e, seed),
        &mut |batch| {
            if let Some(live) = &live {
                live.push(batch);
            }
            match store.as_mut() {
                Some(s) => s.record(batch),
                None => Ok(()),
            }
        },
        &mut |p| reporter.update(p),
    );
    reporter.finish();
    let result = result.map_err(|e| {
        if let ArenaError::Interrupted { recorded, total } = e {
            return Failure {
                code: 130,
                message: match &db {
                    Some(p) => format!(
                        "interrupted: {recorded} of {total} games are recorded in {}; continue \
                         with: parlour tournament --resume {}",
                        p.display(),
                        p.display()
                    ),
                    None => format!(
                        "interrupted after {recorded} of {total} games; nothing was recorded \
                         (--no-db)"
                    ),
                },
            };
        }
        let resumable = matches!(
            e,
            ArenaError::Store(_) | ArenaError::Play { .. } | ArenaError::Panicked { .. }
        );
        let kept = match &db {
            Some(p) if resumable => format!(
                " (the games finished so far are kept in {}; continue with --resume)",
                p.display()
            ),
            _ => String::new(),
        };
        let mut f = arena_failure(e);
        f.message.push_str(&kept);
        f
    })?;
    let secs = start.elapsed().as_secs_f64();
    programs.shutdown();
    // The database must still be the file this run wrote: a program that could reach it may
    // have deleted or replaced it, and then its results are saved elsewhere and said loudly.
    let verified = store.as_mut().map_or(Ok(()), Store::verify);
    for (label, path) in programs.logs() {
        errln!("parlour: {label}'s standard error is in {}", path.display());
    }
    let run = RunInfo {
        seconds: secs,
        jobs,
        played: result.played,
        db,
        schedule: tournament.schedule().kind,
    };
    print_summary(config, &result.summary, Some(&run), format)?;
    verified.map_err(|e| failed(format!("THE RESULTS FILE WAS TAMPERED WITH: {e}")))?;
    if let (Some(shard), Some(path)) = (tournament.shard(), &run.db) {
        errln!(
            "parlour: shard {shard} (games {} to {}) is {} in {}; join all {} shards with: \
             parlour merge OUT.sqlite SHARD-FILES...",
            range.start,
            range.end - 1,
            if result.summary.complete {
                "complete"
            } else {
                "incomplete"
            },
            path.display(),
            shard.count
        );
    }
    if let Some(live) = live {
        live.finish();
        errln!("parlour: the run is over; its page stays up until Ctrl-C");
        while !interrupt.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    Ok(())
}

/// Serves the run's page at `address` from a thread of its own: the standings as games are
/// recorded (and those `recorded` before, for a resumed run). `Err` if it cannot listen there.
fn serve_run(
    address: std::net::SocketAddr,
    config: &TournamentConfig,
    recorded: Vec<GameRecord>,
) -> Result<Arc<parlour_web::LiveTournament>, Failure> {
    let live = Arc::new(parlour_web::LiveTournament::new(config.clone(), recorded));
    // Its seed is a secret until it ends: the page names the game only.
    let name = format!("{} tournament", config.game);
    let (ready, listening) = std::sync::mpsc::channel();
    let shown = live.clone();
    let on_error = ready.clone();
    std::thread::spawn(move || {
        let hub = parlour_web::Hub::new(Duration::from_secs(120));
        let result = parlour_web::run(
            address,
            move || {
                hub.watch(parlour_web::Watched::live(name, shown));
                hub
            },
            |bound| {
                let _ = ready.send(Ok(bound));
            },
        );
        if let Err(e) = result {
            let _ = on_error.send(Err(e.to_string()));
        }
    });
    match listening.recv() {
        Ok(Ok(bound)) => {
            errln!("parlour: watch the tournament at http://{bound}/#/tournament/w1");
            Ok(live)
        }
        Ok(Err(e)) => Err(failed(format!("cannot serve on {address}: {e}"))),
        Err(_) => Err(failed(format!("cannot serve on {address}"))),
    }
}

fn print_summary(
    config: &TournamentConfig,
    summary: &Summary,
    run: Option<&RunInfo>,
    format: StandingsFormat,
) -> Result<(), Failure> {
    match format {
        StandingsFormat::Json => outln!("{}", render::json(config, summary, run)),
        StandingsFormat::Csv => {
            // A reader that went away (`| head`) ends parlour quietly, as for every other
            // output.
            render::csv(&summary.standings, std::io::stdout()).map_err(|e| match e.into_kind() {
                csv::ErrorKind::Io(e) => crate::output::gone(e),
                kind => failed(format!("writing CSV: {kind:?}")),
            })?
        }
        StandingsFormat::Table => {
            let meaning = parlour_games::info(&config.game)
                .map_or("the game's return", |info| info.score.meaning);
            crate::output::out(format_args!(
                "{}",
                render::text(config, summary, run, meaning)
            ));
        }
    }
    Ok(())
}

/// Whether writing `out` would destroy the database `db` or its journal files (the same file by
/// any name, hard links included, or its `-wal`, `-shm` or `-journal` file).
fn writes_over(out: &Path, db: &Path) -> bool {
    let journals = ["", "-wal", "-shm", "-journal"];
    let names = journals
        .iter()
        .map(|s| PathBuf::from(format!("{}{s}", db.display())));
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let Ok(o) = std::fs::metadata(out) {
            let same = |p: &Path| {
                std::fs::metadata(p).is_ok_and(|m| m.dev() == o.dev() && m.ino() == o.ino())
            };
            if names.clone().any(|n| same(&n)) {
                return true;
            }
        }
    }
    // A journal file that does not exist yet may appear later: refuse its name too.
    let canon = |p: &Path| {
        let dir = p
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::canonicalize(dir)
            .ok()
            .map(|d| d.join(p.file_name().unwrap_or_default()))
    };
    let out = canon(out);
    out.is_some() && names.map(|n| canon(&n)).any(|n| n == out)
}

/// `parlour merge OUT SHARD...`: the files merged are listed on standard error, the merged
/// standings printed as `parlour report` prints them.
pub fn merge(
    out: &Path,
    shards: &[PathBuf],
    partial: bool,
    format: StandingsFormat,
) -> Result<(), Failure> {
    let report = parlour_arena::merge::merge(out, shards, partial).map_err(|e| {
        if e.is_bad_input() {
            usage(e.to_string())
        } else {
            failed(e.to_string())
        }
    })?;
    for f in &report.files {
        errln!(
            "parlour: {}: shard {}, {} games ({} new)",
            f.path.display(),
            f.shard,
            f.games,
            f.new
        );
    }
    let gaps = report.gaps();
    errln!(
        "parlour: merged {} games of the {} tournament (configuration {}…) into {}{}{}",
        report.games,
        report.config.game,
        &report.hash[..12],
        out.display(),
        if report.repeated > 0 {
            format!("; {} games given twice were counted once", report.repeated)
        } else {
            String::new()
        },
        if gaps.is_empty() {
            String::new()
        } else {
            format!(
                "; INCOMPLETE: {gaps} (play the rest with parlour tournament --resume {})",
                out.display()
            )
        }
    );
    print_summary(&report.config, &report.summary, None, format)
}

/// `parlour report FILE`.
pub fn report(file: &Path, format: StandingsFormat, svg: Option<&Path>) -> Result<(), Failure> {
    let (config, summary) = summarize_stored(file).map_err(store_failure)?;
    if let Some(path) = svg {
        if writes_over(path, file) {
            return Err(usage(format!(
                "--svg {} would overwrite the database itself",
                path.display()
            )));
        }
        let title = format!(
            "{} tournament, seed {}: {} games",
            config.game, config.seed, summary.counted
        );
        std::fs::write(
            path,
            parlour_arena::svg::ratings_svg(&title, &summary.standings),
        )
        .map_err(|e| usage(format!("cannot write the chart to {}: {e}", path.display())))?;
    }
    print_summary(&config, &summary, None, format)?;
    if let (Some(path), StandingsFormat::Table) = (svg, format) {
        outln!("ratings chart written to {}", path.display());
    }
    Ok(())
}

/// `parlour bench GAME --tournament`: games/s on 1 and 2 cores, with and without a database.
pub struct BenchTournament {
    pub games: String,
    pub repeat: String,
    pub bots: Option<String>,
    pub seed: u64,
    pub format: Format,
    pub options: Vec<String>,
}

impl GameCommand for BenchTournament {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let games: u64 = parse_number("--games", &self.games)?;
        if !(1..=MAX_GAMES).contains(&games) {
            return Err(usage(format!("--games must be from 1 to {MAX_GAMES}")));
        }
        let repeat: usize = parse_number("--repeat", &self.repeat)?;
        if !(1..=100).contains(&repeat) {
            return Err(usage("--repeat must be from 1 to 100"));
        }
        let game = game_options::<G>(&self.options, &[])?.tournament_unit();
        let entries = entries_arg::<G>(
            &game,
            self.bots.as_deref(),
            None,
            None,
            &LimitFlags::default(),
            game.num_players(),
        )?;
        if entries.iter().any(|e| matches!(e, EntrySpec::Program(_))) {
            return Err(usage(
                "bench --tournament measures built-in bots; use bench --external for a program",
            ));
        }
        let config = TournamentConfig::new(&game, entries, games, self.seed);
        let t = Tournament::new(game, config, &make_bot::<G>).map_err(arena_failure)?;
        // Removed with everything in it however this ends.
        let dir = tempfile::Builder::new()
            .prefix("parlour-bench-")
            .tempdir()
            .map_err(|e| failed(format!("cannot create a temporary directory: {e}")))?;
        let times = parlour_arena::bench::time_tournament(&t, &make_bot::<G>, repeat, dir.path())
            .map_err(arena_failure)?;
        let held_to_cores = times.held_to_cores;
        let (best, median) = times.rates();
        let scaling = [best[1] / best[0], median[1] / median[0]];
        let overhead = |r: &[f64]| [1.0 - r[2] / r[0], 1.0 - r[3] / r[1]];
        let (over_best, over_median) = (overhead(&best), overhead(&median));
        // Median processor time per game, in microseconds, and what recording adds to it.
        let cpu_us = times.cpu_us_per_game();
        let cpu_overhead = [cpu_us[2] / cpu_us[0] - 1.0, cpu_us[3] / cpu_us[1] - 1.0];
        let entries = t.config().labels.join(",");
        match self.format {
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
                    self.seed
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
}

/// What starting and asking a program cost under one containment.
struct JailCost {
    startup_ms: f64,
    round_trip_us: f64,
    max_ms: f64,
    decisions: u64,
    faults: usize,
}

impl JailCost {
    /// Adds another measurement of as many starts and decisions (the means stay means).
    fn add(&mut self, other: &JailCost) {
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
fn jail_cost<G: Playable>(
    game: &G,
    program: &parlour_protocol::ProgramSpec,
    logs: &Path,
    decisions: u64,
    starts: u32,
    seed: u64,
) -> Result<JailCost, Failure> {
    let log = parlour_protocol::process::Log::open(&logs.join("check.log"))
        .map_err(|e| failed(e.to_string()))?;
    let mut startup = Duration::ZERO;
    for _ in 0..starts {
        let began = Instant::now();
        let pool = parlour_protocol::Pool::new(
            game,
            program.clone(),
            Some(log.clone()),
            Mode::Check { budget: 1 },
        )
        .map_err(|e| failed(e.to_string()))?;
        pool.preflight()
            .map_err(|why| usage(format!("{} cannot play: {why}", program.name)))?;
        startup += began.elapsed();
        pool.shutdown();
    }
    let pool = parlour_protocol::Pool::new(
        game,
        program.clone(),
        Some(log),
        Mode::Check { budget: decisions },
    )
    .map_err(|e| failed(e.to_string()))?;
    pool.preflight()
        .map_err(|why| usage(format!("{} cannot play: {why}", program.name)))?;
    let check = parlour_protocol::check_program(
        game,
        &pool,
        parlour_protocol::CheckMode::Positions { budget: decisions },
        &|seed| Box::new(parlour_bots::RandomBot::new(seed)),
        u64::MAX,
        seed,
        &mut |_| {},
    )
    .map_err(failed)?;
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

/// `parlour bench GAME --external COMMAND`: the protocol's cost with a real program, jailed
/// and unjailed.
pub struct BenchExternal {
    pub command: String,
    pub games: String,
    pub seed: u64,
    pub format: Format,
    pub options: Vec<String>,
}

impl GameCommand for BenchExternal {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let games: u64 = parse_number("--games", &self.games)?;
        if !(1..=MAX_GAMES).contains(&games) {
            return Err(usage(format!("--games must be from 1 to {MAX_GAMES}")));
        }
        let game = game_options::<G>(&self.options, &[])?.tournament_unit();
        let (limits, max_faults) = LimitFlags::default().resolve()?;
        let program = crate::external::program_from_cmd(&self.command, limits, max_faults)?;
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
                    parlour_core::rng::derive_seed(self.seed, round),
                );
                parlour_protocol::process::measure_uncontained(false);
                let measured = measured?;
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
            let config = TournamentConfig::new(&game, entries, games, self.seed);
            let t = Tournament::new(game.clone(), config, &stand_in::<G>).map_err(arena_failure)?;
            let programs = crate::external::start_programs(
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
                )
                .map_err(arena_failure)?;
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
        match self.format {
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
}
