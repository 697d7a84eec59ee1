//! The `learned` bot: the legal action its model values most.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use parlour_core::encode::{Encode, Token};
use parlour_core::{
    Bot, BotEntry, BotError, BotOption, BotOptions, BotSpec, Decision, Game, GameAi, Seat, Seating,
};

use crate::model::{Model, ModelError, Problem, Scratch};
use crate::shipped;

/// A seat's observation vector and its legal actions' tokens, as a model reads them.
#[derive(Debug, Clone, Default)]
pub struct Features {
    /// The observation vector.
    pub state: Vec<f32>,
    /// Every legal action's tokens, one after another.
    pub tokens: Vec<Token>,
    /// Where each action's tokens end in `tokens`.
    pub ends: Vec<usize>,
    /// The action the model's prior bot would play, if it has one.
    pub prior: Option<usize>,
}

impl Features {
    /// Fills in the features of a decision: `observation` seen by `seat`, choosing among
    /// `legal`.
    pub fn fill<G: Encode>(
        &mut self,
        game: &G,
        observation_len: usize,
        seat: Seat,
        observation: &G::Observation,
        legal: &[G::Action],
    ) {
        self.state.clear();
        self.state.resize(observation_len, 0.0);
        game.encode_observation(observation, &mut self.state);
        self.tokens.clear();
        self.ends.clear();
        for a in legal {
            game.action_tokens(seat, a, &mut self.tokens);
            self.ends.push(self.tokens.len());
        }
        self.prior = None;
    }
}

/// Game `G`'s own bot `name` ([`GameAi::bots`]), or why there is none: "not one of G's own
/// bots (…)", listing them.
pub fn own_bot<G: GameAi>(name: &str) -> Result<&'static BotEntry<G>, String> {
    G::bots().iter().find(|b| b.name == name).ok_or_else(|| {
        let known: Vec<&str> = G::bots().iter().map(|b| b.name).collect();
        format!(
            "not one of {}'s own bots ({})",
            G::INFO.name,
            if known.is_empty() {
                "it has none".to_string()
            } else {
                known.join(", ")
            }
        )
    })
}

/// The prior bot `name` of `model` (one of game `G`'s own bots, [`GameAi::bots`]) with `seed`;
/// `file` names the model in the error if `G` has no such bot.
pub fn make_prior<G: GameAi>(
    name: &str,
    seed: u64,
    file: &str,
) -> Result<Box<dyn Bot<G>>, ModelError> {
    let unknown = |reason: String| ModelError {
        file: file.to_string(),
        problem: Problem::BadMeta {
            key: "prior",
            reason,
        },
    };
    let entry =
        own_bot::<G>(name).map_err(|why| unknown(format!("names bot {name:?}, which is {why}")))?;
    let spec: BotSpec = name
        .parse()
        .map_err(|e| unknown(format!("names bot {name:?}: {e}")))?;
    entry
        .build(&spec, seed)
        .map_err(|e| unknown(format!("names bot {name:?}: {e}")))
}

/// Plays the legal action with the highest value under its model (the first of equals). It is
/// deterministic: its seed only seeds the model's prior bot, if the model has one.
pub struct LearnedBot<G: Game> {
    model: Arc<Model>,
    name: String,
    /// The model's prior bot, which is asked at every decision (so it sees the game as it
    /// would playing alone) and whose choice is one of the model's inputs.
    prior: Option<Box<dyn Bot<G>>>,
    features: Features,
    q: Vec<f32>,
    scratch: Scratch,
    /// Whether the model fits the game, once checked.
    checked: Option<Result<(), String>>,
    warned: bool,
}

impl<G: Game> std::fmt::Debug for LearnedBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LearnedBot")
            .field("name", &self.name)
            .field("model", &self.model)
            .finish_non_exhaustive()
    }
}

impl<G: GameAi + Encode> LearnedBot<G> {
    /// A bot playing `model`, which `name` names in messages; `seed` seeds its prior bot. An
    /// error if the model's prior is not one of `G`'s own bots.
    pub fn new(model: Arc<Model>, name: &str, seed: u64) -> Result<LearnedBot<G>, ModelError> {
        let prior = match &model.meta().prior {
            Some(p) => Some(make_prior::<G>(p, seed, name)?),
            None => None,
        };
        Ok(LearnedBot {
            model,
            name: name.to_string(),
            prior,
            features: Features::default(),
            q: Vec::new(),
            scratch: Scratch::default(),
            checked: None,
            warned: false,
        })
    }

