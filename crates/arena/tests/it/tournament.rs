//! Tournaments end to end: determinism across threads and interruptions, duplicate deals,
//! every landed game's results, and the early stop.

use parlour_arena::schedule::ScheduleKind;
use parlour_arena::stats::EarlyStop;
use parlour_arena::store::StoreError;
use parlour_arena::{ArenaError, GameRecord, RunResult, Tournament, TournamentConfig};
use parlour_core::{Bot, BotError, BotSpec, Game, GameAi, State};
use parlour_protocol::{EntrySpec, Player};
use parlour_uno::Uno;

fn make<G: GameAi + parlour_core::encode::Encode>(
    entry: &EntrySpec,
    seed: u64,
) -> Result<Player<G>, BotError> {
    Player::built_in(entry, seed)
}

fn specs(text: &str) -> Vec<EntrySpec> {
    text.split(',')
        .map(|t| EntrySpec::Bot(t.parse().unwrap()))
        .collect()
}

fn uno_tournament(bots: &str, games: u64, seed: u64) -> Tournament<Uno> {
    let game = Uno::new(Default::default()).unwrap().tournament_unit();
    let config = TournamentConfig::new(&game, specs(bots), games, seed);
    Tournament::new(game, config, &make::<Uno>).unwrap()
}

fn run_all<G: GameAi + parlour_core::encode::Encode>(
    t: &Tournament<G>,
    jobs: usize,
    done: Vec<GameRecord>,
) -> RunResult {
    t.run(jobs, done, &make::<G>, &mut |_| Ok(()), &mut |_| {})
        .unwrap()
}

/// [`run_all`] from nothing, with the games it recorded, in index order.
fn run_records<G: GameAi + parlour_core::encode::Encode>(
    t: &Tournament<G>,
    jobs: usize,
) -> (RunResult, Vec<GameRecord>) {
    let mut kept = Vec::new();
    let r = t
        .run(
            jobs,
            Vec::new(),
            &make::<G>,
            &mut |b| {
                kept.extend_from_slice(b);
                Ok(())
            },
            &mut |_| {},
        )
        .unwrap();
    kept.sort_by_key(|r| r.index);
    (r, kept)
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let t = uno_tournament("heuristic,random,random,random", 400, 11);
    let one = run_all(&t, 1, Vec::new());
    assert_eq!(one.played, 400);
    assert_eq!(one.summary.counted, 400);
    for jobs in [2, 3, 8] {
        assert_eq!(
            run_all(&t, jobs, Vec::new()).summary,
            one.summary,
            "{jobs} jobs"
        );
    }
}

#[test]
fn an_interrupted_run_resumes_to_the_same_standings() {
    // Enough games that they arrive in several batches (workers send every few milliseconds).
    let t = uno_tournament("heuristic,random,random,random", 6000, 3);
    let whole = run_all(&t, 2, Vec::new());
    // Interrupt at several points: the recorder fails once it holds `limit` games, as a
    // killed process stops recording; whatever it accepted is what a database would hold.
    let mut interrupted = 0;
    for limit in [1usize, 1500, 4000] {
        let mut kept: Vec<GameRecord> = Vec::new();
        let result = t.run(
            2,
            Vec::new(),
            &make::<Uno>,
            &mut |batch| {
                if kept.len() >= limit {
                    return Err(StoreError::Sqlite {
                        path: "test.sqlite".into(),
                        error: "disk full".into(),
                    });
                }
                kept.extend_from_slice(batch);
                Ok(())
            },
            &mut |_| {},
        );
        match result {
            // Every game arrived in one batch: nothing to interrupt at this limit.
            Ok(r) => assert_eq!(r.summary, whole.summary),
            Err(err) => {
                interrupted += 1;
                assert!(matches!(err, ArenaError::Store(_)), "{err}");
                assert!(!kept.is_empty() && kept.len() < 6000, "{}", kept.len());
                let already = kept.len() as u64;
                let resumed = run_all(&t, 1, kept);
                assert_eq!(
                    resumed.played,
                    6000 - already,
                    "recorded games are not replayed"
                );
                assert_eq!(resumed.summary, whole.summary);
            }
        }
    }
    assert!(interrupted > 0, "no run was interrupted");
}

