//! Uno as tensors ([`Encode`]): a fixed observation vector per seat and one token per action.
//!
//! **Seats** are relative and follow the direction of play: slot 0 is the observer, slot 1 the
//! seat that plays after it, and so on round the table (the seed's "upcoming players"). So the
//! slot that a Draw Two or a Skip hits is always slot 1, whatever the direction; a Reverse
//! permutes the slots (the `direction` number says which way the table turns).
//!
//! **Cards** are the 54 kinds in [`Card::index`] order (`colour * 13 + rank`, then `W`, `W+4`);
//! a pile's multiset is the count of each kind over the copies the deck holds (so every number is
//! in `[0, 1]`, and 1 means every copy).
//!
//! **Actions** are 62 tokens, one an action: the 52 coloured cards by kind, `W` calling each
//! colour, `W+4` calling each colour, `draw`, `pass`. Every action the game can express has its
//! own token ([`action_universe`](crate::action_universe) maps one to one onto `0..62`), so any
//! decision's spellings are distinct and, being single tokens, prefix-free.

use parlour_core::encode::{Encode, Layout, Token};

use crate::action::UnoAction;
use crate::card::{Card, Color, DECK_SIZE, KINDS};
use crate::observation::{Direction, UnoObservation, MAX_PLAYERS};
use crate::state::Uno;

/// Hand sizes `0..HAND_BUCKETS - 1` each have a one-hot position; the last means "this many or
/// more".
const HAND_BUCKETS: usize = 12;

/// `1 / copies in the deck` of each kind: a pile's count is scaled by it.
const INV_COPIES: [f32; KINDS] = {
    let mut t = [0.5f32; KINDS];
    let mut c = 0;
    while c < 4 {
        t[c * 13] = 1.0; // one 0 per colour
        c += 1;
    }
    t[52] = 0.25;
    t[53] = 0.25;
    t
};

/// Token of the first `W` (calling red); `W+4` follows at [`WILD_DRAW_FOUR_TOKEN`].
const WILD_TOKEN: Token = 52;
/// Token of the first `W+4` (calling red).
const WILD_DRAW_FOUR_TOKEN: Token = 56;
/// Token of `draw`.
const DRAW_TOKEN: Token = 60;
/// Token of `pass`.
const PASS_TOKEN: Token = 61;
/// The action space's size: one token for each action the game can express.
pub const ACTIONS: usize = 62;

/// The token of `action`.
///
/// The space has one token for each of the 62 actions the game can express: the 52 coloured
/// cards, 2 wilds × 4 colours, `draw`, `pass`, so 62 bounds every action. Malformed actions
/// (`Play` of a wild, `Wild` of a coloured card) are never legal and borrow the well-formed
/// action's token (`Play(W)` that of `W:R`).
pub fn token(action: UnoAction) -> Token {
    match action {
        UnoAction::Play(c) | UnoAction::Wild(c, _) if !c.is_wild() => c.index() as Token,
        UnoAction::Play(c) => wild_token(c, Color::Red),
        UnoAction::Wild(c, call) => wild_token(c, call),
        UnoAction::Draw => DRAW_TOKEN,
        UnoAction::Pass => PASS_TOKEN,
    }
}

fn wild_token(card: Card, call: Color) -> Token {
    let base = if card == Card::WILD_DRAW_FOUR {
        WILD_DRAW_FOUR_TOKEN
    } else {
        WILD_TOKEN
    };
    base + call.index() as Token
}

/// Writes the kind counts of `cards`, each scaled by its copies, to `out[..54]`.
///
/// The counts are taken on the stack first: adding into `out` would read back memory the
/// caller has just zeroed, which stalls; the final pass is plain stores, and vectorises.
#[inline]
fn write_counts(out: &mut [f32], cards: &[Card]) {
    if cards.is_empty() {
        return;
    }
    let mut counts = [0u8; 64];
    for &c in cards {
        counts[c.index() & 63] += 1;
    }
    for ((o, &n), &inv) in out[..KINDS].iter_mut().zip(&counts).zip(&INV_COPIES) {
        *o = f32::from(n) * inv;
    }
}

