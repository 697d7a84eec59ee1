//! Resampling hidden information: this module holds the body of
//! [`Game::resample`](parlour_core::Game::resample) (check an observation, then draw a full
//! position consistent with it), and [`GoSampler`], which draws many such positions from one
//! checked observation, for search.
//!
//! Hands pass one seat per turn, so the observer knows the contents of every hand it has held,
//! less the discards revealed from it since. Only the hands it has not yet seen (in the first
//! turns), the others' unrevealed picks this turn and the twelve set-aside cards are hidden, and
//! only those are redrawn.

use parlour_cards::{standard_deck, Card};
use parlour_core::rng::GameRng;
use parlour_core::search::Sampler;
use parlour_core::{ResampleError, Seat};
use rand::seq::SliceRandom;
use rand::RngExt;

use crate::observation::GoObservation;
use crate::scoring::{best_score, check_grouping};
use crate::state::{
    bit, cards_of, held_turns, mask_of, nth_card, Go, GoState, Mask, Scoring, PLAYERS, SET_ASIDE,
    TURNS,
};

/// A full state consistent with `obs`: everything the observer has seen is kept, and the hands
/// it has not seen, the other seats' unrevealed picks and the set-aside cards are drawn from
/// `rng`. A malformed observation (wrong sizes, repeated cards, histories that do not match the
/// discards made from them) is an error, never a panic.
pub(crate) fn resample(
    obs: &GoObservation,
    scoring: Scoring,
    rng: &mut GameRng,
) -> Result<GoState, ResampleError> {
    let err = |m: &str| Err(ResampleError::inconsistent(m));
    let (s, t) = (obs.seat, obs.turn);
    if s >= PLAYERS
        || t > TURNS
        || obs.discards.len() != PLAYERS
        || obs.discards.iter().any(|d| d.len() != t)
    {
        return err("seat, turn or discard lists do not fit the game");
    }
    if obs.held.len() != held_turns(t) {
        return err("the held-hands history does not fit the turn");
    }
    // Under proposed scoring the seats group in seat order after the last turn: those before
    // the one to act have grouped.
    let grouped = match (&obs.groupings, scoring) {
        (None, Scoring::Best) => 0,
        (Some(g), Scoring::Proposed) if g.len() == PLAYERS => {
            let made = g.iter().take_while(|x| x.is_some()).count();
            if g[made..].iter().any(Option::is_some) {
                return err("a seat has grouped before the seats before it");
            }
            made
        }
        (Some(_), Scoring::Proposed) => return err("the groupings do not fit the table"),
        (None, Scoring::Proposed) => return err("proposed scoring, but no groupings are shown"),
        (Some(_), Scoring::Best) => {
            return err("groupings shown, but the game scores the best partition")
        }
    };
    let current = match obs.current_player {
        Some(c) if c < PLAYERS && t < TURNS && grouped == 0 => c,
        Some(c) if scoring == Scoring::Proposed && t == TURNS && c == grouped => c,
        None if t == TURNS && scoring == Scoring::Best => 0,
        None if t == TURNS && grouped == PLAYERS => PLAYERS,
        _ => return err("the player to act does not fit the turn"),
    };
    if (obs.picked.is_some()) != (t < TURNS && s < current) {
        return err("the observer's pick does not fit the player to act");
    }
    let discard = |j: usize, u: usize| mask_of(&obs.discards[j][u..=u]);
    // Every card named is a distinct standard card, and the held hands fit the turns and the
    // observer's own discards: a hand held at turn u lost one card a turn on its way round.
    let all_cards = obs
        .hand
        .iter()
        .chain(obs.picked.iter())
        .chain(obs.discards.iter().flatten())
        .chain(obs.held.iter().flatten());
    if all_cards.clone().any(|c| c.is_joker()) {
        return err("Comp10001-Go uses no Jokers");
    }
    let mut seen_discards: Mask = 0;
    for &c in obs.discards.iter().flatten() {
        if seen_discards & bit(c) != 0 {
            return err("a card is discarded twice");
        }
        seen_discards |= bit(c);
    }
    for (u, h) in obs.held.iter().enumerate() {
        let m = mask_of(h);
        if h.len() != TURNS - u || m.count_ones() as usize != h.len() {
            return err("a held hand has the wrong size or a repeated card");
        }
        if u < t && m & discard(s, u) == 0 {
            return err("the observer's discard is not from the hand it held");
        }
        if u + PLAYERS < held_turns(t) {
            let mut back = m;
            for k in 0..PLAYERS {
                back &= !discard((s + k) % PLAYERS, u + k);
            }
            if back != mask_of(&obs.held[u + PLAYERS]) {
                return err("a hand held twice does not match the discards made from it");
            }
        }
    }
    if t == TURNS {
        if !obs.hand.is_empty() || obs.picked.is_some() {
            return err("cards in hand after the last turn");
        }
        if let Some(groupings) = &obs.groupings {
            let mut scores = Vec::with_capacity(PLAYERS);
            for (j, g) in groupings.iter().enumerate() {
                if let Some(g) = g {
                    match check_grouping(g, mask_of(&obs.discards[j])) {
                        Ok(score) => scores.push(score),
                        Err(_) => return err("a grouping is not a valid grouping of its discards"),
                    }
                }
            }
            let expected = (grouped == PLAYERS).then_some(scores);
            if obs.scores != expected {
                return err("the final scores are not the groupings' scores");
            }
        } else {
            let expected: Option<Vec<i32>> =
                obs.discards.iter().map(|d| best_score(d).ok()).collect();
            if obs.scores != expected {
                return err("the final scores are not the discards' best scores");
            }
        }
    } else if obs.scores.is_some() {
        return err("scores before the game is over");
    }
    let mut known: [Option<Mask>; PLAYERS] = [None; PLAYERS];
    let mut taken: Mask = 0;
    for d in &obs.discards {
        taken |= mask_of(d);
    }
    if t < TURNS {
        let own = mask_of(&obs.held[t]);
        let now = mask_of(&obs.hand) | obs.picked.map_or(0, bit);
        if own != now {
            return err("the observer's hand and pick disagree with the hand it holds");
        }
        known[s] = Some(own);
        for d in 1..PLAYERS {
            if let Some(u) = t.checked_sub(d) {
                let mut m = mask_of(&obs.held[u]) & !discard(s, u);
                for k in 1..d {
                    m &= !discard((s + k) % PLAYERS, u + k);
                }
                known[(s + d) % PLAYERS] = Some(m);
            }
        }
        for m in known.iter().flatten() {
            if taken & m != 0 {
                return err("a card is both held and discarded");
            }
            taken |= m;
        }
    }
    let all = mask_of(&standard_deck());
    let mut pool = cards_of(all & !taken);
    pool.shuffle(rng);
    let size = TURNS - t;
    let mut hands = [0; PLAYERS];
    let mut pending = [None; PLAYERS];
    for j in 0..PLAYERS {
        if t == TURNS {
            break;
        }
        let mut m = match known[j] {
            Some(m) => m,
            None => {
                if pool.len() < size {
                    return err("too few unseen cards for the hidden hands");
                }
                mask_of(&pool.split_off(pool.len() - size))
            }
        };
        if m.count_ones() as usize != size {
            return err("a hand's size does not fit the turn");
        }
        if j < current {
            let pick = if j == s {
                obs.picked.expect("checked above")
            } else {
                let cards = cards_of(m);
                cards[rng.random_range(0..cards.len())]
            };
            m &= !bit(pick);
            pending[j] = Some(pick);
        }
        hands[j] = m;
    }
    if pool.len() != SET_ASIDE {
        return err("the unseen cards do not leave twelve set aside");
    }
    let mut held = [[0; TURNS]; PLAYERS];
    for (u, h) in obs.held.iter().enumerate() {
        held[s][u] = mask_of(h);
    }
    let mut state = GoState {
        hands,
        pending,
        discards: [[None; TURNS]; PLAYERS],
        held,
        set_aside: mask_of(&pool),
        turn: t as u8,
        current: current as u8,
        scores: [0; PLAYERS],
        decisions: (t * PLAYERS + current) as u64,
        scoring,
        groupings: [None; PLAYERS],
    };
    if let Some(g) = &obs.groupings {
        state.groupings.copy_from_slice(g);
    }
    for j in 0..PLAYERS {
        for (u, &c) in obs.discards[j].iter().enumerate() {
            state.discards[j][u] = Some(c);
        }
    }
    // Other seats' histories: rebuilt from the sampled hands as a setup would.
    for j in (0..PLAYERS).filter(|&j| j != s) {
        state.rebuild_history(j);
    }
    if state.is_over() {
        state.score_all();
    }
    Ok(state)
}

