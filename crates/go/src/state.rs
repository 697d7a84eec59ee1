//! The Comp10001-Go engine: the game [`Go`] and its [`GoOptions`], and the full position
//! [`GoState`] — the deal from a seed, the legal picks, checked and unchecked play, and the
//! final scores.
//!
//! Hands are 52-bit masks over [`Card::index`], so a clone is a copy and generating or applying
//! a pick allocates nothing; [`GoState::observation`](parlour_core::State::observation) turns
//! the masks into the card lists a seat sees.

use parlour_cards::{standard_deck, Card};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::{IllegalAction, RoundResult, Seat, State};
use rand::seq::SliceRandom;
use rand::RngExt;
use serde::{Deserialize, Serialize};

use crate::action::{GoAction, Grouping};
use crate::observation::GoObservation;
use crate::scoring::{best_score_mask, grouping_score, valid_groupings};

/// Seats at the table.
pub const PLAYERS: usize = 4;
/// Cards dealt to each player, and turns in a game.
pub const TURNS: usize = 10;
/// Cards set aside unseen at the deal.
pub(crate) const SET_ASIDE: usize = 52 - PLAYERS * TURNS;

/// A set of standard cards as a bit mask over [`Card::index`].
pub(crate) type Mask = u64;

/// The one-card mask of `c`.
pub(crate) fn bit(c: Card) -> Mask {
    1 << c.index()
}

/// The cards of a mask, lowest index first (the action module's, which groupings need too).
pub(crate) use crate::action::cards_of;

/// The mask of `cards` (a repeated card counts once).
pub(crate) fn mask_of(cards: &[Card]) -> Mask {
    cards.iter().fold(0, |m, &c| m | bit(c))
}

/// The index of the `k`-th lowest card of `mask` (which has more than `k` cards).
pub(crate) fn nth_card(mut mask: Mask, k: u32) -> u8 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}

/// How many held hands a seat remembers after `turn` turns: one per turn started.
pub(crate) fn held_turns(turn: usize) -> usize {
    (turn + 1).min(TURNS)
}

/// How the discards are scored at the end of the game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// parlour's ruling: every seat scores its discards' best partition, found by the engine.
    #[default]
    Best,
    /// The course's way: after the tenth turn each seat in turn proposes a grouping of its
    /// discards (the course's `comp10001go_group`), and scores that grouping. The legal
    /// groupings are those whose every group is valid; see `docs/rules.md` for a grouping that
    /// is not.
    Proposed,
}

impl Scoring {
    fn is_best(&self) -> bool {
        *self == Scoring::Best
    }
}

/// Comp10001-Go's options (four players, one pack, ten turns): only how the game is scored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoOptions {
    /// `best` (the default: the best partition) or `proposed` (each seat's own grouping, as the
    /// course scored it): `-o scoring=proposed`.
    #[serde(default, skip_serializing_if = "Scoring::is_best")]
    pub scoring: Scoring,
}

/// A seat's grouping of its discards (the `proposed` scoring) that the scoring rules refuse: the
/// rule an illegal [`GoAction::Group`] breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("seat {seat}'s grouping: {error}")]
pub struct SeatGrouping {
    /// The seat.
    pub seat: Seat,
    /// Why its grouping does not score.
    #[source]
    pub error: crate::scoring::PartitionError,
}

/// The game of Comp10001-Go.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    pub(crate) options: GoOptions,
}

impl Go {
    /// The standard game.
    pub fn standard() -> Go {
        Go::default()
    }
}

/// A full Comp10001-Go position.
///
/// A turn's simultaneous picks are made in seat order 0, 1, 2, 3; each pick stays hidden from the
/// other seats until the fourth is made, when all are revealed and every hand passes to the next
/// seat `(i + 1) % 4`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoState {
    /// Current hands, without this turn's pending picks.
    pub(crate) hands: [Mask; PLAYERS],
    /// This turn's picks so far, hidden from the other seats.
    pub(crate) pending: [Option<Card>; PLAYERS],
    /// Revealed discards, by seat and turn.
    pub(crate) discards: [[Option<Card>; TURNS]; PLAYERS],
    /// The hand each seat held at the start of each turn (its perfect recall).
    pub(crate) held: [[Mask; TURNS]; PLAYERS],
    /// The twelve cards set aside, seen by nobody.
    pub(crate) set_aside: Mask,
    pub(crate) turn: u8,
    /// The seat to pick, or (after the last turn, under proposed scoring) to group; `PLAYERS`
    /// once every seat has grouped.
    pub(crate) current: u8,
    pub(crate) scores: [i32; PLAYERS],
    pub(crate) decisions: u64,
    /// How the game is scored.
    pub(crate) scoring: Scoring,
    /// Under proposed scoring, each seat's grouping once made.
    pub(crate) groupings: [Option<Grouping>; PLAYERS],
}

