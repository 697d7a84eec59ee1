//! # parlour-phased
//!
//! Phased Out (COMP10001, 2017), a Phase 10 variant: two packs, Aces wild, four players, up to
//! twelve hands, five phases; with parlour's rulings (`shared/RULINGS.md`).
//!
//! **Rules in brief.** Two packs (104 cards; the bonus variant adds four Jokers), Aces wild.
//! Each hand deals ten cards to each of four players; player 0 deals the first hand and the deal
//! rotates, the player after the dealer leading. A turn: draw from the deck or take the discard
//! pile's top card; optionally lay the next phase whole (one phase a hand); once that seat's
//! phase is down, add cards to any group on the table; then discard, unless the hand is empty.
//! The phases: 1 two sets of 3 of one value; 2 a set of 7 of one suit; 3 two sets of 4 of one
//! value; 4 a run of 8; 5 a run of 4 of one colour, then a set of 4 of one value ([`groups`]
//! says what a group is, or exactly why it is none). A hand ends on an empty hand, after the
//! player who drew the deck's last card discards, or once everyone has played 50 turns; cards
//! left in hand are penalty points. The game ends with the hand in which someone completes the
//! last phase (the lowest penalty total among those who did wins) or after twelve hands (the
//! lowest total wins). A seat's return is minus its penalty total, plus [`FINISH_BONUS`] once it
//! has completed every phase. The bonus variant ([`Variant::Bonus`]) lays the phases in any
//! order, each once, and plays a Joker as a Skip on another seat instead of a discard.
//!
//! **Actions** ([`PhasedAction`], `Copy`, a phase stored inline): `draw`, `take`, `lay 2S 2S AH
//! / 7H 7S 7D` (the groups of a phase separated by `/`, runs in ascending order), `add 5D 1 0 8`
//! (card, owner seat, that owner's group, insertion index: `0..=len` for a set, `0` or `len` for
//! a run), `discard 7C`, and `skip 2` (bonus variant). The JSON form is the text as a string.
//! The legal actions list the canonical ways to lay a phase ([`finder`]); `check` accepts any
//! valid proposal, and [`check_lay`] checks one against a seat's view alone.
//!
//! **Types and data flow.** [`Phased`] is the game with its [`PhasedOptions`]; it deals a
//! [`PhasedState`] (hands as per-card counts, the piles, the table, each seat's progress) from a
//! seed ([`state`]), or one is built from a scripted [`PhasedSetup`] ([`setup`]). A seat's view
//! is a [`PhasedObservation`] ([`observation`]); [`Game::resample`] turns one back into a full
//! state, everything hidden from that seat redrawn, and [`FastSampler`] does so many times for
//! search ([`sampler`]). What a person sees and types is in [`text`]
//! ([`GameText`](parlour_core::GameText)); the heuristic bot and the search tuning are in `ai`
//! ([`GameAi`](parlour_core::GameAi), behind the default feature `ai`).
//!
//! **Modules**, as in every parlour game crate: [`action`], [`state`], [`observation`],
//! [`setup`], [`sampler`], [`text`], `ai`; and two rules libraries of Phased Out's own,
//! [`groups`] (the type of a group, the phase a list of groups makes, adding a card to a group
//! on the table) and [`finder`] (every way to lay a phase from a hand, and the best one).
//! [`encode`] gives the game as tensors for learning agents
//! ([`Encode`](parlour_core::encode::Encode)): a fixed vector per seat, and each action as tokens
//! (a phase card by card, an add as card, group and position).
//!
//! ```
//! use parlour_cards::parse_cards;
//! use parlour_core::{Game, State};
//! use parlour_phased::groups::{group_type, phase_type, GroupError, GroupType, PhaseType};
//! use parlour_phased::{Phased, PhasedAction, PhasedSetup, PhasedState};
//!
//! // The rules library: what cards make.
//! let set = parse_cards("2S 2S AH").unwrap();
//! assert_eq!(group_type(&set), Ok(GroupType::ValueSet3));
//! let set2 = parse_cards("7H 7S 7D").unwrap();
//! assert_eq!(phase_type(&[set, set2]), Ok(PhaseType(1)));
//! // Only one natural card: not a group.
//! assert_eq!(group_type(&parse_cards("2C AS AC").unwrap()), Err(GroupError::FewNaturals(1)));
//!
//! // A scripted position: seat 1 to draw, holding phase 1 and a 9.
//! let game = Phased::standard();
//! let hands = ["3S", "2S 2S AH 7H 7S 7D 9C", "2D", "2C"];
//! let setup = PhasedSetup {
//!     hands: hands.iter().map(|h| parse_cards(h).unwrap()).collect(),
//!     deck: parse_cards("9S 8S KD").unwrap(),
//!     discard: parse_cards("5H").unwrap(),
//!     current: 1,
//!     ..PhasedSetup::default()
//! };
//! let mut state = PhasedState::from_setup(&game, &setup).unwrap();
//! assert_eq!(state.legal_action_vec(), vec![PhasedAction::Draw, PhasedAction::Take]);
//! state.apply("draw".parse().unwrap()).unwrap();
//! // The legal actions list each way to lay a phase once, in a canonical order ...
//! let listed: PhasedAction = "lay 2S 2S AH / 7S 7H 7D".parse().unwrap();
//! assert!(state.legal_action_vec().contains(&listed));
//! // ... and any valid way of writing it is accepted too.
//! state.apply("lay 2S 2S AH / 7H 7S 7D".parse().unwrap()).unwrap();
//! assert!(state.observation(1).laid[1]);
//! // Resampling seat 0's view keeps what it sees.
//! let obs = state.observation(0);
//! let resampled = game.resample(&obs, &mut parlour_core::rng::seeded(1)).unwrap();
//! assert_eq!(resampled.observation(0), obs);
//! ```

