//! Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012), on the core
//! API alone.
//!
//! Each iteration draws a *determinization* — a full state consistent with the searching
//! seat's observation, from the game's [`Sampler`] (made once per
//! decision by [`GameAi::sampler`], which checks the observation) — and walks the tree with it:
//! only the actions legal in that determinization are candidates, each child's *availability*
//! counts how often it was a candidate, and selection is UCB1 over availability (ISMCTS's
//! "subset-armed bandit"). A new node is added, the game is played out by the game's
//! [`Rollout`](parlour_core::search::Rollout) policy for at most its playout horizon, and the
//! [`Evaluator`](parlour_core::search::Evaluator)'s value for every seat is backed up, each node
//! crediting the seat that made its move (max-n).
//!
//! - **Single observer** (SO-ISMCTS): one tree, edges labelled by actions. Opponents' nodes see
//!   the searcher's own earlier actions, even ones the rules hide from them.
//! - **Multiple observer** (MO-ISMCTS): one tree per seat, edges labelled by actions *as that
//!   seat sees them* ([`Game::action_visible`](parlour_core::Game::action_visible)); a hidden action is one edge. The mover selects
//!   in its own tree, so no seat chooses on what it cannot see (Comp10001-Go's simultaneous
//!   picks).
//!
//! The move played is the root's most visited legal child. A game's tuning may name an
//! *anchor* bot (its heuristic): the anchor's move then stands unless the search's choice has a
//! higher mean value by more than `anchor_z` standard errors, so the search only departs from
//! the heuristic where it has evidence.
//!
//! A game's tuning may instead ask for a **flat, paired root**
//! ([`Root::Paired`]): no tree is
//! grown; each iteration draws one determinization and one playout seed and plays *every* legal
//! move out from it, so the moves are compared on the same cards and the same luck (common random
//! numbers), and the anchor test is on the paired differences. With the playout policy a good
//! model of the table this is rollout-based policy improvement, and it suits games like Uno,
//! where the value of one move over another is a point or two of win probability: a tree's
//! early, near-random choices below the root add more noise than they find. A paired root may
//! spend its rounds by **sequential halving** ([`Root::Halving`]): the anchor's move is played
//! every round and the worse half of the others is dropped phase by phase, so wide roots with
//! costly playouts (Comp10001-Bo's) still give the moves in contention many rounds.
//!
//! The bot sees only its [`Decision`]: an observation and the legal actions. Determinizations
//! never use hidden information because there is none to use; the tests check that its choices
//! are the same from the true state's observation as from a resampled one's.

use std::time::{Duration, Instant};

use parlour_core::rng::{seeded, GameRng};
use parlour_core::search::{playout, PointsEvaluator, Root, Sampler, SearchTuning, WinEvaluator};
use parlour_core::{Bot, Decision, GameAi, Seat, State};
use rand::RngExt;

/// Which ISMCTS.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// One tree (SO-ISMCTS).
    SingleObserver,
    /// One tree per seat (MO-ISMCTS).
    MultipleObserver,
}

/// How much search a move gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations: deterministic from the seed.
    Iterations(u64),
    /// A wall-clock time: does not replay exactly.
    Time(Duration),
}

/// A decision's budget, started when the search is.
struct Running {
    budget: Budget,
    started: Instant,
}

impl Running {
    /// Whether `done` iterations use up the budget (a timed search always makes one).
    fn spent(&self, done: u64) -> bool {
        match self.budget {
            Budget::Iterations(n) => done >= n,
            Budget::Time(t) => done > 0 && self.started.elapsed() >= t,
        }
    }

    /// Whether `done` iterations are still within the share of the budget of the first `phase`
    /// of `phases` equal phases.
    fn within_phase(&self, done: u64, phase: u64, phases: u64) -> bool {
        match self.budget {
            Budget::Iterations(n) => done < n * phase / phases,
            Budget::Time(t) => self.started.elapsed() < t * phase as u32 / phases as u32,
        }
    }
}

