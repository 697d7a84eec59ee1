//! Each subcommand, generic over the game; `run` dispatches on the game's name.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};
use parlour_core::play::Runner;
use parlour_core::rng::derive_seed;
use parlour_core::trace::{read_header, replay, TraceWriter};
use parlour_core::{Bot, Decision, GameText, State};
use parlour_games::Playable;
use parlour_protocol::{EntrySpec, Player, Table as Seats};
use serde_json::Value;

use crate::args::{Cli, Command, Format, GoCommand};
use crate::common::{
    bot_spec, failed, game_options, parse_number, usage, with_game, with_variant, Failure,
    GameCommand,
};
use crate::human::{stdin_line, HumanBot, LineSource};

/// Runs the command and turns any failure into one line on stderr and an exit code.
pub fn run(cli: Cli) -> ExitCode {
    match dispatch(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            errln!("parlour: error: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

fn dispatch(cli: Cli) -> Result<(), Failure> {
    match cli.containment {
        Some(crate::args::ContainmentArg::Group) => parlour_protocol::process::choose_group(),
        Some(crate::args::ContainmentArg::Jail)
            if !parlour_protocol::process::containment().is_jail() =>
        {
            return Err(usage(
                "--containment jail: this machine has no jail for programs (it needs Linux, \
                 and root or user namespaces for ordinary users)"
                    .to_string(),
            ));
        }
        Some(crate::args::ContainmentArg::Jail) | None => {}
    }
    match cli.command {
        Command::Play {
            game,
            seats,
            seed,
            trace,
            options,
            variant,
        } => with_game(
            &game,
            PlayCmd {
                seats,
                seed,
                trace: trace.as_deref().map(Path::to_path_buf),
                options: with_variant(options, variant),
            },
        ),
        Command::Tournament {
            game,
            bots,
            bots_file,
            course_bots,
            limits,
            bot_logs,
            serve,
            games,
            players,
            seed,
            jobs,
            format,
            options,
            variant,
            db,
            no_db,
            resume,
            trust_programs,
            shard,
            duplicate,
            no_duplicate,
            schedule,
            early_stop,
            alpha,
        } => match resume {
            Some(file) => {
                let limits: crate::common::LimitFlags = limits.into();
                if limits.any() {
                    return Err(usage(
                        "a resumed tournament keeps the limits it was started with; \
                         drop the limit flags",
                    ));
                }
                let named = crate::tournament::Named {
                    bots,
                    bots_file,
                    course_bots,
                };
                crate::tournament::resume(
                    &file,
                    jobs.as_deref(),
                    format,
                    bot_logs,
                    serve,
                    trust_programs,
                    named,
                )
            }
            None => with_game(
                game.as_deref().unwrap_or_default(),
                crate::tournament::TournamentCmd {
                    bots,
                    bots_file,
                    course_bots,
                    limits: limits.into(),
                    bot_logs,
                    serve,
                    games,
                    players,
                    seed,
                    jobs,
                    format,
                    options: with_variant(options, variant),
                    db: if no_db {
                        crate::tournament::DbChoice::None
                    } else {
                        db.map_or(
                            crate::tournament::DbChoice::Default,
                            crate::tournament::DbChoice::File,
                        )
                    },
                    duplicate: (duplicate || no_duplicate).then_some(duplicate),
                    schedule,
                    early_stop: early_stop.then_some(alpha),
                    shard,
                },
            ),
        },
        Command::Merge {
            out,
            shards,
            partial,
            format,
        } => crate::tournament::merge(&out, &shards, partial, format),
        Command::Report { file, format, svg } => {
            crate::tournament::report(&file, format, svg.as_deref())
        }
        Command::Bench {
            game,
            seconds,
            seed,
            format,
            bot,
            tournament,
            games,
            repeat,
            bots,
            external,
            options,
            variant,
        } => {
            let options = with_variant(options, variant);
            if let Some(command) = external {
                return with_game(
                    &game,
                    crate::tournament::BenchExternal {
                        command,
                        games: games.unwrap_or_else(|| "2000".into()),
                        seed,
                        format,
                        options,
                    },
                );
            }
            if games.is_some() && !tournament {
                return Err(usage("--games needs --tournament or --external"));
            }
            let games = games.unwrap_or_else(|| "50000".into());
            if tournament {
                with_game(
                    &game,
                    crate::tournament::BenchTournament {
                        games,
                        repeat,
                        bots,
                        seed,
                        format,
                        options,
                    },
                )
            } else {
                with_game(
                    &game,
                    BenchCmd {
                        seconds,
                        seed,
                        format,
                        bot,
                        options,
                    },
                )
            }
        }
        Command::Replay { file } => replay_file(&file),
        Command::Serve(args) => serve(args),
        Command::CheckBot {
            game,
            command,
            decisions,
            games,
            against,
            seed,
            show,
            log,
            faults_file,
            limits,
            options,
            variant,
        } => with_game(
            &game,
            crate::external::CheckBotCmd {
                command,
                decisions,
                games,
                against,
                seed,
                options: with_variant(options, variant),
                limits: limits.into(),
                log,
                show,
                faults_file,
            },
        ),
        Command::ServeBot { game, bot } => with_game(&game, crate::external::ServeBotCmd { bot }),
        Command::Bots { game } => with_game(&game, BotsCmd),
        Command::Games => {
            list_games();
            Ok(())
        }
        Command::Strength {
            game,
            bots,
            deals,
            seed,
            jobs,
            format,
            options,
            variant,
        } => with_game(
            &game,
            crate::strength::StrengthCmd {
                bots,
                deals,
                seed,
                jobs,
                format,
                options: with_variant(options, variant),
            },
        ),
        Command::Train(args) => {
            let hidden = args
                .hidden
                .split(',')
                .map(|w| parse_number::<usize>("--hidden", w.trim()))
                .collect::<Result<Vec<_>, _>>()?;
            let game = args.game.clone();
            with_game(
                &game,
                crate::train::TrainCmd {
                    out: args.out.clone(),
                    resume: args.resume,
                    options: with_variant(args.options.clone(), args.variant.clone()),
                    config: parlour_train::Config {
                        hidden,
                        seed: args.seed,
                        iterations: args.iterations,
                        games: args.games,
                        learning_rate: args.learning_rate,
                        batch: args.batch,
                        epochs: args.epochs,
                        epsilon: args.epsilon,
                        eval_every: args.eval_every,
                        eval_deals: args.eval_deals,
                        against: args.against,
                        warm_start: args.warm_start,
                        warm_iterations: args.warm_iterations,
                        rollout: args.rollout,
                        rollout_actions: args.rollout_actions,
                        rollout_rate: args.rollout_rate,
                        target: args.target,
                        prior: args.prior,
                    },
                },
            )
        }
        Command::Go {
            command: GoCommand::Score { cards },
        } => go_score(&cards),
        Command::Go {
            command:
                GoCommand::ScoreBench {
                    seconds,
                    seed,
                    format,
                },
        } => go_score_bench(&seconds, seed, format),
    }
}

/// Makes the bot `text` names for `G`; an unknown bot or option is a usage error.
fn make_named_bot<G: Playable>(
    game: &G,
    text: &str,
    seed: u64,
) -> Result<Box<dyn Bot<G>>, Failure> {
    parlour_bots::make_bot_for::<G>(game, &bot_spec(text)?, seed).map_err(|e| usage(e.to_string()))
}

struct PlayCmd {
    seats: Option<String>,
    seed: Option<u64>,
    trace: Option<PathBuf>,
    options: Vec<String>,
}

/// A human seat: the bot reads stdin; the flag tells the game loop that input has ended.
struct Human {
    bot: HumanBot<LineSource, std::io::Stdout>,
    closed: Arc<AtomicBool>,
}

impl<G: GameText> Bot<G> for Human {
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        let a = Bot::<G>::act(&mut self.bot, d);
        if self.bot.closed {
            self.closed.store(true, Ordering::SeqCst);
        }
        a
    }
}

impl GameCommand for PlayCmd {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let seats_given = self.seats.is_some();
        let default_game = game_options::<G>(&self.options, &[])?;
        let seat_names = match &self.seats {
            Some(text) => crate::external::split_entries(text)
                .map_err(|f| usage(f.message.replacen("--bots", "--seats", 1)))?,
            None => {
                let mut v = vec!["human".to_string()];
                v.extend((1..default_game.num_players()).map(|_| G::STRONGEST_BOT.to_string()));
                v
            }
        };
        let players_set = self.options.iter().any(|o| {
            o.split_once('=')
                .is_some_and(|(k, _)| k.trim() == "players")
        });
        let game = if seats_given && !players_set && seat_names.len() != default_game.num_players()
        {
            game_options::<G>(&self.options, &[("players", Value::from(seat_names.len()))])?
        } else {
            default_game
        };
        if seat_names.len() != game.num_players() {
            return Err(usage(format!(
                "--seats names {} seats but the game has {}",
                seat_names.len(),
                game.num_players()
            )));
        }
        // With a program at the table the seed must not be guessable (a clock reading is): it
        // could compute every hand from it.
        let seed = self.seed.unwrap_or_else(|| {
            if seat_names.iter().any(|n| n.starts_with("cmd:")) {
                rand::random()
            } else {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64)
            }
        });
        let closed = Arc::new(AtomicBool::new(false));
        let several_people = seat_names.iter().filter(|n| *n == "human").count() > 1;
        let mut bots: Vec<Player<G>> = Vec::new();
        // Programs seated at the table, kept running until the game ends.
        let mut held = Vec::new();
        for (seat, name) in seat_names.iter().enumerate() {
            if name == "human" {
                let mut bot: HumanBot<LineSource, std::io::Stdout> =
                    HumanBot::new(stdin_line, std::io::stdout(), several_people);
                // Colour on a terminal, unless NO_COLOR is set (no-color.org).
                bot.colour = std::io::IsTerminal::is_terminal(&std::io::stdout())
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
                bots.push(Player::BuiltIn(Box::new(Human {
                    bot,
                    closed: closed.clone(),
                })));
            } else if let Some(command) = name.strip_prefix("cmd:") {
                // A program at the table: started and greeted now, its log under parlour-runs.
                let (limits, max_faults) = crate::common::LimitFlags::default().resolve()?;
                let spec = crate::external::program_from_cmd(command, limits, max_faults)?;
                let programs = crate::external::start_programs(
                    &game,
                    &[EntrySpec::Program(spec.clone())],
                    &[format!("seat{seat}-{}", spec.name)],
                    &PathBuf::from("parlour-runs").join("bot-logs"),
                    parlour_protocol::Mode::Tournament,
                    None,
                )?;
                bots.push(
                    programs
                        .player::<G>(
                            &EntrySpec::Program(spec),
                            parlour_core::rng::bot_seed(derive_seed(seed, 1 + seat as u64)),
                        )
                        .map_err(|e| failed(e.to_string()))?,
                );
                held.push(programs);
            } else {
                bots.push(Player::BuiltIn(make_named_bot::<G>(
                    &game,
                    name,
                    parlour_core::rng::bot_seed(derive_seed(seed, 1 + seat as u64)),
                )?));
            }
        }
        // With a person at the table, the seed and the trace (which holds every seat's view)
        // would reveal hidden cards during play: the seed is shown only at the end, and the
        // trace is kept in memory and written when the game stops.
        let humans: Vec<usize> = (0..seat_names.len())
            .filter(|&i| seat_names[i] == "human")
            .collect();
        let has_human = !humans.is_empty();
        let mut trace = match &self.trace {
            Some(path) => {
                // The file is created now, so a bad path is reported before play.
                let file =
                    BufWriter::new(File::create(path).map_err(|e| {
                        usage(format!("cannot write trace {}: {e}", path.display()))
                    })?);
                let sink = if has_human {
                    Sink::Held(Vec::new(), file)
                } else {
                    Sink::File(file)
                };
                Some(
                    TraceWriter::new(sink, &game, seed, &seat_names)
                        .map_err(|e| failed(format!("writing trace {}: {e}", path.display())))?,
                )
            }
            None => None,
        };
        let shown_seed = if has_human && self.seed.is_none() {
            "chosen at random (shown at the end)".to_string()
        } else {
            seed.to_string()
        };
        outln!(
            "{} · seed {shown_seed} · seats: {}",
            G::INFO.name,
            seat_names
                .iter()
                .enumerate()
                .map(|(i, n)| format!("{i}={n}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        let state = game.new_game(seed);
        let mut seats = Seats::new(bots);
        let end = Runner::new(&game).play_steps(state, &mut seats, |step| {
            if closed.load(Ordering::SeqCst) {
                return Err("standard input closed before the game ended".to_string());
            }
            if let Some(t) = trace.as_mut() {
                t.step(step)
                    .map_err(|e| format!("writing the trace: {e}"))?;
            }
            // With people at the table, print only what every one of them may see.
            let visible = !has_human
                || humans
                    .iter()
                    .all(|&h| game.action_visible(step.seat, &step.action, h));
            if visible {
                outln!(
                    "seat {} ({}): {}",
                    step.seat,
                    seat_names[step.seat],
                    step.action
                );
            } else {
                outln!(
                    "seat {} ({}): moved (hidden)",
                    step.seat,
                    seat_names[step.seat]
                );
            }
            if step.after.rounds_completed() > step.before.rounds_completed() {
                if let Some(r) = step.after.last_round() {
                    let winners: Vec<String> =
                        r.winners.iter().map(|w| format!("seat {w}")).collect();
                    outln!(
                        "== round {} over: {} · this round {:?} · totals {:?}",
                        r.round + 1,
                        if winners.is_empty() {
                            "drawn".to_string()
                        } else {
                            format!("{} won", winners.join(", "))
                        },
                        r.points,
                        step.after.returns()
                    );
                }
            }
            Ok(())
        });
        let end = match (end, trace, &self.trace) {
            (Ok(end), Some(t), Some(path)) => {
                let sink = t
                    .finish::<G>(&end)
                    .map_err(|e| failed(format!("writing trace {}: {e}", path.display())))?;
                sink.save(path)?;
                outln!("trace written to {}", path.display());
                end
            }
            (Ok(end), _, _) => end,
            (Err(e), t, path) => {
                // Keep what was recorded before the game stopped.
                if let (Some(t), Some(path)) = (t, path) {
                    t.into_inner().save(path)?;
                }
                return Err(failed(e.to_string()));
            }
        };
        // People see the final position (e.g. the last picks revealed together).
        if let Some(&h) = humans.first() {
            outln!("\n{}", game.describe(&end.observation(h)));
        }
        outln!(
            "game over after {} decisions · returns {:?} · seed {seed}",
            end.decisions(),
            end.returns()
        );
        Ok(())
    }
}

/// Where a trace goes: straight to its file, or held in memory while a person plays (and
/// written to its already-open file when the game stops).
enum Sink {
    File(BufWriter<File>),
    Held(Vec<u8>, BufWriter<File>),
}

impl std::io::Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::File(f) => f.write(buf),
            Sink::Held(v, _) => v.write(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::File(f) => f.flush(),
            Sink::Held(..) => Ok(()),
        }
    }
}

impl Sink {
    /// Writes a held trace to its file (a file sink is already there).
    fn save(self, path: &Path) -> Result<(), Failure> {
        match self {
            Sink::File(mut f) => std::io::Write::flush(&mut f),
            Sink::Held(v, mut f) => {
                std::io::Write::write_all(&mut f, &v).and_then(|()| std::io::Write::flush(&mut f))
            }
        }
        .map_err(|e| failed(format!("writing trace {}: {e}", path.display())))
    }
}

struct BenchCmd {
    seconds: String,
    seed: u64,
    format: Format,
    bot: Option<String>,
    options: Vec<String>,
}

impl GameCommand for BenchCmd {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let seconds: f64 = parse_number("--seconds", &self.seconds)?;
        if !(0.001..=3600.0).contains(&seconds) {
            return Err(usage("--seconds must be from 0.001 to 3600"));
        }
        let game = game_options::<G>(&self.options, &[])?;
        if let Some(name) = &self.bot {
            // Fail on an unknown name before the clock starts.
            let spec = bot_spec(name)?;
            parlour_bots::make_bot_for::<G>(&game, &spec, 0).map_err(|e| usage(e.to_string()))?;
            let report = parlour_core::bench::bot_playouts(
                &game,
                name,
                self.seed,
                Duration::from_secs_f64(seconds),
                // The spec was checked above, and making a bot does not depend on the seed.
                |seed| parlour_bots::make_bot::<G>(&spec, seed).expect("checked above"),
            );
            return print_bot_bench(&report, self.format, self.seed);
        }
        let report = parlour_core::bench::random_playouts(
            &game,
            self.seed,
            Duration::from_secs_f64(seconds),
        );
        match self.format {
            Format::Json => outln!(
                "{}",
                serde_json::to_string(&report).map_err(|e| failed(e.to_string()))?
            ),
            Format::Table => {
                let mut table = Table::new();
                table.load_style(UTF8_FULL_CONDENSED).set_header(vec![
                    "game",
                    "seconds",
                    "games",
                    "actions",
                    "games/s",
                    "actions/s",
                ]);
                table.add_row(vec![
                    report.game.clone(),
                    format!("{:.2}", report.seconds),
                    report.games.to_string(),
                    report.actions.to_string(),
                    format!("{:.0}", report.games_per_sec),
                    format!("{:.0}", report.actions_per_sec),
                ]);
                outln!("random playouts on one core, seed {}", self.seed);
                outln!("{table}");
            }
        }
        Ok(())
    }
}

