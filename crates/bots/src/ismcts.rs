//! Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012), on the core
//! API alone.
//!
//! Each iteration draws a *determinization* — a full state consistent with the searching
//! seat's observation, from [`Game::resample`] — and walks the tree with it: only the actions
//! legal in that determinization are candidates, each child's *availability* counts how often
//! it was a candidate, and selection is UCB1 over availability (ISMCTS's "subset-armed
//! bandit"). A new node is added, the game is played out by a [`Rollout`] policy, and the
//! [`Evaluator`]'s value for every seat is backed up, each node crediting the seat that made its
//! move (max-n).
//!
//! - **Single observer** (SO-ISMCTS): one tree, edges labelled by actions. Opponents' nodes see
//!   the searcher's own earlier actions, even ones the rules hide from them.
//! - **Multiple observer** (MO-ISMCTS): one tree per seat, edges labelled by actions *as that
//!   seat sees them* ([`Game::action_visible`]); a hidden action is one edge. The mover selects
//!   in its own tree, so no seat chooses on what it cannot see (Comp10001-Go's simultaneous
//!   picks).
//!
//! The bot sees only its [`Decision`]: an observation and the legal actions. Determinizations
//! never use hidden information because there is none to use.

use std::time::{Duration, Instant};

use parlour_core::rng::{seeded, GameRng};
use parlour_core::{Bot, Decision, Game, Seat, State};
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

/// The search's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    /// The budget per move.
    pub budget: Budget,
    /// UCB1's exploration constant, for values in `[0, 1]`.
    pub exploration: f64,
    /// Which ISMCTS.
    pub variant: Variant,
    /// The most moves a playout makes before the evaluator judges the position.
    pub max_playout: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            budget: Budget::Iterations(1000),
            exploration: 0.7,
            variant: Variant::SingleObserver,
            max_playout: 10_000,
        }
    }
}

/// Chooses playout moves.
pub trait Rollout<G: Game>: Send {
    /// The move to play in `state` (not terminal).
    fn action(
        &mut self,
        state: &G::State,
        rng: &mut GameRng,
        scratch: &mut Vec<G::Action>,
    ) -> G::Action;
}

/// Uniformly random playouts ([`State::random_action`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomRollout;

impl<G: Game> Rollout<G> for RandomRollout {
    fn action(
        &mut self,
        state: &G::State,
        rng: &mut GameRng,
        scratch: &mut Vec<G::Action>,
    ) -> G::Action {
        state
            .random_action(rng, scratch)
            .expect("a playout move is asked only of a live state")
    }
}

/// Values a position for every seat, each in `[0, 1]` (higher is better).
pub trait Evaluator<G: Game>: Send {
    /// Writes each seat's value of `state` (terminal or where a playout stopped) into `out`.
    fn values(&self, state: &G::State, out: &mut [f64]);
}

/// Win or lose: 1 for each winner of a finished game (shared among several), 0 otherwise; a
/// game stopped before its end scores its seats by their returns so far, best 1, worst 0.
#[derive(Debug, Clone, Copy, Default)]
pub struct WinEvaluator;

impl<G: Game> Evaluator<G> for WinEvaluator {
    fn values(&self, state: &G::State, out: &mut [f64]) {
        out.iter_mut().for_each(|v| *v = 0.0);
        if state.is_terminal() {
            let winners = state.winners();
            if winners.is_empty() {
                let share = 1.0 / out.len() as f64;
                out.iter_mut().for_each(|v| *v = share);
            }
            for &w in &winners {
                out[w] = 1.0 / winners.len() as f64;
            }
            return;
        }
        let returns = state.returns();
        let lo = returns.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        for (v, r) in out.iter_mut().zip(&returns) {
            *v = if hi > lo { (r - lo) / (hi - lo) } else { 0.5 };
        }
    }
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
pub struct IsmctsBot<G: Game> {
    config: Config,
    rng: GameRng,
    rollout: Box<dyn Rollout<G>>,
    evaluator: Box<dyn Evaluator<G>>,
    iterations: u64,
}

impl<G: Game> std::fmt::Debug for IsmctsBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IsmctsBot")
            .field("config", &self.config)
            .finish()
    }
}

