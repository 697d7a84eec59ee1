//! Scoring a player's discards: single groups, proposed partitions, and the optimal partition.
//!
//! A player's cards are split into groups; each group is
//! - an **N-of-a-kind**: N ≥ 2 cards of one value, no Aces, scoring value × N!;
//! - a **run**: ≥ 3 cards with ≥ 2 non-Aces of distinct values which, laid in value order, are
//!   consecutive with alternating colours, Aces standing in for the values of gaps strictly inside
//!   the run (so the lowest and highest cards are non-Aces) with the colour their position needs;
//!   it scores the sum of the values it covers (no wrap from King to 2);
//! - a **singleton**: any one card, scoring minus its value (an Ace −20).
//!
//! Any other group of two or more cards is invalid, and [`score_group`] says exactly why.
//! [`score_partition`] checks and scores a proposed partition; [`best_partition`] finds an optimal
//! one exactly, by dynamic programming over subsets; [`best_score`] gives its score alone, and
//! [`best_score_mask`] the same score of a set given as a bit mask, by a search fast enough for
//! the engine's final scoring and for search playouts.

use std::fmt;

use parlour_cards::{Card, Colour};
use serde::{Deserialize, Serialize};

mod mask;
mod proposed;

pub use mask::best_score_mask;
use mask::factorial;
pub use proposed::{
    best_grouping, check_grouping, course_equivalent, grouping_score, valid_groupings,
};

/// The most cards [`best_partition`] accepts (the game scores ten).
pub const MAX_CARDS: usize = 20;

/// What a valid group is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum GroupKind {
    /// One card on its own.
    Singleton,
    /// `n` cards of value `value`.
    NOfAKind {
        /// The shared value.
        value: u8,
        /// How many.
        n: u8,
    },
    /// A run covering the values `low..=high`.
    Run {
        /// The lowest value (a non-Ace).
        low: u8,
        /// The highest value (a non-Ace).
        high: u8,
    },
}

/// A valid group's kind and score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GroupScore {
    /// What kind of group it is.
    pub kind: GroupKind,
    /// Its score.
    pub score: i32,
}

/// Why a group of cards is not a valid group.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GroupError {
    /// No cards.
    #[error("the group is empty")]
    Empty,
    /// A Joker; this game uses one standard pack.
    #[error("{0} is a Joker, which Comp10001-Go does not use")]
    Joker(Card),
    /// The same card twice.
    #[error("{0} appears more than once")]
    DuplicateCard(Card),
    /// Two or more Aces together: Aces cannot form an N-of-a-kind.
    #[error("Aces cannot form part of an N-of-a-kind")]
    AceNOfAKind,
    /// Two cards of different values: too few for a run, and not a pair.
    #[error("two cards form a group only as a pair of one value (a run needs at least 3 cards)")]
    TooShortForRun,
    /// A run with fewer than two non-Aces.
    #[error("a run needs at least two non-Aces, and this group has {0}")]
    TooFewNonAces(usize),
    /// Two non-Aces of one value in a run.
    #[error("value {0} appears twice, but a run has one card per value")]
    DuplicateValue(u8),
    /// More gaps between the non-Aces than Aces to fill them.
    #[error("the values {low} to {high} leave {gaps} gap(s) but there are only {aces} Ace(s) to fill them")]
    GapsNotFilled {
        /// The lowest non-Ace value.
        low: u8,
        /// The highest non-Ace value.
        high: u8,
        /// Missing values between them.
        gaps: usize,
        /// Aces in the group.
        aces: usize,
    },
    /// More Aces than gaps: an Ace can only fill a gap strictly inside the run.
    #[error("an Ace can only fill a gap inside a run: {aces} Ace(s) for {gaps} gap(s), and the lowest and highest cards must be non-Aces")]
    AceOutsideGap {
        /// Missing values between the lowest and highest non-Aces.
        gaps: usize,
        /// Aces in the group.
        aces: usize,
    },
    /// A non-Ace whose colour breaks the alternation.
    #[error("colours do not alternate: {card} stands where a {expected} card is needed")]
    ColoursNotAlternating {
        /// The card out of place.
        card: Card,
        /// The colour its position needs.
        expected: Colour,
    },
    /// No Ace of the colour a gap needs.
    #[error("the colour of an Ace doesn't match: the gap at value {value} needs a {expected} Ace")]
    AceColour {
        /// The gap's value.
        value: u8,
        /// The colour it needs.
        expected: Colour,
    },
}

