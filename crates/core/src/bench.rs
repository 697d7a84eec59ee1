//! Throughput on one core: how fast the engine plays uniformly random games
//! ([`random_playouts`]), and how fast a bot decides and works ([`bot_playouts`]).

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::bot::{Bot, Decision};
use crate::game::{Game, State};
use crate::rng::{derive_seed, seeded};

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
        let mut state = game.new_game(derive_seed(seed, games));
        while let Some(a) = state.random_action(&mut rng, &mut legal) {
            state.apply_unchecked(a);
        }
        actions += state.decisions();
        games += 1;
        elapsed = start.elapsed();
    }
    let seconds = elapsed.as_secs_f64();
    BenchReport {
        game: G::NAME.into(),
        seconds,
        games,
        actions,
        games_per_sec: games as f64 / seconds,
        actions_per_sec: actions as f64 / seconds,
    }
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
    let mut legal = Vec::with_capacity(256);
    let mut totals: Vec<(String, u64)> = Vec::new();
    let (mut games, mut decisions) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < duration {
        let game_seed = derive_seed(seed, games);
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..game.num_players())
            .map(|s| make(derive_seed(game_seed, 1 + s as u64)))
            .collect();
        let mut state = game.new_game(game_seed);
        while let Some(seat) = state.current_player() {
            state.legal_actions(&mut legal);
            let observation = state.observation(seat);
            let action = bots[seat].act(&Decision {
                game,
                seat,
                observation: &observation,
                legal: &legal,
            });
            state.apply_unchecked(action);
            decisions += 1;
            if start.elapsed() >= duration {
                break;
            }
        }
        // A game cut short by the clock is not counted; its decisions and work are.
        games += u64::from(state.is_terminal());
        add_counters(&mut totals, &bots);
    }
    let seconds = start.elapsed().as_secs_f64();
    BotBenchReport {
        game: G::NAME.into(),
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
