//! What Nim lends its bots: [`PerfectBot`], which plays the nim-sum strategy.

use parlour_core::rng::{seeded, GameRng};
use parlour_core::{choose, Bot, BotEntry, Decision, GameAi};

use crate::action::NimAction;
use crate::state::Nim;

/// The bots Nim offers by name.
pub static BOTS: &[BotEntry<Nim>] = &[BotEntry {
    name: "perfect",
    about: "moves to a position whose piles XOR to zero when it can (a win with best play), else takes at random",
    options: &[],
    make: |seed, _| Ok(Box::new(PerfectBot::new(seed))),
}];

impl GameAi for Nim {
    const STRONGEST_BOT: &'static str = "perfect";

    fn bots() -> &'static [BotEntry<Nim>] {
        BOTS
    }
}

/// Bouton's strategy: leave the piles with a nim-sum (XOR) of zero, which the opponent cannot
/// keep; from a zero position, any move (drawn with the bot's seed).
#[derive(Debug, Clone)]
pub struct PerfectBot {
    rng: GameRng,
}

impl PerfectBot {
    /// A perfect bot with its seed.
    pub fn new(seed: u64) -> PerfectBot {
        PerfectBot { rng: seeded(seed) }
    }
}

impl Bot<Nim> for PerfectBot {
    fn act(&mut self, d: &Decision<'_, Nim>) -> NimAction {
        let piles = &d.observation().piles;
        let sum = piles.iter().fold(0, |x, &p| x ^ p);
        let winning: Vec<NimAction> = d
            .legal
            .iter()
            .copied()
            .filter(|a| {
                let p = piles[usize::from(a.pile)];
                sum != 0 && p ^ sum < p && a.count == p - (p ^ sum)
            })
            .collect();
        let from = if winning.is_empty() {
            d.legal
        } else {
            &winning
        };
        choose::draw(from, &mut self.rng).expect("a decision has legal actions")
    }
}
