//! Comp10001-Bo as tensors ([`Encode`]): a fixed observation vector per seat, and every action
//! as one token.
//!
//! **Observation.** Seats are relative to the observer: the observer first, then the seats after
//! it in turn order. No slice names an absolute seat: the one rule that depends on it, seat 0
//! starting, matters only through the turn limit, and the relative `turns` show who has had how
//! many, so the encoding is the same from every seat. The four build piles are shared and keep
//! their numbers. Cards are indexed as in `parlour-cards` (Spades, Hearts, Diamonds, Clubs; Ace
//! low; the Joker 52); a count of a card is over 2 (two packs), of Jokers over 4.
//!
//! **Actions.** One token each: a play is its source slot × its target (the card is named by
//! the slot when it comes from the hand, and fixed by the pile when it comes from the stockpile
//! or a discard pile, whose top it must be), then `pass`, and in the bonus variant `embargo`
//! and `clear`. Seats in tokens are relative to the seat acting, as the observation shows them
//! to it: a discard pile's owner and an embargo's target are `(seat - actor) mod 4`, 0 the actor
//! itself (its own discard piles are always 0-3). So one relative move has one token whoever
//! makes it.
//!
//! Two different legal actions of one decision never share a token: the token gives the
//! source, the target and, from the hand, the card; a stockpile or discard-pile play is legal
//! only with that pile's top card, so its card is fixed by the source too. Making seats relative
//! to the actor renumbers them the same way for every action of a decision, so it keeps
//! distinct tokens distinct.

use parlour_cards::Card;
use parlour_core::encode::{Encode, Layout, Token};
use parlour_core::Seat;

use crate::action::{BoAction, Source, Target, BUILD_PILES, DISCARD_PILES, PLAYERS};
use crate::observation::BoObservation;
use crate::rules::{Outcome, Variant};
use crate::state::{Bo, HAND_SIZE, MAX_PLAYS, MAX_TURNS, STOCK_SIZE};

/// Distinct cards, the Joker included.
const DISTINCT: usize = Card::DISTINCT;
/// Discard piles on the table.
const PILES: usize = PLAYERS * DISCARD_PILES;
/// Source slots: a hand card by card index (53), the own stockpile, each discard pile.
pub const SOURCES: usize = DISTINCT + 1 + PILES;
/// Targets: the build piles, then each discard pile.
pub const TARGETS: usize = BUILD_PILES + PILES;
/// The longest build pile on the table: a pile of one colour from a 2 up to a Queen, or a King
/// down to a 3 (the next card, a King or a 2, would complete it): 11 cards.
const MAX_BUILD: f32 = 11.0;
/// Discard-pile lengths are shown over this, clamped to 1 (a pile has no bound short of the
/// packs; a pile this long is already far past any planning horizon).
const DISCARD_SCALE: f32 = 20.0;
/// Per build pile: empty, colour (black, red), the values its top reads as (2-13), length.
const BUILD_LEN: usize = 1 + 2 + 12 + 1;
/// Per discard pile: its top card one-hot, the readings a card must have to follow it (black
/// 2-13, red 2-13), length.
const PILE_LEN: usize = DISTINCT + 24 + 1;

// Observation offsets (in the order of `observation_layout`).
const O_VARIANT: usize = 0;
const O_TO_ACT: usize = O_VARIANT + 1;
const O_PLAYS: usize = O_TO_ACT + PLAYERS;
const O_OUTCOME: usize = O_PLAYS + MAX_PLAYS as usize;
const O_HAND: usize = O_OUTCOME + PLAYERS + 2;
const O_HAND_SIZES: usize = O_HAND + DISTINCT;
const O_STOCK_TOPS: usize = O_HAND_SIZES + PLAYERS;
const O_STOCK_SIZES: usize = O_STOCK_TOPS + PLAYERS * DISTINCT;
const O_BUILD: usize = O_STOCK_SIZES + PLAYERS;
const O_DISCARDS: usize = O_BUILD + BUILD_PILES * BUILD_LEN;
const O_TABLE: usize = O_DISCARDS + PILES * PILE_LEN;
const O_UNSEEN: usize = O_TABLE + DISTINCT;
const O_RECYCLED: usize = O_UNSEEN + DISTINCT;
const O_DRAW: usize = O_RECYCLED + DISTINCT;
const O_HOLDS: usize = O_DRAW + 1;
const O_EMBARGOED: usize = O_HOLDS + PLAYERS;
const O_TURNS: usize = O_EMBARGOED + PLAYERS * PLAYERS;
const O_LEN: usize = O_TURNS + PLAYERS;

