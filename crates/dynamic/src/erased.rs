//! The dynamic API's implementation: one generic type per trait, instantiated for each
//! registered game through the registry.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use parlour_core::encode::{Choice, Encoder, Layout, Step, Token};
use parlour_core::rng::seeded;
use parlour_core::{Bot, BotSpec, Decision, GameInfo, Seating, State};
use parlour_games::Playable;
use serde_json::{json, Value};

use crate::batch::{AnyBatch, Batch};
use crate::error::DynError;
use crate::inner::{check_len, Inner};
use crate::{AnyBot, AnyGame, AnyState, Entry, TournamentRequest, STATE_FORMAT};

/// [`AnyGame`] for one game type.
pub(crate) struct GameHandle<G: Playable>(pub(crate) Arc<Inner<G>>);

impl<G: Playable> GameHandle<G> {
    pub(crate) fn new(game: G) -> GameHandle<G> {
        GameHandle(Arc::new(Inner {
            encoder: Encoder::new(game),
        }))
    }

    fn state(&self, state: G::State, origin: Origin) -> StateHandle<G> {
        StateHandle {
            inner: self.0.clone(),
            state,
            origin,
            actions: Vec::new(),
            choice: Choice::new(),
            choice_at: None,
        }
    }

    pub(crate) fn read_observation(&self, observation: &Value) -> Result<G::Observation, DynError> {
        let obs: G::Observation = serde_json::from_value(observation.clone()).map_err(|e| {
            DynError::Observation(format!("not a {} observation: {e}", G::INFO.name))
        })?;
        let seat = G::observer(&obs);
        if seat >= self.0.game().num_players() {
            return Err(DynError::Observation(format!(
                "no seat {seat} at a table of {}",
                self.0.game().num_players()
            )));
        }
        Ok(obs)
    }
}

impl<G: Playable> fmt::Debug for GameHandle<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({})", G::INFO.name, self.options())
    }
}

/// Where a state began: a deal from a seed, or a resample of one seat's observation.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Origin {
    Seed(u64),
    Resample { observation: Value, seed: u64 },
}

impl Origin {
    fn to_json(&self) -> Value {
        match self {
            Origin::Seed(seed) => json!({ "seed": seed }),
            Origin::Resample { observation, seed } => {
                json!({ "resample": { "observation": observation, "seed": seed } })
            }
        }
    }
}

pub(crate) fn bad_bot(e: impl fmt::Display) -> DynError {
    DynError::Bot(e.to_string())
}

