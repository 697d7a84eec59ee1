//! Notation, colours, values, decks, shuffles, serde and the multiset helper.

use std::collections::HashSet;

use parlour_cards::{
    decks, format_cards, parse_cards, shuffle, standard_deck, Card, CardCounts, Colour,
    ParseCardError, Rank, Suit,
};
use parlour_core::rng::seeded;

const EXPECTED: &str = "expected a value from 234567890JQKA then a suit from SHDC, or ZZ";

#[test]
fn notation_round_trips_for_all_53_cards() {
    let mut seen = HashSet::new();
    let mut count = 0;
    for card in Card::all() {
        let text = card.to_string();
        assert_eq!(text.len(), 2, "{text}");
        assert_eq!(text, card.as_str());
        assert_eq!(text.parse::<Card>(), Ok(card));
        assert!(seen.insert(text));
        count += 1;
    }
    assert_eq!(count, 53);
    for rank in Rank::ALL {
        for suit in Suit::ALL {
            let card = Card::new(rank, suit);
            let text = format!("{}{}", rank.to_char(), suit.to_char());
            assert_eq!(card.to_string(), text);
            assert_eq!(text.parse::<Card>(), Ok(card));
            assert_eq!(card.rank(), Some(rank));
            assert_eq!(card.suit(), Some(suit));
            assert!(!card.is_joker());
        }
    }
    assert_eq!(Card::JOKER.to_string(), "ZZ");
    assert_eq!("ZZ".parse::<Card>(), Ok(Card::JOKER));
}

#[test]
fn specific_notation() {
    let ten_clubs: Card = "0C".parse().expect("valid");
    assert_eq!(ten_clubs, Card::new(Rank::Ten, Suit::Clubs));
    let ace_spades: Card = "AS".parse().expect("valid");
    assert_eq!(ace_spades, Card::new(Rank::Ace, Suit::Spades));
    let two_hearts: Card = "2H".parse().expect("valid");
    assert_eq!(two_hearts.rank(), Some(Rank::Two));
    assert_eq!(two_hearts.suit(), Some(Suit::Hearts));
    let king_diamonds: Card = "KD".parse().expect("valid");
    assert_eq!(king_diamonds.value(), Some(13));
}

#[test]
fn strict_rejection_names_the_token() {
    let bad = [
        "", " ", "as", "aS", "As", "10C", "1S", "A", "S", "ASX", "AS ", " AS", "Z1", "ZS", "AZ",
        "zz", "Zz", "zZ", "ZZZ", "Z", "0c", "0", "11", "TC", "XH", "AA", "SS", "A\u{0}", "ÀS",
        "A♠", "🂡", "\n", "0C,", ",0C", "JOKER", "joker",
    ];
    for token in bad {
        let err = token.parse::<Card>().expect_err(token);
        assert_eq!(err.token(), token);
        assert_eq!(err.position(), None);
        assert_eq!(
            err,
            ParseCardError::BadCard {
                token: token.to_owned()
            }
        );
        let message = err.to_string();
        assert_eq!(message, format!("bad card {token:?}: {EXPECTED}"));
        assert!(message.contains(EXPECTED), "{message}");
    }
}

#[test]
fn error_message_matches_the_course_example() {
    let err = "10C".parse::<Card>().expect_err("10C is not a card");
    assert_eq!(
        err.to_string(),
        "bad card \"10C\": expected a value from 234567890JQKA then a suit from SHDC, or ZZ"
    );
}

