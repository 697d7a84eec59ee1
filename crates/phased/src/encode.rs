//! Phased Out as tensors ([`Encode`]): a fixed observation vector per seat, and actions as
//! tokens, a phase and an added card spelled in several.
//!
//! **Observation.** Seats are relative to the observer: the observer first, then the seats after
//! it in turn order. No slice names an absolute seat: the one rule that depends on it, seat 0
//! dealing the first hand, shows as the relative `dealer` and `hands_completed`, and nothing
//! else depends on a seat's number, so the encoding is the same from every seat. Cards are
//! indexed as in `parlour-cards` (Spades, Hearts, Diamonds, Clubs; Ace low; the Joker 52); a
//! count of a card is over 2 (two packs), of Jokers over 4.
//!
//! **Actions.** `draw`, `take`, `discard C` and `skip S` are one token each. A phase is spelled
//! card by card: its first group's cards in their listed order (tokens `lay_first`), then its
//! second group's (`lay_second`, none for a one-group phase), then `lay_end`. An add is three
//! tokens: `add_card`, `add_target` (owner × group) and `add_position` (the insertion index).
//! Seats in tokens are relative to the seat acting, as the observation shows them to it: the
//! owner of an added-to group and the target of a Skip are `(seat - actor) mod 4`, 0 the actor
//! itself. So one relative move has one token whoever makes it.
//!
//! Within one decision the spellings are prefix-free: the first token's range says which kind of
//! action it is (the draw step has only `draw` and `take`); two lays differ in some card or in
//! where the first group ends, and the group ranges differ, so their spellings differ before
//! `lay_end`, which only ever comes last; an add's three tokens come from fixed ranges. Making
//! seats relative to the actor renumbers them the same way for every action of a decision, so
//! it keeps distinct spellings distinct.

use parlour_cards::{Card, Colour};
use parlour_core::encode::{Encode, Layout, Token};
use parlour_core::Seat;

use crate::action::{PhasedAction, MAX_GROUP};
use crate::groups::TableKind;
use crate::observation::{PhasedObservation, Step, Variant};
use crate::state::{Phased, MAX_HANDS, MAX_TURNS, PLAYERS};

/// Card kinds a group, a discard or an add can name: the 52 standard cards (a Joker is never
/// in a group, added, or discarded; it is played as `skip`).
const KINDS: usize = 52;
/// Distinct cards, the Joker included, for counts.
const DISTINCT: usize = Card::DISTINCT;
/// Groups a seat has on the table at most: one phase a hand, of at most two groups, and the
/// table is cleared when a hand is dealt.
pub const TABLE_GROUPS: usize = 2;
/// The longest a table group can grow: a suit set holding every natural card of its suit (12
/// values × 2 packs) and every Ace (4 × 2), 32 cards. (A value set holds at most 8 naturals and
/// 8 Aces, 16; a run spans at most 2..=13, 12.)
pub const MAX_TABLE_GROUP: usize = 32;
/// Insertion indices of an add: `0..=len` of the group before the card goes in. The added card
/// is one of the cards that can be in its group, so the group holds at most 31 before it, and
/// an index is at most 31: 32 positions.
pub const ADD_POSITIONS: usize = MAX_TABLE_GROUP;
/// The most cards in any seat's hand at once: 10 dealt, and one drawn before each discard.
const MAX_HAND: f32 = 11.0;
/// The scale of penalty totals: a hand ends with at most 10 cards in each other hand (the
/// seat that ends it has discarded or emptied its hand), at most 25 points each, over twelve
/// hands (values above it are clamped to 1).
const SCORE_SCALE: f32 = 10.0 * 25.0 * MAX_HANDS as f32;
/// Per table group: present, kind (3), set value (13), suit (4), run low (13), run high (13),
/// run colour (2), length.
const GROUP_LEN: usize = 1 + 3 + 13 + 4 + 13 + 13 + 2 + 1;
/// Discard-pile cards shown one by one, from the top.
const DISCARD_SHOWN: usize = 4;

