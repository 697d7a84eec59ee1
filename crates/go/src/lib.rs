//! # parlour-go
//!
//! Comp10001-Go (COMP10001, Semester 1 2019, Project 3), a Sushi-Go variant on one standard pack,
//! with parlour's rulings (`shared/RULINGS.md`).
//!
//! **Rules in brief.** Four players are dealt ten cards each; twelve are set aside unseen. On
//! each of ten turns every player secretly picks one card from their hand; the picks are revealed
//! together and every player passes the rest of their hand to the next player `(i + 1) % 4`. At
//! the end each player's ten discards score their best partition into groups
//! ([`scoring`]): N-of-a-kind (value × N!), alternating-colour runs with Aces filling inner gaps
//! (the sum of the values covered), and singletons (minus the value, an Ace −20). The highest
//! score wins; ties all win. With the option `scoring: proposed` ([`Scoring`]) the game is
//! scored as the course scored it: after the tenth turn each seat in turn groups its own
//! discards and scores that grouping.
//!
//! **Actions** ([`GoAction`]): the card picked, in the course's notation (`7C`, `0H` for the
//! ten, `AS`); its JSON form is the same text as a string (`"7C"`). Under the course's scoring, a
//! [`Grouping`] of the seat's discards, `group 7C 7S / 4C / 9H 0S JH`.
//!
//! **Types and data flow.** [`Go`] is the game (its [`GoOptions`] say only how it is scored). [`Go::new_game`](parlour_core::Game::new_game) deals a [`GoState`] from a seed: hands
//! as 52-bit masks, so a clone is a copy and a pick allocates nothing. Simultaneous picks are
//! made in seat order, and a pick stays out of every other seat's view until all four have
//! picked. A seat's [`GoObservation`] is all a bot receives: its hand, its own unrevealed pick,
//! every revealed discard, the turn, and every hand it has held (perfect recall of cards seen
//! and passed on). [`Go::resample`](parlour_core::Game::resample) turns an observation back into
//! a full state, redrawing only what that seat has not seen ([`sampler`]). A [`GoSetup`] scripts
//! an exact position for tests ([`GoState::from_setup`], refused with a [`SetupError`]).
//!
//! **Modules.** [`state`] (the engine), [`action`], [`observation`], [`setup`], [`sampler`],
//! [`scoring`] (the rules of groups and partitions, and the exact best score), [`encode`] (the
//! tensor encoding for learning agents: a fixed vector per seat, a pick as one of 52 tokens); the text for
//! people is the crate's [`GameText`](parlour_core::GameText) (the private `text` module); and
//! behind the default `ai` feature, the `ai` module holds what the game lends its bots through
//! [`GameAi`](parlour_core::GameAi): the `heuristic` bot, and the tuning of the `ismcts` search
//! (one tree per seat, cheap playouts that grow N-of-a-kinds, values that count the margin as
//! well as the win). Final discards are scored by [`scoring::best_score_mask`], an exact search
//! fast enough for tens of thousands of playouts a second.
//!
//! ```
//! use parlour_cards::parse_cards;
//! use parlour_core::{Game, State};
//! use parlour_go::{scoring, Go};
//!
//! // Scoring on its own: the seed's 56-point grouping is valid; the best grouping scores more.
//! let cards = parse_cards("AH AS 7C 7S QS 9H 7H 4C AC JH").unwrap();
//! let groups = vec![
//!     parse_cards("7C 7S").unwrap(),
//!     parse_cards("4C").unwrap(),
//!     parse_cards("AH AS QS 9H 7H AC").unwrap(),
//!     parse_cards("JH").unwrap(),
//! ];
//! assert_eq!(scoring::score_partition(&cards, &groups).unwrap().score, 56);
//! assert!(scoring::best_score(&cards).unwrap() >= 56);
//!
//! // A game: everyone picks their first card each turn.
//! let game = Go::standard();
//! let mut state = game.new_game(7);
//! while !state.is_terminal() {
//!     let legal = state.legal_action_vec();
//!     state.apply(legal[0]).unwrap();
//! }
//! assert_eq!(state.decisions(), 40);
//! assert!(!state.winners().is_empty());
//!
//! // Seat 2's view, resampled: what it saw is kept.
//! let obs = state.observation(2);
//! let other = game.resample(&obs, &mut parlour_core::rng::seeded(1)).unwrap();
//! assert_eq!(other.observation(2), obs);
//! ```

pub mod action;
#[cfg(feature = "ai")]
pub mod ai;
pub mod encode;
pub mod observation;
pub mod sampler;
pub mod scoring;
pub mod setup;
pub mod state;
mod text;

use parlour_core::rng::GameRng;
use parlour_core::{
    Chance, Game, GameInfo, Information, Moves, OptionsError, ResampleError, ScoreInfo, Seat,
};

pub use action::{GoAction, Grouping, GroupingError};
#[cfg(feature = "ai")]
pub use ai::HeuristicBot;
pub use observation::GoObservation;
pub use sampler::GoSampler;
pub use setup::{GoSetup, SetupError};
pub use state::{Go, GoOptions, GoState, Scoring, SeatGrouping, PLAYERS, TURNS};

impl Game for Go {
    type Options = GoOptions;
    type Action = GoAction;
    type Observation = GoObservation;
    type State = GoState;

    const INFO: GameInfo = GameInfo {
        name: "go",
        title: "Comp10001-Go",
        about:
            "a four-player Sushi-Go variant on one pack: pick a card a turn in secret, pass the \
                rest of your hand on, and score your discards' best partition into sets and runs",
        min_players: PLAYERS,
        max_players: PLAYERS,
        chance: Chance::Shuffled,
        information: Information::Imperfect,
        moves: Moves::Simultaneous,
        variants: &[],
        score: ScoreInfo {
            unit: "points",
            meaning: "the player's points, from the best partition of their cards (under -o \
                      scoring=proposed: from the grouping they proposed)",
        },
        tournament_games: 1000,
        strength_deals: 100,
        private: &["seat", "hand", "picked", "held"],
    };

    fn new(options: GoOptions) -> Result<Go, OptionsError> {
        Ok(Go { options })
    }

    fn options(&self) -> &GoOptions {
        &self.options
    }

    fn num_players(&self) -> usize {
        PLAYERS
    }

    fn max_decisions(&self) -> Option<u64> {
        let groupings = match self.options.scoring {
            Scoring::Best => 0,
            Scoring::Proposed => PLAYERS,
        };
        Some((PLAYERS * TURNS + groupings) as u64)
    }

    fn new_game(&self, seed: u64) -> GoState {
        GoState::deal(seed, self.options.scoring)
    }

    fn resample(&self, obs: &GoObservation, rng: &mut GameRng) -> Result<GoState, ResampleError> {
        sampler::resample(obs, self.options.scoring, rng)
    }

    fn observer(obs: &GoObservation) -> Seat {
        obs.seat
    }

    fn action_visible(&self, actor: Seat, action: &GoAction, viewer: Seat) -> bool {
        // A pick is face down until all four have picked; the observations then show it. A
        // grouping of discards everyone has seen is public.
        matches!(action, GoAction::Group(_)) || actor == viewer
    }
}
