//! The playout policy: [`GreedyRollout`], a cheap greedy player that reads the sampled state
//! directly, and the [`Horizon`] it shares with the evaluator, so that a playout stops changing
//! the position once the hand it started in is over.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;

use parlour_cards::{Card, CardCounts};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::search::Rollout;
use parlour_core::{Bot, Decision, Game, Seat, State};
use rand::RngExt;

use crate::action::{PhasePlay, PhasedAction};
use crate::finder::{can_lay, find_phase};
use crate::groups::{is_wild, penalty, PhaseType, TableKind};
use crate::observation::Step;
use crate::state::{Phased, PhasedState, PLAYERS};

/// The seat to act (meaningless once the game is over).
fn mover(state: &PhasedState) -> Seat {
    state.current as usize
}

/// The discard pile's top card.
fn discard_top(state: &PhasedState) -> Option<Card> {
    state.discard.last().copied()
}

/// The deck's top card (drawn next).
fn deck_top(state: &PhasedState) -> Option<Card> {
    state.deck.last().copied()
}

/// The card `seat` most recently took from the discard pile and still holds.
fn last_known(state: &PhasedState, seat: Seat) -> Option<Card> {
    state.known[seat].last().copied()
}

/// What the rollout tells the evaluator about the playout in progress: the hand it started in.
///
/// The search calls the rollout for each move of a playout and then the evaluator once, so the
/// evaluator also marks where one playout ends and the next begins.
#[derive(Debug)]
pub struct Horizon {
    /// Hands completed when the current playout started (`NONE`: no move made since the last
    /// evaluation).
    pub(super) start_hand: AtomicU8,
    /// Evaluations so far.
    pub(super) epoch: AtomicU64,
}

impl Horizon {
    pub(super) const NONE: u8 = u8::MAX;
}

impl Default for Horizon {
    fn default() -> Horizon {
        Horizon {
            start_hand: AtomicU8::new(Horizon::NONE),
            epoch: AtomicU64::new(0),
        }
    }
}

/// Open phases of a seat as a fixed list.
#[derive(Debug, Clone, Copy)]
struct Phases {
    list: [PhaseType; 5],
    len: usize,
}

impl Phases {
    fn of(state: &PhasedState, seat: Seat) -> Phases {
        let mut p = Phases {
            list: [PhaseType(1); 5],
            len: 0,
        };
        for ph in state.phases_open(seat) {
            p.list[p.len] = ph;
            p.len += 1;
        }
        p
    }

    fn as_slice(&self) -> &[PhaseType] {
        &self.list[..self.len]
    }
}

/// Per-value, per-suit and per-colour counts of a hand's natural cards, and its wilds.
#[derive(Debug, Clone, Copy, Default)]
struct Stats {
    /// Naturals of each value (index 2..=13).
    value: [u8; 14],
    /// Naturals of each suit (by suit index).
    suit: [u8; 4],
    /// Naturals of each value by colour (0 black, 1 red).
    colour_value: [[u8; 14]; 2],
    /// Wild cards (Aces).
    wilds: u8,
}

fn colour_of(suit: usize) -> usize {
    // Spades 0, Hearts 1, Diamonds 2, Clubs 3: black, red, red, black.
    usize::from(suit == 1 || suit == 2)
}

/// A natural card's suit index and value.
fn parts(c: Card) -> (usize, usize) {
    let i = usize::from(c.index());
    (i / 13, i % 13 + 1)
}

impl Stats {
    fn add(&mut self, c: Card) {
        if c.is_joker() {
            return;
        }
        if is_wild(c) {
            self.wilds += 1;
            return;
        }
        let (s, v) = parts(c);
        self.value[v] += 1;
        self.suit[s] += 1;
        self.colour_value[colour_of(s)][v] += 1;
    }

    /// Takes `c` (counted in these stats) away.
    fn remove(&mut self, c: Card) {
        if c.is_joker() {
            return;
        }
        if is_wild(c) {
            self.wilds -= 1;
            return;
        }
        let (s, v) = parts(c);
        self.value[v] -= 1;
        self.suit[s] -= 1;
        self.colour_value[colour_of(s)][v] -= 1;
    }

