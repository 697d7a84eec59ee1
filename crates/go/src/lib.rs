//! # parlour-go
//!
//! Comp10001-Go (COMP10001, Semester 1 2019, Project 3), a Sushi-Go variant on one standard pack,
//! with parlour's rulings (`shared/RULINGS.md`).
//!
//! **Rules in brief.** Four players are dealt ten cards each; twelve are set aside unseen. On
//! each of ten turns every player secretly picks one card from their hand; the picks are revealed
//! together and every player passes the rest of their hand to the next player `(i + 1) % 4`. At
//! the end each player's ten discards score their best partition into groups
//! ([`scoring`]): N-of-a-kind (value × N!), alternating-colour runs with Aces filling inner gaps
//! (the sum of the values covered), and singletons (minus the value, an Ace −20). The highest
//! score wins; ties all win.
//!
//! **Types.** [`Go`] is the game; [`GoState`] a position (hands as 52-bit masks, so a clone is a
//! copy); [`GoSetup`] a scripted position; [`GoObservation`] a seat's view: its hand, its own
//! unrevealed pick, every revealed discard, the turn, and every hand it has held (perfect recall
//! of cards seen and passed on). Simultaneous picks are made in seat order; a pick stays out of
//! every other seat's view until all four have picked.
//!
//! **Actions** ([`GoAction`]): the card picked, in the course's notation (`7C`, `0H`, `AS`).
//!
//! **Search** ([`search`]): what the game lends the `ismcts` bot through `Game::search_tuning`
//! and `Game::sampler` — one tree per seat, cheap playouts that grow N-of-a-kinds, values that
//! count the margin as well as the win, and a sampler that redeals only what the searching seat
//! has not seen. Final discards are scored by [`scoring::best_score_mask`], an exact search fast
//! enough for tens of thousands of playouts a second.
//!
//! ```
//! use parlour_cards::parse_cards;
//! use parlour_core::{Game, State};
//! use parlour_go::{scoring, Go};
//!
//! // Scoring on its own: the seed's 56-point grouping is valid; the best grouping scores more.
//! let cards = parse_cards("AH AS 7C 7S QS 9H 7H 4C AC JH").unwrap();
//! let groups = vec![
//!     parse_cards("7C 7S").unwrap(),
//!     parse_cards("4C").unwrap(),
//!     parse_cards("AH AS QS 9H 7H AC").unwrap(),
//!     parse_cards("JH").unwrap(),
//! ];
//! assert_eq!(scoring::score_partition(&cards, &groups).unwrap().score, 56);
//! assert!(scoring::best_score(&cards).unwrap() >= 56);
//!
//! // A game: everyone picks their first card each turn.
//! let game = Go::standard();
//! let mut state = game.new_game(7);
//! while !state.is_terminal() {
//!     let legal = state.legal_action_vec();
//!     state.apply(legal[0]).unwrap();
//! }
//! assert_eq!(state.decisions(), 40);
//! assert!(!state.winners().is_empty());
//! ```
#![deny(missing_docs)]

pub mod bots;
pub mod game;
pub mod scoring;
pub mod search;
mod text;

pub use bots::HeuristicBot;
pub use game::{
    Go, GoAction, GoObservation, GoOptions, GoSetup, GoState, SetupError, PLAYERS, TURNS,
};