// Observation offsets (in the order of `observation_layout`).
const O_VARIANT: usize = 0;
const O_STEP: usize = O_VARIANT + 1;
const O_TO_ACT: usize = O_STEP + 3;
const O_DEALER: usize = O_TO_ACT + PLAYERS;
const O_HAND: usize = O_DEALER + PLAYERS;
const O_HAND_SIZES: usize = O_HAND + DISTINCT;
const O_KNOWN: usize = O_HAND_SIZES + PLAYERS;
const O_DISCARD_TOP: usize = O_KNOWN + PLAYERS * DISTINCT;
const O_DISCARD_PILE: usize = O_DISCARD_TOP + DISCARD_SHOWN * DISTINCT;
const O_DISCARD_SIZE: usize = O_DISCARD_PILE + DISTINCT;
const O_DECK: usize = O_DISCARD_SIZE + 1;
const O_UNSEEN: usize = O_DECK + 1;
const O_TABLE: usize = O_UNSEEN + DISTINCT;
const O_PHASES: usize = O_TABLE + PLAYERS * TABLE_GROUPS * GROUP_LEN;
const O_LAID: usize = O_PHASES + PLAYERS * 5;
const O_SKIP: usize = O_LAID + PLAYERS;
const O_TURNS: usize = O_SKIP + PLAYERS;
const O_SCORES: usize = O_TURNS + PLAYERS;
const O_HANDS_DONE: usize = O_SCORES + PLAYERS;
const O_LAST_CARD: usize = O_HANDS_DONE + 1;
const O_GAME_ENDS: usize = O_LAST_CARD + 1;
const O_LEN: usize = O_GAME_ENDS + 1;

// Token offsets (in the order of `action_layout`).
/// `draw`.
pub const T_DRAW: Token = 0;
/// `take`.
pub const T_TAKE: Token = 1;
/// `discard C`: this plus C's card index.
pub const T_DISCARD: Token = 2;
/// A card of a phase's first group: this plus its card index.
pub const T_LAY_FIRST: Token = T_DISCARD + KINDS as Token;
/// A card of a phase's second group: this plus its card index.
pub const T_LAY_SECOND: Token = T_LAY_FIRST + KINDS as Token;
/// The end of a phase.
pub const T_LAY_END: Token = T_LAY_SECOND + KINDS as Token;
/// The card of an add: this plus its card index.
pub const T_ADD_CARD: Token = T_LAY_END + 1;
/// The group of an add: this plus owner × 2 + group (owner relative to the actor, 0 itself).
pub const T_ADD_TARGET: Token = T_ADD_CARD + KINDS as Token;
/// The insertion index of an add: this plus the index.
pub const T_ADD_POSITION: Token = T_ADD_TARGET + (PLAYERS * TABLE_GROUPS) as Token;
/// `skip S` (bonus variant): this plus S relative to the actor (1-3; 0, the actor itself, is
/// never legal).
pub const T_SKIP: Token = T_ADD_POSITION + ADD_POSITIONS as Token;

// Pending offsets.
const P_FIRST: usize = 0;
const P_SECOND: usize = P_FIRST + MAX_GROUP * KINDS;
const P_ADD_CARD: usize = P_SECOND + MAX_GROUP * KINDS;
const P_ADD_TARGET: usize = P_ADD_CARD + KINDS;
const P_LEN: usize = P_ADD_TARGET + PLAYERS * TABLE_GROUPS;

/// A card's index as a token offset among the 52 kinds (a Joker, never legal there, reads as
/// the last kind).
fn kind(card: Card) -> Token {
    Token::from(card.index()).min(KINDS as Token - 1)
}

/// `seat` as the actor `actor` sees it: 0 itself, 1 the seat after it, and so on (an
/// out-of-range seat, never legal, reads as the last).
fn relative(actor: Seat, seat: usize) -> usize {
    (seat.min(PLAYERS - 1) + PLAYERS - actor % PLAYERS) % PLAYERS
}

/// A count of `card` over its most copies (2, or 4 for Jokers).
fn count_scale(card: usize) -> f32 {
    if card == Card::JOKER.index() as usize {
        0.25
    } else {
        0.5
    }
}

