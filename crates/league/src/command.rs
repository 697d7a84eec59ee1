//! `parlour league`: the organiser's commands, as clap argument structs (the `clap` feature)
//! and what each does. The binary only parses them and runs [`run`]; a final it makes is run
//! by the binary's own tournament runner (`parlour tournament --resume`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use parlour_core::BotSpec;
use serde_json::Value;

use crate::ladder::{now_ms, League};
use crate::{finals, people, LeagueConfig, LeagueError};

/// `parlour league`.
#[derive(Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct LeagueArgs {
    /// What to do.
    #[cfg_attr(feature = "clap", command(subcommand))]
    pub command: LeagueCommand,
}

/// The league's commands.
#[derive(Debug)]
#[cfg_attr(feature = "clap", derive(clap::Subcommand))]
pub enum LeagueCommand {
    /// Make a league in DIR: its game, options and house bots (league.toml, which may be edited
    /// before people join) and its store. Prints the organiser's secret token.
    New {
        /// The league's folder (new, or empty).
        dir: PathBuf,
        /// The game (see `parlour games`).
        #[cfg_attr(feature = "clap", arg(long))]
        game: String,
        /// A game option, KEY=VALUE (as `parlour tournament -o`); repeatable.
        #[cfg_attr(feature = "clap", arg(short = 'o', long = "option", value_parser = parlour_games::options::parse_pair))]
        options: Vec<(String, Value)>,
        /// The house bots, comma-separated (default: the game's own bots).
        #[cfg_attr(feature = "clap", arg(long))]
        house: Option<String>,
        /// The title its pages show.
        #[cfg_attr(feature = "clap", arg(long, default_value = "parlour league"))]
        title: String,
        /// The seed every match and the final derive from (default: drawn at random).
        #[cfg_attr(feature = "clap", arg(long))]
        seed: Option<u64>,
        /// Open registration: anyone with this code (8 to 64 characters) may join from the
        /// league's page (`invite` in league.toml; remove it to close registration).
        #[cfg_attr(feature = "clap", arg(long))]
        invite: Option<String>,
    },
    /// Add the people of a roster (CSV with `name` and `id` columns) and write each one's
    /// secret token (and link, with --url) to a CSV readable only by you.
    Roster {
        /// The league's folder.
        dir: PathBuf,
        /// The roster.
        roster: PathBuf,
        /// Where to write the tokens (default: DIR/tokens-N.csv).
        #[cfg_attr(feature = "clap", arg(long))]
        out: Option<PathBuf>,
    },
    /// Submit a bot and print its check's report (exit 1 when the check found a fault): to a
    /// served league (TARGET is its address, or your link with #token=...; the token may also
    /// be given with --token or PARLOUR_LEAGUE_TOKEN), or, as the organiser, into the league
    /// folder TARGET for the person with roster id --as.
    Submit {
        /// The league's address (or your link), or its folder.
        target: String,
        /// The Python file.
        file: PathBuf,
        /// Your token (for an address).
        #[cfg_attr(
            feature = "clap",
            arg(long, env = "PARLOUR_LEAGUE_TOKEN", hide_env_values = true)
        )]
        token: Option<String>,
        /// The person's roster id (for a folder).
        #[cfg_attr(feature = "clap", arg(long = "as"))]
        person: Option<String>,
    },
    /// Serve the league (its standings, each person's submissions and checks, submitting) at
    /// ADDR and run its ladder beside it, until Ctrl-C or SIGTERM.
    Serve {
        /// The league's folder.
        dir: PathBuf,
        /// The address to listen on.
        #[cfg_attr(feature = "clap", arg(long, default_value = "127.0.0.1:8090"))]
        bind: String,
        /// Matches played at once (default: one per core).
        #[cfg_attr(feature = "clap", arg(long))]
        workers: Option<usize>,
        /// A host name the server answers to beyond its addresses and localhost (repeatable).
        #[cfg_attr(feature = "clap", arg(long = "allow-host"))]
        hosts: Vec<String>,
        /// Play the matches as Ray tasks on the cluster at ADDRESS (`local`: start one here)
        /// with `python -m parlour.ray_ladder`; --workers is then the matches in flight. The
        /// league's folder must be at the same path on every node.
        #[cfg_attr(feature = "clap", arg(long, value_name = "ADDRESS"))]
        ray: Option<String>,
    },
    /// Run the ladder: matches without end, until Ctrl-C or SIGTERM (or --matches).
    Run {
        /// The league's folder.
        dir: PathBuf,
        /// Matches played at once (default: one per core).
        #[cfg_attr(feature = "clap", arg(long))]
        workers: Option<usize>,
        /// Stop after this many matches.
        #[cfg_attr(feature = "clap", arg(long))]
        matches: Option<u64>,
        /// Play the matches as Ray tasks on the cluster at ADDRESS (`local`: start one here)
        /// with `python -m parlour.ray_ladder`; --workers is then the matches in flight. The
        /// league's folder must be at the same path on every node.
        #[cfg_attr(feature = "clap", arg(long, value_name = "ADDRESS"))]
        ray: Option<String>,
    },
    /// Print the ladder's leaderboard.
    Standings {
        /// The league's folder.
        dir: PathBuf,
    },
    /// Make the final: each person's active submission at the deadline (now, Unix seconds, or
    /// UTC as 2026-12-01T17:00:00Z) against the others and the house bots, then play it (as
    /// `parlour tournament --resume DIR/final/final.db` resumes it).
    Final {
        /// The league's folder.
        dir: PathBuf,
        /// The deadline.
        #[cfg_attr(
            feature = "clap",
            arg(long, value_parser = crate::finals::parse_deadline, required_unless_present = "resume")
        )]
        deadline: Option<i64>,
        /// Games in the final (default: the game's tournament default).
        #[cfg_attr(feature = "clap", arg(long, conflicts_with = "resume"))]
        games: Option<u64>,
        /// Games played at once (on Ray: threads, and CPUs, per shard task).
        #[cfg_attr(feature = "clap", arg(long, default_value_t = 1))]
        jobs: usize,
        /// Continue the final made before (here, or on Ray with --ray) instead of making one.
        #[cfg_attr(feature = "clap", arg(long, conflicts_with = "deadline"))]
        resume: bool,
        /// Play it on a Ray cluster with `python -m parlour.ray` (ADDRESS, or `local` to start
        /// one here); the league's folder must be at the same path on every node.
        #[cfg_attr(feature = "clap", arg(long, value_name = "ADDRESS"))]
        ray: Option<String>,
        /// Shards to cut the final into on Ray.
        #[cfg_attr(feature = "clap", arg(long, default_value_t = 16, requires = "ray"))]
        shards: u64,
    },
    /// Write the final's standings as CSV, for marking: rank, id, name, submission, hash,
    /// games, score with its interval, win rate with its interval, rating.
    Csv {
        /// The league's folder.
        dir: PathBuf,
    },
    /// Copy the league's store to FILE while the league runs (a consistent snapshot).
    Backup {
        /// The league's folder.
        dir: PathBuf,
        /// The copy (must not exist).
        file: PathBuf,
    },
}