    /// The model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Every legal action's value in `d`, in `legal`'s order (asking the prior bot, if any,
    /// for its choice).
    ///
    /// # Panics
    /// If the model does not fit `d`'s game (see [`Model::check_game`]).
    pub fn values(&mut self, d: &Decision<'_, G>) -> &[f32] {
        let len = self.model.meta().observation_len;
        self.features
            .fill(d.game, len, d.seat, d.observation(), d.legal);
        self.features.prior = self.ask_prior(d);
        self.model.q_values(
            &self.features.state,
            &self.features.tokens,
            &self.features.ends,
            self.features.prior,
            &mut self.q,
            &mut self.scratch,
        );
        &self.q
    }

    /// The prior bot's choice in `d`, as an index into `d.legal`.
    fn ask_prior(&mut self, d: &Decision<'_, G>) -> Option<usize> {
        let a = self.prior.as_mut()?.act(d);
        d.legal.iter().position(|&l| l == a)
    }

    fn check(&mut self, game: &G) -> &Result<(), String> {
        self.checked.get_or_insert_with(|| {
            self.model
                .check_game(game, &self.name)
                .map_err(|e| e.to_string())
        })
    }
}

/// The index of the greatest value, the first of equals.
pub fn argmax(values: &[f32]) -> usize {
    let mut best = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] {
            best = i;
        }
    }
    best
}

impl<G: GameAi + Encode> Bot<G> for LearnedBot<G> {
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        if d.legal.len() == 1 {
            self.ask_prior(d);
            return d.legal[0];
        }
        if let Err(e) = self.check(d.game).clone() {
            // Callers check a model against the game before play (`Bot::fits`); one that did
            // not gets a warning, once, and the first legal action, never a panic.
            if !self.warned {
                eprintln!("parlour: the learned bot cannot play this game, so it plays its first legal action: {e}");
                self.warned = true;
            }
            return d.legal[0];
        }
        let values = self.values(d);
        d.legal[argmax(values)]
    }

    fn start(&mut self, game: &G, seating: Seating) {
        self.check(game);
        if let Some(p) = &mut self.prior {
            p.start(game, seating);
        }
    }

    fn fits(&self, game: &G) -> Result<(), String> {
        self.model
            .check_game(game, &self.name)
            .map_err(|e| e.to_string())
    }
}

const OPTIONS: &[BotOption] = &[BotOption {
    name: "model",
    about: "a model file (parlour train GAME writes one); default: the model parlour ships for the game",
    uses_clock: false,
}];

/// Every model loaded so far, by file (a tournament makes a bot a game; each file is read and
/// checked once).
fn cache() -> &'static Mutex<HashMap<String, Arc<Model>>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Model>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The model `options` name (`model=FILE`), or the one shipped for game `G`, loaded once and
/// kept; its name for messages comes with it.
pub fn model_for<G: Game>(options: &BotOptions<'_>) -> Result<(Arc<Model>, String), BotError> {
    let path = options.get::<String>("model")?;
    let key = match &path {
        Some(p) => format!("file:{p}"),
        None => format!("shipped:{}", G::INFO.name),
    };
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    let name = path.clone().unwrap_or_else(|| shipped::name(G::INFO.name));
    if let Some(m) = cache.get(&key) {
        return Ok((m.clone(), name));
    }
    let loaded: Result<Model, ModelError> = match &path {
        Some(p) => Model::load(Path::new(p)),
        None => match shipped::bytes(G::INFO.name) {
            Some(bytes) => Model::from_bytes(bytes, &name),
            None => {
                return Err(options.bad_value(
                    "model",
                    &format!(
                        "parlour ships no model for {} (models ship for: {}); train one with `parlour train {}` and pass learned:model=FILE",
                        G::INFO.name,
                        shipped::games().join(", "),
                        G::INFO.name
                    ),
                ))
            }
        },
    };
    let model = Arc::new(loaded.map_err(|e| options.bad_value("model", &e.to_string()))?);
    if model.meta().game != G::INFO.name {
        return Err(options.bad_value(
            "model",
            &format!(
                "model {name}: it was trained for {}, not {}",
                model.meta().game,
                G::INFO.name
            ),
        ));
    }
    cache.insert(key, model.clone());
    Ok((model, name))
}

fn make<G: GameAi + Encode + 'static>(
    seed: u64,
    options: &BotOptions<'_>,
) -> Result<Box<dyn Bot<G>>, BotError> {
    let (model, name) = model_for::<G>(options)?;
    let bot = LearnedBot::<G>::new(model, &name, seed)
        .map_err(|e| options.bad_value("model", &e.to_string()))?;
    Ok(Box::new(bot))
}

/// The `learned` bot's entry for game `G`.
pub fn entry<G: GameAi + Encode + 'static>() -> BotEntry<G> {
    BotEntry {
        name: "learned",
        about: "a Q-network trained by self-play (parlour train): the legal action it values most",
        options: OPTIONS,
        make: make::<G>,
    }
}
