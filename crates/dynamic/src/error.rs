//! The one error type of the dynamic API, sorted by what was wrong.

/// What went wrong, by kind; the message is the one the command line gives for the same input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DynError {
    /// No registered game has this name.
    #[error("{0}")]
    UnknownGame(String),
    /// Options that make no game.
    #[error("{0}")]
    Options(String),
    /// Text that is not an action of the game.
    #[error("{0}")]
    Action(String),
    /// A well-formed action (or token) the rules do not allow now.
    #[error("{0}")]
    Illegal(String),
    /// An observation that is not the game's, or that no state fits.
    #[error("{0}")]
    Observation(String),
    /// A saved state that does not replay.
    #[error("{0}")]
    State(String),
    /// A trace that does not replay.
    #[error("{0}")]
    Trace(String),
    /// A bot that cannot be made, or that failed.
    #[error("{0}")]
    Bot(String),
    /// A seat the table does not have.
    #[error("{0}")]
    Seat(String),
    /// A request for a decision when the game is over.
    #[error("{0}")]
    GameOver(String),
    /// A tournament that cannot be run.
    #[error("{0}")]
    Tournament(String),
    /// Arrays of the wrong shape handed to a batch.
    #[error("{0}")]
    Shape(String),
}

impl DynError {
    /// The kind, as one word (`options`, `action`, `illegal`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            DynError::UnknownGame(_) => "unknown-game",
            DynError::Options(_) => "options",
            DynError::Action(_) => "action",
            DynError::Illegal(_) => "illegal",
            DynError::Observation(_) => "observation",
            DynError::State(_) => "state",
            DynError::Trace(_) => "trace",
            DynError::Bot(_) => "bot",
            DynError::Seat(_) => "seat",
            DynError::GameOver(_) => "game-over",
            DynError::Tournament(_) => "tournament",
            DynError::Shape(_) => "shape",
        }
    }
}
