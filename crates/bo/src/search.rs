//! What Comp10001-Bo lends information-set search: a greedy playout policy, an evaluator of
//! progress for playouts cut short, and (in [`crate::game`]) a sampler that checks an
//! observation once and then deals many determinizations.
//!
//! Random playouts of Comp10001-Bo are long and say little (random play hardly ever empties a
//! stockpile), so the search plays a few turns with [`GreedyRollout`] and lets
//! [`ProgressEvaluator`] judge where it stops.

use parlour_cards::Card;
use parlour_core::rng::GameRng;
use parlour_core::search::{win_values, Evaluator, Rollout, SearchTuning};
use parlour_core::State;
use rand::RngExt;

use crate::game::{Bo, BoState};
use crate::rules::{for_each_valid, BoAction, Source, Target, Validity, View, PLAYERS};

/// The numbers behind Comp10001-Bo's search tuning.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchParams {
    /// UCB1's exploration constant.
    pub exploration: f64,
    /// Moves a playout makes before the evaluator judges the position.
    pub max_playout: u32,
    /// The share of random moves in a playout.
    pub explore: f64,
    /// The evaluator's sharpness: a seat's value is a softmax of its progress times this.
    pub sharpness: f64,
    /// Progress (in stockpile cards) a seat's stockpile top is worth when it can be played now.
    pub top_lands: f64,
    /// How far the evaluator first plays on greedily: 0 not at all, 1 to the end of the turn
    /// in progress, 2 on to the next turn of the seat that moved last.
    pub look_ahead: u32,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            exploration: 0.3,
            max_playout: 20,
            explore: 0.05,
            sharpness: 1.0,
            top_lands: 0.5,
            look_ahead: 2,
        }
    }
}

/// The tuning [`Bo`] gives ISMCTS (see [`SearchParams::default`]).
pub fn tuning() -> SearchTuning<Bo> {
    tuning_with(SearchParams::default())
}

/// A tuning with these numbers: greedy playouts of `max_playout` moves, judged by progress.
pub fn tuning_with(p: SearchParams) -> SearchTuning<Bo> {
    SearchTuning {
        about: "greedy playouts (stockpile first, then plays that free it, end the turn leaving it a place and the next seat none) cut short and judged by stockpile cards left",
        rollout: Box::new(GreedyRollout { explore: p.explore }),
        evaluator: Box::new(ProgressEvaluator {
            sharpness: p.sharpness,
            top_lands: p.top_lands,
            look_ahead: p.look_ahead,
        }),
        exploration: p.exploration,
        max_playout: p.max_playout,
        tree_per_seat: false,
    }
}

// ---------------------------------------------------------------------------------------------
// Card arithmetic (natural cards; a Joker or an Ace answers `false`, which only makes the
// greedy policy a little less clever about them).

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
        (Some(v), Some(c), Some(t), Some(tc)) if c == tc => v == 1 || v.abs_diff(t) == 1,
        _ => false,
    }
}

/// Whether `card` can be played on some pile of `s` now (a build pile, or a discard pile it
/// follows).
fn lands(s: &BoState, card: Card) -> bool {
    (0..4).any(|i| s.build(i).fit(card).is_ok())
        || (0..PLAYERS).any(|o| {
            (0..4).any(|i| {
                let d = s.discard(o, i);
                !d.is_empty() && d.fit(card) == crate::piles::DiscardFit::Follows
            })
        })
}

/// How many piles `card` could be played on now: build piles that take it, and non-empty
/// discard piles it follows.
pub fn landing_spots(s: &BoState, card: Card) -> u32 {
    let mut n = (0..4).filter(|&i| s.build(i).fit(card).is_ok()).count() as u32;
    if card.value() != Some(1) {
        for o in 0..PLAYERS {
            for i in 0..4 {
                let d = s.discard(o, i);
                if !d.is_empty() && d.fit(card) == crate::piles::DiscardFit::Follows {
                    n += 1;
                }
            }
        }
    }
    n
}

/// Features of one seat for the win model, at the start of a turn: which describe the seat's
/// stockpile, its turn distance from the seat to act, and where its stockpile top could go.
pub const SEAT_FEATURES: usize = 22;
/// Features of the position for "nobody wins".
pub const NONE_FEATURES: usize = 5;

