//! Resampling hidden state from a seat's view: `resample` (the body of
//! [`Game::resample`](parlour_core::Game::resample)) and [`UnoSampler`], which checks an
//! observation once and then deals many determinizations for search.

use parlour_core::rng::GameRng;
use parlour_core::{ResampleError, Seat};
use rand::seq::SliceRandom;
use rand::RngExt;

use crate::card::{Card, KINDS};
use crate::observation::UnoObservation;
use crate::state::{check_called, Rebuild, Uno, UnoState, DECK_SIZE};

/// More decisions than this in an observation are absurd (and playing on could overflow the count).
const MAX_DECISIONS: u64 = u64::MAX / 2;

/// A full state consistent with `obs`: the cards `obs`'s seat cannot see are shuffled and dealt to
/// the other hands (by their sizes) and the draw pile.
///
/// After a reshuffle this round ([`UnoObservation::reshuffled`] non-empty) every seat saw which
/// cards went into the new draw pile, so the draw pile (and, when another seat is deciding after a
/// draw, the card it just drew) is chosen at random only among the cards that are both in that
/// multiset and unseen (for each kind, the smaller of the two counts); the other unseen cards go
/// to the other hands. Without a reshuffle all unseen cards are dealt uniformly.
///
/// Known approximations (the result is always consistent with `obs`, but not every inference a
/// seat could make is used): inferences from others' past play (e.g. that a player who drew held
/// nothing playable then); that a wild turned up at the deal went back into the draw pile (so it
/// can be in a hand only if drawn since, yet it may be dealt to any hand); and after a reshuffle,
/// which hands drew from the new pile (a hand that has not drawn since holds none of the cards
/// that went into it, but may be dealt some).
///
/// Never panics: a malformed observation (sizes that do not add up or overflow, a drawn card the
/// seat cannot have, a called colour without a wild, scores or rounds the options forbid, ...)
/// gives a [`ResampleError`].
pub(crate) fn resample(
    game: &Uno,
    obs: &UnoObservation,
    rng: &mut GameRng,
) -> Result<UnoState, ResampleError> {
    Ok(Prepared::new(game, obs)?.draw(rng, &mut Vec::new()))
}

/// An observation checked and counted once, from which full states are drawn: what
/// [`resample`] does in one go, and [`UnoSampler`] many times over.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    /// The public position with the observer's hand, the other hands and the draw pile empty.
    template: UnoState,
    /// The cards that may lie in the draw pile (since the last reshuffle), in kind order.
    pile_pool: Vec<Card>,
    /// Unseen cards by kind (the draw pile's included).
    unseen: [usize; KINDS],
    /// Cards drawn from the pile: the draw pile, plus the card another seat just drew.
    from_pile: usize,
    /// The other seat deciding after a draw, if any.
    deciding_other: Option<Seat>,
    /// The other seats and their hand sizes.
    others: Vec<(Seat, usize)>,
}

