//! Playing a game between bots: one configurable [`Runner`].
//!
//! The runner asks the seat to move for a decision (its observation and the legal actions),
//! applies it, and tells the [`Seats`] what happened; [`Seats`] is whoever sits at the table.
//! A slice of [`Bot`]s is the plain case; `parlour-protocol`'s table, whose external programs are
//! also told the other seats' moves and the result, is another. [`play`] and [`play_to_end`] are
//! shorthands for the two common uses.

use std::time::{Duration, Instant};

use crate::bot::{Bot, Decision, Seating};
use crate::game::{Game, Seat, State};

/// One decision as it was made, given to [`Runner::play_steps`]'s callback after the action is
/// applied.
#[derive(Debug)]
pub struct Step<'a, G: Game> {
    /// The state before the action.
    pub before: &'a G::State,
    /// The seat that decided.
    pub seat: Seat,
    /// What that seat saw.
    pub observation: &'a G::Observation,
    /// The legal actions it chose from.
    pub legal: &'a [G::Action],
    /// What it chose.
    pub action: G::Action,
    /// The state after the action.
    pub after: &'a G::State,
}

/// Why a game between bots could not be played to the end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// A bot answered with an action that is not legal.
    #[error("seat {seat}'s bot chose {action}, which is not legal: {reason}")]
    IllegalFromBot {
        /// The seat whose bot erred.
        seat: Seat,
        /// The action it chose, as text.
        action: String,
        /// Why it is illegal: the game's own error where it has one.
        reason: crate::game::Rule,
    },
    /// The game went past the game's own bound on decisions (a rules bug).
    #[error("the game passed its bound of {0} decisions")]
    TooLong(u64),
    /// The caller's step callback asked to stop.
    #[error("{0}")]
    Stopped(String),
    /// Fewer or more bots than seats.
    #[error("{bots} bots for {seats} seats")]
    SeatCount {
        /// Bots given.
        bots: usize,
        /// Seats in the game.
        seats: usize,
    },
}

/// Whoever sits at a table, as the [`Runner`] sees them: one decision-maker per seat, told when
/// the game starts, and (if they care) after every action and at the end.
pub trait Seats<G: Game> {
    /// How many seats are filled.
    fn count(&self) -> usize;

    /// The game is starting; `seating` says where seat `seating.seat` sits.
    fn start(&mut self, game: &G, seating: Seating);

    /// The action of the seat `decision.seat`: one of `decision.legal`.
    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action;

    /// `actor` has played `action` (already applied to `state`). Nothing by default.
    fn after(&mut self, game: &G, actor: Seat, action: G::Action, state: &G::State) {
        let _ = (game, actor, action, state);
    }

    /// The game is over at `end`. Nothing by default.
    fn finish(&mut self, game: &G, end: &G::State) {
        let _ = (game, end);
    }
}

impl<G: Game> Seats<G> for [Box<dyn Bot<G>>] {
    fn count(&self) -> usize {
        self.len()
    }

    fn start(&mut self, game: &G, seating: Seating) {
        self[seating.seat].start(game, seating);
    }

    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        self[decision.seat].act(decision)
    }
}

impl<G: Game> Seats<G> for Vec<Box<dyn Bot<G>>> {
    fn count(&self) -> usize {
        self.len()
    }

    fn start(&mut self, game: &G, seating: Seating) {
        self.as_mut_slice().start(game, seating);
    }

    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        self.as_mut_slice().act(decision)
    }
}

/// Plays games of `G` between the seats at a table.
#[derive(Debug, Clone, Copy)]
pub struct Runner<'g, G: Game> {
    game: &'g G,
    index: u64,
    deal: u64,
    trusted: bool,
    deadline: Option<Instant>,
}

impl<'g, G: Game> Runner<'g, G> {
    /// A runner for `game`, numbering its game 0.
    pub fn new(game: &'g G) -> Self {
        Runner {
            game,
            index: 0,
            deal: 0,
            trusted: false,
            deadline: None,
        }
    }

    /// Applies the seats' actions without checking them (for benchmarks of bots known to play
    /// only legal actions); an illegal action then leaves the game unspecified.
    pub fn trusted(mut self) -> Self {
        self.trusted = true;
        self
    }