/// Draws determinizations of one observation: checked once by [`Game::resample`]
/// (whose state is the first sample), then each sample redeals the cards the observer has not
/// seen — the hands it has not held, and the twelve set aside — at random among the seats that
/// hold them, and redraws each other seat's unrevealed pick uniformly from its hand: the
/// distribution [`Game::resample`] draws from. Checking and counting are shared between
/// samples, so a sample costs a clone, a partial shuffle and a few mask operations.
///
/// [`Game::resample`]: parlour_core::Game::resample
#[derive(Debug, Clone)]
pub struct GoSampler {
    template: GoState,
    first: Option<GoState>,
    observer: Seat,
    /// Seats whose hands the observer has not seen.
    unseen_seats: Vec<Seat>,
    /// The unseen cards: those hands and the set-aside cards.
    pool: Vec<u8>,
    /// Seats other than the observer that have picked this turn.
    pickers: Vec<Seat>,
}

impl GoSampler {
    /// Checks `obs` (by resampling it once) and prepares to redeal it.
    pub fn new(obs: &GoObservation, rng: &mut GameRng) -> Result<GoSampler, ResampleError> {
        // The groupings are shown exactly when the game is scored the course's way.
        let scoring = if obs.groupings.is_some() {
            Scoring::Proposed
        } else {
            Scoring::Best
        };
        let template = resample(obs, scoring, rng)?;
        let s = obs.seat;
        let t = obs.turn;
        // Hands pass one seat a turn: after t turns the observer has held the hands now at
        // seats s + 1, ..., s + t.
        let unseen_seats: Vec<Seat> = if t >= TURNS {
            Vec::new()
        } else {
            (t + 1..PLAYERS).map(|d| (s + d) % PLAYERS).collect()
        };
        let mut unseen: Mask = template.set_aside;
        for &j in &unseen_seats {
            unseen |= template.hands[j] | template.pending[j].map_or(0, bit);
        }
        let pool = (0..52u8).filter(|&i| unseen & 1 << i != 0).collect();
        let current = if t >= TURNS {
            0
        } else {
            template.current as usize
        };
        let pickers = (0..current).filter(|&j| j != s).collect();
        Ok(GoSampler {
            first: Some(template.clone()),
            template,
            observer: s,
            unseen_seats,
            pool,
            pickers,
        })
    }
}