#[test]
fn duplicate_deals_share_one_deal_per_group_of_rotations() {
    let t = uno_tournament("heuristic,random,random,random", 16, 5);
    assert!(
        t.config().duplicate,
        "Uno has chance: duplicate deals by default"
    );
    let game = Uno::new(Default::default()).unwrap();
    let hands = |i: u64| {
        let s = game.new_game(t.deal_seed(i));
        (0..4)
            .map(|seat| s.observation(seat).hand)
            .collect::<Vec<_>>()
    };
    for g in 0..4u64 {
        let first = hands(4 * g);
        for r in 1..4 {
            assert_eq!(hands(4 * g + r), first, "group {g} rotation {r}");
            // The same deal, but each entry sits at another seat.
            assert_ne!(t.schedule().seating(4 * g + r), t.schedule().seating(4 * g));
        }
    }
    assert_ne!(hands(0), hands(4), "groups have their own deals");
    let mut config = t.config().clone();
    config.duplicate = false;
    let independent = Tournament::new(game, config, &make::<Uno>).unwrap();
    assert_ne!(independent.deal_seed(0), independent.deal_seed(1));
}

#[test]
fn with_duplicate_deals_the_luck_of_the_deal_cancels_between_equal_bots() {
    // Four copies of one deterministic strategy: in each group every copy plays every seat of
    // the same deal, so their totals are equal exactly.
    let t = uno_tournament("heuristic,heuristic,heuristic,heuristic", 200, 9);
    let r = run_all(&t, 2, Vec::new());
    let scores: Vec<f64> = r
        .summary
        .standings
        .entries
        .iter()
        .map(|e| e.score.mean)
        .collect();
    let spread = scores.iter().cloned().fold(f64::MIN, f64::max)
        - scores.iter().cloned().fold(f64::MAX, f64::min);
    // The heuristic breaks ties with its seed, so the copies are not exactly equal; but the
    // spread is far below the 95% interval's half-width of one entry.
    let half =
        r.summary.standings.entries[0].score.high - r.summary.standings.entries[0].score.mean;
    assert!(
        spread < half,
        "spread {spread} vs half-width {half}: {scores:?}"
    );
}

/// A small tournament of `G`'s default entries: every game reports one return per seat, its
/// winners and its own figures.
fn smoke<G: GameAi + parlour_core::encode::Encode>(
    bots: &str,
    figures: &[&str],
) -> Vec<GameRecord> {
    let game = G::new(Default::default()).unwrap().tournament_unit();
    let k = game.num_players() as u64;
    let config = TournamentConfig::new(&game, specs(bots), 2 * k, 1);
    let t = Tournament::new(game, config, &make::<G>).unwrap();
    let (r, records) = run_records(&t, 2);
    assert_eq!(r.summary.counted, 2 * k);
    assert_eq!(records.len() as u64, 2 * k);
    for rec in &records {
        assert_eq!(rec.returns.len() as u64, k);
        let names: Vec<&str> = rec.figures.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, figures, "{}", G::INFO.name);
        assert!(rec.decisions > 0);
    }
    records
}

#[test]
fn every_landed_game_reports_its_own_results() {
    smoke::<Uno>("heuristic,random,random,random", &[]);
    smoke::<parlour_go::Go>("heuristic,random,random,random", &[]);
    let phased =
        smoke::<parlour_phased::Phased>("heuristic,random,random,random", &["penalty", "phases"]);
    for rec in &phased {
        let penalty = &rec.figures[0].values;
        let phases = &rec.figures[1].values;
        for s in 0..4 {
            assert!(phases[s] <= 5.0 && penalty[s] >= 0.0);
            let bonus = if phases[s] == 5.0 { 10_000.0 } else { 0.0 };
            assert_eq!(
                rec.returns[s],
                bonus - penalty[s],
                "return = finish bonus − penalty"
            );
        }
    }
    let bo = smoke::<parlour_bo::Bo>("heuristic,random,random,random", &["stock_left"]);
    for rec in &bo {
        for &w in &rec.winners {
            assert_eq!(
                rec.figures[0].values[w], 0.0,
                "a Bo winner emptied its stock"
            );
        }
    }
    let chexers = smoke::<parlour_chexers::Chexers>("greedy,random,random", &["exits"]);
    for rec in &chexers {
        match rec.winners.as_slice() {
            [w] => assert_eq!(rec.figures[0].values[*w], 4.0, "a win is the 4th exit"),
            [] => assert!(rec.returns.iter().all(|&x| (x - 1.0 / 3.0).abs() < 1e-12)),
            more => panic!("Chexers has one winner, not {more:?}"),
        }
    }
}

#[test]
fn chexers_has_no_deals_to_duplicate() {
    let game = parlour_chexers::Chexers::new(Default::default()).unwrap();
    let config = TournamentConfig::new(&game, specs("greedy,random,random"), 3, 1);
    assert!(!config.duplicate);
}

