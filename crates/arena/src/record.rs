//! One finished tournament game, as stored and as the statistics read it.

use parlour_protocol::Fault;
use serde::{Deserialize, Serialize};

/// An extra per-seat figure a game reports beside its return (e.g. Phased Out's penalty points).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// Its name, e.g. `penalty`.
    pub name: String,
    /// Each seat's value.
    pub values: Vec<f64>,
}

/// One finished game of a tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's index in the schedule (its seed derives from it).
    pub index: u64,
    /// The deal group: the `k` games of one group share a table of entries (rotated) and, with
    /// duplicate deals, one deal.
    pub deal: u64,
    /// The entry (index into the tournament's entry list) at each seat.
    pub seats: Vec<usize>,
    /// Each seat's return, in the game's own unit (higher is better).
    pub returns: Vec<f64>,
    /// The seats that won (empty for a draw).
    pub winners: Vec<usize>,
    /// Extra figures, the same names in every game of a tournament.
    pub figures: Vec<Figure>,
    /// Player decisions made in the game.
    pub decisions: u64,
    /// External bots' faults in the game, by seat, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<SeatFault>,
    /// Seats that forfeited the game (their entry had forfeited, or their program was lost
    /// mid-game; a random stand-in played for them): never credited with a win even when listed
    /// in `winners`, and placed last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forfeited: Vec<usize>,
}

/// One fault of the bot at a seat (see `docs/protocol.md`, "Faults").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatFault {
    /// The seat.
    pub seat: usize,
    /// The fault.
    #[serde(flatten)]
    pub fault: Fault,
}

impl GameRecord {
    /// Each seat's placement, 1 = best: winners first, then by return, forfeited seats last;
    /// tied seats share the mean of the places they span (two seats tied for 2nd and 3rd both
    /// get 2.5).
    pub fn placements(&self) -> Vec<f64> {
        let key = |s: usize| {
            let present = !self.forfeited.contains(&s);
            // A forfeited seat's return is left out of its ordering: all forfeited seats tie.
            (
                present,
                present && self.winners.contains(&s),
                if present { self.returns[s] } else { 0.0 },
            )
        };
        let k = self.seats.len();
        (0..k)
            .map(|s| {
                let (p, w, r) = key(s);
                let better = (0..k)
                    .filter(|&o| {
                        let (op, ow, or) = key(o);
                        op & !p || (op == p && (ow & !w || (ow == w && or > r)))
                    })
                    .count();
                let tied = (0..k).filter(|&o| key(o) == (p, w, r)).count();
                better as f64 + (tied as f64 + 1.0) / 2.0
            })
            .collect()
    }
}
