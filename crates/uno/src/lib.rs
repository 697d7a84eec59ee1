//! # parlour-uno
//!
//! Uno as the COMP 202 (Summer 2020) assignment plays it, with parlour's rulings
//! (`shared/RULINGS.md`).
//!
//! **Rules in brief.** 108 cards: per colour (red, green, blue, yellow) one 0, two each of 1–9,
//! Skip, Reverse and Draw Two; four Wilds and four Wild Draw Fours. 2–10 players (4 by default)
//! get 7 cards; the top card is turned up (a wild goes back and the deck is reshuffled; an action
//! card turned up has no effect); the first player is drawn at random. A card is playable on the
//! same colour (or the called colour on a wild), the same special rank, the same number, or if it
//! is a wild. A player holding a playable card must play one; otherwise they draw one and may play
//! it if playable, or keep it and pass (always a separate decision, `pass` being the only choice
//! when the card does not fit, so the turn's shape reveals nothing). Skip skips the next player;
//! Reverse flips the direction and play moves on in the new direction (with two players, to the
//! other player: no Skip); Draw Two / Wild Draw Four make the next player draw 2 / 4 and lose
//! their turn. An empty draw pile is refilled from the discards (all but the up card); if still
//! empty the round is drawn with no points. The first to empty their hand wins the round (that
//! last card has no effect) and scores the cards left in the other hands: numbers at face value,
//! Skip/Reverse/Draw Two 20, wilds 50. Rounds continue until a target (e.g. 500) or a number of
//! rounds ([`UnoOptions`]).
//!
//! **Types.** [`Uno`] is the game with its [`UnoOptions`]; [`UnoState`] the full position (hands
//! as per-kind counts and bit masks, piles inline, so a clone allocates nothing); [`UnoSetup`] a
//! scripted position; [`UnoObservation`] a seat's view (the seed's `GameState`).
//!
//! **Actions** ([`UnoAction`], 3 bytes): a coloured card `R5`, `GS` (skip), `BR` (reverse), `Y+2`;
//! a wild with its called colour `W:B`, `W+4:G`; `draw`; `pass` (only after drawing,
//! to keep the drawn card). Legal actions list each distinct playable card once (a wild once per colour).
//!
//! ```
//! use parlour_core::{Game, State};
//! use parlour_uno::{Card, Color, Uno, UnoAction, UnoSetup};
//!
//! // Seat 0 holds a red 5 and a wild; a red 9 is up.
//! let game = Uno::standard();
//! let setup = UnoSetup::new(
//!     vec![vec!["R5".parse().unwrap(), Card::WILD], vec!["G1".parse().unwrap()],
//!          vec!["G2".parse().unwrap()], vec!["G3".parse().unwrap()]],
//!     vec!["B7".parse().unwrap()],
//!     vec!["R9".parse().unwrap()],
//! );
//! let mut state = parlour_uno::UnoState::from_setup(&game, &setup).unwrap();
//! let legal = state.legal_action_vec();
//! assert_eq!(legal[0].to_string(), "R5");
//! assert!(legal.contains(&UnoAction::Wild(Card::WILD, Color::Blue)));
//! state.apply("R5".parse().unwrap()).unwrap();
//! assert_eq!(state.current_player(), Some(1));
//! // Seat 1 cannot play on a red 5, so it must draw.
//! assert_eq!(state.legal_action_vec(), vec![UnoAction::Draw]);
//! ```
#![deny(missing_docs)]

pub mod bots;
pub mod card;
pub mod game;
pub mod observation;
pub mod search;

pub use bots::HeuristicBot;
pub use card::{action_universe, Card, Color, ParseCardError, Rank, UnoAction};
pub use game::{is_playable, SetupError, Uno, UnoOptions, UnoSetup, UnoState};
pub use observation::{Direction, RoundOutcome, UnoObservation};
