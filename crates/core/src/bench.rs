//! Random-playout throughput: how fast the engine plays uniformly random games on one core.

use std::time::{Duration, Instant};

use serde::Serialize;

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
