//! # parlour-games
//!
//! The registry of every game parlour plays. Everything that works for any game — the command
//! line, the arena's callers, the conformance tests, the Python bindings and the web server —
//! reaches the games through here instead of naming them: [`GAMES`] lists each game's
//! [`GameInfo`], and [`with_game`] runs a [`GameVisitor`] (generic code over one game type) for
//! the game with a given name. A new game is one line in the `registry!` call in this file (see
//! `docs/adding-a-game.md`).
//!
//! Every registered game is [`Playable`]: it has rules ([`Game`]), bots ([`GameAi`]), text
//! for people ([`GameText`]) and a tensor encoding ([`Encode`]).
//!
//! ```
//! use parlour_core::{Game, State};
//! use parlour_games::{with_game, GameVisitor, Playable, GAMES};
//!
//! // How many decisions a game dealt from seed 1 takes when every seat plays its first legal
//! // action, for a game named at run time.
//! struct FirstLegal;
//! impl GameVisitor for FirstLegal {
//!     type Output = u64;
//!     fn visit<G: Playable>(self) -> u64 {
//!         let game = G::new(Default::default()).unwrap();
//!         let mut state = game.new_game(1);
//!         while !state.is_terminal() {
//!             let first = state.legal_action_vec()[0];
//!             state.apply(first).unwrap();
//!         }
//!         state.decisions()
//!     }
//! }
//! assert!(GAMES.iter().any(|info| info.name == "chexers"));
//! assert!(with_game("nim", FirstLegal).unwrap() > 0);
//! assert!(with_game("chess", FirstLegal).is_err());
//! ```

use parlour_core::{Encode, Game, GameAi, GameInfo, GameText};

pub mod options;

pub use parlour_bo::Bo;
pub use parlour_chexers::Chexers;
pub use parlour_go::Go;
pub use parlour_nim::Nim;
pub use parlour_phased::Phased;
pub use parlour_uno::Uno;

/// A game parlour can play in full: rules, bots, text for people and a tensor encoding.
pub trait Playable: Game + GameAi + GameText + Encode {}

impl<G: Game + GameAi + GameText + Encode> Playable for G {}

/// Generic code run for one game, chosen by name at run time (see [`with_game`]).
pub trait GameVisitor {
    /// What the code gives back.
    type Output;

    /// Runs the code for game `G`.
    fn visit<G: Playable>(self) -> Self::Output;
}

/// Generic code run for every game in turn (see [`visit_all`]).
pub trait EachGame {
    /// Runs the code for game `G`.
    fn visit<G: Playable>(&mut self);
}

/// A name that is no registered game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {name:?} (known games: {known})")]
#[non_exhaustive]
pub struct UnknownGame {
    /// The name given.
    pub name: String,
    /// The registered games' names, comma-separated.
    pub known: String,
}

/// Declares the registry: [`GAMES`], [`with_game`] and [`visit_all`] over the listed types.
macro_rules! registry {
    ($($game:ty),+ $(,)?) => {
        /// Every registered game's facts, in the order the command line lists them.
        pub const GAMES: &[&GameInfo] = &[$(&<$game as Game>::INFO),+];

        /// Runs `visitor` for the game named `name`.
        pub fn with_game<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownGame> {
            $(
                if name == <$game as Game>::INFO.name {
                    return Ok(visitor.visit::<$game>());
                }
            )+
            Err(UnknownGame {
                name: name.to_string(),
                known: names().join(", "),
            })
        }

        /// Runs `each` for every registered game, in [`GAMES`] order.
        pub fn visit_all<E: EachGame>(each: &mut E) {
            $( each.visit::<$game>(); )+
        }
    };
}

registry!(Uno, Go, Phased, Bo, Chexers, Nim);

/// The registered games' names, in [`GAMES`] order.
pub fn names() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.name).collect()
}

/// `parlour games`: every game this build plays, with its players, variants and what its
/// score means; every line ends with a newline.
pub fn listing() -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for info in GAMES {
        let players = if info.min_players == info.max_players {
            info.min_players.to_string()
        } else {
            format!("{}-{}", info.min_players, info.max_players)
        };
        let (name, title, about) = (info.name, info.title, info.about);
        let _ = writeln!(out, "{name:<8} {title} · {players} players · {about}");
        if !info.variants.is_empty() {
            let _ = writeln!(
                out,
                "{:<8}   variants: {} (--variant)",
                "",
                info.variants.join(", ")
            );
        }
        let _ = writeln!(out, "{:<8}   score: {}", "", info.score.meaning);
    }
    out
}

/// The facts of the game named `name`.
pub fn info(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().copied().find(|g| g.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Names(Vec<&'static str>);

    impl EachGame for Names {
        fn visit<G: Playable>(&mut self) {
            self.0.push(G::INFO.name);
        }
    }

    #[test]
    fn the_registry_lists_each_game_once_in_one_order() {
        let mut seen = Names(Vec::new());
        visit_all(&mut seen);
        assert_eq!(seen.0, names());
        let mut unique = seen.0.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), GAMES.len());
        for name in names() {
            assert_eq!(info(name).map(|i| i.name), Some(name));
        }
        let err = with_game("chess", Probe).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown game \"chess\" (known games: uno, go, phased, bo, chexers, nim)"
        );
    }

    struct Probe;

    impl GameVisitor for Probe {
        type Output = &'static str;
        fn visit<G: Playable>(self) -> &'static str {
            G::INFO.name
        }
    }

    #[test]
    fn with_game_runs_the_named_game() {
        for name in names() {
            assert_eq!(with_game(name, Probe), Ok(name));
        }
    }
}
