//! # parlour-phased
//!
//! Phased Out (COMP10001, 2017), a Phase 10 variant: two packs, Aces wild, four players, up to
//! twelve hands, five phases; with parlour's rulings (`shared/RULINGS.md`).
//!
//! The modules: [`groups`], the documented recognition library — the type of a group (or
//! exactly why it is none), the phase a list of groups makes, and adding a card to a group on
//! the table; [`finder`], every way to lay a phase from a hand; [`game`], the engine; [`bots`],
//! the `heuristic` bot; and [`search`], what the game lends information-set search (greedy
//! playouts to the end of the hand, a phase-and-penalty evaluator, a sampler that checks an
//! observation once).
//!
//! ```
//! use parlour_cards::parse_cards;
//! use parlour_phased::groups::{group_type, phase_type, GroupError, GroupType, PhaseType};
//!
//! let set = parse_cards("2S 2S AH").unwrap();
//! assert_eq!(group_type(&set), Ok(GroupType::ValueSet3));
//! let set2 = parse_cards("7H 7S 7D").unwrap();
//! assert_eq!(phase_type(&[set, set2]), Ok(PhaseType(1)));
//! // Only one natural card: not a group.
//! assert_eq!(group_type(&parse_cards("2C AS AC").unwrap()), Err(GroupError::FewNaturals(1)));
//! ```
#![deny(missing_docs)]

pub mod bots;
pub mod finder;
pub mod game;
pub mod groups;
pub mod search;
mod text;

pub use bots::HeuristicBot;
pub use game::{
    check_lay, PhasePlay, Phased, PhasedAction, PhasedObservation, PhasedOptions, PhasedSetup,
    PhasedState, SetupError, Step, Variant, FINISH_BONUS, MAX_SCORE,
};
