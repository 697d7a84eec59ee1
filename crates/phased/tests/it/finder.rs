//! The phase finder: named examples, and property tests against a brute-force search.

use std::collections::BTreeSet;

use parlour_cards::{decks, parse_cards, Card};
use parlour_phased::ai::distance;
use parlour_phased::finder::{can_lay, find_phase, phase_plays};
use parlour_phased::groups::{
    group_type, is_natural, is_wild, penalty, phase_type, GroupType, PhaseType,
};
use proptest::prelude::*;

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn play(groups: &[&str]) -> Vec<Vec<Card>> {
    groups.iter().map(|g| cards(g)).collect()
}

fn total_penalty(cards: &[Card]) -> u32 {
    cards.iter().map(|&c| penalty(c)).sum()
}

/// Whether `inner` is a sub-multiset of `outer`.
fn sub_multiset(inner: &[Card], outer: &[Card]) -> bool {
    let mut left = [0i32; Card::DISTINCT];
    for c in outer {
        left[usize::from(c.index())] += 1;
    }
    for c in inner {
        left[usize::from(c.index())] -= 1;
    }
    left.iter().all(|&n| n >= 0)
}

/// Checks every play is valid, canonical-looking, from the hand, and listed once.
fn check_plays(hand: &[Card], phase: PhaseType, plays: &[Vec<Vec<Card>>]) {
    let distinct: BTreeSet<_> = plays.iter().collect();
    assert_eq!(distinct.len(), plays.len(), "duplicate plays for {phase}");
    for p in plays {
        assert_eq!(phase_type(p), Ok(phase), "{p:?}");
        let all: Vec<Card> = p.iter().flatten().copied().collect();
        assert!(sub_multiset(&all, hand), "{p:?} not from {hand:?}");
    }
    assert_eq!(can_lay(hand, phase), !plays.is_empty());
}

// ---------------------------------------------------------------- named examples

#[test]
fn phase1_from_the_seed_example() {
    let hand = cards("2S 2S 2H 7H 7S 7D 9C KD");
    let plays = phase_plays(&hand, PhaseType(1));
    check_plays(&hand, PhaseType(1), &plays);
    assert_eq!(plays, vec![play(&["2S 2S 2H", "7S 7H 7D"])]);
    assert!(!can_lay(&hand, PhaseType(3)));
}

#[test]
fn phase2_set_of_seven_clubs() {
    let hand = cards("2C 7C 7C 8C JC QC KC 5H");
    let plays = phase_plays(&hand, PhaseType(2));
    check_plays(&hand, PhaseType(2), &plays);
    assert_eq!(plays, vec![play(&["2C 7C 7C 8C JC QC KC"])]);
}

#[test]
fn phase3_two_sets_of_four() {
    let hand = cards("2S 2S 2H 2D 7H 7S 7D 7D");
    let plays = phase_plays(&hand, PhaseType(3));
    check_plays(&hand, PhaseType(3), &plays);
    assert_eq!(plays, vec![play(&["2S 2S 2H 2D", "7S 7H 7D 7D"])]);
    // Phase 1 from the same hand: one 2 and one 7 (or one of each copy) left over.
    let p1 = phase_plays(&hand, PhaseType(1));
    check_plays(&hand, PhaseType(1), &p1);
    assert!(p1.contains(&play(&["2S 2S 2H", "7S 7H 7D"])));
    assert!(p1.contains(&play(&["2S 2H 2D", "7H 7D 7D"])));
}

#[test]
fn phase4_run_of_eight() {
    let hand = cards("2S 3D 4C 5D 6C 7D 8H 9S");
    let plays = phase_plays(&hand, PhaseType(4));
    check_plays(&hand, PhaseType(4), &plays);
    assert_eq!(plays, vec![vec![hand.clone()]]);
    // Shuffled, it is still found, in run order.
    let shuffled = cards("9S 5D 2S 8H 4C 7D 3D 6C");
    assert_eq!(phase_plays(&shuffled, PhaseType(4)), vec![vec![hand]]);
}

#[test]
fn phase5_run_then_set() {
    let hand = cards("7D 2S 7C 3C 7S 4C 5S 7D");
    let plays = phase_plays(&hand, PhaseType(5));
    check_plays(&hand, PhaseType(5), &plays);
    assert_eq!(plays, vec![play(&["2S 3C 4C 5S", "7S 7D 7D 7C"])]);
}