/// The search's settings. Anything left `None` comes from the game's
/// [`SearchTuning`].
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Config {
    /// The budget per move (`None`: the game's tuned number of iterations).
    pub budget: Option<Budget>,
    /// UCB1's exploration constant, for values in `[0, 1]`.
    pub exploration: Option<f64>,
    /// Which ISMCTS.
    pub variant: Option<Variant>,
    /// The most moves a playout makes before the evaluator judges the position.
    pub max_playout: Option<u32>,
    /// Ignore the game's tuning: random playouts to the end, win or lose.
    pub plain: bool,
    /// How the root is searched (see [`Root`]).
    pub root: Option<Root>,
    /// What a playout's end is worth (`None`: the game's evaluator).
    pub eval: Option<Eval>,
    /// How clearly the search's move must beat the anchor's to replace it, in standard errors
    /// (`None`: the game's `anchor_z`).
    pub anchor_z: Option<f64>,
}

/// What a playout's end is worth, in place of the game's evaluator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    /// Win or lose ([`WinEvaluator`]).
    Wins,
    /// Each seat's points over the others' mean ([`PointsEvaluator`]).
    Points,
}

/// A node: the move into it, who made it, and its statistics.
#[derive(Debug, Clone)]
struct Node<A> {
    /// The move into this node as the tree's owner saw it (`None`: hidden from the owner;
    /// the root has `None` too).
    edge: Option<A>,
    /// The seat that made the move.
    mover: Seat,
    visits: u32,
    /// Times this node was a candidate for selection.
    avail: u32,
    /// Total value to `mover`.
    reward: f64,
    children: Vec<u32>,
}

/// One search tree.
#[derive(Debug, Clone)]
struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: Copy + PartialEq> Tree<A> {
    fn new() -> Tree<A> {
        Tree {
            nodes: vec![Node {
                edge: None,
                mover: 0,
                visits: 0,
                avail: 0,
                reward: 0.0,
                children: Vec::new(),
            }],
        }
    }

    fn child(&self, node: u32, edge: Option<A>) -> Option<u32> {
        self.nodes[node as usize]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c as usize].edge == edge)
    }

    fn add(&mut self, parent: u32, edge: Option<A>, mover: Seat) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            edge,
            mover,
            visits: 0,
            avail: 0,
            reward: 0.0,
            children: Vec::new(),
        });
        self.nodes[parent as usize].children.push(id);
        id
    }
}

/// The ISMCTS bot.
pub struct IsmctsBot<G: GameAi> {
    config: Config,
    rng: GameRng,
    /// The game's tuning with the config's overrides, made at the first decision.
    tuning: Option<SearchTuning<G>>,
    iterations: u64,
    /// An anchor in place of the tuning's (`Some(None)`: no anchor), set by
    /// [`IsmctsBot::with_anchor`] and moved into the tuning when it is made.
    anchor: Option<Option<Box<dyn Bot<G>>>>,
}

impl<G: GameAi> std::fmt::Debug for IsmctsBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IsmctsBot")
            .field("config", &self.config)
            .field("tuning", &self.tuning)
            .finish()
    }
}

impl<G: GameAi> IsmctsBot<G> {
    /// A searcher with the game's tuning (its playout policy and evaluator), overridden where
    /// `config` says.
    pub fn new(config: Config, seed: u64) -> IsmctsBot<G> {
        IsmctsBot {
            config,
            rng: seeded(seed),
            tuning: None,
            iterations: 0,
            anchor: None,
        }
    }

    /// This searcher with `anchor` in place of the game's anchor bot (`None`: no anchor): the
    /// anchor's move stands unless the search's is clearly better (see the module docs).
    pub fn with_anchor(mut self, anchor: Option<Box<dyn Bot<G>>>) -> IsmctsBot<G> {
        match &mut self.tuning {
            Some(t) => t.anchor = anchor,
            None => self.anchor = Some(anchor),
        }
        self
    }

