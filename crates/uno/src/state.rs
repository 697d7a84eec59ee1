//! The Uno engine: [`Uno`] (the game and its options) and [`UnoState`] (a position): the deal,
//! the legal actions, checked and unchecked play, and the returns.

use std::fmt;

use parlour_core::rng::{seeded, GameRng};
use parlour_core::{Game, IllegalAction, OptionsError, RoundResult, Seat, State};
use rand::seq::SliceRandom;
use rand::RngExt;
use serde::{Deserialize, Serialize};

use crate::action::UnoAction;
use crate::card::{Card, Color, Rank, KINDS};
use crate::observation::{Cards, Direction, PerSeat, RoundOutcome, UnoObservation};

pub use crate::card::DECK_SIZE;
pub use crate::observation::MAX_PLAYERS;

/// Cards dealt to each player at the start of a round.
pub const HAND_SIZE: usize = 7;

/// Uno's options.
///
/// The game ends after `rounds` rounds if that is set, or as soon as a player's total reaches
/// `target` if that is set (whichever comes first); with neither set it is a single round.
/// `{"target": 500}` is the classic match; `{"rounds": 50000}` the seed's tournament table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UnoOptions {
    /// Seats at the table, 2–10.
    pub players: usize,
    /// Points that end a match.
    pub target: Option<u32>,
    /// Rounds after which the game ends.
    pub rounds: Option<u32>,
}

impl Default for UnoOptions {
    fn default() -> Self {
        UnoOptions {
            players: 4,
            target: None,
            rounds: None,
        }
    }
}

impl UnoOptions {
    /// The targets a match may be played to: a game must end, so that a tournament stopped
    /// by a signal finishes its games in play in bounded time.
    pub const TARGET: std::ops::RangeInclusive<u32> = 1..=100_000;
    /// The rounds a game may last (the seed's tournament plays 50,000 at a table).
    pub const ROUNDS: std::ops::RangeInclusive<u32> = 1..=1_000_000;
}

/// The game of Uno with its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uno {
    pub(crate) options: UnoOptions,
}

impl Uno {
    /// The standard game: one round at a table of four.
    pub fn standard() -> Uno {
        Uno {
            options: UnoOptions::default(),
        }
    }

    /// A game of `players` seats with the other options at their defaults.
    pub fn with_players(players: usize) -> Result<Uno, OptionsError> {
        Uno::new(UnoOptions {
            players,
            ..UnoOptions::default()
        })
    }
}

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// The current player plays a card or draws.
    Play,
    /// The current player drew this card and may play it (if playable) or pass.
    Drawn(Card),
    /// The game is over.
    Over,
}

/// A hand as counts per card kind, with a bit mask of the kinds present.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hand {
    pub(crate) counts: [u8; KINDS],
    pub(crate) mask: u64,
    pub(crate) len: u8,
}

impl Hand {
    const EMPTY: Hand = Hand {
        counts: [0; KINDS],
        mask: 0,
        len: 0,
    };

    pub(crate) fn add(&mut self, c: Card) {
        self.counts[c.index()] += 1;
        self.mask |= 1 << c.index();
        self.len += 1;
    }

    fn remove(&mut self, c: Card) {
        let k = c.index();
        self.counts[k] -= 1;
        if self.counts[k] == 0 {
            self.mask &= !(1 << k);
        }
        self.len -= 1;
    }

    pub(crate) fn contains(&self, c: Card) -> bool {
        self.mask & (1 << c.index()) != 0
    }

    /// The cards, in kind order. Built at every decision (the observation's hand), so it
    /// walks the kinds present (the mask's bits), not all 54.
    pub(crate) fn cards(&self) -> Cards {
        let mut v = Cards::new();
        let mut m = self.mask;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            let c = Card::from_index(k).expect("mask bits are kinds");
            for _ in 0..self.counts[k] {
                v.push(c);
            }
        }
        v
    }

    fn points(&self) -> u64 {
        Card::all_kinds()
            .map(|c| u64::from(self.counts[c.index()]) * u64::from(c.points()))
            .sum()
    }
}

/// An ordered pile of at most 108 cards, stored inline so a state clones without allocating.
#[derive(Clone, Copy)]
pub(crate) struct Pile {
    cards: [Card; DECK_SIZE],
    len: u8,
}