// Token offsets (in the order of `action_layout`).
/// The first play from the hand: `T_HAND + card index × TARGETS + target`.
pub const T_HAND: Token = 0;
/// The first play from the own stockpile: `T_STOCK + target`.
pub const T_STOCK: Token = T_HAND + (DISTINCT * TARGETS) as Token;
/// The first play from a discard pile: `T_DISCARD + (owner × 4 + pile) × TARGETS + target`, the
/// owner relative to the actor.
pub const T_DISCARD: Token = T_STOCK + TARGETS as Token;
/// "No play".
pub const T_PASS: Token = T_DISCARD + (PILES * TARGETS) as Token;
/// `embargo S` (bonus variant): `T_EMBARGO + S`, S relative to the actor (1-3; 0, the actor
/// itself, is never legal).
pub const T_EMBARGO: Token = T_PASS + 1;
/// `clear` (bonus variant).
pub const T_CLEAR: Token = T_EMBARGO + PLAYERS as Token;

/// `seat` as the actor `actor` sees it: 0 itself, 1 the seat after it, and so on (an
/// out-of-range seat, never legal, reads as the last).
fn relative(actor: Seat, seat: usize) -> usize {
    (seat.min(PLAYERS - 1) + PLAYERS - actor % PLAYERS) % PLAYERS
}

/// A discard pile's number among the sixteen as `actor` sees them, by relative owner, then pile
/// (an out-of-range pile, never legal, reads as the last).
fn pile_index(actor: Seat, owner: u8, pile: u8) -> usize {
    relative(actor, usize::from(owner)) * DISCARD_PILES + usize::from(pile).min(DISCARD_PILES - 1)
}

/// A target's number as `actor` sees it: build piles 0-3, then discard piles 4-19.
fn target_index(actor: Seat, to: Target) -> usize {
    match to {
        Target::Build(i) => usize::from(i).min(BUILD_PILES - 1),
        Target::Discard { owner, pile } => BUILD_PILES + pile_index(actor, owner, pile),
    }
}

/// A count of card `i` over its most copies (2, or 4 for Jokers).
fn count_scale(i: usize) -> f32 {
    if i == Card::JOKER.index() as usize {
        0.25
    } else {
        0.5
    }
}

/// Readings (black values in bits 2..=13, red in bits 18..=29) as 24 flags.
fn write_readings(readings: u32, out: &mut [f32]) {
    for v in 2..=13 {
        out[v - 2] = f32::from(u8::from(readings & (1 << v) != 0));
        out[12 + v - 2] = f32::from(u8::from(readings & (1 << (v + 16)) != 0));
    }
}