impl Prepared {
    /// Checks `obs` against the game (the errors [`resample`] gives) and counts what is unseen.
    pub(crate) fn new(game: &Uno, obs: &UnoObservation) -> Result<Prepared, ResampleError> {
        let err = |m: String| Err(ResampleError::Inconsistent(m));
        let options = parlour_core::Game::options(game);
        let n = obs.players;
        if n != options.players {
            return err(format!(
                "observation for {n} players, game for {}",
                options.players
            ));
        }
        if obs.seat >= n
            || obs.hand_sizes.len() != n
            || obs.scores.len() != n
            || obs.last_called.len() != n
            || obs.current_player.is_some_and(|c| c >= n)
        {
            return err("seat or per-seat lists do not fit the table".into());
        }
        if obs.hand_sizes[obs.seat] != obs.hand.len() {
            return err("the observer's hand size disagrees with its hand".into());
        }

        // The up card and the called colour.
        let Some(&up) = obs.discard.last() else {
            return err("the discard pile is empty: there is no up card".into());
        };
        if up != obs.up_card {
            return err("the up card is not the top of the discard pile".into());
        }
        check_called(up, obs.called_color)
            .map_err(|e| ResampleError::inconsistent(e.to_string()))?;

        // Deciding after a draw.
        if obs.deciding_after_draw && obs.current_player.is_none() {
            return err("deciding after a draw, but nobody is to act".into());
        }
        let observer_deciding = obs.deciding_after_draw && obs.current_player == Some(obs.seat);
        match obs.drawn {
            Some(c) if !observer_deciding => {
                return err(format!(
                    "a drawn card {c}, but the observer is not deciding after a draw"
                ))
            }
            Some(c) if !obs.hand.contains(&c) => {
                return err(format!("the drawn card {c} is not in the hand"))
            }
            None if observer_deciding => {
                return err(
                    "the observer is deciding after a draw but its drawn card is missing".into(),
                )
            }
            _ => {}
        }
        let deciding_other = match obs.current_player {
            Some(c) if obs.deciding_after_draw && c != obs.seat => Some(c),
            _ => None,
        };

        // Progress against the game's options.
        if obs.current_player.is_some() {
            if let Some(s) = obs.hand_sizes.iter().position(|&k| k == 0) {
                return err(format!("seat {s} has no cards but the round goes on"));
            }
            match options.rounds {
                Some(r) if obs.rounds_completed >= r => {
                    return err(format!(
                        "{} rounds completed of {r}, but the game goes on",
                        obs.rounds_completed
                    ))
                }
                None if obs.rounds_completed == u32::MAX => {
                    return err("too many rounds completed".into())
                }
                _ => {}
            }
            if let Some(target) = options.target {
                if let Some(s) = obs.scores.iter().position(|&x| x >= u64::from(target)) {
                    return err(format!(
                        "seat {s} has {} points, the target is {target}, but the game goes on",
                        obs.scores[s]
                    ));
                }
            }
        }
        if let Some(o) = obs.last_round {
            if o.winner.is_some_and(|w| w >= n) || o.round >= obs.rounds_completed {
                return err("the last round's outcome does not fit the table".into());
            }
        }
        if obs.decisions > MAX_DECISIONS {
            return err(format!("{} decisions is absurd", obs.decisions));
        }

        // Sizes: the hidden places, each at most the deck.
        let too_big = |what: &str, k: usize| -> Result<(), ResampleError> {
            if k > DECK_SIZE {
                Err(ResampleError::Inconsistent(format!(
                    "{what} of {k} cards; the deck has {DECK_SIZE}"
                )))
            } else {
                Ok(())
            }
        };
        too_big("a draw pile", obs.draw_pile)?;
        too_big("a reshuffle", obs.reshuffled.len())?;
        let mut needed = obs.draw_pile;
        for s in (0..n).filter(|&s| s != obs.seat) {
            too_big("a hand", obs.hand_sizes[s])?;
            needed = needed
                .checked_add(obs.hand_sizes[s])
                .ok_or_else(|| ResampleError::inconsistent("hidden places overflow"))?;
        }
        too_big("hidden places", needed)?;

        // The unseen cards, and those that may lie in the draw pile.
        let mut unseen = [0usize; KINDS];
        for c in Card::all_kinds() {
            unseen[c.index()] = usize::from(c.copies_in_deck());
        }
        for &c in obs.hand.iter().chain(&obs.discard) {
            let k = &mut unseen[c.index()];
            *k = k.checked_sub(1).ok_or_else(|| {
                ResampleError::Inconsistent(format!("more copies of {c} seen than the deck holds"))
            })?;
        }
        let total_unseen: usize = unseen.iter().sum();
        if total_unseen < needed {
            return err(format!(
                "{total_unseen} unseen cards but {needed} hidden places"
            ));
        }
        let mut may_be_in_pile = unseen;
        if !obs.reshuffled.is_empty() {
            let mut reshuffled = [0usize; KINDS];
            for &c in &obs.reshuffled {
                reshuffled[c.index()] += 1;
                if reshuffled[c.index()] > usize::from(c.copies_in_deck()) {
                    return err(format!("more copies of {c} reshuffled than the deck holds"));
                }
            }
            for (m, r) in may_be_in_pile.iter_mut().zip(reshuffled) {
                *m = (*m).min(r);
            }
        }
        if let Some(player) = deciding_other {
            if obs.hand_sizes[player] == 0 {
                return err("the player deciding after a draw has no cards".into());
            }
        }

        let from_pile = obs.draw_pile + usize::from(deciding_other.is_some());
        let pile_pool = cards_of(&may_be_in_pile);
        if pile_pool.len() < from_pile {
            return err(format!(
            "{} cards that may be in the draw pile since the reshuffle, but {from_pile} drawn from it",
            pile_pool.len()
        ));
        }
        let mut hands = vec![Vec::new(); n];
        hands[obs.seat] = obs.hand.to_vec();
        let template = Rebuild {
            obs,
            hands,
            draw_pile: Vec::new(),
            drawn: if deciding_other.is_some() {
                None
            } else {
                obs.drawn
            },
            seed: 0,
        }
        .build(game);
        Ok(Prepared {
            template,
            pile_pool,
            unseen,
            from_pile,
            deciding_other,
            others: (0..n)
                .filter(|&s| s != obs.seat)
                .map(|s| (s, obs.hand_sizes[s]))
                .collect(),
        })
    }