    /// Stops soon after `deadline`, returning the unfinished state (for benchmarks that play
    /// for a while): the clock is read after every decision of a slow game, and every few
    /// hundred decisions of a fast one (a few milliseconds late at most).
    pub fn until(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Numbers the game: `index` in its tournament or run, and `deal`, the same for games dealt
    /// alike (see [`Seating`]); the seats are told both when the game starts.
    pub fn numbered(mut self, index: u64, deal: u64) -> Self {
        self.index = index;
        self.deal = deal;
        self
    }

    /// Plays `state` to the end; returns the final state.
    pub fn play<S: Seats<G> + ?Sized>(
        &self,
        state: G::State,
        seats: &mut S,
    ) -> Result<G::State, PlayError> {
        self.run(state, seats, None)
    }

    /// Plays `state` to the end like [`Runner::play`], calling `on_step` after every decision
    /// with the states before and after it (which costs a copy of the state a decision).
    pub fn play_steps<S: Seats<G> + ?Sized>(
        &self,
        state: G::State,
        seats: &mut S,
        mut on_step: impl FnMut(&Step<'_, G>) -> Result<(), String>,
    ) -> Result<G::State, PlayError> {
        self.run(state, seats, Some(&mut on_step))
    }

    fn run<S: Seats<G> + ?Sized>(
        &self,
        mut state: G::State,
        seats: &mut S,
        mut on_step: Option<OnStep<'_, G>>,
    ) -> Result<G::State, PlayError> {
        let game = self.game;
        if seats.count() != game.num_players() {
            return Err(PlayError::SeatCount {
                bots: seats.count(),
                seats: game.num_players(),
            });
        }
        let decisions = state.decisions();
        for seat in 0..seats.count() {
            seats.start(
                game,
                Seating {
                    index: self.index,
                    deal: self.deal,
                    seat,
                    decisions,
                },
            );
        }
        let bound = game.max_decisions();
        let mut legal = Vec::new();
        // The clock is read every `stride` decisions: each reading costs about as much as a
        // random bot's decision, so fast games read it more rarely, while a slow bot (whose
        // decisions take over a millisecond between readings) has it read after each one.
        let (mut stride, mut since, mut last_check) = (1u32, 0u32, Instant::now());
        while let Some(seat) = state.current_player() {
            if let Some(bound) = bound {
                if state.decisions() >= bound {
                    return Err(PlayError::TooLong(bound));
                }
            }
            state.legal_actions(&mut legal);
            let decision = Decision::lazy(game, seat, &state, &legal);
            let action = seats.act(&decision);
            let observation = on_step.is_some().then(|| decision.into_observation());
            let before = on_step.is_some().then(|| state.clone());
            if self.trusted {
                state.apply_unchecked(action);
            } else {
                state.apply(action).map_err(|e| PlayError::IllegalFromBot {
                    seat,
                    action: e.action,
                    reason: e.reason,
                })?;
            }
            seats.after(game, seat, action, &state);
            if let (Some(f), Some(before), Some(observation)) =
                (on_step.as_mut(), before.as_ref(), observation.as_ref())
            {
                f(&Step {
                    before,
                    seat,
                    observation,
                    legal: &legal,
                    action,
                    after: &state,
                })
                .map_err(PlayError::Stopped)?;
            }
            if let Some(deadline) = self.deadline {
                since += 1;
                if since >= stride {
                    since = 0;
                    let now = Instant::now();
                    if now >= deadline {
                        return Ok(state);
                    }
                    stride = if now - last_check < Duration::from_millis(1) {
                        (stride * 2).min(1024)
                    } else {
                        1
                    };
                    last_check = now;
                }
            }
        }
        seats.finish(game, &state);
        Ok(state)
    }
}

type OnStep<'f, G> = &'f mut dyn FnMut(&Step<'_, G>) -> Result<(), String>;

/// Plays `state` to the end with `bots[seat]` deciding for each seat, calling `on_step` after
/// every decision: [`Runner::play_steps`].
pub fn play<G: Game>(
    game: &G,
    state: G::State,
    bots: &mut [Box<dyn Bot<G>>],
    on_step: impl FnMut(&Step<'_, G>) -> Result<(), String>,
) -> Result<G::State, PlayError> {
    Runner::new(game).play_steps(state, bots, on_step)
}

/// Plays `state` to the end with `bots[seat]` deciding for each seat: [`Runner::play`].
pub fn play_to_end<G: Game>(
    game: &G,
    state: G::State,
    bots: &mut [Box<dyn Bot<G>>],
) -> Result<G::State, PlayError> {
    Runner::new(game).play(state, bots)
}