impl Encode for Bo {
    fn observation_layout(&self) -> Layout {
        let layout = Layout::new()
            .field(
                "variant",
                1,
                "1 in the bonus variant, 0 in the standard game",
            )
            .field(
                "to_act",
                PLAYERS,
                "one-hot by relative seat (observer first): the seat to act (all 0 once over)",
            )
            .field(
                "plays",
                MAX_PLAYS as usize,
                "one-hot: plays already made this turn, 0-4 (all 0 once over)",
            )
            .field(
                "outcome",
                PLAYERS + 2,
                "once over, one-hot: won by relative seat 0-3, blocked, turn limit",
            )
            .field(
                "hand",
                DISTINCT,
                "the observer's hand: copies of each card (index 0-51 AS..KC, 52 Joker) over 2 \
                 (Jokers over 4)",
            )
            .field(
                "hand_sizes",
                PLAYERS,
                "by relative seat: cards in hand over 5",
            )
            .field(
                "stock_tops",
                PLAYERS * DISTINCT,
                "by relative seat: its stockpile's top card, one-hot by card index (all 0 once \
                 empty)",
            )
            .field(
                "stock_sizes",
                PLAYERS,
                "by relative seat: cards in its stockpile over 8",
            )
            .field(
                "build",
                BUILD_PILES * BUILD_LEN,
                "per build pile 0-3 (shared, numbered as in the tokens), 16 numbers: empty; colour \
                 one-hot (black, red; none until a natural card sets it); the values 2-13 its \
                 top can read as; its length over 11",
            )
            .field(
                "discards",
                PILES * PILE_LEN,
                "per discard pile, by relative owner (observer first) then pile 0-3, 78 numbers: \
                 its top card one-hot by card index (all 0 when empty); the readings a card must \
                 have to follow it, black 2-13 then red 2-13 (a Joker follows any non-empty \
                 pile); its length over 20, clamped to 1",
            )
            .field(
                "table_cards",
                DISTINCT,
                "copies of each card on the build and discard piles, over 2 (Jokers over 4)",
            )
            .field(
                "unseen",
                DISTINCT,
                "copies of each card the observer cannot see (in the draw pile, another hand or \
                 a stockpile below its top): the packs less its hand, the stockpile tops and \
                 the piles; over 2 (Jokers over 4)",
            )
            .field(
                "recycled",
                DISTINCT,
                "copies of each card the observer saw go into the draw pile with a completed \
                 build pile and not come out since (so not in a stockpile), over 2 (Jokers over 4)",
            )
            .field(
                "draw",
                1,
                "cards in the draw pile over the cards in play (104, or 108 with Jokers)",
            )
            .field(
                "holds_embargo",
                PLAYERS,
                "by relative seat: 1 while it still holds its embargo card (bonus variant)",
            )
            .field(
                "embargoed_by",
                PLAYERS * PLAYERS,
                "per relative seat: one-hot by relative seat, who embargoed it (all 0 if no one)",
            )
            .field(
                "turns",
                PLAYERS,
                "by relative seat: turns completed over 20",
            );
        debug_assert_eq!(layout.len(), O_LEN);
        layout
    }

    fn encode_observation(&self, obs: &BoObservation, out: &mut [f32]) {
        let seat = obs.seat % PLAYERS;
        let rel = |s: usize| relative(seat, s);
        let bonus = obs.variant == Variant::Bonus;
        out[O_VARIANT] = f32::from(u8::from(bonus));
        if let Some(p) = obs.current_player {
            out[O_TO_ACT + rel(p % PLAYERS)] = 1.0;
            out[O_PLAYS + usize::from(obs.plays).min(MAX_PLAYS as usize - 1)] = 1.0;
        }
        match obs.outcome {
            Some(Outcome::Won(s)) => out[O_OUTCOME + rel(s % PLAYERS)] = 1.0,
            Some(Outcome::Blocked) => out[O_OUTCOME + PLAYERS] = 1.0,
            Some(Outcome::TurnLimit) => out[O_OUTCOME + PLAYERS + 1] = 1.0,
            None => {}
        }

        // What the observer cannot see starts as the packs and loses every card it sees.
        let mut unseen = [2u8; DISTINCT];
        unseen[Card::JOKER.index() as usize] = if bonus { 4 } else { 0 };
        let mut see = |c: Card| {
            let i = c.index() as usize;
            unseen[i] = unseen[i].saturating_sub(1);
        };
        for &c in &obs.hand {
            let i = c.index() as usize;
            out[O_HAND + i] += count_scale(i);
            see(c);
        }
        for s in 0..PLAYERS {
            let r = rel(s);
            out[O_HAND_SIZES + r] =
                (obs.hand_sizes.get(s).copied().unwrap_or(0) as f32 / HAND_SIZE as f32).min(1.0);
            if let Some(&Some(top)) = obs.stock_tops.get(s) {
                out[O_STOCK_TOPS + r * DISTINCT + top.index() as usize] = 1.0;
                see(top);
            }
            out[O_STOCK_SIZES + r] =
                (obs.stock_sizes.get(s).copied().unwrap_or(0) as f32 / STOCK_SIZE as f32).min(1.0);
            out[O_HOLDS + r] =
                f32::from(u8::from(obs.holds_embargo.get(s).copied().unwrap_or(false)));
            if let Some(&Some(by)) = obs.embargoed_by.get(s) {
                out[O_EMBARGOED + r * PLAYERS + rel(by % PLAYERS)] = 1.0;
            }
            out[O_TURNS + r] =
                f32::from(obs.turns.get(s).copied().unwrap_or(0)) / f32::from(MAX_TURNS);
        }
        for (i, pile) in obs.build.iter().enumerate().take(BUILD_PILES) {
            let o = &mut out[O_BUILD + i * BUILD_LEN..O_BUILD + (i + 1) * BUILD_LEN];
            o[0] = f32::from(u8::from(pile.is_empty()));
            match pile.colour() {
                Some(parlour_cards::Colour::Black) => o[1] = 1.0,
                Some(parlour_cards::Colour::Red) => o[2] = 1.0,
                None => {}
            }
            let values = pile.top_values();
            for v in 2..=13 {
                o[3 + v - 2] = f32::from(u8::from(values & (1 << v) != 0));
            }
            o[15] = (pile.len() as f32 / MAX_BUILD).min(1.0);
            for &c in pile.cards() {
                let k = c.index() as usize;
                out[O_TABLE + k] += count_scale(k);
                see(c);
            }
        }
        for (owner, piles) in obs.discards.iter().enumerate().take(PLAYERS) {
            for (p, pile) in piles.iter().enumerate().take(DISCARD_PILES) {
                let base = O_DISCARDS + (rel(owner) * DISCARD_PILES + p) * PILE_LEN;
                let o = &mut out[base..base + PILE_LEN];
                if let Some(top) = pile.top() {
                    o[top.index() as usize] = 1.0;
                }
                write_readings(pile.followers(), &mut o[DISTINCT..DISTINCT + 24]);
                o[DISTINCT + 24] = (pile.len() as f32 / DISCARD_SCALE).min(1.0);
                for c in pile.cards() {
                    let k = c.index() as usize;
                    out[O_TABLE + k] += count_scale(k);
                    see(c);
                }
            }
        }
        for (i, &n) in unseen.iter().enumerate() {
            out[O_UNSEEN + i] = f32::from(n) * count_scale(i);
        }
        for &c in &obs.recycled {
            let i = c.index() as usize;
            out[O_RECYCLED + i] += count_scale(i);
        }
        let in_play = if bonus { 108.0 } else { 104.0 };
        out[O_DRAW] = (obs.draw as f32 / in_play).min(1.0);
    }

