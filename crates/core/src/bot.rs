//! The [`Bot`] trait: a player that sees one seat's observation and picks a legal action.
//!
//! Bots are separate from the rules. A bot never receives a [`State`]: only its
//! seat's observation and the legal actions. A search bot that needs full states asks the game to
//! [`resample`](crate::Game::resample) from that observation. Programs outside parlour, which
//! are also told what other seats did and how the game ended, are `parlour-protocol`'s.

use std::cell::OnceCell;

use crate::game::{Game, Seat, State};

/// One decision put to a bot: the game, the seat, the legal actions, and that seat's
/// [observation](Decision::observation).
///
/// When a game is played by a [`Runner`](crate::play::Runner), the observation is built the
/// first time a bot asks for it, so a bot that never reads it (a random bot) costs the game no
/// observation at all. The state it is built from stays private: a bot can reach nothing but
/// its seat's view.
pub struct Decision<'a, G: Game> {
    /// The game being played (for its options and for resampling).
    pub game: &'a G,
    /// The seat deciding.
    pub seat: Seat,
    /// The legal actions, never empty.
    pub legal: &'a [G::Action],
    view: View<'a, G>,
}

/// Where a decision's observation comes from.
enum View<'a, G: Game> {
    /// Made by the caller.
    Given(&'a G::Observation),
    /// Built from the state on first use (never handed out itself).
    Lazy {
        state: &'a G::State,
        built: OnceCell<G::Observation>,
    },
}

impl<'a, G: Game> Decision<'a, G> {
    /// A decision with its observation already made.
    pub fn new(
        game: &'a G,
        seat: Seat,
        observation: &'a G::Observation,
        legal: &'a [G::Action],
    ) -> Decision<'a, G> {
        Decision {
            game,
            seat,
            legal,
            view: View::Given(observation),
        }
    }

    /// A decision whose observation is built from `state` when first asked for.
    pub(crate) fn lazy(
        game: &'a G,
        seat: Seat,
        state: &'a G::State,
        legal: &'a [G::Action],
    ) -> Decision<'a, G> {
        Decision {
            game,
            seat,
            legal,
            view: View::Lazy {
                state,
                built: OnceCell::new(),
            },
        }
    }

    /// What the deciding seat can see.
    pub fn observation(&self) -> &G::Observation {
        match &self.view {
            View::Given(o) => o,
            View::Lazy { state, built } => built.get_or_init(|| state.observation(self.seat)),
        }
    }

    /// The observation, owned (built now if no bot asked for it).
    pub(crate) fn into_observation(self) -> G::Observation {
        match self.view {
            View::Given(o) => o.clone(),
            View::Lazy { state, built } => built
                .into_inner()
                .unwrap_or_else(|| state.observation(self.seat)),
        }
    }
}

impl<G: Game> std::fmt::Debug for Decision<'_, G> {
    /// The seat, the legal actions and the observation if it has been built (never the state).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let observation = match &self.view {
            View::Given(o) => Some(*o),
            View::Lazy { built, .. } => built.get(),
        };
        f.debug_struct("Decision")
            .field("seat", &self.seat)
            .field("legal", &self.legal)
            .field("observation", &observation)
            .finish()
    }
}

/// A player program. Bots take their seed when made and never use the thread RNG, so a game
/// between bots replays exactly from its seeds.
pub trait Bot<G: Game>: Send {
    /// The action to play; it must be one of `decision.legal`.
    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action;

    /// The bot's work so far, for benchmarks: named running totals such as search nodes or
    /// simulations (none by default).
    fn counters(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    /// Called once before the bot's first decision of a game, with its seat; `decisions` is the
    /// number already made (0 unless play starts mid-game).
    fn start(&mut self, game: &G, seating: Seating) {
        let _ = (game, seating);
    }

    /// Whether the bot can play `game` under its options, or why not: a learned model trained
    /// at another table size, say. Every command that makes bots from a spec asks before play
    /// (a bot that cannot play must still never panic). Every bot fits by default.
    fn fits(&self, game: &G) -> Result<(), String> {
        let _ = game;
        Ok(())
    }
}

/// Where a bot sits in a game (see [`Bot::start`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seating {
    /// The game's number in its tournament or run.
    pub index: u64,
    /// The same for games dealt alike (a duplicate-deal tournament plays each deal in every
    /// seat rotation), different otherwise. External bots use it so that no copy of a program
    /// plays one deal twice and remembers its hands.
    pub deal: u64,
    /// The bot's seat.
    pub seat: Seat,
    /// Decisions made before the bot joins (0 from the deal).
    pub decisions: u64,
}

