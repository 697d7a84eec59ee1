//! `parlour tournament` and `parlour report`: run, resume and re-print tournaments.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use parlour_arena::render::{self, RunInfo};
use parlour_arena::shard::Shard;
use parlour_arena::store::Store;
use parlour_arena::{
    summarize_stored, ArenaError, GameRecord, Stored, Summary, Tournament, TournamentConfig,
};
use parlour_dynamic::plan::{may_start_programs, plan_for, Entries, Plan};
use parlour_games::Playable;
use parlour_protocol::{EntrySpec, LimitOverrides, Mode, Programs};
use serde_json::Value;

use crate::args::{MergeArgs, ReportArgs, StandingsFormat, TournamentArgs};
use crate::common::{failed, usage, with_game, Failure, GameCommand};
use crate::progress::Reporter;

/// `parlour tournament`: a new tournament, or `--resume FILE`.
pub fn tournament(args: TournamentArgs) -> Result<(), Failure> {
    match args.resume.clone() {
        Some(file) => resume(&file, args),
        None => with_game(&args.game.clone().unwrap_or_default(), args),
    }
}

impl TournamentArgs {
    fn entries(&self) -> Entries {
        Entries {
            bots: self.bots.clone(),
            bots_file: self.bots_file.clone(),
            course_bots: self.course_bots.clone(),
        }
    }
}

impl From<&TournamentArgs> for Plan {
    fn from(a: &TournamentArgs) -> Plan {
        let mut options = a.rules.pairs();
        options.extend(a.players.map(|n| ("players".to_string(), Value::from(n))));
        Plan {
            options,
            entries: a.entries(),
            limits: a.limits.clone().into(),
            games: a.games,
            seed: a.seed,
            duplicate: (a.duplicate || a.no_duplicate).then_some(a.duplicate),
            schedule: a.schedule.into(),
            early_stop: a.early_stop.then_some(a.alpha),
        }
    }
}

impl GameCommand for TournamentArgs {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let mut tournament = plan_for::<G>(&Plan::from(&self))?;
        let config = tournament.config();
        // A program is not warned about: one that answers in time replays exactly when it
        // draws its randomness from the seed it is given (docs/protocol.md).
        for e in &config.entries {
            if let EntrySpec::Bot(s) = e {
                if parlour_bots::uses_clock::<G>(s) {
                    errln!(
                        "parlour: warning: {s} plays by the clock, so this tournament's results \
                         will not replay exactly (for any --jobs or on --resume)"
                    );
                }
            }
        }
        let has_programs = config.has_programs();
        let seed = config.seed;
        if let Some(shard) = self.shard {
            tournament
                .set_shard(shard)
                .map_err(|e| usage(format!("--shard: {e}")))?;
        }
        let db_path = if self.no_db {
            None
        } else if let Some(path) = self.db {
            Some(path)
        } else {
            let path = parlour_dynamic::plan::default_db_path(
                G::INFO.name,
                (!has_programs).then_some(seed),
                self.shard,
            );
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)
                    .map_err(|e| usage(format!("cannot create {}: {e}", dir.display())))?;
            }
            Some(path)
        };
        // Every program starts and greets before the database is created: one that cannot is
        // refused with no database left behind (only its log, which the message names).
        let programs = start_programs(
            &tournament,
            parlour_dynamic::plan::logs_dir(self.bot_logs, db_path.as_deref()),
            None,
        )?;
        if has_programs && self.seed.is_none() {
            // Said once the programs have started, so a refusal stays one line.
            errln!("parlour: programs play, so the seed is drawn at random: {seed}");
        }
        let store = db_path
            .map(|path| Store::create_shard(&path, tournament.config(), self.shard))
            .transpose()?;
        let stored = tournament.stored();
        let serve = self.serve.map(|address| (address, Vec::new()));
        execute(
            tournament,
            store,
            stored,
            self.jobs.get(),
            self.format,
            &programs,
            serve,
        )
    }
}

/// `parlour tournament --resume FILE`: the file is read and checked (configuration, bots,
/// every stored game's seating) before it is opened for writing, so a file that is refused is
/// left exactly as it was.
fn resume(file: &Path, args: TournamentArgs) -> Result<(), Failure> {
    if LimitOverrides::from(args.limits.clone()).any() {
        return Err(usage(
            "a resumed tournament keeps the limits it was started with; drop the limit flags",
        ));
    }
    let (config, shard) = Store::read_header(file)?;
    let entries = args.entries();
    let named = if entries.given() {
        entries.read(&config.game, &LimitOverrides::default())?
    } else {
        Vec::new()
    };
    may_start_programs(file, &config, &named, args.trust_programs)?;
    let game = config.game.clone();
    with_game(
        &game,
        ResumeCmd {
            file: file.to_path_buf(),
            config,
            shard,
            jobs: args.jobs.get(),
            format: args.format,
            bot_logs: args.bot_logs,
            serve: args.serve,
        },
    )
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
        let tournament =
            parlour_dynamic::plan::stored_for::<G>(&self.file, self.config, self.shard)
                .map_err(usage)?;
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
                ArenaError::Store(e) => Failure::from(e),
                e => usage(format!("{file}: {e}")),
            })?;
        let programs = start_programs(
            &tournament,
            parlour_dynamic::plan::logs_dir(self.bot_logs, Some(&self.file)),
            Some(&history),
        )?;
        let store = Store::reopen(&self.file, tournament.config(), stored.count() as usize)?;
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
    t: &Tournament<G>,
    logs: PathBuf,
    history: Option<&[u64]>,
) -> Result<Programs, Failure> {
    let c = t.config();
    if !c.has_programs() {
        return Ok(Programs::none());
    }
    Ok(Programs::start(
        t.game(),
        &c.entries,
        &c.labels,
        &logs,
        Mode::Tournament,
        history,
    )?)
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
        Some((address, recorded)) => {
            let (live, bound) = parlour_web::serve_live(address, tournament.config(), recorded)
                .map_err(|e| failed(format!("cannot serve on {address}: {e}")))?;
            errln!("parlour: watch the tournament at http://{bound}/#/tournament/w1");
            Some(live)
        }
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
        let mut f = Failure::from(e);
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

/// `parlour merge OUT SHARD...`: the files merged are listed on standard error, the merged
/// standings printed as `parlour report` prints them.
pub fn merge(args: &MergeArgs) -> Result<(), Failure> {
    let out = &args.out;
    let report = parlour_arena::merge::merge(out, &args.shards, args.partial)?;
    for line in report.describe(out).lines() {
        errln!("parlour: {line}");
    }
    print_summary(&report.config, &report.summary, None, args.format)
}

/// `parlour report FILE`.
pub fn report(args: &ReportArgs) -> Result<(), Failure> {
    let (file, format, svg) = (&args.file, args.format, args.svg.as_deref());
    let (config, summary) = summarize_stored(file)?;
    if let Some(path) = svg {
        if parlour_arena::store::writes_over(path, file) {
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
