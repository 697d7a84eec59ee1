//! What Chexers lends its bots ([`GameAi`] for [`Chexers`]), kept apart from the rules and
//! behind the default feature `ai`:
//!
//! - the race heuristic every bot judges by ([`score`]: how far each colour is from finishing);
//! - its own bots, by command-line name: `search`, the paranoid alpha-beta [`SearchBot`]
//!   (`alphabeta.rs`), and `greedy`, the one-ply [`GreedyBot`] (`greedy.rs`);
//! - the tuning of the game-agnostic Monte Carlo search, `ismcts` from `parlour-bots`
//!   ([`tuning`], [`RaceEvaluator`]; `tuning.rs`);
//! - the sampler that search draws states from ([`ChexersSampler`]: the one state the
//!   observation allows).
//!
//! The bots read the state's internals (apply and undo, the exact position key) through
//! crate-private access: nothing in the rules knows them.

mod alphabeta;
mod greedy;
mod heuristic;
mod tuning;

pub use alphabeta::{SearchBot, SearchConfig, SearchStats, SEARCH_OPTIONS, WIN};
pub use greedy::GreedyBot;
pub use heuristic::score;
pub use tuning::{tuning, RaceEvaluator};

use parlour_core::rng::GameRng;
use parlour_core::search::{Sampler, SearchTuning};
use parlour_core::{BotEntry, GameAi, ResampleError};

use crate::observation::ChexersObservation;
use crate::sampler::ChexersSampler;
use crate::state::Chexers;

/// The bots Chexers offers, strongest first.
pub static BOTS: &[BotEntry<Chexers>] = &[
    BotEntry {
        name: "search",
        about: "paranoid alpha-beta with iterative deepening, move ordering and a transposition \
                table; 200,000 nodes a move",
        options: SEARCH_OPTIONS,
        make: |seed, options| {
            Ok(Box::new(SearchBot::new(
                SearchConfig::from_options(options)?,
                seed,
            )))
        },
    },
    BotEntry {
        name: "greedy",
        about: "one ply: the action that leaves its exits, distance to exit and pieces held best",
        options: &[],
        make: |seed, _| Ok(Box::new(GreedyBot::new(seed))),
    },
];

impl GameAi for Chexers {
    /// The alpha-beta bot.
    const STRONGEST_BOT: &'static str = "search";

    fn bots() -> &'static [BotEntry<Chexers>] {
        BOTS
    }

    /// The one state the observation allows, replayed once and copied for each sample.
    fn sampler<'a>(
        &'a self,
        observation: &'a ChexersObservation,
        _rng: &mut GameRng,
    ) -> Result<Box<dyn Sampler<Chexers> + 'a>, ResampleError> {
        Ok(Box::new(ChexersSampler::new(observation)?))
    }

    fn search_tuning(&self) -> SearchTuning<Chexers> {
        tuning()
    }
}