impl GoState {
    /// A new game dealt from `seed`: ten cards to each seat in turn from one shuffled pack, the
    /// last twelve set aside.
    pub(crate) fn deal(seed: u64, scoring: Scoring) -> GoState {
        let mut deck = standard_deck();
        deck.shuffle(&mut seeded(seed));
        let mut state = GoState {
            hands: [0; PLAYERS],
            pending: [None; PLAYERS],
            discards: [[None; TURNS]; PLAYERS],
            held: [[0; TURNS]; PLAYERS],
            set_aside: mask_of(&deck[PLAYERS * TURNS..]),
            turn: 0,
            current: 0,
            scores: [0; PLAYERS],
            decisions: 0,
            scoring,
            groupings: [None; PLAYERS],
        };
        for s in 0..PLAYERS {
            state.hands[s] = mask_of(&deck[s * TURNS..(s + 1) * TURNS]);
            state.held[s][0] = state.hands[s];
        }
        state
    }

    /// Rebuilds the hands `seat` held at the start of each turn so far from where the cards are
    /// now: the hand it held at turn `u` is the one seat `seat + (turn - u)` holds now (with any
    /// unrevealed pick), plus the discards made from it on the way round.
    pub(crate) fn rebuild_history(&mut self, seat: Seat) {
        let t = self.turn();
        let now = |j: usize| self.hands[j] | self.pending[j].map_or(0, bit);
        let mut held = [0; TURNS];
        for (u, h) in held.iter_mut().enumerate().take(t.min(TURNS)) {
            let d = t - u;
            let mut m = now((seat + d) % PLAYERS);
            for k in 0..d {
                m |= self.discards[(seat + k) % PLAYERS][u + k].map_or(0, bit);
            }
            *h = m;
        }
        if t < TURNS {
            held[t] = now(seat);
        }
        self.held[seat] = held;
    }

    /// Scores every seat's discards (at the end of the game): the best partition, or under
    /// proposed scoring each seat's grouping.
    pub(crate) fn score_all(&mut self) {
        for s in 0..PLAYERS {
            self.scores[s] = match (self.scoring, self.groupings[s]) {
                (Scoring::Proposed, Some(g)) => grouping_score(&g),
                _ => best_score_mask(self.discards_mask(s)),
            };
        }
    }

    /// The legal groupings of the seat to act (proposed scoring, after the last turn): kept
    /// out of line, so that listing picks, the engine's hot path, stays small.
    #[cold]
    #[inline(never)]
    fn legal_groupings(&self, out: &mut Vec<GoAction>) {
        let discards = self.discards_mask(self.current as usize);
        out.extend(valid_groupings(discards).into_iter().map(GoAction::Group));
    }

    /// Whether the game is over: ten turns played and, under proposed scoring, every seat
    /// grouped.
    pub fn is_over(&self) -> bool {
        self.turn() >= TURNS && (self.scoring == Scoring::Best || self.current as usize >= PLAYERS)
    }

    /// Whether the seats are grouping their discards (proposed scoring, after the last turn).
    pub fn is_grouping(&self) -> bool {
        self.turn() >= TURNS && !self.is_over()
    }

    /// How the game is scored.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// Each seat's grouping, once made (proposed scoring).
    pub fn groupings(&self) -> [Option<Grouping>; PLAYERS] {
        self.groupings
    }

    /// A seat's revealed discards as a mask over [`Card::index`].
    pub(crate) fn discards_mask(&self, seat: Seat) -> Mask {
        self.discards[seat]
            .iter()
            .flatten()
            .fold(0, |m, &c| m | bit(c))
    }

    /// Turns completed.
    pub fn turn(&self) -> usize {
        self.turn as usize
    }

    /// A seat's current hand (without a pending pick).
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        cards_of(self.hands[seat])
    }

    /// A seat's revealed discards.
    pub fn discards(&self, seat: Seat) -> Vec<Card> {
        self.discards[seat].iter().flatten().copied().collect()
    }

    /// The set-aside cards.
    pub fn set_aside(&self) -> Vec<Card> {
        cards_of(self.set_aside)
    }

    /// Final scores (zero until the game is over).
    pub fn scores(&self) -> [i32; PLAYERS] {
        self.scores
    }

    /// The seats with the highest score, once the game is over.
    pub fn winners(&self) -> Vec<Seat> {
        if !self.is_over() {
            return Vec::new();
        }
        let top = self.scores.iter().copied().max().unwrap_or(0);
        (0..PLAYERS).filter(|&s| self.scores[s] == top).collect()
    }

    /// Checks that all 52 cards are accounted for exactly once (hands, pending picks, discards,
    /// set aside) and that hand sizes fit the turn. The message says what does not add up; it
    /// is the invariant the conformance harness checks at every state.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut seen: Mask = 0;
        let mut add = |m: Mask, what: &str| -> Result<(), String> {
            if seen & m != 0 {
                return Err(format!(
                    "{what} holds a card that is also elsewhere: {:?}",
                    cards_of(seen & m)
                ));
            }
            seen |= m;
            Ok(())
        };
        for s in 0..PLAYERS {
            add(self.hands[s], "a hand")?;
            add(self.pending[s].map_or(0, bit), "a pick")?;
            add(self.discards_mask(s), "a discard pile")?;
            let in_hand =
                self.hands[s].count_ones() as usize + usize::from(self.pending[s].is_some());
            if self.turn() < TURNS && in_hand != TURNS - self.turn() {
                return Err(format!(
                    "seat {s} holds {in_hand} cards at turn {}",
                    self.turn()
                ));
            }
        }
        add(self.set_aside, "the set-aside cards")?;
        if seen != mask_of(&standard_deck()) {
            return Err(format!("{} of 52 cards accounted for", seen.count_ones()));
        }
        if self.set_aside.count_ones() as usize != SET_ASIDE {
            return Err(format!(
                "{} cards set aside, not 12",
                self.set_aside.count_ones()
            ));
        }
        Ok(())
    }
}

