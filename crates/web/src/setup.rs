//! What a table is made from: the game, its options, who sits where, the seed and the pace;
//! enough to deal it again (a rematch) or to rebuild it with its moves after a restart.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Who sits at a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatSpec {
    /// A person, who plays in a browser holding the seat's token.
    Human {
        /// The name shown.
        name: String,
        /// The secret that takes the seat.
        token: String,
    },
    /// A built-in bot, by its command-line name with options (`ismcts:iters=400`).
    Bot {
        /// The bot.
        bot: String,
    },
    /// An external program from the server's bots file, speaking the bot protocol.
    Program {
        /// The program.
        spec: parlour_protocol::ProgramSpec,
    },
}

/// What a table is made from: enough to deal it again (a rematch), or to rebuild it with its
/// moves after a restart.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TableSetup {
    /// The game's name.
    pub game: String,
    /// Its options.
    pub options: Vec<(String, Value)>,
    /// The seats, in order.
    pub seats: Vec<SeatSpec>,
    /// The deal's seed (bots' seeds derive from it as `parlour play`'s do).
    pub seed: u64,
    /// Milliseconds between bots' moves.
    pub pace_ms: u64,
}

impl TableSetup {
    /// How many seats are external programs.
    pub fn programs(&self) -> usize {
        self.seats
            .iter()
            .filter(|s| matches!(s, SeatSpec::Program { .. }))
            .count()
    }
}
