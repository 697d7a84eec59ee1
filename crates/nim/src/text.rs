//! Nim at the terminal.

use parlour_core::GameText;

use crate::observation::NimObservation;
use crate::state::Nim;

impl GameText for Nim {
    fn describe(&self, obs: &NimObservation) -> String {
        let piles: Vec<String> = obs
            .piles
            .iter()
            .enumerate()
            .map(|(i, p)| format!("pile {i}: {p}"))
            .collect();
        let turn = match (obs.current_player, obs.winner) {
            (Some(s), _) if s == obs.seat => {
                "your move (pile:count takes count from a pile)".into()
            }
            (Some(s), _) => format!("seat {s} to move"),
            (None, Some(w)) => format!("seat {w} took the last object and won"),
            (None, None) => "over".into(),
        };
        format!("{} · {turn}", piles.join("  "))
    }
}
