//! Resampling: a full state consistent with what one seat has seen, everything hidden from it
//! redrawn ([`Game::resample`](parlour_core::Game::resample)'s body), and [`FastSampler`], which checks an observation once
//! and then deals as many determinizations as a search asks for.

use parlour_cards::{decks, Card, CardCounts};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::search::Sampler;
use parlour_core::{ResampleError, Seat};
use rand::seq::SliceRandom;
use rand::RngExt;

use crate::observation::{PhasedObservation, Step, Variant};
use crate::state::{Phased, PhasedState, MAX_DECISIONS, MAX_HANDS, MAX_SCORE, MAX_TURNS, PLAYERS};

/// A full state consistent with `obs`: the cards the observer has not seen (other hands, less the
/// cards each is known to have taken from the discard pile, and the deck) are shuffled and dealt
/// by the public sizes; the state's generator is reseeded, so later hands' deals are new too.
pub(crate) fn resample(
    game: &Phased,
    obs: &PhasedObservation,
    rng: &mut GameRng,
) -> Result<PhasedState, ResampleError> {
    Ok(determinizer(game, obs)?.deal(&mut Vec::new(), rng))
}

/// Checks `obs` and prepares the dealing of its determinizations (see [`Determinizer`]).
fn determinizer(game: &Phased, obs: &PhasedObservation) -> Result<Determinizer, ResampleError> {
    let err = |m: &str| Err(ResampleError::inconsistent(m));
    let n = PLAYERS;
    if obs.seat >= n
        || [
            obs.hand_sizes.len(),
            obs.known.len(),
            obs.table.len(),
            obs.phases_done.len(),
            obs.laid.len(),
        ]
        .iter()
        .any(|&l| l != n)
        || [obs.skip_next.len(), obs.turns.len(), obs.scores.len()]
            .iter()
            .any(|&l| l != n)
        || obs.dealer >= n
        || obs.current_player.is_some_and(|c| c >= n)
        || (obs.current_player.is_none()) != (obs.step == Step::Over)
        || obs.hand_sizes.iter().any(|&s| s > 108)
    {
        return err("the observation does not fit a four-seat table");
    }
    let bonus = obs.variant == Variant::Bonus;
    if bonus != (game.options.variant == Variant::Bonus) {
        return err("the observation is for the other variant");
    }
    if obs.table.iter().flatten().any(|g| !g.is_consistent()) {
        return err("a table group does not fit its kind");
    }
    if obs.turns.iter().any(|&t| t > MAX_TURNS + 4)
        || obs.hands_completed > MAX_HANDS
        || (obs.hands_completed == MAX_HANDS && obs.step != Step::Over)
        || obs.scores.iter().any(|&x| x > MAX_SCORE)
        || obs.decisions > MAX_DECISIONS
    {
        return err("a counter is out of range");
    }
    if obs.step == Step::Draw && obs.deck == 0 && obs.discard.last().is_none_or(|c| c.is_joker()) {
        return err("nothing can be drawn or taken, yet the hand goes on");
    }
    // In a hand the deck is never empty before a draw, and empty after one exactly when that
    // draw took its last card (the hand then ends with the turn): otherwise play could reach a
    // draw with nothing to draw or take.
    if (obs.step == Step::Draw && obs.deck == 0)
        || (obs.step == Step::Play && (obs.deck == 0) != obs.last_card_drawn)
    {
        return err("the deck is empty only after the hand's last draw");
    }
    let mut unseen: CardCounts = decks(2, if bonus { 4 } else { 0 }).into_iter().collect();
    let seen = obs
        .hand
        .iter()
        .chain(&obs.discard)
        .chain(obs.table.iter().flatten().flat_map(|g| g.cards.iter()))
        .chain(
            obs.known
                .iter()
                .enumerate()
                .filter(|&(s, _)| s != obs.seat)
                .flat_map(|(_, k)| k.iter()),
        );
    for &c in seen {
        if !unseen.remove(c) {
            return err("more copies of a card seen than the packs hold");
        }
    }
    if obs.hand.len() != obs.hand_sizes[obs.seat] {
        return err("the observer's hand size disagrees with its hand");
    }
    let pool = unseen.to_vec();
    let mut hidden = [0usize; PLAYERS];
    let mut needed = 0usize;
    for s in (0..n).filter(|&s| s != obs.seat) {
        hidden[s] = obs.hand_sizes[s]
            .checked_sub(obs.known[s].len())
            .ok_or_else(|| {
                ResampleError::inconsistent("a seat holds fewer cards than it is known to hold")
            })?;
        needed += hidden[s];
        if pool.len() < needed {
            return err("too few unseen cards for the hidden hands");
        }
    }
    if pool.len() - needed < obs.deck {
        return err("too few unseen cards for the deck");
    }
    let mut hands: [CardCounts; PLAYERS] = Default::default();
    for (s, hand) in hands.iter_mut().enumerate() {
        *hand = if s == obs.seat {
            obs.hand.iter().copied().collect()
        } else {
            obs.known[s].iter().copied().collect()
        };
    }
    let mut done = [0u8; PLAYERS];
    for (s, phases) in obs.phases_done.iter().enumerate() {
        for &ph in phases {
            if !(1..=5).contains(&ph) {
                return err("no such phase");
            }
            done[s] |= 1 << (ph - 1);
        }
    }
    let arr = |v: &[bool]| [v[0], v[1], v[2], v[3]];
    let template = PhasedState {
        bonus,
        hands,
        deck: Vec::new(),
        discard: obs.discard.clone(),
        table: [
            obs.table[0].clone(),
            obs.table[1].clone(),
            obs.table[2].clone(),
            obs.table[3].clone(),
        ],
        done,
        laid: arr(&obs.laid),
        known: [
            obs.known[0].clone(),
            obs.known[1].clone(),
            obs.known[2].clone(),
            obs.known[3].clone(),
        ],
        skip: arr(&obs.skip_next),
        turns: [obs.turns[0], obs.turns[1], obs.turns[2], obs.turns[3]],
        scores: [obs.scores[0], obs.scores[1], obs.scores[2], obs.scores[3]],
        dealer: obs.dealer as u8,
        current: obs.current_player.unwrap_or(0) as u8,
        step: obs.step,
        hands_completed: obs.hands_completed,
        last_card_drawn: obs.last_card_drawn,
        game_ends_after_hand: obs.game_ends_after_hand,
        decisions: obs.decisions,
        rng: seeded(0),
    };
    Ok(Determinizer {
        template,
        pool,
        hidden,
        seat: obs.seat,
        deck: obs.deck,
    })
}

