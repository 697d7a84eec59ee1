//! Phased Out's own bot: a heuristic that collects toward its phase.

use parlour_cards::Card;
use parlour_core::choose::{best_scored, draw};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::{Bot, BotEntry, Decision};

use crate::action::{PhasePlay, PhasedAction};
use crate::finder::find_phase;
use crate::groups::{is_wild, penalty, PhaseType};
use crate::observation::{PhasedObservation, Variant};
use crate::state::Phased;

use super::rollout::{GreedyBot, Policy};

/// The bots Phased Out offers by name (`random` lives in `parlour-bots`).
pub static BOTS: &[BotEntry<Phased>] = &[
    BotEntry {
        name: "heuristic",
        about: "collects toward its phase, takes the discard when it helps, lays as soon as it can, sheds onto the table, discards its least useful high card",
        options: &[],
        make: |seed, _| Ok(Box::new(HeuristicBot::new(seed))),
    },
    BotEntry {
        name: "greedy",
        about: "the search's anchor and playout policy: plays toward its phase by the fewest cards still needed, takes the discard only when that shortens it, lays at once, sheds onto the table, discards what feeds the next seat least",
        options: &[],
        make: |seed, _| Ok(Box::new(GreedyBot::new(seed, Policy::Careful))),
    },
];

/// Plays toward its next phase (in the bonus variant, toward whichever open phase it is closest
/// to):
///
/// - takes the discard when it is a wild, completes a phase, or raises how useful its hand is;
///   otherwise draws;
/// - lays a phase as soon as it can, choosing the play that keeps the least penalty in hand;
/// - then adds cards to groups on the table, highest penalty first;
/// - plays a Joker as a Skip on the seat closest to going out;
/// - otherwise discards the card with the lowest usefulness, breaking ties toward high penalty.
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: GameRng,
}

impl HeuristicBot {
    /// A heuristic bot with its seed.
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot { rng: seeded(seed) }
    }
}

fn open_phases(obs: &PhasedObservation) -> Vec<PhaseType> {
    let done = &obs.phases_done[obs.seat];
    let open = (1..=5u8).filter(|p| !done.contains(p)).map(PhaseType);
    match obs.variant {
        Variant::Bonus => open.collect(),
        Variant::Standard => open.take(1).collect(),
    }
}

/// How much `card` helps toward `phase` given the rest of `hand` (higher is more useful).
fn usefulness(card: Card, hand: &[Card], phase: PhaseType) -> f64 {
    if card.is_joker() {
        return 0.0;
    }
    if is_wild(card) {
        return 100.0;
    }
    let v = card.value().unwrap_or(0);
    let others: Vec<Card> = hand
        .iter()
        .copied()
        .filter(|&c| c != card && !is_wild(c) && !c.is_joker())
        .collect();
    let same_value = others.iter().filter(|c| c.value() == Some(v)).count() as f64;
    let same_suit = others.iter().filter(|c| c.suit() == card.suit()).count() as f64;
    let near = |colour: bool| {
        let mut vals: Vec<u8> = others
            .iter()
            .filter(|c| !colour || c.colour() == card.colour())
            .filter_map(|c| c.value())
            .filter(|&w| w != v && w.abs_diff(v) <= 3)
            .collect();
        vals.sort();
        vals.dedup();
        vals.len() as f64
    };
    match phase.0 {
        1 | 3 => 3.0 * same_value,
        2 => 1.5 * same_suit,
        4 => 1.5 * near(false),
        _ => (1.5 * near(true)).max(3.0 * same_value),
    }
}

fn hand_value(hand: &[Card], phases: &[PhaseType]) -> f64 {
    phases
        .iter()
        .map(|&ph| hand.iter().map(|&c| usefulness(c, hand, ph)).sum::<f64>())
        .fold(0.0, f64::max)
}

impl Bot<Phased> for HeuristicBot {
    fn act(&mut self, d: &Decision<'_, Phased>) -> PhasedAction {
        let obs = d.observation();
        let legal = d.legal;
        let phases = open_phases(obs);
        let hand = &obs.hand;
        if legal.contains(&PhasedAction::Draw) || legal.contains(&PhasedAction::Take) {
            if let (true, Some(&top)) = (legal.contains(&PhasedAction::Take), obs.discard.last()) {
                let mut with = hand.clone();
                with.push(top);
                let helps = is_wild(top)
                    || (!obs.laid[obs.seat]
                        && find_phase(&with, &phases).is_some()
                        && find_phase(hand, &phases).is_none())
                    || hand_value(&with, &phases) > hand_value(hand, &phases) + 2.0;
                if helps || !legal.contains(&PhasedAction::Draw) {
                    return PhasedAction::Take;
                }
            }
            return PhasedAction::Draw;
        }
        // Lay the phase that keeps the least penalty in hand.
        if !obs.laid[obs.seat] {
            if let Some((_, groups)) = find_phase(hand, &phases) {
                if let Some(action) = PhasePlay::new(&groups).map(PhasedAction::Lay) {
                    if legal.contains(&action) {
                        return action;
                    }
                }
            }
        }
        // Shed onto the table, highest penalty first.
        if let Some(add) = legal
            .iter()
            .filter(|a| matches!(a, PhasedAction::Add { .. }))
            .max_by_key(|a| match a {
                PhasedAction::Add { card, .. } => penalty(*card),
                _ => 0,
            })
        {
            return *add;
        }
        // A Joker skips the seat closest to going out.
        let skips: Vec<PhasedAction> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, PhasedAction::Skip(_)))
            .collect();
        if !skips.is_empty() {
            return *skips
                .iter()
                .min_by_key(|a| match a {
                    PhasedAction::Skip(t) => (obs.hand_sizes[*t as usize], !obs.laid[*t as usize]),
                    _ => (usize::MAX, true),
                })
                .unwrap_or(&skips[0]);
        }
        let discards: Vec<Card> = legal
            .iter()
            .filter_map(|a| match a {
                PhasedAction::Discard(c) => Some(*c),
                _ => None,
            })
            .collect();
        if discards.is_empty() {
            return draw(legal, &mut self.rng).expect("a decision has legal actions");
        }
        let keep = |c: Card| -> f64 {
            let u = phases
                .iter()
                .map(|&ph| usefulness(c, hand, ph))
                .fold(0.0, f64::max);
            // Once the phase is down, usefulness no longer matters: shed penalty.
            if obs.laid[obs.seat] {
                -f64::from(penalty(c))
            } else {
                10.0 * u - f64::from(penalty(c))
            }
        };
        // The least worth keeping, ties drawn at random: the best of the negated scores.
        let scored: Vec<(Card, f64)> = discards.iter().map(|&c| (c, -keep(c))).collect();
        let card = best_scored(&scored, |_| true, &mut self.rng)
            .expect("a hand with a discard has a card to discard");
        PhasedAction::Discard(card)
    }
}
