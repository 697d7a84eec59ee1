//! What Phased Out lends information-set search ([`parlour_core::search`]): a sampler that checks
//! an observation once and then deals many determinizations, a cheap greedy playout policy, and
//! an evaluator that judges a position by phase progress and penalty points.
//!
//! A Phased Out game is up to twelve hands, far too long to play out at random many times a
//! move (random play rarely completes a phase anyway). The tuning plays each playout **to the
//! end of the hand it starts in** with [`GreedyRollout`], a stripped-down version of the
//! [`heuristic`](crate::bots::HeuristicBot) bot that reads the sampled state directly, and then
//! lets [`PhaseEvaluator`] estimate each seat's chance of winning from the phases completed and
//! the penalty totals.
//!
//! The search stops a playout only after [`SearchTuning::max_playout`] moves or at the end of
//! the game, so the rollout and the evaluator share a small [`Horizon`]: the rollout notes the
//! hand each playout starts in, and once that hand is over it makes only moves that leave the
//! position as it is (take the discard and discard it again), which the evaluator then judges as
//! it stood when the hand ended. Nothing here ever sees more than the sampled state: the rules
//! (and so every terminal value) are the engine's, only non-terminal positions are estimated.
//!
//! # Measured
//!
//! `parlour tournament phased --bots ismcts:iters=N,heuristic,ismcts:iters=N,heuristic
//! --games 200 --jobs 1` (seed 1, 50 deals in all four rotations), the share of the games won
//! by the two ISMCTS seats together, with a 95% interval over deals:
//!
//! | iterations a move | ms a searched move (one core) | ISMCTS share of wins |
//! |---|---|---|
//! | 200 | 8 | 60.5% (54–67%) |
//! | 500 (the recommended budget) | 21 | 68.5% (62–75%) |
//!
//! About 23,000 iterations a second on one core (`examples/phased_search_speed.rs`); the greedy policy
//! alone plays about as well as the heuristic bot (52% of 1,000 games,
//! `examples/greedy_vs_heuristic.rs`). Phased Out hides no moves, so MO-ISMCTS
//! (`variant=mo`) searches exactly as SO-ISMCTS does, a little slower.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;

use parlour_cards::{Card, CardCounts};
use parlour_core::rng::GameRng;
use parlour_core::search::{win_values, Evaluator, Rollout, Root, Sampler, SearchTuning};
use parlour_core::{ResampleError, Seat, State};
use rand::RngExt;

use crate::finder::{can_lay, find_phase};
use crate::game::{
    determinizer, Determinizer, PhasePlay, Phased, PhasedAction, PhasedObservation, PhasedState,
    Step, PLAYERS,
};
use crate::groups::{is_wild, penalty, PhaseType};

/// Moves a playout makes at most: enough for nearly every hand to end (the deck of 63 or 67
/// cards runs out within about 150 moves unless the discard is taken again and again; a hand
/// still going is then judged as it stands), and too few for the position-keeping moves that
/// follow a hand's end to end the next hand by the 50-turn rule (200 turns, 400 moves).
pub const MAX_PLAYOUT: u32 = 400;

/// The tuning [`Phased`] gives ISMCTS: greedy playouts to the end of the hand, judged by phase
/// progress and penalty points.
pub fn tuning() -> SearchTuning<Phased> {
    let horizon = Arc::new(Horizon::default());
    SearchTuning {
        about: "greedy playouts (heuristic-like: collect toward the phase, lay at once, shed onto the table) to the end of the hand, judged by phases completed and penalty points",
        rollout: Box::new(GreedyRollout::new(horizon.clone())),
        evaluator: Box::new(PhaseEvaluator::new(horizon)),
        iterations: 500,
        exploration: 0.7,
        max_playout: MAX_PLAYOUT,
        tree_per_seat: false,
        anchor: None,
        anchor_z: 0.0,
        root: Root::Tree,
    }
}

/// Draws determinizations of one observation: checks it and counts the unseen cards once, then
/// each sample shuffles and deals them exactly as [`Game::resample`](parlour_core::Game::resample)
/// does (the same code, so the same distribution; from the same generator, the same state).
#[derive(Debug)]
pub struct FastSampler {
    det: Determinizer,
    buf: Vec<Card>,
}

impl FastSampler {
    /// Checks `obs` (the errors [`Game::resample`](parlour_core::Game::resample) would give).
    pub fn new(game: &Phased, obs: &PhasedObservation) -> Result<FastSampler, ResampleError> {
        Ok(FastSampler {
            det: determinizer(game, obs)?,
            buf: Vec::new(),
        })
    }
}

impl Sampler<Phased> for FastSampler {
    fn sample(&mut self, rng: &mut GameRng) -> Result<PhasedState, ResampleError> {
        Ok(self.det.deal(&mut self.buf, rng))
    }
}

/// What the rollout tells the evaluator about the playout in progress: the hand it started in.
///
/// The search calls the rollout for each move of a playout and then the evaluator once, so the
/// evaluator also marks where one playout ends and the next begins.
#[derive(Debug)]
pub struct Horizon {
    /// Hands completed when the current playout started (`NONE`: no move made since the last
    /// evaluation).
    start_hand: AtomicU8,
    /// Evaluations so far.
    epoch: AtomicU64,
}

