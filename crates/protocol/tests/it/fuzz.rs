//! Fuzz targets for what crosses the protocol: the lines a bot program writes (cut into lines
//! by `LineBuffer`, then read as an answer and checked against the legal actions by
//! `ExternalBot`), and everything `serve-bot` reads (a `hello` with its game options, `start`,
//! `act` with an observation and legal actions, `event`, `result`, `bye`), for every game. Each
//! target is proptest over arbitrary bytes and over structured mutations of valid lines and
//! sessions (see `parlour_test_support::fuzz`); the contract is that nothing panics, a bad
//! answer is a fault with a reason (and the seat still gets a legal action), a good one is taken
//! exactly, and `serve` either answers every `act` with one of its legal actions or stops with
//! an error that says what is wrong.
//!
//! Each target runs a bounded number of cases (the file takes well under 20 s; the answer
//! target starts one small `sh` program per case); set `PARLOUR_FUZZ_CASES=N` to run at least N
//! cases of each, e.g. `PARLOUR_FUZZ_CASES=20000 cargo test -p parlour-protocol --test it fuzz::`.

use parlour_test_support::fuzz as fuzz_support;

use std::sync::{Arc, LazyLock};

use fuzz_support::*;
use parlour_bo::Bo;
use parlour_chexers::Chexers;
use parlour_core::{Bot, BotSpec, Decision, Game, GameAi, Seating, State};
use parlour_go::Go;
use parlour_phased::Phased;
use parlour_protocol::process::{Line, LineBuffer, MAX_LINE};
use parlour_protocol::{
    serve, BotReport, ExternalBot, FaultKind, Limits, Mode, Pool, Program, ProgramSpec,
};
use parlour_uno::Uno;
use proptest::prelude::*;
use serde_json::{json, Value};

// ---------------------------------------------------------------------------------------------
// Cutting a bot's output into lines.

/// A bot's output, shown short in failure messages (it may run to megabytes).
#[derive(Clone)]
struct Output(Vec<u8>);

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown: Vec<u8> = self.0.iter().copied().take(300).collect();
        write!(
            f,
            "{} bytes: {:?}...",
            self.0.len(),
            String::from_utf8_lossy(&shown)
        )
    }
}

/// Bytes from a bot: pieces of text and runs of one byte (long runs reach the line limit).
fn output_bytes() -> impl Strategy<Value = Output> {
    prop::collection::vec(
        prop_oneof![
            6 => prop::collection::vec(any::<u8>(), 0..40),
            3 => prop::sample::select(vec![
                b"\n".to_vec(), b"\r\n".to_vec(), b"\r".to_vec(), b"{\"type\":\"action\",\"id\":0,\"index\":0}\n".to_vec(),
                "é🂡\n".as_bytes().to_vec(), b"\xff\xfe\n".to_vec(), b"\xc3".to_vec(),
            ]),
            1 => (prop::sample::select(vec![MAX_LINE - 1, MAX_LINE, MAX_LINE + 1, 70_000]), any::<u8>())
                .prop_map(|(n, b)| vec![if b == b'\n' { b'x' } else { b }; n]),
        ],
        0..12,
    )
    .prop_map(|parts| Output(parts.concat()))
}

/// The lines `bytes` should give, by the rules `LineBuffer` documents.
fn expected_lines(bytes: &[u8]) -> Vec<Line> {
    let mut out = Vec::new();
    let mut parts: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    let last = parts.pop().unwrap_or(&[]);
    let line = |p: &[u8], terminated: bool| -> Line {
        if p.len() > MAX_LINE {
            return Line::TooLong(p.len());
        }
        let p = if terminated {
            p.strip_suffix(b"\r").unwrap_or(p)
        } else {
            p
        };
        String::from_utf8(p.to_vec()).map_or(Line::NotText, Line::Text)
    };
    for p in parts {
        out.push(line(p, true));
    }
    if !last.is_empty() {
        out.push(line(last, false));
    }
    out
}

/// Lines, with long text shortened (for failure messages).
fn summary(lines: &[Line]) -> Vec<String> {
    lines
        .iter()
        .map(|l| match l {
            Line::Text(t) if t.len() > 60 => format!("Text({} bytes)", t.len()),
            other => format!("{other:?}"),
        })
        .collect()
}

