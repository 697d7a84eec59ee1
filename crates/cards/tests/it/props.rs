//! Property tests: parsing never accepts anything it would not write back, and the multiset
//! helper agrees with a plain list.

use parlour_cards::{format_cards, parse_cards, Card, CardCounts};
use proptest::prelude::*;

/// Strings of any characters, and strings over an alphabet near the notation (which hit valid
/// cards often).
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9A-Za-z]{0,3}",
        "[234567890JQKAZSHDCz1 ]{0,3}",
        "[234567890JQKAZSHDC ,\t]{0,12}",
    ]
}

fn card() -> impl Strategy<Value = Card> {
    (0u8..53).prop_map(|i| Card::from_index(i).expect("index below 53"))
}

proptest! {
    #[test]
    fn parse_errors_or_round_trips(s in text()) {
        match s.parse::<Card>() {
            Ok(card) => prop_assert_eq!(card.to_string(), s),
            Err(err) => {
                prop_assert_eq!(err.token(), s.as_str());
                prop_assert!(!Card::all().any(|c| c.as_str() == s));
            }
        }
    }

    #[test]
    fn parse_cards_errors_or_round_trips_tokens(s in text()) {
        let tokens: Vec<&str> = s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .collect();
        match parse_cards(&s) {
            Ok(cards) => {
                prop_assert_eq!(format_cards(&cards), tokens.join(" "));
            }
            Err(err) => {
                let position = err.position().expect("list errors carry a position");
                prop_assert_eq!(err.token(), tokens[position]);
                prop_assert!(err.token().parse::<Card>().is_err());
                for earlier in &tokens[..position] {
                    prop_assert!(earlier.parse::<Card>().is_ok());
                }
            }
        }
    }

    #[test]
    fn serde_errors_or_round_trips(s in text()) {
        let json = serde_json::to_string(&s).expect("a string serialises");
        match serde_json::from_str::<Card>(&json) {
            Ok(card) => prop_assert_eq!(serde_json::to_string(&card).expect("card"), json),
            Err(_) => prop_assert!(s.parse::<Card>().is_err()),
        }
    }

    #[test]
    fn counts_agree_with_a_list(cards in proptest::collection::vec(card(), 0..200)) {
        let counts: CardCounts = cards.iter().copied().collect();
        prop_assert_eq!(counts.len(), cards.len());
        prop_assert_eq!(counts.is_empty(), cards.is_empty());
        for c in Card::all() {
            let n = cards.iter().filter(|&&x| x == c).count();
            prop_assert_eq!(usize::from(counts.count(c)), n);
            prop_assert_eq!(counts.contains(c), n > 0);
        }
        let mut sorted = cards.clone();
        sorted.sort();
        prop_assert_eq!(counts.to_vec(), sorted.clone());
        prop_assert_eq!(counts.cards().collect::<Vec<_>>(), sorted);
        prop_assert_eq!(counts.iter().map(|(_, n)| usize::from(n)).sum::<usize>(), cards.len());
        prop_assert!(counts.iter().all(|(_, n)| n > 0));
        // Order of insertion does not matter.
        let reversed: CardCounts = cards.iter().rev().copied().collect();
        prop_assert_eq!(&reversed, &counts);
        // Removing every card, one at a time, empties it.
        let mut emptied = counts.clone();
        for &c in &cards {
            prop_assert!(emptied.remove(c));
        }
        prop_assert!(emptied.is_empty());
        prop_assert_eq!(emptied, CardCounts::new());
    }

    #[test]
    fn counts_add_remove_and_subsets(
        base in proptest::collection::vec(card(), 0..100),
        extra in proptest::collection::vec(card(), 0..30),
        removal in proptest::collection::vec(card(), 0..30),
    ) {
        let counts: CardCounts = base.iter().copied().collect();
        // Adding then removing restores the multiset.
        let mut grown = counts.clone();
        grown.extend(extra.iter().copied());
        prop_assert_eq!(grown.len(), base.len() + extra.len());
        let extra_counts: CardCounts = extra.iter().copied().collect();
        prop_assert!(grown.contains_all(&counts));
        prop_assert!(grown.contains_all(&extra_counts));
        let mut shrunk = grown.clone();
        prop_assert!(shrunk.remove_all(&extra));
        prop_assert_eq!(&shrunk, &counts);

        // remove_all succeeds exactly when the removal is a sub-multiset.
        let removal_counts: CardCounts = removal.iter().copied().collect();
        let fits = Card::all().all(|c| removal_counts.count(c) <= counts.count(c));
        prop_assert_eq!(counts.contains_all(&removal_counts), fits);
        let mut after = counts.clone();
        prop_assert_eq!(after.remove_all(&removal), fits);
        if fits {
            prop_assert_eq!(after.len(), counts.len() - removal.len());
            let mut back = after.clone();
            back.extend(removal.iter().copied());
            prop_assert_eq!(back, counts);
        } else {
            prop_assert_eq!(after, counts);
        }
    }
}
