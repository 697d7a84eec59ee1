//! The heuristic bot: its margin over uniform random bots (both variants, every seat), its
//! determinism, its blindness to hidden information, and a few positions it must play right.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use parlour_bo::{Bo, BoAction, BoSetup, BoState, HeuristicBot, Outcome};
use parlour_bots::RandomBot;
use parlour_cards::parse_cards;
use parlour_core::conformance::check_bot_is_blind_to_hidden_information;
use parlour_core::play::play;
use parlour_core::rng::derive_seed;
use parlour_core::{Bot, Decision, Game, Seat, State};

/// Counts a bot's decisions and the time they took, in nanoseconds.
struct Timed {
    bot: HeuristicBot,
    clock: Arc<[AtomicU64; 2]>,
}

impl Bot<Bo> for Timed {
    fn act(&mut self, d: &Decision<'_, Bo>) -> BoAction {
        let start = Instant::now();
        let a = self.bot.act(d);
        self.clock[0].fetch_add(1, Ordering::Relaxed);
        self.clock[1].fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
        a
    }
}

/// What one seat did over a set of games.
#[derive(Debug, Default)]
struct Tally {
    wins: u64,
    wins_by_seat: [u64; 4],
    /// Turns taken in the games won.
    win_turns: u64,
    decisions: u64,
    nanos: u64,
}

/// `games` games on the fixed seeds from `seed`, the seat under test rotating through all four
/// seats: the heuristic (or, with `heuristic` false, a random bot as the baseline) against three
/// random bots.
fn table(game: &Bo, games: u64, seed: u64, heuristic: bool) -> Tally {
    let clock = Arc::new([AtomicU64::new(0), AtomicU64::new(0)]);
    let mut t = Tally::default();
    for g in 0..games {
        let s = derive_seed(seed, g);
        let hero = (g % 4) as usize;
        let mut bots: Vec<Box<dyn Bot<Bo>>> = (0..4)
            .map(|k| -> Box<dyn Bot<Bo>> {
                let bs = derive_seed(s, 10 + k as u64);
                if k == hero && heuristic {
                    Box::new(Timed {
                        bot: HeuristicBot::new(bs),
                        clock: clock.clone(),
                    })
                } else {
                    Box::new(RandomBot::new(bs))
                }
            })
            .collect();
        let end = play(game, game.new_game(s), &mut bots, |_| Ok(())).unwrap();
        if end.outcome() == Some(Outcome::Won(hero)) {
            t.wins += 1;
            t.wins_by_seat[hero] += 1;
            t.win_turns += u64::from(end.turns()[hero]) + 1;
        }
    }
    t.decisions = clock[0].load(Ordering::Relaxed);
    t.nanos = clock[1].load(Ordering::Relaxed);
    t
}

/// The Wilson score interval (95%) of `wins` in `games`.
fn wilson(wins: u64, games: u64) -> (f64, f64) {
    let n = games as f64;
    let p = wins as f64 / n;
    let z = 1.96f64;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let d = 1.0 + z * z / n;
    ((centre - spread) / d, (centre + spread) / d)
}

#[test]
fn heuristic_beats_random_in_both_variants() {
    // 400 games a variant, 100 in each seat. A random bot wins about 0.2% of games against three
    // others (almost every game reaches the 20-turn limit); the heuristic almost all of them.
    let games = 400;
    for (game, seed) in [(Bo::standard(), 1), (Bo::bonus(), 2)] {
        let h = table(&game, games, seed, true);
        let r = table(&game, games, seed, false);
        let (h_low, h_high) = wilson(h.wins, games);
        let (r_low, r_high) = wilson(r.wins, games);
        println!(
            "{:?}: heuristic won {}/{games} (95% CI {:.3}–{:.3}; by seat {:?}) in {:.2} turns a \
             win, {:.0} µs a decision; random baseline won {}/{games} ({:.3}–{:.3})",
            game.options().variant,
            h.wins,
            h_low,
            h_high,
            h.wins_by_seat,
            h.win_turns as f64 / h.wins.max(1) as f64,
            h.nanos as f64 / 1e3 / h.decisions.max(1) as f64,
            r.wins,
            r_low,
            r_high,
        );
        assert!(h_low > 0.9, "heuristic won only {}/{games}", h.wins);
        assert!(r_high < 0.05, "the random baseline won {}/{games}", r.wins);
        assert!(
            h_low - r_high > 0.85,
            "margin {:.3} (heuristic's lower bound less random's upper bound)",
            h_low - r_high
        );
        for (seat, &w) in h.wins_by_seat.iter().enumerate() {
            assert!(w >= 90, "seat {seat}: heuristic won only {w} of 100");
        }
        // It wins quickly, not just eventually (it averages about six turns).
        assert!(
            h.win_turns as f64 / h.wins as f64 <= 8.0,
            "{} turns a win",
            h.win_turns as f64 / h.wins as f64
        );
    }
}

