//! # parlour-uno
//!
//! Uno as the COMP 202 (Summer 2020) assignment plays it, with parlour's rulings
//! (`shared/RULINGS.md`).
//!
//! **Rules in brief.** 108 cards: per colour (red, green, blue, yellow) one 0, two each of 1–9,
//! Skip, Reverse and Draw Two; four Wilds and four Wild Draw Fours. 2–10 players (4 by default)
//! get 7 cards; the top card is turned up (a wild goes back and the deck is reshuffled; an action
//! card turned up has no effect); the first player is drawn at random. A card is playable on the
//! same colour (or the called colour on a wild), the same special rank, the same number, or if it
//! is a wild. A player holding a playable card must play one; otherwise they draw one and may play
//! it if playable, or keep it and pass (always a separate decision, `pass` being the only choice
//! when the card does not fit, so the turn's shape reveals nothing). Skip skips the next player;
//! Reverse flips the direction and play moves on in the new direction (with two players, to the
//! other player: no Skip); Draw Two / Wild Draw Four make the next player draw 2 / 4 and lose
//! their turn. An empty draw pile is refilled from the discards (all but the up card); if still
//! empty the round is drawn with no points. The first to empty their hand wins the round (that
//! last card has no effect) and scores the cards left in the other hands: numbers at face value,
//! Skip/Reverse/Draw Two 20, wilds 50. Rounds continue until a target (e.g. 500) or a number of
//! rounds ([`UnoOptions`]).
//!
//! **Types and data flow.** [`Uno`] is the game with its [`UnoOptions`]; it deals a [`UnoState`],
//! the full position (hands as per-kind counts and bit masks, piles inline, so a clone allocates
//! nothing), from a seed, or builds one from a scripted [`UnoSetup`]. A seat's view is an
//! [`UnoObservation`] (the seed's `GameState`); [`Game::resample`]
//! turns one back into a full state ([`sampler`]). What a person sees and types is in [`text`]
//! ([`GameText`](parlour_core::GameText)); the heuristic bot and the search tuning are in [`ai`]
//! ([`GameAi`](parlour_core::GameAi), behind the default feature `ai`).
//!
//! **Modules**, as in every parlour game crate: [`card`] and [`action`] (the notation), [`state`]
//! (the engine), [`observation`], [`setup`], [`sampler`], [`text`], `ai`; and [`encode`], the
//! tensor encoding for learning agents (a fixed vector per seat, one token of 62 per action).
//!
//! **Actions** ([`UnoAction`], 3 bytes): a coloured card `R5`, `GS` (skip), `BR` (reverse), `Y+2`;
//! a wild with its called colour `W:B`, `W+4:G`; `draw`; `pass` (only after drawing,
//! to keep the drawn card). Legal actions list each distinct playable card once (a wild once per colour).
//!
//! ```
//! use parlour_core::{Game, State};
//! use parlour_uno::{Card, Color, Uno, UnoAction, UnoSetup, UnoState};
//!
//! // Seat 0 holds a red 5 and a wild; a red 9 is up.
//! let game = Uno::standard();
//! let setup = UnoSetup::new(
//!     vec![vec!["R5".parse().unwrap(), Card::WILD], vec!["G1".parse().unwrap()],
//!          vec!["G2".parse().unwrap()], vec!["G3".parse().unwrap()]],
//!     vec!["B7".parse().unwrap()],
//!     vec!["R9".parse().unwrap()],
//! );
//! let mut state = UnoState::from_setup(&game, &setup).unwrap();
//! let legal = state.legal_action_vec();
//! assert_eq!(legal[0].to_string(), "R5");
//! assert!(legal.contains(&UnoAction::Wild(Card::WILD, Color::Blue)));
//! state.apply("R5".parse().unwrap()).unwrap();
//! assert_eq!(state.current_player(), Some(1));
//! // Seat 1 cannot play on a red 5, so it must draw.
//! assert_eq!(state.legal_action_vec(), vec![UnoAction::Draw]);
//! ```

pub mod action;
#[cfg(feature = "ai")]
pub mod ai;
pub mod card;
pub mod encode;
pub mod observation;
pub mod sampler;
pub mod setup;
pub mod state;
pub mod text;

pub use action::{action_universe, UnoAction};
#[cfg(feature = "ai")]
pub use ai::HeuristicBot;
pub use card::{Card, Color, ParseCardError, Rank};
pub use observation::{Direction, RoundOutcome, UnoObservation};
pub use sampler::UnoSampler;
pub use setup::{SetupError, UnoSetup};
pub use state::{is_playable, CalledColorError, Uno, UnoOptions, UnoState};

use parlour_core::rng::{seeded, GameRng};
use parlour_core::{
    Bounds, Chance, Game, GameInfo, Information, Moves, OptionsError, ResampleError, ScoreInfo,
    Seat,
};

impl Game for Uno {
    type Options = UnoOptions;
    type Action = UnoAction;
    type Observation = UnoObservation;
    type State = UnoState;

    const INFO: GameInfo = GameInfo {
        name: "uno",
        title: "Uno",
        about: "Uno as COMP 202 plays it: 2-10 players shed cards by colour or symbol; the winner scores the cards left in the other hands",
        min_players: 2,
        max_players: state::MAX_PLAYERS,
        chance: Chance::Shuffled,
        information: Information::Imperfect,
        moves: Moves::Sequential,
        variants: &[],
        score: ScoreInfo {
            unit: "points",
            meaning: "Uno points won (the winner scores the cards left in the other hands)",
        },
        // The seed's tournament: 50,000 rounds at a table (each round is one game).
        tournament_games: 50_000,
        strength_deals: 600,
        private: &["seat", "hand", "drawn"],
    };

    /// Points won: never negative.
    fn return_bounds(&self) -> Bounds {
        Bounds::at_least(0.0)
    }

    /// The seed's 50,000 rounds; a game made a match (a target or a round count) gets the usual
    /// 1,000.
    fn default_tournament_games(&self) -> u64 {
        if self.options.target.is_none() && self.options.rounds.is_none() {
            Self::INFO.tournament_games
        } else {
            1000
        }
    }

    fn new(options: UnoOptions) -> Result<Uno, OptionsError> {
        if !Self::INFO.player_range().contains(&options.players) {
            return Err(OptionsError::Players {
                title: Self::INFO.title,
                given: options.players,
                min: Self::INFO.min_players,
                max: Self::INFO.max_players,
            });
        }
        let ranges = [
            ("target", options.target, UnoOptions::TARGET),
            ("rounds", options.rounds, UnoOptions::ROUNDS),
        ];
        for (option, value, range) in ranges {
            if value.is_some_and(|v| !range.contains(&v)) {
                return Err(OptionsError::Invalid {
                    option,
                    reason: format!("{option} must be from {} to {}", range.start(), range.end()),
                });
            }
        }
        Ok(Uno { options })
    }

    fn options(&self) -> &UnoOptions {
        &self.options
    }

    fn num_players(&self) -> usize {
        self.options.players
    }

    fn max_decisions(&self) -> Option<u64> {
        None
    }

    fn new_game(&self, seed: u64) -> UnoState {
        let mut state = UnoState::empty(self, seeded(seed));
        state.deal_round();
        state
    }

    fn resample(&self, obs: &UnoObservation, rng: &mut GameRng) -> Result<UnoState, ResampleError> {
        sampler::resample(self, obs, rng)
    }

    fn observer(obs: &UnoObservation) -> Seat {
        obs.seat
    }
}
