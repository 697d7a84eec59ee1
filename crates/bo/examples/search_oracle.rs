//! Tuning aid: where ISMCTS (seats 0 and 2) and the heuristic disagree, which move wins more
//! often when heuristic bots play the rest of the game from positions drawn from the mover's
//! observation. `search_oracle positions rollouts iters`.
use parlour_bo::ai::{tuning_with, SearchParams};
use parlour_bo::{Bo, BoAction, BoObservation, HeuristicBot, Outcome};
use parlour_bots::ismcts::{Budget, Config, IsmctsBot};
use parlour_core::play::play_to_end;
use parlour_core::rng::{derive_seed, seeded};
use parlour_core::{Bot, Decision, Game, State};

fn rollout_wins(game: &Bo, obs: &BoObservation, a: BoAction, n: u64, seed: u64) -> f64 {
    let mut rng = seeded(seed);
    let mut wins = 0;
    for i in 0..n {
        let mut s = game.resample(obs, &mut rng).unwrap();
        s.apply(a).unwrap();
        let mut bots: Vec<Box<dyn Bot<Bo>>> = (0..4)
            .map(|k| -> Box<dyn Bot<Bo>> { Box::new(HeuristicBot::new(derive_seed(seed ^ i, k))) })
            .collect();
        let end = play_to_end(game, s, &mut bots).unwrap();
        if end.outcome() == Some(Outcome::Won(obs.seat)) {
            wins += 1;
        }
    }
    wins as f64 / n as f64
}

fn main() {
    let a: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (positions, n, iters) = (a[0], a[1], a[2]);
    let p = SearchParams::default();
    let game = Bo::standard();
    let mut found = 0;
    let (mut sum_i, mut sum_h) = (0.0, 0.0);
    let mut diffs = Vec::new();
    'games: for g in 0..1000u64 {
        let mut state = game.new_game(derive_seed(123, g));
        let config = Config {
            budget: Some(Budget::Iterations(iters)),
            ..Config::default()
        };
        let mut ism: Vec<IsmctsBot<Bo>> = (0..4)
            .map(|k| IsmctsBot::with_tuning(config, g * 4 + k, tuning_with(p)))
            .collect();
        let mut hs: Vec<HeuristicBot> = (0..4).map(|k| HeuristicBot::new(g * 4 + k)).collect();
        let mut k = 0u64;
        while let Some(seat) = state.current_player() {
            let legal = state.legal_action_vec();
            let obs = state.observation(seat);
            let d = Decision::new(&game, seat, &obs, &legal);
            let h = hs[seat].act(&d);
            let act = if seat % 2 == 0 && legal.len() > 1 {
                let i = ism[seat].act(&d);
                k += 1;
                if i != h && k % 3 == 0 {
                    let wi = rollout_wins(&game, &obs, i, n, 7 + k);
                    let wh = rollout_wins(&game, &obs, h, n, 7 + k);
                    found += 1;
                    sum_i += wi;
                    sum_h += wh;
                    diffs.push(wi - wh);
                    println!(
                        "{found}: t{} p{} stock {:?} ({} left) hand {:?}: ismcts {i} {wi:.3} vs heuristic {h} {wh:.3}",
                        state.turns()[seat],
                        state.plays(),
                        state.stock(seat).last(),
                        state.stock(seat).len(),
                        state.hand(seat),
                    );
                    if found >= positions {
                        break 'games;
                    }
                }
                i
            } else {
                h
            };
            state.apply(act).unwrap();
        }
    }
    let m = diffs.len() as f64;
    let mean = (sum_i - sum_h) / m;
    let sd = (diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (m - 1.0)).sqrt();
    println!(
        "{m} positions: ismcts {:.4} heuristic {:.4} diff {mean:.4} ± {:.4}",
        sum_i / m,
        sum_h / m,
        1.96 * sd / m.sqrt()
    );
}