impl Horizon {
    const NONE: u8 = u8::MAX;
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

/// Per-value, per-suit and per-colour counts of a hand's natural cards.
#[derive(Debug, Clone, Copy, Default)]
struct Stats {
    /// Naturals of each value (index 2..=13).
    value: [u8; 14],
    /// Naturals of each suit (by suit index).
    suit: [u8; 4],
    /// Naturals of each value by colour (0 black, 1 red).
    colour_value: [[u8; 14]; 2],
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
        if c.is_joker() || is_wild(c) {
            return;
        }
        let (s, v) = parts(c);
        self.value[v] += 1;
        self.suit[s] += 1;
        self.colour_value[colour_of(s)][v] += 1;
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
/// [module documentation](self)).
#[derive(Debug)]
pub struct GreedyRollout {
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
        let p = state.mover();
        let hand = state.hand_counts(p);
        let laid = state.has_laid(p);
        match state.step() {
            Step::Draw => {
                let top = state.discard_top().filter(|c| !c.is_joker());
                let Some(top) = top else {
                    return PhasedAction::Draw;
                };
                if state.deck_top().is_none() {
                    return PhasedAction::Take;
                }
                let take = if laid {
                    fits_table(state, top)
                } else if is_wild(top) {
                    true
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
                        .min_by_key(|&t| (state.hand_counts(t).len(), !state.has_laid(t)))
                        .unwrap_or((p + 1) % PLAYERS);
                    return PhasedAction::Skip(target as u8);
                }
                let phases = Phases::of(state, p);
                let st = Stats::of(hand);
                let mut best: Option<(f64, Card)> = None;
                for (c, _) in hand.iter() {
                    if c.is_joker() {
                        continue;
                    }
                    let keep = if laid {
                        -f64::from(penalty(c))
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
        let p = state.mover();
        match state.step() {
            Step::Draw => match state.discard_top() {
                Some(c) if !c.is_joker() => Some(PhasedAction::Take),
                _ if state.deck_top().is_some() => Some(PhasedAction::Draw),
                _ => None,
            },
            Step::Play => {
                let hand = state.hand_counts(p);
                let taken = state.last_known(p).filter(|&c| hand.contains(c));
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

/// Whether `card` can be added to some group on the table.
fn fits_table(state: &PhasedState, card: Card) -> bool {
    state
        .table()
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
        'groups: for (owner, groups) in state.table().iter().enumerate() {
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

/// Values a position for every seat as an estimated chance of winning: a finished game by its
/// winners; otherwise a softmax over each seat's strength,
/// `phase_weight × phases completed − penalty total / penalty_scale`, where a playout stopped
/// inside its hand (rather than at its end) also charges each seat `hand_share` of the penalty
/// it holds.
#[derive(Debug)]
pub struct PhaseEvaluator {
    /// What a completed phase is worth.
    pub phase_weight: f64,
    /// Penalty points worth one unit of strength.
    pub penalty_scale: f64,
    /// The share of the penalty in hand charged when a playout stops inside its hand.
    pub hand_share: f64,
    horizon: Arc<Horizon>,
}

impl PhaseEvaluator {
    /// An evaluator sharing `horizon` with its rollout.
    pub fn new(horizon: Arc<Horizon>) -> PhaseEvaluator {
        PhaseEvaluator {
            phase_weight: 1.5,
            penalty_scale: 100.0,
            hand_share: 0.5,
            horizon,
        }
    }

    /// The values of `state` as it stands (`in_hand`: charge the penalty in hand).
    pub fn judge(&self, state: &PhasedState, in_hand: bool, out: &mut [f64]) {
        if state.is_terminal() {
            win_values(&state.winners(), out);
            return;
        }
        let scores = state.scores();
        let mut strength = [0.0f64; PLAYERS];
        for (p, s) in strength.iter_mut().enumerate() {
            let mut pen = f64::from(scores[p]);
            if in_hand {
                pen += self.hand_share
                    * f64::from(state.hand_counts(p).cards().map(penalty).sum::<u32>());
            }
            *s =
                self.phase_weight * f64::from(state.phases_completed(p)) - pen / self.penalty_scale;
        }
        softmax(&strength, out);
    }
}

/// `out[i] = exp(x[i]) / Σ exp(x[j])`.
fn softmax(x: &[f64], out: &mut [f64]) {
    let hi = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = 0.0;
    for (o, &v) in out.iter_mut().zip(x) {
        *o = (v - hi).exp();
        sum += *o;
    }
    for o in out.iter_mut() {
        *o /= sum;
    }
}

impl Evaluator<Phased> for PhaseEvaluator {
    fn values(&mut self, state: &PhasedState, out: &mut [f64]) {
        let start = self
            .horizon
            .start_hand
            .swap(Horizon::NONE, Ordering::Relaxed);
        self.horizon.epoch.fetch_add(1, Ordering::Relaxed);
        // Past the horizon the position was kept as the hand left it: only the totals count.
        let in_hand = start == Horizon::NONE || state.hands_completed() <= start;
        self.judge(state, in_hand, out);
    }
}
