//! Throughput on one core: how fast the engine plays uniformly random games
//! ([`random_playouts`]), and how fast a bot decides and works ([`bot_playouts`]).

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::bot::Bot;
use crate::game::{Game, State};
use crate::play::Runner;
use crate::rng::{derive_seed, seeded, GameRng};

/// The figures of one benchmark run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BenchReport {
    /// The game's name.
    pub game: String,
    /// Wall-clock seconds measured.
    pub seconds: f64,
    /// Complete games played.
    pub games: u64,
    /// Player decisions made (each decision counts once; deals and reshuffles do not).
    pub actions: u64,
    /// Games per second.
    pub games_per_sec: f64,
    /// Player actions per second.
    pub actions_per_sec: f64,
}

/// Plays uniformly random games of `game` (dealt from seeds derived from `seed`) on the calling
/// thread for about `duration`, choosing with a seeded generator through
/// [`State::random_action`], and reports the throughput.
/// Only whole games are counted.
pub fn random_playouts<G: Game>(game: &G, seed: u64, duration: Duration) -> BenchReport {
    let mut rng = seeded(seed);
    let mut legal = Vec::with_capacity(256);
    let mut games = 0u64;
    let mut actions = 0u64;
    let start = Instant::now();
    let mut elapsed = Duration::ZERO;
    while elapsed < duration {
        actions += random_playout(game, derive_seed(seed, games), &mut rng, &mut legal);
        games += 1;
        elapsed = start.elapsed();
    }
    let seconds = elapsed.as_secs_f64();
    BenchReport {
        game: G::INFO.name.into(),
        seconds,
        games,
        actions,
        games_per_sec: games as f64 / seconds,
        actions_per_sec: actions as f64 / seconds,
    }
}

/// One uniformly random game of `game` dealt from `seed`, choosing with `rng` through
/// [`State::random_action`] (`legal` is scratch space); returns the decisions made. The unit
/// of work of [`random_playouts`] and of the criterion benches.
pub fn random_playout<G: Game>(
    game: &G,
    seed: u64,
    rng: &mut GameRng,
    legal: &mut Vec<G::Action>,
) -> u64 {
    let mut state = game.new_game(seed);
    while let Some(a) = state.random_action(rng, legal) {
        state.apply_unchecked(a);
    }
    state.decisions()
}

/// One game of `game` dealt from `seed` with `bots` in the seats, their actions trusted (see
/// [`Runner::trusted`]); returns the final state. The unit of work of [`bot_playouts`] and of
/// the criterion benches.
pub fn bot_game<G: Game>(game: &G, seed: u64, bots: &mut Vec<Box<dyn Bot<G>>>) -> G::State {
    Runner::new(game)
        .trusted()
        .play(game.new_game(seed), bots)
        .expect("one bot for each seat")
}

/// The figures of one bot benchmark run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BotBenchReport {
    /// The game's name.
    pub game: String,
    /// The bot's name.
    pub bot: String,
    /// Wall-clock seconds measured.
    pub seconds: f64,
    /// Games finished.
    pub games: u64,
    /// Decisions the bots made.
    pub decisions: u64,
    /// Decisions per second.
    pub decisions_per_sec: f64,
    /// Each of the bot's work counters (see [`Bot::counters`]): name, total, and per second.
    pub counters: Vec<(String, u64, f64)>,
}

/// Plays games of `game` with the bot `make` builds in every seat (each seat its own bot, from
/// seeds derived from `seed`) on the calling thread for about `duration`, and reports how fast
/// the bot decides and works. The clock is checked after every decision, so a slow bot's last
/// game may be cut short; its decisions still count.
pub fn bot_playouts<G: Game>(
    game: &G,
    bot: &str,
    seed: u64,
    duration: Duration,
    make: impl Fn(u64) -> Box<dyn Bot<G>>,
) -> BotBenchReport {
    let mut totals: Vec<(String, u64)> = Vec::new();
    let (mut games, mut decisions) = (0u64, 0u64);
    let start = Instant::now();
    let runner = Runner::new(game).trusted().until(start + duration);
    while start.elapsed() < duration {
        let game_seed = derive_seed(seed, games);
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..game.num_players())
            .map(|s| make(derive_seed(game_seed, 1 + s as u64)))
            .collect();
        let state = runner
            .play(game.new_game(game_seed), &mut bots)
            .expect("one bot for each seat");
        decisions += state.decisions();
        // A game cut short by the clock is not counted; its decisions and work are.
        games += u64::from(state.is_terminal());
        add_counters(&mut totals, &bots);
    }
    let seconds = start.elapsed().as_secs_f64();
    BotBenchReport {
        game: G::INFO.name.into(),
        bot: bot.into(),
        seconds,
        games,
        decisions,
        decisions_per_sec: decisions as f64 / seconds,
        counters: totals
            .into_iter()
            .map(|(name, n)| (name, n, n as f64 / seconds))
            .collect(),
    }
}

fn add_counters<G: Game>(totals: &mut Vec<(String, u64)>, bots: &[Box<dyn Bot<G>>]) {
    for bot in bots {
        for (name, n) in bot.counters() {
            match totals.iter_mut().find(|(t, _)| t == name) {
                Some((_, total)) => *total += n,
                None => totals.push((name.to_string(), n)),
            }
        }
    }
}
