//! `parlour play GAME`: people and bots at one table in the terminal.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use parlour_bots::human::{HumanBot, LineSource};
use parlour_core::play::Runner;
use parlour_core::rng::seat_seed;
use parlour_core::trace::{TraceFile, TraceWriter};
use parlour_core::{Bot, Decision, GameText, State};
use parlour_games::Playable;
use parlour_protocol::{
    EntrySpec, LimitOverrides, Mode, Player, Programs, SeatSpec, Table as Seats,
};
use serde_json::Value;

use crate::args::PlayArgs;
use crate::common::{failed, game_of, usage, Failure, GameCommand};

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

/// The seats' names: `--seats`, or a human and the game's strongest bot everywhere else.
fn seat_names<G: Playable>(args: &PlayArgs, seats: usize) -> Result<Vec<String>, Failure> {
    match &args.seats {
        Some(text) => {
            parlour_protocol::split_entries(text).map_err(|e| usage(format!("--seats: {e}")))
        }
        None => Ok(std::iter::once("human")
            .chain(std::iter::repeat_n(G::STRONGEST_BOT, seats - 1))
            .map(String::from)
            .collect()),
    }
}

impl GameCommand for PlayArgs {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let default_game: G = game_of(self.rules.pairs())?;
        let names = seat_names::<G>(&self, default_game.num_players())?;
        // `--seats` sets the table's size unless `-o players=N` does.
        let game: G = if self.seats.is_some()
            && !self.rules.options.iter().any(|(k, _)| k == "players")
            && names.len() != default_game.num_players()
        {
            let mut pairs = self.rules.pairs();
            pairs.push(("players".into(), Value::from(names.len())));
            game_of(pairs)?
        } else {
            default_game
        };
        if names.len() != game.num_players() {
            return Err(usage(format!(
                "--seats names {} seats but the game has {}",
                names.len(),
                game.num_players()
            )));
        }
        // Who sits where: a person, a built-in bot or a program (held to the default limits).
        let limits = LimitOverrides::default();
        let specs = names
            .iter()
            .map(|n| SeatSpec::from_text(n, limits.over(Default::default()), limits.max_faults()))
            .collect::<Result<Vec<_>, _>>()?;
        // With a program at the table the seed must not be guessable (a clock reading is): it
        // could compute every hand from it.
        let seed = self.seed.unwrap_or_else(|| {
            if specs.iter().any(|s| s.program().is_some()) {
                rand::random()
            } else {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64)
            }
        });
        let closed = Arc::new(AtomicBool::new(false));
        let humans: Vec<usize> = (0..specs.len()).filter(|&i| specs[i].is_human()).collect();
        let mut bots: Vec<Player<G>> = Vec::new();
        // Programs seated at the table, kept running until the game ends.
        let mut held = Vec::new();
        for (seat, spec) in specs.into_iter().enumerate() {
            let seed = seat_seed(seed, seat);
            match spec {
                SeatSpec::Human { .. } => bots.push(Player::BuiltIn(Box::new(Human {
                    bot: HumanBot::at_terminal(humans.len() > 1),
                    closed: closed.clone(),
                }))),
                SeatSpec::Entry(EntrySpec::Program(program)) => {
                    // A program at the table: started and greeted now, its log under
                    // parlour-runs.
                    let label = format!("seat{seat}-{}", program.name);
                    let spec = EntrySpec::Program(program);
                    let programs = Programs::start(
                        &game,
                        std::slice::from_ref(&spec),
                        &[label],
                        &PathBuf::from("parlour-runs").join("bot-logs"),
                        Mode::Tournament,
                        None,
                    )?;
                    bots.push(
                        programs
                            .player::<G>(&spec, seed)
                            .map_err(|e| failed(e.to_string()))?,
                    );
                    held.push(programs);
                }
                SeatSpec::Entry(EntrySpec::Bot(spec)) => {
                    bots.push(Player::BuiltIn(parlour_bots::make_bot_for::<G>(
                        &game, &spec, seed,
                    )?));
                }
            }
        }
        let has_human = !humans.is_empty();
        // With a person at the table, the seed and the trace (which holds every seat's view)
        // would reveal hidden cards during play: the seed is shown only at the end, and the
        // trace is kept in memory and written when the game stops.
        let mut trace = match &self.trace {
            Some(path) => Some(
                TraceWriter::new(open_trace(path, has_human)?, &game, seed, &names)
                    .map_err(|e| failed(format!("writing trace {}: {e}", path.display())))?,
            ),
            None => None,
        };
        let shown_seed = if has_human && self.seed.is_none() {
            "chosen at random (shown at the end)".to_string()
        } else {
            seed.to_string()
        };
        let table: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{i}={n}"))
            .collect();
        outln!(
            "{} · seed {shown_seed} · seats: {}",
            G::INFO.name,
            table.join(" ")
        );
        let mut seats = Seats::new(bots);
        let end = Runner::new(&game).play_steps(game.new_game(seed), &mut seats, |step| {
            if closed.load(Ordering::SeqCst) {
                return Err("standard input closed before the game ended".to_string());
            }
            if let Some(t) = trace.as_mut() {
                t.step(step)
                    .map_err(|e| format!("writing the trace: {e}"))?;
            }
            // With people at the table, print only what every one of them may see.
            let visible = humans
                .iter()
                .all(|&h| game.action_visible(step.seat, &step.action, h));
            let name = &names[step.seat];
            if visible {
                outln!("seat {} ({name}): {}", step.seat, step.action);
            } else {
                outln!("seat {} ({name}): moved (hidden)", step.seat);
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
                sink.save()
                    .map_err(|e| failed(format!("writing trace {}: {e}", path.display())))?;
                outln!("trace written to {}", path.display());
                end
            }
            (Ok(end), _, _) => end,
            (Err(e), t, path) => {
                // Keep what was recorded before the game stopped.
                if let (Some(t), Some(path)) = (t, path) {
                    t.into_inner()
                        .save()
                        .map_err(|e| failed(format!("writing trace {}: {e}", path.display())))?;
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

/// The trace file, created now so that a bad path is reported before play; its lines held in
/// memory while a person plays (the trace holds every seat's view).
fn open_trace(path: &Path, held: bool) -> Result<TraceFile, Failure> {
    TraceFile::create(path, held)
        .map_err(|e| usage(format!("cannot write trace {}: {e}", path.display())))
}
