//! The league's game-generic work, for the game its configuration names: the table's size,
//! the house bots' check, a submission's check in the jail, and one ladder match.

use std::path::Path;

use parlour_arena::stats::ResultBounds;
use parlour_arena::{GameRecord, TournamentConfig};
use parlour_core::rng::derive_seed;
pub use parlour_dynamic::shards::Shown;
use parlour_games::options::make_game;
use parlour_games::{with_game, GameVisitor, Playable};
use parlour_protocol::check::{check_program, CheckMode};
use parlour_protocol::{EntrySpec, Mode, Pool, ProgramSpec};

use crate::config::LeagueConfig;
use crate::LeagueError;

/// Runs `visitor` for the league's game.
fn visit<V: GameVisitor<Output = Result<T, LeagueError>>, T>(
    config: &LeagueConfig,
    visitor: V,
) -> Result<T, LeagueError> {
    with_game(&config.game, visitor).map_err(|e| LeagueError::Config(e.to_string()))?
}

/// The league's game with its options, as tournaments play it.
fn game_of<G: Playable>(config: &LeagueConfig) -> Result<G, LeagueError> {
    make_game::<G>(config.pairs())
        .map(|g| g.tournament_unit())
        .map_err(|e| LeagueError::Config(format!("the game's options: {e}")))
}

/// Seats at the league's tables.
pub fn seats(config: &LeagueConfig) -> Result<usize, LeagueError> {
    struct Seats<'a>(&'a LeagueConfig);
    impl GameVisitor for Seats<'_> {
        type Output = Result<usize, LeagueError>;
        fn visit<G: Playable>(self) -> Self::Output {
            Ok(game_of::<G>(self.0)?.num_players())
        }
    }
    visit(config, Seats(config))
}

/// The game's own bots, strongest first: a league's default house bots.
pub(crate) fn own_bots(game: &str) -> Result<Vec<parlour_core::BotSpec>, LeagueError> {
    struct Own;
    impl GameVisitor for Own {
        type Output = Vec<parlour_core::BotSpec>;
        fn visit<G: Playable>(self) -> Self::Output {
            G::bots()
                .iter()
                .map(|b| parlour_core::BotSpec::named(b.name))
                .collect()
        }
    }
    with_game(game, Own).map_err(|e| LeagueError::Config(e.to_string()))
}

/// The range of the game's score (for the leaderboard's intervals).
pub(crate) fn bounds(config: &LeagueConfig) -> Result<ResultBounds, LeagueError> {
    struct Bounds<'a>(&'a LeagueConfig);
    impl GameVisitor for Bounds<'_> {
        type Output = Result<ResultBounds, LeagueError>;
        fn visit<G: Playable>(self) -> Self::Output {
            Ok(ResultBounds::of(&game_of::<G>(self.0)?))
        }
    }
    visit(config, Bounds(config))
}

/// Whether `config` makes a league: it holds together ([`LeagueConfig::check`]), its game and
/// options exist, it has a house bot (one fills the tables while few people have a
/// submission, and is every rating's fixed reference), and each is one of the game's.
pub fn check_league(config: &LeagueConfig) -> Result<(), LeagueError> {
    config.check()?;
    if config.house.is_empty() && seats(config)? > 1 {
        return Err(LeagueError::Config(
            "a league needs at least one house bot: it fills the tables while few people \
             have a submission, and is every rating's fixed reference"
                .into(),
        ));
    }
    check_house(config)
}

/// Every house bot is one of the game's.
fn check_house(config: &LeagueConfig) -> Result<(), LeagueError> {
    struct House<'a>(&'a LeagueConfig);
    impl GameVisitor for House<'_> {
        type Output = Result<(), LeagueError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let game = game_of::<G>(self.0)?;
            for spec in &self.0.house {
                parlour_bots::make_bot_for::<G>(&game, spec, 0)
                    .map_err(|e| LeagueError::Config(format!("house bot {spec}: {e}")))?;
            }
            Ok(())
        }
    }
    visit(config, House(config))
}

/// What checking a submission found: whether it passed, and the report its owner reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// Whether it may play.
    pub passed: bool,
    /// The checker's report (every fault with its position, the answer times), or why the
    /// program could not start.
    pub report: String,
}

/// The decisions a submission is checked on: whole games from the deal, one in each seat, the
/// other seats the game's heuristic bot, as `parlour check-bot --games` plays them (a course
/// bot that follows the game by its own moves needs whole games).
pub fn check_mode(seats: usize) -> CheckMode {
    CheckMode::Games {
        games: seats as u64,
    }
}