/// What is left for the binary to do.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    /// Nothing.
    Done,
    /// Run this `parlour` command (the final, as `tournament --resume` plays it).
    Parlour(Vec<String>),
    /// Fail (exit code 1) for this reason (a check that found a fault).
    Failed(String),
}

/// How `league run` and `league serve` play the ladder: on `workers` threads (one per core
/// unless given) or on a Ray cluster (`--ray ADDRESS`), until Ctrl-C or SIGTERM sets `stop`.
struct Ladder {
    workers: usize,
    stop: std::sync::Arc<AtomicBool>,
    pool: Option<crate::ray::RayPool>,
}

impl Ladder {
    /// The workers, the stop (its handler set) and the Ray driver, started when `ray` is given.
    fn prepare(
        dir: &Path,
        workers: Option<usize>,
        ray: Option<String>,
    ) -> Result<Ladder, LeagueError> {
        let pool = ray
            .map(|address| crate::ray::RayPool::start(&address, &dir.join("logs")))
            .transpose()?;
        let workers =
            workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let _ = ctrlc::set_handler(move || {
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
            eprintln!("\nparlour: stopping after the matches in play");
        });
        Ok(Ladder {
            workers,
            stop,
            pool,
        })
    }

    /// Plays `league`'s ladder until stopped (or `matches` matches started): the matches played.
    fn run(&self, league: &League, matches: Option<u64>) -> Result<u64, LeagueError> {
        league.run_on(
            self.workers,
            &self.stop,
            matches,
            &|e| eprintln!("parlour: {e}"),
            self.pool.as_ref(),
        )
    }
}

fn io(what: String) -> impl FnOnce(std::io::Error) -> LeagueError {
    move |e| LeagueError::Io {
        what,
        reason: e.to_string(),
    }
}

/// Writes `text` to a new file readable by its owner only.
fn write_private(path: &Path, text: &str) -> Result<(), LeagueError> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .map_err(io(format!("cannot write {}", path.display())))?;
    f.write_all(text.as_bytes())
        .map_err(io(format!("cannot write {}", path.display())))
}

