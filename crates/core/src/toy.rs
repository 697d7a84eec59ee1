//! A tiny hidden-information game, for examples and for testing the harness itself.
//!
//! **High card**: six cards numbered 1–6 are shuffled; each of two players gets one face down and
//! the rest form a face-down deck. Seat 0, then seat 1, either `stay`s or `swap`s (their card goes
//! face up on the discards and they take the top of the deck). Then both cards are shown: the
//! higher wins (+1/−1).
//!
//! The option `leak_top_card` deliberately puts the deck's top card in every observation, so that
//! tests can prove the conformance harness catches a leak.

use std::fmt;
use std::str::FromStr;

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::encode::{Encode, Layout, Token};
use crate::game::{
    Chance, Game, GameInfo, IllegalAction, Information, Moves, OptionsError, ParseActionError,
    ResampleError, RoundResult, ScoreInfo, Seat, State,
};
use crate::rng::{seeded, GameRng};
use crate::search::GameAi;
use crate::text::GameText;

/// High card's options.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighCardOptions {
    /// Deliberately broken: show the deck's top card to everyone.
    #[serde(default)]
    pub leak_top_card: bool,
    /// Deliberately broken, and self-consistent: show everyone the whole deal, and resample by
    /// copying it back (so the observation survives resampling, yet nothing is hidden).
    #[serde(default)]
    pub leak_all: bool,
    /// Deliberately broken: spell both actions as the same token, and write no vector.
    #[serde(default)]
    pub misspell: bool,
    /// Deliberately broken: repeat the observer's card in a field not listed as private, so
    /// the public view differs from seat to seat.
    #[serde(default)]
    pub misfile_card: bool,
}

/// The game of high card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HighCard {
    options: HighCardOptions,
}

/// A high-card decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HighCardAction {
    /// Keep the card.
    Stay,
    /// Discard it face up and take the deck's top card.
    Swap,
}

impl fmt::Display for HighCardAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HighCardAction::Stay => "stay",
            HighCardAction::Swap => "swap",
        })
    }
}

impl FromStr for HighCardAction {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "stay" => Ok(HighCardAction::Stay),
            "swap" => Ok(HighCardAction::Swap),
            _ => Err(ParseActionError::new(s, "expected `stay` or `swap`")),
        }
    }
}

/// A full high-card position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HighCardState {
    leak: bool,
    leak_all: bool,
    misfile: bool,
    cards: [u8; 2],
    deck: Vec<u8>,
    discards: Vec<u8>,
    moves: Vec<HighCardAction>,
}

/// What one seat of high card sees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighCardObservation {
    /// The observer.
    pub seat: Seat,
    /// The observer's card.
    pub card: u8,
    /// Face-up discards, oldest first.
    pub discards: Vec<u8>,
    /// Cards left in the deck.
    pub deck: usize,
    /// Moves so far, in seat order.
    pub moves: Vec<HighCardAction>,
    /// Both cards, once shown at the end.
    pub showdown: Option<[u8; 2]>,
    /// Present only when the leak is switched on.
    pub leaked_top: Option<u8>,
    /// Both cards and the deck, present only when `leak_all` is switched on.
    pub leaked_all: Option<([u8; 2], Vec<u8>)>,
    /// The observer's card again, present only when `misfile_card` is switched on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub misfiled: Option<u8>,
}

impl GameText for HighCard {
    fn describe(&self, obs: &HighCardObservation) -> String {
        format!(
            "seat {} holds {}; discards {:?}",
            obs.seat, obs.card, obs.discards
        )
    }
}

impl GameAi for HighCard {
    const STRONGEST_BOT: &'static str = "random";
}

impl Game for HighCard {
    type Options = HighCardOptions;
    type Action = HighCardAction;
    type Observation = HighCardObservation;
    type State = HighCardState;
    const INFO: GameInfo = GameInfo {
        name: "highcard",
        title: "High card",
        about: "a two-card test game: each seat discards or keeps, the higher card wins",
        min_players: 2,
        max_players: 2,
        chance: Chance::Shuffled,
        information: Information::Imperfect,
        moves: Moves::Sequential,
        variants: &[],
        score: ScoreInfo {
            unit: "wins",
            meaning: "+1 for a win, -1 for a loss",
        },
        tournament_games: 1000,
        strength_deals: 100,
        private: &["seat", "card"],
    };
    fn new(options: HighCardOptions) -> Result<Self, OptionsError> {
        Ok(HighCard { options })
    }
    fn options(&self) -> &HighCardOptions {
        &self.options
    }
    fn num_players(&self) -> usize {
        2
    }
    fn max_decisions(&self) -> Option<u64> {
        Some(2)
    }
    fn new_game(&self, seed: u64) -> HighCardState {
        let mut rng = seeded(seed);
        let mut deck: Vec<u8> = (1..=6).collect();
        deck.shuffle(&mut rng);
        let cards = [deck.pop().unwrap_or(0), deck.pop().unwrap_or(0)];
        HighCardState {
            leak: self.options.leak_top_card,
            leak_all: self.options.leak_all,
            misfile: self.options.misfile_card,
            cards,
            deck,
            discards: Vec::new(),
            moves: Vec::new(),
        }
    }
    fn resample(
        &self,
        obs: &HighCardObservation,
        rng: &mut GameRng,
    ) -> Result<HighCardState, ResampleError> {
        if obs.seat > 1 {
            return Err(ResampleError::NoSuchSeat {
                seat: obs.seat,
                players: 2,
            });
        }
        if let Some((cards, deck)) = &obs.leaked_all {
            return Ok(HighCardState {
                leak: self.options.leak_top_card,
                leak_all: true,
                misfile: self.options.misfile_card,
                cards: *cards,
                deck: deck.clone(),
                discards: obs.discards.clone(),
                moves: obs.moves.clone(),
            });
        }
        let mut unseen: Vec<u8> = (1..=6)
            .filter(|c| *c != obs.card && !obs.discards.contains(c))
            .collect();
        unseen.shuffle(rng);
        let mut cards = [0; 2];
        cards[obs.seat] = obs.card;
        cards[1 - obs.seat] = match obs.showdown {
            Some(shown) => {
                unseen.retain(|c| *c != shown[1 - obs.seat]);
                shown[1 - obs.seat]
            }
            None => unseen
                .pop()
                .ok_or_else(|| ResampleError::inconsistent("no card left for the opponent"))?,
        };
        if unseen.len() != obs.deck {
            return Err(ResampleError::inconsistent(
                "deck size does not match the unseen cards",
            ));
        }
        Ok(HighCardState {
            leak: self.options.leak_top_card,
            leak_all: self.options.leak_all,
            misfile: self.options.misfile_card,
            cards,
            deck: unseen,
            discards: obs.discards.clone(),
            moves: obs.moves.clone(),
        })
    }
    fn observer(obs: &HighCardObservation) -> Seat {
        obs.seat
    }
}