/// Found by `fuzz_line_buffer`: when the output closed in the middle of an over-long line whose
/// first part had already been skipped, the rest (up to the limit) came back as a line of its
/// own, then the skipped length as a second, too-long line.
#[test]
fn fuzz_regression_line_buffer_overlong_line_cut_by_end_of_output() {
    let mut b = LineBuffer::default();
    b.push(&vec![0; MAX_LINE + 20]);
    assert_eq!(b.take(false), None);
    let tail = b"{\"type\":\"action\",\"id\":0,\"index\":0}";
    b.push(tail);
    assert_eq!(b.take(false), None);
    assert_eq!(
        b.take(true),
        Some(Line::TooLong(MAX_LINE + 20 + tail.len()))
    );
    assert_eq!(b.take(true), None);
}

// ---------------------------------------------------------------------------------------------
// Answers from a real program.

/// A program that greets with the contents of the file `$2` and a newline, then answers every
/// `act` with the contents of the file `$1` and a newline, and leaves on `bye`.
const ANSWERER: &str = r#"IFS= read -r hello
cat "$2"; printf '\n'
while IFS= read -r line; do
  case "$line" in
    *'"type":"act"'*) cat "$1"; printf '\n' ;;
    *'"type":"bye"'*) exit 0 ;;
  esac
done
"#;

/// What an answer to decision 0 means, by the protocol (docs/protocol.md): the action chosen, or
/// `None` for a fault.
fn oracle<G: Game>(payload: &[u8], legal: &[G::Action]) -> Option<G::Action> {
    let line = payload.strip_suffix(b"\r").unwrap_or(payload);
    let v: Value = serde_json::from_slice(line).ok()?;
    let o = v.as_object()?;
    if o.get("type")?.as_str()? != "action" || o.get("id")?.as_u64()? != 0 {
        return None;
    }
    match (o.get("action"), o.get("index")) {
        (Some(a), None) => {
            let a: G::Action = serde_json::from_value(a.clone()).ok()?;
            legal.contains(&a).then_some(a)
        }
        (None, Some(i)) => legal.get(usize::try_from(i.as_u64()?).ok()?).copied(),
        _ => None,
    }
}

/// A greeting by the protocol: `ready`, protocol 1, `events` true, false or left out.
fn greeting_is_good(payload: &[u8]) -> bool {
    let line = payload.strip_suffix(b"\r").unwrap_or(payload);
    let Ok(v) = serde_json::from_slice::<Value>(line) else {
        return false;
    };
    v.get("type").and_then(Value::as_str) == Some("ready")
        && v.get("protocol").and_then(Value::as_u64) == Some(1)
        && matches!(
            v.get("events"),
            None | Some(Value::Null) | Some(Value::Bool(_))
        )
}

const READY: &str = r#"{"type":"ready","protocol":1,"name":"answerer","events":false}"#;

/// A pool running [`ANSWERER`] in `dir`; its answer and its greeting are the files returned.
fn answerer<G: Game>(
    game: &G,
    dir: &std::path::Path,
) -> (Arc<Pool>, std::path::PathBuf, std::path::PathBuf) {
    let file = dir.join("answer");
    let greeting = dir.join("greeting");
    let script = dir.join("answerer.sh");
    std::fs::write(&script, ANSWERER).unwrap();
    std::fs::write(&file, b"").unwrap();
    std::fs::write(&greeting, READY).unwrap();
    let spec = ProgramSpec {
        name: "answerer".into(),
        command: vec![
            "sh".into(),
            script.display().to_string(),
            file.display().to_string(),
            greeting.display().to_string(),
        ],
        dir: None,
        env: Default::default(),
        limits: Limits {
            decision_ms: 5_000,
            bank_ms: 1_000_000,
            startup_ms: 10_000,
            memory_mb: 1024,
            ..Limits::default()
        },
        max_faults: 1,
        user: None,
        files: Vec::new(),
    };
    let pool = Pool::new(game, spec, None, Mode::Check { budget: u64::MAX }).unwrap();
    (pool, file, greeting)
}

/// Seats `pool`'s program at `seat` of game number `case` and asks it the one decision at
/// `state`: its action and its report. The program's copy is dropped (killed) with the bot on
/// return, so the next case starts a fresh one.
fn one_decision<G: Game>(
    pool: &Arc<Pool>,
    game: &G,
    state: &G::State,
    seat: usize,
    legal: &[G::Action],
    case: u64,
) -> (G::Action, BotReport) {
    let mut bot = ExternalBot::<G>::new(pool.clone(), case);
    bot.start(
        game,
        Seating {
            index: case,
            deal: case,
            seat,
            decisions: 0,
        },
    );
    let observation = state.observation(seat);
    let action = bot.act(&Decision::new(game, seat, &observation, legal));
    (action, bot.report())
}

