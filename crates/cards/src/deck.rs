//! Decks and seeded shuffling.

use parlour_core::rng::GameRng;
use rand::seq::SliceRandom;

use crate::Card;

/// The 52 standard cards, once each, in index order: Spades, Hearts, Diamonds, Clubs, and within
/// each suit Ace, 2, …, 10, Jack, Queen, King (`AS 2S … KS AH … KC`).
///
/// ```
/// let deck = parlour_cards::standard_deck();
/// assert_eq!(deck.len(), 52);
/// assert_eq!(deck[0].to_string(), "AS");
/// assert_eq!(deck[51].to_string(), "KC");
/// ```
pub fn standard_deck() -> Vec<Card> {
    Card::all().filter(|card| !card.is_joker()).collect()
}

/// `n` standard decks followed by `jokers` Jokers: `52 * n + jokers` cards, each standard deck in
/// [`standard_deck`] order.
///
/// ```
/// let cards = parlour_cards::decks(2, 4);
/// assert_eq!(cards.len(), 108);
/// assert_eq!(cards.iter().filter(|c| c.is_joker()).count(), 4);
/// ```
pub fn decks(n: usize, jokers: usize) -> Vec<Card> {
    let mut cards = Vec::with_capacity(n.saturating_mul(52).saturating_add(jokers));
    for _ in 0..n {
        cards.extend(Card::all().filter(|card| !card.is_joker()));
    }
    cards.extend(std::iter::repeat_n(Card::JOKER, jokers));
    cards
}

/// Shuffles `cards` in place with a Fisher-Yates shuffle driven by `rng`.
///
/// The result depends only on the input order and the generator's state, so the same seed always
/// gives the same shuffle.
///
/// ```
/// use parlour_cards::{shuffle, standard_deck};
/// use parlour_core::rng::seeded;
///
/// let mut a = standard_deck();
/// let mut b = standard_deck();
/// shuffle(&mut a, &mut seeded(7));
/// shuffle(&mut b, &mut seeded(7));
/// assert_eq!(a, b);
/// ```
pub fn shuffle(cards: &mut [Card], rng: &mut GameRng) {
    cards.shuffle(rng);
}
