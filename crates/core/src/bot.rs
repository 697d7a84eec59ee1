//! The [`Bot`] trait: a player that sees one seat's observation and picks a legal action.
//!
//! Bots are separate from the rules. A bot never receives a [`State`](crate::State): only its
//! seat's observation and the legal actions. A search bot that needs full states asks the game to
//! [`resample`](crate::Game::resample) from that observation.

use crate::game::{Game, Seat};

/// One decision put to a bot.
#[derive(Debug)]
pub struct Decision<'a, G: Game> {
    /// The game being played (for its options and for resampling).
    pub game: &'a G,
    /// The seat deciding.
    pub seat: Seat,
    /// What that seat can see.
    pub observation: &'a G::Observation,
    /// The legal actions, never empty.
    pub legal: &'a [G::Action],
}

/// A player program. Bots take their seed when made and never use the thread RNG, so a game
/// between bots replays exactly from its seeds.
pub trait Bot<G: Game>: Send {
    /// The action to play; it must be one of `decision.legal`.
    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action;

    /// The bot's work so far, for benchmarks: named running totals such as search nodes or
    /// simulations (none by default).
    fn counters(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }
}

/// Makes a bot from a seed.
pub type BotMaker<G> = fn(seed: u64) -> Box<dyn Bot<G>>;

/// A named bot a game offers (see [`Game::bots`](crate::Game::bots)).
pub struct BotEntry<G: Game> {
    /// Its name on the command line.
    pub name: &'static str,
    /// One line on how it plays.
    pub about: &'static str,
    /// Makes one.
    pub make: BotMaker<G>,
}

impl<G: Game> std::fmt::Debug for BotEntry<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotEntry")
            .field("name", &self.name)
            .finish()
    }
}