/// A program's greeting, mutated from a valid one: a bad one is a startup fault with a reason
/// (and the seat still plays), a good one none.
fn check_greeting<G: Game>(
    c: &Corpus<G>,
    pool: &Arc<Pool>,
    file: &std::path::Path,
    which: usize,
    json_ops: &[Op],
    byte_ops: &[Op],
) -> Result<(), TestCaseError> {
    let live = c.live();
    let (g, state) = &c.states[live[which % live.len()]];
    let game = &c.games[*g];
    let seat = state.current_player().unwrap();
    let legal = state.legal_action_vec();
    let mut payload = mutate_json(&serde_json::from_str(READY).unwrap(), json_ops).into_bytes();
    mutate_bytes(&mut payload, byte_ops, b"");
    payload.retain(|&b| b != b'\n');
    std::fs::write(file, &payload).unwrap();
    let good = greeting_is_good(&payload);
    let (action, report) = one_decision(pool, game, state, seat, &legal, which as u64);
    prop_assert!(legal.contains(&action));
    if good {
        // Greeted well; the answer file is empty, so the one decision is a malformed answer.
        prop_assert!(
            report.faults.iter().all(|f| f.kind != FaultKind::Startup),
            "{:?}",
            report.faults
        );
    } else {
        prop_assert_eq!(report.faults.len(), 1, "{:?}", report.faults);
        prop_assert_eq!(report.faults[0].kind, FaultKind::Startup);
        prop_assert!(!report.faults[0].detail.trim().is_empty());
    }
    Ok(())
}

/// Valid answers at a position: each legal action by value and by index.
fn answers<G: Game>(legal: &[G::Action]) -> Vec<Value> {
    let mut v: Vec<Value> = legal
        .iter()
        .take(6)
        .map(|a| json!({"type": "action", "id": 0, "action": a}))
        .collect();
    v.push(json!({"type": "action", "id": 0, "index": 0}));
    v.push(json!({"type": "action", "id": 0, "index": legal.len() - 1}));
    v
}

/// One answer by a real program, in a fresh copy of it (so the decision's id is 0): the seat
/// gets a legal action; a good answer is taken with no fault, a bad one is one fault with a
/// reason.
fn check_answer<G: Game>(
    c: &Corpus<G>,
    pool: &Arc<Pool>,
    file: &std::path::Path,
    which: usize,
    pick: usize,
    json_ops: &[Op],
    byte_ops: &[Op],
) -> Result<(), TestCaseError> {
    let live = c.live();
    let (g, state) = &c.states[live[which % live.len()]];
    let game = &c.games[*g];
    let seat = state.current_player().unwrap();
    let legal = state.legal_action_vec();
    let valid = answers::<G>(&legal);
    let mut payload = mutate_json(&valid[pick % valid.len()], json_ops).into_bytes();
    mutate_bytes(&mut payload, byte_ops, b"");
    // One line: what a program writes after it is its next answer's business.
    payload.retain(|&b| b != b'\n');
    std::fs::write(file, &payload).unwrap();
    let expected = oracle::<G>(&payload, &legal);

    let (action, report) = one_decision(pool, game, state, seat, &legal, which as u64);
    prop_assert!(legal.contains(&action), "{action} is not legal");
    match expected {
        Some(a) => {
            prop_assert!(
                report.faults.is_empty(),
                "a good answer {:?} faulted: {:?}",
                String::from_utf8_lossy(&payload),
                report.faults
            );
            prop_assert_eq!(action, a);
        }
        None => {
            prop_assert_eq!(
                report.faults.len(),
                1,
                "a bad answer {:?} gave {:?}",
                String::from_utf8_lossy(&payload),
                report.faults
            );
            let f = &report.faults[0];
            prop_assert!(
                matches!(f.kind, FaultKind::Malformed | FaultKind::Illegal),
                "{:?}",
                f
            );
            prop_assert!(!f.detail.trim().is_empty());
        }
    }
    Ok(())
}