impl Pile {
    const EMPTY: Pile = Pile {
        cards: [Card::WILD; DECK_SIZE],
        len: 0,
    };

    pub(crate) fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    fn as_mut_slice(&mut self) -> &mut [Card] {
        &mut self.cards[..self.len as usize]
    }

    fn push(&mut self, c: Card) {
        self.cards[self.len as usize] = c;
        self.len += 1;
    }

    fn pop(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cards[self.len as usize])
    }

    fn last(&self) -> Option<Card> {
        self.as_slice().last().copied()
    }

    pub(crate) fn from_slice(cards: &[Card]) -> Pile {
        let mut p = Pile::EMPTY;
        for &c in cards {
            p.push(c);
        }
        p
    }
}

impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Pile {}

const fn color_mask(c: usize) -> u64 {
    0x1FFF << (c * 13)
}
const fn rank_mask(r: usize) -> u64 {
    (1 << r) | (1 << (13 + r)) | (1 << (26 + r)) | (1 << (39 + r))
}
const WILD_MASK: u64 = (1 << 52) | (1 << 53);

/// The card kinds playable on `up` (with `called` when `up` is a wild), as a bit mask.
pub(crate) fn playable_mask(up: Card, called: Option<Color>) -> u64 {
    match up.color() {
        Some(c) => color_mask(c.index()) | rank_mask(up.index() % 13) | WILD_MASK,
        None => called.map_or(0, |c| color_mask(c.index())) | WILD_MASK,
    }
}

/// A called colour that does not fit the up card: a colour is called exactly when the up card
/// is a wild.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CalledColorError {
    /// A wild is up and no colour is called.
    #[error("the up card {up} is a wild but no colour is called")]
    Missing {
        /// The up card.
        up: Card,
    },
    /// A colour is called on a card that is not a wild.
    #[error("colour {called} is called but the up card {up} is not a wild")]
    NotWild {
        /// The up card.
        up: Card,
        /// The colour called.
        called: Color,
    },
}

/// A colour is called exactly when the up card is a wild.
pub(crate) fn check_called(up: Card, called: Option<Color>) -> Result<(), CalledColorError> {
    match (up.is_wild(), called) {
        (true, None) => Err(CalledColorError::Missing { up }),
        (false, Some(called)) => Err(CalledColorError::NotWild { up, called }),
        _ => Ok(()),
    }
}

/// Whether `card` may be played on `up` (with `called` when `up` is a wild).
pub fn is_playable(card: Card, up: Card, called: Option<Color>) -> bool {
    playable_mask(up, called) & (1 << card.index()) != 0
}

/// A full Uno position, hidden cards and the generator for future shuffles included.
#[derive(Clone, PartialEq, Eq)]
pub struct UnoState {
    players: u8,
    target: Option<u32>,
    rounds: Option<u32>,
    pub(crate) hands: [Hand; MAX_PLAYERS],
    pub(crate) draw: Pile,
    pub(crate) discard: Pile,
    pub(crate) called: Option<Color>,
    pub(crate) current: u8,
    pub(crate) reversed: bool,
    pub(crate) phase: Phase,
    pub(crate) last_called: [Option<Color>; MAX_PLAYERS],
    /// How many of each kind went into the draw pile at the last reshuffle this round (all zero
    /// when there has been none): public knowledge, shown as [`UnoObservation::reshuffled`].
    pub(crate) reshuffled: [u8; KINDS],
    pub(crate) scores: [u64; MAX_PLAYERS],
    pub(crate) rounds_completed: u32,
    last_round: Option<RoundOutcome>,
    decisions: u64,
    rng: GameRng,
}

impl fmt::Debug for UnoState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hands: Vec<Vec<Card>> = (0..self.n())
            .map(|s| self.hands[s].cards().to_vec())
            .collect();
        f.debug_struct("UnoState")
            .field("hands", &hands)
            .field("up", &self.discard.last())
            .field("called", &self.called)
            .field("current", &self.current)
            .field("reversed", &self.reversed)
            .field("phase", &self.phase)
            .field("draw", &self.draw.as_slice())
            .field("scores", &&self.scores[..self.n()])
            .field("decisions", &self.decisions)
            .finish()
    }
}

impl UnoState {
    fn n(&self) -> usize {
        self.players as usize
    }