/// The win model's features of seat `p` in `s`, whose seat to act is `mover` (see
/// [`SEAT_FEATURES`]).
pub fn seat_features(s: &BoState, mover: usize, p: usize) -> [f64; SEAT_FEATURES] {
    let mut x = [0.0; SEAT_FEATURES];
    let d = (p + PLAYERS - mover) % PLAYERS;
    let len = s.stock_len(p).clamp(1, 8);
    x[len - 1] = 1.0;
    if d > 0 {
        x[7 + d] = 1.0;
        x[16 + d] = len as f64 / 8.0;
    }
    let lands = s.stock_top(p).map_or(0, |t| landing_spots(s, t));
    let some = f64::from(u8::from(lands > 0));
    let capped = f64::from(lands.min(3)) / 3.0;
    let one = f64::from(u8::from(len == 1 && lands > 0));
    if d == 0 {
        x[11] = some;
        x[12] = capped;
        x[15] = one;
        // The hand: cards that go on a build pile now, and a card that bridges to the top.
        let mut playable = 0;
        let mut bridge = false;
        let top = s.stock_top(p);
        for c in parlour_cards::Card::all() {
            if s.hand_count(p, c) == 0 {
                continue;
            }
            let on_build = (0..4).any(|i| s.build(i).fit(c).is_ok());
            if on_build {
                playable += 1;
            }
            if let Some(t) = top {
                if lands == 0
                    && (on_build && builds_on(t, c) || follows(t, c) && landing_spots(s, c) > 0)
                {
                    bridge = true;
                }
            }
        }
        x[20] = f64::from(playable.min(3)) / 3.0;
        x[21] = f64::from(u8::from(bridge));
    } else {
        x[13] = some;
        x[14] = capped;
        x[16] = one;
    }
    x
}

/// The win model's features of "nobody wins" in `s` (see [`NONE_FEATURES`]).
pub fn none_features(s: &BoState) -> [f64; NONE_FEATURES] {
    let r = f64::from(s.turns().iter().map(|&t| u32::from(t)).sum::<u32>()) / 80.0;
    let min = (0..PLAYERS).map(|p| s.stock_len(p)).min().unwrap_or(0) as f64 / 8.0;
    [
        1.0,
        r,
        r * r,
        min,
        f64::from(u8::from(s.draw_pile().is_empty())),
    ]
}

/// A card that, after a play of `card` to `to`, is newly on top where a pile can be read.
fn new_landing(top: Card, card: Card, to: Target, completes: bool) -> bool {
    match to {
        Target::Build(_) => {
            if completes {
                matches!(top.value(), Some(2 | 13)) || top.is_joker()
            } else {
                builds_on(top, card)
            }
        }
        Target::Discard { .. } => follows(top, card),
    }
}

/// The greedy playout policy, reading the sampled state directly. It scores every valid play:
/// a stockpile play above all; then plays that give the stockpile top somewhere to go; hand and
/// discard cards to build piles; plays that keep the turn going; and, to end the turn, a card
/// that the stockpile top will follow and the next seat's will not. Ties go to the first in
/// the rules' order. With probability `explore` it plays a random valid move instead.
#[derive(Debug, Clone, Copy)]
pub struct GreedyRollout {
    /// The share of random moves.
    pub explore: f64,
}

/// The greedy policy's choice in `s` (not terminal).
pub fn greedy_action(s: &BoState) -> BoAction {
    let Some(seat) = s.current_player() else {
        return BoAction::NoPlay;
    };
    let my_top = s.stock_top(seat);
    let next = (seat + 1) % PLAYERS;
    let tops: [Option<Card>; PLAYERS] = std::array::from_fn(|p| s.stock_top(p));
    let mut best = BoAction::NoPlay;
    let mut best_score = i32::MIN;
    for_each_valid(s, seat, |a, validity| {
        let score = score_play(s, seat, next, my_top, &tops, a, validity);
        if score > best_score {
            best_score = score;
            best = a;
        }
        false
    });
    best
}

fn score_play(
    s: &BoState,
    seat: usize,
    next: usize,
    my_top: Option<Card>,
    tops: &[Option<Card>; PLAYERS],
    a: BoAction,
    validity: Validity,
) -> i32 {
    let (card, from, to) = match a {
        BoAction::Play { card, from, to } => (card, from, to),
        BoAction::Embargo(_) => return 30,
        BoAction::Clear => return 15,
        BoAction::NoPlay => return 0,
    };
    if from == Source::Stock {
        return 1000 + i32::from(matches!(to, Target::Build(_)));
    }
    let completes = match to {
        Target::Build(i) => s.build(i as usize).fit(card) == Ok(crate::piles::BuildFit::Completes),
        Target::Discard { .. } => false,
    };
    let mut score = match (from, to, validity) {
        (_, _, Validity::EndsTurn) => 10,
        (Source::Hand, Target::Build(_), _) => 60,
        (_, Target::Build(_), _) => 50,
        (Source::Hand, Target::Discard { .. }, _) => 20,
        _ => 5,
    };
    if let Some(top) = my_top {
        if new_landing(top, card, to, completes) {
            score += 200;
        }
        if let Source::Discard { owner, pile } = from {
            let d = s.discard(owner as usize, pile as usize);
            if d.cards()
                .nth_back(1)
                .is_some_and(|under| follows(top, under))
            {
                score += 200;
            }
        }
    }
    if let Target::Discard { .. } = to {
        for (p, t) in tops.iter().enumerate() {
            if p == seat {
                continue;
            }
            if let Some(t) = *t {
                if follows(t, card) {
                    score -= if p == next { 60 } else { 25 };
                }
            }
        }
    }
    score
}