impl State<HighCard> for HighCardState {
    fn current_player(&self) -> Option<Seat> {
        (self.moves.len() < 2).then_some(self.moves.len())
    }
    fn legal_actions(&self, out: &mut Vec<HighCardAction>) {
        out.clear();
        if !self.is_terminal() {
            out.extend([HighCardAction::Stay, HighCardAction::Swap]);
        }
    }
    fn check(&self, action: HighCardAction) -> Result<(), IllegalAction> {
        if self.is_terminal() {
            return Err(IllegalAction::new(action, "the game is over"));
        }
        Ok(())
    }
    fn apply_unchecked(&mut self, action: HighCardAction) {
        let seat = self.moves.len();
        if action == HighCardAction::Swap {
            if let Some(top) = self.deck.pop() {
                self.discards.push(self.cards[seat]);
                self.cards[seat] = top;
            }
        }
        self.moves.push(action);
    }
    fn returns(&self) -> Vec<f64> {
        if !self.is_terminal() {
            return vec![0.0, 0.0];
        }
        let d = f64::from(self.cards[0]) - f64::from(self.cards[1]);
        vec![d.signum(), -d.signum()]
    }
    fn observation(&self, seat: Seat) -> HighCardObservation {
        HighCardObservation {
            seat,
            card: self.cards[seat],
            discards: self.discards.clone(),
            deck: self.deck.len(),
            moves: self.moves.clone(),
            showdown: self.is_terminal().then_some(self.cards),
            leaked_top: if self.leak {
                self.deck.last().copied()
            } else {
                None
            },
            leaked_all: self.leak_all.then(|| (self.cards, self.deck.clone())),
            misfiled: self.misfile.then_some(self.cards[seat]),
        }
    }
    fn decisions(&self) -> u64 {
        self.moves.len() as u64
    }
    fn last_round(&self) -> Option<RoundResult> {
        let returns = self.returns();
        self.is_terminal().then(|| RoundResult {
            round: 0,
            winners: (0..2).filter(|&s| returns[s] > 0.0).collect(),
            points: returns,
        })
    }
}

impl Encode for HighCard {
    fn observation_layout(&self) -> Layout {
        Layout::new()
            .field("card", 6, "one-hot: the observer's card, 1 to 6")
            .field("discards", 6, "1 for each card discarded face up")
            .field("deck", 1, "cards left in the deck, over 4")
            .field(
                "moves",
                4,
                "one-hot per seat: stay, swap (0 before it moves)",
            )
            .field(
                "showdown",
                12,
                "one-hot per seat: its card, once shown at the end",
            )
    }

    fn encode_observation(&self, obs: &HighCardObservation, out: &mut [f32]) {
        if self.options.misspell {
            return;
        }
        let card = |c: u8| usize::from(c.clamp(1, 6) - 1);
        out[card(obs.card)] = 1.0;
        for &d in &obs.discards {
            out[6 + card(d)] = 1.0;
        }
        out[12] = obs.deck as f32 / 4.0;
        for (seat, m) in obs.moves.iter().enumerate().take(2) {
            out[13 + 2 * seat + usize::from(*m == HighCardAction::Swap)] = 1.0;
        }
        if let Some(shown) = obs.showdown {
            for (seat, &c) in shown.iter().enumerate() {
                out[17 + 6 * seat + card(c)] = 1.0;
            }
        }
    }

    fn action_layout(&self) -> Layout {
        Layout::new().field("stay", 1, "keep the card").field(
            "swap",
            1,
            "discard it and take the deck's top card",
        )
    }

    fn action_tokens(&self, _seat: Seat, action: &HighCardAction, out: &mut Vec<Token>) {
        out.push(match action {
            _ if self.options.misspell => 0,
            HighCardAction::Stay => 0,
            HighCardAction::Swap => 1,
        });
    }
}