/// Runs a league command, writing what it shows to `out`; what the binary must do next. The
/// ladder runs until Ctrl-C or SIGTERM (the handler is set for it alone: a final's tournament
/// sets its own).
pub fn run(args: LeagueArgs, out: &mut dyn Write) -> Result<Next, LeagueError> {
    let say = |out: &mut dyn Write, text: String| {
        writeln!(out, "{text}").map_err(io("cannot write the output".into()))
    };
    match args.command {
        LeagueCommand::New {
            dir,
            game,
            options,
            house,
            title,
            seed,
            invite,
        } => {
            let house: Vec<BotSpec> = match house {
                Some(text) => text
                    .split(',')
                    .map(|b| b.trim().parse::<BotSpec>())
                    .collect::<Result<_, _>>()
                    .map_err(|e| LeagueError::Config(format!("--house: {e}")))?,
                None => crate::games::own_bots(&game)?,
            };
            let seed = seed.unwrap_or_else(rand::random);
            let mut config =
                LeagueConfig::new(&title, &game, options.into_iter().collect(), house, seed)?;
            config.invite = invite;
            config.check()?;
            crate::create(&dir, &config)?;
            let league = League::open(&dir)?;
            let organiser = people::admit(
                league.store(),
                &[people::RosterRow {
                    name: "organiser".into(),
                    id: "organiser".into(),
                }],
                true,
                now_ms(),
            )?;
            let token = &organiser[0].token;
            write_private(&dir.join("organiser-token"), &format!("{token}\n"))?;
            say(
                out,
                format!(
                    "a {} league in {}; the organiser's token is in {} (keep it secret)",
                    config.game,
                    dir.display(),
                    dir.join("organiser-token").display()
                ),
            )?;
            Ok(Next::Done)
        }
        LeagueCommand::Roster {
            dir,
            roster,
            out: file,
        } => {
            let league = League::open(&dir)?;
            let text = std::fs::read_to_string(&roster)
                .map_err(io(format!("cannot read {}", roster.display())))?;
            let rows = people::read_roster(&text)?;
            let admitted = people::admit(league.store(), &rows, false, now_ms())?;
            let path = file.unwrap_or_else(|| {
                (1..)
                    .map(|n| dir.join(format!("tokens-{n}.csv")))
                    .find(|p| !p.exists())
                    .unwrap_or_else(|| dir.join("tokens.csv"))
            });
            let mut csv = String::from("name,id,token\n");
            for a in &admitted {
                csv.push_str(&format!(
                    "\"{}\",\"{}\",{}\n",
                    a.row.name.replace('"', "\"\""),
                    a.row.id.replace('"', "\"\""),
                    a.token
                ));
            }
            write_private(&path, &csv)?;
            say(
                out,
                format!(
                    "{} people added; their tokens are in {} (send each person theirs)",
                    admitted.len(),
                    path.display()
                ),
            )?;
            Ok(Next::Done)
        }
        LeagueCommand::Submit {
            target,
            file,
            token,
            person,
        } => {
            let (id, passed, report) = if target.starts_with("http://")
                || target.starts_with("https://")
            {
                let answer = crate::server::send(&target, token.as_deref(), &file)?;
                (
                    answer["submission"].as_i64().unwrap_or_default(),
                    answer["passed"].as_bool().unwrap_or(false),
                    answer["report"].as_str().unwrap_or_default().to_string(),
                )
            } else {
                let person = person.ok_or_else(|| {
                    LeagueError::Refused(
                        "--as ID names whom a submission into a league folder is for".into(),
                    )
                })?;
                let league = League::open(Path::new(&target))?;
                let who = league
                    .store()
                    .people()?
                    .into_iter()
                    .find(|p| p.external_id == person)
                    .ok_or_else(|| LeagueError::Refused(format!("no one has the id {person:?}")))?;
                let bytes =
                    std::fs::read(&file).map_err(io(format!("cannot read {}", file.display())))?;
                let name = file
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or("bot.py")
                    .to_string();
                let (id, checked) = league.submit(who.id, &name, &bytes, now_ms())?;
                (id, checked.passed, checked.report)
            };
            say(out, format!("submission {id}:"))?;
            write!(out, "{report}").map_err(io("cannot write the output".into()))?;
            Ok(if passed {
                Next::Done
            } else {
                Next::Failed(format!("submission {id} did not pass its check (above)"))
            })
        }
        LeagueCommand::Serve {
            dir,
            bind,
            workers,
            hosts,
            ray,
        } => {
            let league = std::sync::Arc::new(League::open(&dir)?);
            let ladder = Ladder::prepare(&dir, workers, ray)?;
            let runtime = tokio::runtime::Runtime::new()
                .map_err(io("cannot start the server's runtime".into()))?;
            let listener = runtime
                .block_on(tokio::net::TcpListener::bind(&bind))
                .map_err(io(format!("cannot listen on {bind}")))?;
            let address = listener
                .local_addr()
                .map_err(io(format!("cannot listen on {bind}")))?;
            say(out, format!("the league is served at http://{address}/"))?;
            out.flush().map_err(io("cannot write the output".into()))?;
            let served = crate::server::Served::new(
                league.clone(),
                parlour_web::Settings {
                    hosts,
                    ..Default::default()
                },
            );
            let server = runtime.spawn(crate::server::serve(listener, served));
            let played = ladder.run(&league, None);
            server.abort();
            say(out, format!("{} matches played", played?))?;
            Ok(Next::Done)
        }
        LeagueCommand::Run {
            dir,
            workers,
            matches,
            ray,
        } => {
            let league = League::open(&dir)?;
            let played = Ladder::prepare(&dir, workers, ray)?.run(&league, matches)?;
            say(out, format!("{played} matches played"))?;
            Ok(Next::Done)
        }
        LeagueCommand::Standings { dir } => {
            let league = League::open(&dir)?;
            let board = league.leaderboard(now_ms())?;
            say(
                out,
                format!("{} matches, {} games", board.matches, board.games),
            )?;
            say(
                out,
                "rank  rating (μ ± σ)   games  score (95% interval)          name".into(),
            )?;
            for (i, r) in board.rows.iter().enumerate() {
                let s = &r.stats;
                say(
                    out,
                    format!(
                        "{:>4}  {:>6.2} ± {:<5.2}  {:>6}  {:>8.3} [{:.3}, {:.3}]  {}{}",
                        i + 1,
                        s.rating.mu,
                        s.rating.sigma,
                        s.games,
                        s.score.mean,
                        s.score.low,
                        s.score.high,
                        r.label,
                        if r.active { "" } else { " (inactive)" }
                    ),
                )?;
            }
            Ok(Next::Done)
        }
        LeagueCommand::Final {
            dir,
            deadline,
            games,
            jobs,
            resume,
            ray,
            shards,
        } => {
            let league = League::open(&dir)?;
            let db = finals::final_db(&dir);
            match deadline {
                Some(deadline) if !resume => {
                    let (_, finalists) = finals::create(&league, deadline, games)?;
                    say(
                        out,
                        format!(
                            "the final: {} people's submissions and {} house bots, in {}",
                            finalists.len(),
                            league.config().house.len(),
                            db.display()
                        ),
                    )?;
                }
                _ if !db.exists() => {
                    return Err(LeagueError::Refused(format!(
                        "there is no final to resume in {} (make it with --deadline)",
                        dir.display()
                    )))
                }
                _ => {}
            }
            let Some(address) = ray else {
                return Ok(Next::Parlour(
                    ["tournament", "--trust-programs", "--resume"]
                        .map(String::from)
                        .into_iter()
                        .chain([db.display().to_string(), "--jobs".into(), jobs.to_string()])
                        .collect(),
                ));
            };
            let command = finals::ray_command(&dir, &address, shards, jobs)?;
            let status = std::process::Command::new(&command[0])
                .args(&command[1..])
                .stdout(std::process::Stdio::null())
                .status()
                .map_err(|e| LeagueError::Io {
                    what: format!(
                        "cannot run {} -m parlour.ray (install the Python package with its \
                         Ray extra, pip install \"parlour[ray]\", or name its python in \
                         PARLOUR_PYTHON)",
                        command[0]
                    ),
                    reason: e.to_string(),
                })?;
            if !status.success() {
                return Ok(Next::Failed(format!(
                    "the final's run on Ray stopped ({status}); what it gathered is kept: \
                     continue it with parlour league final {} --resume --ray {address}",
                    dir.display()
                )));
            }
            let played = finals::adopt(&dir)?;
            say(
                out,
                format!(
                    "the final's {played} games, played on Ray, are in {}; parlour league csv {} \
                     writes its standings",
                    db.display(),
                    dir.display()
                ),
            )?;
            Ok(Next::Done)
        }
        LeagueCommand::Csv { dir } => {
            let text = finals::csv(&dir)?;
            write!(out, "{text}").map_err(io("cannot write the output".into()))?;
            Ok(Next::Done)
        }
        LeagueCommand::Backup { dir, file } => {
            crate::store::Store::backup(&dir.join(crate::store::DB_FILE), &file)?;
            say(
                out,
                format!("the league's store is copied to {}", file.display()),
            )?;
            Ok(Next::Done)
        }
    }
}