#[test]
fn games_are_rounded_up_to_whole_groups_and_bad_entries_are_refused() {
    let game = Uno::new(Default::default()).unwrap();
    let config = TournamentConfig::new(&game, specs("random,random,random,random"), 10, 1);
    assert_eq!(config.games, 12);
    let bad = |bots: &str| {
        let config = TournamentConfig::new(&game, specs(bots), 8, 1);
        Tournament::new(game.clone(), config, &make::<Uno>).unwrap_err()
    };
    assert!(matches!(
        bad("random,random,random"),
        ArenaError::Schedule(_)
    ));
    assert!(matches!(
        bad("random,random,random,alphazero"),
        ArenaError::Bot(BotError::UnknownBot { .. })
    ));
    assert!(matches!(
        bad("random:depth=3,random,random,random"),
        ArenaError::Bot(BotError::UnknownOption { .. })
    ));
}

#[test]
fn a_stored_game_from_another_schedule_is_refused_on_resume() {
    let t = uno_tournament("heuristic,random,random,random", 8, 3);
    let mut rec = t.play_game(0, &make::<Uno>).unwrap();
    rec.seats.reverse();
    let err = t
        .run(1, vec![rec], &make::<Uno>, &mut |_| Ok(()), &mut |_| {})
        .unwrap_err();
    assert!(
        matches!(err, ArenaError::Mismatch { index: 0, .. }),
        "{err}"
    );
}

#[test]
fn more_bots_than_seats_meet_in_a_round_robin() {
    let t = uno_tournament("heuristic,random,random,random,random", 120, 2);
    assert_eq!(
        t.schedule().kind,
        ScheduleKind::RoundRobin,
        "120 games = one cycle"
    );
    let r = run_all(&t, 2, Vec::new());
    for e in &r.summary.standings.entries {
        assert_eq!(
            e.games, 96,
            "each bot sits at 4 of the 5 subsets' 6 orders × 4 seats"
        );
    }
}

fn early_stop_tournament(bots: &str, games: u64) -> Tournament<Uno> {
    let game = Uno::new(Default::default()).unwrap();
    let mut config = TournamentConfig::new(&game, specs(bots), games, 4);
    config.early_stop = Some(EarlyStop::default());
    Tournament::new(game, config, &make::<Uno>).unwrap()
}

#[test]
fn the_early_stop_ends_a_clear_contest_at_a_planned_look_whatever_the_threads() {
    let t = early_stop_tournament("heuristic,random,random,random", 40_000);
    let a = run_all(&t, 1, Vec::new());
    let stop = a
        .summary
        .stopped
        .clone()
        .expect("the heuristic is far ahead");
    assert!(
        stop.games < 40_000 && stop.games % (4 * 100) == 0,
        "{}",
        stop.games
    );
    assert_eq!(t.config().labels[stop.decision.leader], "heuristic");
    assert!(stop.decision.z > stop.decision.threshold);
    assert_eq!(a.summary.counted, stop.games);
    assert_eq!(run_all(&t, 2, Vec::new()).summary, a.summary);
}

#[test]
fn the_early_stop_does_not_fire_between_equal_bots() {
    let t = early_stop_tournament("random,random,random,random", 4_000);
    let r = run_all(&t, 2, Vec::new());
    assert!(r.summary.stopped.is_none(), "{:?}", r.summary.stopped);
    assert_eq!(r.summary.counted, 4_000);
}

/// A bot that panics: a bug in a bot must stop the run cleanly, with the games that finished
/// handed to the recorder.
struct Panicky;

impl Bot<Uno> for Panicky {
    fn act(&mut self, _: &parlour_core::Decision<'_, Uno>) -> parlour_uno::UnoAction {
        panic!("this bot is broken")
    }
}

#[test]
fn a_panicking_bot_stops_the_run_with_an_error_and_finished_games_are_kept() {
    // "broken" panics only when its seed is a multiple of 97, so most games finish.
    let broken = |entry: &EntrySpec, seed: u64| -> Result<Player<Uno>, BotError> {
        if entry.label() == "broken" {
            if seed % 97 == 0 {
                return Ok(Player::BuiltIn(Box::new(Panicky)));
            }
            return make::<Uno>(&BotSpec::named("random").into(), seed);
        }
        make::<Uno>(entry, seed)
    };
    let game = Uno::new(Default::default()).unwrap();
    let config = TournamentConfig::new(&game, specs("broken,random,random,random"), 4000, 1);
    let t = Tournament::new(game, config, &broken).unwrap();
    let mut kept = Vec::new();
    let err = t
        .run(
            2,
            Vec::new(),
            &broken,
            &mut |b| {
                kept.extend_from_slice(b);
                Ok(())
            },
            &mut |_| {},
        )
        .unwrap_err();
    match err {
        ArenaError::Panicked { message, .. } => assert_eq!(message, "this bot is broken"),
        other => panic!("expected a panic error, got {other}"),
    }
    assert!(!kept.is_empty() && kept.len() < 4000, "{}", kept.len());
    let expected: Vec<GameRecord> = kept
        .iter()
        .map(|r| t.play_game(r.index, &broken).unwrap())
        .collect();
    assert_eq!(
        kept, expected,
        "recorded games are the real, finished games"
    );
}

