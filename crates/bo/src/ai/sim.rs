//! The heuristic's simulated table: a copy of what the seat sees that implements [`View`], so
//! the rules' own generator lists its plays, with what every pile takes kept as a bit mask (a
//! bit per value and colour) for scoring positions fast.

use parlour_cards::{Card, Colour};
use parlour_core::Seat;

use crate::action::{Source, Target, BUILD_PILES, DISCARD_PILES, PLAYERS};
use crate::observation::BoObservation;
use crate::piles::{BuildPile, DiscardPile};
use crate::rules::{Variant, View};

// ---------------------------------------------------------------------------------------------
// Readings as bit masks: bit `v - 1` is black value `v`, bit `v - 1 + 13` red value `v`.

const RED: u32 = 13;
/// Every non-Ace reading (what a Joker starting a discard pile accepts).
const ALL_NON_ACE: u32 = 0x1FFE | (0x1FFE << RED);
/// Every reading.
const ALL: u32 = 0x1FFF | (0x1FFF << RED);

fn shift(c: Colour) -> u32 {
    match c {
        Colour::Black => 0,
        Colour::Red => RED,
    }
}

fn vbit(v: u8, c: Colour) -> u32 {
    1 << (u32::from(v) - 1 + shift(c))
}

/// The reading bit of a natural card; a Joker matches every reading.
pub(super) fn card_bit(card: Card) -> u32 {
    match (card.value(), card.colour()) {
        (Some(v), Some(c)) => vbit(v, c),
        _ => ALL,
    }
}

/// The natural cards that legally follow `top` on a discard pile (a Joker starting a pile
/// accepts any non-Ace).
pub(super) fn follow_mask(top: Card) -> u32 {
    match (top.value(), top.colour()) {
        (Some(v), Some(c)) if v >= 2 => {
            let o = c.other();
            let (a, b) = match v {
                2 => (3, 13),
                13 => (12, 2),
                _ => (v - 1, v + 1),
            };
            vbit(a, o) | vbit(b, o)
        }
        _ => ALL_NON_ACE,
    }
}

/// A mask of the piles' own encoding (bit `16 * colour + value`, values 2..=13, the Ace as bit 1)
/// in this module's encoding.
fn from_pile_readings(m: u32) -> u32 {
    let black = (m & 0x3FFE) >> 1;
    let red = ((m >> 16) & 0x3FFE) >> 1;
    black | (red << RED)
}

/// The natural cards a discard pile takes as a legal (turn-continuing) play: exactly the
/// readings that follow its top, Jokers read from the cards beneath.
fn discard_mask(pile: &DiscardPile) -> u32 {
    from_pile_readings(pile.followers())
}

/// The natural cards a build pile takes.
pub(super) fn build_mask(pile: &BuildPile) -> u32 {
    if pile.is_empty() {
        return vbit(2, Colour::Black)
            | vbit(13, Colour::Black)
            | vbit(2, Colour::Red)
            | vbit(13, Colour::Red);
    }
    // Values 2..=13 next to the top (no wrap), and the Ace, which completes any pile.
    let m = from_pile_readings(pile.next_values() | 0b10);
    match pile.colour() {
        Some(c) => m << shift(c),
        None => m | (m << RED),
    }
}

/// The cards that can go on `card` once it tops a build pile (same colour, adjacent, no wrap;
/// or the Ace that completes it).
pub(super) fn build_follow_mask(card: Card) -> u32 {
    match (card.value(), card.colour()) {
        (Some(v), Some(c)) if (3..=12).contains(&v) => vbit(v - 1, c) | vbit(v + 1, c) | vbit(1, c),
        _ => 0,
    }
}

// ---------------------------------------------------------------------------------------------
// The simulated table.

/// The piles in mask order: build piles 0–3, then discard piles by owner and pile.
const PILES: usize = BUILD_PILES + PLAYERS * DISCARD_PILES;

pub(super) fn disc_index(owner: u8, pile: u8) -> usize {
    owner as usize * DISCARD_PILES + pile as usize
}

#[derive(Debug, Clone)]
pub(super) struct Sim {
    pub(super) bonus: bool,
    pub(super) seat: Seat,
    pub(super) hand: Vec<Card>,
    pub(super) stock_tops: [Option<Card>; PLAYERS],
    pub(super) stock_sizes: [usize; PLAYERS],
    pub(super) build: [BuildPile; BUILD_PILES],
    pub(super) discards: [[DiscardPile; DISCARD_PILES]; PLAYERS],
    pub(super) holds_embargo: [bool; PLAYERS],
    pub(super) embargoed_by: [Option<Seat>; PLAYERS],
    /// What each pile takes (see [`build_mask`], [`discard_mask`]).
    pub(super) masks: [u32; PILES],
}

impl Sim {
    pub(super) fn from_observation(obs: &BoObservation) -> Sim {
        let mut sim = Sim {
            bonus: obs.variant == Variant::Bonus,
            seat: obs.seat,
            hand: obs.hand.clone(),
            stock_tops: std::array::from_fn(|p| obs.stock_top(p)),
            stock_sizes: std::array::from_fn(|p| obs.stock_len(p)),
            build: std::array::from_fn(|i| obs.build(i).clone()),
            discards: std::array::from_fn(|p| std::array::from_fn(|i| obs.discard(p, i).clone())),
            holds_embargo: std::array::from_fn(|p| obs.holds_embargo(p)),
            embargoed_by: std::array::from_fn(|p| obs.embargoed_by(p)),
            masks: [0; PILES],
        };
        for i in 0..BUILD_PILES {
            sim.masks[i] = build_mask(&sim.build[i]);
        }
        for p in 0..PLAYERS {
            for i in 0..DISCARD_PILES {
                sim.masks[BUILD_PILES + p * DISCARD_PILES + i] = discard_mask(&sim.discards[p][i]);
            }
        }
        sim
    }

    pub(super) fn refresh_discard(&mut self, owner: u8, pile: u8) {
        self.masks[BUILD_PILES + disc_index(owner, pile)] =
            discard_mask(&self.discards[owner as usize][pile as usize]);
    }
}

impl View for Sim {
    fn bonus(&self) -> bool {
        self.bonus
    }
    fn to_act(&self) -> Option<Seat> {
        Some(self.seat)
    }
    fn hand_count(&self, seat: Seat, card: Card) -> u8 {
        if seat == self.seat {
            self.hand.iter().filter(|&&c| c == card).count() as u8
        } else {
            0
        }
    }
    fn stock_top(&self, seat: Seat) -> Option<Card> {
        self.stock_tops[seat]
    }
    fn stock_len(&self, seat: Seat) -> usize {
        self.stock_sizes[seat]
    }
    fn discard(&self, owner: usize, pile: usize) -> &DiscardPile {
        &self.discards[owner][pile]
    }
    fn build(&self, pile: usize) -> &BuildPile {
        &self.build[pile]
    }
    fn holds_embargo(&self, seat: Seat) -> bool {
        self.holds_embargo[seat]
    }
    fn embargoed_by(&self, seat: Seat) -> Option<Seat> {
        self.embargoed_by[seat]
    }
}

/// What a play changed, to take it back.
pub(super) struct Undo {
    pub(super) card: Card,
    pub(super) from: Source,
    pub(super) to: Target,
    pub(super) build: Option<BuildPile>,
}