impl Sampler<Go> for GoSampler {
    fn sample(&mut self, rng: &mut GameRng) -> Result<GoState, ResampleError> {
        if let Some(first) = self.first.take() {
            return Ok(first);
        }
        let mut state = self.template.clone();
        let size = TURNS - state.turn().min(TURNS);
        // A partial shuffle deals the unseen hands; the rest are set aside.
        let pool = &mut self.pool;
        let mut dealt = 0;
        for &j in &self.unseen_seats {
            let mut hand: Mask = 0;
            for _ in 0..size {
                let k = rng.random_range(dealt..pool.len());
                pool.swap(dealt, k);
                hand |= 1 << pool[dealt];
                dealt += 1;
            }
            state.hands[j] = hand;
            state.pending[j] = None;
        }
        state.set_aside = pool[dealt..].iter().fold(0, |m, &i| m | 1 << i);
        for &j in &self.pickers {
            let full = state.hands[j] | state.pending[j].map_or(0, bit);
            let pick = nth_card(full, rng.random_range(0..full.count_ones()));
            state.hands[j] = full & !(1 << pick);
            state.pending[j] = Card::from_index(pick);
        }
        for j in (0..PLAYERS).filter(|&j| j != self.observer) {
            state.rebuild_history(j);
        }
        Ok(state)
    }
}
