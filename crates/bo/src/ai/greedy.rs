//! The greedy playout policy of Comp10001-Bo's search ([`GreedyRollout`], [`greedy_action`]),
//! and the table's masks it and the evaluator read: what every pile takes, a bit per value and
//! colour.

use parlour_cards::{Card, Colour};
use parlour_core::rng::GameRng;
use parlour_core::search::{explore_or, Rollout};
use parlour_core::State;

use crate::action::{BoAction, Source, Target, BUILD_PILES, DISCARD_PILES, PLAYERS};
use crate::piles::BuildFit;
use crate::rules::{for_each_valid, Validity, View};
use crate::state::{Bo, BoState};

// ---------------------------------------------------------------------------------------------
// Readings as bit masks, in the piles' encoding: bit `v + 16 * colour` for value `v` (the Ace
// is 1), black 0 and red 1.

const RED: u32 = 16;
/// Every natural card.
const ALL: u32 = 0x3FFE | (0x3FFE << RED);

fn shift(c: Colour) -> u32 {
    match c {
        Colour::Black => 0,
        Colour::Red => RED,
    }
}

/// The reading bit of a natural card; a Joker reads as anything.
pub(super) fn card_bit(card: Card) -> u32 {
    match (card.value(), card.colour()) {
        (Some(v), Some(c)) => 1 << (u32::from(v) + shift(c)),
        _ => ALL,
    }
}

/// The natural cards a build pile takes.
fn build_mask(s: &BoState, i: usize) -> u32 {
    let b = s.build(i);
    if b.is_empty() {
        let ends = (1 << 2) | (1 << 13);
        return ends | (ends << RED);
    }
    // Values next to the top (no wrap), and the Ace, which completes any pile.
    let m = b.next_values() | (1 << 1);
    match b.colour() {
        Some(c) => m << shift(c),
        None => m | (m << RED),
    }
}

/// What every pile takes: build piles 0–3, then discard piles by owner and pile (0 for an empty
/// discard pile, which only its owner starts, and only to end a turn).
pub(super) struct Table {
    pub(super) masks: [u32; BUILD_PILES + PLAYERS * DISCARD_PILES],
    pub(super) build: u32,
    pub(super) discard: u32,
}

impl Table {
    pub(super) fn new(s: &BoState) -> Table {
        let mut masks = [0; BUILD_PILES + PLAYERS * DISCARD_PILES];
        let mut build = 0;
        let mut discard = 0;
        for (i, m) in masks.iter_mut().enumerate() {
            *m = if i < BUILD_PILES {
                let m = build_mask(s, i);
                build |= m;
                m
            } else {
                let k = i - BUILD_PILES;
                let m = s.discard(k / DISCARD_PILES, k % DISCARD_PILES).followers();
                discard |= m;
                m
            };
        }
        Table {
            masks,
            build,
            discard,
        }
    }

    /// The piles `card` could be played on now.
    pub(super) fn spots(&self, card: Card) -> u32 {
        if card.is_joker() {
            // Every build pile, and every non-empty discard pile.
            return BUILD_PILES as u32
                + self.masks[BUILD_PILES..]
                    .iter()
                    .filter(|&&m| m != 0)
                    .count() as u32;
        }
        let b = card_bit(card);
        self.masks.iter().filter(|&&m| m & b != 0).count() as u32
    }

    pub(super) fn lands(&self, card: Card) -> bool {
        card.is_joker() || (self.build | self.discard) & card_bit(card) != 0
    }
}

// ---------------------------------------------------------------------------------------------
// The greedy playout policy.

/// The greedy playout policy, reading the sampled state directly. It scores every valid play
/// by what it changes on the table: a stockpile play above all; then whether the stockpile top
/// gains or loses a place to land, whether an opponent's (the next seat's above all) gains one,
/// and a little for shedding hand cards (a card to a build pile, a hand emptied and drawn
/// afresh mid-turn). Ties go to the first in the rules' order. With probability `explore` it
/// plays a random valid move instead.
#[derive(Debug, Clone, Copy)]
pub struct GreedyRollout {
    /// The share of random moves.
    pub explore: f64,
}

/// The natural cards that follow `card` on a discard pile (anything for a Joker, roughly).
fn discard_follow_mask(card: Card) -> u32 {
    match (card.value(), card.colour()) {
        (Some(v), Some(c)) if v >= 2 => {
            let (lo, hi) = match v {
                2 => (13, 3),
                13 => (12, 2),
                _ => (v - 1, v + 1),
            };
            ((1u32 << lo) | (1u32 << hi)) << shift(other(c))
        }
        _ => ALL & !((1 << 1) | (1 << (1 + RED))),
    }
}

fn other(c: Colour) -> Colour {
    match c {
        Colour::Black => Colour::Red,
        Colour::Red => Colour::Black,
    }
}