static UNO: LazyLock<Corpus<Uno>> = LazyLock::new(|| {
    Corpus::new(
        vec![Uno::standard(), Uno::with_players(2).unwrap()],
        2,
        9,
        1,
    )
});
static GO: LazyLock<Corpus<Go>> = LazyLock::new(|| Corpus::new(vec![Go::standard()], 2, 5, 1));
static PHASED: LazyLock<Corpus<Phased>> =
    LazyLock::new(|| Corpus::new(vec![Phased::standard(), Phased::bonus()], 1, 41, 1));
static BO: LazyLock<Corpus<Bo>> =
    LazyLock::new(|| Corpus::new(vec![Bo::standard(), Bo::bonus()], 1, 17, 1));
static CHEXERS: LazyLock<Corpus<Chexers>> =
    LazyLock::new(|| Corpus::new(vec![Chexers::standard()], 2, 13, 1));

// ---------------------------------------------------------------------------------------------
// What `serve-bot` reads.

/// A valid session for a bot at the corpus's positions: hello, then per position a start and
/// an act (and an event and a result), then bye.
fn session<G: GameAi + parlour_core::encode::Encode>(
    c: &Corpus<G>,
    first: usize,
    count: usize,
) -> Vec<String> {
    let live = c.live();
    let (g, _) = &c.states[live[first % live.len()]];
    let game = &c.games[*g];
    let mut lines = vec![json!({
        "type": "hello", "protocol": 1, "game": G::INFO.name,
        "options": serde_json::to_value(game.options()).unwrap(),
        "players": game.num_players(), "name": "fuzz",
        "limits": Limits::default(),
    })];
    for k in 0..count {
        let (h, state) = &c.states[live[(first + k) % live.len()]];
        if h != g {
            continue;
        }
        let seat = state.current_player().unwrap();
        let legal = state.legal_action_vec();
        lines.push(json!({"type": "start", "index": k, "seat": seat, "seed": 7 + k}));
        lines.push(
            json!({"type": "event", "seat": (seat + 1) % game.num_players(), "action": legal[0]}),
        );
        lines.push(json!({
            "type": "act", "id": k, "observation": state.observation(seat), "legal": legal,
            "time": {"limit_ms": 1000, "bank_ms": 60000},
        }));
        lines.push(json!({"type": "result", "returns": vec![0.0; game.num_players()], "winners": [], "faults": 0, "forfeited": false}));
    }
    lines.push(json!({"type": "bye"}));
    lines.iter().map(Value::to_string).collect()
}

/// Serves a mutated session to `bot`: every `act` answered is answered with one of its legal
/// actions, and a stop before `bye` is an error with a reason.
fn check_serve<G: GameAi + parlour_core::encode::Encode>(
    c: &Corpus<G>,
    bot: &str,
    first: usize,
    m: &LinesMutation,
) -> Result<(), TestCaseError> {
    let text = apply_lines(&session(c, first, 3), m);
    let spec: BotSpec = bot.parse().unwrap();
    let make = |seed: u64| parlour_bots::make_bot::<G>(&spec, seed).map_err(|e| e.to_string());
    let mut out = Vec::new();
    let result = serve::<G>(&make, "fuzz", text.as_bytes(), &mut out);
    if let Err(e) = &result {
        prop_assert!(!e.to_string().trim().is_empty());
    }
    // Each reply answers an act, in order.
    let acts: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.get("type").and_then(Value::as_str) == Some("act"))
        .collect();
    let replies: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut acts = acts.iter();
    for r in &replies {
        match r["type"].as_str() {
            Some("ready") | Some("error") => {}
            Some("action") => {
                // The act it answers: the next one that could be read (well-formed legal list).
                let legal = loop {
                    let Some(a) = acts.next() else {
                        return Err(TestCaseError::fail(format!("a reply to no act: {r}")));
                    };
                    if a.get("id") == r.get("id") {
                        if let Ok(l) = serde_json::from_value::<Vec<G::Action>>(a["legal"].clone())
                        {
                            break l;
                        }
                    }
                };
                let chosen: G::Action = serde_json::from_value(r["action"].clone()).unwrap();
                prop_assert!(legal.contains(&chosen), "{chosen} is not among {legal:?}");
            }
            _ => return Err(TestCaseError::fail(format!("an unexpected reply {r}"))),
        }
    }
    Ok(())
}

/// The bots served. The search bot's playouts are cut short: Uno's own tuning plays each one to
/// the end of the game, which options such as `target=100000` make long.
const SERVED: &[&str] = &[
    "random",
    "heuristic",
    "ismcts:iters=20:playout=60",
    "greedy",
    "search:nodes=300:depth=2",
];

