//! What a table is made from: the game, its options, who sits where, the seed and the pace;
//! enough to deal it again (a rematch) or to rebuild it with its moves after a restart.

pub use parlour_protocol::SeatSpec;
use serde::{Deserialize, Serialize};
use serde_json::Value;

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
        self.seats.iter().filter(|s| s.program().is_some()).count()
    }
}