impl<G: Playable> AnyGame for GameHandle<G> {
    fn info(&self) -> &'static GameInfo {
        &G::INFO
    }

    fn options(&self) -> Value {
        serde_json::to_value(self.0.game().options()).unwrap_or(Value::Null)
    }

    fn num_players(&self) -> usize {
        self.0.game().num_players()
    }

    fn max_decisions(&self) -> Option<u64> {
        self.0.game().max_decisions()
    }

    fn new_state(&self, seed: u64) -> Box<dyn AnyState> {
        Box::new(self.state(self.0.game().new_game(seed), Origin::Seed(seed)))
    }

    fn observation_len(&self) -> usize {
        self.0.encoder.observation_len()
    }

    fn action_space(&self) -> usize {
        self.0.encoder.action_space()
    }

    fn max_tokens(&self) -> usize {
        self.0.game().max_tokens()
    }

    fn observation_layout(&self) -> Layout {
        self.0.encoder.layout()
    }

    fn action_layout(&self) -> Layout {
        self.0.game().action_layout()
    }

    fn resample(&self, observation: &Value, seed: u64) -> Result<Box<dyn AnyState>, DynError> {
        let obs = self.read_observation(observation)?;
        let state = self
            .0
            .game()
            .resample(&obs, &mut seeded(seed))
            .map_err(|e| DynError::Observation(e.to_string()))?;
        Ok(Box::new(self.state(
            state,
            Origin::Resample {
                observation: observation.clone(),
                seed,
            },
        )))
    }

    fn encode_observation(&self, observation: &Value, out: &mut [f32]) -> Result<(), DynError> {
        let obs = self.read_observation(observation)?;
        check_len(out.len(), self.observation_len())?;
        self.0.encoder.encode(&obs, &[], out);
        Ok(())
    }

    fn public_view(&self, observation: &Value) -> Result<Value, DynError> {
        Ok(G::public_view(&self.read_observation(observation)?))
    }

    fn describe(&self, observation: &Value) -> Result<String, DynError> {
        let obs = self.read_observation(observation)?;
        Ok(self.0.game().describe(&obs))
    }

    fn load_state(&self, record: &Value) -> Result<Box<dyn AnyState>, DynError> {
        let bad = |why: String| DynError::State(format!("cannot load the state: {why}"));
        let origin = record
            .get("origin")
            .ok_or_else(|| bad("no origin".into()))?;
        let mut state = if let Some(seed) = origin.get("seed") {
            let seed = seed
                .as_u64()
                .ok_or_else(|| bad(format!("the seed {seed} is not a whole number")))?;
            self.state(self.0.game().new_game(seed), Origin::Seed(seed))
        } else if let Some(r) = origin.get("resample") {
            let (Some(observation), Some(seed)) =
                (r.get("observation"), r.get("seed").and_then(Value::as_u64))
            else {
                return Err(bad(
                    "a resample origin needs an observation and a seed".into()
                ));
            };
            let obs = self
                .read_observation(observation)
                .map_err(|e| bad(e.to_string()))?;
            let s = self
                .0
                .game()
                .resample(&obs, &mut seeded(seed))
                .map_err(|e| bad(e.to_string()))?;
            self.state(
                s,
                Origin::Resample {
                    observation: observation.clone(),
                    seed,
                },
            )
        } else {
            return Err(bad(format!("unknown origin {origin}")));
        };
        let actions = match record.get("actions") {
            None => &[][..],
            Some(Value::Array(a)) => &a[..],
            Some(other) => return Err(bad(format!("actions {other} is not a list"))),
        };
        for (i, a) in actions.iter().enumerate() {
            let text = a
                .as_str()
                .ok_or_else(|| bad(format!("action {i} ({a}) is not a string")))?;
            state
                .apply(text)
                .map_err(|e| bad(format!("action {i}: {e}")))?;
        }
        Ok(Box::new(state))
    }

    fn bot(&self, spec: &str, seed: u64) -> Result<Box<dyn AnyBot>, DynError> {
        let parsed: BotSpec = spec.parse().map_err(bad_bot)?;
        let bot = parlour_bots::make_bot_for::<G>(self.0.game(), &parsed, seed).map_err(bad_bot)?;
        Ok(Box::new(BotHandle::<G> {
            inner: self.0.clone(),
            name: parsed.to_string(),
            bot,
            started: None,
        }))
    }

    fn bot_names(&self) -> Vec<(&'static str, &'static str)> {
        parlour_bots::bot_names::<G>()
    }

    fn strongest_bot(&self) -> &'static str {
        G::STRONGEST_BOT
    }

    fn table(
        &self,
        seats: &[parlour_protocol::SeatSpec],
        seed: u64,
        stand_in: &BotSpec,
        logs: Option<&std::path::Path>,
    ) -> Result<Box<dyn crate::AnyTable>, DynError> {
        self.seat(seats, seed, stand_in, logs)
    }

    fn batch(&self, envs: usize, seed: u64) -> Box<dyn AnyBatch> {
        Box::new(Batch::new(self.0.clone(), envs, seed))
    }

    fn action_visible(&self, actor: usize, action: &str, viewer: usize) -> Result<bool, DynError> {
        let a: G::Action = action
            .trim()
            .parse()
            .map_err(|e: parlour_core::ParseActionError| DynError::Action(e.to_string()))?;
        Ok(self.0.game().action_visible(actor, &a, viewer))
    }

    fn play(&self, seats: &[Entry], seed: u64) -> Result<Box<dyn AnyState>, DynError> {
        let (end, actions) = crate::tournament::play(self.0.game(), seats, seed)?;
        let mut state = self.state(end, Origin::Seed(seed));
        state.actions = actions;
        Ok(Box::new(state))
    }

    fn tournament(&self, request: &TournamentRequest) -> Result<Value, DynError> {
        crate::tournament::run(self.0.game(), request)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// [`AnyState`] for one game type: the state, how it began and the actions since (its saved
/// form), and the decision's token choice.
pub(crate) struct StateHandle<G: Playable> {
    pub(crate) inner: Arc<Inner<G>>,
    pub(crate) state: G::State,
    origin: Origin,
    actions: Vec<G::Action>,
    choice: Choice<G>,
    /// The decision count the choice was built at.
    choice_at: Option<u64>,
}

impl<G: Playable> Clone for StateHandle<G> {
    fn clone(&self) -> Self {
        StateHandle {
            inner: self.inner.clone(),
            state: self.state.clone(),
            origin: self.origin.clone(),
            actions: self.actions.clone(),
            choice: self.choice.clone(),
            choice_at: self.choice_at,
        }
    }
}

impl<G: Playable> fmt::Debug for StateHandle<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} state after {} decisions",
            G::INFO.name,
            self.state.decisions()
        )
    }
}

impl<G: Playable> StateHandle<G> {
    fn seat(&self, seat: usize) -> Result<usize, DynError> {
        let n = self.inner.game().num_players();
        if seat < n {
            Ok(seat)
        } else {
            Err(DynError::Seat(format!("no seat {seat} at a table of {n}")))
        }
    }