impl Encode for Phased {
    fn observation_layout(&self) -> Layout {
        let layout = Layout::new()
            .field("variant", 1, "1 in the bonus variant, 0 in the standard game")
            .field(
                "step",
                3,
                "one-hot: the turn's step: draw (draw or take), play (lay, add, discard), game over",
            )
            .field(
                "to_act",
                PLAYERS,
                "one-hot by relative seat (observer first): the seat to act (all 0 once over)",
            )
            .field(
                "dealer",
                PLAYERS,
                "one-hot by relative seat: the dealer of this hand",
            )
            .field(
                "hand",
                DISTINCT,
                "the observer's hand: copies of each card (index 0-51 AS..KC, 52 Joker) over 2 (Jokers over 4)",
            )
            .field(
                "hand_sizes",
                PLAYERS,
                "by relative seat: cards in hand over 11",
            )
            .field(
                "known",
                PLAYERS * DISTINCT,
                "by relative seat, per card: copies it took from the discard pile this hand and \
                 still holds, over 2",
            )
            .field(
                "discard_top",
                DISCARD_SHOWN * DISTINCT,
                "the discard pile's top four cards, top first: a card one-hot each (all 0 past \
                 the bottom)",
            )
            .field(
                "discard_pile",
                DISTINCT,
                "copies of each card in the whole discard pile, over 2 (Jokers over 4)",
            )
            .field(
                "discard_size",
                1,
                "cards in the discard pile over the cards in play (104, or 108 with Jokers)",
            )
            .field(
                "deck",
                1,
                "cards left in the deck over its size after the deal (63, or 67 with Jokers)",
            )
            .field(
                "unseen",
                DISTINCT,
                "copies of each card the observer cannot see (in the deck or hidden in another \
                 hand): the packs less its hand, the discard pile, the table and others' known \
                 cards; over 2 (Jokers over 4)",
            )
            .field(
                "table",
                PLAYERS * TABLE_GROUPS * GROUP_LEN,
                "per relative seat (observer first), per group 0-1 of its phase on the table, 50 \
                 numbers: present; kind one-hot (value set, suit set, run); a value set's value \
                 one-hot (1-13); a suit set's suit one-hot (S, H, D, C); a run's lowest and \
                 highest values one-hot (1-13 each); a run's colour one-hot (black, red; none \
                 for a run of 8); its length over 32",
            )
            .field(
                "phases_done",
                PLAYERS * 5,
                "per relative seat, phases 1-5: 1 once completed",
            )
            .field(
                "laid",
                PLAYERS,
                "by relative seat: 1 once it has laid its phase this hand (so it may add)",
            )
            .field(
                "skip_next",
                PLAYERS,
                "by relative seat: 1 when nominated by a Skip to miss its next turn",
            )
            .field("turns", PLAYERS, "by relative seat: turns played this hand over 50")
            .field(
                "scores",
                PLAYERS,
                "by relative seat: penalty total over 3000 (clamped to 1)",
            )
            .field("hands_completed", 1, "hands completed over 12")
            .field(
                "last_card_drawn",
                1,
                "1 when the seat to act drew the deck's last card (the hand ends with its discard)",
            )
            .field(
                "game_ends_after_hand",
                1,
                "1 once someone has completed every phase (the game ends with this hand)",
            );
        debug_assert_eq!(layout.len(), O_LEN);
        layout
    }

