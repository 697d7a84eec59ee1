//! The dynamic API over every registered game: tokens, saved states, resampling, batches and
//! tournaments with foreign bots, and the kinds of its errors.

use std::sync::{Arc, Mutex};

use parlour_dynamic::{
    load_state, open, AnyGame, DynError, Entry, ForeignAnswer, ForeignBot, Outputs,
    TournamentRequest,
};
use serde_json::{json, Value};

fn games() -> Vec<Box<dyn AnyGame>> {
    let mut v: Vec<Box<dyn AnyGame>> = parlour_games::names()
        .into_iter()
        .map(|n| open(n, &[]).unwrap())
        .collect();
    v.push(open("phased", &[("variant".into(), json!("bonus"))]).unwrap());
    v.push(open("bo", &[("variant".into(), json!("bonus"))]).unwrap());
    v.push(open("uno", &[("players".into(), json!(7))]).unwrap());
    v
}

/// A cheap deterministic generator for the tests' choices.
fn next(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

#[test]
fn every_game_plays_by_tokens_and_its_saved_form_replays() {
    for game in games() {
        let mut state = game.new_state(3);
        let mut mask = vec![false; game.action_space()];
        let mut vector = vec![0.0; game.observation_len()];
        let mut x = 88172645463325252u64;
        while let Some(seat) = state.current_player() {
            state.encode(seat, &mut vector).unwrap();
            assert!(vector.iter().all(|v| (0.0..=1.0).contains(v)));
            state.legal_mask(&mut mask).unwrap();
            let legal: Vec<usize> = (0..mask.len()).filter(|&t| mask[t]).collect();
            let t = legal[(next(&mut x) % legal.len() as u64) as usize] as u32;
            state.apply_token(t).unwrap();
        }
        let name = game.info().name;
        assert_eq!(state.history().len() as u64, state.decisions(), "{name}");
        let back = load_state(&state.record()).unwrap();
        assert!(back.same(state.as_ref()), "{name}");
        assert_eq!(back.returns(), state.returns(), "{name}");
        // A state resampled for a seat saves and loads too.
        let early = game.new_state(4);
        let r = early.resample(0, 9).unwrap();
        assert_eq!(
            r.observation(0).unwrap(),
            early.observation(0).unwrap(),
            "{name}"
        );
        assert!(load_state(&r.record()).unwrap().same(r.as_ref()), "{name}");
    }
}

#[test]
fn errors_come_in_kinds_and_change_nothing() {
    let game = open("uno", &[]).unwrap();
    let mut state = game.new_state(1);
    let before = state.clone();
    assert_eq!(state.apply("not an action").unwrap_err().kind(), "action");
    assert_eq!(state.apply_token(9999).unwrap_err().kind(), "illegal");
    assert_eq!(state.observation(9).unwrap_err().kind(), "seat");
    assert!(state.same(before.as_ref()));
    assert_eq!(open("chess", &[]).unwrap_err().kind(), "unknown-game");
    assert_eq!(
        open("bo", &[("players".into(), json!(3))])
            .unwrap_err()
            .to_string(),
        "bo is for 4 players"
    );
    assert_eq!(game.bot("grandmaster", 0).err().unwrap().kind(), "bot");
    for bad in [
        json!({}),
        json!({"format": "parlour-state", "game": "uno", "origin": {"seed": "x"}}),
        json!({"format": "parlour-state", "game": "uno", "origin": {"seed": 1}, "actions": [3]}),
        json!({"format": "parlour-state", "game": "uno", "options": 5, "origin": {"seed": 1}}),
    ] {
        assert_eq!(load_state(&bad).unwrap_err().kind(), "state", "{bad}");
    }
    assert_eq!(
        game.resample(&json!({"seat": 0}), 1).unwrap_err().kind(),
        "observation"
    );
    assert_eq!(parlour_dynamic::replay("").unwrap_err().kind(), "trace");
}

fn run_batch(game: &dyn AnyGame, threads: usize, steps: usize) -> Vec<f32> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let n = 32;
    let mut batch = game.batch(n, 5);
    let (l, a, p) = (
        batch.observation_len(),
        batch.action_space(),
        batch.num_players(),
    );
    let (mut obs, mut masks) = (vec![0.0; n * l], vec![false; n * a]);
    let (mut players, mut rewards, mut dones) = (vec![0; n], vec![0.0; n * p], vec![false; n]);
    let mut seen = Vec::new();
    let mut x = 2463534242u64;
    pool.install(|| {
        batch
            .reset(
                5,
                Outputs {
                    observations: &mut obs,
                    masks: &mut masks,
                    players: &mut players,
                    rewards: &mut rewards,
                    dones: &mut dones,
                },
            )
            .unwrap();
        for _ in 0..steps {
            let tokens: Vec<i64> = (0..n)
                .map(|g| {
                    let legal: Vec<usize> = (0..a).filter(|&t| masks[g * a + t]).collect();
                    legal[(next(&mut x) % legal.len() as u64) as usize] as i64
                })
                .collect();
            batch
                .step(
                    &tokens,
                    Outputs {
                        observations: &mut obs,
                        masks: &mut masks,
                        players: &mut players,
                        rewards: &mut rewards,
                        dones: &mut dones,
                    },
                )
                .unwrap();
            seen.extend_from_slice(&obs);
            seen.extend_from_slice(&rewards);
        }
    });
    seen
}