/// Every action of a game between four heuristic bots with these seeds.
fn self_play(game: &Bo, seed: u64) -> (Vec<BoAction>, Option<Outcome>) {
    let mut bots: Vec<Box<dyn Bot<Bo>>> = (0..4)
        .map(|k| -> Box<dyn Bot<Bo>> { Box::new(HeuristicBot::new(derive_seed(seed, k))) })
        .collect();
    let mut actions = Vec::new();
    let end = play(game, game.new_game(seed), &mut bots, |step| {
        actions.push(step.action);
        Ok(())
    })
    .unwrap();
    (actions, end.outcome())
}

#[test]
fn heuristic_is_deterministic_given_its_seed() {
    for game in [Bo::standard(), Bo::bonus()] {
        for seed in 0..4 {
            let (a, outcome_a) = self_play(&game, seed);
            let (b, outcome_b) = self_play(&game, seed);
            assert_eq!(a, b, "seed {seed}: the same seeds played differently");
            assert_eq!(outcome_a, outcome_b);
            assert!(!a.is_empty());
        }
    }
}

#[test]
fn heuristic_decisions_do_not_depend_on_hidden_cards() {
    for game in [Bo::standard(), Bo::bonus()] {
        let checked = check_bot_is_blind_to_hidden_information(&game, 4, 5, |seed| {
            Box::new(HeuristicBot::new(seed))
        })
        .unwrap();
        assert!(checked > 400, "{checked}");
    }
}

fn cards(s: &str) -> Vec<parlour_cards::Card> {
    parse_cards(s).unwrap()
}

/// The heuristic's choice for the seat to act.
fn choice(game: &Bo, state: &BoState, seed: u64) -> BoAction {
    let seat: Seat = state.current_player().unwrap();
    let legal = state.legal_action_vec();
    let observation = state.observation(seat);
    HeuristicBot::new(seed).act(&Decision::new(game, seat, &observation, &legal))
}

#[test]
fn heuristic_builds_a_bridge_to_free_its_stockpile_card() {
    // 5H lands on a black 4 or 6. Nothing takes it yet, but 4C follows 3D on d1.0.
    let game = Bo::standard();
    let setup = BoSetup {
        hands: vec![cards("4C 9S 9C JS JC"), vec![], vec![], vec![]],
        stocks: vec![cards("7D 5H"), cards("8D"), cards("8H"), cards("3S")],
        discards: vec![vec![], vec![cards("3D")], vec![], vec![]],
        draw: cards("6S 6C 7S 7C 8S 8C QD QH"),
        ..BoSetup::default()
    };
    let mut state = BoState::from_setup(&game, &setup).unwrap();
    for (seed, expected) in [(1, "4C d1.0"), (2, "s:5H d1.0")] {
        let a = choice(&game, &state, seed);
        assert_eq!(a.to_string(), expected);
        state.apply(a).unwrap();
    }
}

#[test]
fn embargoed_heuristic_plays_its_stockpile_before_clearing() {
    let game = Bo::bonus();
    let setup = BoSetup {
        hands: vec![cards("4C 9S 9C JS JC"), vec![], vec![], vec![]],
        stocks: vec![
            cards("9D 2C"),
            cards("5D 6D 7D 8D"),
            cards("5H 6H 7H 8H"),
            cards("4S 5S 6S 3S"),
        ],
        holds_embargo: vec![true, false, true, true],
        embargoed_by: vec![Some(1), None, None, None],
        draw: cards("6S 6C 7S 7C 8S 8C QD QH"),
        ..BoSetup::default()
    };
    let mut state = BoState::from_setup(&game, &setup).unwrap();
    let a = choice(&game, &state, 1);
    assert!(a.to_string().starts_with("s:2C b"), "{a}");
    state.apply(a).unwrap();
    assert_eq!(choice(&game, &state, 2), BoAction::Clear);
}

#[test]
fn heuristic_embargoes_the_shortest_stockpile() {
    // Its own stockpile top (an Ace, with no red build pile) cannot be helped this turn, so the
    // turn ends; the embargo goes to seat 2, two cards from winning.
    let game = Bo::bonus();
    let setup = BoSetup {
        hands: vec![cards("5S 5C 9S 9C 7S"), vec![], vec![], vec![]],
        stocks: vec![
            cards("4D 6D AH"),
            cards("QS QC 8D"),
            cards("JS 8H"),
            cards("JD JH 0S 0C 3S"),
        ],
        draw: cards("6S 6C 7C 8S 8C QD QH"),
        ..BoSetup::default()
    };
    let state = BoState::from_setup(&game, &setup).unwrap();
    assert_eq!(choice(&game, &state, 1), BoAction::Embargo(2));
}