    /// A searcher with its own tuning (a researcher's playout policy or evaluator, say); the
    /// config's overrides still apply.
    pub fn with_tuning(config: Config, seed: u64, tuning: SearchTuning<G>) -> IsmctsBot<G> {
        let mut bot = IsmctsBot::new(config, seed);
        bot.tuning = Some(bot.overridden(tuning));
        bot
    }

    /// Iterations run so far (all moves).
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// This decision's budget: the config's, else the tuning's iterations; started now.
    fn budget(&self, tuning: &SearchTuning<G>) -> Running {
        Running {
            budget: self
                .config
                .budget
                .unwrap_or(Budget::Iterations(tuning.iterations)),
            started: Instant::now(),
        }
    }

    /// `tuning` with the config's overrides.
    fn overridden(&self, mut tuning: SearchTuning<G>) -> SearchTuning<G> {
        if let Some(c) = self.config.exploration {
            tuning.exploration = c;
        }
        if let Some(m) = self.config.max_playout {
            tuning.max_playout = m;
        }
        if let Some(v) = self.config.variant {
            tuning.tree_per_seat = v == Variant::MultipleObserver;
        }
        if let Some(r) = self.config.root {
            tuning.root = r;
        }
        if let Some(z) = self.config.anchor_z {
            tuning.anchor_z = z;
        }
        match self.config.eval {
            Some(Eval::Wins) => tuning.evaluator = Box::new(WinEvaluator),
            Some(Eval::Points) => tuning.evaluator = Box::new(PointsEvaluator::default()),
            None => {}
        }
        tuning
    }

    /// UCB1 over availability among `candidates` (children of `node` in `tree`); ties go to the
    /// first.
    fn select(tree: &Tree<G::Action>, candidates: &[u32], c: f64) -> u32 {
        let mut best = candidates[0];
        let mut best_score = f64::NEG_INFINITY;
        for &k in candidates {
            let n = &tree.nodes[k as usize];
            let score = n.reward / f64::from(n.visits.max(1))
                + c * (f64::from(n.avail.max(1)).ln() / f64::from(n.visits.max(1))).sqrt();
            if score > best_score {
                best_score = score;
                best = k;
            }
        }
        best
    }

    fn search(&mut self, d: &Decision<'_, G>) -> G::Action {
        if d.legal.len() == 1 {
            return d.legal[0];
        }
        if let Some(a) = d.game.settled(d) {
            return a;
        }
        let mut tuning = match self.tuning.take() {
            Some(t) => t,
            None => {
                let base = if self.config.plain {
                    SearchTuning::plain()
                } else {
                    d.game.search_tuning()
                };
                let mut t = self.overridden(base);
                if let Some(anchor) = self.anchor.take() {
                    t.anchor = anchor;
                }
                t
            }
        };
        let chosen = self.search_with(d, &mut tuning);
        self.tuning = Some(tuning);
        chosen
    }