#[test]
fn a_batch_is_the_same_whatever_the_threads() {
    for game in games() {
        let one = run_batch(game.as_ref(), 1, 40);
        let two = run_batch(game.as_ref(), 2, 40);
        assert!(one == two, "{}", game.info().name);
    }
}

/// A foreign bot that answers by a script: an index, junk, or an error, in turn.
struct Scripted {
    turn: usize,
    finished: Arc<Mutex<u32>>,
}

impl ForeignBot for Scripted {
    fn start(&mut self, _seat: usize, _seed: u64, _index: u64) -> Result<(), String> {
        Ok(())
    }
    fn act(&mut self, observation: &Value, legal: &[String]) -> Result<ForeignAnswer, String> {
        assert!(observation.is_object() && !legal.is_empty());
        self.turn += 1;
        match self.turn % 3 {
            0 => Ok(ForeignAnswer::Index(0)),
            1 => Ok(ForeignAnswer::Text("junk".into())),
            _ => Err("a deliberate error".into()),
        }
    }
    fn event(&mut self, _seat: usize, _action: Option<String>) -> Result<(), String> {
        Ok(())
    }
    fn finish(&mut self, returns: &[f64], _winners: &[usize], _observation: &Value, faults: usize) {
        assert_eq!(returns.len(), 4);
        assert!(faults > 0);
        *self.finished.lock().unwrap() += 1;
    }
}

#[test]
fn a_foreign_bots_failures_are_faults_and_the_tournament_goes_on() {
    let finished = Arc::new(Mutex::new(0));
    let f = finished.clone();
    let make = Arc::new(move || -> Result<Box<dyn ForeignBot>, String> {
        Ok(Box::new(Scripted {
            turn: 0,
            finished: f.clone(),
        }))
    });
    let game = open("uno", &[]).unwrap();
    let request = TournamentRequest {
        entries: vec![
            Entry::named("heuristic").unwrap(),
            Entry::Foreign {
                label: "scripted".into(),
                make,
            },
            Entry::named("random").unwrap(),
            Entry::named("random").unwrap(),
        ],
        games: Some(8),
        seed: 2,
        jobs: 2,
        duplicate: None,
    };
    let standings = game.tournament(&request).unwrap();
    assert_eq!(standings["games_counted"], json!(8));
    let rows = standings["standings"]["entries"].as_array().unwrap();
    let scripted = rows.iter().find(|r| r["label"] == "scripted").unwrap();
    assert!(scripted["faults"].as_u64().unwrap() > 0, "{scripted}");
    assert_eq!(*finished.lock().unwrap(), 8);
    // From Python an entry is a built-in bot or a Python class; a program's command is
    // refused where it is named, saying where programs are entered.
    for text in ["cmd:python3 bot.py", "mine=cmd:./bot"] {
        let e = Entry::named(text).unwrap_err();
        assert!(e.to_string().contains("programs are entered with"), "{e}");
    }
    assert!(Entry::named("ismcts:iters").is_err());
    let bad = TournamentRequest {
        entries: vec![Entry::named("grandmaster").unwrap()],
        ..request
    };
    assert!(matches!(
        game.tournament(&bad),
        Err(DynError::Tournament(_))
    ));
}
