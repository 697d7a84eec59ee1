//! Comp10001-Go's own bot: a heuristic that estimates the final score of each pick.

use parlour_cards::{standard_deck, Card};
use parlour_core::choose::best_scored;
use parlour_core::rng::{seeded, GameRng};
use parlour_core::{Bot, Decision};
use rand::RngExt;

use crate::action::GoAction;
use crate::observation::GoObservation;
use crate::scoring::best_score;
use crate::state::{Go, PLAYERS, TURNS};

/// Weight of denying the next player a card it would gain from.
const DENY: f64 = 0.35;
/// Weight of a value-match still obtainable later (per matching card in circulation).
const PAIR_HOPE: f64 = 0.45;
/// Weight of a run neighbour still obtainable later (per neighbouring card in circulation).
const RUN_HOPE: f64 = 0.12;

/// Picks the card maximising an estimate of its final score:
///
/// - the exact gain now: best score of its discards with the card, minus without it;
/// - the hope of improving later: for each value it would hold (not Aces), the cards of that value
///   still in circulation (in hands now: seen in hands it held and not discarded since, or never
///   seen and not set aside — weighted by the chance they are not among the twelve set aside), and
///   likewise for run neighbours, scaled by how many turns are left;
/// - denial: what the next player, who receives the rest of this hand, would gain from the card.
///
/// Ties are broken by its seeded generator.
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: GameRng,
}

impl HeuristicBot {
    /// A heuristic bot with its seed.
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot { rng: seeded(seed) }
    }

    /// Whether an observation has the shape this bot reads (four seats, a turn within the game,
    /// standard cards); anything else gets a random legal pick instead of a panic.
    fn readable(obs: &GoObservation) -> bool {
        obs.seat < PLAYERS
            && obs.turn <= TURNS
            && obs.discards.len() == PLAYERS
            && obs
                .hand
                .iter()
                .chain(obs.picked.iter())
                .chain(obs.discards.iter().flatten())
                .chain(obs.held.iter().flatten())
                .all(|c| !c.is_joker())
    }

    /// The estimated worth of each card in `obs.hand` (same order).
    pub fn evaluate(obs: &GoObservation) -> Vec<f64> {
        if !Self::readable(obs) {
            return vec![0.0; obs.hand.len()];
        }
        let mine = &obs.discards[obs.seat];
        let next = (obs.seat + 1) % PLAYERS;
        let theirs = &obs.discards[next];
        let base = best_score(mine).unwrap_or(0);
        let their_base = best_score(theirs).unwrap_or(0);
        let circulation = circulation(obs);
        let turns_left = TURNS.saturating_sub(obs.turn).saturating_sub(1) as f64;
        obs.hand
            .iter()
            .map(|&c| {
                let mut with = mine.clone();
                with.push(c);
                let gain = f64::from(best_score(&with).unwrap_or(base) - base);
                let mut their_with = theirs.clone();
                their_with.push(c);
                let deny =
                    f64::from((best_score(&their_with).unwrap_or(their_base) - their_base).max(0));
                let hope = hope(&with, c, &circulation) * turns_left / (TURNS as f64);
                gain + DENY * deny + hope
            })
            .collect()
    }
}

/// For each card, the chance it is still in some hand (0 if seen discarded or in ours).
fn circulation(obs: &GoObservation) -> [f64; 52] {
    let mut p = [0.0; 52];
    let mut out = [false; 52];
    for d in &obs.discards {
        for c in d {
            out[c.index() as usize] = true;
        }
    }
    for c in obs.hand.iter().chain(obs.picked.iter()) {
        out[c.index() as usize] = true;
    }
    // Cards seen in hands this seat held are surely in circulation (unless discarded since).
    let mut seen = [false; 52];
    for h in &obs.held {
        for c in h {
            seen[c.index() as usize] = true;
        }
    }
    // Unseen cards: the other hands hold (4 - seen hands) * size of them, the rest is set aside.
    let unseen: Vec<Card> = standard_deck()
        .into_iter()
        .filter(|c| !out[c.index() as usize] && !seen[c.index() as usize])
        .collect();
    let hidden_hands = PLAYERS.saturating_sub(obs.held.len()) * (TURNS - obs.turn.min(TURNS));
    let chance = if unseen.is_empty() {
        0.0
    } else {
        (hidden_hands as f64 / unseen.len() as f64).min(1.0)
    };
    for c in standard_deck() {
        let i = c.index() as usize;
        if !out[i] {
            p[i] = if seen[i] { 1.0 } else { chance };
        }
    }
    p
}

/// The hope of growing `c` into a bigger group later: N-of-a-kind partners and run neighbours
/// still in circulation, weighted by `c`'s value (an Ace hopes for nothing of its own).
fn hope(with: &[Card], c: Card, circulation: &[f64; 52]) -> f64 {
    let v = c.value().unwrap_or(0);
    if v == 1 {
        return 0.0;
    }
    let same: f64 = standard_deck()
        .into_iter()
        .filter(|d| d.value() == Some(v))
        .map(|d| circulation[d.index() as usize])
        .sum();
    let held_same = with.iter().filter(|d| d.value() == Some(v)).count() as f64;
    let neighbours: f64 = standard_deck()
        .into_iter()
        .filter(|d| {
            d.value()
                .is_some_and(|w| (w == v + 1 || w + 1 == v || w == 1) && d.colour() != c.colour())
        })
        .map(|d| circulation[d.index() as usize])
        .sum();
    PAIR_HOPE * f64::from(v) * same * held_same + RUN_HOPE * f64::from(v) * neighbours
}

impl Bot<Go> for HeuristicBot {
    fn act(&mut self, d: &Decision<'_, Go>) -> GoAction {
        if let Some(GoAction::Group(_)) = d.legal.first() {
            // Under the course's scoring: the best grouping, the first of the legal ones.
            return d.legal[0];
        }
        if !HeuristicBot::readable(d.observation()) {
            return d.legal[self.rng.random_range(0..d.legal.len())];
        }
        let scored: Vec<(GoAction, f64)> = d
            .observation()
            .hand
            .iter()
            .zip(HeuristicBot::evaluate(d.observation()))
            .map(|(&c, v)| (GoAction::Pick(c), v))
            .collect();
        // The best is taken over the whole hand; a hand card that is not legal (a corrupt view)
        // is skipped, and with none left the pick is random.
        match best_scored(&scored, |a| d.legal.contains(a), &mut self.rng) {
            Some(a) => a,
            None => d.legal[self.rng.random_range(0..d.legal.len())],
        }
    }
}