/// The natural cards a build pile takes once natural `card` tops it (anything for a Joker,
/// roughly).
fn build_follow_mask(card: Card) -> u32 {
    match (card.value(), card.colour()) {
        (Some(v), Some(c)) => {
            let mut m = 1 << 1;
            if v > 2 {
                m |= 1 << (v - 1);
            }
            if v < 13 {
                m |= 1 << (v + 1);
            }
            m << shift(c)
        }
        _ => ALL,
    }
}

/// The mask of an empty build pile (a 2 or a King starts it).
const EMPTY_BUILD: u32 = ((1 << 2) | (1 << 13)) | (((1 << 2) | (1 << 13)) << RED);

/// How many of `masks` take `card`.
fn count_spots(masks: &[u32; BUILD_PILES + PLAYERS * DISCARD_PILES], card: Card) -> u32 {
    if card.is_joker() {
        return BUILD_PILES as u32
            + masks[BUILD_PILES..].iter().filter(|&&m| m != 0).count() as u32;
    }
    let b = card_bit(card);
    masks.iter().filter(|&&m| m & b != 0).count() as u32
}

/// The greedy policy's choice in `s` (see [`GreedyRollout`]; "no play" once the game is over).
pub fn greedy_action(s: &BoState) -> BoAction {
    let Some(seat) = s.current_player() else {
        return BoAction::NoPlay;
    };
    let table = Table::new(s);
    let tops: [Option<Card>; PLAYERS] = std::array::from_fn(|p| s.stock_top(p));
    let before: [u32; PLAYERS] =
        std::array::from_fn(|p| tops[p].map_or(0, |t| count_spots(&table.masks, t)));
    let hand_len = s.hand_counts(seat).len();
    let mut best = BoAction::NoPlay;
    let mut best_score = i32::MIN;
    for_each_valid(s, seat, |a, validity| {
        let score = score_play(s, &table, seat, &tops, &before, hand_len, a, validity);
        if score > best_score {
            best_score = score;
            best = a;
        }
        false
    });
    best
}

#[allow(clippy::too_many_arguments)]
fn score_play(
    s: &BoState,
    table: &Table,
    seat: usize,
    tops: &[Option<Card>; PLAYERS],
    before: &[u32; PLAYERS],
    hand_len: usize,
    a: BoAction,
    validity: Validity,
) -> i32 {
    let (card, from, to) = match a {
        BoAction::Play { card, from, to } => (card, from, to),
        BoAction::Embargo(_) => return 30,
        BoAction::Clear => return 15,
        BoAction::NoPlay => return 0,
    };
    if from == Source::Stock {
        return 10_000 + i32::from(matches!(to, Target::Build(_)));
    }
    let mut masks = table.masks;
    if let Source::Discard { owner, pile } = from {
        let d = s.discard(owner as usize, pile as usize);
        masks[BUILD_PILES + owner as usize * DISCARD_PILES + pile as usize] =
            d.cards().nth_back(1).map_or(0, discard_follow_mask);
    }
    let mut score = 0;
    match to {
        Target::Build(i) => {
            let completes = s.build(i as usize).fit(card) == Ok(BuildFit::Completes);
            masks[i as usize] = if completes {
                EMPTY_BUILD
            } else {
                build_follow_mask(card)
            };
            score += if from == Source::Hand { 60 } else { 50 };
        }
        Target::Discard { owner, pile } => {
            masks[BUILD_PILES + owner as usize * DISCARD_PILES + pile as usize] =
                discard_follow_mask(card);
            if validity == Validity::Continues && from == Source::Hand {
                score += 20;
            }
        }
    }
    if validity == Validity::Continues && from == Source::Hand && hand_len == 1 {
        // The hand is drawn afresh.
        score += 80;
    }
    let next = (seat + 1) % PLAYERS;
    for (p, t) in tops.iter().enumerate() {
        let Some(t) = *t else { continue };
        let after = count_spots(&masks, t);
        let (had, has) = (before[p] > 0, after > 0);
        if p == seat {
            score += match (had, has) {
                (false, true) => 300,
                (true, false) => -300,
                _ => 0,
            };
            score += 20 * (after.min(4) as i32 - before[p].min(4) as i32);
        } else if has && !had {
            score -= if p == next { 100 } else { 40 };
        } else if had && !has {
            score += if p == next { 100 } else { 40 };
        }
    }
    score
}

impl Rollout<Bo> for GreedyRollout {
    fn action(
        &mut self,
        state: &BoState,
        rng: &mut GameRng,
        scratch: &mut Vec<BoAction>,
    ) -> BoAction {
        explore_or::<Bo>(state, self.explore, rng, scratch, |_| greedy_action(state))
    }
}