impl Encode for Uno {
    fn observation_layout(&self) -> Layout {
        let n = self.options.players;
        Layout::new()
            .field(
                "hand",
                KINDS,
                "the observer's hand: per card kind (Card::index order: R0..R9 RS RR R+2, then \
                 G, B, Y likewise, then W, W+4), copies held / copies in the deck",
            )
            .field(
                "drawn",
                KINDS,
                "one-hot by kind: the card the observer has just drawn and is deciding whether \
                 to play (it is also in hand); all 0 otherwise",
            )
            .field("up_card", KINDS, "one-hot by kind: the up card")
            .field(
                "called_color",
                4,
                "one-hot R, G, B, Y: the colour called on the wild that is up; all 0 when the up \
                 card is coloured",
            )
            .field(
                "color_to_match",
                4,
                "one-hot R, G, B, Y: the colour a card must have to match by colour (the up \
                 card's, or the called one)",
            )
            .field(
                "discard",
                KINDS,
                "the discard pile (the up card and everything played on it since the round's \
                 deal or the last reshuffle): per kind, copies / copies in the deck",
            )
            .field(
                "reshuffled",
                KINDS,
                "the cards turned over into the draw pile at the last reshuffle this round (the \
                 draw pile holds only cards from these): per kind, copies / copies in the deck; \
                 all 0 before any reshuffle",
            )
            .field("draw_pile", 1, "cards in the draw pile / 108")
            .field(
                "after_draw",
                1,
                "1 while the seat to act has just drawn and decides whether to play the drawn \
                 card or pass",
            )
            .field(
                "direction",
                1,
                "1 when play runs counterclockwise (seat i is followed by i - 1), 0 clockwise",
            )
            .field(
                "to_act",
                n,
                "one-hot by relative seat (0 = the observer, then the seats in the current \
                 direction of play): the seat to act; all 0 once the game is over",
            )
            .field("hand_sizes", n, "by relative seat: cards held / 108")
            .field(
                "hand_size_onehot",
                n * HAND_BUCKETS,
                "by relative seat, 12 numbers: one-hot of its hand size 0, 1, ..., 10, or 11 \
                 and more",
            )
            .field(
                "last_called",
                n * 4,
                "by relative seat, 4 numbers: one-hot R, G, B, Y of the colour it last called \
                 on a wild this round; all 0 if it has called none",
            )
            .field(
                "scores",
                n,
                "by relative seat: total score / the leader's total (0 while nobody has scored)",
            )
            .field(
                "target_progress",
                n,
                "by relative seat: min(total score / the target, 1); all 0 when the game has no \
                 target",
            )
            .field(
                "last_round_winner",
                n,
                "one-hot by relative seat: who won the previous round of this match; all 0 in \
                 the first round or after a drawn round",
            )
            .field(
                "match",
                3,
                "the options and the match's progress: 1 if a target is set, 1 if a round count \
                 is set, rounds completed / that round count (0 without one)",
            )
    }

