//! What Uno lends information-set search: a fast greedy playout policy (and a state-based copy
//! of the heuristic, for researchers), and a sampler that checks an observation once and then
//! deals many determinizations.

use parlour_core::rng::GameRng;
use parlour_core::search::{explore_or, Rollout, Root, SearchTuning, WinEvaluator};

use rand::RngExt;

use crate::action::UnoAction;
use crate::ai::heuristic::{keeps_drawn_wild, score_play, unseen_colours, HeuristicBot};
use crate::card::{Card, Color};
use crate::state::{playable_mask, Phase, Uno, UnoState};

/// The tuning [`Uno`] gives ISMCTS: a flat, paired root
/// ([`Root::Paired`]) with greedy
/// playouts to the end of the round, win or lose, 6,000 playouts a move, and the heuristic bot
/// as anchor: its move stands unless another is ahead on the paired playouts by more than one
/// standard error.
///
/// Uno is mostly luck, and the edge over the heuristic is small: this tuning took 51.2% of the
/// wins against it over 9,600 duplicate-deal games (50.2–52.2%), and 51.3% over 2,400
/// (49.3–53.3%). Grown trees with random, greedy or heuristic playouts, anchored or not, at
/// 2,000 to 8,000 iterations, took 43–51% in smaller matches, and 20,000 paired playouts 50.4%
/// (`docs/strength.md` has them all). It costs about 13 ms a move.
pub fn tuning() -> SearchTuning<Uno> {
    SearchTuning {
        about: "flat, paired: every move played out greedily from the same deals to the end of the round, win or lose; the heuristic's move stands unless clearly beaten",
        rollout: Box::new(GreedyRollout { explore: 0.0 }),
        evaluator: Box::new(WinEvaluator),
        iterations: 6000,
        exploration: 0.7,
        max_playout: u32::MAX,
        tree_per_seat: false,
        anchor: Some(Box::new(HeuristicBot::new(0))),
        anchor_z: 1.0,
        root: Root::Paired,
    }
}

/// Plays the heuristic bot's moves ([`HeuristicBot`], read from the state), with
/// probability `explore` a random legal move instead.
#[derive(Debug, Clone, Copy)]
pub struct HeuristicRollout {
    /// The share of random moves.
    pub explore: f64,
}

impl Rollout<Uno> for HeuristicRollout {
    fn action(
        &mut self,
        state: &UnoState,
        rng: &mut GameRng,
        scratch: &mut Vec<UnoAction>,
    ) -> UnoAction {
        explore_or::<Uno>(state, self.explore, rng, scratch, |rng| {
            heuristic_action(state, rng)
        })
    }
}

/// A cheap Uno player for playouts, reading the state directly: it plays a drawn card when it
/// fits (calling its strongest colour for a wild), otherwise plays the coloured card whose colour
/// it holds most kinds of (ties to the highest in kind order), keeps wilds until nothing else
/// fits, and draws only when it must. With probability `explore` it plays a random legal move
/// instead, so that playouts do not all follow one line.
#[derive(Debug, Clone, Copy)]
pub struct GreedyRollout {
    /// The share of random moves.
    pub explore: f64,
}

impl Rollout<Uno> for GreedyRollout {
    fn action(
        &mut self,
        state: &UnoState,
        rng: &mut GameRng,
        scratch: &mut Vec<UnoAction>,
    ) -> UnoAction {
        explore_or::<Uno>(state, self.explore, rng, scratch, |_| greedy_action(state))
    }
}

/// The greedy playout move (see [`GreedyRollout`]) for a hand of the kinds in `hand_mask`, of
/// which `playable` fit, having just drawn `drawn` (if so).
pub(crate) fn greedy(hand_mask: u64, playable: u64, drawn: Option<Card>) -> UnoAction {
    let per_colour = |m: u64| -> [u32; 4] {
        let mut k = [0u32; 4];
        for (c, v) in k.iter_mut().enumerate() {
            *v = (m & (0x1FFF << (c * 13))).count_ones();
        }
        k
    };
    let strongest = |m: u64| -> Color {
        let k = per_colour(m);
        let mut best = 0;
        for c in 1..4 {
            if k[c] > k[best] {
                best = c;
            }
        }
        Color::ALL[best]
    };
    if let Some(card) = drawn {
        if playable & (1 << card.index()) == 0 {
            return UnoAction::Pass;
        }
        return if card.is_wild() {
            UnoAction::Wild(card, strongest(hand_mask))
        } else {
            UnoAction::Play(card)
        };
    }
    let coloured = playable & ((1 << 52) - 1);
    if coloured != 0 {
        let k = per_colour(hand_mask);
        let mut best = None;
        let mut best_key = 0;
        let mut m = coloured;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let key = k[i / 13] * 64 + i as u32;
            if best.is_none() || key > best_key {
                best = Some(i);
                best_key = key;
            }
        }
        let card = Card::from_index(best.expect("a coloured card fits")).expect("a kind");
        return UnoAction::Play(card);
    }
    if playable != 0 {
        let card = Card::from_index(playable.trailing_zeros() as usize).expect("a kind");
        return UnoAction::Wild(card, strongest(hand_mask));
    }
    UnoAction::Draw
}

/// The greedy playout move ([`GreedyRollout`]); the game must not be over.
pub(crate) fn greedy_action(state: &UnoState) -> UnoAction {
    let hand = state.hands[state.current as usize].mask;
    let playable = hand & playable_mask(state.up_card(), state.called);
    match state.phase {
        Phase::Drawn(card) => greedy(hand, playable, Some(card)),
        _ => greedy(hand, playable, None),
    }
}

/// The heuristic bot's move ([`HeuristicBot`]), read straight from the state for playouts: the
/// same scores, ties broken by `rng`. The game must not be over.
pub(crate) fn heuristic_action(state: &UnoState, rng: &mut GameRng) -> UnoAction {
    let p = state.current as usize;
    let hand = &state.hands[p];
    let playable = hand.mask & playable_mask(state.up_card(), state.called);
    let candidates = match state.phase {
        Phase::Drawn(card) => {
            if playable & (1 << card.index()) == 0
                || (card.is_wild() && keeps_drawn_wild(usize::from(hand.len)))
            {
                return UnoAction::Pass;
            }
            if !card.is_wild() {
                return UnoAction::Play(card);
            }
            1u64 << card.index()
        }
        _ if playable == 0 => return UnoAction::Draw,
        _ => playable,
    };
    let unseen = unseen_colours(&hand.counts, state.discard.as_slice());
    let next_size = usize::from(state.hands[state.step(state.current, 1) as usize].len);
    let mut best = UnoAction::Draw;
    let mut best_score = f64::NEG_INFINITY;
    let mut ties = 0u32;
    let mut m = candidates;
    while m != 0 {
        let card = Card::from_index(m.trailing_zeros() as usize).expect("mask bits are kinds");
        m &= m - 1;
        let colours: &[Color] = match card.color() {
            Some(_) => &[],
            None => &Color::ALL,
        };
        let plays = card
            .color()
            .map(|c| (UnoAction::Play(card), c))
            .into_iter()
            .chain(colours.iter().map(|&c| (UnoAction::Wild(card, c), c)));
        for (action, col) in plays {
            let s = score_play(&hand.counts, card, col, next_size, &unseen);
            if s > best_score + 1e-9 {
                best = action;
                best_score = s;
                ties = 1;
            } else if (s - best_score).abs() <= 1e-9 {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = action;
                }
            }
        }
    }
    best
}