impl State<Go> for GoState {
    fn current_player(&self) -> Option<Seat> {
        (!self.is_over()).then_some(self.current as usize)
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<GoAction>) {
        out.clear();
        if self.turn() >= TURNS {
            if self.is_grouping() {
                self.legal_groupings(out);
            }
            return;
        }
        let mut m = self.hands[self.current as usize];
        out.reserve(m.count_ones() as usize);
        while m != 0 {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            if let Some(c) = Card::from_index(i) {
                out.push(GoAction::Pick(c));
            }
        }
    }

    fn random_action(&self, rng: &mut GameRng, scratch: &mut Vec<GoAction>) -> Option<GoAction> {
        if self.is_grouping() {
            self.legal_actions(scratch);
            return Some(scratch[rng.random_range(0..scratch.len())]);
        }
        if self.turn() >= TURNS {
            return None;
        }
        // The k-th card of the hand, k uniform: every legal pick equally likely, no list built.
        let m = self.hands[self.current as usize];
        Card::from_index(nth_card(m, rng.random_range(0..m.count_ones()))).map(GoAction::Pick)
    }

    fn check(&self, action: GoAction) -> Result<(), IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction::new(action, "the game is over"));
        }
        let s = self.current as usize;
        match action {
            GoAction::Pick(_) if self.is_grouping() => Err(IllegalAction::new(
                action,
                format!("seat {s} is to group its discards, not to pick"),
            )),
            GoAction::Group(_) if !self.is_grouping() => Err(IllegalAction::new(
                action,
                format!("seat {s} is to pick a card; groupings come after the last turn"),
            )),
            GoAction::Pick(c) => {
                if c.is_joker() || self.hands[s] & bit(c) == 0 {
                    return Err(IllegalAction::new(
                        action,
                        format!("{c} is not in seat {s}'s hand"),
                    ));
                }
                Ok(())
            }
            GoAction::Group(g) => crate::scoring::check_grouping(&g, self.discards_mask(s))
                .map(|_| ())
                .map_err(|error| IllegalAction::because(action, SeatGrouping { seat: s, error })),
        }
    }

    fn apply_unchecked(&mut self, action: GoAction) {
        let s = self.current as usize;
        let card = match action {
            GoAction::Pick(c) => c,
            GoAction::Group(g) => {
                self.groupings[s] = Some(g);
                self.decisions += 1;
                self.current += 1;
                if self.current as usize == PLAYERS {
                    self.score_all();
                }
                return;
            }
        };
        self.hands[s] &= !bit(card);
        self.pending[s] = Some(card);
        self.decisions += 1;
        if s + 1 < PLAYERS {
            self.current += 1;
            return;
        }
        // All have picked: reveal, then pass every hand to the next seat.
        let t = self.turn();
        for s in 0..PLAYERS {
            self.discards[s][t] = self.pending[s].take();
        }
        self.hands.rotate_right(1);
        self.turn += 1;
        self.current = 0;
        if self.turn() == TURNS {
            if self.scoring == Scoring::Best {
                self.score_all();
            }
        } else {
            for s in 0..PLAYERS {
                self.held[s][self.turn()] = self.hands[s];
            }
        }
    }

    fn returns(&self) -> Vec<f64> {
        self.scores.iter().map(|&s| f64::from(s)).collect()
    }

    fn observation(&self, seat: Seat) -> GoObservation {
        let t = self.turn();
        GoObservation {
            seat,
            turn: t,
            hand: cards_of(self.hands[seat]),
            picked: self.pending[seat],
            discards: (0..PLAYERS).map(|s| self.discards(s)).collect(),
            held: (0..held_turns(t))
                .map(|u| cards_of(self.held[seat][u]))
                .collect(),
            current_player: self.current_player(),
            scores: self.is_over().then(|| self.scores.to_vec()),
            groupings: (self.scoring == Scoring::Proposed).then(|| self.groupings.to_vec()),
        }
    }

    fn decisions(&self) -> u64 {
        self.decisions
    }

    fn last_round(&self) -> Option<RoundResult> {
        self.is_over().then(|| RoundResult {
            round: 0,
            points: self.returns(),
            winners: self.winners(),
        })
    }
}