fn print_bot_bench(
    report: &parlour_core::bench::BotBenchReport,
    format: Format,
    seed: u64,
) -> Result<(), Failure> {
    match format {
        Format::Json => outln!(
            "{}",
            serde_json::to_string(report).map_err(|e| failed(e.to_string()))?
        ),
        Format::Table => {
            let mut table = Table::new();
            let mut header = vec![
                "game".to_string(),
                "bot".to_string(),
                "seconds".to_string(),
                "games".to_string(),
                "decisions".to_string(),
                "decisions/s".to_string(),
            ];
            let mut row = vec![
                report.game.clone(),
                report.bot.clone(),
                format!("{:.2}", report.seconds),
                report.games.to_string(),
                report.decisions.to_string(),
                format!("{:.1}", report.decisions_per_sec),
            ];
            for (name, total, per_sec) in &report.counters {
                header.push(name.clone());
                header.push(format!("{name}/s"));
                row.push(total.to_string());
                row.push(format!("{per_sec:.0}"));
            }
            table.load_style(UTF8_FULL_CONDENSED).set_header(header);
            table.add_row(row);
            outln!("{} in every seat on one core, seed {seed}", report.bot);
            outln!("{table}");
        }
    }
    Ok(())
}

struct BotsCmd;

impl GameCommand for BotsCmd {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        for bot in parlour_bots::bot_entries::<G>() {
            outln!("{:<12} {}", bot.name, bot.about);
            for option in bot.options {
                outln!("{:<12}   :{}=…  {}", "", option.name, option.about);
            }
        }
        outln!("{:<12} a person at the terminal (play only)", "human");
        Ok(())
    }
}