#[test]
fn a_wild_stands_in_a_run() {
    let hand = cards("2S 3D 4C AD 6C 7D 8H 9S");
    let plays = phase_plays(&hand, PhaseType(4));
    check_plays(&hand, PhaseType(4), &plays);
    assert_eq!(plays, vec![play(&["2S 3D 4C AD 6C 7D 8H 9S"])]);
    let (phase, best) = find_phase(&hand, &PhaseType::ALL).unwrap();
    assert_eq!((phase, best), (PhaseType(4), plays[0].clone()));
}

#[test]
fn one_natural_per_group_cannot_lay() {
    // Each set would have one natural and two wilds.
    let hand = cards("2C AS AC 7H AH AD");
    assert!(phase_plays(&hand, PhaseType(1)).is_empty());
    assert!(!can_lay(&hand, PhaseType(1)));
    // A run of 8 with one natural.
    let hand = cards("5C AS AS AH AH AD AD AC");
    assert!(phase_plays(&hand, PhaseType(4)).is_empty());
    // Seven of a suit "of any values": two natural Clubs of one value and five wilds are one.
    let hand = cards("7C 7C AS AS AH AH AC");
    assert_eq!(
        phase_plays(&hand, PhaseType(2)),
        vec![vec![cards("7C 7C AS AS AH AH AC")]]
    );
    // ... and so are two values.
    let hand = cards("7C 8C AS AS AH AH AC");
    assert_eq!(
        phase_plays(&hand, PhaseType(2)),
        vec![play(&["7C 8C AS AS AH AH AC"])]
    );
}

#[test]
fn wilds_never_stand_for_1_or_14() {
    // 2..=8 plus a wild: the wild must be 9 (it cannot be 1).
    let hand = cards("2S 3D 4C 5D 6C 7D 8H AS");
    assert_eq!(
        phase_plays(&hand, PhaseType(4)),
        vec![play(&["2S 3D 4C 5D 6C 7D 8H AS"])]
    );
    // 7..=K plus a wild: the wild must be 6 (it cannot be 14).
    let hand = cards("7S 8D 9C 0D JC QD KH AS");
    assert_eq!(
        phase_plays(&hand, PhaseType(4)),
        vec![play(&["AS 7S 8D 9C 0D JC QD KH"])]
    );
    // A black run with Q and K and two wilds: only 10..=K (the wilds cannot be 14 and 15).
    let hand = cards("QS KS AS AC 7H 7H 7D 7D");
    let plays = phase_plays(&hand, PhaseType(5));
    check_plays(&hand, PhaseType(5), &plays);
    assert_eq!(plays, vec![play(&["AS AC QS KS", "7H 7H 7D 7D"])]);
    // With 2 and 3, only 2..=5 (a wild cannot be 1).
    let hand = cards("2C 3S AH AD 7H 7H 7D 7D");
    assert_eq!(
        phase_plays(&hand, PhaseType(5)),
        vec![play(&["2C 3S AH AD", "7H 7H 7D 7D"])]
    );
}

#[test]
fn wild_aces_are_canonical() {
    // The lower group (by its cards) takes the lower Ace; AH (not AD) is never chosen over AS.
    let hand = cards("2S 2H AD AS 3S 3H");
    assert_eq!(
        phase_plays(&hand, PhaseType(1)),
        vec![play(&["2S 2H AS", "3S 3H AD"])]
    );
    // Two copies of a card are one choice: one play, not four.
    let hand = cards("5S 5S 5H 9D 9D 9C");
    assert_eq!(
        phase_plays(&hand, PhaseType(1)),
        vec![play(&["5S 5S 5H", "9D 9D 9C"])]
    );
    // Two sets of one value are listed once, lower first (wilds last in the comparison).
    let hand = cards("7S 7S 7H 7H AC AD");
    let plays = phase_plays(&hand, PhaseType(1));
    check_plays(&hand, PhaseType(1), &plays);
    assert_eq!(
        plays,
        vec![
            play(&["7S 7S AD", "7H 7H AC"]),
            play(&["7S 7H AD", "7S 7H AC"]),
        ]
    );
}

#[test]
fn jokers_belong_to_no_group() {
    let hand = cards("2S 2H ZZ 7H 7S ZZ");
    assert!(phase_plays(&hand, PhaseType(1)).is_empty());
    let hand = cards("2S 2H ZZ 2D 7H 7S 7C ZZ");
    assert_eq!(
        phase_plays(&hand, PhaseType(1)),
        vec![play(&["2S 2H 2D", "7S 7H 7C"])]
    );
}