impl<G: Game> IsmctsBot<G> {
    /// A searcher with random playouts and win/lose values.
    pub fn new(config: Config, seed: u64) -> IsmctsBot<G> {
        IsmctsBot::with_policies(
            config,
            seed,
            Box::new(RandomRollout),
            Box::new(WinEvaluator),
        )
    }

    /// A searcher with its own playout policy and evaluator.
    pub fn with_policies(
        config: Config,
        seed: u64,
        rollout: Box<dyn Rollout<G>>,
        evaluator: Box<dyn Evaluator<G>>,
    ) -> IsmctsBot<G> {
        IsmctsBot {
            config,
            rng: seeded(seed),
            rollout,
            evaluator,
            iterations: 0,
        }
    }

    /// Iterations run so far (all moves).
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Plays from `state` with the rollout policy until the end or the playout cap.
    fn playout(&mut self, state: &mut G::State, scratch: &mut Vec<G::Action>) {
        let mut moves = 0;
        while !state.is_terminal() && moves < self.config.max_playout {
            let a = self.rollout.action(state, &mut self.rng, scratch);
            state.apply_unchecked(a);
            moves += 1;
        }
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
        let players = d.game.num_players();
        let trees_needed = match self.config.variant {
            Variant::SingleObserver => 1,
            Variant::MultipleObserver => players,
        };
        let mut trees: Vec<Tree<G::Action>> = (0..trees_needed).map(|_| Tree::new()).collect();
        let mut values = vec![0.0; players];
        let mut legal = Vec::new();
        let mut scratch = Vec::new();
        let mut candidates: Vec<u32> = Vec::new();
        let mut untried: Vec<G::Action> = Vec::new();
        let mut paths: Vec<Vec<u32>> = vec![Vec::new(); trees_needed];
        let mut at = vec![0u32; trees_needed];
        let started = Instant::now();
        let mut done = 0u64;
        loop {
            match self.config.budget {
                Budget::Iterations(n) if done >= n => break,
                Budget::Time(t) if done > 0 && started.elapsed() >= t => break,
                _ => {}
            }
            done += 1;
            let Ok(mut state) = d.game.resample(d.observation, &mut self.rng) else {
                break;
            };
            at.iter_mut().for_each(|n| *n = 0);
            for p in paths.iter_mut() {
                p.clear();
                p.push(0);
            }
            // Selection and expansion.
            loop {
                let Some(mover) = state.current_player() else {
                    break;
                };
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
                let (action, expanded) = if untried.is_empty() {
                    let c = Self::select(tree, &candidates, self.config.exploration);
                    (
                        tree.nodes[c as usize]
                            .edge
                            .expect("a chosen edge is visible"),
                        false,
                    )
                } else {
                    let a = untried[self.rng.random_range(0..untried.len())];
                    (a, true)
                };
                // Every tree follows the move as its owner sees it.
                for (owner, tree) in trees.iter_mut().enumerate() {
                    let seen = if trees_needed == 1 || owner == mover {
                        Some(action)
                    } else if d.game.action_visible(mover, &action, owner) {
                        Some(action)
                    } else {
                        None
                    };
                    let next = match tree.child(at[owner], seen) {
                        Some(c) => c,
                        None => {
                            let c = tree.add(at[owner], seen, mover);
                            if owner == own {
                                // A new node starts available once (it was a candidate now).
                                tree.nodes[c as usize].avail += 1;
                            }
                            c
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
            self.playout(&mut state, &mut scratch);
            self.evaluator.values(&state, &mut values);
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
        let mut best: Option<(u32, G::Action)> = None;
        for &a in d.legal {
            if let Some(c) = tree.child(0, Some(a)) {
                let v = tree.nodes[c as usize].visits;
                if best.is_none_or(|(bv, _)| v > bv) {
                    best = Some((v, a));
                }
            }
        }
        best.map_or(d.legal[0], |(_, a)| a)
    }
}

impl<G: Game> Bot<G> for IsmctsBot<G> {
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        self.search(d)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("iterations", self.iterations)]
    }
}