    fn fresh_choice(&mut self) -> Result<&mut Choice<G>, DynError> {
        if self.state.is_terminal() {
            return Err(DynError::GameOver(
                "the game is over: there is no decision".into(),
            ));
        }
        let now = self.state.decisions();
        if self.choice_at != Some(now) {
            self.choice.reset(self.inner.game(), &self.state);
            self.choice_at = Some(now);
        }
        Ok(&mut self.choice)
    }

    fn prefix(&self) -> &[Token] {
        if self.choice_at == Some(self.state.decisions()) {
            self.choice.prefix()
        } else {
            &[]
        }
    }

    fn play(&mut self, action: G::Action) -> Result<(), DynError> {
        self.state
            .apply(action)
            .map_err(|e| DynError::Illegal(e.to_string()))?;
        self.actions.push(action);
        Ok(())
    }

    fn parse(&self, text: &str) -> Result<G::Action, DynError> {
        text.trim()
            .parse::<G::Action>()
            .map_err(|e| DynError::Action(e.to_string()))
    }
}

impl<G: Playable> AnyState for StateHandle<G> {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn AnyState> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn AnyState) -> bool {
        other
            .as_any()
            .downcast_ref::<StateHandle<G>>()
            .is_some_and(|o| o.state == self.state && o.prefix() == self.prefix())
    }

    fn game(&self) -> Box<dyn AnyGame> {
        Box::new(GameHandle(self.inner.clone()))
    }

    fn current_player(&self) -> Option<usize> {
        self.state.current_player()
    }

    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }

    fn decisions(&self) -> u64 {
        self.state.decisions()
    }

    fn rounds_completed(&self) -> u32 {
        self.state.rounds_completed()
    }

    fn legal_actions(&self) -> Vec<String> {
        self.state
            .legal_action_vec()
            .iter()
            .map(|a| a.to_string())
            .collect()
    }

    fn check(&self, action: &str) -> Result<(), DynError> {
        let a = self.parse(action)?;
        self.state
            .check(a)
            .map_err(|e| DynError::Illegal(e.to_string()))
    }

    fn apply(&mut self, action: &str) -> Result<(), DynError> {
        if self.state.is_terminal() {
            return Err(DynError::GameOver(format!(
                "the game is over: {action:?} cannot be played"
            )));
        }
        let a = self.parse(action)?;
        self.play(a)
    }

    fn legal_mask(&mut self, out: &mut [bool]) -> Result<(), DynError> {
        check_len(out.len(), self.inner.encoder.action_space())?;
        match self.fresh_choice() {
            Ok(choice) => choice.mask(out),
            Err(_) => out.fill(false),
        }
        Ok(())
    }

    fn pending(&self) -> Vec<Token> {
        self.prefix().to_vec()
    }

    fn apply_token(&mut self, token: Token) -> Result<Option<String>, DynError> {
        let choice = self.fresh_choice()?;
        match choice.push(token) {
            Ok(Step::Pending) => Ok(None),
            Ok(Step::Action(a)) => {
                self.play(a)?;
                Ok(Some(a.to_string()))
            }
            Err(e) => Err(DynError::Illegal(e.to_string())),
        }
    }

    fn clear_pending(&mut self) {
        if self.choice_at == Some(self.state.decisions()) {
            self.choice.clear_prefix();
        }
    }

    fn action_tokens(&self, action: &str) -> Result<Vec<Token>, DynError> {
        let a = self.parse(action)?;
        let seat = self.state.current_player().ok_or_else(|| {
            DynError::GameOver("the game is over: no seat spells an action".into())
        })?;
        let mut out = Vec::new();
        self.inner.game().action_tokens(seat, &a, &mut out);
        Ok(out)
    }

    fn returns(&self) -> Vec<f64> {
        self.state.returns()
    }

    fn winners(&self) -> Vec<usize> {
        self.state.winners()
    }

    fn observation(&self, seat: usize) -> Result<Value, DynError> {
        let seat = self.seat(seat)?;
        serde_json::to_value(self.state.observation(seat))
            .map_err(|e| DynError::Observation(e.to_string()))
    }

    fn public_view(&self) -> Value {
        G::public_view(&self.state.observation(0))
    }

    fn encode(&self, seat: usize, out: &mut [f32]) -> Result<(), DynError> {
        let seat = self.seat(seat)?;
        check_len(out.len(), self.inner.encoder.observation_len())?;
        let prefix = if self.state.current_player() == Some(seat) {
            self.prefix()
        } else {
            &[]
        };
        self.inner
            .encoder
            .encode(&self.state.observation(seat), prefix, out);
        Ok(())
    }

    fn describe(&self, seat: usize) -> Result<String, DynError> {
        let seat = self.seat(seat)?;
        Ok(self.inner.game().describe(&self.state.observation(seat)))
    }

    fn resample(&self, seat: usize, seed: u64) -> Result<Box<dyn AnyState>, DynError> {
        let obs = self.observation(seat)?;
        GameHandle(self.inner.clone()).resample(&obs, seed)
    }

    fn record(&self) -> Value {
        json!({
            "format": STATE_FORMAT,
            "game": G::INFO.name,
            "options": serde_json::to_value(self.inner.game().options()).unwrap_or(Value::Null),
            "origin": self.origin.to_json(),
            "actions": self.actions.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
        })
    }

    fn history(&self) -> Vec<String> {
        self.actions.iter().map(|a| a.to_string()).collect()
    }

    fn trace(&self, seats: &[String]) -> Result<String, DynError> {
        let Origin::Seed(seed) = self.origin else {
            return Err(DynError::State(
                "a resampled state has no trace: it was not dealt from a seed".into(),
            ));
        };
        let game = self.inner.game();
        let io = |e: std::io::Error| DynError::State(e.to_string());
        let mut writer =
            parlour_core::trace::TraceWriter::new(Vec::new(), game, seed, seats).map_err(io)?;
        let mut state = game.new_game(seed);
        let mut legal = Vec::new();
        for &action in &self.actions {
            let seat = state
                .current_player()
                .ok_or_else(|| DynError::State("an action after the end".into()))?;
            let observation = state.observation(seat);
            state.legal_actions(&mut legal);
            let before = state.clone();
            state
                .apply(action)
                .map_err(|e| DynError::State(e.to_string()))?;
            writer
                .step(&parlour_core::play::Step::<G> {
                    before: &before,
                    seat,
                    observation: &observation,
                    legal: &legal,
                    action,
                    after: &state,
                })
                .map_err(io)?;
        }
        let bytes = if state.is_terminal() {
            writer.finish::<G>(&state).map_err(io)?
        } else {
            writer.into_inner()
        };
        String::from_utf8(bytes).map_err(|e| DynError::State(e.to_string()))
    }
}

