//! The perfect bot never lets a won position go, and so beats random play from one.

use parlour_bots::RandomBot;
use parlour_core::play::play_to_end;
use parlour_core::rng::derive_seed;
use parlour_core::{Bot, Game, State};
use parlour_nim::{Nim, NimOptions, PerfectBot};

#[test]
fn perfect_play_wins_every_won_position_against_random() {
    let game = Nim::new(NimOptions { piles: 4, most: 9 }).unwrap();
    let mut checked = 0;
    for g in 0..400 {
        let state = game.new_game(derive_seed(5, g));
        // Seat 0 moves first: the position is won for it exactly when the nim-sum is not zero.
        let sum = state.piles().iter().fold(0, |x, &p| x ^ p);
        if sum == 0 {
            continue;
        }
        let mut bots: Vec<Box<dyn Bot<Nim>>> = vec![
            Box::new(PerfectBot::new(g)),
            Box::new(RandomBot::new(g + 1)),
        ];
        let end = play_to_end(&game, state, &mut bots).unwrap();
        assert_eq!(end.winners(), vec![0], "game {g}");
        checked += 1;
    }
    assert!(checked > 300, "{checked}");
}