/// Why a proposed partition is not valid for a set of cards.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PartitionError {
    /// A group is invalid.
    #[error("group {index} ({cards}): {error}")]
    Group {
        /// The group's position in the proposal, from 0.
        index: usize,
        /// The group's cards as text.
        cards: String,
        /// Why it is invalid.
        error: GroupError,
    },
    /// A card in a group is not among the player's cards (or is used twice).
    #[error("{0} is used more often than the player has it")]
    NotInHand(Card),
    /// A card of the player's is in no group.
    #[error("{0} is in no group")]
    Missing(Card),
    /// More cards than can be scored ([`MAX_CARDS`]).
    #[error("{count} cards; at most {max} can be scored")]
    TooManyCards {
        /// The cards given.
        count: usize,
        /// The most that can be scored.
        max: usize,
    },
    /// The cards themselves are not a valid set: a Joker ([`GroupError::Joker`]) or a card
    /// given twice ([`GroupError::DuplicateCard`]).
    #[error("{0}")]
    Cards(GroupError),
}

/// A partition of a player's cards into valid groups, and its score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partition {
    /// The groups, each with its cards (runs in value order) and score.
    pub groups: Vec<(Vec<Card>, GroupScore)>,
    /// The total score.
    pub score: i32,
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (cards, g) in &self.groups {
            let names: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
            let kind = match g.kind {
                GroupKind::Singleton => "singleton".to_string(),
                GroupKind::NOfAKind { n, .. } => format!("{n}-of-a-kind"),
                GroupKind::Run { low, high } => format!("run {low}..{high}"),
            };
            writeln!(f, "[{}] {kind}: {:+}", names.join(" "), g.score)?;
        }
        write!(f, "total: {}", self.score)
    }
}

fn value(c: Card) -> u8 {
    c.value().unwrap_or(0)
}

fn colour(c: Card) -> Colour {
    c.colour().unwrap_or(Colour::Black)
}

/// The score of one card alone: minus its value, an Ace −20.
pub fn singleton_score(card: Card) -> i32 {
    match value(card) {
        1 => -20,
        v => -i32::from(v),
    }
}

/// Scores one group of cards, or says exactly why it is not a valid group.
///
/// ```
/// use parlour_cards::parse_cards;
/// use parlour_go::scoring::{score_group, GroupError};
/// assert_eq!(score_group(&parse_cards("0C AD AC KH").unwrap()).unwrap().score, 10 + 11 + 12 + 13);
/// assert_eq!(score_group(&parse_cards("2S AD AC").unwrap()), Err(GroupError::TooFewNonAces(1)));
/// ```
pub fn score_group(cards: &[Card]) -> Result<GroupScore, GroupError> {
    let mut seen = 0u64;
    for &c in cards {
        if c.is_joker() {
            return Err(GroupError::Joker(c));
        }
        let bit = 1u64 << c.index();
        if seen & bit != 0 {
            return Err(GroupError::DuplicateCard(c));
        }
        seen |= bit;
    }
    match cards {
        [] => Err(GroupError::Empty),
        [c] => Ok(GroupScore {
            kind: GroupKind::Singleton,
            score: singleton_score(*c),
        }),
        _ => {
            let v0 = value(cards[0]);
            if cards.iter().all(|&c| value(c) == v0) {
                if v0 == 1 {
                    return Err(GroupError::AceNOfAKind);
                }
                let n = cards.len() as u8;
                return Ok(GroupScore {
                    kind: GroupKind::NOfAKind { value: v0, n },
                    score: i32::from(v0) * factorial(n),
                });
            }
            score_run(cards)
        }
    }
}