#[test]
fn out_of_range_phase_numbers_have_no_plays() {
    let hand = cards("2S 2S 2H 7H 7S 7D");
    assert!(phase_plays(&hand, PhaseType(0)).is_empty());
    assert!(phase_plays(&hand, PhaseType(6)).is_empty());
    assert_eq!(find_phase(&hand, &[PhaseType(6)]), None);
    assert_eq!(find_phase(&hand, &[]), None);
}

#[test]
fn find_phase_keeps_low_penalty_cards() {
    // Sets of 2s, 9s and Kings: laying the 9s and Kings keeps the 2s (penalty 6).
    let hand = cards("2S 2H 2D 9S 9H 9D KS KH KD");
    assert_eq!(phase_plays(&hand, PhaseType(1)).len(), 3);
    assert_eq!(
        find_phase(&hand, &[PhaseType(1)]),
        Some((PhaseType(1), play(&["9S 9H 9D", "KS KH KD"])))
    );
    // Two ways to finish a run 3..=10: with the 3 (keeping the J) or up to the J (keeping the 3).
    let hand = cards("3S 4S 5H 6H 7D 8D 9C 0C JC");
    assert_eq!(phase_plays(&hand, PhaseType(4)).len(), 2);
    assert_eq!(
        find_phase(&hand, &[PhaseType(4)]),
        Some((PhaseType(4), play(&["4S 5H 6H 7D 8D 9C 0C JC"])))
    );
}

#[test]
fn find_phase_prefers_the_play_leaving_least() {
    let hand = cards("2S 2H 2D 2C 7S 7H 7D 7C");
    // Phase 3 lays everything; phase 1 leaves a 2 and a 7.
    assert_eq!(
        find_phase(&hand, &[PhaseType(1), PhaseType(3)]),
        Some((PhaseType(3), play(&["2S 2H 2D 2C", "7S 7H 7D 7C"])))
    );
    let (phase, best) = find_phase(&hand, &[PhaseType(1)]).unwrap();
    assert_eq!(phase, PhaseType(1));
    let laid: Vec<Card> = best.iter().flatten().copied().collect();
    assert_eq!(total_penalty(&hand) - total_penalty(&laid), 9);
    // Phase 5 (a black run and a set of 9s) lays everything; there is no run of 8.
    let hand = cards("5S 6S 7C 8C 9H 9H 9D 9D");
    let p5 = phase_plays(&hand, PhaseType(5));
    assert_eq!(p5, vec![play(&["5S 6S 7C 8C", "9H 9H 9D 9D"])]);
    assert_eq!(
        find_phase(&hand, &[PhaseType(5), PhaseType(4)]),
        Some((PhaseType(5), p5[0].clone()))
    );
}

#[test]
fn find_phase_ties_go_to_the_lower_phase() {
    // Phase 1 (4s and Jacks) and phase 2 (seven Clubs) both lay 59 of the hand's 86.
    let hand = cards("7C 4C 4H JH 6C 4C JC 2C AC");
    let p1 = play(&["4H 4C 4C", "JH JC AC"]);
    let p2 = play(&["2C 4C 4C 6C 7C JC AC"]);
    assert_eq!(total_penalty(&p1.concat()), 59);
    assert_eq!(total_penalty(&p2.concat()), 59);
    assert_eq!(
        find_phase(&hand, &[PhaseType(1)]),
        Some((PhaseType(1), p1.clone()))
    );
    assert_eq!(find_phase(&hand, &[PhaseType(2)]), Some((PhaseType(2), p2)));
    assert_eq!(
        find_phase(&hand, &[PhaseType(2), PhaseType(1)]),
        Some((PhaseType(1), p1))
    );
}

// ---------------------------------------------------------------- brute force

/// Every valid play of `phase` from `hand`: all disjoint sub-multisets for sets and all ordered
/// sequences for runs, kept when `phase_type` says they make `phase`. Calls `f` with each.
fn brute_force(hand: &[Card], phase: PhaseType, f: &mut dyn FnMut(&[Vec<Card>])) {
    let mut counts = [0u8; Card::DISTINCT];
    for c in hand {
        counts[usize::from(c.index())] += 1;
    }
    let groups = phase.groups();
    let mut chosen: Vec<Vec<Card>> = Vec::new();
    brute_group(&mut counts, groups, &mut chosen, phase, f);
}

