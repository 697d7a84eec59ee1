//! Phase plays and the phase finder: every way to lay a phase from a hand, and the best one.
//!
//! Plays are enumerated directly by group type (value sets per value, suit sets per suit, runs
//! per lowest value and colour), never by searching subsets of the hand, so the finder is cheap
//! enough to call on every state of a random playout.
//!
//! # Canonical plays
//!
//! A hand is a multiset, and many ways of laying a phase differ only in which of two identical
//! cards, or which Ace, is used. [`phase_plays`] lists each play once, in a canonical form:
//!
//! - each play is its groups in phase order;
//! - a value set or suit set lists its natural cards in card order, then its wilds;
//! - a run lists its cards in run order, ascending;
//! - Aces used as wilds are interchangeable (same role, same penalty), so a play takes the
//!   lowest-sorted Aces in the hand, handed out group by group, position by position;
//! - the two sets of phase 1 or phase 3 are unordered, so each pair is listed once, with the
//!   groups in ascending order of their cards compared position by position, a wild counting as
//!   greater than every natural card (phase 5's order is fixed: the run, then the set).
//!
//! ```
//! use parlour_cards::parse_cards;
//! use parlour_phased::finder::{can_lay, find_phase, phase_plays};
//! use parlour_phased::groups::PhaseType;
//!
//! let hand = parse_cards("2S 2S 2H 7H 7S 7D KC").unwrap();
//! let plays = phase_plays(&hand, PhaseType(1));
//! assert_eq!(plays, vec![vec![
//!     parse_cards("2S 2S 2H").unwrap(),
//!     parse_cards("7S 7H 7D").unwrap(),
//! ]]);
//! assert!(can_lay(&hand, PhaseType(1)));
//! assert!(!can_lay(&hand, PhaseType(2)));
//! let (phase, play) = find_phase(&hand, &[PhaseType(1)]).unwrap();
//! assert_eq!((phase, play), (PhaseType(1), plays[0].clone()));
//! ```

use std::ops::ControlFlow;

use parlour_cards::Card;

use crate::groups::{penalty, PhaseType};

/// A wild slot in a [`Shape`].
const WILD: u8 = u8::MAX;

/// The card indices of the four Aces, in card order.
const ACES: [usize; 4] = [0, 13, 26, 39];

/// Suit indices of each colour (black: Spades, Clubs; red: Hearts, Diamonds), black first.
const COLOUR_SUITS: [[usize; 2]; 2] = [[0, 3], [1, 2]];

/// All four suit indices.
const ALL_SUITS: [usize; 4] = [0, 1, 2, 3];

/// A group with its wilds not yet assigned: card indices in canonical order, [`WILD`] for a wild.
///
/// Ordered by its slots (a wild after every natural card), which is the canonical order of the
/// two groups of phases 1 and 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Shape {
    slots: [u8; 8],
    len: u8,
}

impl Shape {
    const EMPTY: Shape = Shape {
        slots: [0; 8],
        len: 0,
    };

    #[inline]
    fn push(&mut self, slot: u8) {
        self.slots[usize::from(self.len)] = slot;
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) {
        self.len -= 1;
        self.slots[usize::from(self.len)] = 0;
    }

    #[inline]
    fn slots(&self) -> &[u8] {
        &self.slots[..usize::from(self.len)]
    }

    #[inline]
    fn wilds(&self) -> u8 {
        self.slots().iter().filter(|&&s| s == WILD).count() as u8
    }

    /// The penalty of the group's cards (a wild counts as an Ace).
    #[inline]
    fn penalty(&self) -> u32 {
        self.slots()
            .iter()
            .map(|&s| if s == WILD { 25 } else { penalty(card(s)) })
            .sum()
    }
}

/// The card with index `i` (always a valid index here).
#[inline]
fn card(i: u8) -> Card {
    Card::from_index(i).expect("card index below 53")
}

/// A hand as counts per card index.
struct Hand {
    counts: [u8; Card::DISTINCT],
    /// How many Aces (wilds).
    aces: u8,
    /// How many cards that can be part of a group (everything but Jokers).
    usable: usize,
}