fn score_run(cards: &[Card]) -> Result<GroupScore, GroupError> {
    if cards.len() < 3 {
        return Err(GroupError::TooShortForRun);
    }
    // Non-Aces by value (index 2..=13), and the Aces' colours.
    let mut at: [Option<Card>; 14] = [None; 14];
    let (mut red_aces, mut black_aces) = (0usize, 0usize);
    let mut non_aces = 0usize;
    for &c in cards {
        let v = value(c);
        if v == 1 {
            match colour(c) {
                Colour::Red => red_aces += 1,
                Colour::Black => black_aces += 1,
            }
        } else {
            if at[v as usize].is_some() {
                return Err(GroupError::DuplicateValue(v));
            }
            at[v as usize] = Some(c);
            non_aces += 1;
        }
    }
    if non_aces < 2 {
        return Err(GroupError::TooFewNonAces(non_aces));
    }
    let low = (2..=13).find(|&v| at[v].is_some()).unwrap_or(2) as u8;
    let high = (2..=13).rev().find(|&v| at[v].is_some()).unwrap_or(13) as u8;
    let aces = red_aces + black_aces;
    let gaps = (high - low + 1) as usize - non_aces;
    if gaps > aces {
        return Err(GroupError::GapsNotFilled {
            low,
            high,
            gaps,
            aces,
        });
    }
    if gaps < aces {
        return Err(GroupError::AceOutsideGap { gaps, aces });
    }
    // Walk the run in value order: the colour alternates from the lowest card's.
    let first = colour(at[low as usize].expect("low is a non-Ace"));
    for v in low..=high {
        let expected = if (v - low) % 2 == 0 {
            first
        } else {
            first.other()
        };
        match at[v as usize] {
            Some(c) if colour(c) != expected => {
                return Err(GroupError::ColoursNotAlternating { card: c, expected });
            }
            Some(_) => {}
            None => {
                let pool = match expected {
                    Colour::Red => &mut red_aces,
                    Colour::Black => &mut black_aces,
                };
                if *pool == 0 {
                    return Err(GroupError::AceColour { value: v, expected });
                }
                *pool -= 1;
            }
        }
    }
    let score = (i32::from(low)..=i32::from(high)).sum();
    Ok(GroupScore {
        kind: GroupKind::Run { low, high },
        score,
    })
}

fn check_cards(cards: &[Card]) -> Result<(), PartitionError> {
    if cards.len() > MAX_CARDS {
        return Err(PartitionError::TooManyCards {
            count: cards.len(),
            max: MAX_CARDS,
        });
    }
    let mut seen = 0u64;
    for &c in cards {
        if c.is_joker() {
            return Err(PartitionError::Cards(GroupError::Joker(c)));
        }
        if seen & (1 << c.index()) != 0 {
            return Err(PartitionError::Cards(GroupError::DuplicateCard(c)));
        }
        seen |= 1 << c.index();
    }
    Ok(())
}

/// Checks that `groups` partition `cards` into valid groups, and scores the partition.
pub fn score_partition(cards: &[Card], groups: &[Vec<Card>]) -> Result<Partition, PartitionError> {
    check_cards(cards)?;
    let mut left: u64 = cards.iter().fold(0, |m, c| m | 1 << c.index());
    let mut out = Vec::with_capacity(groups.len());
    let mut total = 0;
    for (index, group) in groups.iter().enumerate() {
        for &c in group {
            if c.is_joker() || left & (1 << c.index()) == 0 {
                return Err(PartitionError::NotInHand(c));
            }
            left &= !(1 << c.index());
        }
        let g = score_group(group).map_err(|error| PartitionError::Group {
            index,
            cards: group
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            error,
        })?;
        total += g.score;
        out.push((group.clone(), g));
    }
    if let Some(&c) = cards.iter().find(|c| left & (1 << c.index()) != 0) {
        return Err(PartitionError::Missing(c));
    }
    Ok(Partition {
        groups: out,
        score: total,
    })
}

/// An optimal partition of `cards` (at most [`MAX_CARDS`], no duplicates or Jokers) and its
/// score. Exact: dynamic programming over all subsets, trying every valid group of two or more
/// cards that contains the lowest card left.
///
/// ```
/// use parlour_cards::parse_cards;
/// let cards = parse_cards("AH AS 7C 7S QS 9H 7H 4C AC JH").unwrap();
/// // The seed's example groups these for 56; the optimum is higher.
/// assert!(parlour_go::scoring::best_partition(&cards).unwrap().score >= 56);
/// ```
pub fn best_partition(cards: &[Card]) -> Result<Partition, PartitionError> {
    check_cards(cards)?;
    let n = cards.len();
    let full: usize = (1 << n) - 1;
    let groups_by_low = valid_groups(cards);
    let mut best = vec![0i32; full + 1];
    let mut choice = vec![0usize; full + 1];
    for mask in 1..=full {
        let low = mask.trailing_zeros() as usize;
        let bit = 1 << low;
        let mut b = best[mask ^ bit] + singleton_score(cards[low]);
        let mut c = bit;
        for &(g, s) in &groups_by_low[low] {
            if g & mask == g {
                let v = best[mask ^ g] + s;
                if v > b {
                    b = v;
                    c = g;
                }
            }
        }
        best[mask] = b;
        choice[mask] = c;
    }
    let mut groups = Vec::new();
    let mut mask = full;
    while mask != 0 {
        let g = choice[mask];
        let mut group: Vec<Card> = (0..n)
            .filter(|i| g & (1 << i) != 0)
            .map(|i| cards[i])
            .collect();
        group.sort_by_key(|&c| (value(c), c));
        let scored = score_group(&group).expect("chosen groups are valid");
        if let GroupKind::Run { low, .. } = scored.kind {
            order_run(&mut group, low);
        }
        groups.push((group, scored));
        mask ^= g;
    }
    Ok(Partition {
        groups,
        score: best[full],
    })
}