/// An observation checked once, with what its determinizations share: everything the observer
/// sees (as a state with the other hands holding only their known cards and no deck), the
/// unseen cards in sorted order, and how many of them each other hand and the deck hold.
///
/// [`Determinizer::deal`] is [`Game::resample`](parlour_core::Game::resample)'s own second half, so a sampler that checks an
/// observation once and deals many times draws exactly as resampling each time does.
#[derive(Debug, Clone)]
struct Determinizer {
    template: PhasedState,
    pool: Vec<Card>,
    hidden: [usize; PLAYERS],
    seat: Seat,
    deck: usize,
}

impl Determinizer {
    /// A full state: the unseen cards shuffled (into `buf`, reused between calls) and dealt to
    /// the other hands by their hidden sizes (seat order, each from the end of the shuffled
    /// cards), then the deck; the state's generator reseeded from `rng`.
    fn deal(&self, buf: &mut Vec<Card>, rng: &mut GameRng) -> PhasedState {
        buf.clear();
        buf.extend_from_slice(&self.pool);
        buf.shuffle(rng);
        let mut state = self.template.clone();
        for s in (0..PLAYERS).filter(|&s| s != self.seat) {
            let from = buf.len() - self.hidden[s];
            state.hands[s].extend(buf.drain(from..));
        }
        // In a scripted position that leaves cards out of play, a random subset of the unseen
        // cards is the deck; in a dealt game the two counts are equal.
        buf.truncate(self.deck);
        state.deck = std::mem::take(buf);
        state.rng = seeded(rng.random());
        state
    }
}

/// Draws determinizations of one observation: checks it and counts the unseen cards once, then
/// each sample shuffles and deals them exactly as [`Game::resample`](parlour_core::Game::resample) does (the same code, so the
/// same distribution; from the same generator, the same state).
#[derive(Debug)]
pub struct FastSampler {
    det: Determinizer,
    buf: Vec<Card>,
}

impl FastSampler {
    /// Checks `obs` (the errors [`Game::resample`](parlour_core::Game::resample) would give).
    pub fn new(game: &Phased, obs: &PhasedObservation) -> Result<FastSampler, ResampleError> {
        Ok(FastSampler {
            det: determinizer(game, obs)?,
            buf: Vec::new(),
        })
    }
}

impl Sampler<Phased> for FastSampler {
    fn sample(&mut self, rng: &mut GameRng) -> Result<PhasedState, ResampleError> {
        Ok(self.det.deal(&mut self.buf, rng))
    }
}