    pub(crate) fn step(&self, from: u8, k: u8) -> u8 {
        let n = self.players;
        let dir = if self.reversed { n - 1 } else { 1 };
        ((from as u32 + dir as u32 * k as u32) % n as u32) as u8
    }

    pub(crate) fn empty(game: &Uno, rng: GameRng) -> UnoState {
        UnoState {
            players: game.options.players as u8,
            target: game.options.target,
            rounds: game.options.rounds,
            hands: [Hand::EMPTY; MAX_PLAYERS],
            draw: Pile::EMPTY,
            discard: Pile::EMPTY,
            called: None,
            current: 0,
            reversed: false,
            phase: Phase::Play,
            last_called: [None; MAX_PLAYERS],
            reshuffled: [0; KINDS],
            scores: [0; MAX_PLAYERS],
            rounds_completed: 0,
            last_round: None,
            decisions: 0,
            rng,
        }
    }

    /// Deals a new round: shuffle all 108 cards, 7 each, turn the up card (a wild goes back and the
    /// deck is reshuffled), draw the first player from the generator.
    pub(crate) fn deal_round(&mut self) {
        self.draw = Pile::from_slice(&Card::deck());
        self.draw.as_mut_slice().shuffle(&mut self.rng);
        for h in &mut self.hands {
            *h = Hand::EMPTY;
        }
        for _ in 0..HAND_SIZE {
            for s in 0..self.n() {
                let c = self
                    .draw
                    .pop()
                    .expect("108 cards cover any deal of at most 70");
                self.hands[s].add(c);
            }
        }
        self.discard = Pile::EMPTY;
        loop {
            let c = self.draw.pop().expect("the deck holds non-wild cards");
            if c.is_wild() {
                self.draw.push(c);
                self.draw.as_mut_slice().shuffle(&mut self.rng);
            } else {
                self.discard.push(c);
                break;
            }
        }
        self.called = None;
        self.reversed = false;
        self.last_called = [None; MAX_PLAYERS];
        self.reshuffled = [0; KINDS];
        self.current = self.rng.random_range(0..self.players);
        self.phase = Phase::Play;
    }

    /// How many cards `seat` holds.
    pub fn hand_size(&self, seat: Seat) -> usize {
        usize::from(self.hands[seat].len)
    }

    /// The up card.
    pub fn up_card(&self) -> Card {
        self.discard
            .last()
            .expect("the discard pile is never empty")
    }

    /// The called colour (set after a wild is played).
    pub fn called_color(&self) -> Option<Color> {
        self.called
    }

    /// The direction of play.
    pub fn direction(&self) -> Direction {
        if self.reversed {
            Direction::Counterclockwise
        } else {
            Direction::Clockwise
        }
    }