    fn action_layout(&self) -> Layout {
        let layout = Layout::new()
            .field(
                "play_hand",
                DISTINCT * TARGETS,
                "play a card from the hand: card index (0-51 AS..KC, 52 Joker) × 20 + target \
                 (0-3 build pile, 4 + owner × 4 + pile a discard pile, the owner by seat \
                 relative to the actor: 0 itself, 1 the seat after it, as in the observation)",
            )
            .field(
                "play_stock",
                TARGETS,
                "play the own stockpile's top card: the target, as above",
            )
            .field(
                "play_discard",
                PILES * TARGETS,
                "play a discard pile's top card: (owner × 4 + pile) × 20 + target, owners \
                 relative to the actor as above",
            )
            .field("pass", 1, "\"no play\": nothing can be played");
        let layout = if self.is_bonus() {
            layout
                .field(
                    "embargo",
                    PLAYERS,
                    "play the embargo card on this seat, relative to the actor (1-3, as in the \
                     observation; 0, itself, is never legal)",
                )
                .field("clear", 1, "clear the embargo on the player")
        } else {
            layout
        };
        debug_assert_eq!(
            layout.len(),
            T_PASS as usize + 1 + if self.is_bonus() { PLAYERS + 1 } else { 0 }
        );
        layout
    }

    /// Seats are spelled relative to `seat`, the actor: discard piles' owners and the
    /// embargo's target.
    fn action_tokens(&self, seat: Seat, action: &BoAction, out: &mut Vec<Token>) {
        out.push(match *action {
            BoAction::Play { card, from, to } => {
                let target = target_index(seat, to) as Token;
                match from {
                    Source::Hand => T_HAND + Token::from(card.index()) * TARGETS as Token + target,
                    Source::Stock => T_STOCK + target,
                    Source::Discard { owner, pile } => {
                        T_DISCARD + (pile_index(seat, owner, pile) * TARGETS) as Token + target
                    }
                }
            }
            BoAction::NoPlay => T_PASS,
            BoAction::Embargo(t) => T_EMBARGO + relative(seat, usize::from(t)) as Token,
            BoAction::Clear => T_CLEAR,
        });
    }
}
