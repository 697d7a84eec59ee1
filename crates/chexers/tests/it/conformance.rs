//! The core conformance harness over 2,400 seeded random games, with every expressible action
//! checked against the legal list at sampled states, and the game's own invariants: the pieces
//! on the board plus the exits are the twelve the game began with, and the state's history
//! replays to it.

use parlour_chexers::{Chexers, ChexersAction, ChexersState, Hex};
use parlour_core::conformance::{random_sim_test, Config};
use parlour_core::State;

/// The harness's settings with the game's sampler for search checked too, when the crate has
/// its `ai` feature.
fn with_sampler(config: Config<Chexers>) -> Config<Chexers> {
    #[cfg(feature = "ai")]
    let config = config.with_sampler(<Chexers as parlour_core::GameAi>::sampler);
    config
}

/// Every action the notation can express between neighbouring or in-line hexes, legal or not.
fn universe() -> Vec<ChexersAction> {
    let mut u = vec![ChexersAction::Pass];
    for from in Hex::all() {
        u.push(ChexersAction::Exit { from });
        for to in Hex::all() {
            if from.neighbours().any(|n| n == to) {
                u.push(ChexersAction::Move { from, to });
            }
            if from.between(to).is_some() {
                u.push(ChexersAction::Jump { from, to });
            }
        }
    }
    u
}

fn invariant(state: &ChexersState) -> Result<(), String> {
    let p = state.position();
    let pieces = p.red.len() + p.green.len() + p.blue.len();
    let exits: usize = p.exits.iter().map(|&e| e as usize).sum();
    if pieces + exits != 12 {
        return Err(format!("{pieces} pieces and {exits} exits: not 12"));
    }
    if state.decisions() != u64::from(p.turn) {
        return Err(format!(
            "turn {} but {} decisions",
            p.turn,
            state.decisions()
        ));
    }
    Ok(())
}

/// Observations carry the game's history (the repetition rule needs it), so a state's checks
/// cost time in proportion to the game so far: the 2,400-game run checks every 50th state and
/// resamples every 75th, and a smaller run checks every state.
#[test]
fn conformance_2400_random_games() {
    let mut config = with_sampler(Config::new(
        std::env::var("CHEXERS_GAMES").map_or(2400, |v| v.parse().unwrap()),
        30024,
    ))
    .with_universe(universe())
    .with_check_every(50)
    .with_resample_every(75);
    config.expect_hidden = false;
    let summary = random_sim_test(&Chexers::standard(), &config, invariant).unwrap();
    assert_eq!(summary.games, 2400);
    assert!(summary.longest <= 768);
    assert!(summary.states > 2400 * 10, "{summary:?}");
}

#[test]
fn conformance_every_state_of_12_games() {
    let mut config = with_sampler(Config::new(12, 7))
        .with_universe(universe())
        .with_check_every(1)
        .with_resample_every(3);
    config.expect_hidden = false;
    let summary = random_sim_test(&Chexers::standard(), &config, invariant).unwrap();
    assert_eq!(summary.games, 12);
}

#[test]
fn the_universe_has_every_move_jump_and_exit() {
    let u = universe();
    // Ordered neighbour pairs: 19 inner hexes with 6 neighbours, 12 edge hexes with 4, 6
    // corners with 3.
    let moves = Hex::all().map(|h| h.neighbours().count()).sum::<usize>();
    assert_eq!(moves, 6 * 19 + 4 * 12 + 3 * 6);
    // Ordered pairs two apart in a line: in each of the six directions the board's lines have
    // 4, 5, 6, 7, 6, 5, 4 hexes, and a line of L hexes has L - 2 jumps: 23 a direction.
    let jumps = Hex::all()
        .map(|h| {
            (0..6)
                .filter(|&d| h.neighbour(d).and_then(|n| n.neighbour(d)).is_some())
                .count()
        })
        .sum::<usize>();
    assert_eq!(jumps, 6 * 23);
    assert_eq!(u.len(), 1 + 37 + moves + jumps);
}

/// Each colour's pieces, and the seat to move.
type FullPosition = (Vec<Hex>, Vec<Hex>, Vec<Hex>, usize);

/// The repetition count is exact: at every state of 300 random games it equals a naive count
/// of earlier positions compared in full (pieces and colours on hexes, and the player to
/// move), so neither the Bloom filter nor a key can ever end a game wrongly.
#[test]
fn repetition_counts_equal_a_naive_count_of_full_positions() {
    use parlour_core::rng::{derive_seed, seeded};
    use rand::RngExt;
    let mut repeats = 0;
    for g in 0..300 {
        let mut rng = seeded(derive_seed(99, g));
        let mut state = ChexersState::new();
        let mut seen: Vec<FullPosition> = Vec::new();
        loop {
            let p = state.position();
            let key = (p.red, p.green, p.blue, state.to_move().seat());
            let naive = 1 + seen.iter().filter(|k| **k == key).count() as u32;
            assert_eq!(
                state.occurrences(),
                naive,
                "game {g}, turn {}",
                state.turn()
            );
            repeats += u32::from(naive > 1);
            seen.push(key);
            if state.is_terminal() {
                if naive >= 4 {
                    assert_eq!(
                        state.outcome(),
                        Some(parlour_chexers::Outcome::Draw(
                            parlour_chexers::DrawReason::Repetition
                        ))
                    );
                }
                break;
            }
            let legal = state.legal_action_vec();
            state
                .apply(legal[rng.random_range(0..legal.len())])
                .unwrap();
        }
    }
    assert!(repeats > 100, "the games must revisit positions: {repeats}");
}