    fn search_with(&mut self, d: &Decision<'_, G>, tuning: &mut SearchTuning<G>) -> G::Action {
        let players = d.game.num_players();
        let trees_needed = if tuning.tree_per_seat { players } else { 1 };
        // The clock starts before the anchor is asked: a timed search's budget covers its
        // anchor's thinking too (a learned anchor's network, say).
        let budget = self.budget(tuning);
        let anchor_move = tuning
            .anchor
            .as_mut()
            .map(|bot| bot.act(d))
            .filter(|a| d.legal.contains(a));
        // A broken observation leaves nothing to search: the first legal action.
        let Ok(mut sampler) = d.game.sampler(d.observation(), &mut self.rng) else {
            return d.legal[0];
        };
        match tuning.root {
            Root::Tree => {}
            flat => {
                // The anchor's move, by its index among the legal moves.
                let anchor = anchor_move.and_then(|a| d.legal.iter().position(|&b| b == a));
                return if flat == Root::Paired {
                    self.paired(d, tuning, sampler.as_mut(), anchor, budget)
                } else {
                    self.halving(d, tuning, sampler.as_mut(), anchor, budget)
                };
            }
        }
        let mut trees: Vec<Tree<G::Action>> = (0..trees_needed).map(|_| Tree::new()).collect();
        let mut values = vec![0.0; players];
        let mut legal = Vec::new();
        let mut scratch = Vec::new();
        let mut candidates: Vec<u32> = Vec::new();
        let mut untried: Vec<G::Action> = Vec::new();
        let mut paths: Vec<Vec<u32>> = vec![Vec::new(); trees_needed];
        let mut at = vec![0u32; trees_needed];
        let mut done = 0u64;
        loop {
            if budget.spent(done) {
                break;
            }
            done += 1;
            let Ok(mut state) = sampler.sample(&mut self.rng) else {
                break;
            };
            at.iter_mut().for_each(|n| *n = 0);
            for p in paths.iter_mut() {
                p.clear();
                p.push(0);
            }
            // Selection and expansion.
            while let Some(mover) = state.current_player() {
                state.legal_actions(&mut legal);
                let own = if trees_needed == 1 { 0 } else { mover };
                let tree = &mut trees[own];
                let node = at[own];
                candidates.clear();
                untried.clear();
                for &a in &legal {
                    match tree.child(node, Some(a)) {
                        Some(c) => candidates.push(c),
                        None => untried.push(a),
                    }
                }
                for &c in &candidates {
                    tree.nodes[c as usize].avail += 1;
                }
                // The move, and its node in the mover's tree if it has one yet.
                let (action, selected) = if untried.is_empty() {
                    let c = Self::select(tree, &candidates, tuning.exploration);
                    (
                        tree.nodes[c as usize]
                            .edge
                            .expect("a chosen edge is visible"),
                        Some(c),
                    )
                } else {
                    (untried[self.rng.random_range(0..untried.len())], None)
                };
                let expanded = selected.is_none();
                // Every tree follows the move as its owner sees it.
                for (owner, tree) in trees.iter_mut().enumerate() {
                    let next = if owner == own {
                        match selected {
                            Some(c) => c,
                            None => {
                                let c = tree.add(at[owner], Some(action), mover);
                                // A new node starts available once (it was a candidate now).
                                tree.nodes[c as usize].avail += 1;
                                c
                            }
                        }
                    } else {
                        let seen = (owner == mover || d.game.action_visible(mover, &action, owner))
                            .then_some(action);
                        match tree.child(at[owner], seen) {
                            Some(c) => c,
                            None => tree.add(at[owner], seen, mover),
                        }
                    };
                    at[owner] = next;
                    paths[owner].push(next);
                }
                state.apply_unchecked(action);
                if expanded {
                    break;
                }
            }
            // Simulation.
            playout::<G>(
                &mut state,
                tuning.rollout.as_mut(),
                &mut self.rng,
                &mut scratch,
                tuning.max_playout,
            );
            tuning.evaluator.values(&state, &mut values);
            // Backpropagation: each node credits the seat that moved into it.
            for (tree, path) in trees.iter_mut().zip(&paths) {
                for &k in path {
                    let n = &mut tree.nodes[k as usize];
                    n.visits += 1;
                    if k != 0 {
                        n.reward += values[n.mover];
                    }
                }
            }
        }
        self.iterations += done;
        // The most visited of the root's children that are legal now.
        let own = if trees_needed == 1 { 0 } else { d.seat };
        let tree = &trees[own];
        let stats = |a: G::Action| {
            tree.child(0, Some(a)).map(|c| {
                let n = &tree.nodes[c as usize];
                (n.visits, n.reward)
            })
        };
        let mut best: Option<(u32, f64, G::Action)> = None;
        for &a in d.legal {
            if let Some((v, r)) = stats(a) {
                if best.is_none_or(|(bv, _, _)| v > bv) {
                    best = Some((v, r, a));
                }
            }
        }
        let Some((visits, reward, chosen)) = best else {
            return d.legal[0];
        };
        // Keep the anchor's move unless the search's is clearly better.
        if let Some(anchor) = anchor_move {
            if anchor != chosen {
                let (av, ar) = stats(anchor).unwrap_or((0, 0.0));
                if !clearly_better((visits, reward), (av, ar), tuning.anchor_z) {
                    return anchor;
                }
            }
        }
        chosen
    }
}