    fn encode_observation(&self, obs: &UnoObservation, out: &mut [f32]) {
        let n = self.options.players;
        // Slot r holds the seat r places on from the observer in the direction of play. The
        // seats are walked one step at a time, with no remainder per seat.
        let ccw = obs.direction == Direction::Counterclockwise;
        let seat = obs.seat.min(n - 1);
        let mut order = [0usize; MAX_PLAYERS];
        let mut s = seat;
        for slot in order.iter_mut().take(n) {
            *slot = s;
            s = match (ccw, s) {
                (true, 0) => n - 1,
                (true, _) => s - 1,
                (false, _) if s + 1 == n => 0,
                (false, _) => s + 1,
            };
        }
        let rel = |s: usize| match (ccw, s >= seat) {
            _ if s == seat => 0,
            (false, true) => s - seat,
            (false, false) => s + n - seat,
            (true, true) => seat + n - s,
            (true, false) => seat - s,
        };

        write_counts(&mut out[..KINDS], &obs.hand);
        let mut at = KINDS;
        if let Some(c) = obs.drawn {
            out[at + c.index()] = 1.0;
        }
        at += KINDS;
        out[at + obs.up_card.index()] = 1.0;
        at += KINDS;
        if let Some(c) = obs.called_color {
            out[at + c.index()] = 1.0;
        }
        at += 4;
        if let Some(c) = obs.up_card.color().or(obs.called_color) {
            out[at + c.index()] = 1.0;
        }
        at += 4;
        write_counts(&mut out[at..at + KINDS], &obs.discard);
        at += KINDS;
        write_counts(&mut out[at..at + KINDS], &obs.reshuffled);
        at += KINDS;
        out[at] = obs.draw_pile as f32 / DECK_SIZE as f32;
        out[at + 1] = f32::from(u8::from(obs.deciding_after_draw));
        out[at + 2] = f32::from(u8::from(ccw));
        at += 3;
        if let Some(s) = obs.current_player.filter(|&s| s < n) {
            out[at + rel(s)] = 1.0;
        }
        at += n;
        let sizes = at;
        let onehot = sizes + n;
        let called = onehot + n * HAND_BUCKETS;
        let (scores, target) = (called + n * 4, called + n * 5);
        let leader = obs.scores.iter().copied().max().unwrap_or(0);
        for (r, &s) in order.iter().enumerate().take(n) {
            let size = obs.hand_sizes.get(s).copied().unwrap_or(0);
            out[sizes + r] = size as f32 / DECK_SIZE as f32;
            out[onehot + r * HAND_BUCKETS + size.min(HAND_BUCKETS - 1)] = 1.0;
            if let Some(Some(c)) = obs.last_called.get(s) {
                out[called + r * 4 + c.index()] = 1.0;
            }
            let score = obs.scores.get(s).copied().unwrap_or(0);
            if leader > 0 {
                out[scores + r] = (score as f64 / leader as f64) as f32;
            }
            if let Some(t) = self.options.target {
                out[target + r] = (score as f64 / f64::from(t)).min(1.0) as f32;
            }
        }
        at = target + n;
        if let Some(w) = obs.last_round.and_then(|r| r.winner).filter(|&w| w < n) {
            out[at + rel(w)] = 1.0;
        }
        at += n;
        out[at] = f32::from(u8::from(self.options.target.is_some()));
        if let Some(rounds) = self.options.rounds {
            out[at + 1] = 1.0;
            out[at + 2] = (f64::from(obs.rounds_completed) / f64::from(rounds)).min(1.0) as f32;
        }
        debug_assert_eq!(at + 3, out.len(), "the writer and the layout disagree");
    }

    fn action_layout(&self) -> Layout {
        Layout::new()
            .field(
                "play",
                52,
                "play the coloured card of that kind (Card::index: colour * 13 + rank, ranks 0-9, \
                 skip 10, reverse 11, draw two 12; colours R, G, B, Y)",
            )
            .field("wild", 4, "play a W calling R, G, B, Y")
            .field("wild_draw_four", 4, "play a W+4 calling R, G, B, Y")
            .field("draw", 1, "draw a card (no card in hand is playable)")
            .field("pass", 1, "keep the card just drawn and end the turn")
    }

    fn action_tokens(&self, _seat: parlour_core::Seat, action: &UnoAction, out: &mut Vec<Token>) {
        out.push(token(*action));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_action_space_is_the_layout() {
        assert_eq!(Uno::standard().action_layout().len(), ACTIONS);
        assert_eq!(PASS_TOKEN as usize + 1, ACTIONS);
    }

    #[test]
    fn inverse_copies_match_the_deck() {
        for c in Card::all_kinds() {
            assert_eq!(INV_COPIES[c.index()], 1.0 / f32::from(c.copies_in_deck()));
        }
    }
}