impl Rollout<Bo> for GreedyRollout {
    fn action(
        &mut self,
        state: &BoState,
        rng: &mut GameRng,
        scratch: &mut Vec<BoAction>,
    ) -> BoAction {
        if self.explore > 0.0 && rng.random_bool(self.explore) {
            state.legal_actions(scratch);
            return scratch[rng.random_range(0..scratch.len())];
        }
        greedy_action(state)
    }
}

/// Judges a position by each seat's progress: the stockpile cards it has played, and a part of
/// a card when its stockpile top can be played now; a seat's value is the softmax of
/// `sharpness` times its progress over the four seats. A finished game gives each winner 1
/// (and every seat 1/4 when nobody won).
#[derive(Debug, Clone, Copy)]
pub struct ProgressEvaluator {
    /// How sharply a lead in progress becomes a lead in value.
    pub sharpness: f64,
    /// What a stockpile top that can be played now is worth, in stockpile cards.
    pub top_lands: f64,
    /// How far to play on greedily first (see [`SearchParams::look_ahead`]).
    pub look_ahead: u32,
}

/// `state` played on by the greedy policy: `0` plays nothing, `1` finishes the turn in
/// progress, `2` also plays the other seats' turns up to the next turn of the seat that moved
/// last (the one whose turn is in progress, or whose turn just ended).
fn look_ahead(state: &BoState, how: u32) -> BoState {
    let mut s = state.clone();
    let Some(mover) = s.current_player() else {
        return s;
    };
    if how == 0 {
        return s;
    }
    let reference = if s.plays() > 0 {
        mover
    } else {
        (mover + PLAYERS - 1) % PLAYERS
    };
    let stop_at = if how == 1 {
        if s.plays() == 0 {
            return s;
        }
        (mover + 1) % PLAYERS
    } else {
        reference
    };
    let mut moved = false;
    while let Some(q) = s.current_player() {
        if q == stop_at && s.plays() == 0 && (moved || q != mover) {
            break;
        }
        let a = greedy_action(&s);
        s.apply_unchecked(a);
        moved = true;
    }
    s
}

impl Evaluator<Bo> for ProgressEvaluator {
    fn values(&mut self, state: &BoState, out: &mut [f64]) {
        if self.look_ahead > 0 && state.current_player().is_some() {
            let s = look_ahead(state, self.look_ahead);
            return self.judge(&s, out);
        }
        self.judge(state, out);
    }
}

impl ProgressEvaluator {
    fn judge(&self, state: &BoState, out: &mut [f64]) {
        if state.is_terminal() {
            win_values(&state.winners(), out);
            return;
        }
        if self.sharpness == 0.0 {
            return model_values(state, out);
        }
        if self.sharpness < 0.0 {
            // Own position only: a seat's odds against a fixed field.
            let mover = state.current_player().unwrap_or(0);
            for (p, v) in out.iter_mut().enumerate() {
                let x = seat_features(state, mover, p);
                let u: f64 = x.iter().zip(&SEAT_WEIGHTS).map(|(a, b)| a * b).sum();
                *v = u.exp() / (u.exp() + -self.sharpness);
            }
            return;
        }
        let mut total = 0.0;
        for (p, v) in out.iter_mut().enumerate() {
            let mut progress = -(state.stock_len(p) as f64);
            if let Some(top) = state.stock_top(p) {
                if lands(state, top) {
                    progress += self.top_lands;
                }
            }
            *v = (self.sharpness * progress).exp();
            total += *v;
        }
        for v in out.iter_mut() {
            *v /= total;
        }
    }
}

const SEAT_WEIGHTS: [f64; SEAT_FEATURES] = [
    2.575, 1.854, 1.180, 0.669, 0.031, -0.376, -0.934, -1.268, -0.016, -0.197, -0.417, 1.267,
    -0.461, -0.007, 0.793, 1.779, 0.408, 0.141, 0.289, 0.444, 0.094, 0.763,
];
const NONE_WEIGHTS: [f64; NONE_FEATURES] = [-3.491, 4.989, 3.402, 1.112, -0.319];

/// The win model's chances: each seat's chance of winning, plus an equal share of the chance
/// that nobody wins.
pub fn model_values(state: &BoState, out: &mut [f64]) {
    let mover = state.current_player().unwrap_or(0);
    let mut u = [0.0; PLAYERS + 1];
    for (p, slot) in u.iter_mut().enumerate().take(PLAYERS) {
        let x = seat_features(state, mover, p);
        *slot = x.iter().zip(&SEAT_WEIGHTS).map(|(a, b)| a * b).sum();
    }
    let y = none_features(state);
    u[PLAYERS] = y.iter().zip(&NONE_WEIGHTS).map(|(a, b)| a * b).sum();
    let m = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut total = 0.0;
    for x in u.iter_mut() {
        *x = (*x - m).exp();
        total += *x;
    }
    let none = u[PLAYERS] / total / PLAYERS as f64;
    for (p, v) in out.iter_mut().enumerate() {
        *v = u[p] / total + none;
    }
}