fn group_len(t: GroupType) -> usize {
    match t {
        GroupType::ValueSet3 => 3,
        GroupType::SuitSet7 => 7,
        GroupType::ValueSet4 | GroupType::ColourRun4 => 4,
        GroupType::Run8 => 8,
    }
}

fn brute_group(
    counts: &mut [u8; Card::DISTINCT],
    groups: &[GroupType],
    chosen: &mut Vec<Vec<Card>>,
    phase: PhaseType,
    f: &mut dyn FnMut(&[Vec<Card>]),
) {
    let Some((&t, rest)) = groups.split_first() else {
        assert_eq!(phase_type(chosen), Ok(phase));
        f(chosen);
        return;
    };
    let ordered = matches!(t, GroupType::Run8 | GroupType::ColourRun4);
    let mut cur = Vec::new();
    brute_cards(
        counts,
        group_len(t),
        ordered,
        0,
        &mut cur,
        &mut |counts, group| {
            // Pruning by group: a group that is not the type the phase needs never makes it.
            if group_type(group) == Ok(t) {
                chosen.push(group.to_vec());
                brute_group(counts, rest, chosen, phase, f);
                chosen.pop();
            }
        },
    );
}

/// Every sub-multiset (`ordered == false`, as a sorted list) or every ordered sequence of
/// distinct cards (`ordered`) of `len` cards from `counts`.
fn brute_cards(
    counts: &mut [u8; Card::DISTINCT],
    len: usize,
    ordered: bool,
    from: usize,
    cur: &mut Vec<Card>,
    f: &mut dyn FnMut(&mut [u8; Card::DISTINCT], &[Card]),
) {
    if cur.len() == len {
        let group = cur.clone();
        f(counts, &group);
        return;
    }
    let start = if ordered { 0 } else { from };
    for i in start..Card::DISTINCT {
        if counts[i] == 0 {
            continue;
        }
        counts[i] -= 1;
        cur.push(Card::from_index(i as u8).unwrap());
        brute_cards(counts, len, ordered, i, cur, f);
        cur.pop();
        counts[i] += 1;
    }
}

/// A valid play in the canonical form: sets naturals sorted then wilds, runs in order; phase 1
/// and 3 groups ordered (wild after every natural); wilds then take the hand's lowest Aces.
fn canonical(hand: &[Card], phase: PhaseType, play: &[Vec<Card>]) -> Vec<Vec<Card>> {
    // Abstract groups: Some(natural) or None (wild).
    let mut abs: Vec<Vec<Option<Card>>> = play
        .iter()
        .map(|g| match group_type(g).unwrap() {
            GroupType::Run8 | GroupType::ColourRun4 => g
                .iter()
                .map(|&c| if is_wild(c) { None } else { Some(c) })
                .collect(),
            _ => {
                let mut nat: Vec<Card> = g.iter().copied().filter(|&c| is_natural(c)).collect();
                nat.sort();
                let wild = g.len() - nat.len();
                nat.into_iter()
                    .map(Some)
                    .chain(std::iter::repeat_n(None, wild))
                    .collect()
            }
        })
        .collect();
    if phase.0 == 1 || phase.0 == 3 {
        let key = |g: &Vec<Option<Card>>| -> Vec<u16> {
            g.iter()
                .map(|c| c.map_or(1000, |c| u16::from(c.index())))
                .collect()
        };
        abs.sort_by_key(key);
    }
    let mut aces: Vec<Card> = hand.iter().copied().filter(|&c| is_wild(c)).collect();
    aces.sort();
    let mut aces = aces.into_iter();
    abs.into_iter()
        .map(|g| {
            g.into_iter()
                .map(|c| c.unwrap_or_else(|| aces.next().unwrap()))
                .collect()
        })
        .collect()
}

/// The canonical plays found by brute force, and the most penalty any of them lays.
fn brute_canonical(hand: &[Card], phase: PhaseType) -> (BTreeSet<Vec<Vec<Card>>>, Option<u32>) {
    let mut set = BTreeSet::new();
    let mut best: Option<u32> = None;
    brute_force(hand, phase, &mut |p| {
        let laid: u32 = p.iter().flatten().map(|&c| penalty(c)).sum();
        best = Some(best.map_or(laid, |b| b.max(laid)));
        set.insert(canonical(hand, phase, p));
    });
    (set, best)
}

