//! # parlour-bots
//!
//! Game-agnostic bots, written against the core API only, so they play every parlour game.
//!
//! - [`RandomBot`]: uniform over the legal actions, from its own seed.
//! - [`ismcts::IsmctsBot`]: information-set Monte Carlo tree search (single- or
//!   multiple-observer), on the core API's sampler of determinizations. Each game tunes it
//!   through [`GameAi::search_tuning`] — its playout policy,
//!   evaluator, exploration constant, playout horizon and default budget — without depending on
//!   this crate; the `ismcts` entry's options (`iters`, `ms`, `c`, `playout`, `variant`, `root`,
//!   `policy`) override the tuning.
//!
//! A game's own bots (a Uno heuristic, say) live in that game's crate and are listed by
//! [`GameAi::bots`]; [`make_bot`] finds a bot by name in either place and
//! applies its options (`search:nodes=50000`, parsed as a [`BotSpec`]).
//!
//! ```
//! use parlour_core::{toy::HighCard, Bot, Decision, Game, State};
//! use parlour_bots::RandomBot;
//!
//! let game = HighCard::new(Default::default()).unwrap();
//! let state = game.new_game(1);
//! let seat = state.current_player().unwrap();
//! let legal = state.legal_action_vec();
//! let observation = state.observation(seat);
//! let mut bot = RandomBot::new(9);
//! let action = Bot::<HighCard>::act(&mut bot, &Decision::new(&game, seat, &observation, &legal));
//! assert!(legal.contains(&action));
//!
//! // ISMCTS, 200 iterations a move: it too sees only the observation.
//! use parlour_bots::ismcts::{Budget, Config, IsmctsBot};
//! let config = Config { budget: Some(Budget::Iterations(200)), ..Config::default() };
//! let mut search = IsmctsBot::<HighCard>::new(config, 9);
//! let action = search.act(&Decision::new(&game, seat, &observation, &legal));
//! assert!(legal.contains(&action));
//! assert_eq!(search.iterations(), if legal.len() > 1 { 200 } else { 0 });
//! ```

pub mod human;
pub mod ismcts;

use parlour_core::encode::Encode;
use parlour_core::rng::{seeded, GameRng};
use parlour_core::search::Root;
use parlour_core::{Bot, BotEntry, BotError, BotSpec, Decision, Game, GameAi};
use rand::RngExt;

/// Plays uniformly at random over the legal actions.
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot with its seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: seeded(seed) }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        d.legal[self.rng.random_range(0..d.legal.len())]
    }
}

/// The game-agnostic bots, as entries for game `G`.
pub fn generic_bots<G: GameAi + Encode>() -> Vec<BotEntry<G>> {
    vec![
        BotEntry {
            name: "random",
            about: "uniform over the legal actions",
            options: &[],
            make: |seed, _| Ok(Box::new(RandomBot::new(seed))),
        },
        BotEntry {
            name: "ismcts",
            about: "information-set Monte Carlo tree search, with the game's playout policy and evaluator",
            options: ISMCTS_OPTIONS,
            make: |seed, options| Ok(Box::new(ismcts_from_options::<G>(seed, options)?)),
        },
        parlour_learn::bot::entry::<G>(),
    ]
}

const ISMCTS_OPTIONS: &[parlour_core::BotOption] = &[
    parlour_core::BotOption {
        name: "iters",
        about: "iterations per move (default: the game's tuning)",
        uses_clock: false,
    },
    parlour_core::BotOption {
        name: "ms",
        about: "milliseconds per move instead of iterations",
        uses_clock: true,
    },
    parlour_core::BotOption {
        name: "c",
        about: "UCB1 exploration constant (default: the game's tuning)",
        uses_clock: false,
    },
    parlour_core::BotOption {
        name: "playout",
        about: "most moves a playout makes before the position is evaluated (default: the game's tuning)",
        uses_clock: false,
    },
    parlour_core::BotOption {
        name: "policy",
        about: "tuned (the game's playout policy and evaluator, default) or plain (random playouts to the end, win or lose)",
        uses_clock: false,
    },
    parlour_core::BotOption {
        name: "variant",
        about: "so (one tree) or mo (a tree per seat); default: the game's tuning",
        uses_clock: false,
    },
    parlour_core::BotOption {
        name: "root",
        about: "tree (grow a search tree), paired (flat: every move played out from the same deals and luck) or halving (paired, dropping the worse half of the moves phase by phase); default: the game's tuning",
        uses_clock: false,
    },
    parlour_core::BotOption {
        name: "eval",
        about: "what a playout's end is worth: tuned (the game's evaluator, default), wins (win or lose) or points (the seat's points over the others' mean, for games judged by points)",
        uses_clock: false,
    },
    parlour_core::BotOption {
        name: "anchor",
        about: "tuned (the game's anchor bot, if any; default), none, or learned (the learned bot, whose move stands unless the search's is clearly better)",
        uses_clock: false,
    },
    parlour_core::BotOption {
        name: "z",
        about: "with an anchor: how many standard errors the search's move must be ahead of the anchor's to replace it (default: the game's tuning)",
        uses_clock: false,
    },
    parlour_core::BotOption {
        name: "model",
        about: "with anchor=learned: the model file (default: the model parlour ships for the game)",
        uses_clock: false,
    },
];

