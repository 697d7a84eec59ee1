//! # parlour-arena
//!
//! Tournaments between bots at one table: every entry takes every seat in turn, games run in
//! parallel yet deterministically, and the standings come with 95% confidence intervals.
//!
//! A [`TableConfig`] names one bot per seat and a number of rounds. The rounds are split into one
//! block per seat rotation (block `b` seats entry `i` at seat `(i + b) % k`), so every entry plays
//! every seat equally often. Within a block the rounds are played as one game of that many rounds
//! when the game is made of rounds (a Uno table of 12,500 rounds keeps its running scores, as the
//! seed's 50,000-round table does), or as consecutive games otherwise. Block `b`'s seed is
//! `derive_seed(seed, b)`, so the standings do not depend on `jobs` or on thread timing.
//!
//! ```
//! use parlour_arena::{run_table, TableConfig};
//! use parlour_core::{toy::HighCard, Game};
//!
//! let config = TableConfig { bots: vec!["random".into(), "random".into()], rounds: 200, seed: 1, jobs: 1 };
//! let standings = run_table(
//!     &config,
//!     |_rounds| HighCard::new(Default::default()).unwrap(),
//!     parlour_bots::make_bot::<HighCard>,
//!     |_| {},
//! )
//! .unwrap();
//! assert_eq!(standings.rounds, 200);
//! assert_eq!(standings.entries.iter().map(|e| e.rounds).sum::<u64>(), 400);
//! ```
#![deny(missing_docs)]

use parlour_core::play::{play, PlayError};
use parlour_core::rng::derive_seed;
use parlour_core::{Bot, Game, State};
use rayon::prelude::*;
use serde::Serialize;

/// One table's tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableConfig {
    /// The bot at each seat (by name); the table has this many seats.
    pub bots: Vec<String>,
    /// Rounds to play in all.
    pub rounds: u32,
    /// The tournament seed.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub jobs: usize,
}

/// Why a tournament could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// A bot name the game does not know.
    #[error("unknown bot {0:?}")]
    UnknownBot(String),
    /// No rounds to play.
    #[error("the number of rounds must be at least 1")]
    NoRounds,
    /// A game failed (an illegal action from a bot, ...).
    #[error("block {block}: {error}")]
    Play {
        /// The block (seat rotation) in which it failed.
        block: usize,
        /// What failed.
        error: PlayError,
    },
    /// The thread pool could not start.
    #[error("cannot start worker threads: {0}")]
    Threads(String),
}

/// One entry's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EntryStanding {
    /// The entry's label (its bot name, numbered when a bot sits more than once).
    pub entry: String,
    /// The bot's name.
    pub bot: String,
    /// Rounds played.
    pub rounds: u64,
    /// Rounds won (a shared win counts for each winner).
    pub wins: u64,
    /// Share of rounds won.
    pub win_share: f64,
    /// 95% Wilson score interval for the win share.
    pub win_share_ci: (f64, f64),
    /// Total points scored.
    pub total_points: f64,
    /// Mean points per round.
    pub mean_points: f64,
    /// 95% normal interval for the mean points per round.
    pub mean_points_ci: (f64, f64),
}

/// A tournament's standings, best total first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standings {
    /// The game's name.
    pub game: String,
    /// The tournament seed.
    pub seed: u64,
    /// Rounds played.
    pub rounds: u64,
    /// Rounds that nobody won (e.g. a drawn Uno round).
    pub drawn_rounds: u64,
    /// Player decisions made.
    pub decisions: u64,
    /// One row per entry, by total points then wins.
    pub entries: Vec<EntryStanding>,
}

#[derive(Debug, Clone, Default)]
struct Tally {
    rounds: u64,
    wins: u64,
    points: f64,
    points_sq: f64,
}

#[derive(Debug, Default)]
struct BlockResult {
    tallies: Vec<Tally>,
    rounds: u64,
    drawn_rounds: u64,
    decisions: u64,
}

/// Labels for the entries: the bot name, numbered `#1`, `#2`, ... when it appears more than once.
pub fn entry_labels(bots: &[String]) -> Vec<String> {
    bots.iter()
        .enumerate()
        .map(|(i, b)| {
            if bots.iter().filter(|x| *x == b).count() > 1 {
                let k = bots[..=i].iter().filter(|x| *x == b).count();
                format!("{b}#{k}")
            } else {
                b.clone()
            }
        })
        .collect()
}