struct ReplayCmd<'a> {
    lines: Vec<&'a str>,
    file: &'a Path,
}

impl GameCommand for ReplayCmd<'_> {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let report = replay::<G>(&self.lines)
            .map_err(|e| failed(format!("trace {}: {e}", self.file.display())))?;
        outln!(
            "{}: {} · {} decisions replayed, every action legal · result reproduced: returns {:?}",
            self.file.display(),
            report.game,
            report.decisions,
            report.returns
        );
        Ok(())
    }
}

/// `parlour go score CARDS...`: the optimal partition of the cards and its score.
fn go_score(tokens: &[String]) -> Result<(), Failure> {
    let cards = parlour_cards::parse_cards(&tokens.join(" ")).map_err(|e| usage(e.to_string()))?;
    let partition =
        parlour_go::scoring::best_partition(&cards).map_err(|e| usage(e.to_string()))?;
    outln!("{partition}");
    Ok(())
}

/// `parlour go score-bench`: optimal scoring of random 10-card sets (as dealt discards), timed.
fn go_score_bench(seconds: &str, seed: u64, format: Format) -> Result<(), Failure> {
    let seconds: f64 = parse_number("--seconds", seconds)?;
    if !(0.001..=3600.0).contains(&seconds) {
        return Err(usage("--seconds must be from 0.001 to 3600"));
    }
    // A pool of sets made in advance, so that only scoring is timed.
    let sets = parlour_go::scoring::dealt_sets(seed, 1024);
    let start = Instant::now();
    let (mut n, mut checksum) = (0u64, 0i64);
    while start.elapsed().as_secs_f64() < seconds {
        for set in &sets {
            checksum +=
                i64::from(parlour_go::scoring::best_score(set).map_err(|e| failed(e.to_string()))?);
        }
        n += sets.len() as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    let micros = secs * 1e6 / n as f64;
    match format {
        Format::Json => outln!(
            "{}",
            serde_json::json!({"sets": n, "seconds": secs, "micros_per_set": micros, "sets_per_sec": n as f64 / secs, "checksum": checksum})
        ),
        Format::Table => outln!(
            "optimal scoring of random 10-card sets on one core: {n} sets in {secs:.2}s · {micros:.2} µs per set ({:.0} sets/s)",
            n as f64 / secs
        ),
    }
    Ok(())
}

/// `parlour games`: every game this build plays, with its players, variants and score.
fn list_games() {
    for info in parlour_games::GAMES {
        let players = if info.min_players == info.max_players {
            info.min_players.to_string()
        } else {
            format!("{}-{}", info.min_players, info.max_players)
        };
        outln!(
            "{:<8} {} · {players} players · {}",
            info.name,
            info.title,
            info.about
        );
        if !info.variants.is_empty() {
            outln!(
                "{:<8}   variants: {} (--variant)",
                "",
                info.variants.join(", ")
            );
        }
        outln!("{:<8}   score: {}", "", info.score.meaning);
    }
}

fn replay_file(file: &Path) -> Result<(), Failure> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| usage(format!("cannot read trace {}: {e}", file.display())))?;
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.first().ok_or_else(|| {
        failed(format!(
            "trace {}: line 1: the file is empty",
            file.display()
        ))
    })?;
    let header =
        read_header(first).map_err(|e| failed(format!("trace {}: {e}", file.display())))?;
    if parlour_games::info(&header.game).is_none() {
        return Err(failed(format!(
            "trace {}: line 1: unknown game {:?}",
            file.display(),
            header.game
        )));
    }
    with_game(&header.game, ReplayCmd { lines, file })
}

