//! Comp10001-Go as tensors ([`Encode`]): a fixed observation vector per seat and one token per
//! pick.
//!
//! **Seats** are relative: slot 0 is the observer, slot 1 the seat it passes its hand to
//! (`seat + 1`), slot 2 the one after, slot 3 the seat it receives from. The picks within a turn
//! are made in absolute seat order, so the observer's absolute seat is given too.
//!
//! **Cards** are the 52 standard cards in [`Card::index`] order (`suit * 13 + value - 1`, suits
//! S, H, D, C), as multi-hot sets. Besides what the seat holds and every revealed discard, the
//! vector carries the card tracking that perfect recall allows: the hand a seat holds now is one
//! the observer held `d` turns ago, less the `d` cards picked from it since, so for the seats
//! `d <= turn` slots on it is known exactly (with its unrevealed pick); and the cards the
//! observer has never seen (the twelve set aside and hands not yet passed round).
//!
//! **Actions** are 52 tokens, the card picked by index: one token a pick, distinct cards giving
//! distinct tokens. Under the course's scoring (`scoring: proposed`) a 53rd token, `end_group`,
//! spells the groupings made after the last turn: each group's cards (in value order) and then
//! `end_group`, group after group in the grouping's text order. Two groupings of one seat's
//! discards cover the same cards, so neither spelling begins the other; the pending prefix shows
//! the cards already placed in finished groups and those of the group being built.

use parlour_cards::Card;
use parlour_core::encode::{Encode, Layout, Token};

use crate::action::GoAction;
use crate::observation::GoObservation;
use crate::state::{Go, Scoring, PLAYERS, TURNS};

/// Standard cards: the token space and each card set's length.
const CARDS: usize = 52;

/// The lowest final score: the best partition scores at least the all-singletons one, and no
/// singleton scores below -20 (an Ace), so ten cards never score below -200.
const SCORE_MIN: f32 = -200.0;
/// The highest: 622 (four Kings, four Queens and two Jacks).
const SCORE_MAX: f32 = 622.0;

/// The token that ends a group of a grouping (proposed scoring only).
pub const END_GROUP: Token = CARDS as Token;

/// The token of a card: its index. A Joker, never legal, borrows the last card's token.
pub fn card_token(card: Card) -> Token {
    Token::from(card.index()).min(CARDS as Token - 1)
}

/// The token of a pick: its card's. (A grouping takes several: see the module docs.)
pub fn token(pick: GoAction) -> Token {
    match pick {
        GoAction::Pick(c) => card_token(c),
        GoAction::Group(_) => END_GROUP,
    }
}

fn mask(cards: &[Card]) -> u64 {
    cards
        .iter()
        .fold(0, |m, c| m | 1u64 << u32::from(c.index()).min(63))
}

/// Sets `out[i] = 1` for each card `i` of `m`.
#[inline]
fn write_mask(out: &mut [f32], mut m: u64) {
    while m != 0 {
        out[m.trailing_zeros() as usize] = 1.0;
        m &= m - 1;
    }
}

impl Encode for Go {
    fn observation_layout(&self) -> Layout {
        Layout::new()
            .field(
                "hand",
                CARDS,
                "multi-hot by card (Card::index: suit * 13 + value - 1, suits S H D C, Ace = 1): \
                 the observer's hand, without its pick this turn",
            )
            .field(
                "picked",
                CARDS,
                "one-hot by card: the observer's own pick this turn, before the picks are \
                 revealed; all 0 before it picks",
            )
            .field(
                "discards",
                PLAYERS * CARDS,
                "by relative seat (0 = the observer, 1 = the seat it passes to, 2, 3 = the seat \
                 it receives from), 52 numbers: multi-hot of that seat's revealed discards",
            )
            .field(
                "known_hands",
                (PLAYERS - 1) * CARDS,
                "by relative seat 1, 2, 3, 52 numbers: multi-hot of the cards known to be in \
                 that seat's hand or its unrevealed pick this turn (the hand the observer held d \
                 turns ago, less the d picks made from it since); all 0 while that hand has not \
                 yet passed through the observer's",
            )
            .field(
                "unseen",
                CARDS,
                "multi-hot of the cards the observer has never seen (in no hand it held, in no \
                 discard pile): the twelve set aside and cards in hands not yet passed to it",
            )
            .field(
                "turn",
                TURNS + 1,
                "one-hot: turns completed, 0 to 10 (10 = the game is over)",
            )
            .field(
                "seat",
                PLAYERS,
                "one-hot: the observer's absolute seat (seats pick in the order 0, 1, 2, 3)",
            )
            .field(
                "to_act",
                PLAYERS,
                "one-hot by relative seat: the seat to pick (under proposed scoring, after the last \
                 turn: the seat to group its discards); all 0 once the game is over",
            )
            .field(
                "picked_this_turn",
                PLAYERS,
                "by relative seat: 1 if it has made its (face-down) pick this turn (after the last \
                 turn, under proposed scoring: if it has grouped)",
            )
            .field(
                "scores",
                PLAYERS,
                "by relative seat: the final score as (score + 200) / 822 (scores lie in -200..=622), once the game is over (0 before)",
            )
    }