pub mod action;
#[cfg(feature = "ai")]
pub mod ai;
pub mod encode;
pub mod finder;
pub mod groups;
pub mod observation;
pub mod sampler;
pub mod setup;
pub mod state;
pub mod text;

pub use action::{PhasePlay, PhasedAction, MAX_GROUP};
#[cfg(feature = "ai")]
pub use ai::HeuristicBot;
pub use observation::{check_lay, LayError, PhasedObservation, Step, Variant};
pub use sampler::FastSampler;
pub use setup::{PhasedSetup, SeatList, SetupError};
pub use state::{
    Phased, PhasedOptions, PhasedState, FINISH_BONUS, HAND_SIZE, MAX_HANDS, MAX_SCORE, MAX_TURNS,
    PLAYERS,
};

use parlour_core::rng::GameRng;
use parlour_core::{
    Bounds, Chance, Game, GameInfo, Information, Moves, OptionsError, ResampleError, ScoreInfo,
    Seat,
};

impl Game for Phased {
    type Options = PhasedOptions;
    type Action = PhasedAction;
    type Observation = PhasedObservation;
    type State = PhasedState;

    const INFO: GameInfo = GameInfo {
        name: "phased",
        title: "Phased Out",
        about: "a Phase 10 variant: two packs, Aces wild, four players, up to twelve hands, five phases",
        min_players: PLAYERS,
        max_players: PLAYERS,
        chance: Chance::Shuffled,
        information: Information::Imperfect,
        moves: Moves::Sequential,
        variants: &["bonus"],
        score: ScoreInfo {
            unit: "points",
            meaning: "10,000 for completing every phase, minus penalty points",
        },
        tournament_games: 1000,
        strength_deals: 50,
        private: &["seat", "hand"],
    };

    fn new(options: PhasedOptions) -> Result<Phased, OptionsError> {
        Ok(Phased { options })
    }

    fn options(&self) -> &PhasedOptions {
        &self.options
    }

    fn num_players(&self) -> usize {
        PLAYERS
    }

    fn max_decisions(&self) -> Option<u64> {
        Some(state::MAX_DECISIONS)
    }

    fn new_game(&self, seed: u64) -> PhasedState {
        PhasedState::dealt(self, seed)
    }

    /// A full state consistent with `obs`: the cards the observer has not seen (other hands,
    /// less the cards each is known to have taken from the discard pile, and the deck) are
    /// shuffled and dealt by the public sizes; the state's generator is reseeded, so later
    /// hands' deals are new too.
    fn resample(
        &self,
        obs: &PhasedObservation,
        rng: &mut GameRng,
    ) -> Result<PhasedState, ResampleError> {
        sampler::resample(self, obs, rng)
    }

    fn observer(obs: &PhasedObservation) -> Seat {
        obs.seat
    }

    /// Every seat is told the hand an action was made in (`hand`: the hands completed before
    /// it), so a seat that follows the table by its events always knows where a hand starts;
    /// and a `take` names its `card`, the discard pile's top, which every seat saw (the card
    /// turned up at the deal too): `{"hand": 3, "card": "JS"}`.
    fn action_detail(
        &self,
        obs: &PhasedObservation,
        action: &PhasedAction,
    ) -> Option<serde_json::Value> {
        let mut detail = serde_json::json!({ "hand": obs.hands_completed });
        if let (PhasedAction::Take, Some(card)) = (action, obs.discard.last()) {
            detail["card"] = serde_json::Value::String(card.to_string());
        }
        Some(detail)
    }

    /// 10,000 for completing every phase, less the penalty points (never negative).
    fn return_bounds(&self) -> Bounds {
        Bounds::at_most(10_000.0)
    }

    fn figure_bounds(&self) -> Vec<(&'static str, Bounds)> {
        vec![
            ("penalty", Bounds::at_least(0.0)),
            ("phases", Bounds::between(0.0, 5.0)),
        ]
    }
}