    /// A seat's hand, sorted by kind.
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        self.hands[seat].cards().to_vec()
    }

    /// The draw pile, bottom first (the last card is drawn next).
    pub fn draw_pile(&self) -> &[Card] {
        self.draw.as_slice()
    }

    /// The discard pile, bottom first (the last card is the up card).
    pub fn discard_pile(&self) -> &[Card] {
        self.discard.as_slice()
    }

    /// The cards that went into the draw pile at the last reshuffle this round, sorted (empty when
    /// the draw pile has not been refilled from the discards this round). Every seat saw them.
    pub fn reshuffled_cards(&self) -> Cards {
        let mut v = Cards::new();
        // Most rounds never reshuffle: no walk over the kinds then.
        if self.reshuffled == [0; KINDS] {
            return v;
        }
        for c in Card::all_kinds() {
            for _ in 0..self.reshuffled[c.index()] {
                v.push(c);
            }
        }
        v
    }

    /// Each seat's total score.
    pub fn scores(&self) -> &[u64] {
        &self.scores[..self.n()]
    }

    /// The outcome of the most recent completed round.
    pub fn last_round_outcome(&self) -> Option<RoundOutcome> {
        self.last_round
    }

    /// The card the current player has just drawn and may now play, if any.
    pub fn drawn_card(&self) -> Option<Card> {
        match self.phase {
            Phase::Drawn(c) => Some(c),
            _ => None,
        }
    }

    /// How many of each card kind are in hands, draw and discard piles (108 in all for a dealt game).
    pub fn card_counts(&self) -> [u32; KINDS] {
        let mut counts = [0u32; KINDS];
        for h in &self.hands[..self.n()] {
            for (k, &n) in h.counts.iter().enumerate() {
                counts[k] += u32::from(n);
            }
        }
        for &c in self.draw.as_slice().iter().chain(self.discard.as_slice()) {
            counts[c.index()] += 1;
        }
        counts
    }

    /// Checks that the 108 cards are all accounted for, each kind as often as the deck holds it.
    pub fn check_conservation(&self) -> Result<(), String> {
        let counts = self.card_counts();
        for c in Card::all_kinds() {
            if counts[c.index()] != u32::from(c.copies_in_deck()) {
                return Err(format!(
                    "{} copies of {c} in play; the deck has {}",
                    counts[c.index()],
                    c.copies_in_deck()
                ));
            }
        }
        for s in 0..self.n() {
            let h = &self.hands[s];
            let sum: u32 = h.counts.iter().map(|&n| u32::from(n)).sum();
            if sum != u32::from(h.len) {
                return Err(format!(
                    "seat {s}'s hand size {} disagrees with its cards",
                    h.len
                ));
            }
        }
        Ok(())
    }

    /// Draws the top card, reshuffling the discard pile (all but the up card) into a new draw pile
    /// when the draw pile is empty. `None` when there is still nothing to draw.
    fn draw_card(&mut self) -> Option<Card> {
        if self.draw.len == 0 {
            let up = self.discard.pop()?;
            self.draw = self.discard;
            self.discard = Pile::EMPTY;
            self.discard.push(up);
            // Every seat sees which cards go into the new draw pile.
            self.reshuffled = [0; KINDS];
            for &c in self.draw.as_slice() {
                self.reshuffled[c.index()] += 1;
            }
            self.draw.as_mut_slice().shuffle(&mut self.rng);
        }
        self.draw.pop()
    }

    /// `seat` draws `k` cards; false if the draw pile ran out for good (the round is then drawn).
    fn give(&mut self, seat: u8, k: usize) -> bool {
        for _ in 0..k {
            match self.draw_card() {
                Some(c) => self.hands[seat as usize].add(c),
                None => return false,
            }
        }
        true
    }

    /// Ends the round: the winner (if any) scores the cards left in the other hands; then the game
    /// ends or the next round is dealt.
    fn end_round(&mut self, winner: Option<u8>) {
        let points = match winner {
            Some(w) => (0..self.n())
                .filter(|&s| s != w as usize)
                .map(|s| self.hands[s].points())
                .sum(),
            None => 0,
        };
        if let Some(w) = winner {
            // Saturating: a scripted setup may start from any score.
            self.scores[w as usize] = self.scores[w as usize].saturating_add(points);
        }
        self.last_round = Some(RoundOutcome {
            round: self.rounds_completed,
            winner: winner.map(usize::from),
            points,
        });
        self.rounds_completed += 1;
        let target_hit = matches!((self.target, winner), (Some(t), Some(w)) if self.scores[w as usize] >= u64::from(t));
        let rounds_done = match self.rounds {
            Some(r) => self.rounds_completed >= r,
            None => self.target.is_none(),
        };
        if target_hit || rounds_done {
            self.phase = Phase::Over;
        } else {
            self.deal_round();
        }
    }

    /// Adds `card` to `seat`'s hand (building a sampled state).
    pub(crate) fn add_to_hand(&mut self, seat: Seat, card: Card) {
        self.hands[seat].add(card);
    }

    /// Sets the draw pile, top last (building a sampled state).
    pub(crate) fn set_draw_pile(&mut self, cards: &[Card]) {
        self.draw = Pile::from_slice(cards);
    }

    /// The player to act has just drawn `card` (building a sampled state).
    pub(crate) fn set_drawn(&mut self, card: Card) {
        self.phase = Phase::Drawn(card);
    }

    /// A new generator for future shuffles (building a sampled state).
    pub(crate) fn reseed(&mut self, seed: u64) {
        self.rng = seeded(seed);
    }

    fn playable_in_hand(&self) -> u64 {
        self.hands[self.current as usize].mask & playable_mask(self.up_card(), self.called)
    }

    fn push_plays(out: &mut Vec<UnoAction>, card: Card) {
        if card.is_wild() {
            for c in Color::ALL {
                out.push(UnoAction::Wild(card, c));
            }
        } else {
            out.push(UnoAction::Play(card));
        }
    }
}