/// [`AnyBot`] for one game type: a built-in bot.
pub(crate) struct BotHandle<G: Playable> {
    inner: Arc<Inner<G>>,
    name: String,
    bot: Box<dyn Bot<G>>,
    /// The seat the bot was last started for.
    started: Option<usize>,
}

/// `bot`'s decision at `s` in `game`, the bot started (once, `started` remembering the seat) for
/// the seat to move: what a built-in bot and a program both do to act on a state.
fn decide<G: Playable>(
    bot: &mut dyn Bot<G>,
    started: &mut Option<usize>,
    game: &G,
    s: &StateHandle<G>,
) -> Result<String, DynError> {
    let Some(seat) = s.state.current_player() else {
        return Err(DynError::GameOver(
            "the game is over: there is no decision".into(),
        ));
    };
    if *started != Some(seat) {
        bot.start(
            game,
            Seating {
                index: 0,
                deal: 0,
                seat,
                decisions: s.state.decisions(),
            },
        );
        *started = Some(seat);
    }
    let legal = s.state.legal_action_vec();
    let obs = s.state.observation(seat);
    Ok(bot
        .act(&Decision::new(game, seat, &obs, &legal))
        .to_string())
}

impl<G: Playable> AnyBot for BotHandle<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn act(&mut self, state: &dyn AnyState) -> Result<String, DynError> {
        let Some(s) = state.as_any().downcast_ref::<StateHandle<G>>() else {
            return Err(DynError::Bot(format!(
                "a {} bot cannot play {}",
                G::INFO.name,
                state.game().info().name
            )));
        };
        decide(self.bot.as_mut(), &mut self.started, s.inner.game(), s)
    }

    fn act_on(&mut self, observation: &Value, legal: &[String]) -> Result<String, DynError> {
        let obs = GameHandle(self.inner.clone()).read_observation(observation)?;
        let legal = legal
            .iter()
            .map(|t| {
                t.trim()
                    .parse::<G::Action>()
                    .map_err(|e| DynError::Action(e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if legal.is_empty() {
            return Err(DynError::GameOver("no legal action to choose from".into()));
        }
        let seat = G::observer(&obs);
        let game = self.inner.game();
        if self.started != Some(seat) {
            self.bot.start(
                game,
                Seating {
                    index: 0,
                    deal: 0,
                    seat,
                    decisions: 0,
                },
            );
            self.started = Some(seat);
        }
        Ok(self
            .bot
            .act(&Decision::new(game, seat, &obs, &legal))
            .to_string())
    }
}