impl Hand {
    fn new(cards: &[Card]) -> Hand {
        let mut counts = [0u8; Card::DISTINCT];
        for c in cards {
            let i = usize::from(c.index());
            counts[i] = counts[i].saturating_add(1);
        }
        counts[usize::from(Card::JOKER.index())] = 0;
        let aces = ACES.iter().fold(0u8, |n, &i| n.saturating_add(counts[i]));
        let usable = counts.iter().map(|&n| usize::from(n)).sum();
        Hand {
            counts,
            aces,
            usable,
        }
    }

    /// The count of the natural card of `suit` (0..4) and `value` (2..=13).
    #[inline]
    fn count(&self, suit: usize, value: u8) -> u8 {
        self.counts[suit * 13 + usize::from(value) - 1]
    }

    /// The groups of `shapes` as cards, the wilds taking the hand's Aces lowest first.
    fn materialize(&self, shapes: &[Shape]) -> Vec<Vec<Card>> {
        let mut aces = ACES
            .iter()
            .flat_map(|&i| std::iter::repeat_n(card(i as u8), usize::from(self.counts[i])));
        shapes
            .iter()
            .map(|s| {
                s.slots()
                    .iter()
                    .map(|&x| {
                        if x == WILD {
                            aces.next()
                                .expect("a play uses no more wilds than the hand has")
                        } else {
                            card(x)
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

/// A set of one value: its shape, value, naturals per suit and wilds.
#[derive(Clone, Copy, Debug)]
struct ValueSet {
    shape: Shape,
    value: u8,
    per_suit: [u8; 4],
    wilds: u8,
}

/// Every set of `size` cards of one value the hand holds, by value.
fn value_sets(hand: &Hand, size: u8, out: &mut Vec<ValueSet>) {
    for value in 2..=13u8 {
        let c = [0, 1, 2, 3].map(|s| hand.count(s, value).min(size));
        if c.iter().map(|&n| u32::from(n)).sum::<u32>() < 2 {
            continue;
        }
        for m0 in (0..=c[0]).rev() {
            for m1 in (0..=c[1]).rev() {
                for m2 in (0..=c[2]).rev() {
                    for m3 in (0..=c[3]).rev() {
                        let n = m0 + m1 + m2 + m3;
                        if n < 2 || n > size || size - n > hand.aces {
                            continue;
                        }
                        let per_suit = [m0, m1, m2, m3];
                        let mut shape = Shape::EMPTY;
                        for (s, &m) in per_suit.iter().enumerate() {
                            for _ in 0..m {
                                shape.push((s * 13) as u8 + value - 1);
                            }
                        }
                        for _ in n..size {
                            shape.push(WILD);
                        }
                        out.push(ValueSet {
                            shape,
                            value,
                            per_suit,
                            wilds: size - n,
                        });
                    }
                }
            }
        }
    }
}

/// Whether two value sets can be laid together from the hand.
#[inline]
fn sets_fit(hand: &Hand, a: &ValueSet, b: &ValueSet) -> bool {
    a.wilds + b.wilds <= hand.aces
        && (a.value != b.value
            || (0..4).all(|s| a.per_suit[s] + b.per_suit[s] <= hand.count(s, a.value)))
}

/// Whether a run and a value set can be laid together from the hand.
#[inline]
fn run_set_fit(hand: &Hand, run: &Shape, set: &ValueSet) -> bool {
    if run.wilds() + set.wilds > hand.aces {
        return false;
    }
    run.slots().iter().all(|&x| {
        x == WILD
            || x % 13 + 1 != set.value
            || set.per_suit[usize::from(x / 13)] < hand.counts[usize::from(x)]
    })
}

/// Every run of `len` cards from the hand whose naturals are of `suits`, by lowest value, then
/// position by position (naturals in the order of `suits`, then a wild).
fn runs<F: FnMut(&Shape) -> ControlFlow<()>>(
    hand: &Hand,
    len: u8,
    suits: &[usize],
    f: &mut F,
) -> ControlFlow<()> {
    if hand.usable < usize::from(len) {
        return ControlFlow::Continue(());
    }
    for low in 2..=14 - len {
        let mut shape = Shape::EMPTY;
        run_from(hand, low, len, suits, 0, 0, &mut shape, f)?;
    }
    ControlFlow::Continue(())
}

#[allow(clippy::too_many_arguments)]
fn run_from<F: FnMut(&Shape) -> ControlFlow<()>>(
    hand: &Hand,
    low: u8,
    len: u8,
    suits: &[usize],
    naturals: u8,
    wilds: u8,
    shape: &mut Shape,
    f: &mut F,
) -> ControlFlow<()> {
    let pos = shape.len;
    if pos == len {
        return if naturals >= 2 {
            f(shape)
        } else {
            ControlFlow::Continue(())
        };
    }
    let value = low + pos;
    let after = len - pos - 1;
    for &s in suits {
        if hand.count(s, value) > 0 {
            shape.push((s * 13) as u8 + value - 1);
            let r = run_from(hand, low, len, suits, naturals + 1, wilds, shape, f);
            shape.pop();
            r?;
        }
    }
    if wilds < hand.aces && naturals + after >= 2 {
        shape.push(WILD);
        let r = run_from(hand, low, len, suits, naturals, wilds + 1, shape, f);
        shape.pop();
        r?;
    }
    ControlFlow::Continue(())
}

/// Every set of 7 cards of one suit from the hand, by suit, then by naturals (more copies of
/// lower values first), wilds last.
fn suit_sets<F: FnMut(&Shape) -> ControlFlow<()>>(hand: &Hand, f: &mut F) -> ControlFlow<()> {
    if hand.usable < 7 {
        return ControlFlow::Continue(());
    }
    for suit in 0..4 {
        // left[v]: naturals of this suit with value >= v.
        let mut left = [0u8; 15];
        for v in (2..=13u8).rev() {
            left[usize::from(v)] = left[usize::from(v) + 1].saturating_add(hand.count(suit, v));
        }
        if left[2] < 2 || left[2].saturating_add(hand.aces) < 7 {
            continue;
        }
        let mut shape = Shape::EMPTY;
        suit_from(hand, suit, 2, &left, &mut shape, f)?;
    }
    ControlFlow::Continue(())
}

fn suit_from<F: FnMut(&Shape) -> ControlFlow<()>>(
    hand: &Hand,
    suit: usize,
    value: u8,
    left: &[u8; 15],
    shape: &mut Shape,
    f: &mut F,
) -> ControlFlow<()> {
    let n = shape.len;
    if n == 7 || value == 14 {
        if n < 2 || 7 - n > hand.aces {
            return ControlFlow::Continue(());
        }
        let mut full = *shape;
        for _ in n..7 {
            full.push(WILD);
        }
        return f(&full);
    }
    if n.saturating_add(left[usize::from(value)])
        .saturating_add(hand.aces)
        < 7
    {
        return ControlFlow::Continue(());
    }
    let most = hand.count(suit, value).min(7 - n);
    let index = (suit * 13) as u8 + value - 1;
    for m in (0..=most).rev() {
        for _ in 0..m {
            shape.push(index);
        }
        let r = suit_from(hand, suit, value + 1, left, shape, f);
        for _ in 0..m {
            shape.pop();
        }
        r?;
    }
    ControlFlow::Continue(())
}

/// Calls `f` with every canonical play of `phase` (as shapes), in the documented order, until
/// it breaks.
fn visit<F: FnMut(&[Shape]) -> ControlFlow<()>>(
    hand: &Hand,
    phase: PhaseType,
    f: &mut F,
) -> ControlFlow<()> {
    match phase.0 {
        1 | 3 => {
            let size = if phase.0 == 1 { 3 } else { 4 };
            if hand.usable < 2 * usize::from(size) {
                return ControlFlow::Continue(());
            }
            let mut sets = Vec::new();
            value_sets(hand, size, &mut sets);
            sets.sort_unstable_by_key(|a| a.shape);
            for (i, a) in sets.iter().enumerate() {
                for b in &sets[i..] {
                    if sets_fit(hand, a, b) {
                        f(&[a.shape, b.shape])?;
                    }
                }
            }
            ControlFlow::Continue(())
        }
        2 => suit_sets(hand, &mut |s| f(std::slice::from_ref(s))),
        4 => runs(hand, 8, &ALL_SUITS, &mut |s| f(std::slice::from_ref(s))),
        5 => {
            if hand.usable < 8 {
                return ControlFlow::Continue(());
            }
            let mut sets = Vec::new();
            value_sets(hand, 4, &mut sets);
            if sets.is_empty() {
                return ControlFlow::Continue(());
            }
            for suits in &COLOUR_SUITS {
                runs(hand, 4, suits, &mut |run| {
                    for set in &sets {
                        if run_set_fit(hand, run, set) {
                            f(&[*run, set.shape])?;
                        }
                    }
                    ControlFlow::Continue(())
                })?;
            }
            ControlFlow::Continue(())
        }
        _ => ControlFlow::Continue(()),
    }
}

/// Every way to lay `phase` from `hand`, each once, in canonical form (see the
/// [module documentation](self)).
///
/// Each play satisfies [`phase_type`](crate::groups::phase_type)`(&play) == Ok(phase)` and uses
/// only cards of `hand` (as a multiset). Jokers are ignored; a phase number outside 1..=5 has no
/// plays. The order is deterministic:
///
/// - phases 1 and 3: pairs `(a, b)` with `a <= b` in the canonical group order, by `a`, then `b`;
/// - phase 2: by suit (Spades, Hearts, Diamonds, Clubs), then more copies of lower values first;
/// - phase 4: by lowest value, then position by position a natural card (by suit) before a wild;
/// - phase 5: black runs before red, each as in phase 4, then the set of 4 by value.
///
/// ```
/// use parlour_cards::parse_cards;
/// use parlour_phased::finder::phase_plays;
/// use parlour_phased::groups::PhaseType;
///
/// // AD stands for the 5.
/// let hand = parse_cards("2S 3D 4C AD 6C 7D 8H 9S").unwrap();
/// assert_eq!(phase_plays(&hand, PhaseType(4)), vec![vec![hand.clone()]]);
/// ```
pub fn phase_plays(hand: &[Card], phase: PhaseType) -> Vec<Vec<Vec<Card>>> {
    let h = Hand::new(hand);
    let mut plays = Vec::new();
    let _ = visit(&h, phase, &mut |shapes| {
        plays.push(h.materialize(shapes));
        ControlFlow::Continue(())
    });
    plays
}

/// Whether `hand` can lay `phase` (the same as `!phase_plays(hand, phase).is_empty()`, but
/// stopping at the first play found and building none).
pub fn can_lay(hand: &[Card], phase: PhaseType) -> bool {
    visit(&Hand::new(hand), phase, &mut |_| ControlFlow::Break(())).is_break()
}

/// Whether `hand` can lay any of `phases` (the player's next phase, or in the bonus variant the
/// phases not yet done), and if so a best play: the one leaving the lowest total
/// [`penalty`] in hand; ties go to the lowest phase number, then to the first play in
/// [`phase_plays`] order. Phase numbers outside 1..=5, and repeats, are ignored.
///
/// ```
/// use parlour_cards::parse_cards;
/// use parlour_phased::finder::find_phase;
/// use parlour_phased::groups::PhaseType;
///
/// // Sets of Kings and Queens leave the 2 in hand, rather than a King or Queen.
/// let hand = parse_cards("2S 2H 2D QS QH QD KS KH KD").unwrap();
/// let (phase, play) = find_phase(&hand, &[PhaseType(1)]).unwrap();
/// assert_eq!(phase, PhaseType(1));
/// assert_eq!(play, vec![parse_cards("QS QH QD").unwrap(), parse_cards("KS KH KD").unwrap()]);
/// assert_eq!(find_phase(&hand, &[PhaseType(2)]), None);
/// ```
pub fn find_phase(hand: &[Card], phases: &[PhaseType]) -> Option<(PhaseType, Vec<Vec<Card>>)> {
    let mut wanted = [false; 6];
    for p in phases {
        if (1..=5).contains(&p.0) {
            wanted[usize::from(p.0)] = true;
        }
    }
    let h = Hand::new(hand);
    // The best play so far: the penalty it lays (the most laid leaves the least in hand).
    let mut best: Option<(u32, PhaseType, [Shape; 2], usize)> = None;
    for number in 1..=5u8 {
        if !wanted[usize::from(number)] {
            continue;
        }
        let phase = PhaseType(number);
        let _ = visit(&h, phase, &mut |shapes| {
            let laid: u32 = shapes.iter().map(Shape::penalty).sum();
            if best.is_none_or(|(b, ..)| laid > b) {
                let mut kept = [Shape::EMPTY; 2];
                kept[..shapes.len()].copy_from_slice(shapes);
                best = Some((laid, phase, kept, shapes.len()));
            }
            ControlFlow::Continue(())
        });
    }
    best.map(|(_, phase, shapes, n)| (phase, h.materialize(&shapes[..n])))
}