    /// A full state: the draw pile a random ordered selection of the cards that may lie in it
    /// (the last one drawn by a seat deciding after a draw), the other hands a random share of
    /// the rest, and a fresh generator for the future, all from `rng`. `buffer` is scratch.
    pub(crate) fn draw(&self, rng: &mut GameRng, buffer: &mut Vec<Card>) -> UnoState {
        let mut state = self.template.clone();
        buffer.clear();
        buffer.extend_from_slice(&self.pile_pool);
        let (pile, _) = buffer.partial_shuffle(rng, self.from_pile);
        let mut unseen = self.unseen;
        for &c in pile.iter() {
            unseen[c.index()] -= 1;
        }
        let drawn = match self.deciding_other {
            Some(_) => pile.last().copied(),
            None => None,
        };
        let in_pile = self.from_pile - usize::from(drawn.is_some());
        state.set_draw_pile(&pile[..in_pile]);
        if let (Some(seat), Some(card)) = (self.deciding_other, drawn) {
            state.add_to_hand(seat, card);
            state.set_drawn(card);
        }
        // The other hands, from the rest. In a scripted position that leaves cards out of
        // play a random subset of them fills the hands; in a dealt game the counts are equal.
        buffer.clear();
        for c in Card::all_kinds() {
            buffer.extend(std::iter::repeat_n(c, unseen[c.index()]));
        }
        let needed: usize = self
            .others
            .iter()
            .map(|&(s, size)| size - usize::from(Some(s) == self.deciding_other))
            .sum();
        // `Prepared::new` checked there are enough.
        let (chosen, _) = buffer.partial_shuffle(rng, needed);
        let mut at = 0;
        for &(s, size) in &self.others {
            let k = size - usize::from(Some(s) == self.deciding_other);
            for &c in &chosen[at..at + k] {
                state.add_to_hand(s, c);
            }
            at += k;
        }
        state.reseed(rng.random());
        state
    }
}

/// Uno's sampler for search: the observation checked and counted once, then each sample only
/// shuffles and deals.
#[derive(Debug)]
pub struct UnoSampler {
    prepared: Prepared,
    buffer: Vec<Card>,
}

impl UnoSampler {
    /// A sampler for `obs`, or why no state fits it.
    pub fn new(game: &Uno, obs: &UnoObservation) -> Result<UnoSampler, ResampleError> {
        Ok(UnoSampler {
            prepared: Prepared::new(game, obs)?,
            buffer: Vec::with_capacity(DECK_SIZE),
        })
    }
}

impl parlour_core::search::Sampler<Uno> for UnoSampler {
    fn sample(&mut self, rng: &mut GameRng) -> Result<UnoState, ResampleError> {
        Ok(self.prepared.draw(rng, &mut self.buffer))
    }
}

/// The cards of a per-kind count array, in kind order.
fn cards_of(counts: &[usize; KINDS]) -> Vec<Card> {
    let mut v = Vec::with_capacity(DECK_SIZE);
    for c in Card::all_kinds() {
        v.extend(std::iter::repeat_n(c, counts[c.index()]));
    }
    v
}