    /// The fewest cards the hand must still get before it can lay `phase` (0: it can now),
    /// over every target the phase allows: each pair of values for phases 1 and 3 (one value
    /// for both sets too: the pack holds eight of each), each suit for phase 2, each window of
    /// eight values for phase 4, each window of four values of one colour with each value's
    /// set for phase 5. Wilds fill empty places, but each group needs two natural cards,
    /// which only getting cards can bring.
    fn distance(&self, phase: PhaseType) -> u8 {
        let wilds = i32::from(self.wilds);
        let mut best = i32::MAX;
        // A target: each group's size and the naturals held toward it.
        let mut consider = |groups: &[(i32, i32)]| {
            let (mut empty, mut need) = (0, 0);
            for &(size, nat) in groups {
                empty += size - nat;
                need += (2 - nat).max(0);
            }
            best = best.min(empty - wilds.min(empty - need));
        };
        let n = |v: usize| i32::from(self.value[v]);
        match phase.0 {
            1 | 3 => {
                let size = if phase.0 == 1 { 3 } else { 4 };
                for v1 in 2..=13 {
                    let n1 = n(v1);
                    for v2 in v1 + 1..=13 {
                        consider(&[(size, n1.min(size)), (size, n(v2).min(size))]);
                    }
                    // Both sets of one value: its naturals split between them.
                    for k in (n1 + 1) / 2..=n1.min(size) {
                        consider(&[(size, k), (size, (n1 - k).min(size))]);
                    }
                }
            }
            2 => {
                for s in 0..4 {
                    consider(&[(7, i32::from(self.suit[s]).min(7))]);
                }
            }
            4 => {
                for low in 2..=6 {
                    let held = (low..low + 8).filter(|&v| self.value[v] > 0).count();
                    consider(&[(8, held as i32)]);
                }
            }
            5 => {
                for counts in &self.colour_value {
                    for low in 2..=10 {
                        let window = low..low + 4;
                        let run = window.clone().filter(|&v| counts[v] > 0).count() as i32;
                        for (v, &held) in counts.iter().enumerate().skip(2) {
                            if window.contains(&v) && held > 0 {
                                // A card of this value and colour goes in the run or the set.
                                consider(&[(4, run), (4, (n(v) - 1).min(4))]);
                                consider(&[(4, run - 1), (4, n(v).min(4))]);
                            } else {
                                consider(&[(4, run), (4, n(v).min(4))]);
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        best.clamp(0, 99) as u8
    }

    /// The least [`Stats::distance`] over `phases`.
    fn least_distance(&self, phases: &[PhaseType]) -> u8 {
        phases
            .iter()
            .map(|&ph| self.distance(ph))
            .min()
            .unwrap_or(99)
    }

    fn of(hand: &CardCounts) -> Stats {
        let mut st = Stats::default();
        for c in hand.cards() {
            st.add(c);
        }
        st
    }

    /// How much `card` (counted in these stats) helps toward `phase`: the heuristic bot's
    /// measure (same value, same suit, or distinct values within 3).
    fn usefulness(&self, card: Card, phase: PhaseType) -> f64 {
        if card.is_joker() {
            return 0.0;
        }
        if is_wild(card) {
            return 100.0;
        }
        let (s, v) = parts(card);
        let same_value = f64::from(self.value[v].saturating_sub(1));
        let same_suit = f64::from(self.suit[s].saturating_sub(1));
        let near = |counts: &[u8; 14]| {
            let lo = v.saturating_sub(3).max(2);
            let hi = (v + 3).min(13);
            (lo..=hi).filter(|&w| w != v && counts[w] > 0).count() as f64
        };
        match phase.0 {
            1 | 3 => 3.0 * same_value,
            2 => 1.5 * same_suit,
            4 => 1.5 * near(&self.value),
            _ => (1.5 * near(&self.colour_value[colour_of(s)])).max(3.0 * same_value),
        }
    }

    /// The best usefulness of `card` over `phases`.
    fn best_usefulness(&self, card: Card, phases: &Phases) -> f64 {
        phases
            .as_slice()
            .iter()
            .map(|&ph| self.usefulness(card, ph))
            .fold(0.0, f64::max)
    }
}

/// The fewest cards `hand` must still get before it can lay `phase` (0: it can lay it now): the
/// least over every target the phase allows (each pair of values for phases 1 and 3, one value
/// for both sets too; each suit for phase 2; each window of eight values for phase 4; each
/// window of four values of one colour with each value's set for phase 5), wilds filling empty
/// places past each group's two natural cards, which only getting cards can bring. Jokers count
/// for nothing. What the distance policy ([`Policy::Distance`]) plays by.
///
/// ```
/// use parlour_cards::parse_cards;
/// use parlour_phased::ai::distance;
/// use parlour_phased::groups::PhaseType;
///
/// let hand = parse_cards("2S 2H 7S 7D 7C AS KD").unwrap();
/// assert_eq!(distance(&hand, PhaseType(1)), 0); // 2S 2H AS and 7S 7D 7C
/// assert_eq!(distance(&hand, PhaseType(3)), 2); // two fours: 3 places empty, the Ace fills one
/// ```
pub fn distance(hand: &[Card], phase: PhaseType) -> u8 {
    let mut st = Stats::default();
    for &c in hand {
        st.add(c);
    }
    st.distance(phase)
}

/// How the greedy player judges its cards before its phase is down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// By the heuristic bot's usefulness (same value, same suit, distinct values within 3):
    /// takes the discard when it matches the hand, discards the least useful card.
    Usefulness,
    /// By the distance to the phase (the fewest cards still to get, over every target the
    /// phase allows, wilds filling places past each group's two naturals):
    /// takes the discard only when it shortens the distance, and discards the card whose loss
    /// lengthens it least, the heaviest of those, never a wild while it holds a natural card.
    Distance,
    /// [`Policy::Distance`] played with care, as a strong student plays: it weighs a discard's
    /// penalty more as the hand's end nears (the deck running low, a seat that has laid
    /// holding few cards, the turn limit close), does not discard what the next seat can use
    /// (a card for its groups on the table once it has laid; before, a card like those it has
    /// been taking), keeps a card one short of a run's end on the table, takes a low card for a
    /// heavy one when the end is imminent and the phase out of reach, and breaks ties between
    /// equally distant hands by the unseen cards that would shorten them.
    Careful,
}

/// A cheap Phased Out player for playouts, reading the (sampled) state directly:
///
/// - draw step: before its phase is down, takes the discard when it is a wild, when it lets the
///   hand lay a phase it could not, or when it matches the hand (usefulness above 1, as the
///   heuristic bot measures it); once its phase is down, takes it when it fits a group on the
///   table; otherwise draws;
/// - lays the phase that leaves the least penalty in hand as soon as it can;
/// - then adds cards to the table, highest penalty first, and plays a Joker as a Skip on the
///   seat with the fewest cards;
/// - discards the least useful card (before its phase is down; ties to the highest penalty), or
///   the highest penalty card (after).
///
/// With probability `explore` it makes a uniformly random legal move instead. Once the hand the
/// playout started in is over it only takes the discard and discards it again (see the
/// [module documentation](super)).
#[derive(Debug)]
pub struct GreedyRollout {
    /// How it judges its cards before its phase is down.
    pub policy: Policy,
    /// The share of random moves.
    pub explore: f64,
    /// How useful (as the heuristic bot measures it) the discard must be to be taken.
    pub take_threshold: f64,
    horizon: Arc<Horizon>,
    /// The evaluation epoch this playout belongs to.
    epoch: u64,
    /// Decisions in the state the last move was chosen for.
    last_decisions: u64,
    /// Hands completed when this playout started.
    start_hand: u8,
    /// A reusable hand buffer.
    hand: Vec<Card>,
}

impl GreedyRollout {
    /// A greedy rollout sharing `horizon` with its evaluator.
    pub fn new(horizon: Arc<Horizon>) -> GreedyRollout {
        GreedyRollout {
            policy: Policy::Usefulness,
            explore: 0.0,
            take_threshold: 1.0,
            horizon,
            epoch: u64::MAX,
            last_decisions: u64::MAX,
            start_hand: 0,
            hand: Vec::with_capacity(16),
        }
    }

    /// The greedy move in `state` (not over), without random moves or the hand horizon.
    pub fn greedy(&mut self, state: &PhasedState) -> PhasedAction {
        let p = mover(state);
        let hand = &state.hands[p];
        let laid = state.has_laid(p);
        match state.step() {
            Step::Draw => {
                let top = discard_top(state).filter(|c| !c.is_joker());
                let Some(top) = top else {
                    return PhasedAction::Draw;
                };
                if deck_top(state).is_none() {
                    return PhasedAction::Take;
                }
                let take = if laid {
                    fits_table(state, top)
                } else if is_wild(top) {
                    true
                } else if self.policy != Policy::Usefulness {
                    let phases = Phases::of(state, p);
                    let mut st = Stats::of(hand);
                    let before = st.least_distance(phases.as_slice());
                    st.add(top);
                    st.least_distance(phases.as_slice()) < before
                        || (self.policy == Policy::Careful
                            && before >= 2
                            && penalty(top) <= 4
                            && lateness(state, p) == 2
                            && hand
                                .cards()
                                .any(|c| !c.is_joker() && !is_wild(c) && penalty(c) >= 10))
                } else {
                    let phases = Phases::of(state, p);
                    let mut st = Stats::of(hand);
                    st.add(top);
                    if st.best_usefulness(top, &phases) > self.take_threshold {
                        true
                    } else {
                        self.hand.clear();
                        self.hand.extend(hand.cards());
                        let before = phases.as_slice().iter().any(|&ph| can_lay(&self.hand, ph));
                        self.hand.push(top);
                        !before && phases.as_slice().iter().any(|&ph| can_lay(&self.hand, ph))
                    }
                };
                if take {
                    PhasedAction::Take
                } else {
                    PhasedAction::Draw
                }
            }
            Step::Play | Step::Over => {
                if !laid {
                    let phases = Phases::of(state, p);
                    self.hand.clear();
                    self.hand.extend(hand.cards());
                    if let Some((_, groups)) = find_phase(&self.hand, phases.as_slice()) {
                        if let Some(play) = PhasePlay::new(&groups) {
                            return PhasedAction::Lay(play);
                        }
                    }
                } else if let Some(add) = best_add(state, hand) {
                    return add;
                }
                if hand.contains(Card::JOKER) {
                    let target = (0..PLAYERS)
                        .filter(|&t| t != p)
                        .min_by_key(|&t| (state.hands[t].len(), !state.has_laid(t)))
                        .unwrap_or((p + 1) % PLAYERS);
                    return PhasedAction::Skip(target as u8);
                }
                let phases = Phases::of(state, p);
                let st = Stats::of(hand);
                let naturals =
                    usize::from(st.wilds) < hand.len() - hand.count(Card::JOKER) as usize;
                if self.policy == Policy::Careful {
                    if let Some(c) = careful_discard(state, p, &st, &phases, naturals) {
                        return PhasedAction::Discard(c);
                    }
                }
                let mut best: Option<(f64, Card)> = None;
                for (c, _) in hand.iter() {
                    if c.is_joker() {
                        continue;
                    }
                    let keep = if laid {
                        -f64::from(penalty(c))
                    } else if self.policy != Policy::Usefulness {
                        if is_wild(c) && naturals {
                            continue;
                        }
                        let mut rest = st;
                        rest.remove(c);
                        100.0 * f64::from(rest.least_distance(phases.as_slice()))
                            - f64::from(penalty(c))
                    } else {
                        10.0 * st.best_usefulness(c, &phases) - f64::from(penalty(c))
                    };
                    if best.is_none_or(|(k, _)| keep < k) {
                        best = Some((keep, c));
                    }
                }
                match best {
                    Some((_, c)) => PhasedAction::Discard(c),
                    // Only Jokers are held, and that was handled above.
                    None => PhasedAction::Skip(((p + 1) % PLAYERS) as u8),
                }
            }
        }
    }

    /// A move that keeps the position as it is, for after the horizon: take the discard and
    /// discard it again (draw when the discard cannot be taken).
    fn hold(state: &PhasedState) -> Option<PhasedAction> {
        let p = mover(state);
        match state.step() {
            Step::Draw => match discard_top(state) {
                Some(c) if !c.is_joker() => Some(PhasedAction::Take),
                _ if deck_top(state).is_some() => Some(PhasedAction::Draw),
                _ => None,
            },
            Step::Play => {
                let hand = &state.hands[p];
                let taken = last_known(state, p).filter(|&c| hand.contains(c));
                let card = taken.or_else(|| hand.cards().find(|c| !c.is_joker()));
                match card {
                    Some(c) => Some(PhasedAction::Discard(c)),
                    None => Some(PhasedAction::Skip(((p + 1) % PLAYERS) as u8)),
                }
            }
            Step::Over => None,
        }
    }
}

/// How near the end of the hand is, as `p` sees it: 0 not near, 1 near (the deck at 12 cards or
/// fewer, a seat that has laid holding 3 or fewer, a seat at 44 turns), 2 imminent (4 cards, 1
/// card, 48 turns).
fn lateness(state: &PhasedState, p: Seat) -> u8 {
    let least = (0..PLAYERS)
        .filter(|&q| q != p && state.laid[q])
        .map(|q| state.hands[q].len())
        .min()
        .unwrap_or(usize::MAX);
    let deck = state.deck.len();
    let turns = state.turns.iter().copied().max().unwrap_or(0);
    if deck <= 4 || least <= 1 || turns >= 48 {
        2
    } else if deck <= 12 || least <= 3 || turns >= 44 {
        1
    } else {
        0
    }
}

/// How much discarding `card` would help the seat after `p`: 3 when it has laid and the card
/// fits a group on the table, 1 when it has not and the card is like one it took from the
/// discard pile (for its open phases: same value for sets of a value, same suit for a suit set,
/// values within 4 for a run, same value or same colour within 3 for phase 5), else 0.
fn feeds_next(state: &PhasedState, p: Seat, card: Card) -> u32 {
    let next = (p + 1) % PLAYERS;
    if state.laid[next] {
        return if fits_table(state, card) { 3 } else { 0 };
    }
    if card.is_joker() || is_wild(card) {
        return 0;
    }
    let (s, v) = parts(card);
    let phases = Phases::of(state, next);
    let like = |t: Card| {
        if t.is_joker() || is_wild(t) {
            return false;
        }
        let (ts, tv) = parts(t);
        let gap = tv.abs_diff(v);
        phases.as_slice().iter().any(|ph| match ph.0 {
            1 | 3 => tv == v,
            2 => ts == s,
            4 => gap > 0 && gap <= 4,
            _ => tv == v || (colour_of(ts) == colour_of(s) && gap > 0 && gap <= 3),
        })
    };
    u32::from(state.known[next].iter().any(|&t| like(t)))
}

/// Whether `card` would fit a run on the table once one more card is added at its end.
fn near_run_end(state: &PhasedState, card: Card) -> bool {
    if card.is_joker() || is_wild(card) {
        return false;
    }
    let (_, v) = parts(card);
    state.table.iter().flatten().any(|g| match g.kind {
        TableKind::Run { low, high, colour } => {
            colour.is_none_or(|col| card.colour() == Some(col))
                && (v == usize::from(high) + 2 || v + 2 == usize::from(low))
        }
        _ => false,
    })
}

/// The cards `p` has not seen, by kind: the deck and the other hands, less what they took from
/// the discard pile (everyone saw those). The same for every determinization of `p`'s view.
fn unseen(state: &PhasedState, p: Seat) -> CardCounts {
    let mut out = CardCounts::default();
    for &c in &state.deck {
        out.add(c);
    }
    for q in (0..PLAYERS).filter(|&q| q != p) {
        for c in state.hands[q].cards() {
            out.add(c);
        }
        for &c in &state.known[q] {
            out.remove(c);
        }
    }
    out
}

/// The unseen cards that would shorten the distance of `hand` (counted with multiplicity).
fn outs(hand: &Stats, phases: &Phases, unseen: &CardCounts) -> u32 {
    let now = hand.least_distance(phases.as_slice());
    let mut total = 0;
    for (c, n) in unseen.iter() {
        if c.is_joker() {
            continue;
        }
        let mut with = *hand;
        with.add(c);
        if with.least_distance(phases.as_slice()) < now {
            total += u32::from(n);
        }
    }
    total
}

/// The careful player's discard ([`Policy::Careful`]), or `None` when only Jokers are held.
fn careful_discard(
    state: &PhasedState,
    p: Seat,
    st: &Stats,
    phases: &Phases,
    naturals: bool,
) -> Option<Card> {
    let hand = &state.hands[p];
    let choices = hand
        .iter()
        .map(|(c, _)| c)
        .filter(|&c| !(c.is_joker() || (naturals && is_wild(c))));
    if state.laid[p] || phases.len == 0 {
        // Phase down: shed the heaviest card, unless the next seat could use it or it is one
        // short of a run's end (the card between would let both onto the table).
        return choices.max_by_key(|&c| {
            (
                i64::from(penalty(c))
                    - 8 * i64::from(feeds_next(state, p, c))
                    - 6 * i64::from(near_run_end(state, c)),
                c,
            )
        });
    }
    let late = lateness(state, p);
    let now = st.least_distance(phases.as_slice());
    let weight = match late {
        0 => 0.6,
        1 => 2.0,
        _ if now >= 3 => 10.0,
        _ => 4.0,
    };
    let unseen = unseen(state, p);
    let mut best: Option<(f64, Card)> = None;
    for c in choices {
        let mut rest = *st;
        rest.remove(c);
        let dist = rest.least_distance(phases.as_slice());
        let score = 100.0 * f64::from(dist)
            - f64::from(outs(&rest, phases, &unseen))
            - weight * f64::from(penalty(c))
            + 15.0 * f64::from(feeds_next(state, p, c))
            + if fits_table(state, c) { 4.0 } else { 0.0 };
        if best.is_none_or(|(b, _)| score < b) {
            best = Some((score, c));
        }
    }
    best.map(|(_, c)| c)
}

/// Whether `card` can be added to some group on the table.
fn fits_table(state: &PhasedState, card: Card) -> bool {
    state
        .table
        .iter()
        .flatten()
        .any(|g| g.accepts(card, g.cards.len()) || g.accepts(card, 0))
}

/// The add of the highest-penalty card that fits a group on the table (the first group, the
/// top end of a run first).
fn best_add(state: &PhasedState, hand: &CardCounts) -> Option<PhasedAction> {
    let mut best: Option<(u32, PhasedAction)> = None;
    for (card, _) in hand.iter() {
        if card.is_joker() || best.is_some_and(|(b, _)| penalty(card) <= b) {
            continue;
        }
        'groups: for (owner, groups) in state.table.iter().enumerate() {
            for (g, group) in groups.iter().enumerate() {
                for index in [group.cards.len(), 0] {
                    if group.accepts(card, index) {
                        best = Some((
                            penalty(card),
                            PhasedAction::Add {
                                card,
                                owner: owner as u8,
                                group: g as u8,
                                index: index as u8,
                            },
                        ));
                        break 'groups;
                    }
                }
            }
        }
    }
    best.map(|(_, a)| a)
}

impl Rollout<Phased> for GreedyRollout {
    fn action(
        &mut self,
        state: &PhasedState,
        rng: &mut GameRng,
        scratch: &mut Vec<PhasedAction>,
    ) -> PhasedAction {
        // A new playout: the evaluator has run since the last move, or this state does not
        // follow the last one.
        let epoch = self.horizon.epoch.load(Ordering::Relaxed);
        if epoch != self.epoch || state.decisions() != self.last_decisions.wrapping_add(1) {
            self.epoch = epoch;
            self.start_hand = state.hands_completed();
            self.horizon
                .start_hand
                .store(self.start_hand, Ordering::Relaxed);
        }
        self.last_decisions = state.decisions();
        if state.hands_completed() > self.start_hand {
            if let Some(a) = GreedyRollout::hold(state) {
                return a;
            }
        }
        if self.explore > 0.0 && rng.random_bool(self.explore) {
            if let Some(a) = state.random_action(rng, scratch) {
                return a;
            }
        }
        self.greedy(state)
    }
}

/// The greedy player as a bot: the move [`GreedyRollout::greedy`] makes (with its `policy`) on
/// a determinization of the observation. The greedy player reads only the mover's own hand and
/// what the table shows (groups, the discard pile, hand sizes, the deck's size, the cards each
/// seat took from the discard pile); the careful player also counts the cards the mover has not
/// seen, which are the same in every determinization. So the cards the determinization makes
/// up never change its move. A move the rules would not
/// take (there should be none) falls back to the first legal one. The search's anchor.
#[derive(Debug)]
pub struct GreedyBot {
    rng: GameRng,
    player: GreedyRollout,
}

impl GreedyBot {
    /// A greedy bot playing by `policy`, its determinizations drawn from `seed`.
    pub fn new(seed: u64, policy: Policy) -> GreedyBot {
        let mut player = GreedyRollout::new(Arc::new(Horizon::default()));
        player.policy = policy;
        GreedyBot {
            rng: seeded(seed),
            player,
        }
    }
}

impl Bot<Phased> for GreedyBot {
    fn act(&mut self, d: &Decision<'_, Phased>) -> PhasedAction {
        let chosen = d
            .game
            .resample(d.observation(), &mut self.rng)
            .ok()
            .map(|state| self.player.greedy(&state))
            .filter(|a| d.legal.contains(a));
        chosen.unwrap_or(d.legal[0])
    }
}
