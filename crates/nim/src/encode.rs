//! Tensors for learning agents ([`Encode`]): each pile one-hot, seats relative to the observer,
//! and one token per action, `15 × pile + count − 1`.
//!
//! A pile holds at most [`MAX_OBJECTS`] (15) objects, whatever `most` is (a scripted setup may
//! go past `most`), so both the one-hots and the tokens are sized by 15: the space has
//! `15 × piles` tokens, and every action `pile:count` with `pile < piles` and
//! `1 <= count <= 15` has its own.

use parlour_core::encode::{Encode, Layout, Token};

use crate::action::NimAction;
use crate::observation::NimObservation;
use crate::state::{Nim, MAX_OBJECTS};

/// Numbers a pile takes in the observation: one-hot over 0 to 15 objects.
const PILE: usize = MAX_OBJECTS as usize + 1;

impl Encode for Nim {
    fn observation_layout(&self) -> Layout {
        Layout::new()
            .field(
                "piles",
                PILE * self.options.piles,
                "one-hot per pile (16 numbers each, pile 0 first): its objects, 0 to 15",
            )
            .field(
                "to_move",
                2,
                "one-hot: the seat to move, observer or opponent (both 0 once the game is over)",
            )
            .field(
                "winner",
                2,
                "one-hot once the game is over: the observer won, the opponent won",
            )
    }

    fn encode_observation(&self, obs: &NimObservation, out: &mut [f32]) {
        for (pile, &objects) in obs.piles.iter().enumerate() {
            out[PILE * pile + usize::from(objects.min(MAX_OBJECTS))] = 1.0;
        }
        let seats = PILE * self.options.piles;
        // Relative seats: 0 is the observer, 1 the opponent.
        let relative = |seat: usize| usize::from(seat != obs.seat);
        if let Some(seat) = obs.current_player {
            out[seats + relative(seat)] = 1.0;
        }
        if let Some(seat) = obs.winner {
            out[seats + 2 + relative(seat)] = 1.0;
        }
    }

    fn action_layout(&self) -> Layout {
        Layout::new().field(
            "take",
            usize::from(MAX_OBJECTS) * self.options.piles,
            "take count (1 to 15) objects from pile p: token 15p + count - 1",
        )
    }

    fn action_tokens(&self, _seat: parlour_core::Seat, action: &NimAction, out: &mut Vec<Token>) {
        out.push(
            Token::from(MAX_OBJECTS) * Token::from(action.pile)
                + Token::from(action.count.clamp(1, MAX_OBJECTS) - 1),
        );
    }
}