impl<G: GameAi> IsmctsBot<G> {
    /// The flat, paired search (see [`Root::Paired`]): every legal move is played out from the
    /// same determinization with the same playout seed, round after round, and the move with the
    /// best mean value is chosen; the anchor's move (`anchor`, an index into the legal moves)
    /// stands unless the best is ahead of it by more than `anchor_z` standard errors of the
    /// paired differences.
    fn paired(
        &mut self,
        d: &Decision<'_, G>,
        tuning: &mut SearchTuning<G>,
        sampler: &mut dyn Sampler<G>,
        anchor: Option<usize>,
        budget: Running,
    ) -> G::Action {
        let (k, base) = (d.legal.len(), anchor.unwrap_or(0));
        // Per move: the sum of its values, and the sum of its differences from the base
        // move's value, squared.
        let mut sum = vec![0.0; k];
        let mut square = vec![0.0; k];
        let mut value = vec![0.0; k];
        let mut values = vec![0.0; d.game.num_players()];
        let mut scratch = Vec::new();
        let (mut done, mut rounds) = (0u64, 0u64);
        loop {
            if budget.spent(done) {
                break;
            }
            let Ok(state) = sampler.sample(&mut self.rng) else {
                break;
            };
            let seed: u64 = self.rng.random();
            for (v, &a) in value.iter_mut().zip(d.legal) {
                *v = value_after(tuning, &state, a, seed, d.seat, &mut values, &mut scratch);
            }
            for i in 0..k {
                sum[i] += value[i];
                let diff = value[i] - value[base];
                square[i] += diff * diff;
            }
            done += k as u64;
            rounds += 1;
        }
        self.iterations += done;
        if rounds == 0 {
            return d.legal[base];
        }
        // The best mean; on a tie the base move (the anchor's), then the first.
        let mut best = base;
        for i in 0..k {
            if sum[i] > sum[best] {
                best = i;
            }
        }
        let ahead = paired_ahead(rounds, sum[best] - sum[base], square[best], tuning.anchor_z);
        if anchor.is_some() && best != base && !ahead {
            return d.legal[base];
        }
        d.legal[best]
    }