    fn encode_observation(&self, obs: &PhasedObservation, out: &mut [f32]) {
        let seat = obs.seat % PLAYERS;
        let rel = |s: usize| relative(seat, s);
        let bonus = obs.variant == Variant::Bonus;
        out[O_VARIANT] = f32::from(u8::from(bonus));
        out[O_STEP
            + match obs.step {
                Step::Draw => 0,
                Step::Play => 1,
                Step::Over => 2,
            }] = 1.0;
        if let Some(p) = obs.current_player {
            out[O_TO_ACT + rel(p % PLAYERS)] = 1.0;
        }
        out[O_DEALER + rel(obs.dealer % PLAYERS)] = 1.0;

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
        for (s, known) in obs.known.iter().enumerate().take(PLAYERS) {
            let base = O_KNOWN + rel(s) * DISTINCT;
            for &c in known {
                let i = c.index() as usize;
                out[base + i] += count_scale(i);
                if s != seat {
                    see(c);
                }
            }
        }
        for (k, &c) in obs.discard.iter().rev().take(DISCARD_SHOWN).enumerate() {
            out[O_DISCARD_TOP + k * DISTINCT + c.index() as usize] = 1.0;
        }
        for &c in &obs.discard {
            let i = c.index() as usize;
            out[O_DISCARD_PILE + i] += count_scale(i);
            see(c);
        }
        let (in_play, after_deal) = if bonus { (108.0, 67.0) } else { (104.0, 63.0) };
        out[O_DISCARD_SIZE] = obs.discard.len() as f32 / in_play;
        out[O_DECK] = obs.deck as f32 / after_deal;
        for (s, groups) in obs.table.iter().enumerate().take(PLAYERS) {
            for (g, group) in groups.iter().enumerate().take(TABLE_GROUPS) {
                let base = O_TABLE + (rel(s) * TABLE_GROUPS + g) * GROUP_LEN;
                let o = &mut out[base..base + GROUP_LEN];
                o[0] = 1.0;
                match group.kind {
                    TableKind::ValueSet { value } => {
                        o[1] = 1.0;
                        o[4 + usize::from(value.clamp(1, 13) - 1)] = 1.0;
                    }
                    TableKind::SuitSet { suit } => {
                        o[2] = 1.0;
                        o[17 + suit.index() as usize] = 1.0;
                    }
                    TableKind::Run { low, high, colour } => {
                        o[3] = 1.0;
                        o[21 + usize::from(low.clamp(1, 13) - 1)] = 1.0;
                        o[34 + usize::from(high.clamp(1, 13) - 1)] = 1.0;
                        match colour {
                            Some(Colour::Black) => o[47] = 1.0,
                            Some(Colour::Red) => o[48] = 1.0,
                            None => {}
                        }
                    }
                }
                o[49] = group.cards.len() as f32 / MAX_TABLE_GROUP as f32;
                for &c in &group.cards {
                    see(c);
                }
            }
        }
        for (i, &n) in unseen.iter().enumerate() {
            out[O_UNSEEN + i] = f32::from(n) * count_scale(i);
        }
        for (s, done) in obs.phases_done.iter().enumerate().take(PLAYERS) {
            for &ph in done {
                if (1..=5).contains(&ph) {
                    out[O_PHASES + rel(s) * 5 + usize::from(ph - 1)] = 1.0;
                }
            }
        }
        for s in 0..PLAYERS {
            let r = rel(s);
            let flag = |v: Option<&bool>| f32::from(u8::from(v.copied().unwrap_or(false)));
            out[O_LAID + r] = flag(obs.laid.get(s));
            out[O_SKIP + r] = flag(obs.skip_next.get(s));
            out[O_HAND_SIZES + r] =
                (obs.hand_sizes.get(s).copied().unwrap_or(0) as f32 / MAX_HAND).min(1.0);
            out[O_TURNS + r] =
                f32::from(obs.turns.get(s).copied().unwrap_or(0)) / f32::from(MAX_TURNS);
            out[O_SCORES + r] =
                (obs.scores.get(s).copied().unwrap_or(0) as f32 / SCORE_SCALE).min(1.0);
        }
        out[O_HANDS_DONE] = f32::from(obs.hands_completed) / f32::from(MAX_HANDS);
        out[O_LAST_CARD] = f32::from(u8::from(obs.last_card_drawn));
        out[O_GAME_ENDS] = f32::from(u8::from(obs.game_ends_after_hand));
    }

    fn action_layout(&self) -> Layout {
        let layout = Layout::new()
            .field("draw", 1, "draw the deck's top card")
            .field("take", 1, "take the discard pile's top card")
            .field(
                "discard",
                KINDS,
                "discard this card (by card index, AS..KC), ending the turn",
            )
            .field(
                "lay_first",
                KINDS,
                "lay a phase: the next card (by card index) of its first group, in the listed \
                 order",
            )
            .field(
                "lay_second",
                KINDS,
                "lay a phase: the next card (by card index) of its second group, after the first \
                 group's",
            )
            .field(
                "lay_end",
                1,
                "lay a phase: the end of its cards (the last token)",
            )
            .field(
                "add_card",
                KINDS,
                "add a card to a table group: first the card (by card index)",
            )
            .field(
                "add_target",
                PLAYERS * TABLE_GROUPS,
                "add: second, the group, owner × 2 + group, the owner by seat relative to the \
                 actor (0 itself, 1 the seat after it, as in the observation)",
            )
            .field(
                "add_position",
                ADD_POSITIONS,
                "add: last, the insertion index 0-31 (0..=length for a set, 0 or length for a run)",
            );
        let layout = if self.options.variant == Variant::Bonus {
            layout.field(
                "skip",
                PLAYERS,
                "play a Joker as a Skip on this seat, relative to the actor (1-3, as in the \
                 observation; 0, itself, is never legal), ending the turn",
            )
        } else {
            layout
        };
        debug_assert_eq!(layout.len(), T_SKIP as usize + self.skip_tokens());
        layout
    }