impl State<Uno> for UnoState {
    fn current_player(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over => None,
            _ => Some(self.current as usize),
        }
    }

    fn legal_actions(&self, out: &mut Vec<UnoAction>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Drawn(card) => {
                if is_playable(card, self.up_card(), self.called) {
                    Self::push_plays(out, card);
                }
                out.push(UnoAction::Pass);
            }
            Phase::Play => {
                let mut m = self.playable_in_hand();
                if m == 0 {
                    out.push(UnoAction::Draw);
                }
                while m != 0 {
                    let k = m.trailing_zeros() as usize;
                    m &= m - 1;
                    Self::push_plays(out, Card::from_index(k).expect("mask bits are kinds"));
                }
            }
        }
    }

    fn check(&self, action: UnoAction) -> Result<(), IllegalAction> {
        let bad = |reason: String| Err(IllegalAction::new(action, reason));
        let hand = &self.hands[self.current as usize];
        let up = self.up_card();
        match (self.phase, action) {
            (Phase::Over, _) => bad("the game is over".into()),
            (_, UnoAction::Play(c)) if c.is_wild() => {
                bad(format!("a wild must call a colour, e.g. {c}:R"))
            }
            (_, UnoAction::Wild(c, _)) if !c.is_wild() => {
                bad(format!("{c} is not a wild and calls no colour"))
            }
            (Phase::Drawn(drawn), UnoAction::Play(c) | UnoAction::Wild(c, _)) => {
                if c != drawn {
                    bad(format!(
                        "after drawing you may only play the drawn card {drawn} or pass"
                    ))
                } else if !is_playable(c, up, self.called) {
                    bad(format!(
                        "the drawn card {drawn} does not match the up card {up}: you must pass"
                    ))
                } else {
                    Ok(())
                }
            }
            (Phase::Drawn(_), UnoAction::Draw) => bad("you have already drawn this turn".into()),
            (Phase::Drawn(_), UnoAction::Pass) => Ok(()),
            (Phase::Play, UnoAction::Pass) => {
                bad("you may pass only after drawing a playable card".into())
            }
            (Phase::Play, UnoAction::Draw) => {
                let m = self.playable_in_hand();
                if m == 0 {
                    Ok(())
                } else {
                    let c = Card::from_index(m.trailing_zeros() as usize).expect("kind");
                    bad(format!("you hold a playable card ({c}) and must play one"))
                }
            }
            (Phase::Play, UnoAction::Play(c) | UnoAction::Wild(c, _)) => {
                if !hand.contains(c) {
                    bad(format!("{c} is not in your hand"))
                } else if !is_playable(c, up, self.called) {
                    match self.called {
                        Some(col) => bad(format!(
                            "{c} does not match the up card {up} (called colour {col})"
                        )),
                        None => bad(format!("{c} does not match the up card {up}")),
                    }
                } else {
                    Ok(())
                }
            }
        }
    }

    fn apply_unchecked(&mut self, action: UnoAction) {
        self.decisions += 1;
        let p = self.current;
        match action {
            UnoAction::Play(card) | UnoAction::Wild(card, _) => {
                self.phase = Phase::Play;
                self.hands[p as usize].remove(card);
                self.discard.push(card);
                self.called = match action {
                    UnoAction::Wild(_, c) => {
                        self.last_called[p as usize] = Some(c);
                        Some(c)
                    }
                    _ => None,
                };
                if self.hands[p as usize].len == 0 {
                    // The round ends at once: the last card's effect is not applied.
                    self.end_round(Some(p));
                    return;
                }
                match card.rank() {
                    Rank::Skip => self.current = self.step(p, 2),
                    Rank::Reverse => {
                        // Play moves on in the new direction: with two players that is the other
                        // player, as the course's game code has it (a Reverse is then no Skip).
                        self.reversed = !self.reversed;
                        self.current = self.step(p, 1);
                    }
                    Rank::DrawTwo | Rank::WildDrawFour => {
                        let victim = self.step(p, 1);
                        let k = if card.rank() == Rank::DrawTwo { 2 } else { 4 };
                        if !self.give(victim, k) {
                            self.end_round(None);
                            return;
                        }
                        self.current = self.step(victim, 1);
                    }
                    Rank::Number(_) | Rank::Wild => self.current = self.step(p, 1),
                }
            }
            UnoAction::Draw => match self.draw_card() {
                None => self.end_round(None),
                Some(c) => {
                    // Always a decision, even when `pass` is the only choice: otherwise the other
                    // seats would learn from the turn's shape whether the kept card fits.
                    self.hands[p as usize].add(c);
                    self.phase = Phase::Drawn(c);
                }
            },
            UnoAction::Pass => {
                self.phase = Phase::Play;
                self.current = self.step(p, 1);
            }
        }
    }

    fn returns(&self) -> Vec<f64> {
        self.scores().iter().map(|&s| s as f64).collect()
    }

    fn observation(&self, seat: Seat) -> UnoObservation {
        let n = self.n();
        UnoObservation {
            seat,
            players: n,
            hand: self.hands[seat].cards(),
            drawn: match self.phase {
                Phase::Drawn(c) if self.current as usize == seat => Some(c),
                _ => None,
            },
            deciding_after_draw: matches!(self.phase, Phase::Drawn(_)),
            up_card: self.up_card(),
            called_color: self.called,
            direction: self.direction(),
            current_player: self.current_player(),
            hand_sizes: (0..n).map(|s| self.hands[s].len as usize).collect(),
            scores: per_seat(self.scores()),
            reshuffled: self.reshuffled_cards(),
            last_called: per_seat(&self.last_called[..n]),
            discard: {
                let mut d = Cards::new();
                d.try_extend_from_slice(self.discard.as_slice())
                    .expect("a pile holds at most the deck");
                d
            },
            draw_pile: self.draw.len as usize,
            rounds_completed: self.rounds_completed,
            decisions: self.decisions,
            last_round: self.last_round,
        }
    }

    fn decisions(&self) -> u64 {
        self.decisions
    }

    fn rounds_completed(&self) -> u32 {
        self.rounds_completed
    }

    fn last_round(&self) -> Option<RoundResult> {
        self.last_round.map(|o| {
            let mut points = vec![0.0; self.n()];
            if let Some(w) = o.winner {
                points[w] = o.points as f64;
            }
            RoundResult {
                round: o.round,
                points,
                winners: o.winner.into_iter().collect(),
            }
        })
    }
}

