//! # parlour-bo
//!
//! Comp10001-Bo (COMP10001, 2018), a four-player Skip-Bo variant on two packs: empty your
//! eight-card stockpile onto four shared build piles and sixteen discard piles, up to five
//! plays a turn; with its bonus variant (an embargo card each, four Jokers read from their
//! neighbours) and parlour's rulings (`shared/RULINGS.md`).
//!
//! **Rules in brief.** Four players, two packs (104 cards; 108 with the bonus variant's four
//! Jokers). Each player gets an eight-card stockpile, its top card face up; the rest is the
//! draw pile, from which a player makes their hand up to five cards at the start of each turn.
//! Four build piles are shared: a 2 or a King starts one, and it goes on up or down one value at
//! a time in one colour (no King–2 wrap); a 2, King or Ace on a started pile completes it, and
//! its cards are shuffled into the draw pile. Each player has four discard piles, which anyone
//! may play on: cards alternate colour and go one value up or down (King–2 wraps), never an
//! Ace; only the owner starts an empty one, from the hand, and that ends the turn; a card from
//! the hand may break a pile's sequence (a restart), which ends the turn too. A card comes from
//! the hand, the top of one's own stockpile or the top of any discard pile. A turn is at most
//! five plays; "no play" ends it when nothing can be played, and a hand emptied mid-turn is made
//! up again. The first to empty their stockpile wins; nobody wins when the draw pile is empty
//! and no player can play, or once every player has had 20 turns. In the bonus variant each
//! player holds an embargo card to play on an opponent with three stockpile cards or fewer, who
//! may then play only from their stockpile until they clear it (both end the turn), and a Joker
//! reads as whatever the cards around it allow.
//!
//! **Types and data flow.** [`Bo`] is the game with its [`BoOptions`] (the [`Variant`]); it
//! deals a [`BoState`], the full position, from a seed, or builds one from a scripted
//! [`BoSetup`]. A seat's view is a [`BoObservation`]; [`Game::resample`] turns one back into a
//! full state ([`sampler`]). Whether a play is valid, and if not exactly why ([`InvalidPlay`]),
//! is [`validate`], which reads any [`View`] of the table (the state, or a seat's own
//! observation); the piles themselves, Jokers included, are [`piles`]. What a person sees and
//! types is [`text`] ([`GameText`](parlour_core::GameText)); the `heuristic` bot and the search
//! tuning are in `ai` ([`GameAi`](parlour_core::GameAi), behind the default feature `ai`).
//!
//! **Modules**, as in every parlour game crate: [`action`] (the notation), [`rules`] and
//! [`piles`] (the rules library), [`state`] (the engine), [`observation`], [`setup`],
//! [`sampler`], [`text`], `ai`; and [`encode`], the game as tensors for learning agents
//! ([`Encode`](parlour_core::encode::Encode)): a fixed vector per seat, each action one token.
//!
//! **Actions** ([`BoAction`]) name the card and both places, in text as `<source> <target>`:
//! `9D b0` (9D from the hand to build pile 0), `9D d2.1` (to player 2's discard pile 1),
//! `s:2C b1` (the top of one's own stockpile, 2C), `d1.0:2C b0` (the top of player 1's discard
//! pile 0); then `pass` ("no play", only when no play is possible), and in the bonus variant
//! `embargo 2` and `clear`. Cards are written as in `parlour-cards` (`0D` is the ten of
//! diamonds, `ZZ` a Joker). The JSON form of an action is its text, as a string. Legal actions
//! come in a fixed order: hand cards ascending, the stockpile, discard tops by owner and pile,
//! each to build piles then discard piles; then embargoes and clearing.
//!
//! ```
//! use parlour_bo::{Bo, BoAction, Outcome};
//! use parlour_core::{Game, GameText, State};
//!
//! let game = Bo::bonus();
//! let mut state = game.new_game(7);
//! // An action's text and JSON forms.
//! let play: BoAction = "s:2C b1".parse().unwrap();
//! assert_eq!(play.to_string(), "s:2C b1");
//! assert_eq!(serde_json::to_string(&play).unwrap(), "\"s:2C b1\"");
//! // What seat 0 sees, as a person sees it.
//! assert!(game.describe(&state.observation(0)).contains("Build piles:"));
//! // Play the first legal action until the game ends.
//! while let Some(seat) = state.current_player() {
//!     let legal = state.legal_action_vec();
//!     let action: BoAction = legal[0];
//!     state.apply(action).unwrap();
//!     assert!(seat < 4);
//! }
//! assert!(matches!(
//!     state.outcome(),
//!     Some(Outcome::Won(_) | Outcome::Blocked | Outcome::TurnLimit)
//! ));
//! state.check_conservation().unwrap();
//! ```
//!
//! ## Readings of the seed
//! - An embargo is cleared with the action `clear`. The seed has the embargo card go "to a
//!   discard or build pile", but gives it no value there, so where it goes cannot change the
//!   game; parlour takes it out of play and the action names no pile.
//! - An embargoed player may still play their own embargo card on someone else: the seed bars
//!   only cards from the hand and from discard piles.
//! - A hand that is empty when a play completes a build pile mid-turn is made up from the
//!   refilled draw pile after that play, like a hand emptied by the play itself.
//! - The embargo card lies across the target's discard piles, but only the target is barred
//!   from them; other players may still use those piles.
//! - "Cannot play any card" for a blocked game counts every valid play, embargo plays included.
//!   The check is made when a turn starts (after the draw).
//!
//! ## Known limit
//! Resampling a seat's view puts every card it saw recycled (`recycled`) in the draw pile or
//! another hand, never in a stockpile, but does not remember *when* the card went in: it may
//! put a just-recycled card in the hand of a seat that has not drawn since. A search bot's
//! determinisations are then slightly wider than the truth; nothing hidden leaks.

