//! # parlour-cards
//!
//! The standard 52-card model shared by parlour's card games (Comp10001-Go, Comp10001-Bo, Phased
//! Out), with the course's two-character notation, Jokers, decks and seeded shuffles.
//!
//! - [`Suit`] is one of Spades, Hearts, Diamonds, Clubs (`S H D C`); each has a [`Colour`]
//!   (black for Spades and Clubs, red for Hearts and Diamonds).
//! - [`Rank`] is one of `234567890JQKA` (`0` is Ten) with a numeric [`Rank::value`]: Ace = 1,
//!   2 to 10, Jack = 11, Queen = 12, King = 13.
//! - [`Card`] is a standard card (a rank and a suit) or the Joker ([`Card::JOKER`], written `ZZ`).
//!   It is a one-byte `Copy` value whose [`Card::index`] is a dense `0..=52`, so per-card tables
//!   are plain arrays. Its text form is the value character then the suit character (`0C`,
//!   `AS`, `ZZ`): [`Display`](std::fmt::Display) writes it, [`FromStr`](std::str::FromStr)
//!   parses it strictly, [`parse_cards`] reads a list, and serde uses the same string. Bad text
//!   gives a [`ParseCardError`] naming the bad token.
//! - [`standard_deck`] and [`decks`] build decks in a fixed order; [`shuffle`] shuffles them
//!   with a seeded [`GameRng`](parlour_core::rng::GameRng).
//! - [`CardCounts`] is a multiset of cards (a count per card index) for conservation checks and
//!   for working out which cards remain unseen.
//!
//! ```
//! use parlour_cards::{decks, parse_cards, shuffle, Card, CardCounts, Colour, Rank, Suit};
//!
//! // Notation.
//! let ten_of_clubs: Card = "0C".parse()?;
//! assert_eq!(ten_of_clubs.rank(), Some(Rank::Ten));
//! assert_eq!(ten_of_clubs.suit(), Some(Suit::Clubs));
//! assert_eq!(ten_of_clubs.colour(), Some(Colour::Black));
//! assert_eq!(ten_of_clubs.value(), Some(10));
//! assert_eq!(Card::new(Rank::Ace, Suit::Hearts).to_string(), "AH");
//! let err = "10C".parse::<Card>().unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     r#"bad card "10C": expected a value from 234567890JQKA then a suit from SHDC, or ZZ"#
//! );
//!
//! // Two decks and two Jokers, shuffled from a seed.
//! let mut cards = decks(2, 2);
//! shuffle(&mut cards, &mut parlour_core::rng::seeded(42));
//! assert_eq!(cards.len(), 106);
//!
//! // Deal a hand; the deck and the hand together still hold every card.
//! let hand: Vec<Card> = cards.split_off(cards.len() - 10);
//! let mut all: CardCounts = cards.iter().copied().collect();
//! all.extend(hand.iter().copied());
//! assert_eq!(all, decks(2, 2).into_iter().collect::<CardCounts>());
//! assert_eq!(all.count(Card::JOKER), 2);
//!
//! // Lists of cards.
//! assert_eq!(parse_cards("AS, 0C ZZ")?.len(), 3);
//! # Ok::<(), parlour_cards::ParseCardError>(())
//! ```

mod card;
mod counts;
mod deck;
mod rank;
mod suit;

pub use card::{format_cards, parse_cards, Card, ParseCardError};
pub use counts::{CardCounts, NotDecks};
pub use deck::{decks, shuffle, standard_deck};
pub use rank::Rank;
pub use suit::{Colour, Suit};