#[test]
fn an_early_stopped_tournament_resumed_or_summarised_stops_at_the_same_look() {
    let t = early_stop_tournament("heuristic,random,random,random", 40_000);
    let (whole, records) = run_records(&t, 2);
    let stop = whole.summary.stopped.clone().unwrap();
    let counted: Vec<GameRecord> = records
        .into_iter()
        .filter(|r| r.index < stop.games)
        .collect();
    assert_eq!(counted.len() as u64, stop.games);
    // A run interrupted before the stop, resumed.
    let part: Vec<GameRecord> = counted[..(stop.games as usize / 2)].to_vec();
    let resumed = run_all(&t, 1, part);
    assert_eq!(resumed.summary, whole.summary);
    // Summarising the stored games (as `parlour report` does) finds the same stop, even with
    // games beyond it recorded.
    let mut stored = counted.clone();
    stored.push(t.play_game(stop.games, &make::<Uno>).unwrap());
    assert_eq!(parlour_arena::summarize(t.config(), stored), whole.summary);
}

#[test]
fn an_interrupt_stops_the_run_after_the_games_in_play_are_recorded() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let mut t = uno_tournament("heuristic,random,random,random", 4000, 8);
    let flag = Arc::new(AtomicBool::new(false));
    t.set_interrupt(flag.clone());
    let mut kept: Vec<GameRecord> = Vec::new();
    let err = t
        .run(
            2,
            Vec::new(),
            &make::<Uno>,
            &mut |b| {
                kept.extend_from_slice(b);
                // As a Ctrl-C would, once the first games are in.
                flag.store(true, Ordering::Relaxed);
                Ok(())
            },
            &mut |_| {},
        )
        .unwrap_err();
    match err {
        ArenaError::Interrupted { recorded, total } => {
            assert_eq!(
                recorded,
                kept.len() as u64,
                "every finished game was recorded"
            );
            assert!(recorded > 0 && recorded < 4000, "{recorded}");
            assert_eq!(total, 4000);
        }
        other => panic!("expected an interruption, got {other}"),
    }
    // Resumed without the flag, it finishes to the standings of a run never interrupted.
    let whole = run_all(
        &uno_tournament("heuristic,random,random,random", 4000, 8),
        2,
        Vec::new(),
    );
    let resumed = run_all(
        &uno_tournament("heuristic,random,random,random", 4000, 8),
        1,
        kept,
    );
    assert_eq!(resumed.summary, whole.summary);
}

/// A game played with its trace written (what a league keeps to replay it) is the game a run
/// plays: the same record; and the trace, read back and played through, ends where the game
/// ended, with the deal's seed and the entries' labels at the seats.
#[test]
fn a_traced_game_is_the_game_a_run_plays_and_its_trace_replays_it() {
    let t = uno_tournament("random,heuristic,random,heuristic", 8, 21);
    let (_, records) = run_records(&t, 2);
    for r in &records {
        let mut watched = 0;
        let (traced, trace) = t
            .play_game_traced(r.index, &make::<Uno>, &mut |_| watched += 1)
            .unwrap();
        assert_eq!(watched, r.decisions, "game {}", r.index);
        assert_eq!(&traced, r, "game {}", r.index);
        let head: serde_json::Value = serde_json::from_str(trace.lines().next().unwrap()).unwrap();
        assert_eq!(head["seed"], t.deal_seed(r.index));
        let labels: Vec<String> = r
            .seats
            .iter()
            .map(|&e| t.config().labels[e].clone())
            .collect();
        assert_eq!(head["seats"], serde_json::json!(labels));
        let lines: Vec<&str> = trace.lines().collect();
        let replayed = parlour_core::trace::replay::<Uno>(&lines).unwrap();
        assert_eq!(replayed.returns, r.returns, "game {}", r.index);
        assert_eq!(replayed.decisions, r.decisions, "game {}", r.index);
    }
}
