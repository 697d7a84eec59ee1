//! Comp10001-Bo's own bot: a heuristic that plans its whole turn.
//!
//! The bot sees only its [`BoObservation`]. It copies the table into a small simulation that
//! implements [`View`](crate::rules::View) and keeps, for every pile, the set of cards it takes
//! as a bit mask (a bit per value and colour); it lists plays with the rules' own generator
//! run on that simulation and searches the plays left in its turn depth-first, making and
//! unmaking them.

use parlour_core::choose::{best_scored, draw};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::{Bot, Decision};

use crate::action::BoAction;
use crate::ai::planner::Planner;
use crate::observation::BoObservation;
use crate::rules::Validity;
use crate::state::Bo;

/// Plans each turn from its own observation:
///
/// - searches, depth-first with a node budget and a transposition table, the sequences of the
///   plays left in the turn (at most five); plays after which the turn goes on branch, and
///   turn-ending plays (starting its own discard pile, a restart, an embargo, clearing) are
///   leaves, as are a stockpile play (the next stockpile card is unknown until played) and the
///   fifth play;
/// - scores a line by the stockpile cards it plays (dominant; emptying the stockpile wins),
///   then the position it leaves: how many build and discard piles its stockpile top can land
///   on next turn (or, once that card is played, the share of unseen cards that could land
///   somewhere), whether a card kept in hand bridges to the stockpile top, a penalty for
///   every opponent whose stockpile top could be played, heaviest for the next player and for
///   short stockpiles, and how open the table is (how many cards could be played anywhere):
///   a small plus while the opponents have made no progress, a minus once one of them has
///   played stockpile cards, since an open table then feeds them;
/// - so it typically ends a turn by starting or restarting a discard pile with a card its
///   stockpile top follows, on a pile whose top fed an opponent, and keeps the discard piles
///   that lead to its stockpile top;
/// - in the bonus variant, embargoes the opponent with the smallest stockpile (three cards or
///   fewer) when nothing better ends its turn, and when embargoed plays what it can from its
///   stockpile before clearing the embargo, and values a Joker kept in hand.
///
/// Exact ties are broken by its seeded generator, so it is deterministic given its seed and
/// observations.
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: GameRng,
    /// Node expansions allowed per decision.
    budget: u32,
}

impl HeuristicBot {
    /// A heuristic bot with its seed.
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot::with_budget(seed, BUDGET)
    }

    /// A heuristic bot allowed `budget` node expansions per decision (the `heuristic` bot's is
    /// 100): search playouts use a smaller one.
    pub fn with_budget(seed: u64, budget: u32) -> HeuristicBot {
        HeuristicBot {
            rng: seeded(seed),
            budget,
        }
    }

    /// Node expansions allowed per decision.
    pub fn budget(&self) -> u32 {
        self.budget
    }
}

/// Node expansions allowed per decision (below the root's own plays).
const BUDGET: u32 = 100;

impl HeuristicBot {
    /// Every candidate at the root with its value.
    fn evaluate(&self, obs: &BoObservation) -> Vec<(BoAction, f64)> {
        let mut planner = Planner::new(obs, self.budget);
        let moves = planner.moves();
        let s = planner.summary();
        let mut out = Vec::with_capacity(moves.len());
        // Turn-continuing plays first, most promising first, so the budget goes to them.
        let mut order: Vec<(i32, BoAction, Validity)> = moves
            .iter()
            .map(|&(a, v)| (planner.priority(a), a, v))
            .collect();
        order.sort_by_key(|&(p, _, _)| std::cmp::Reverse(p));
        for (_, a, v) in order {
            let value = match (a, v) {
                (BoAction::Play { card, from, to }, Validity::Continues) => {
                    planner.child_value(card, from, to)
                }
                _ => planner.ending_value(&s, a),
            };
            out.push((a, value));
        }
        out
    }
}

impl Bot<Bo> for HeuristicBot {
    fn act(&mut self, d: &Decision<'_, Bo>) -> BoAction {
        let legal = d.legal;
        if legal.len() == 1 {
            return legal[0];
        }
        let scored = self.evaluate(d.observation());
        // The candidates come in a fixed order, so the tie-break depends only on the seed.
        best_scored(&scored, |a| legal.contains(a), &mut self.rng)
            // Not expected: the simulation offers exactly the legal plays.
            .or_else(|| draw(legal, &mut self.rng))
            .expect("a decision has a legal action")
    }
}
