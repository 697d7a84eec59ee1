//! # parlour-bots
//!
//! Game-agnostic bots, written against the core API only, so they play every parlour game.
//!
//! - [`RandomBot`]: uniform over the legal actions, from its own seed.
//!
//! A game's own bots (a Uno heuristic, say) live in that game's crate and are listed by
//! [`Game::bots`](parlour_core::Game::bots); [`make_bot`] finds a bot by name in either place.
//!
//! ```
//! use parlour_core::{toy::HighCard, Bot, Decision, Game, State};
//! use parlour_bots::RandomBot;
//!
//! let game = HighCard::new(Default::default()).unwrap();
//! let state = game.new_game(1);
//! let seat = state.current_player().unwrap();
//! let legal = state.legal_action_vec();
//! let observation = state.observation(seat);
//! let mut bot = RandomBot::new(9);
//! let action = Bot::<HighCard>::act(&mut bot, &Decision { game: &game, seat, observation: &observation, legal: &legal });
//! assert!(legal.contains(&action));
//! ```
#![deny(missing_docs)]

use parlour_core::rng::{seeded, GameRng};
use parlour_core::{Bot, Decision, Game};
use rand::RngExt;

/// Plays uniformly at random over the legal actions.
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot with its seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: seeded(seed) }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        d.legal[self.rng.random_range(0..d.legal.len())]
    }
}

/// Names and one-line descriptions of the game-agnostic bots.
pub const GENERIC_BOTS: &[(&str, &str)] = &[("random", "uniform over the legal actions")];

/// Every bot name `G` can field, with a description: the generic bots, then the game's own.
pub fn bot_names<G: Game>() -> Vec<(&'static str, &'static str)> {
    GENERIC_BOTS
        .iter()
        .copied()
        .chain(G::bots().iter().map(|b| (b.name, b.about)))
        .collect()
}

/// Makes the bot called `name` for game `G` with `seed`, or `None` if `G` has no such bot.
pub fn make_bot<G: Game>(name: &str, seed: u64) -> Option<Box<dyn Bot<G>>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        _ => G::bots()
            .iter()
            .find(|b| b.name == name)
            .map(|b| (b.make)(seed)),
    }
}
