//! What a game's states, bots and batches share: the game with its options and its encoder.

use parlour_core::encode::Encoder;
use parlour_games::Playable;

use crate::error::DynError;

/// A game with its options set, shared by its states and bots.
pub(crate) struct Inner<G: Playable> {
    pub(crate) encoder: Encoder<G>,
}

impl<G: Playable> Inner<G> {
    pub(crate) fn game(&self) -> &G {
        self.encoder.game()
    }
}

/// `Ok` when a buffer has the length needed, or a shape error.
pub(crate) fn check_len(given: usize, wanted: usize) -> Result<(), DynError> {
    if given == wanted {
        Ok(())
    } else {
        Err(DynError::Shape(format!(
            "a buffer of {given} numbers where {wanted} are needed"
        )))
    }
}
