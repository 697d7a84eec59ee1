//! What Comp10001-Bo lends information-set search: an evaluator that plays out the turn in
//! progress and the next round of turns and then scores each seat against the leading opponent,
//! and the greedy playout policy ([`crate::ai::greedy`]); the sampler that checks an observation
//! once and then deals many determinizations lives with the rules ([`crate::sampler`]).
//!
//! The tuning is rollout-based improvement of the `heuristic` bot, judged a round ahead:
//!
//! - **A flat, paired root by sequential halving** ([`Root::Halving`]): each round draws one
//!   determinization, and every move still in contention is played from it, with the same cards
//!   to come; the heuristic's own move is played every round, and the worse half of the other
//!   moves is dropped phase by phase. The heuristic's move stands unless the best other move is
//!   ahead of it by more than one standard error of their paired differences.
//! - **No playout; [`TurnEvaluator`] plays a round ahead.** The heuristic's own turn planner
//!   finishes the turn in progress (on the sampled position, from the mover's view of it); the
//!   greedy policy ([`greedy_action`]) then plays the next four whole turns, the three
//!   opponents' and the mover's next, so a discard that feeds an opponent, or a pile left for
//!   the next turn, shows in what happens rather than in a weight.
//! - **Scored against the leader:** each seat's position is scored as the heuristic scores the
//!   end of its turn (stockpile cards left, landing spots for the stockpile top, a card bridging
//!   to it, opponents fed, the table's openness), and a seat's value is its lead over the best
//!   of the other three ([`Weights::rival`]): in a race only one seat wins.
//!
//! Random playouts of Comp10001-Bo are long and say little (random play hardly ever empties a
//! stockpile). A tree (the default of earlier versions: the planner finishing the turn, each
//! seat scored on its own) did no better than the heuristic it borrows from.
//!
//! **Measured** (`docs/strength.md`): in `parlour strength bo` (100 deals in every seat rotation,
//! 400 games) it takes 62.5% of the wins against the `heuristic` bot (57.7–67.1%), at 1,000
//! playouts and about 60 ms a move. In duels of 100 games it won 63, 61 and 67 games to the
//! heuristic's 32, 36 and 30 (three seeds), and 68 to 32 in the bonus variant; without the
//! anchor it was level (49 to 46), and scored on its own position rather than against the
//! leader, 56 to 44.

use parlour_cards::Card;
use parlour_core::search::{win_values, Evaluator, Root, SearchTuning};
use parlour_core::{Bot, Decision, State};

use crate::action::{BoAction, PLAYERS};
use crate::ai::greedy::{card_bit, greedy_action, GreedyRollout, Table};
use crate::ai::heuristic::HeuristicBot;
use crate::rules::View;
use crate::state::{Bo, BoState, STOCK_SIZE};

/// The numbers behind Comp10001-Bo's search tuning.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchParams {
    /// UCB1's exploration constant.
    pub exploration: f64,
    /// Moves a playout makes before the evaluator judges the position.
    pub max_playout: u32,
    /// The share of random moves in a playout.
    pub explore: f64,
    /// Who finishes the turn in progress before the evaluator scores the position.
    pub finish: Finish,
    /// The evaluator's weights.
    pub weights: Weights,
    /// Iterations a move by default.
    pub iterations: u64,
    /// The `heuristic` bot as anchor, overruled only by a move ahead by this many standard
    /// errors (`None`: no anchor).
    pub anchor_z: Option<f64>,
    /// How the root is searched.
    pub root: Root,
    /// Whole turns played, for whichever seats are to move, after the turn in progress and
    /// before the position is scored.
    pub horizon: u32,
    /// Who plays those turns.
    pub later: Finish,
}

/// Who plays out the turn in progress before [`TurnEvaluator`] scores a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    /// Nobody: the position is scored as it stands.
    Nobody,
    /// The greedy policy ([`greedy_action`]).
    Greedy,
    /// The `heuristic` bot's turn planner, with this many node expansions per decision.
    Heuristic(u32),
}