/// The 95% Wilson score interval for `wins` out of `n`.
pub fn wilson_interval(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Plays the tournament. `make_game(r)` makes the game for a block that still needs `r` rounds
/// (a game made of rounds should play `r` of them; others ignore it); `make_bot(name, seed)`
/// makes a bot; `on_round(1)` is called as each round finishes (for a progress bar).
pub fn run_table<G: Game>(
    config: &TableConfig,
    make_game: impl Fn(u32) -> G + Sync,
    make_bot: impl Fn(&str, u64) -> Option<Box<dyn Bot<G>>> + Sync,
    on_round: impl Fn(u64) + Sync,
) -> Result<Standings, ArenaError> {
    if config.rounds == 0 {
        return Err(ArenaError::NoRounds);
    }
    for name in &config.bots {
        if make_bot(name, 0).is_none() {
            return Err(ArenaError::UnknownBot(name.clone()));
        }
    }
    let k = config.bots.len();
    let per_block = config.rounds / k as u32;
    let extra = config.rounds % k as u32;
    let blocks: Vec<(usize, u32)> = (0..k)
        .map(|b| (b, per_block + u32::from((b as u32) < extra)))
        .filter(|&(_, r)| r > 0)
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        // More threads than blocks could never help.
        .num_threads(config.jobs.clamp(1, blocks.len().max(1)))
        .build()
        .map_err(|e| ArenaError::Threads(e.to_string()))?;
    let results: Vec<Result<BlockResult, ArenaError>> = pool.install(|| {
        blocks
            .par_iter()
            .map(|&(b, rounds)| play_block(config, b, rounds, &make_game, &make_bot, &on_round))
            .collect()
    });
    let mut total = BlockResult {
        tallies: vec![Tally::default(); k],
        ..BlockResult::default()
    };
    for r in results {
        let r = r?;
        for (t, x) in total.tallies.iter_mut().zip(&r.tallies) {
            t.rounds += x.rounds;
            t.wins += x.wins;
            t.points += x.points;
            t.points_sq += x.points_sq;
        }
        total.rounds += r.rounds;
        total.drawn_rounds += r.drawn_rounds;
        total.decisions += r.decisions;
    }
    let labels = entry_labels(&config.bots);
    let mut entries: Vec<EntryStanding> = total
        .tallies
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let n = t.rounds.max(1) as f64;
            let mean = t.points / n;
            let var = if t.rounds > 1 {
                ((t.points_sq - t.points * t.points / n) / (n - 1.0)).max(0.0)
            } else {
                0.0
            };
            let half = 1.959_963_984_540_054 * (var / n).sqrt();
            EntryStanding {
                entry: labels[i].clone(),
                bot: config.bots[i].clone(),
                rounds: t.rounds,
                wins: t.wins,
                win_share: t.wins as f64 / n,
                win_share_ci: wilson_interval(t.wins, t.rounds),
                total_points: t.points,
                mean_points: mean,
                mean_points_ci: (mean - half, mean + half),
            }
        })
        .collect();
    entries.sort_by(|a, b| {
        b.total_points
            .total_cmp(&a.total_points)
            .then(b.wins.cmp(&a.wins))
            .then(a.entry.cmp(&b.entry))
    });
    Ok(Standings {
        game: G::NAME.into(),
        seed: config.seed,
        rounds: total.rounds,
        drawn_rounds: total.drawn_rounds,
        decisions: total.decisions,
        entries,
    })
}

fn play_block<G: Game>(
    config: &TableConfig,
    block: usize,
    rounds: u32,
    make_game: &(impl Fn(u32) -> G + Sync),
    make_bot: &(impl Fn(&str, u64) -> Option<Box<dyn Bot<G>>> + Sync),
    on_round: &(impl Fn(u64) + Sync),
) -> Result<BlockResult, ArenaError> {
    let k = config.bots.len();
    let block_seed = derive_seed(config.seed, block as u64);
    // Entry i sits at seat (i + block) % k.
    let entry_at = |seat: usize| (seat + k - block % k) % k;
    let mut result = BlockResult {
        tallies: vec![Tally::default(); k],
        ..BlockResult::default()
    };
    let mut done: u32 = 0;
    let mut game_index = 0u64;
    while done < rounds {
        let game = make_game(rounds - done);
        let game_seed = derive_seed(block_seed, game_index);
        let mut bots = (0..k)
            .map(|seat| {
                let name = &config.bots[entry_at(seat)];
                make_bot(name, derive_seed(game_seed, 1 + seat as u64))
                    .ok_or_else(|| ArenaError::UnknownBot(name.clone()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut record = |r: &parlour_core::RoundResult| {
            if done >= rounds {
                return;
            }
            done += 1;
            result.rounds += 1;
            if r.winners.is_empty() {
                result.drawn_rounds += 1;
            }
            for seat in 0..k {
                let t = &mut result.tallies[entry_at(seat)];
                t.rounds += 1;
                t.points += r.points[seat];
                t.points_sq += r.points[seat] * r.points[seat];
                if r.winners.contains(&seat) {
                    t.wins += 1;
                }
            }
            on_round(1);
        };
        let state = game.new_game(game_seed);
        let end = play(&game, state, &mut bots, |step| {
            if step.after.rounds_completed() > step.before.rounds_completed() {
                if let Some(r) = step.after.last_round() {
                    record(&r);
                }
            }
            Ok(())
        })
        .map_err(|error| ArenaError::Play { block, error })?;
        result.decisions += end.decisions();
        game_index += 1;
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_known_values() {
        let (lo, hi) = wilson_interval(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
        let (lo, hi) = wilson_interval(0, 10);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.2 && hi < 0.35);
    }

    #[test]
    fn labels_number_repeated_bots() {
        let bots: Vec<String> = ["heuristic", "random", "random", "random"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            entry_labels(&bots),
            ["heuristic", "random#1", "random#2", "random#3"]
        );
    }
}