    /// The paired search by sequential halving (see [`Root::Halving`]). The base move (the
    /// anchor's, or the first legal one) is played every round and every other move is judged by
    /// its paired difference from it. The budget is split evenly into one phase per halving;
    /// each phase plays the moves still in contention round after round (at least once) until
    /// its share is spent, then keeps the better half by mean difference. The last move left
    /// replaces the base only if it is ahead: with an anchor, by more than `anchor_z` standard
    /// errors of its differences.
    fn halving(
        &mut self,
        d: &Decision<'_, G>,
        tuning: &mut SearchTuning<G>,
        sampler: &mut dyn Sampler<G>,
        anchor: Option<usize>,
        budget: Running,
    ) -> G::Action {
        let (k, base) = (d.legal.len(), anchor.unwrap_or(0));
        let mut alive: Vec<usize> = (0..k).filter(|&i| i != base).collect();
        // Per move: rounds played, and the sums of its differences from the base and of
        // their squares.
        let mut rounds = vec![0u64; k];
        let mut sum = vec![0.0; k];
        let mut square = vec![0.0; k];
        let mut values = vec![0.0; d.game.num_players()];
        let mut scratch = Vec::new();
        // One phase per halving of the contenders, down to one.
        let phases = (usize::BITS - (alive.len().max(1) - 1).leading_zeros()).max(1) as u64;
        let mut done = 0u64;
        let mut sampled_out = false;
        let mut play = |state: &G::State, a: G::Action, seed: u64| -> f64 {
            value_after(tuning, state, a, seed, d.seat, &mut values, &mut scratch)
        };
        for phase in 1..=phases {
            // At least one round a phase, then rounds until its share is spent.
            loop {
                let Ok(state) = sampler.sample(&mut self.rng) else {
                    sampled_out = true;
                    break;
                };
                let seed: u64 = self.rng.random();
                let v0 = play(&state, d.legal[base], seed);
                for &i in &alive {
                    let diff = play(&state, d.legal[i], seed) - v0;
                    rounds[i] += 1;
                    sum[i] += diff;
                    square[i] += diff * diff;
                }
                done += 1 + alive.len() as u64;
                if !budget.within_phase(done, phase, phases) {
                    break;
                }
            }
            if sampled_out || alive.len() <= 1 {
                break;
            }
            // Keep the better half, best first (ties keep the rules' order).
            let mean = |i: usize| sum[i] / rounds[i].max(1) as f64;
            alive.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
            alive.truncate(alive.len().div_ceil(2));
        }
        self.iterations += done;
        let best = alive
            .iter()
            .copied()
            .filter(|&i| rounds[i] > 0)
            .max_by(|&a, &b| (sum[a] / rounds[a] as f64).total_cmp(&(sum[b] / rounds[b] as f64)));
        let Some(best) = best else {
            return d.legal[base];
        };
        let ahead = paired_ahead(rounds[best], sum[best], square[best], tuning.anchor_z);
        if sum[best] <= 0.0 || (anchor.is_some() && !ahead) {
            return d.legal[base];
        }
        d.legal[best]
    }
}

/// The value to `seat` of making move `a` in `state` and then the playout from `seed`, as the
/// evaluator judges where it stops.
fn value_after<G: GameAi>(
    tuning: &mut SearchTuning<G>,
    state: &G::State,
    a: G::Action,
    seed: u64,
    seat: Seat,
    values: &mut [f64],
    scratch: &mut Vec<G::Action>,
) -> f64 {
    let mut s = state.clone();
    s.apply_unchecked(a);
    let mut luck = seeded(seed);
    playout::<G>(
        &mut s,
        tuning.rollout.as_mut(),
        &mut luck,
        scratch,
        tuning.max_playout,
    );
    tuning.evaluator.values(&s, values);
    values[seat]
}

/// Whether a move's paired differences from the base move over `rounds` rounds (their sum and
/// the sum of their squares) put it ahead by more than `z` standard errors. A single round has
/// no spread to judge by, so it never does.
fn paired_ahead(rounds: u64, sum: f64, square: f64, z: f64) -> bool {
    if rounds < 2 {
        return false;
    }
    let n = rounds as f64;
    let mean = sum / n;
    let var = (square / n - mean * mean).max(0.0);
    mean > z * (var / (n - 1.0)).sqrt()
}

/// Whether a move seen `b.0` times with total value `b.1` is ahead of one seen `a.0` times with
/// total `a.1` by more than `z` standard errors (values in `[0, 1]`, each mean's variance
/// taken as `q(1 - q) / n`); a move never tried is beaten by any tried one.
fn clearly_better(b: (u32, f64), a: (u32, f64), z: f64) -> bool {
    if a.0 == 0 {
        return b.0 > 0;
    }
    if b.0 == 0 {
        return false;
    }
    let (nb, na) = (f64::from(b.0), f64::from(a.0));
    let (qb, qa) = (b.1 / nb, a.1 / na);
    let var = (qb * (1.0 - qb)).max(1e-6) / nb + (qa * (1.0 - qa)).max(1e-6) / na;
    qb - qa > z * var.sqrt()
}