/// How [`TurnEvaluator`] scores a seat's position, in thousandths of a stockpile card (the
/// scale of the `heuristic` bot's own evaluation, whose terms and weights these are).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    /// The stockpile top's landing spots (0, 1, 2, 3, 4 or more).
    pub land: [f64; 5],
    /// A card in hand that can be played and that the stockpile top then follows: when the top
    /// has no landing spot, when it has one.
    pub bridge: [f64; 2],
    /// Each other seat whose stockpile top has a landing spot: the next seat, the others (times
    /// one plus a quarter of the stockpile cards that seat has played).
    pub feed: [f64; 2],
    /// An opponent with one (two) stockpile cards left whose top has a landing spot: the next
    /// seat (half as much for the others).
    pub danger: [f64; 2],
    /// The share of the cards a seat has not seen that could be played somewhere: while the
    /// opponents have played no stockpile cards, and once one has played four or more (an open
    /// table then feeds them), in proportion between.
    pub open: [f64; 2],
    /// Each card in hand.
    pub hand: f64,
    /// Each Joker in hand.
    pub joker: f64,
    /// Embargoed.
    pub embargoed: f64,
    /// A seat's value per stockpile card (values are linear in the score, clamped to [0, 1]).
    pub scale: f64,
    /// How much of the best opponent's score a seat's own score is taken relative to (0: its
    /// own position alone; 1: its lead over the leading opponent).
    pub rival: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            land: [0.0, 330.0, 480.0, 560.0, 600.0],
            bridge: [140.0, 40.0],
            feed: [15.0, 5.0],
            danger: [0.0, 0.0],
            open: [30.0, -150.0],
            hand: 6.0,
            joker: 60.0,
            embargoed: 150.0,
            scale: 0.1,
            rival: 1.0,
        }
    }
}

/// The heuristic finisher's node expansions per decision.
pub const FINISH_BUDGET: u32 = 100;

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            exploration: 0.0,
            max_playout: 0,
            explore: 0.05,
            finish: Finish::Heuristic(FINISH_BUDGET),
            weights: Weights::default(),
            iterations: 1000,
            anchor_z: Some(1.0),
            root: Root::Halving,
            horizon: 4,
            later: Finish::Greedy,
        }
    }
}

/// The tuning [`Bo`] gives ISMCTS (see [`SearchParams::default`]).
pub fn tuning() -> SearchTuning<Bo> {
    tuning_with(SearchParams::default())
}

/// A tuning with these numbers.
pub fn tuning_with(p: SearchParams) -> SearchTuning<Bo> {
    SearchTuning {
        about: "a flat, paired root by sequential halving, anchored on the heuristic's move; no playout: the heuristic's planner finishes the turn in progress and greedy play the next four turns, then each seat's position is scored as the heuristic scores the end of its turn (stockpile cards left, landing spots for the stockpile top, a card bridging to it, opponents fed, the table's openness), against the leading opponent's",
        rollout: Box::new(GreedyRollout { explore: p.explore }),
        evaluator: Box::new(TurnEvaluator::new(p.weights, p.finish).horizon(p.horizon, p.later)),
        exploration: p.exploration,
        max_playout: p.max_playout,
        tree_per_seat: false,
        iterations: p.iterations,
        anchor: p
            .anchor_z
            .map(|_| Box::new(HeuristicBot::new(0)) as Box<dyn Bot<Bo>>),
        anchor_z: p.anchor_z.unwrap_or(0.0),
        root: p.root,
    }
}

// ---------------------------------------------------------------------------------------------
// Card arithmetic (natural cards; a Joker or an Ace answers `false`).

/// Whether natural `card` legally follows natural `under` on a discard pile.
fn follows(card: Card, under: Card) -> bool {
    match (card.value(), card.colour(), under.value(), under.colour()) {
        (Some(v), Some(c), Some(u), Some(uc)) if v >= 2 && u >= 2 && c != uc => {
            v.abs_diff(u) == 1 || (v == 2 && u == 13) || (v == 13 && u == 2)
        }
        _ => false,
    }
}