    fn encode_observation(&self, obs: &GoObservation, out: &mut [f32]) {
        let seat = obs.seat % PLAYERS;
        let rel = |s: usize| (s + PLAYERS - seat) % PLAYERS;
        let turn = obs.turn.min(TURNS);

        write_mask(&mut out[..CARDS], mask(&obs.hand));
        let mut at = CARDS;
        if let Some(c) = obs.picked {
            write_mask(&mut out[at..at + CARDS], mask(&[c]));
        }
        at += CARDS;
        let mut discards = [0u64; PLAYERS];
        let mut seen = 0u64;
        for (s, d) in obs.discards.iter().enumerate().take(PLAYERS) {
            discards[s] = mask(d);
            seen |= discards[s];
            write_mask(&mut out[at + rel(s) * CARDS..][..CARDS], discards[s]);
        }
        at += PLAYERS * CARDS;
        // The seat d places on holds the hand the observer held at turn `turn - d`, less the
        // picks made from it at turns `turn - d + k` by the seats `seat + k`, k < d.
        if turn < TURNS {
            for d in 1..PLAYERS.min(turn + 1) {
                let u = turn - d;
                let Some(held) = obs.held.get(u) else {
                    continue;
                };
                let mut m = mask(held);
                for k in 0..d {
                    if let Some(c) = obs.discards[(seat + k) % PLAYERS].get(u + k) {
                        m &= !mask(&[*c]);
                    }
                }
                write_mask(&mut out[at + (d - 1) * CARDS..][..CARDS], m);
            }
        }
        at += (PLAYERS - 1) * CARDS;
        for h in &obs.held {
            seen |= mask(h);
        }
        seen |= mask(&obs.hand) | obs.picked.map_or(0, |c| mask(&[c]));
        write_mask(&mut out[at..at + CARDS], !seen & ((1u64 << CARDS) - 1));
        at += CARDS;
        out[at + turn] = 1.0;
        at += TURNS + 1;
        out[at + seat] = 1.0;
        at += PLAYERS;
        if let Some(s) = obs.current_player {
            out[at + rel(s)] = 1.0;
            // Seats pick in seat order: those before the one to act have picked.
            for p in 0..s.min(PLAYERS) {
                out[at + PLAYERS + rel(p)] = 1.0;
            }
        }
        at += 2 * PLAYERS;
        if let Some(scores) = &obs.scores {
            for (s, &score) in scores.iter().enumerate().take(PLAYERS) {
                out[at + rel(s)] =
                    ((score as f32 - SCORE_MIN) / (SCORE_MAX - SCORE_MIN)).clamp(0.0, 1.0);
            }
        }
        debug_assert_eq!(
            at + PLAYERS,
            out.len(),
            "the writer and the layout disagree"
        );
    }

    fn action_layout(&self) -> Layout {
        let layout = Layout::new().field(
            "pick",
            CARDS,
            "pick the card of that index (suit * 13 + value - 1, suits S H D C, Ace = 1); in a \
             grouping (proposed scoring), put that card in the group being built",
        );
        match self.options.scoring {
            Scoring::Best => layout,
            Scoring::Proposed => layout.field(
                "end_group",
                1,
                "proposed scoring only: close the group being built (a grouping is each group's \
                 cards, then end_group, group after group)",
            ),
        }
    }

    fn action_tokens(&self, _seat: parlour_core::Seat, action: &GoAction, out: &mut Vec<Token>) {
        match action {
            GoAction::Pick(c) => out.push(card_token(*c)),
            GoAction::Group(g) => {
                for group in g.groups() {
                    out.extend(group.into_iter().map(card_token));
                    out.push(END_GROUP);
                }
            }
        }
    }

    fn max_tokens(&self) -> usize {
        match self.options.scoring {
            Scoring::Best => 1,
            // Ten discards, each alone: a card and an end_group each.
            Scoring::Proposed => 2 * TURNS,
        }
    }

    fn pending_layout(&self) -> Layout {
        match self.options.scoring {
            Scoring::Best => Layout::new(),
            Scoring::Proposed => Layout::new()
                .field(
                    "grouped",
                    CARDS,
                    "proposed scoring, while grouping: multi-hot of the cards already in \
                     finished groups",
                )
                .field(
                    "open_group",
                    CARDS,
                    "proposed scoring, while grouping: multi-hot of the cards in the group \
                     being built",
                ),
        }
    }

    fn encode_pending(&self, prefix: &[Token], out: &mut [f32]) {
        if self.options.scoring == Scoring::Best {
            return;
        }
        let (grouped, open) = out.split_at_mut(CARDS);
        for &t in prefix {
            let t = t as usize;
            if t < CARDS {
                open[t] = 1.0;
            } else {
                for (g, o) in grouped.iter_mut().zip(open.iter_mut()) {
                    if *o > 0.0 {
                        *g = 1.0;
                        *o = 0.0;
                    }
                }
            }
        }
    }
}
