//! The race, in half-steps: how far each colour is from finishing. Every Chexers bot judges a
//! position by it — the greedy bot and the alpha-beta search directly, and Monte Carlo search
//! through its evaluator.

use crate::board::{Colour, HexMask, DISTANCE};
use crate::setup::EXITS_TO_WIN;
use crate::state::ChexersState;

/// Half-steps charged for each piece a colour lacks to finish (it must convert one first).
const MISSING_PIECE: i32 = 24;
/// Half-steps credited for each piece held beyond the ones needed to finish (at most four).
const SPARE_PIECE: i32 = 3;

/// How good the position is for `colour`, in half-steps (higher is better): minus the actions
/// its `4 - exits` nearest pieces need to walk to the exit edge and leave (a step counts 2,
/// leaving counts 2), minus 24 half-steps for each piece it lacks (it must convert one first),
/// plus 3 for each spare piece (at most four count).
pub fn score(pieces: HexMask, exits: u8, colour: Colour) -> i32 {
    let need = i32::from(EXITS_TO_WIN.saturating_sub(exits));
    // Pieces by distance to the exit edge (0..=6).
    let mut by_distance = [0i32; 7];
    let mut m = pieces;
    let dist = &DISTANCE[colour.seat()];
    while m != 0 {
        let h = m.trailing_zeros() as usize;
        m &= m - 1;
        by_distance[usize::from(dist[h & 63])] += 1;
    }
    let held = pieces.count_ones() as i32;
    let mut left = need;
    let mut cost = 0;
    for (d, &n) in by_distance.iter().enumerate() {
        let take = n.min(left);
        cost += take * (2 * d as i32 + 2);
        left -= take;
        if left == 0 {
            break;
        }
    }
    cost += left * MISSING_PIECE;
    -cost + SPARE_PIECE * (held - need).clamp(0, 4)
}

/// Each colour's [`score`] in `state`, by seat.
pub(crate) fn scores(state: &ChexersState) -> [i32; 3] {
    let exits = state.exits();
    Colour::ALL.map(|c| score(state.pieces_mask(c), exits[c.seat()], c))
}