#[test]
fn parse_cards_accepts_whitespace_and_commas() {
    let expected = vec![
        Card::new(Rank::Ace, Suit::Spades),
        Card::new(Rank::Ten, Suit::Clubs),
        Card::JOKER,
        Card::new(Rank::Two, Suit::Hearts),
    ];
    for text in [
        "AS 0C ZZ 2H",
        "AS,0C,ZZ,2H",
        "AS, 0C, ZZ, 2H",
        "  AS\t0C\n ZZ ,2H ,",
        ",AS,,0C  ,, ZZ 2H",
    ] {
        assert_eq!(parse_cards(text), Ok(expected.clone()), "{text:?}");
    }
    assert_eq!(parse_cards(""), Ok(vec![]));
    assert_eq!(parse_cards(" , \n,"), Ok(vec![]));
    assert_eq!(format_cards(&expected), "AS 0C ZZ 2H");
    assert_eq!(parse_cards(&format_cards(&expected)), Ok(expected));
    assert_eq!(format_cards(&[]), "");
}

#[test]
fn parse_cards_reports_the_bad_token_and_its_position() {
    let cases = [
        ("10C", 0, "10C"),
        ("AS 10C", 1, "10C"),
        ("AS, 2H, as", 2, "as"),
        ("AS,,2H   ZZ,Z1,KC", 3, "Z1"),
        ("AS 2H ASX 1S", 2, "ASX"),
        ("AS;2H", 0, "AS;2H"),
    ];
    for (text, position, token) in cases {
        let err = parse_cards(text).expect_err(text);
        assert_eq!(err.position(), Some(position), "{text:?}");
        assert_eq!(err.token(), token, "{text:?}");
        assert_eq!(
            err,
            ParseCardError::BadCardInList {
                position,
                token: token.to_owned()
            }
        );
        assert_eq!(
            err.to_string(),
            format!("bad card {token:?} at position {position}: {EXPECTED}")
        );
    }
}

#[test]
fn colours() {
    assert_eq!(Suit::Spades.colour(), Colour::Black);
    assert_eq!(Suit::Clubs.colour(), Colour::Black);
    assert_eq!(Suit::Hearts.colour(), Colour::Red);
    assert_eq!(Suit::Diamonds.colour(), Colour::Red);
    assert_eq!(Colour::Red.other(), Colour::Black);
    for card in standard_deck() {
        let suit = card.suit().expect("standard card");
        let expected = match suit {
            Suit::Spades | Suit::Clubs => Colour::Black,
            Suit::Hearts | Suit::Diamonds => Colour::Red,
        };
        assert_eq!(card.colour(), Some(expected), "{card}");
    }
    assert_eq!(Card::JOKER.colour(), None);
    let reds = standard_deck()
        .into_iter()
        .filter(|c| c.colour() == Some(Colour::Red))
        .count();
    assert_eq!(reds, 26);
}

#[test]
fn values() {
    let expected = [
        ('A', 1),
        ('2', 2),
        ('3', 3),
        ('4', 4),
        ('5', 5),
        ('6', 6),
        ('7', 7),
        ('8', 8),
        ('9', 9),
        ('0', 10),
        ('J', 11),
        ('Q', 12),
        ('K', 13),
    ];
    for (c, value) in expected {
        let rank = Rank::from_char(c).expect("rank char");
        assert_eq!(rank.value(), value);
        assert_eq!(rank.to_char(), c);
        assert_eq!(Rank::from_value(value), Some(rank));
        for suit in Suit::ALL {
            assert_eq!(Card::new(rank, suit).value(), Some(value));
        }
    }
    assert_eq!(Rank::from_value(0), None);
    assert_eq!(Rank::from_value(14), None);
    assert_eq!(Card::JOKER.value(), None);
    assert_eq!(Card::JOKER.rank(), None);
    assert_eq!(Card::JOKER.suit(), None);
    assert!(Card::JOKER.is_joker());
    // Ranks order by value, Ace low.
    let mut sorted = Rank::ALL;
    sorted.sort();
    assert_eq!(sorted, Rank::ALL);
    assert!(Rank::Ace < Rank::Two && Rank::Ten < Rank::Jack && Rank::Queen < Rank::King);
}