/// The optimal score alone (by [`best_score_mask`] for up to [`FAST_CARDS`] cards, else by
/// [`best_partition`]).
pub fn best_score(cards: &[Card]) -> Result<i32, PartitionError> {
    check_cards(cards)?;
    if cards.len() <= FAST_CARDS {
        return Ok(best_score_mask(
            cards.iter().fold(0, |m, c| m | 1 << c.index()),
        ));
    }
    best_partition(cards).map(|p| p.score)
}

/// The most cards [`best_score`] scores by [`best_score_mask`]'s search rather than by the
/// dynamic programme over all subsets.
pub const FAST_CARDS: usize = 14;

/// Every valid group of two or more of `cards` (as a subset mask, with its score), listed under
/// its lowest card. Each subset is classified in constant time from facts built up subset by
/// subset (value bits, Ace counts, parity-adjusted colours); a test checks this against
/// [`score_group`] on every subset of many random sets.
fn valid_groups(cards: &[Card]) -> Vec<Vec<(usize, i32)>> {
    let n = cards.len();
    let full: usize = (1 << n) - 1;
    // Per card: value bit, whether an Ace (and red), and colour xor value parity: the non-Aces of
    // an alternating run all share that last bit.
    let values: Vec<u32> = cards.iter().map(|&c| u32::from(value(c))).collect();
    let red: Vec<u32> = cards
        .iter()
        .map(|&c| u32::from(colour(c) == Colour::Red))
        .collect();
    let mut vbits = vec![0u16; full + 1]; // values present (bit v)
    let mut aces = vec![0u8; full + 1];
    let mut red_aces = vec![0u8; full + 1];
    let mut keys = vec![0u8; full + 1]; // bit (red ^ parity) over non-Aces
    let mut out: Vec<Vec<(usize, i32)>> = vec![Vec::new(); n];
    for mask in 1..=full {
        let low = mask.trailing_zeros() as usize;
        let rest = mask & (mask - 1);
        let v = values[low];
        vbits[mask] = vbits[rest] | (1 << v);
        let is_ace = u8::from(v == 1);
        aces[mask] = aces[rest] + is_ace;
        red_aces[mask] = red_aces[rest] + is_ace * red[low] as u8;
        keys[mask] = keys[rest] | if v == 1 { 0 } else { 1 << (red[low] ^ (v & 1)) };
        let k = mask.count_ones();
        if k < 2 {
            continue;
        }
        let vb = u32::from(vbits[mask]);
        let score = if vb.count_ones() == 1 {
            // One value: an N-of-a-kind unless Aces.
            if v == 1 {
                continue;
            }
            (v as i32) * factorial(k as u8)
        } else {
            let a = u32::from(aces[mask]);
            let non = vb & !(1 << 1);
            let non_aces = k - a;
            if k < 3 || non_aces < 2 || non.count_ones() != non_aces || keys[mask].count_ones() != 1
            {
                continue;
            }
            let lo = non.trailing_zeros();
            let hi = 31 - non.leading_zeros();
            if hi - lo + 1 - non_aces != a {
                continue;
            }
            // Gap values need the colour key ^ parity; count the red ones.
            let key = u32::from(keys[mask].trailing_zeros() as u8);
            let red_gaps = (lo..=hi)
                .filter(|&g| non & (1 << g) == 0 && (key ^ (g & 1)) == 1)
                .count() as u32;
            if red_gaps != u32::from(red_aces[mask]) {
                continue;
            }
            ((lo + hi) * (hi - lo + 1) / 2) as i32
        };
        out[low].push((mask, score));
    }
    out
}

/// Lays a valid run out in value order, each Ace in the gap whose colour it has.
fn order_run(group: &mut Vec<Card>, low: u8) {
    let mut aces: Vec<Card> = group.iter().copied().filter(|&c| value(c) == 1).collect();
    let mut non: Vec<Card> = group.iter().copied().filter(|&c| value(c) != 1).collect();
    non.sort_by_key(|&c| value(c));
    let first = colour(non[0]);
    let high = value(non[non.len() - 1]);
    let mut out = Vec::with_capacity(group.len());
    let mut it = non.into_iter().peekable();
    for v in low..=high {
        if it.peek().is_some_and(|&c| value(c) == v) {
            out.extend(it.next());
        } else {
            let expected = if (v - low) % 2 == 0 {
                first
            } else {
                first.other()
            };
            if let Some(i) = aces.iter().position(|&a| colour(a) == expected) {
                out.push(aces.remove(i));
            }
        }
    }
    *group = out;
}

