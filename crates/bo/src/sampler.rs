//! Resampling hidden information: a full state consistent with what one seat has seen
//! ([`Game::resample`](parlour_core::Game::resample)'s body), and the sampler that checks an
//! observation once and then draws many such states, for search.

use parlour_cards::{Card, CardCounts};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::search::Sampler;
use parlour_core::ResampleError;
use rand::seq::SliceRandom;
use rand::RngExt;

use crate::action::{BUILD_PILES, DISCARD_PILES, PLAYERS};
use crate::observation::BoObservation;
use crate::piles::{BuildPile, DiscardPile};
use crate::rules::Variant;
use crate::state::{Bo, BoState, HAND_SIZE, MAX_DECISIONS, MAX_PLAYS, MAX_TURNS};

/// A full state consistent with `obs`. The face-down stockpile cards are drawn from the cards
/// the observer has never seen (a stockpile never takes a card in); the other hands and the draw
/// pile get the observer's recycled cards plus more unseen cards; every pile's order is random;
/// the state's generator is reseeded, so later shuffles are new too.
pub(crate) fn resample(
    game: &Bo,
    obs: &BoObservation,
    rng: &mut GameRng,
) -> Result<BoState, ResampleError> {
    BoSampler::new(game, obs)?.draw(rng)
}

/// Draws many states consistent with one observation (see [`resample`], which is one check and
/// one draw of this): the observation is checked and the never-seen cards are counted once, and
/// each draw makes exactly [`resample`]'s random choices, so it gives the same state from the
/// same generator.
#[derive(Debug, Clone)]
pub(crate) struct BoSampler<'a> {
    obs: &'a BoObservation,
    bonus: bool,
    /// Cards the observer has never seen (neither on the table, in its hand nor recycled), in
    /// card order.
    never_seen: Vec<Card>,
    /// Cards in the other hands and the draw pile together.
    needed: usize,
    hand: CardCounts,
    recycled: CardCounts,
    build: [BuildPile; BUILD_PILES],
    discards: [[DiscardPile; DISCARD_PILES]; PLAYERS],
}