/// Checks a submission's program as `parlour check-bot` does (jailed where the machine has
/// the jail), its standard error logged to `log`.
pub(crate) fn check(
    config: &LeagueConfig,
    program: &ProgramSpec,
    log: &Path,
    seed: u64,
) -> Result<Checked, LeagueError> {
    struct Check<'a> {
        config: &'a LeagueConfig,
        program: &'a ProgramSpec,
        log: &'a Path,
        seed: u64,
    }
    impl GameVisitor for Check<'_> {
        type Output = Result<Checked, LeagueError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let game = game_of::<G>(self.config)?;
            let log =
                parlour_protocol::process::Log::open(self.log).map_err(|e| LeagueError::Io {
                    what: format!("cannot open {}", self.log.display()),
                    reason: e.to_string(),
                })?;
            let failed = |report: String| Checked {
                passed: false,
                report,
            };
            // As `parlour check-bot` checks: every fault kept with its position, no forfeit.
            let check = Mode::Check { budget: u64::MAX };
            let pool = match Pool::new(&game, self.program.clone(), Some(log), check) {
                Ok(pool) => pool,
                Err(e) => return Ok(failed(format!("it cannot start: {e}\n"))),
            };
            if let Err(e) = pool.preflight() {
                pool.shutdown();
                return Ok(failed(format!("it cannot start: {e}\n")));
            }
            let mode = check_mode(game.num_players());
            // The opponents `parlour check-bot` plays it against.
            let against =
                parlour_core::BotSpec::named(parlour_protocol::check::default_opponent::<G>());
            let opponent = |seed: u64| -> Box<dyn parlour_core::Bot<G>> {
                parlour_bots::make_bot_for::<G>(&game, &against, seed)
                    .unwrap_or_else(|_| Box::new(parlour_bots::RandomBot::new(seed)))
            };
            let report = check_program(
                &game,
                &pool,
                mode,
                &opponent,
                u64::from(parlour_protocol::check::MAX_FAULTS),
                self.seed,
                &mut |_| {},
            );
            pool.shutdown();
            Ok(match report {
                Ok(r) => Checked {
                    passed: r.passed(),
                    report: r.text(G::INFO.name, mode, self.seed, 20),
                },
                Err(e) => failed(format!("the check could not run: {e}\n")),
            })
        }
    }
    visit(
        config,
        Check {
            config,
            program,
            log,
            seed,
        },
    )
}

/// One ladder match's tournament: the entries (as many as the table has seats, in a cyclic
/// order) play one duplicate-deal group, the deal from `seed`, in every seat rotation. Its
/// records name the entries by their place in `entries`.
pub(crate) fn match_config(
    config: &LeagueConfig,
    entries: &[EntrySpec],
    seed: u64,
) -> Result<TournamentConfig, LeagueError> {
    struct Match<'a> {
        config: &'a LeagueConfig,
        entries: &'a [EntrySpec],
        seed: u64,
    }
    impl GameVisitor for Match<'_> {
        type Output = Result<TournamentConfig, LeagueError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let game = game_of::<G>(self.config)?;
            let seats = game.num_players();
            // Duplicate deals when the game has chance, as `TournamentConfig::new` sets.
            Ok(TournamentConfig::new(
                &game,
                self.entries.to_vec(),
                seats as u64,
                self.seed,
            ))
        }
    }
    visit(
        config,
        Match {
            config,
            entries,
            seed,
        },
    )
}

/// Plays one ladder match here (see [`match_config`]): each game's record and its trace (each
/// game written down move by move as it is played), in the schedule's order; `show` sees each
/// game as every seat sees it, for spectators. Programs log under `logs`.
pub(crate) fn play_match(
    config: &LeagueConfig,
    entries: &[EntrySpec],
    seed: u64,
    logs: &Path,
    show: &dyn Fn(Shown),
) -> Result<Vec<(GameRecord, String)>, LeagueError> {
    let tournament = match_config(config, entries, seed)?;
    parlour_dynamic::shards::play_traced(&tournament, logs, show)
        .map_err(|e| LeagueError::Match(e.to_string()))
}

/// The final's tournament: `entries`, `games` games (the game's default when `None`), from
/// `seed`, with duplicate deals when the game has chance.
pub(crate) fn final_config(
    config: &LeagueConfig,
    entries: Vec<EntrySpec>,
    games: Option<u64>,
    seed: u64,
) -> Result<TournamentConfig, LeagueError> {
    struct Final<'a> {
        config: &'a LeagueConfig,
        entries: Vec<EntrySpec>,
        games: Option<u64>,
        seed: u64,
    }
    impl GameVisitor for Final<'_> {
        type Output = Result<TournamentConfig, LeagueError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let game = game_of::<G>(self.config)?;
            let games = self
                .games
                .unwrap_or_else(|| game.default_tournament_games());
            if !(1..=parlour_arena::MAX_GAMES).contains(&games) {
                return Err(LeagueError::Refused(format!(
                    "a final of {games} games; from 1 to {}",
                    parlour_arena::MAX_GAMES
                )));
            }
            let c = TournamentConfig::new(&game, self.entries, games, self.seed);
            c.schedule()
                .map_err(|e| LeagueError::Refused(e.to_string()))?;
            Ok(c)
        }
    }
    visit(
        config,
        Final {
            config,
            entries,
            games,
            seed,
        },
    )
}

/// Plays the final stored at `db` to its end (or until `stop`): every game recorded as it ends,
/// so an interrupted final resumes where it stopped (as a shard on a Ray node does, through the
/// same [`parlour_dynamic::shards::play_into`]). Programs log under `logs`.
pub(crate) fn play_final(
    db: &Path,
    jobs: usize,
    logs: &Path,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> Result<u64, LeagueError> {
    let bad = |e: String| LeagueError::Match(format!("the final: {e}"));
    let (stored, _) = parlour_arena::store::Store::read(db).map_err(|e| bad(e.to_string()))?;
    parlour_dynamic::shards::play_into(&stored, None, db, jobs, logs, Some(stop), &mut |_, _| {})
        .map(|run| run.played)
        .map_err(|e| bad(e.to_string()))
}

/// The seed of ladder match `n`: from the league's seed alone, so any match can be replayed.
pub fn match_seed(config: &LeagueConfig, n: u64) -> u64 {
    derive_seed(derive_seed(config.seed, MATCH_STREAM), n)
}

/// The seed of the check of submission `n`.
pub fn check_seed(config: &LeagueConfig, n: u64) -> u64 {
    derive_seed(derive_seed(config.seed, CHECK_STREAM), n)
}

const MATCH_STREAM: u64 = 0x6c61_6464_6572;
const CHECK_STREAM: u64 = 0x0063_6865_636b;