#[test]
fn suit_and_rank_chars_are_strict() {
    for c in ['s', 'h', 'd', 'c', 'Z', 'X', '0', ' '] {
        assert_eq!(Suit::from_char(c), None, "{c:?}");
    }
    for c in ['a', 'k', 'T', '1', 'Z', 'S', ' '] {
        assert_eq!(Rank::from_char(c), None, "{c:?}");
    }
    for suit in Suit::ALL {
        assert_eq!(Suit::from_char(suit.to_char()), Some(suit));
        assert_eq!(Suit::from_index(suit.index()), Some(suit));
        assert_eq!(suit.to_string(), suit.to_char().to_string());
    }
    assert_eq!(Suit::from_index(4), None);
    assert_eq!(Rank::Ten.to_string(), "0");
}

#[test]
fn standard_deck_order_size_and_uniqueness() {
    let deck = standard_deck();
    assert_eq!(deck.len(), 52);
    let unique: HashSet<Card> = deck.iter().copied().collect();
    assert_eq!(unique.len(), 52);
    assert!(!deck.contains(&Card::JOKER));
    assert!(deck.windows(2).all(|w| w[0] < w[1]), "index order");
    assert_eq!(
        format_cards(&deck[..14]),
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 0S JS QS KS AH"
    );
    assert_eq!(deck[51], Card::new(Rank::King, Suit::Clubs));
    for (i, card) in deck.iter().enumerate() {
        assert_eq!(usize::from(card.index()), i);
        assert_eq!(Card::from_index(card.index()), Some(*card));
    }
}

#[test]
fn multiple_decks_and_jokers() {
    for n in 0..4 {
        for jokers in 0..5 {
            let cards = decks(n, jokers);
            assert_eq!(cards.len(), 52 * n + jokers);
            let counts: CardCounts = cards.iter().copied().collect();
            assert_eq!(
                counts.count(Card::JOKER),
                u8::try_from(jokers).expect("small")
            );
            for card in standard_deck() {
                assert_eq!(usize::from(counts.count(card)), n, "{card}");
            }
        }
    }
    assert_eq!(decks(1, 0), standard_deck());
    assert_eq!(decks(0, 0), Vec::<Card>::new());
}

#[test]
fn shuffle_is_deterministic_per_seed() {
    let shuffled = |seed: u64| {
        let mut cards = decks(2, 2);
        shuffle(&mut cards, &mut seeded(seed));
        cards
    };
    let a = shuffled(1);
    assert_eq!(a, shuffled(1));
    assert_ne!(
        a,
        decks(2, 2),
        "a shuffle of 106 cards should move something"
    );
    let b = shuffled(2);
    assert_ne!(a, b);
    // Different seeds give many different orders.
    let orders: HashSet<Vec<Card>> = (0..20).map(shuffled).collect();
    assert_eq!(orders.len(), 20);
    // A shuffle is a permutation.
    let before: CardCounts = decks(2, 2).into_iter().collect();
    for order in &orders {
        assert_eq!(order.iter().copied().collect::<CardCounts>(), before);
    }
    // Continuing the same generator gives a different second shuffle.
    let mut rng = seeded(5);
    let mut first = standard_deck();
    let mut second = standard_deck();
    shuffle(&mut first, &mut rng);
    shuffle(&mut second, &mut rng);
    assert_ne!(first, second);
    // Empty and single-card slices are fine.
    shuffle(&mut [], &mut rng);
    let mut one = [Card::JOKER];
    shuffle(&mut one, &mut rng);
    assert_eq!(one, [Card::JOKER]);
}