    /// Seats are spelled relative to `seat`, the actor: the Skip's target and an added-to
    /// group's owner.
    fn action_tokens(&self, seat: Seat, action: &PhasedAction, out: &mut Vec<Token>) {
        match *action {
            PhasedAction::Draw => out.push(T_DRAW),
            PhasedAction::Take => out.push(T_TAKE),
            PhasedAction::Discard(c) => out.push(T_DISCARD + kind(c)),
            PhasedAction::Skip(t) => out.push(T_SKIP + relative(seat, usize::from(t)) as Token),
            PhasedAction::Lay(play) => {
                for (g, base) in [T_LAY_FIRST, T_LAY_SECOND].into_iter().enumerate() {
                    out.extend(play.group(g).iter().map(|&c| base + kind(c)));
                }
                out.push(T_LAY_END);
            }
            PhasedAction::Add {
                card,
                owner,
                group,
                index,
            } => {
                let owner = relative(seat, usize::from(owner));
                let group = usize::from(group).min(TABLE_GROUPS - 1);
                out.push(T_ADD_CARD + kind(card));
                out.push(T_ADD_TARGET + (owner * TABLE_GROUPS + group) as Token);
                out.push(T_ADD_POSITION + Token::from(index).min(ADD_POSITIONS as Token - 1));
            }
        }
    }

    /// Two groups of up to [`MAX_GROUP`] cards and `lay_end`: a phase as [`PhasedAction::Lay`]
    /// can hold it. (The five phases lay at most 8 cards, so no legal lay takes more than 9.)
    fn max_tokens(&self) -> usize {
        2 * MAX_GROUP + 1
    }

    fn pending_layout(&self) -> Layout {
        Layout::new()
            .field(
                "pending_lay_first",
                MAX_GROUP * KINDS,
                "a phase being laid: per position 0-7 of its first group, the card chosen there \
                 (one-hot by card index; all 0 where none yet)",
            )
            .field(
                "pending_lay_second",
                MAX_GROUP * KINDS,
                "a phase being laid: per position 0-7 of its second group, the card chosen there",
            )
            .field(
                "pending_add_card",
                KINDS,
                "an add being chosen: its card (one-hot by card index)",
            )
            .field(
                "pending_add_target",
                PLAYERS * TABLE_GROUPS,
                "an add being chosen: its group, owner × 2 + group (the owner relative to the \
                 actor, as in add_target), once chosen",
            )
    }

    fn encode_pending(&self, prefix: &[Token], out: &mut [f32]) {
        debug_assert_eq!(out.len(), P_LEN);
        let (mut first, mut second) = (0, 0);
        for &t in prefix {
            // The index within the token's range, and where that range's slice starts.
            let (slot, offset) = match t {
                T_LAY_FIRST..T_LAY_SECOND => {
                    first += 1;
                    if first > MAX_GROUP {
                        continue;
                    }
                    (P_FIRST + (first - 1) * KINDS, t - T_LAY_FIRST)
                }
                T_LAY_SECOND..T_LAY_END => {
                    second += 1;
                    if second > MAX_GROUP {
                        continue;
                    }
                    (P_SECOND + (second - 1) * KINDS, t - T_LAY_SECOND)
                }
                // It ends a lay: never pending.
                T_LAY_END => continue,
                T_ADD_CARD..T_ADD_TARGET => (P_ADD_CARD, t - T_ADD_CARD),
                T_ADD_TARGET..T_ADD_POSITION => (P_ADD_TARGET, t - T_ADD_TARGET),
                // The one-token actions and an add's position: never pending.
                _ => continue,
            };
            out[slot + offset as usize] = 1.0;
        }
    }
}

impl Phased {
    fn skip_tokens(&self) -> usize {
        if self.options.variant == Variant::Bonus {
            PLAYERS
        } else {
            0
        }
    }
}