/// The bots each game serves in the fuzz targets.
fn served<G: GameAi + parlour_core::encode::Encode>() -> Vec<&'static str> {
    SERVED
        .iter()
        .copied()
        .filter(|b| parlour_bots::make_bot::<G>(&b.parse().unwrap(), 0).is_ok())
        .collect()
}

/// Found by `fuzz_serve_uno` (and `_go`, `_bo`): a `start` naming a seat the game does not
/// have reached the bot, and the search bot indexed its per-seat values with it (`index out of
/// bounds: the len is 2 but the index is 4294967296`); now an error.
#[test]
fn fuzz_regression_serve_seat_out_of_range() {
    let mut lines = session(&UNO, 0, 1);
    let mut start: Value = serde_json::from_str(&lines[1]).unwrap();
    assert_eq!(start["type"], "start");
    start["seat"] = json!(4_294_967_296u64);
    lines[1] = start.to_string();
    let text = lines.join("\n");
    let spec: BotSpec = "ismcts:iters=20".parse().unwrap();
    let make = |seed: u64| parlour_bots::make_bot::<Uno>(&spec, seed).map_err(|e| e.to_string());
    let e = serve::<Uno>(&make, "fuzz", text.as_bytes(), Vec::new()).unwrap_err();
    assert!(e.to_string().contains("is not a seat of this"), "{e}");
}

/// Found by `fuzz_serve_phased` (and `_bo`, `_uno` with longer runs): an `act` whose
/// observation's per-seat lists were cut short reached the heuristic bot, which indexed them by
/// seat (`index out of bounds: the len is 2 but the index is 3` in the Phased Out heuristic);
/// now `serve` passes a bot only an observation a game gives the seat to act, with exactly its
/// legal actions, and refuses anything else with a reason.
#[test]
fn fuzz_regression_serve_malformed_observation() {
    let live = PHASED.live();
    let k = live
        .iter()
        .position(|&i| PHASED.states[i].0 == 0 && PHASED.states[i].1.current_player() == Some(3))
        .expect("a position with seat 3 to act");
    let mut lines = session(&PHASED, k, 1);
    let act_at = lines
        .iter()
        .position(|l| l.contains("\"type\":\"act\""))
        .unwrap();
    let mut act: Value = serde_json::from_str(&lines[act_at]).unwrap();
    assert_eq!(act["observation"]["seat"], 3);
    act["observation"]["phases_done"]
        .as_array_mut()
        .unwrap()
        .truncate(2);
    act["observation"]["laid"]
        .as_array_mut()
        .unwrap()
        .truncate(2);
    lines[act_at] = act.to_string();
    let text = lines.join("\n");
    let spec: BotSpec = "heuristic".parse().unwrap();
    let make = |seed: u64| parlour_bots::make_bot::<Phased>(&spec, seed).map_err(|e| e.to_string());
    let e = serve::<Phased>(&make, "fuzz", text.as_bytes(), Vec::new()).unwrap_err();
    assert!(e.to_string().contains("observation"), "{e}");
    // The legal actions must be the observation's own too.
    let mut lines = session(&PHASED, k, 1);
    let mut act: Value = serde_json::from_str(&lines[act_at]).unwrap();
    act["legal"] = json!(["discard ZZ"]);
    lines[act_at] = act.to_string();
    let e = serve::<Phased>(&make, "fuzz", lines.join("\n").as_bytes(), Vec::new()).unwrap_err();
    assert!(e.to_string().contains("legal actions"), "{e}");
}

#[test]
fn fuzz_valid_sessions_are_served() {
    fn run<G: GameAi + parlour_core::encode::Encode>(c: &Corpus<G>) {
        for bot in served::<G>() {
            let m = LinesMutation {
                line: 0,
                json: vec![],
                lines: vec![],
                bytes: vec![],
            };
            let text = apply_lines(&session(c, 0, 3), &m);
            let spec: BotSpec = bot.parse().unwrap();
            let make =
                |seed: u64| parlour_bots::make_bot::<G>(&spec, seed).map_err(|e| e.to_string());
            let mut out = Vec::new();
            serve::<G>(&make, "fuzz", text.as_bytes(), &mut out).unwrap();
            let replies = String::from_utf8(out).unwrap();
            assert!(replies.lines().count() >= 2, "{}: {replies}", G::INFO.name);
        }
    }
    run(&UNO);
    run(&GO);
    run(&PHASED);
    run(&BO);
    run(&CHEXERS);
}