fn check_against_brute_force(hand: &[Card], phase: PhaseType) {
    let plays = phase_plays(hand, phase);
    check_plays(hand, phase, &plays);
    let (brute, best) = brute_canonical(hand, phase);
    let ours: BTreeSet<_> = plays.iter().cloned().collect();
    assert_eq!(ours, brute, "{phase} from {hand:?}");
    // The finder, for this phase alone.
    match (find_phase(hand, &[phase]), best) {
        (None, None) => {}
        (Some((p, play)), Some(laid)) => {
            assert_eq!(p, phase);
            let first = plays
                .iter()
                .find(|q| q.iter().flatten().map(|&c| penalty(c)).sum::<u32>() == laid)
                .unwrap();
            assert_eq!(&play, first);
        }
        (found, best) => panic!("finder {found:?} but brute force best {best:?}"),
    }
}

// ---------------------------------------------------------------- hand strategies

/// Two copies of each of `cards`, as a pool to draw a hand from.
fn pool(spec: &str) -> Vec<Card> {
    let once = cards(spec);
    once.iter().chain(once.iter()).copied().collect()
}

fn hand_from(
    spec: &'static str,
    sizes: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Vec<Card>> {
    let p = pool(spec);
    sizes
        .prop_flat_map(move |n| proptest::sample::subsequence(p.clone(), n))
        .prop_shuffle()
}

/// Value sets: few values, all suits, all Aces.
fn set_hand(sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<Card>> {
    hand_from("2S 2H 2D 2C 7S 7H 7D 7C KS KH KD KC AS AH AD AC", sizes)
}

/// Suit sets: mostly Clubs, some Spades, all Aces.
fn suit_hand() -> impl Strategy<Value = Vec<Card>> {
    hand_from("2C 3C 4C 5C 6C 7C 5S 6S AS AH AD AC", 7..=9)
}

/// Keeps at most two copies of each card.
fn two_packs(cards: Vec<Card>) -> Vec<Card> {
    let mut counts = [0u8; Card::DISTINCT];
    cards
        .into_iter()
        .filter(|c| {
            let n = &mut counts[usize::from(c.index())];
            *n += 1;
            *n <= 2
        })
        .collect()
}

/// A card of `value` (1 = Ace) and suit index `suit`.
fn card_of(value: u8, suit: u8) -> Card {
    Card::from_index(suit * 13 + value - 1).unwrap()
}

/// Nearly a run of 8: each position a natural of any suit or an Ace, then a card dropped or
/// one added.
fn run_hand() -> impl Strategy<Value = Vec<Card>> {
    (
        2u8..=7,
        proptest::collection::vec((0u8..6, 0u8..4), 8),
        proptest::option::of((1u8..=13, 0u8..4)),
        any::<bool>(),
    )
        .prop_map(|(low, picks, extra, drop)| {
            let mut hand: Vec<Card> = picks
                .iter()
                .enumerate()
                .map(|(i, &(kind, suit))| {
                    let v = (low + i as u8).min(13);
                    if kind < 4 {
                        card_of(v, suit)
                    } else {
                        card_of(1, suit)
                    }
                })
                .collect();
            if drop {
                hand.pop();
            }
            if let Some((v, s)) = extra {
                hand.push(card_of(v, s));
            }
            two_packs(hand)
        })
        .prop_shuffle()
}

/// Nearly phase 5: a colour run of 4 (some suits off-colour), a set of 4, maybe an extra card.
fn p5_hand() -> impl Strategy<Value = Vec<Card>> {
    (
        2u8..=11,
        proptest::collection::vec((0u8..6, 0u8..4), 4),
        2u8..=13,
        proptest::collection::vec((0u8..5, 0u8..4), 4),
        proptest::option::of((1u8..=13, 0u8..4)),
    )
        .prop_map(|(low, run, value, set, extra)| {
            let colour_suits = [0u8, 3];
            let mut hand: Vec<Card> = run
                .iter()
                .enumerate()
                .map(|(i, &(kind, suit))| {
                    let v = (low + i as u8).min(13);
                    match kind {
                        0..=2 => card_of(v, colour_suits[usize::from(suit % 2)]),
                        3 => card_of(v, suit),
                        _ => card_of(1, suit),
                    }
                })
                .collect();
            hand.extend(set.iter().map(|&(kind, suit)| {
                if kind < 4 {
                    card_of(value, suit)
                } else {
                    card_of(1, suit)
                }
            }));
            hand.extend(extra.map(|(v, s)| card_of(v, s)));
            two_packs(hand)
        })
        .prop_shuffle()
}

/// Any of the above, at most 9 cards (the brute force over runs of 8 grows fast).
fn any_hand() -> impl Strategy<Value = Vec<Card>> {
    prop_oneof![set_hand(6..=9), suit_hand(), run_hand(), p5_hand()]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn value_sets_match_brute_force(hand in set_hand(6..=10)) {
        check_against_brute_force(&hand, PhaseType(1));
        check_against_brute_force(&hand, PhaseType(3));
    }

    #[test]
    fn suit_sets_match_brute_force(hand in suit_hand()) {
        check_against_brute_force(&hand, PhaseType(2));
    }

    #[test]
    fn phase5_matches_brute_force(hand in p5_hand()) {
        check_against_brute_force(&hand, PhaseType(5));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn runs_of_eight_match_brute_force(hand in run_hand()) {
        check_against_brute_force(&hand, PhaseType(4));
    }

    #[test]
    fn find_phase_leaves_the_brute_force_minimum(
        hand in any_hand(),
        mask in 1u8..32,
    ) {
        let phases: Vec<PhaseType> = PhaseType::ALL
            .iter()
            .copied()
            .filter(|p| mask & (1 << (p.0 - 1)) != 0)
            .collect();
        // Brute force: the most penalty laid, and the lowest phase that lays it.
        let mut best: Option<(u32, PhaseType)> = None;
        for &p in &phases {
            if let (_, Some(laid)) = brute_canonical(&hand, p) {
                if best.is_none_or(|(b, _)| laid > b) {
                    best = Some((laid, p));
                }
            }
        }
        let found = find_phase(&hand, &phases);
        match (found, best) {
            (None, None) => {}
            (Some((p, play)), Some((laid, bp))) => {
                prop_assert_eq!(p, bp);
                prop_assert_eq!(phase_type(&play), Ok(p));
                let all: Vec<Card> = play.iter().flatten().copied().collect();
                prop_assert!(sub_multiset(&all, &hand));
                prop_assert_eq!(total_penalty(&all), laid);
                prop_assert!(phase_plays(&hand, p).contains(&play));
            }
            (found, best) => prop_assert!(false, "finder {:?}, brute force {:?}", found, best),
        }
    }
}

// ---------------------------------------------------------------- timing

/// A small deterministic generator (xorshift64*), to avoid depending on `rand`'s API here.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Random 11-card hands from two packs.
fn random_hands(n: usize, seed: u64) -> Vec<Vec<Card>> {
    let deck = decks(2, 0);
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            let mut d = deck.clone();
            for i in 0..11 {
                let j = i + (rng.next() % (d.len() - i) as u64) as usize;
                d.swap(i, j);
            }
            d.truncate(11);
            d
        })
        .collect()
}

#[test]
fn random_hands_are_consistent() {
    for hand in random_hands(300, 7) {
        for phase in PhaseType::ALL {
            let plays = phase_plays(&hand, phase);
            check_plays(&hand, phase, &plays);
        }
    }
}

/// Every card a hand could get: each natural of the pack and a wild.
fn every_card() -> Vec<Card> {
    let mut all: Vec<Card> = parse_cards("AS").unwrap();
    for v in ["2", "3", "4", "5", "6", "7", "8", "9", "0", "J", "Q", "K"] {
        for s in ["S", "H", "D", "C"] {
            all.extend(parse_cards(&format!("{v}{s}")).unwrap());
        }
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The distance policy's measure is exact where it matters: 0 exactly when the phase can
    /// be laid; 1 exactly when it cannot but one more card would let it; and one more card
    /// never shortens it by more than one.
    #[test]
    fn the_distance_to_a_phase_is_zero_exactly_when_it_can_be_laid(hand in any_hand()) {
        for phase in PhaseType::ALL {
            let d = distance(&hand, phase);
            prop_assert_eq!(d == 0, can_lay(&hand, phase), "{:?} {:?}", hand, phase);
            let mut one_away = false;
            for c in every_card() {
                let mut more = hand.clone();
                more.push(c);
                let after = distance(&more, phase);
                prop_assert!(after + 1 >= d && after <= d, "{:?} + {} for {:?}", hand, c, phase);
                one_away |= can_lay(&more, phase);
            }
            prop_assert_eq!(d == 1, one_away && d != 0, "{:?} {:?}: {}", hand, phase, d);
        }
    }
}
