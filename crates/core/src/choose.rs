//! The seeded tie-break every heuristic bot uses: among the best-scored choices, one drawn
//! uniformly from the bot's own generator, so that a bot's play replays exactly from its seed.

use rand::RngExt;

use crate::rng::GameRng;

/// How close two scores must be to count as a tie.
pub const TIE: f64 = 1e-9;

/// The choices scored within [`TIE`] of the highest score in `scored` that `allowed` keeps, one
/// drawn uniformly with `rng` (one draw even when a single choice is left); `None` when none is
/// kept. The highest score is taken over all of `scored`, allowed or not.
pub fn best_scored<T: Copy>(
    scored: &[(T, f64)],
    allowed: impl Fn(&T) -> bool,
    rng: &mut GameRng,
) -> Option<T> {
    let best = scored
        .iter()
        .map(|&(_, v)| v)
        .fold(f64::NEG_INFINITY, f64::max);
    let top: Vec<T> = scored
        .iter()
        .filter(|&&(c, v)| v >= best - TIE && allowed(&c))
        .map(|&(c, _)| c)
        .collect();
    draw(&top, rng)
}

/// The choices with the greatest key (exactly), one drawn uniformly with `rng` (one draw even
/// when a single choice is left); `None` when there are none.
pub fn best_ranked<T: Copy, K: Ord + Copy>(ranked: &[(T, K)], rng: &mut GameRng) -> Option<T> {
    let best = ranked.iter().map(|&(_, k)| k).max()?;
    let top: Vec<T> = ranked
        .iter()
        .filter(|&&(_, k)| k == best)
        .map(|&(c, _)| c)
        .collect();
    draw(&top, rng)
}

/// One of `choices`, drawn uniformly with `rng`; `None` when there are none.
pub fn draw<T: Copy>(choices: &[T], rng: &mut GameRng) -> Option<T> {
    if choices.is_empty() {
        None
    } else {
        Some(choices[rng.random_range(0..choices.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn ties_within_the_tolerance_are_drawn_from_and_others_never() {
        let scored = [(0, 1.0), (1, 3.0), (2, 3.0 + TIE / 2.0), (3, 2.0)];
        let mut rng = seeded(1);
        let mut seen = [0; 4];
        for _ in 0..200 {
            seen[best_scored(&scored, |_| true, &mut rng).unwrap()] += 1;
        }
        assert_eq!(seen[0] + seen[3], 0);
        assert!(seen[1] > 50 && seen[2] > 50, "{seen:?}");
        // The best is taken over every choice: when it is not allowed, the rest do not move up.
        assert_eq!(best_scored(&scored, |&c| c == 0 || c == 3, &mut rng), None);
        assert_eq!(best_scored::<u8>(&[], |_| true, &mut rng), None);
    }

    #[test]
    fn ranked_ties_are_exact() {
        let ranked = [(0, (2, 1)), (1, (2, 1)), (2, (2, 0))];
        let mut rng = seeded(3);
        for _ in 0..50 {
            assert_ne!(best_ranked(&ranked, &mut rng), Some(2));
        }
        assert_eq!(best_ranked::<u8, u8>(&[], &mut rng), None);
    }

    #[test]
    fn a_single_choice_still_draws_once() {
        let (mut a, mut b) = (seeded(5), seeded(5));
        assert_eq!(draw(&[7], &mut a), Some(7));
        let _: usize = b.random_range(0..1);
        assert_eq!(a.random::<u64>(), b.random::<u64>());
    }
}
