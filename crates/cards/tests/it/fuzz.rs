//! Fuzz targets for card text, the notation every card game reads from people, bots and files:
//! one card (`0C`, `AS`, `ZZ`), lists of cards (`AS, 0C ZZ`), and their JSON forms (a card, a
//! list, a rank, a suit). Each target is proptest over mutations of valid notation (see
//! `parlour_test_support::fuzz`) and over arbitrary text; the contract is that nothing
//! panics, a rejected input is an `Err` naming the bad token, and an accepted one round-trips.
//!
//! Each target runs a bounded number of cases (the file takes a few seconds); set
//! `PARLOUR_FUZZ_CASES=N` to run at least N cases of each, e.g.
//! `PARLOUR_FUZZ_CASES=1000000 cargo test -p parlour-cards --test it fuzz::`.

use parlour_test_support::fuzz as fuzz_support;

use fuzz_support::*;
use parlour_cards::{decks, format_cards, parse_cards, Card, CardCounts, Colour, Rank, Suit};
use proptest::prelude::*;
use serde_json::Value;

fn card_texts() -> Vec<String> {
    Card::all().map(|c| c.to_string()).collect()
}

fn list_texts() -> Vec<String> {
    let deck = decks(2, 4);
    (0..40)
        .map(|i| {
            let k = (i * 7) % deck.len();
            let n = i % 12;
            let cards: Vec<Card> = deck.iter().cycle().skip(k).take(n).copied().collect();
            if i % 3 == 0 {
                cards
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                format_cards(&cards)
            }
        })
        .collect()
}

fn words() -> Vec<String> {
    let mut w = card_texts();
    w.extend(
        [
            "10", "1", "T", "z", "zz", "s", "h", "a", "Ace", ",", " ", "\t",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    w
}

proptest! {
    #![proptest_config(config(150_000))]

    #[test]
    fn fuzz_card_text(text in text_input(card_texts(), &words())) {
        match text.parse::<Card>() {
            Ok(c) => {
                prop_assert_eq!(c.to_string(), text.clone());
                prop_assert_eq!(c.to_string().parse::<Card>().ok(), Some(c));
                prop_assert_eq!(Card::from_index(c.index()), Some(c));
            }
            Err(e) => {
                prop_assert_eq!(e.token(), text.as_str());
                prop_assert!(!e.to_string().trim().is_empty());
            }
        }
    }

    #[test]
    fn fuzz_card_list_text(text in text_input(list_texts(), &words())) {
        match parse_cards(&text) {
            Ok(cards) => {
                prop_assert_eq!(parse_cards(&format_cards(&cards)).ok(), Some(cards.clone()));
                // A multiset of them (at most 255 copies of a card, as documented).
                if cards.len() < 256 {
                    let counts: CardCounts = cards.iter().copied().collect();
                    prop_assert_eq!(counts.len(), cards.len());
                    let mut sorted = cards.clone();
                    sorted.sort_by_key(|c| c.index());
                    prop_assert_eq!(counts.to_vec(), sorted);
                    let mut all = counts.clone();
                    prop_assert!(all.remove_all(&cards));
                    prop_assert!(all.is_empty());
                }
            }
            Err(e) => {
                prop_assert!(e.position().is_some());
                prop_assert!(!e.to_string().trim().is_empty());
            }
        }
    }

    /// Cards, lists, ranks, suits and colours as JSON (in observations, actions, setups).
    #[test]
    fn fuzz_card_json(
        which in 0usize..5,
        json in ops(1, 3, &words()),
        bytes in maybe_bytes(&words()),
    ) {
        let valid: Vec<Value> = vec![
            Value::from("0C"),
            serde_json::to_value(parse_cards("AS 2H ZZ 0D").unwrap()).unwrap(),
            serde_json::to_value(Rank::Ten).unwrap(),
            serde_json::to_value(Suit::Hearts).unwrap(),
            serde_json::to_value(Colour::Red).unwrap(),
        ];
        let mut text = mutate_json(&valid[which], &json);
        if !bytes.is_empty() {
            text = mutate_text(&text, &bytes, "");
        }
        fn round<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
            text: &str,
        ) -> Result<(), TestCaseError> {
            match serde_json::from_str::<T>(text) {
                Ok(v) => {
                    let back: T = serde_json::from_value(serde_json::to_value(&v).unwrap()).unwrap();
                    prop_assert_eq!(back, v);
                }
                Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
            }
            Ok(())
        }
        round::<Card>(&text)?;
        round::<Vec<Card>>(&text)?;
        round::<Rank>(&text)?;
        round::<Suit>(&text)?;
        round::<Colour>(&text)?;
    }
}