/// A per-seat list from a slice of at most [`MAX_PLAYERS`] values, copied at once.
fn per_seat<T: Copy>(values: &[T]) -> PerSeat<T> {
    let mut v = PerSeat::new();
    v.try_extend_from_slice(values)
        .expect("a table has at most MAX_PLAYERS seats");
    v
}

/// Builds a state from an observation's public facts plus hidden cards chosen by the caller
/// (used by resampling).
pub(crate) struct Rebuild<'a> {
    pub obs: &'a UnoObservation,
    pub hands: Vec<Vec<Card>>,
    pub draw_pile: Vec<Card>,
    pub drawn: Option<Card>,
    pub seed: u64,
}

impl Rebuild<'_> {
    pub(crate) fn build(self, game: &Uno) -> UnoState {
        let obs = self.obs;
        let mut state = UnoState::empty(game, seeded(self.seed));
        for (s, hand) in self.hands.iter().enumerate() {
            for &c in hand {
                state.hands[s].add(c);
            }
        }
        state.draw = Pile::from_slice(&self.draw_pile);
        state.discard = Pile::from_slice(&obs.discard);
        state.called = obs.called_color;
        state.current = obs.current_player.unwrap_or(0) as u8;
        state.reversed = obs.direction == Direction::Counterclockwise;
        state.phase = match (obs.current_player, self.drawn) {
            (None, _) => Phase::Over,
            (Some(_), Some(c)) => Phase::Drawn(c),
            (Some(_), None) => Phase::Play,
        };
        for s in 0..obs.players {
            state.scores[s] = obs.scores[s];
            state.last_called[s] = obs.last_called[s];
        }
        for &c in &obs.reshuffled {
            state.reshuffled[c.index()] += 1;
        }
        state.rounds_completed = obs.rounds_completed;
        state.last_round = obs.last_round;
        state.decisions = obs.decisions;
        state
    }
}
