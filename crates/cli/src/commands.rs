//! Dispatch, and the small subcommands: `games`, `bots`, `replay`, `bench` (random playouts
//! and one bot) and `go`.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use parlour_core::bench::BotBenchReport;
use parlour_core::trace::{read_header, replay};
use parlour_games::Playable;

use crate::args::{BenchArgs, Cli, Command, ContainmentArg, Format, GoCommand};
use crate::common::{checked_bot, failed, game_of, usage, with_game, Failure, GameCommand};

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

pub(crate) fn dispatch(cli: Cli) -> Result<(), Failure> {
    match cli.containment {
        Some(ContainmentArg::Group) => parlour_protocol::process::choose_group(),
        Some(ContainmentArg::Jail) if !parlour_protocol::process::containment().is_jail() => {
            return Err(usage(
                "--containment jail: this machine has no jail for programs (it needs Linux, \
                 and root or user namespaces for ordinary users)",
            ));
        }
        Some(ContainmentArg::Jail) | None => {}
    }
    match cli.command {
        Command::Play(args) => with_game(&args.game.clone(), args),
        Command::Tournament(args) => crate::tournament::tournament(args),
        Command::Strength(args) => with_game(&args.game.clone(), args),
        Command::Train(args) => with_game(&args.game.clone(), args),
        Command::Merge(args) => crate::tournament::merge(&args),
        Command::Report(args) => crate::tournament::report(&args),
        Command::Bench(args) => with_game(&args.game.clone(), args),
        Command::CheckBot(args) => with_game(&args.game.clone(), args),
        Command::Games => {
            crate::output::out(format_args!("{}", parlour_games::listing()));
            Ok(())
        }
        Command::ServeBot(args) => with_game(&args.game.clone(), args),
        Command::Serve(args) => crate::serve::serve(args),
        Command::League(args) => league(args),
        Command::Replay { file } => replay_file(&file),
        Command::Bots { game } => with_game(&game, BotsCmd),
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
        } => go_score_bench(seconds, seed, format),
    }
}

/// `parlour league`: the league library's commands; the final one makes plays here, as
/// `parlour tournament --resume` plays it, and the ladder stops at Ctrl-C or SIGTERM.
pub(crate) fn league(args: parlour_league::command::LeagueArgs) -> Result<(), Failure> {
    use parlour_league::command::Next;
    match parlour_league::command::run(args, &mut std::io::stdout())? {
        Next::Done => Ok(()),
        Next::Failed(why) => Err(failed(why)),
        Next::Parlour(words) => dispatch(
            <Cli as clap::Parser>::try_parse_from(
                std::iter::once("parlour".to_string()).chain(words),
            )
            .map_err(|e| failed(e.to_string()))?,
        ),
    }
}

/// Prints `value` as one line of JSON.
pub(crate) fn print_json(value: &impl serde::Serialize) -> Result<(), Failure> {
    outln!(
        "{}",
        serde_json::to_string(value).map_err(|e| failed(e.to_string()))?
    );
    Ok(())
}

/// `parlour bench GAME`: random playouts or one bot's decisions; `--tournament` and
/// `--external` are in [`crate::bench`].
impl GameCommand for BenchArgs {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        if self.external.is_some() {
            return crate::bench::external::<G>(self);
        }
        if self.tournament {
            return crate::bench::tournament::<G>(self);
        }
        if self.games.is_some() {
            return Err(usage("--games needs --tournament or --external"));
        }
        let game: G = game_of(self.rules.pairs())?;
        let time = Duration::from_secs_f64(self.seconds);
        if let Some(name) = &self.bot {
            // Fail on an unknown name before the clock starts.
            let spec = checked_bot(&game, name)?;
            let report = parlour_core::bench::bot_playouts(&game, name, self.seed, time, |seed| {
                // Checked above, and making a bot does not depend on the seed.
                parlour_bots::make_bot::<G>(&spec, seed).expect("checked above")
            });
            return print_bot_bench(&report, self.format, self.seed);
        }
        let report = parlour_core::bench::random_playouts(&game, self.seed, time);
        match self.format {
            Format::Json => print_json(&report),
            Format::Table => {
                outln!("{}", parlour_arena::render::playouts(&report, self.seed));
                Ok(())
            }
        }
    }
}

fn print_bot_bench(report: &BotBenchReport, format: Format, seed: u64) -> Result<(), Failure> {
    match format {
        Format::Json => print_json(report),
        Format::Table => {
            outln!("{}", parlour_arena::render::bot_playouts(report, seed));
            Ok(())
        }
    }
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
fn go_score_bench(seconds: f64, seed: u64, format: Format) -> Result<(), Failure> {
    let bench = parlour_go::scoring::bench(seed, Duration::from_secs_f64(seconds))
        .map_err(|e| failed(e.to_string()))?;
    match format {
        Format::Json => print_json(&bench)?,
        Format::Table => outln!("{}", bench.text()),
    }
    Ok(())
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