/// Whether natural `card` could go on a build pile topped by natural `top` (of its colour).
fn builds_on(card: Card, top: Card) -> bool {
    match (card.value(), card.colour(), top.value(), top.colour()) {
        (Some(v), Some(c), Some(t), Some(tc)) if c == tc && (2..=13).contains(&t) => {
            v == 1 || v.abs_diff(t) == 1
        }
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// The evaluator.

/// Finishes the turn in progress (see [`Finish`]) and plays the later turns asked
/// ([`TurnEvaluator::horizon`]), then scores each seat's position as the `heuristic` bot scores
/// the end of its turn: a thousand for each stockpile card played, then the stockpile top's
/// landing spots, a card in hand that bridges to it, a penalty for each opponent whose stockpile
/// top can be played (a large one, if asked, for an opponent about to win), the share of unseen
/// cards the table takes, the hand's size and Jokers, an embargo. A seat's value is linear in
/// its score less `rival` times the best other seat's (`scale` per stockpile card; a half when
/// level with the leader, with `rival` 1), clamped to `[0, 1]`; a finished game gives each
/// winner 1 (every seat 1/4 when nobody won).
#[derive(Debug, Clone)]
pub struct TurnEvaluator {
    weights: Weights,
    finish: Finish,
    /// Whole turns played after the one in progress, and who plays them.
    horizon: u32,
    later: Finish,
    /// The finisher, when it is the heuristic's planner.
    planner: Option<HeuristicBot>,
    legal: Vec<BoAction>,
}

impl TurnEvaluator {
    /// An evaluator with these weights and this finisher.
    pub fn new(weights: Weights, finish: Finish) -> TurnEvaluator {
        TurnEvaluator {
            weights,
            finish,
            horizon: 0,
            later: Finish::Nobody,
            planner: match finish {
                Finish::Heuristic(budget) => Some(HeuristicBot::with_budget(0x5eed, budget)),
                _ => None,
            },
            legal: Vec::new(),
        }
    }

    /// This evaluator, with `who` playing `turns` whole turns after the one in progress before
    /// it scores (none with [`Finish::Nobody`]).
    pub fn horizon(mut self, turns: u32, who: Finish) -> TurnEvaluator {
        self.horizon = if who == Finish::Nobody { 0 } else { turns };
        self.later = who;
        if let (None, Finish::Heuristic(budget)) = (&self.planner, who) {
            self.planner = Some(HeuristicBot::with_budget(0x5eed, budget));
        }
        self
    }

    /// The position this evaluator scores for `state`: `state` with the turn in progress (if a
    /// play of it has been made) finished by the finisher, then `horizon` whole turns played;
    /// `None` if nothing is played (the position is scored as it stands), as when the finisher
    /// is [`Finish::Nobody`] and a turn is in progress.
    pub fn played_out(&mut self, state: &BoState) -> Option<BoState> {
        let mover = state.current_player()?;
        // Who plays the turn in progress: a turn not yet begun is one of the later turns.
        let first = if state.plays() == 0 {
            if self.horizon == 0 {
                return None;
            }
            self.later
        } else {
            self.finish
        };
        // The planner starts afresh for each position, so that its tie-breaks are the same
        // for every move a paired search compares.
        if let Some(planner) = self.planner.as_mut() {
            *planner = HeuristicBot::with_budget(0x5eed, planner.budget());
        }
        let mut s = state.clone();
        let game = if s.bonus() {
            Bo::bonus()
        } else {
            Bo::standard()
        };
        let mut turns = u32::from(state.plays() > 0) + self.horizon;
        let mut seat = mover;
        let mut who = first;
        while turns > 0 {
            let Some(now) = s.current_player() else { break };
            if now != seat {
                turns -= 1;
                seat = now;
                who = self.later;
                if turns == 0 {
                    break;
                }
            }
            if who == Finish::Nobody {
                // Nobody finishes the turn in progress: score it as it stands.
                return None;
            }
            let a = match (who, self.planner.as_mut()) {
                (Finish::Heuristic(_), Some(planner)) => {
                    s.legal_actions(&mut self.legal);
                    if self.legal.len() == 1 {
                        self.legal[0]
                    } else {
                        let observation = s.observation(now);
                        planner.act(&Decision::new(&game, now, &observation, &self.legal))
                    }
                }
                _ => greedy_action(&s),
            };
            s.apply_unchecked(a);
        }
        Some(s)
    }
}

impl Evaluator<Bo> for TurnEvaluator {
    fn values(&mut self, state: &BoState, out: &mut [f64]) {
        match self.played_out(state) {
            Some(s) => turn_values(&s, &self.weights, out),
            None => turn_values(state, &self.weights, out),
        }
    }
}

/// Seat `p`'s score in `s` (see [`TurnEvaluator`]).
fn score(s: &BoState, t: &Table, p: usize, w: &Weights, openness: f64) -> f64 {
    let mut v = -1000.0 * s.stock_len(p) as f64;
    let progress = (0..PLAYERS)
        .filter(|&o| o != p)
        .map(|o| 8usize.saturating_sub(s.stock_len(o)))
        .max()
        .unwrap_or(0)
        .min(4) as f64
        / 4.0;
    v += (w.open[0] + (w.open[1] - w.open[0]) * progress) * openness;
    let top = s.stock_top(p);
    let mut land = 0;
    if let Some(top) = top {
        land = t.spots(top);
        v += w.land[land.min(4) as usize];
    }
    let mut bridge = false;
    let mut jokers = 0;
    let hand = s.hand_counts(p);
    for (y, n) in hand.iter() {
        if y.is_joker() {
            jokers += n;
            continue;
        }
        if let Some(top) = top {
            let yb = card_bit(y);
            if (yb & t.discard != 0 && follows(top, y)) || (yb & t.build != 0 && builds_on(top, y))
            {
                bridge = true;
            }
        }
    }
    if bridge {
        v += w.bridge[usize::from(land > 0)];
    }
    v -= w.hand * hand.len() as f64;
    v += w.joker * f64::from(jokers);
    if s.embargoed_by(p).is_some() {
        v -= w.embargoed;
    }
    let next = (p + 1) % PLAYERS;
    for o in (0..PLAYERS).filter(|&o| o != p) {
        if let Some(ot) = s.stock_top(o) {
            if t.lands(ot) {
                let len = s.stock_len(o);
                let played = 8.0 - len as f64;
                let k = if o == next { w.feed[0] } else { w.feed[1] };
                v -= k * (1.0 + played.max(0.0) / 4.0);
                if len <= 2 {
                    let d = w.danger[len - 1];
                    v -= if o == next { d } else { d / 2.0 };
                }
            }
        }
    }
    v
}

/// Writes each seat's value of `state` into `out` (see [`TurnEvaluator`]).
pub fn turn_values(state: &BoState, w: &Weights, out: &mut [f64]) {
    if state.is_terminal() {
        win_values(&state.winners(), out);
        return;
    }
    let t = Table::new(state);
    // The cards no seat sees but its owner: hands, stockpiles below the tops, the draw pile.
    let mut hidden = [0u16; Card::DISTINCT];
    for p in 0..PLAYERS {
        for (slot, n) in hidden.iter_mut().zip(state.hand_counts(p).counts()) {
            *slot += u16::from(*n);
        }
        let stock = state.stock(p);
        for c in &stock[..stock.len().saturating_sub(1)] {
            hidden[c.index() as usize] += 1;
        }
    }
    for c in state.draw_pile() {
        hidden[c.index() as usize] += 1;
    }
    let open_mask = t.build | t.discard;
    let lands: [bool; Card::DISTINCT] = std::array::from_fn(|k| {
        Card::from_index(k as u8).is_some_and(|c| c.is_joker() || open_mask & card_bit(c) != 0)
    });
    let mut scores = [0.0; PLAYERS];
    for (p, sc) in scores.iter_mut().enumerate() {
        // The share of the cards `p` has not seen that could be played somewhere.
        let mine = state.hand_counts(p).counts();
        let (mut fit, mut all) = (0u32, 0u32);
        for k in 0..Card::DISTINCT {
            let n = u32::from(hidden[k] - u16::from(mine[k]));
            all += n;
            if lands[k] {
                fit += n;
            }
        }
        let openness = if all > 0 {
            f64::from(fit) / f64::from(all)
        } else {
            0.0
        };
        *sc = score(state, &t, p, w, openness);
    }
    for (p, v) in out.iter_mut().enumerate() {
        *v = if w.rival == 0.0 {
            1.0 + w.scale * (scores[p] / 1000.0 - 1.0)
        } else {
            // Relative to the leading opponent: a half when level with it at a fresh deal.
            let best = (0..PLAYERS)
                .filter(|&o| o != p)
                .map(|o| scores[o])
                .fold(f64::NEG_INFINITY, f64::max);
            let lead = scores[p] - w.rival * best;
            0.5 + w.scale * (lead / 1000.0 + (1.0 - w.rival) * STOCK_SIZE as f64)
        }
        .clamp(0.0, 1.0);
    }
}
