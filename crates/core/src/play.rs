//! Playing a game between bots, one decision at a time.

use crate::bot::{Bot, Decision, Outcome, Seating};
use crate::game::{Game, Seat, State};

/// One decision as it was made, given to the caller of [`play`] after the action is applied.
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
        /// Why it is illegal.
        reason: String,
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

/// Plays `state` to the end with `bots[seat]` deciding for each seat, calling `on_step` after every
/// decision. Returns the final state.
pub fn play<G: Game>(
    game: &G,
    state: G::State,
    bots: &mut [Box<dyn Bot<G>>],
    mut on_step: impl FnMut(&Step<'_, G>) -> Result<(), String>,
) -> Result<G::State, PlayError> {
    play_inner(game, state, bots, (0, 0), Some(&mut on_step))
}

/// Plays `state` to the end like [`play`], with no callback: it skips keeping a copy of the
/// state before each action, which tournaments do not need.
pub fn play_to_end<G: Game>(
    game: &G,
    state: G::State,
    bots: &mut [Box<dyn Bot<G>>],
) -> Result<G::State, PlayError> {
    play_inner(game, state, bots, (0, 0), None)
}

/// [`play_to_end`] for game number `index` of a tournament or run: bots are told the index when
/// they [start](Bot::start) (external bots pass it on to their program).
pub fn play_indexed<G: Game>(
    game: &G,
    state: G::State,
    bots: &mut [Box<dyn Bot<G>>],
    index: u64,
) -> Result<G::State, PlayError> {
    play_inner(game, state, bots, (index, index), None)
}

/// [`play_indexed`] for a game whose deal is shared with other games (the same `deal` id):
/// see [`Seating::deal`].
pub fn play_dealt<G: Game>(
    game: &G,
    state: G::State,
    bots: &mut [Box<dyn Bot<G>>],
    index: u64,
    deal: u64,
) -> Result<G::State, PlayError> {
    play_inner(game, state, bots, (index, deal), None)
}

type OnStep<'f, G> = &'f mut dyn FnMut(&Step<'_, G>) -> Result<(), String>;

fn play_inner<G: Game>(
    game: &G,
    mut state: G::State,
    bots: &mut [Box<dyn Bot<G>>],
    (index, deal): (u64, u64),
    mut on_step: Option<OnStep<'_, G>>,
) -> Result<G::State, PlayError> {
    if bots.len() != game.num_players() {
        return Err(PlayError::SeatCount {
            bots: bots.len(),
            seats: game.num_players(),
        });
    }
    let decisions = state.decisions();
    for (seat, bot) in bots.iter_mut().enumerate() {
        bot.start(
            game,
            Seating {
                index,
                deal,
                seat,
                decisions,
            },
        );
    }
    let listening = bots.iter().any(|b| b.listens());
    let mut legal = Vec::new();
    while let Some(seat) = state.current_player() {
        if let Some(bound) = game.max_decisions() {
            if state.decisions() >= bound {
                return Err(PlayError::TooLong(bound));
            }
        }
        state.legal_actions(&mut legal);
        let observation = state.observation(seat);
        let action = bots[seat].act(&Decision {
            game,
            seat,
            observation: &observation,
            legal: &legal,
        });
        let before = on_step.is_some().then(|| state.clone());
        state.apply(action).map_err(|e| PlayError::IllegalFromBot {
            seat,
            action: e.action,
            reason: e.reason,
        })?;
        if listening {
            for (viewer, bot) in bots.iter_mut().enumerate() {
                if viewer != seat && bot.listens() {
                    let seen = game.action_visible(seat, &action, viewer);
                    bot.event(game, seat, seen.then_some(action));
                }
            }
        }
        if let (Some(f), Some(before)) = (on_step.as_mut(), before.as_ref()) {
            f(&Step {
                before,
                seat,
                observation: &observation,
                legal: &legal,
                action,
                after: &state,
            })
            .map_err(PlayError::Stopped)?;
        }
    }
    if listening {
        let returns = state.returns();
        let winners = state.winners();
        for (seat, bot) in bots.iter_mut().enumerate() {
            if bot.listens() {
                bot.finish(&Outcome {
                    seat,
                    returns: &returns,
                    winners: &winners,
                    observation: &state.observation(seat),
                    decisions: state.decisions(),
                });
            }
        }
    }
    Ok(state)
}