impl<G: GameAi> Bot<G> for IsmctsBot<G> {
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        self.search(d)
    }

    fn fits(&self, game: &G) -> Result<(), String> {
        let anchor = match (&self.anchor, &self.tuning) {
            (Some(a), _) => a.as_ref(),
            (None, Some(t)) => t.anchor.as_ref(),
            (None, None) => None,
        };
        anchor.map_or(Ok(()), |a| a.fits(game))
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("iterations", self.iterations)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_core::toy::{HighCard, HighCardAction};
    use parlour_core::Game;

    /// Seat 0's first decision of high card for every deal seed below 200 where it holds `card`.
    fn first_decisions(card: u8) -> Vec<(HighCard, <HighCard as Game>::State)> {
        let game = HighCard::new(Default::default()).unwrap();
        (0..200)
            .map(|seed| game.new_game(seed))
            .filter(|s| s.current_player() == Some(0) && s.observation(0).card == card)
            .map(|s| (game.clone(), s))
            .collect()
    }

    /// The search's move for seat 0 in `state`.
    fn choose(
        config: Config,
        tuning: SearchTuning<HighCard>,
        state: &<HighCard as Game>::State,
    ) -> HighCardAction {
        let game = HighCard::new(Default::default()).unwrap();
        let observation = state.observation(0);
        let legal = state.legal_action_vec();
        let mut bot = IsmctsBot::with_tuning(config, 5, tuning);
        bot.act(&Decision::new(&game, 0, &observation, &legal))
    }

    /// A flat root searched `root`'s way, `iterations` playouts a move.
    fn flat(root: Root, iterations: u64) -> Config {
        Config {
            budget: Some(Budget::Iterations(iterations)),
            root: Some(root),
            ..Config::default()
        }
    }

    const FLAT: [Root; 2] = [Root::Paired, Root::Halving];

    /// A bot that always stays.
    struct Stays;
    impl Bot<HighCard> for Stays {
        fn act(&mut self, _: &Decision<'_, HighCard>) -> HighCardAction {
            HighCardAction::Stay
        }
    }

    /// A finished Uno round: its returns, and each seat's value under the points evaluator.
    fn points_of(seed: u64, evaluator: &mut PointsEvaluator) -> (Vec<f64>, Vec<f64>) {
        use parlour_core::search::{Evaluator, RandomRollout};
        use parlour_uno::Uno;
        let game = Uno::new(Default::default()).unwrap();
        let mut state = game.new_game(seed);
        let mut rng = seeded(seed);
        playout::<Uno>(
            &mut state,
            &mut RandomRollout,
            &mut rng,
            &mut Vec::new(),
            u32::MAX,
        );
        assert!(state.is_terminal());
        let mut values = vec![0.0; 4];
        Evaluator::<Uno>::values(evaluator, &state, &mut values);
        (state.returns(), values)
    }

    #[test]
    fn the_points_evaluator_is_linear_in_each_seats_margin_on_one_scale() {
        let mut evaluator = PointsEvaluator::default();
        let mut widest_so_far = 0.0f64;
        for seed in 0..40 {
            let (returns, values) = points_of(seed, &mut evaluator);
            let total: f64 = returns.iter().sum();
            let margin = |s: usize| returns[s] - (total - returns[s]) / 3.0;
            widest_so_far = (0..4)
                .map(margin)
                .fold(widest_so_far, |m, x| m.max(x.abs()));
            for s in 0..4 {
                assert!((0.0..=1.0).contains(&values[s]), "{values:?}");
                // The same scale for every seat: the value is 0.5 plus the margin over twice
                // the widest margin met so far.
                let expected = 0.5 + margin(s) / (2.0 * widest_so_far.max(1.0));
                assert!(
                    (values[s] - expected).abs() < 1e-12,
                    "{values:?} {returns:?}"
                );
            }
            // Margins over the others' mean cancel out, so the values average 0.5.
            assert!((values.iter().sum::<f64>() - 2.0).abs() < 1e-9);
            // A round's winner takes the points; unlike win-or-lose, the size of the win counts.
            let winner = (0..4)
                .max_by(|&a, &b| returns[a].total_cmp(&returns[b]))
                .unwrap();
            assert!(returns[winner] > 0.0 && values[winner] > 0.5);
        }
        // By the end the scale is wide, so a small win is worth less than the widest.
        let (returns, values) = points_of(41, &mut evaluator);
        let best = values.iter().copied().fold(0.0, f64::max);
        assert!(
            best < 1.0 || returns.iter().sum::<f64>() >= widest_so_far,
            "{values:?}"
        );
    }

    /// The plain tuning anchored on [`Stays`], its move replaced at `z` standard errors.
    fn anchored(z: f64) -> SearchTuning<HighCard> {
        let mut t = SearchTuning::plain();
        t.anchor = Some(Box::new(Stays));
        t.anchor_z = z;
        t
    }

    #[test]
    fn flat_roots_keep_the_top_card_and_swap_the_bottom_one() {
        let (sixes, ones) = (first_decisions(6), first_decisions(1));
        assert!(!sixes.is_empty() && !ones.is_empty());
        for root in FLAT {
            for (_, s) in &sixes {
                let a = choose(flat(root, 400), SearchTuning::plain(), s);
                assert_eq!(a, HighCardAction::Stay, "{root:?}");
            }
            for (_, s) in &ones {
                let a = choose(flat(root, 400), SearchTuning::plain(), s);
                assert_eq!(a, HighCardAction::Swap, "{root:?}");
            }
        }
    }

    #[test]
    fn flat_roots_overrule_the_anchor_only_with_evidence() {
        for root in FLAT {
            for (_, s) in &first_decisions(1) {
                // Staying on a 1 always loses: the evidence is overwhelming.
                let a = choose(flat(root, 400), anchored(3.0), s);
                assert_eq!(a, HighCardAction::Swap, "{root:?}");
                // One round of playouts gives no standard error to speak of: the anchor stands.
                let a = choose(flat(root, 2), anchored(3.0), s);
                assert_eq!(a, HighCardAction::Stay, "{root:?}");
            }
            // On a 6 the anchor's stay is right, and no evidence overrules it.
            for (_, s) in &first_decisions(6) {
                let a = choose(flat(root, 400), anchored(0.0), s);
                assert_eq!(a, HighCardAction::Stay, "{root:?}");
            }
        }
    }

    #[test]
    fn the_configs_anchor_z_overrides_the_tunings() {
        let tree = |z: f64| Config {
            budget: Some(Budget::Iterations(400)),
            anchor_z: Some(z),
            ..Config::default()
        };
        for (_, s) in &first_decisions(1) {
            // Staying on a 1 always loses; the tuning's z would overrule the anchor, the
            // config's does not.
            assert_eq!(choose(tree(1e9), anchored(0.0), s), HighCardAction::Stay);
            assert_eq!(choose(tree(0.0), anchored(1e9), s), HighCardAction::Swap);
        }
    }

    #[test]
    fn flat_roots_count_a_playout_per_move_as_an_iteration() {
        let (_, s) = &first_decisions(3)[0];
        let game = HighCard::new(Default::default()).unwrap();
        let observation = s.observation(0);
        let legal = s.legal_action_vec();
        for root in FLAT {
            let mut bot = IsmctsBot::with_tuning(flat(root, 100), 5, SearchTuning::plain());
            bot.act(&Decision::new(&game, 0, &observation, &legal));
            // Two moves a round (with halving, the base and its one contender): 50 rounds.
            assert_eq!(bot.iterations(), 100, "{root:?}");
        }
    }
}