/// `count` random 10-card sets, as a player's discards are dealt, from `seed`: the workload of
/// `parlour go score-bench` and of the `scoring` criterion bench.
pub fn dealt_sets(seed: u64, count: usize) -> Vec<Vec<Card>> {
    use rand::seq::SliceRandom;
    let mut rng = parlour_core::rng::seeded(seed);
    let mut deck = parlour_cards::standard_deck();
    (0..count)
        .map(|_| {
            deck.shuffle(&mut rng);
            deck[..10].to_vec()
        })
        .collect()
}

/// Optimal scoring timed on random 10-card sets (`parlour go score-bench`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScoreBench {
    /// The sum of the scores (the work cannot be optimised away, and it repeats by seed).
    pub checksum: i64,
    /// Microseconds a set.
    pub micros_per_set: f64,
    /// Seconds it took.
    pub seconds: f64,
    /// Sets scored.
    pub sets: u64,
    /// Sets a second.
    pub sets_per_sec: f64,
}

/// Scores random 10-card sets (as dealt discards, from `seed`) on one core for `time`, the sets
/// made in advance so that only scoring is timed.
pub fn bench(seed: u64, time: std::time::Duration) -> Result<ScoreBench, PartitionError> {
    let sets = dealt_sets(seed, 1024);
    let start = std::time::Instant::now();
    let (mut n, mut checksum) = (0u64, 0i64);
    while start.elapsed() < time {
        for set in &sets {
            checksum += i64::from(best_score(set)?);
        }
        n += sets.len() as u64;
    }
    let seconds = start.elapsed().as_secs_f64();
    Ok(ScoreBench {
        checksum,
        micros_per_set: seconds * 1e6 / n.max(1) as f64,
        seconds,
        sets: n,
        sets_per_sec: n as f64 / seconds,
    })
}

impl ScoreBench {
    /// The measurement for people, one line.
    pub fn text(&self) -> String {
        format!(
            "optimal scoring of random 10-card sets on one core: {} sets in {:.2}s · {:.2} µs per set ({:.0} sets/s)",
            self.sets, self.seconds, self.micros_per_set, self.sets_per_sec
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_cards::standard_deck;
    use rand::seq::SliceRandom;

    /// The search over the lowest card agrees with the dynamic programme over all subsets, on
    /// random sets of every size up to [`FAST_CARDS`], half of them from a narrow band of values
    /// with Aces (where runs, sets and their overlaps are common).
    #[test]
    fn fast_best_score_agrees_with_the_subset_programme() {
        let mut rng = parlour_core::rng::seeded(17);
        let deck = standard_deck();
        for round in 0..20_000 {
            let mut cards = deck.clone();
            cards.shuffle(&mut rng);
            match round % 3 {
                0 => cards.retain(|c| matches!(c.value(), Some(1) | Some(5..=9))),
                1 => cards.retain(|c| matches!(c.value(), Some(1..=4) | Some(11..=13))),
                _ => {}
            }
            cards.truncate(round % (FAST_CARDS + 1));
            let mask = cards.iter().fold(0u64, |m, c| m | 1 << c.index());
            assert_eq!(
                best_score_mask(mask),
                best_partition(&cards).unwrap().score,
                "{cards:?}"
            );
        }
    }

    /// The constant-time classifier agrees with `score_group` on every subset of many sets.
    #[test]
    fn fast_group_classifier_agrees_with_score_group() {
        let mut rng = parlour_core::rng::seeded(3);
        let deck = standard_deck();
        for round in 0..300 {
            let mut cards = deck.clone();
            cards.shuffle(&mut rng);
            // Half the sets come from a narrow band, where runs and sets are common.
            if round % 2 == 0 {
                cards.retain(|c| matches!(c.value(), Some(1) | Some(6..=10)));
            }
            cards.truncate(10);
            let fast = valid_groups(&cards);
            let n = cards.len();
            for mask in 1usize..(1 << n) {
                if mask.count_ones() < 2 {
                    continue;
                }
                let group: Vec<Card> = (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| cards[i])
                    .collect();
                let listed = fast[mask.trailing_zeros() as usize]
                    .iter()
                    .find(|(m, _)| *m == mask)
                    .map(|&(_, s)| s);
                assert_eq!(
                    listed,
                    score_group(&group).ok().map(|g| g.score),
                    "{group:?}"
                );
            }
        }
    }
}