/// `parlour serve`.
fn serve(args: crate::args::ServeArgs) -> Result<(), Failure> {
    let mut caps = parlour_web::BotCaps::default();
    for (key, max) in &args.bot_cap {
        caps.set(key, *max);
    }
    if let Some(dir) = &args.models {
        if !dir.is_dir() {
            return Err(usage(format!("--models {}: not a folder", dir.display())));
        }
    }
    // Connections are open files: keep the cap under the limit, raised as far as it goes.
    let files = parlour_web::raise_open_files();
    let room = usize::try_from(files.saturating_sub(128)).unwrap_or(usize::MAX);
    let max_connections = match args.max_connections {
        Some(n) if n > room => {
            errln!(
                "parlour: warning: --max-connections {n} is over what {files} open files \
                 allow; {room} it is"
            );
            room
        }
        Some(n) => n,
        None => room.min(4096),
    };
    let settings = parlour_web::Settings {
        seat_timeout: Duration::from_secs(args.seat_timeout),
        max_connections,
        header_timeout: Duration::from_secs(args.header_timeout.max(1)),
        socket_idle: Duration::from_secs(args.socket_idle.max(3)),
        share: parlour_web::Share {
            connections: args.client_connections,
            tables: args.client_tables,
            replays: args.client_replays,
            programs: args.client_programs,
        },
        max_tables: args.max_tables,
        max_programs: args.max_programs,
        max_replays: args.max_replays,
        replay_budget: args.replay_mb << 20,
        idle_table: Duration::from_secs(args.idle_table),
        min_pace_ms: args.min_pace_ms,
        max_decisions: args.max_decisions,
        thinkers: args
            .thinkers
            .unwrap_or(parlour_web::Settings::default().thinkers)
            .max(1),
        caps,
        models: args.models.clone(),
        hosts: args.allow_host.clone(),
        origins: args.allow_origin.clone(),
        forwarded: args.forwarded_for,
    };
    let store = if args.no_store {
        None
    } else {
        Some(parlour_web::Store::open(&args.store).map_err(usage)?)
    };
    let hub = parlour_web::Hub::with(settings, store);
    if let Some(file) = &args.bots_file {
        let entries = crate::external::read_bots_file(
            file,
            parlour_protocol::Limits::default(),
            parlour_protocol::DEFAULT_MAX_FAULTS,
        )?;
        hub.offer(entries, PathBuf::from("parlour-runs/bot-logs"));
    }
    for file in &args.tournament {
        let watched = parlour_web::Watched::file(file.clone()).map_err(usage)?;
        hub.watch(watched);
    }
    let bind = args.bind;
    parlour_web::run(
        bind,
        move || {
            for (table, why) in hub.restore() {
                errln!("parlour: table {table}: {why}");
            }
            hub
        },
        |address| {
            if address.ip().is_unspecified() {
                errln!(
                    "parlour: warning: listening on every network this machine is on \
                     ({address}): anyone who can reach it may play, watch and upload here. \
                     docs/web.md, \"Running it for others\", says what the server promises \
                     and how to put it behind a TLS proxy"
                );
            }
            println!(
                "parlour is serving at {} (Ctrl-C stops it)",
                shown_address(address)
            );
            // Tests and scripts read the address from the first line.
            let _ = std::io::Write::flush(&mut std::io::stdout());
        },
    )
    .map_err(|e| {
        let text = format!("cannot serve on {bind}: {e}");
        // A port in use (or not this machine's address) is the caller's to change.
        if matches!(
            e.kind(),
            std::io::ErrorKind::AddrInUse
                | std::io::ErrorKind::AddrNotAvailable
                | std::io::ErrorKind::PermissionDenied
        ) {
            usage(text)
        } else {
            failed(text)
        }
    })
}

/// The address to open in a browser: an unspecified bind (`0.0.0.0`) is reached at
/// `127.0.0.1` from this machine.
fn shown_address(address: std::net::SocketAddr) -> String {
    let mut reachable = address;
    if address.ip().is_unspecified() {
        reachable.set_ip(match address {
            std::net::SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            std::net::SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    format!("http://{reachable}/")
}