/// An ISMCTS bot from its command-line options.
fn ismcts_from_options<G: GameAi + Encode>(
    seed: u64,
    options: &parlour_core::BotOptions<'_>,
) -> Result<ismcts::IsmctsBot<G>, BotError> {
    let mut config = ismcts::Config::default();
    if let Some(n) = options.get::<u64>("iters")? {
        if n == 0 {
            return Err(options.bad_value("iters", "must be at least 1"));
        }
        config.budget = Some(ismcts::Budget::Iterations(n));
    }
    if let Some(ms) = options.get::<u64>("ms")? {
        if ms == 0 {
            return Err(options.bad_value("ms", "must be at least 1"));
        }
        config.budget = Some(ismcts::Budget::Time(std::time::Duration::from_millis(ms)));
    }
    if let Some(c) = options.get::<f64>("c")? {
        if !(c >= 0.0 && c.is_finite()) {
            return Err(options.bad_value("c", "must be a finite number, 0 or more"));
        }
        config.exploration = Some(c);
    }
    if let Some(v) = options.get::<String>("variant")? {
        config.variant = Some(match v.as_str() {
            "so" => ismcts::Variant::SingleObserver,
            "mo" => ismcts::Variant::MultipleObserver,
            _ => return Err(options.bad_value("variant", "must be so or mo")),
        });
    }
    if let Some(m) = options.get::<u32>("playout")? {
        config.max_playout = Some(m);
    }
    if let Some(p) = options.get::<String>("policy")? {
        config.plain = match p.as_str() {
            "tuned" => false,
            "plain" => true,
            _ => return Err(options.bad_value("policy", "must be tuned or plain")),
        };
    }
    if let Some(r) = options.get::<String>("root")? {
        config.root = Some(match r.as_str() {
            "tree" => Root::Tree,
            "paired" => Root::Paired,
            "halving" => Root::Halving,
            _ => return Err(options.bad_value("root", "must be tree, paired or halving")),
        });
    }
    if let Some(e) = options.get::<String>("eval")? {
        config.eval = match e.as_str() {
            "tuned" => None,
            "wins" => Some(ismcts::Eval::Wins),
            "points" => Some(ismcts::Eval::Points),
            _ => return Err(options.bad_value("eval", "must be tuned, wins or points")),
        };
    }
    if let Some(z) = options.get::<f64>("z")? {
        if !(z >= 0.0 && z.is_finite()) {
            return Err(options.bad_value("z", "must be a finite number, 0 or more"));
        }
        config.anchor_z = Some(z);
    }
    let bot = ismcts::IsmctsBot::new(config, seed);
    let model = options.get::<String>("model")?;
    match options.get::<String>("anchor")?.as_deref() {
        None | Some("tuned") => {
            if model.is_some() {
                return Err(options.bad_value("model", "is for anchor=learned"));
            }
            Ok(bot)
        }
        Some("none") => Ok(bot.with_anchor(None)),
        Some("learned") => {
            let (model, name) = parlour_learn::bot::model_for::<G>(options)?;
            let anchor = parlour_learn::bot::LearnedBot::<G>::new(model, &name, seed)
                .map_err(|e| options.bad_value("model", &e.to_string()))?;
            Ok(bot.with_anchor(Some(Box::new(anchor))))
        }
        Some(_) => Err(options.bad_value("anchor", "must be tuned, none or learned")),
    }
}

/// Every bot `G` can field: the generic bots, then the game's own (strongest first).
pub fn bot_entries<G: GameAi + Encode>() -> Vec<BotEntry<G>> {
    let mut all = generic_bots::<G>();
    all.extend(G::bots().iter().map(|b| BotEntry {
        name: b.name,
        about: b.about,
        options: b.options,
        make: b.make,
    }));
    all
}

/// Every bot name `G` can field, with a description: the generic bots, then the game's own.
pub fn bot_names<G: GameAi + Encode>() -> Vec<(&'static str, &'static str)> {
    bot_entries::<G>()
        .iter()
        .map(|b| (b.name, b.about))
        .collect()
}

/// Makes the bot `spec` names (with its options) for game `G` with `seed`: an unknown bot, an
/// option it does not take or a bad value is an error that says which.
pub fn make_bot<G: GameAi + Encode>(
    spec: &BotSpec,
    seed: u64,
) -> Result<Box<dyn Bot<G>>, BotError> {
    let all = bot_entries::<G>();
    match all.iter().find(|b| b.name == spec.name) {
        Some(entry) => entry.build(spec, seed),
        None => Err(BotError::UnknownBot {
            name: spec.name.clone(),
            game: G::INFO.name.to_string(),
            known: all.iter().map(|b| b.name).collect::<Vec<_>>().join(", "),
        }),
    }
}

/// Whether `spec` makes play depend on the wall clock (e.g. a time budget per move): such a
/// bot does not replay exactly from a seed.
pub fn uses_clock<G: GameAi + Encode>(spec: &BotSpec) -> bool {
    bot_entries::<G>()
        .iter()
        .any(|b| b.name == spec.name && spec.uses_clock(b))
}

/// Makes the bot `spec` names for `game` (see [`make_bot`]), and checks that it can play the
/// game under its options ([`Bot::fits`]): a learned model trained for another table size, say,
/// is refused here, before play.
pub fn make_bot_for<G: GameAi + Encode>(
    game: &G,
    spec: &BotSpec,
    seed: u64,
) -> Result<Box<dyn Bot<G>>, BotError> {
    let bot = make_bot::<G>(spec, seed)?;
    bot.fits(game).map_err(|reason| BotError::Malformed {
        spec: spec.to_string(),
        reason,
    })?;
    Ok(bot)
}

/// Checks that `spec` makes a bot for `G` (name, option names and values), without keeping it.
pub fn check_bot<G: GameAi + Encode>(spec: &BotSpec) -> Result<(), BotError> {
    make_bot::<G>(spec, 0).map(drop)
}
