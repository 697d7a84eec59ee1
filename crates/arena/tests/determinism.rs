use parlour_arena::{run_table, ArenaError, TableConfig};
use parlour_core::{toy::HighCard, Game};

fn run(jobs: usize, seed: u64, rounds: u32) -> Result<parlour_arena::Standings, ArenaError> {
    let config = TableConfig {
        bots: vec!["random".into(), "random".into()],
        rounds,
        seed,
        jobs,
    };
    run_table(
        &config,
        |_| HighCard::new(Default::default()).unwrap(),
        parlour_bots::make_bot::<HighCard>,
        |_| {},
    )
}

#[test]
fn standings_do_not_depend_on_jobs() {
    let one = run(1, 11, 1001).unwrap();
    let two = run(2, 11, 1001).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.rounds, 1001);
    // Each entry sits at each seat; the round counts split 501/500 over the two rotations.
    assert!(one.entries.iter().all(|e| e.rounds == 1001));
}

#[test]
fn different_seeds_give_different_results() {
    assert_ne!(run(1, 1, 500).unwrap(), run(1, 2, 500).unwrap());
}

#[test]
fn zero_rounds_and_unknown_bots_are_errors() {
    assert_eq!(run(1, 1, 0).unwrap_err(), ArenaError::NoRounds);
    let config = TableConfig {
        bots: vec!["random".into(), "nobody".into()],
        rounds: 10,
        seed: 1,
        jobs: 1,
    };
    let err = run_table(
        &config,
        |_| HighCard::new(Default::default()).unwrap(),
        parlour_bots::make_bot::<HighCard>,
        |_| {},
    )
    .unwrap_err();
    assert_eq!(err, ArenaError::UnknownBot("nobody".into()));
}