/// Makes a bot from a seed and its options (see [`BotEntry::build`], which checks the option
/// names first).
pub type BotMaker<G> = fn(seed: u64, options: &BotOptions<'_>) -> Result<Box<dyn Bot<G>>, BotError>;

/// An option a bot takes on the command line (`search:nodes=50000`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotOption {
    /// The key.
    pub name: &'static str,
    /// What it sets, with its default.
    pub about: &'static str,
    /// Whether setting it makes play depend on the wall clock (a time budget), so that the
    /// same seed no longer replays the same game.
    pub uses_clock: bool,
}

/// A named bot a game offers (see [`GameAi::bots`](crate::GameAi::bots)).
pub struct BotEntry<G: Game> {
    /// Its name on the command line.
    pub name: &'static str,
    /// One line on how it plays.
    pub about: &'static str,
    /// The options it takes.
    pub options: &'static [BotOption],
    /// Makes one; called by [`BotEntry::build`] once the option names are known to be valid.
    pub make: BotMaker<G>,
}

impl<G: Game> std::fmt::Debug for BotEntry<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotEntry")
            .field("name", &self.name)
            .finish()
    }
}

impl<G: Game> BotEntry<G> {
    /// Makes the bot `spec` describes (which must name this entry) with `seed`: every option
    /// must be one this bot takes, and each value must parse.
    pub fn build(&self, spec: &BotSpec, seed: u64) -> Result<Box<dyn Bot<G>>, BotError> {
        for (key, _) in &spec.options {
            if !self.options.iter().any(|o| o.name == key) {
                return Err(BotError::UnknownOption {
                    bot: self.name.to_string(),
                    option: key.clone(),
                    known: if self.options.is_empty() {
                        "it takes no options".to_string()
                    } else {
                        format!(
                            "its options are {}",
                            self.options
                                .iter()
                                .map(|o| o.name)
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    },
                });
            }
        }
        (self.make)(
            seed,
            &BotOptions {
                bot: self.name,
                pairs: &spec.options,
            },
        )
    }
}

impl BotSpec {
    /// Whether this spec sets an option of `entry` that makes play depend on the clock.
    pub fn uses_clock<G: Game>(&self, entry: &BotEntry<G>) -> bool {
        self.options
            .iter()
            .any(|(k, _)| entry.options.iter().any(|o| o.name == k && o.uses_clock))
    }
}

/// A bot as named on the command line: `name` or `name:key=value:key=value`
/// (e.g. `search:nodes=50000:depth=6`). Its text form is canonical, so it round-trips.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct BotSpec {
    /// The bot's name.
    pub name: String,
    /// Its options, in the order given.
    pub options: Vec<(String, String)>,
}

impl BotSpec {
    /// A bot with no options.
    pub fn named(name: &str) -> BotSpec {
        BotSpec {
            name: name.to_string(),
            options: Vec::new(),
        }
    }
}

fn is_word(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
}

impl std::str::FromStr for BotSpec {
    type Err = BotError;

