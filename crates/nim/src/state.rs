//! The engine: [`Nim`] (the game and its options) and [`NimState`] (a position).

use parlour_core::rng::seeded;
use parlour_core::{IllegalAction, RoundResult, Seat, State};
use rand::RngExt;
use serde::{Deserialize, Serialize};

use crate::action::NimAction;
use crate::observation::NimObservation;

/// The most piles a game may have.
pub const MAX_PILES: usize = 8;
/// The most objects a pile may start with.
pub const MAX_OBJECTS: u8 = 15;

/// Nim's options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NimOptions {
    /// Piles, 1 to 8.
    pub piles: usize,
    /// Each pile starts with 1 to this many objects (drawn from the seed), at most 15.
    pub most: u8,
}

impl Default for NimOptions {
    fn default() -> NimOptions {
        NimOptions { piles: 3, most: 7 }
    }
}

/// The game of Nim with its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nim {
    pub(crate) options: NimOptions,
}

impl Nim {
    /// Three piles of 1 to 7.
    pub fn standard() -> Nim {
        Nim {
            options: NimOptions::default(),
        }
    }
}

/// A Nim position: the piles, the seat to move, and the winner once the last object is taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NimState {
    pub(crate) piles: Vec<u8>,
    pub(crate) current: Seat,
    pub(crate) decisions: u64,
    pub(crate) winner: Option<Seat>,
}

impl NimState {
    /// A new game of `game` dealt from `seed`: each pile gets 1 to `most` objects; seat 0 moves
    /// first.
    pub(crate) fn deal(game: &Nim, seed: u64) -> NimState {
        let mut rng = seeded(seed);
        NimState {
            piles: (0..game.options.piles)
                .map(|_| rng.random_range(1..=game.options.most))
                .collect(),
            current: 0,
            decisions: 0,
            winner: None,
        }
    }

    /// The objects left in each pile.
    pub fn piles(&self) -> &[u8] {
        &self.piles
    }
}

impl State<Nim> for NimState {
    fn current_player(&self) -> Option<Seat> {
        match self.winner {
            Some(_) => None,
            None => Some(self.current),
        }
    }

    fn legal_actions(&self, out: &mut Vec<NimAction>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        for (pile, &left) in self.piles.iter().enumerate() {
            for count in 1..=left {
                out.push(NimAction {
                    pile: pile as u8,
                    count,
                });
            }
        }
    }

    fn check(&self, action: NimAction) -> Result<(), IllegalAction> {
        if self.winner.is_some() {
            return Err(IllegalAction::new(action, "the game is over"));
        }
        match self.piles.get(usize::from(action.pile)) {
            None => Err(IllegalAction::new(
                action,
                format!("there are only {} piles", self.piles.len()),
            )),
            Some(&left) if action.count == 0 || action.count > left => Err(IllegalAction::new(
                action,
                format!("pile {} has {left} left", action.pile),
            )),
            Some(_) => Ok(()),
        }
    }

    fn apply_unchecked(&mut self, action: NimAction) {
        let pile = &mut self.piles[usize::from(action.pile)];
        *pile = pile.saturating_sub(action.count);
        self.decisions += 1;
        if self.piles.iter().all(|&p| p == 0) {
            // Normal play: whoever takes the last object wins.
            self.winner = Some(self.current);
        } else {
            self.current = 1 - self.current;
        }
    }

    fn returns(&self) -> Vec<f64> {
        (0..2)
            .map(|s| f64::from(u8::from(self.winner == Some(s))))
            .collect()
    }

    fn observation(&self, seat: Seat) -> NimObservation {
        NimObservation {
            seat,
            piles: self.piles.clone(),
            current_player: self.current_player(),
            decisions: self.decisions,
            winner: self.winner,
        }
    }

    fn decisions(&self) -> u64 {
        self.decisions
    }

    fn last_round(&self) -> Option<RoundResult> {
        self.winner.map(|w| RoundResult {
            round: 0,
            points: self.returns(),
            winners: vec![w],
        })
    }
}

/// Checks options against the limits ([`Game::new`]'s work).
pub(crate) fn check_options(options: &NimOptions) -> Result<(), parlour_core::OptionsError> {
    if !(1..=MAX_PILES).contains(&options.piles) {
        return Err(parlour_core::OptionsError::Invalid {
            option: "piles",
            reason: format!("piles must be from 1 to {MAX_PILES}"),
        });
    }
    if !(1..=MAX_OBJECTS).contains(&options.most) {
        return Err(parlour_core::OptionsError::Invalid {
            option: "most",
            reason: format!("most must be from 1 to {MAX_OBJECTS}"),
        });
    }
    Ok(())
}

impl Nim {
    /// The bound on decisions: one object a move at worst.
    pub(crate) fn longest(&self) -> u64 {
        self.options.piles as u64 * u64::from(self.options.most)
    }
}