proptest! {
    #![proptest_config(config(4000))]

    /// Any bytes, in any chunks: lines exactly as documented (a newline ends a line, a
    /// carriage return before it is dropped, a line over the limit is reported by its length,
    /// bytes that are not UTF-8 are not text, the unterminated rest counts at the end).
    #[test]
    fn fuzz_line_buffer(output in output_bytes(), cuts in prop::collection::vec(any::<usize>(), 0..6)) {
        let bytes = output.0;
        let mut b = LineBuffer::default();
        let mut got = Vec::new();
        let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c % (bytes.len() + 1)).collect();
        cuts.push(0);
        cuts.push(bytes.len());
        cuts.sort_unstable();
        for w in cuts.windows(2) {
            b.push(&bytes[w[0]..w[1]]);
            while let Some(l) = b.take(false) {
                got.push(l);
            }
        }
        while let Some(l) = b.take(true) {
            got.push(l);
        }
        let expected = expected_lines(&bytes);
        prop_assert!(got == expected, "got {:?}, expected {:?}", summary(&got), summary(&expected));
    }
}

proptest! {
    #![proptest_config(config(200))]

    /// A bot's answer line, mutated from a valid one, through a real program and `ExternalBot`.
    #[test]
    fn fuzz_bot_answer_uno(which in any::<usize>(), pick in any::<usize>(), json in ops(0, 4, &UNO.words), bytes in maybe_bytes(&UNO.words)) {
        thread_local!(static POOL: (tempfile::TempDir, Arc<Pool>, std::path::PathBuf) = {
            let dir = tempfile::tempdir().unwrap();
            let (pool, file, _) = answerer(&UNO.games[0], dir.path());
            (dir, pool, file)
        });
        POOL.with(|(_, pool, file)| check_answer(&UNO, pool, file, which, pick, &json, &bytes))?;
    }

    #[test]
    fn fuzz_bot_answer_phased(which in any::<usize>(), pick in any::<usize>(), json in ops(0, 4, &PHASED.words), bytes in maybe_bytes(&PHASED.words)) {
        thread_local!(static POOL: (tempfile::TempDir, Arc<Pool>, std::path::PathBuf) = {
            let dir = tempfile::tempdir().unwrap();
            let (pool, file, _) = answerer(&PHASED.games[0], dir.path());
            (dir, pool, file)
        });
        POOL.with(|(_, pool, file)| check_answer(&PHASED, pool, file, which, pick, &json, &bytes))?;
    }

    /// A program's greeting line, mutated from a valid `ready`.
    #[test]
    fn fuzz_bot_greeting(which in any::<usize>(), json in ops(0, 4, &GO.words), bytes in maybe_bytes(&GO.words)) {
        thread_local!(static POOL: (tempfile::TempDir, Arc<Pool>, std::path::PathBuf) = {
            let dir = tempfile::tempdir().unwrap();
            let (pool, _, greeting) = answerer(&GO.games[0], dir.path());
            (dir, pool, greeting)
        });
        POOL.with(|(_, pool, greeting)| check_greeting(&GO, pool, greeting, which, &json, &bytes))?;
    }
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn fuzz_serve_uno(bot in prop::sample::select(served::<Uno>()), first in any::<usize>(), m in lines_mutation(&UNO.words)) {
        check_serve(&UNO, bot, first, &m)?;
    }

    #[test]
    fn fuzz_serve_go(bot in prop::sample::select(served::<Go>()), first in any::<usize>(), m in lines_mutation(&GO.words)) {
        check_serve(&GO, bot, first, &m)?;
    }

    #[test]
    fn fuzz_serve_phased(bot in prop::sample::select(served::<Phased>()), first in any::<usize>(), m in lines_mutation(&PHASED.words)) {
        check_serve(&PHASED, bot, first, &m)?;
    }

    #[test]
    fn fuzz_serve_bo(bot in prop::sample::select(served::<Bo>()), first in any::<usize>(), m in lines_mutation(&BO.words)) {
        check_serve(&BO, bot, first, &m)?;
    }

    #[test]
    fn fuzz_serve_chexers(bot in prop::sample::select(served::<Chexers>()), first in any::<usize>(), m in lines_mutation(&CHEXERS.words)) {
        check_serve(&CHEXERS, bot, first, &m)?;
    }
}