    fn from_str(text: &str) -> Result<BotSpec, BotError> {
        let malformed = |reason: &str| BotError::Malformed {
            spec: text.to_string(),
            reason: reason.to_string(),
        };
        let mut parts = text.trim().split(':');
        let name = parts.next().unwrap_or_default().trim();
        if !is_word(name) {
            return Err(malformed(
                "a bot name is letters, digits, '_', '-' or '.' (e.g. heuristic)",
            ));
        }
        let mut options: Vec<(String, String)> = Vec::new();
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| malformed(&format!("option {part:?} is not key=value")))?;
            let (key, value) = (key.trim(), value.trim());
            if !is_word(key) || value.is_empty() {
                return Err(malformed(&format!(
                    "option {part:?} needs a key (letters, digits, '_', '-') and a value"
                )));
            }
            if options.iter().any(|(k, _)| k == key) {
                return Err(malformed(&format!("option {key:?} is given twice")));
            }
            options.push((key.to_string(), value.to_string()));
        }
        Ok(BotSpec {
            name: name.to_string(),
            options,
        })
    }
}

impl std::fmt::Display for BotSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)?;
        for (k, v) in &self.options {
            write!(f, ":{k}={v}")?;
        }
        Ok(())
    }
}

impl TryFrom<String> for BotSpec {
    type Error = BotError;
    fn try_from(s: String) -> Result<BotSpec, BotError> {
        s.parse()
    }
}

impl From<BotSpec> for String {
    fn from(s: BotSpec) -> String {
        s.to_string()
    }
}

/// The options given to one bot, for its maker to read.
#[derive(Debug, Clone, Copy)]
pub struct BotOptions<'a> {
    bot: &'static str,
    pairs: &'a [(String, String)],
}

impl BotOptions<'_> {
    /// No options (the bot's defaults).
    pub const NONE: BotOptions<'static> = BotOptions {
        bot: "",
        pairs: &[],
    };

    /// The value of option `key` parsed as `T`, or `None` when it was not given.
    pub fn get<T>(&self, key: &str) -> Result<Option<T>, BotError>
    where
        T: std::str::FromStr,
        T::Err: std::fmt::Display,
    {
        match self.pairs.iter().find(|(k, _)| k == key) {
            None => Ok(None),
            Some((_, v)) => v.parse().map(Some).map_err(|e: T::Err| BotError::BadValue {
                bot: self.bot.to_string(),
                option: key.to_string(),
                value: v.clone(),
                reason: e.to_string(),
            }),
        }
    }

    /// An error for option `key`'s value: it parsed but is out of range.
    pub fn bad_value(&self, key: &str, reason: &str) -> BotError {
        BotError::BadValue {
            bot: self.bot.to_string(),
            option: key.to_string(),
            value: self
                .pairs
                .iter()
                .find(|(k, _)| k == key)
                .map_or_else(String::new, |(_, v)| v.clone()),
            reason: reason.to_string(),
        }
    }
}