impl<'a> BoSampler<'a> {
    /// Checks `obs` against the game and counts its never-seen cards.
    pub(crate) fn new(game: &Bo, obs: &'a BoObservation) -> Result<BoSampler<'a>, ResampleError> {
        let err = |m: &str| Err(ResampleError::inconsistent(m));
        let n = PLAYERS;
        if obs.seat >= n {
            return Err(ResampleError::NoSuchSeat {
                seat: obs.seat,
                players: n,
            });
        }
        if [
            obs.hand_sizes.len(),
            obs.stock_tops.len(),
            obs.stock_sizes.len(),
            obs.discards.len(),
            obs.holds_embargo.len(),
            obs.embargoed_by.len(),
            obs.turns.len(),
        ]
        .iter()
        .any(|&l| l != n)
            || obs.build.len() != BUILD_PILES
            || obs.discards.iter().any(|d| d.len() != DISCARD_PILES)
            || obs.current_player.is_some_and(|c| c >= n)
            || obs.current_player.is_none() != obs.outcome.is_some()
        {
            return err("the observation does not fit a four-seat table");
        }
        let bonus = obs.variant == Variant::Bonus;
        if bonus != game.is_bonus() {
            return err("the observation is for the other variant");
        }
        if obs.hand.len() != obs.hand_sizes[obs.seat]
            || obs.hand_sizes.iter().any(|&h| h > HAND_SIZE)
            || obs.stock_sizes.iter().any(|&s| s > 108)
            || obs.draw > 108
            // A win on a turn's last play leaves that play counted in the final position.
            || obs.plays > MAX_PLAYS
            || (obs.plays == MAX_PLAYS && obs.outcome.is_none())
            || obs.turns.iter().any(|&t| t > MAX_TURNS)
            || obs.decisions > MAX_DECISIONS
        {
            return err("a size or counter is out of range");
        }
        for p in 0..n {
            if (obs.stock_sizes[p] == 0) != obs.stock_tops[p].is_none() {
                return err("a stockpile's size disagrees with its top");
            }
            if obs.embargoed_by[p].is_some_and(|b| b >= n || b == p)
                || (!bonus && (obs.holds_embargo[p] || obs.embargoed_by[p].is_some()))
            {
                return err("an embargo entry is impossible");
            }
        }
        if !obs.hand.is_sorted() || !obs.recycled.is_sorted() {
            return err("the hand and the recycled cards are listed in order");
        }
        let mut unseen: CardCounts = game.pack().into_iter().collect();
        let seen = obs
            .hand
            .iter()
            .copied()
            .chain(obs.stock_tops.iter().flatten().copied())
            .chain(obs.build.iter().flat_map(|b| b.cards().iter().copied()))
            .chain(obs.discards.iter().flatten().flat_map(|d| d.cards()));
        for c in seen {
            if !unseen.remove(c) {
                return err("more copies of a card seen than the packs hold");
            }
        }
        let mut never_seen = unseen;
        for &c in &obs.recycled {
            if !never_seen.remove(c) {
                return err("a recycled card is also on the table or in the hand");
            }
        }
        let never_seen = never_seen.to_vec();
        // Stockpiles take their face-down cards from the never-seen cards; the other hands and
        // the draw pile take every recycled card, topped up with never-seen ones.
        let hidden: usize = obs.stock_sizes.iter().map(|s| s.saturating_sub(1)).sum();
        let mut left = never_seen.len();
        for p in 0..n {
            let h = obs.stock_sizes[p].saturating_sub(1);
            if left < h {
                return err("too few unseen cards for the stockpiles");
            }
            left -= h;
        }
        debug_assert_eq!(left, never_seen.len() - hidden);
        let others: usize = (0..n)
            .filter(|&p| p != obs.seat)
            .map(|p| obs.hand_sizes[p])
            .sum();
        let needed = others + obs.draw;
        if obs.recycled.len() > needed || obs.recycled.len() + left < needed {
            return err("the hidden card counts do not add up");
        }
        Ok(BoSampler {
            obs,
            bonus,
            never_seen,
            needed,
            hand: obs.hand.iter().copied().collect(),
            recycled: obs.recycled.iter().copied().collect(),
            build: std::array::from_fn(|i| obs.build[i].clone()),
            discards: std::array::from_fn(|p| std::array::from_fn(|i| obs.discards[p][i].clone())),
        })
    }

    /// One state consistent with the observation.
    pub(crate) fn draw(&self, rng: &mut GameRng) -> Result<BoState, ResampleError> {
        let obs = self.obs;
        let n = PLAYERS;
        let mut fresh = self.never_seen.clone();
        fresh.shuffle(rng);
        // Stockpiles: face-down cards come only from cards never seen.
        let mut stocks: [Vec<Card>; PLAYERS] = Default::default();
        for (p, stock) in stocks.iter_mut().enumerate() {
            let hidden = obs.stock_sizes[p].saturating_sub(1);
            *stock = Vec::with_capacity(hidden + 1);
            stock.extend_from_slice(&fresh[fresh.len() - hidden..]);
            fresh.truncate(fresh.len() - hidden);
            stock.extend(obs.stock_tops[p]);
        }
        // Other hands and the draw pile: every recycled card, topped up with unseen ones.
        let mut mixed = Vec::with_capacity(self.needed);
        mixed.extend_from_slice(&obs.recycled);
        mixed.extend(fresh.drain(fresh.len() - (self.needed - obs.recycled.len())..));
        mixed.shuffle(rng);
        let mut hands: [CardCounts; PLAYERS] = Default::default();
        hands[obs.seat] = self.hand.clone();
        for p in (0..n).filter(|&p| p != obs.seat) {
            hands[p] = mixed.drain(mixed.len() - obs.hand_sizes[p]..).collect();
        }
        let draw = mixed;
        // What the other seats know was recycled: approximated as the observer's recycled cards
        // that are not in their own hands.
        let mut recycled: [CardCounts; PLAYERS] = Default::default();
        if !self.recycled.is_empty() {
            recycled[obs.seat] = self.recycled.clone();
            // The draw pile and every hand; seat q's "elsewhere" is that less its own hand.
            let mut everywhere: CardCounts = draw.iter().copied().collect();
            for h in &hands {
                everywhere.extend(h.cards());
            }
            for q in (0..n).filter(|&q| q != obs.seat) {
                for (c, copies) in self.recycled.iter() {
                    let there = everywhere.count(c) - hands[q].count(c);
                    let k = copies.min(there);
                    if k > 0 {
                        recycled[q].add_n(c, k);
                    }
                }
            }
        }
        Ok(BoState {
            bonus: self.bonus,
            hands,
            stocks,
            draw,
            build: self.build.clone(),
            discards: self.discards.clone(),
            holds_embargo: std::array::from_fn(|p| obs.holds_embargo[p]),
            embargoed_by: std::array::from_fn(|p| obs.embargoed_by[p].map(|b| b as u8)),
            recycled,
            out: fresh,
            current: obs.current_player.unwrap_or(0) as u8,
            plays: obs.plays,
            turns: std::array::from_fn(|p| obs.turns[p]),
            outcome: obs.outcome,
            decisions: obs.decisions,
            rng: seeded(rng.random()),
        })
    }
}

impl Sampler<Bo> for BoSampler<'_> {
    fn sample(&mut self, rng: &mut GameRng) -> Result<BoState, ResampleError> {
        self.draw(rng)
    }
}