pub mod action;
#[cfg(feature = "ai")]
pub mod ai;
pub mod encode;
pub mod observation;
pub mod piles;
pub mod rules;
pub mod sampler;
pub mod setup;
pub mod state;
pub mod text;

pub use action::{parse_pile, BoAction, ParsePileError, Source, Target};
#[cfg(feature = "ai")]
pub use ai::HeuristicBot;
pub use observation::BoObservation;
pub use piles::{BuildFit, BuildMiss, BuildPile, BuildPileError, DiscardFit, DiscardPile};
pub use rules::{
    valid_actions, validate, validate_turn, InvalidPlay, Outcome, Validity, Variant, View,
};
pub use setup::{BoSetup, SetupError};
pub use state::{Bo, BoOptions, BoState, HAND_SIZE, MAX_PLAYS, MAX_TURNS, STOCK_SIZE};

use parlour_core::rng::GameRng;
use parlour_core::{
    Bounds, Chance, Game, GameInfo, Information, Moves, OptionsError, ResampleError, ScoreInfo,
    Seat,
};

impl Game for Bo {
    type Options = BoOptions;
    type Action = BoAction;
    type Observation = BoObservation;
    type State = BoState;

    const INFO: GameInfo = GameInfo {
        name: "bo",
        title: "Comp10001-Bo",
        about: "a four-player Skip-Bo variant on two packs: empty your eight-card stockpile onto four shared build piles and sixteen discard piles, up to five plays a turn",
        min_players: action::PLAYERS,
        max_players: action::PLAYERS,
        chance: Chance::Shuffled,
        information: Information::Imperfect,
        moves: Moves::Sequential,
        variants: &["bonus"],
        score: ScoreInfo {
            unit: "wins",
            meaning: "1 for a win, 0 otherwise",
        },
        tournament_games: 1000,
        strength_deals: 100,
        private: &["seat", "hand", "recycled"],
    };

    /// 1 for the winner, 0 for the others.
    fn return_bounds(&self) -> Bounds {
        Bounds::between(0.0, 1.0)
    }

    fn figure_bounds(&self) -> Vec<(&'static str, Bounds)> {
        vec![("stock_left", Bounds::between(0.0, STOCK_SIZE as f64))]
    }

    fn new(options: BoOptions) -> Result<Bo, OptionsError> {
        Ok(Bo { options })
    }

    fn options(&self) -> &BoOptions {
        &self.options
    }

    fn num_players(&self) -> usize {
        action::PLAYERS
    }

    fn max_decisions(&self) -> Option<u64> {
        Some(state::MAX_DECISIONS)
    }

    fn new_game(&self, seed: u64) -> BoState {
        BoState::deal(self, seed)
    }

    fn resample(&self, obs: &BoObservation, rng: &mut GameRng) -> Result<BoState, ResampleError> {
        sampler::resample(self, obs, rng)
    }

    fn observer(obs: &BoObservation) -> Seat {
        obs.seat
    }
}
