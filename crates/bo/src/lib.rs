//! # parlour-bo
//!
//! Comp10001-Bo (COMP10001, 2018), a four-player Skip-Bo variant on two packs: empty your
//! eight-card stockpile onto four shared build piles and sixteen discard piles, up to five
//! plays a turn; with its bonus variant (an embargo card each, four Jokers read from their
//! neighbours) and parlour's rulings (`shared/RULINGS.md`).
//!
//! - [`rules`]: the play-validation library. [`validate`] says whether a play is invalid (and
//!   exactly why), valid with the turn going on, valid and turn-ending, or a valid "no play";
//!   it reads any [`View`] of the table, a bot's own observation included.
//! - [`piles`]: build and discard piles, with Jokers re-read whenever a card above them moves.
//! - [`game`]: the engine ([`Bo`], [`BoState`], [`BoObservation`], scripted [`BoSetup`]s).
//! - [`bots`]: the `heuristic` bot, which plans its whole turn.
//! - [`search`]: what Comp10001-Bo lends information-set search (the `ismcts` bot): greedy
//!   playouts cut short and judged by progress, and a fast sampler of determinizations.
//!
//! ```
//! use parlour_bo::{Bo, BoAction, Outcome};
//! use parlour_core::{Game, State};
//!
//! let game = Bo::bonus();
//! let mut state = game.new_game(7);
//! // Play the first legal action until the game ends.
//! while let Some(seat) = state.current_player() {
//!     let legal = state.legal_action_vec();
//!     let action: BoAction = legal[0];
//!     state.apply(action).unwrap();
//!     assert!(seat < 4);
//! }
//! assert!(matches!(
//!     state.outcome(),
//!     Some(Outcome::Won(_) | Outcome::Blocked | Outcome::TurnLimit)
//! ));
//! state.check_conservation().unwrap();
//! ```
//!
//! ## Readings of the seed
//! - An embargo is cleared with the action `clear`. The seed has the embargo card go "to a
//!   discard or build pile", but gives it no value there, so where it goes cannot change the
//!   game; parlour takes it out of play and the action names no pile.
//! - An embargoed player may still play their own embargo card on someone else: the seed bars
//!   only cards from the hand and from discard piles.
//! - A hand that is empty when a play completes a build pile mid-turn is made up from the
//!   refilled draw pile after that play, like a hand emptied by the play itself.
//! - The embargo card lies across the target's discard piles, but only the target is barred
//!   from them; other players may still use those piles.
//! - "Cannot play any card" for a blocked game counts every valid play, embargo plays included.
//!   The check is made when a turn starts (after the draw).
//!
//! ## Known limit
//! Resampling a seat's view puts every card it saw recycled (`recycled`) in the draw pile or
//! another hand, never in a stockpile, but does not remember *when* the card went in: it may
//! put a just-recycled card in the hand of a seat that has not drawn since. A search bot's
//! determinisations are then slightly wider than the truth; nothing hidden leaks.
#![deny(missing_docs)]

pub mod bots;
pub mod game;
pub mod piles;
pub mod rules;
pub mod search;
pub mod text;

pub use bots::HeuristicBot;
pub use game::{
    Bo, BoObservation, BoOptions, BoSetup, BoState, Outcome, SetupError, Variant, HAND_SIZE,
    MAX_PLAYS, MAX_TURNS, STOCK_SIZE,
};
pub use piles::{BuildFit, BuildMiss, BuildPile, DiscardFit, DiscardPile};
pub use rules::{
    valid_actions, validate, validate_turn, BoAction, InvalidPlay, Source, Target, Validity, View,
};