/// Why a bot could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BotError {
    /// The text is not `name[:key=value]...`.
    #[error("bad bot {spec:?}: {reason}")]
    Malformed {
        /// The text given.
        spec: String,
        /// What is wrong with it.
        reason: String,
    },
    /// No bot of that name plays this game.
    #[error("unknown bot {name:?} for {game} (known bots: {known})")]
    UnknownBot {
        /// The name given.
        name: String,
        /// The game.
        game: String,
        /// The bots it has.
        known: String,
    },
    /// The bot has no such option.
    #[error("bot {bot:?} has no option {option:?} ({known})")]
    UnknownOption {
        /// The bot.
        bot: String,
        /// The option given.
        option: String,
        /// The options it does take.
        known: String,
    },
    /// An external program where only built-in bots can be made.
    #[error("{name} is an external program, which only parlour-protocol can run")]
    NotBuiltIn {
        /// The program's name.
        name: String,
    },
    /// An option's value is not valid.
    #[error("bot {bot:?}: option {option}={value:?} is not valid: {reason}")]
    BadValue {
        /// The bot.
        bot: String,
        /// The option.
        option: String,
        /// The value given.
        value: String,
        /// Why it is not valid.
        reason: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::HighCard;

    #[test]
    fn bot_specs_round_trip_through_text_and_json() {
        for text in [
            "random",
            "search:nodes=50000",
            "ismcts:iters=2000:c=0.7",
            "a_b-c.d",
        ] {
            let spec: BotSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
            let json = serde_json::to_string(&spec).unwrap();
            assert_eq!(json, format!("{text:?}"));
            assert_eq!(serde_json::from_str::<BotSpec>(&json).unwrap(), spec);
        }
        let spec: BotSpec = " search : nodes = 5 ".parse().unwrap();
        assert_eq!(spec.to_string(), "search:nodes=5");
    }

    #[test]
    fn malformed_bot_specs_say_what_is_wrong() {
        let reason = |text: &str| match text.parse::<BotSpec>() {
            Err(BotError::Malformed { reason, .. }) => reason,
            other => panic!("{text:?} gave {other:?}"),
        };
        assert!(reason("").contains("a bot name is"));
        assert!(reason("rand om").contains("a bot name is"));
        assert!(reason("search:nodes").contains("is not key=value"));
        assert!(reason("search:=5").contains("needs a key"));
        assert!(reason("search:nodes=").contains("needs a key"));
        assert!(reason("search:nodes=1:nodes=2").contains("given twice"));
        assert!(serde_json::from_str::<BotSpec>("\"a:b\"").is_err());
    }

    const OPTS: &[BotOption] = &[
        BotOption {
            name: "n",
            about: "a number",
            uses_clock: false,
        },
        BotOption {
            name: "ms",
            about: "a time",
            uses_clock: true,
        },
    ];

    fn entry() -> BotEntry<HighCard> {
        BotEntry {
            name: "toy",
            about: "a test bot",
            options: OPTS,
            make: |seed, options| {
                let n: u32 = options.get("n")?.unwrap_or(1);
                if n == 0 {
                    return Err(options.bad_value("n", "must be at least 1"));
                }
                Ok(Box::new(Fixed(seed + u64::from(n))))
            },
        }
    }

    struct Fixed(u64);

    impl Bot<HighCard> for Fixed {
        fn act(&mut self, d: &Decision<'_, HighCard>) -> crate::toy::HighCardAction {
            d.legal[(self.0 % d.legal.len() as u64) as usize]
        }
    }

    /// A decision built from the state hands out only the seat's observation, built when first
    /// read, and its debug text never shows the state (the deck, the other seat's card).
    #[test]
    fn a_lazy_decision_shows_only_the_seats_view() {
        use crate::game::{Game, State};
        let game = HighCard::new(Default::default()).unwrap();
        let state = game.new_game(3);
        let legal = state.legal_action_vec();
        let decision = Decision::lazy(&game, 0, &state, &legal);
        let unread = format!("{decision:?}");
        assert!(unread.contains("observation: None"), "{unread}");
        assert!(!unread.contains("deck"), "{unread}");
        assert_eq!(decision.observation(), &state.observation(0));
        let read = format!("{decision:?}");
        assert!(read.contains("HighCardObservation"), "{read}");
        assert!(!read.contains("deck: ["), "{read}");
        assert_eq!(decision.into_observation(), state.observation(0));
    }

    #[test]
    fn build_checks_option_names_and_values() {
        let e = entry();
        assert!(e.build(&"toy:n=3".parse().unwrap(), 1).is_ok());
        match e.build(&"toy:depth=3".parse().unwrap(), 1) {
            Err(err @ BotError::UnknownOption { .. }) => {
                assert_eq!(
                    err.to_string(),
                    "bot \"toy\" has no option \"depth\" (its options are n, ms)"
                );
            }
            other => panic!("{:?}", other.err()),
        }
        match e.build(&"toy:n=x".parse().unwrap(), 1) {
            Err(err @ BotError::BadValue { .. }) => {
                assert!(err
                    .to_string()
                    .starts_with("bot \"toy\": option n=\"x\" is not valid"))
            }
            other => panic!("{:?}", other.err()),
        }
        match e.build(&"toy:n=0".parse().unwrap(), 1) {
            Err(err) => assert!(err.to_string().ends_with("must be at least 1"), "{err}"),
            Ok(_) => panic!("n=0 accepted"),
        }
        assert!("toy:ms=5".parse::<BotSpec>().unwrap().uses_clock(&e));
        assert!(!"toy:n=5".parse::<BotSpec>().unwrap().uses_clock(&e));
    }
}