#[test]
fn serde_round_trip() {
    for card in Card::all() {
        let json = serde_json::to_string(&card).expect("serialise");
        assert_eq!(json, format!("\"{card}\""));
        let back: Card = serde_json::from_str(&json).expect("deserialise");
        assert_eq!(back, card);
    }
    let hand = parse_cards("0C AS ZZ").expect("valid");
    let json = serde_json::to_string(&hand).expect("serialise");
    assert_eq!(json, r#"["0C","AS","ZZ"]"#);
    let back: Vec<Card> = serde_json::from_str(&json).expect("deserialise");
    assert_eq!(back, hand);
    // Owned strings (not borrowed from the input) deserialise too.
    let value = serde_json::json!("KH");
    let card: Card = serde_json::from_value(value).expect("deserialise");
    assert_eq!(card, Card::new(Rank::King, Suit::Hearts));
}

#[test]
fn serde_rejects_bad_cards_with_the_same_error() {
    for token in ["10C", "as", "", "ZZZ", "Z1", " AS"] {
        let json = serde_json::to_string(token).expect("serialise str");
        let err = serde_json::from_str::<Card>(&json).expect_err(token);
        let message = err.to_string();
        assert!(
            message.contains(&format!("bad card {token:?}: {EXPECTED}")),
            "{message}"
        );
    }
    for json in ["0", "null", "[\"AS\"]", "{\"card\":\"AS\"}", "52"] {
        assert!(serde_json::from_str::<Card>(json).is_err(), "{json}");
    }
}

#[test]
fn ordering_and_hashing() {
    let two = Card::new(Rank::Two, Suit::Spades);
    let ace = Card::new(Rank::Ace, Suit::Spades);
    let ace_hearts = Card::new(Rank::Ace, Suit::Hearts);
    assert!(ace < two);
    assert!(two < ace_hearts);
    assert!(Card::all().all(|c| c <= Card::JOKER));
    assert_eq!(size_of::<Card>(), 1);
    assert_eq!(size_of::<Option<Card>>(), 2);
}

#[test]
fn card_counts_basics() {
    let mut counts = CardCounts::new();
    assert!(counts.is_empty());
    assert_eq!(counts, CardCounts::default());
    let ace = Card::new(Rank::Ace, Suit::Spades);
    counts.add(ace);
    counts.add(ace);
    counts.add(Card::JOKER);
    assert_eq!(counts.len(), 3);
    assert_eq!(counts.count(ace), 2);
    assert!(counts.contains(Card::JOKER));
    assert!(!counts.contains(Card::new(Rank::King, Suit::Clubs)));
    assert_eq!(
        counts.iter().collect::<Vec<_>>(),
        vec![(ace, 2), (Card::JOKER, 1)]
    );
    assert_eq!(counts.to_vec(), vec![ace, ace, Card::JOKER]);
    assert_eq!(format!("{counts:?}"), "{AS: 2, ZZ: 1}");
    assert!(counts.remove(Card::JOKER));
    assert!(!counts.remove(Card::JOKER));
    assert_eq!(counts.len(), 2);
    assert_eq!(counts.counts()[0], 2);
    assert_eq!(
        counts
            .counts()
            .iter()
            .map(|&n| usize::from(n))
            .sum::<usize>(),
        2
    );

    counts.add_n(ace, 253);
    assert_eq!(counts.count(ace), 255);
    let before = counts.clone();
    assert!(!counts.remove_all(&[ace, Card::JOKER]));
    assert_eq!(counts, before, "a failed remove_all changes nothing");
    assert!(counts.remove_all(&[ace, ace]));
    assert_eq!(counts.count(ace), 253);
    assert_eq!(counts.len(), 253);
}

#[test]
#[should_panic(expected = "more than 255 copies of AS")]
fn card_counts_overflow_panics() {
    let mut counts = CardCounts::new();
    let ace = Card::new(Rank::Ace, Suit::Spades);
    counts.add_n(ace, 255);
    counts.add(ace);
}

#[test]
fn check_decks_accepts_exactly_the_decks_and_says_how_many_are_missing() {
    use parlour_cards::{decks, CardCounts, NotDecks};
    let mut all: CardCounts = decks(2, 4).into_iter().collect();
    assert_eq!(all.check_decks(2, 4), Ok(()));
    assert!(all.check_decks(2, 0).is_err());
    all.remove("AS".parse().unwrap());
    let err = all.check_decks(2, 4).unwrap_err();
    assert_eq!(
        err,
        NotDecks {
            cards: 107,
            expected: 108
        }
    );
    assert_eq!(err.to_string(), "107 cards in play, expected 108");
}
