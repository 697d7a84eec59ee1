//! Shared by every crate's fuzz targets (the `fuzz` module of each crate's integration tests,
//! and the CLI's `fuzz_tests` module): the case count, structured mutation of valid inputs, and
//! the contract checks every game's untrusted inputs must meet.
//!
//! Fuzzing here is proptest over arbitrary text and, mostly, over *structured mutations* of valid
//! inputs (a trace, an observation, a protocol line): a JSON value is edited at a random node
//! (numbers made huge, negative, fractional or null; keys removed, added or duplicated; arrays
//! emptied or repeated; subtrees copied elsewhere; deep nesting), lines are dropped, duplicated
//! and swapped, and the text is truncated, spliced and bit-flipped.
//!
//! Every target runs a fixed number of cases so that CI stays bounded; set the environment
//! variable `PARLOUR_FUZZ_CASES` to a larger number for a longer local run (it never lowers a
//! target's own count), e.g. `PARLOUR_FUZZ_CASES=100000 cargo test -p parlour-uno --test it fuzz::`.

use parlour_core::rng::seeded;
use parlour_core::trace::{replay, TraceWriter};
use parlour_core::{Game, GameAi, GameText, State};
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestCaseError};
use rand::RngExt;
use serde_json::{Map, Value};

/// The environment variable that raises every fuzz target's number of cases.
pub const CASES_VAR: &str = "PARLOUR_FUZZ_CASES";

/// The number of cases: `default`, or `PARLOUR_FUZZ_CASES` when that is larger.
pub fn cases(default: u32) -> u32 {
    std::env::var(CASES_VAR)
        .ok()
        .and_then(|v| v.trim().parse::<u32>().ok())
        .map_or(default, |n| n.max(default))
}

/// A proptest configuration running [`cases`]`(default)` cases.
pub fn config(default: u32) -> ProptestConfig {
    ProptestConfig {
        cases: cases(default),
        // A failure is shrunk, but not for ever: the bound keeps a failing CI run short.
        max_shrink_iters: 1024,
        ..ProptestConfig::default()
    }
}

/// One mutation: what to do (`kind`), where (`at`, reduced modulo the number of places), a
/// parameter (`arg`) and a piece of text to use.
#[derive(Debug, Clone)]
pub struct Op {
    /// What to do (each mutator reads it modulo its number of kinds).
    pub kind: u8,
    /// Where: reduced modulo the number of places.
    pub at: u64,
    /// A parameter of the edit.
    pub arg: u64,
    /// Text the edit may insert.
    pub text: String,
}

/// Words that often mean something to a parser: field names, keywords, numbers.
pub const COMMON_WORDS: &[&str] = &[
    "",
    " ",
    "type",
    "id",
    "action",
    "index",
    "kind",
    "seat",
    "players",
    "options",
    "null",
    "true",
    "-1",
    "0",
    "1",
    "255",
    "256",
    "65536",
    "18446744073709551615",
    "18446744073709551616",
    "1e999",
    "NaN",
    "1.5",
    "\u{0}",
    "\n",
    "\r",
    "\"",
    "\\",
    "é",
    "🂡",
    "\u{feff}",
    ":",
    "/",
    ",",
    "=",
];

/// Text to splice in: mostly from `words` (and [`COMMON_WORDS`]), sometimes arbitrary.
pub fn word(words: &[String]) -> BoxedStrategy<String> {
    let mut all: Vec<String> = words.to_vec();
    all.extend(COMMON_WORDS.iter().map(|w| w.to_string()));
    prop_oneof![
        6 => prop::sample::select(all),
        1 => "\\PC{0,8}",
        1 => any::<String>(),
    ]
    .boxed()
}

/// Between `min` and `max` mutations, with text drawn from `words`.
pub fn ops(min: usize, max: usize, words: &[String]) -> BoxedStrategy<Vec<Op>> {
    prop::collection::vec(
        (any::<u8>(), any::<u64>(), any::<u64>(), word(words)).prop_map(|(kind, at, arg, text)| {
            Op {
                kind,
                at,
                arg,
                text,
            }
        }),
        min..=max,
    )
    .boxed()
}

// ---------------------------------------------------------------------------------------------
// JSON values.

/// Numbers that break careless code: zero, negatives, the edges of the integer types, huge and
/// tiny floats, fractions.
pub fn weird_numbers() -> Vec<Value> {
    vec![
        Value::from(0),
        Value::from(-1),
        Value::from(1),
        Value::from(2),
        Value::from(3),
        Value::from(4),
        Value::from(7),
        Value::from(10),
        Value::from(127),
        Value::from(255),
        Value::from(256),
        Value::from(65_535),
        Value::from(65_536),
        Value::from(u64::from(u32::MAX)),
        Value::from(u64::from(u32::MAX) + 1),
        Value::from(i64::MAX),
        Value::from(i64::MIN),
        Value::from(u64::MAX),
        Value::from(u64::MAX - 1),
        Value::from(1e300),
        Value::from(-1e300),
        Value::from(0.5),
        Value::from(-0.0),
        Value::from(1.0),
        Value::from(1e-300),
        Value::from(1.8446744073709552e19),
    ]
}

/// How many nodes `v` has (itself included).
fn count(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(count).sum(),
        Value::Object(o) => o.values().map(count).sum(),
        _ => 0,
    }
}

/// The `n`th node of `v` in pre-order (`n < count(v)`).
fn nth_mut(v: &mut Value, n: usize) -> &mut Value {
    if n == 0 {
        return v;
    }
    let mut n = n - 1;
    match v {
        Value::Array(a) => {
            for c in a.iter_mut() {
                let k = count(c);
                if n < k {
                    return nth_mut(c, n);
                }
                n -= k;
            }
        }
        Value::Object(o) => {
            for c in o.values_mut() {
                let k = count(c);
                if n < k {
                    return nth_mut(c, n);
                }
                n -= k;
            }
        }
        _ => {}
    }
    unreachable!("node index out of range")
}

fn nth(v: &Value, n: usize) -> &Value {
    if n == 0 {
        return v;
    }
    let mut n = n - 1;
    match v {
        Value::Array(a) => {
            for c in a {
                let k = count(c);
                if n < k {
                    return nth(c, n);
                }
                n -= k;
            }
        }
        Value::Object(o) => {
            for c in o.values() {
                let k = count(c);
                if n < k {
                    return nth(c, n);
                }
                n -= k;
            }
        }
        _ => {}
    }
    unreachable!("node index out of range")
}

const REPEATS: &[usize] = &[1, 2, 3, 7, 12, 60, 254, 255, 256, 300];

/// Applies one edit to `root` (see the module docs); `dups` collects objects to be written with
/// a duplicated key.
fn edit_json(root: &mut Value, op: &Op, dups: &mut Vec<(u64, bool)>) {
    let total = count(root);
    let at = (op.at % total as u64) as usize;
    let source = nth(root, (op.arg.rotate_left(29) % total as u64) as usize).clone();
    let numbers = weird_numbers();
    let pick = |k: u64| numbers[(k % numbers.len() as u64) as usize].clone();
    let node = nth_mut(root, at);
    if op.kind < 176 {
        // Most edits keep the node's type, so that the value still deserializes and the
        // checks behind the parser are reached.
        match node {
            Value::Number(_) => match op.arg % 4 {
                0 => *node = pick(op.arg / 4),
                1 => *node = Value::from((op.arg / 4) % 12),
                _ => {
                    if let Some(n) = node.as_u64() {
                        *node = Value::from(if op.arg % 8 < 4 {
                            n.saturating_add(1)
                        } else {
                            n.saturating_sub(1)
                        });
                    } else if let Some(n) = node.as_f64() {
                        *node = Value::from(n + 1.0);
                    }
                }
            },
            Value::String(s) => {
                *s = match (op.arg % 6, source) {
                    (0, _) => format!("{s}{}", op.text),
                    (1, _) => s.to_lowercase(),
                    (2 | 3, Value::String(other)) => other,
                    _ => op.text.clone(),
                }
            }
            Value::Bool(b) => *b = !*b,
            Value::Null => {
                *node = match op.arg % 4 {
                    0 => Value::String(op.text.clone()),
                    1 => Value::from((op.arg / 4) % 12),
                    _ => source,
                }
            }
            Value::Array(a) if a.is_empty() => {
                a.push(match op.arg % 3 {
                    0 => Value::String(op.text.clone()),
                    1 => Value::from((op.arg / 3) % 12),
                    _ => source,
                });
            }
            Value::Array(a) => {
                let i = (op.arg % a.len() as u64) as usize;
                match (op.arg / 7) % 5 {
                    0 => {
                        a.remove(i);
                    }
                    1 => {
                        let times = REPEATS[((op.arg >> 12) % REPEATS.len() as u64) as usize];
                        let copy = a[i].clone();
                        for _ in 0..times {
                            a.insert(i, copy.clone());
                        }
                    }
                    2 => {
                        let j = ((op.arg >> 20) % a.len() as u64) as usize;
                        a.swap(i, j);
                    }
                    3 => a.truncate(i),
                    _ => {
                        let j = ((op.arg >> 20) % a.len() as u64) as usize;
                        let copy = a[j].clone();
                        a[i] = copy;
                    }
                }
            }
            Value::Object(o) if op.arg % 3 == 0 && !o.is_empty() => {
                let key = o
                    .keys()
                    .nth(((op.arg / 3) % o.len() as u64) as usize)
                    .cloned();
                if let Some(k) = key {
                    o.remove(&k);
                }
            }
            Value::Object(_) => dups.push((op.at, op.arg % 2 == 0)),
        }
        return;
    }
    match op.kind % 15 {
        0 | 1 => *node = pick(op.arg),
        2 => *node = Value::Null,
        3 => *node = Value::Bool(op.arg % 2 == 0),
        4 => *node = Value::String(op.text.clone()),
        5 => match node {
            Value::Array(a) if !a.is_empty() => {
                let i = (op.arg % a.len() as u64) as usize;
                a.remove(i);
            }
            Value::Object(o) if !o.is_empty() => {
                let key = o.keys().nth((op.arg % o.len() as u64) as usize).cloned();
                if let Some(k) = key {
                    o.remove(&k);
                }
            }
            _ => *node = Value::Null,
        },
        6 => match node {
            Value::Array(a) => {
                let extra = if a.is_empty() || op.arg % 3 == 0 {
                    Value::String(op.text.clone())
                } else {
                    a[(op.arg % a.len() as u64) as usize].clone()
                };
                a.push(extra);
            }
            Value::Object(o) => {
                let value = if op.arg % 2 == 0 {
                    pick(op.arg / 2)
                } else {
                    Value::String(op.text.clone())
                };
                o.insert(op.text.clone(), value);
            }
            other => *other = Value::Array(vec![other.clone(), pick(op.arg)]),
        },
        7 => match node {
            Value::Array(a) if !a.is_empty() => {
                let i = (op.arg % a.len() as u64) as usize;
                let times = REPEATS[((op.arg >> 8) % REPEATS.len() as u64) as usize];
                let copy = a[i].clone();
                for _ in 0..times {
                    a.insert(i, copy.clone());
                }
            }
            Value::Object(_) => dups.push((op.at, op.arg % 2 == 0)),
            other => {
                let times = REPEATS[(op.arg % REPEATS.len() as u64) as usize];
                *other = Value::Array(vec![other.clone(); times]);
            }
        },
        8 => {
            *node = match node {
                Value::Array(_) => Value::Array(Vec::new()),
                Value::Object(_) => Value::Object(Map::new()),
                Value::String(_) => Value::String(String::new()),
                Value::Number(_) => Value::from(0),
                _ => Value::Array(Vec::new()),
            }
        }
        9 => *node = source,
        10 => {
            let inner = node.clone();
            *node = if op.arg % 2 == 0 {
                Value::Array(vec![inner])
            } else {
                let mut m = Map::new();
                m.insert(op.text.clone(), inner);
                Value::Object(m)
            };
        }
        11 => {
            if let Some(n) = node.as_i64() {
                let i = i128::from(n);
                let changed = match op.arg % 6 {
                    0 => i + 1,
                    1 => i - 1,
                    2 => -i,
                    3 => i * 2,
                    4 => i + 256,
                    _ => {
                        *node = Value::from(n as f64 + 0.5);
                        return;
                    }
                };
                *node = i64::try_from(changed)
                    .map(Value::from)
                    .or_else(|_| u64::try_from(changed).map(Value::from))
                    .unwrap_or(Value::from(changed as f64));
            } else if let Some(n) = node.as_u64() {
                *node = Value::from(n.wrapping_add(op.arg % 3).wrapping_sub(1));
            } else if let Some(s) = node.as_str() {
                *node = s.trim().parse::<f64>().map_or(pick(op.arg), Value::from);
            } else {
                *node = pick(op.arg);
            }
        }
        12 => {
            if let Value::String(s) = node {
                *s = match op.arg % 7 {
                    0 => s.to_lowercase(),
                    1 => s.to_uppercase(),
                    2 => format!("{s}{}", op.text),
                    3 => format!("{}{s}", op.text),
                    4 => s
                        .chars()
                        .take((op.arg / 7) as usize % (s.len() + 1))
                        .collect(),
                    5 => format!("{s} {s}"),
                    _ => format!(" {s} "),
                };
            } else {
                *node = Value::String(op.text.clone());
            }
        }
        13 => match node {
            Value::Array(a) if a.len() > 1 => {
                let i = (op.arg % a.len() as u64) as usize;
                let j = ((op.arg >> 16) % a.len() as u64) as usize;
                a.swap(i, j);
            }
            Value::Array(a) => a.reverse(),
            _ => *node = pick(op.arg),
        },
        _ => {
            // Deep nesting (past serde_json's recursion limit, sometimes).
            let depth = (op.arg % 300) as usize;
            let mut v = node.clone();
            for _ in 0..depth {
                v = Value::Array(vec![v]);
            }
            *node = v;
        }
    }
}

/// Writes `v` as JSON, duplicating the first key of the objects `dups` names.
fn write_json(v: &Value, dups: &[(u64, bool)], out: &mut String) {
    let objects = count_objects(v);
    let chosen: Vec<(usize, bool)> = if objects == 0 {
        Vec::new()
    } else {
        dups.iter()
            .map(|&(at, same)| ((at % objects as u64) as usize, same))
            .collect()
    };
    let mut next = 0;
    write_node(v, &chosen, &mut next, out);
}

fn count_objects(v: &Value) -> usize {
    match v {
        Value::Array(a) => a.iter().map(count_objects).sum(),
        Value::Object(o) => 1 + o.values().map(count_objects).sum::<usize>(),
        _ => 0,
    }
}

fn write_node(v: &Value, chosen: &[(usize, bool)], next: &mut usize, out: &mut String) {
    match v {
        Value::Array(a) => {
            out.push('[');
            for (i, c) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_node(c, chosen, next, out);
            }
            out.push(']');
        }
        Value::Object(o) => {
            let me = *next;
            *next += 1;
            out.push('{');
            for (i, (k, c)) in o.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                write_node(c, chosen, next, out);
            }
            if let Some((k, c)) = o.iter().next() {
                for &(_, same) in chosen.iter().filter(|(n, _)| *n == me) {
                    out.push(',');
                    out.push_str(&Value::String(k.clone()).to_string());
                    out.push(':');
                    if same {
                        out.push_str(&c.to_string());
                    } else {
                        out.push_str("null");
                    }
                }
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// `value` after the JSON edits `ops`, as text (which may repeat a key).
pub fn mutate_json(value: &Value, ops: &[Op]) -> String {
    let mut v = value.clone();
    let mut dups = Vec::new();
    for op in ops {
        edit_json(&mut v, op, &mut dups);
    }
    let mut out = String::new();
    write_json(&v, &dups, &mut out);
    out
}

// ---------------------------------------------------------------------------------------------
// Bytes and lines.

/// Number-like text to put where a number was.
const WEIRD_LITERALS: &[&str] = &[
    "1e999",
    "-1",
    "-0",
    "1.5",
    "00",
    "18446744073709551616",
    "99999999999999999999999999",
    "-9223372036854775809",
    "NaN",
    "Infinity",
    "null",
    "\"1\"",
    "1e2",
    "0x10",
];

/// Applies byte-level edits to `bytes`: truncation, deletion, insertion, bit flips, duplicated
/// ranges, a splice from `other`, and weird number literals.
pub fn mutate_bytes(bytes: &mut Vec<u8>, ops: &[Op], other: &[u8]) {
    for op in ops {
        let len = bytes.len();
        let i = if len == 0 {
            0
        } else {
            (op.at % len as u64) as usize
        };
        match op.kind % 10 {
            0 => bytes.truncate(i),
            1 => {
                let end = (i + 1 + (op.arg % 24) as usize).min(len);
                bytes.drain(i..end);
            }
            2 => {
                let t = op.text.as_bytes().to_vec();
                bytes.splice(i..i, t);
            }
            3 if len > 0 => bytes[i] ^= 1 << (op.arg % 8),
            4 if len > 0 => bytes[i] = op.arg as u8,
            5 if len > 0 => {
                let end = (i + 1 + (op.arg % 40) as usize).min(len);
                let piece = bytes[i..end].to_vec();
                let j = ((op.arg >> 8) % (len as u64 + 1)) as usize;
                bytes.splice(j..j, piece);
            }
            6 if !other.is_empty() => {
                let j = (op.arg % other.len() as u64) as usize;
                let take = ((op.arg >> 16) % 200) as usize;
                let end = (j + take).min(other.len());
                bytes.truncate(i);
                bytes.extend_from_slice(&other[j..end]);
            }
            7 => {
                // The next run of digits at or after i becomes a weird literal.
                let start = bytes[i.min(len)..]
                    .iter()
                    .position(u8::is_ascii_digit)
                    .map(|p| p + i);
                let lit = WEIRD_LITERALS[(op.arg % WEIRD_LITERALS.len() as u64) as usize];
                match start {
                    Some(s) => {
                        let mut e = s;
                        while e < len && (bytes[e].is_ascii_digit() || b".eE+-".contains(&bytes[e]))
                        {
                            e += 1;
                        }
                        bytes.splice(s..e, lit.bytes());
                    }
                    None => bytes.splice(i..i, lit.bytes()).for_each(drop),
                }
            }
            8 => {
                let c = b"\n\r\0\"\\{}[],: \t\xff\xc3"[(op.arg % 15) as usize];
                bytes.insert(i.min(len), c);
            }
            _ => {
                // Swap two ranges' order: a chunk moves elsewhere.
                if len > 1 {
                    let end = (i + 1 + (op.arg % 32) as usize).min(len);
                    let piece: Vec<u8> = bytes.drain(i..end).collect();
                    let j = ((op.arg >> 8) % (bytes.len() as u64 + 1)) as usize;
                    bytes.splice(j..j, piece);
                }
            }
        }
    }
}

/// `text` after byte edits, read back as text (invalid UTF-8 replaced).
pub fn mutate_text(text: &str, ops: &[Op], other: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    mutate_bytes(&mut bytes, ops, other.as_bytes());
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Line-level edits: drop, duplicate, swap, truncate, blank, move to the end.
pub fn mutate_lines(lines: &mut Vec<String>, ops: &[Op]) {
    for op in ops {
        let len = lines.len();
        if len == 0 {
            lines.push(op.text.clone());
            continue;
        }
        let i = (op.at % len as u64) as usize;
        let j = (op.arg % len as u64) as usize;
        match op.kind % 7 {
            0 => {
                lines.remove(i);
            }
            1 => {
                let l = lines[i].clone();
                lines.insert(j, l);
            }
            2 => lines.swap(i, j),
            3 => lines.truncate(i),
            4 => lines.insert(
                i,
                if op.arg % 2 == 0 {
                    String::new()
                } else {
                    "  ".into()
                },
            ),
            5 => {
                let l = lines.remove(i);
                lines.push(l);
            }
            _ => lines[i] = op.text.clone(),
        }
    }
}

/// A mutation of a text made of JSON lines (a trace, a protocol session).
#[derive(Debug, Clone)]
pub struct LinesMutation {
    /// Which line gets the JSON edits.
    pub line: u64,
    /// Edits of that line's JSON value.
    pub json: Vec<Op>,
    /// Lines dropped, duplicated and swapped.
    pub lines: Vec<Op>,
    /// Byte-level edits of the whole text.
    pub bytes: Vec<Op>,
}

/// Mostly JSON edits on one line; sometimes line edits; now and then byte edits.
pub fn lines_mutation(words: &[String]) -> BoxedStrategy<LinesMutation> {
    (
        any::<u64>(),
        ops(0, 4, words),
        prop_oneof![2 => Just(Vec::new()), 1 => ops(1, 3, words)],
        prop_oneof![3 => Just(Vec::new()), 1 => ops(1, 3, words)],
    )
        .prop_map(|(line, json, lines, bytes)| LinesMutation {
            line,
            json,
            lines,
            bytes,
        })
        .boxed()
}

/// `lines` (each a JSON value's text) after `m`, joined by newlines.
pub fn apply_lines(lines: &[String], m: &LinesMutation) -> String {
    let mut lines = lines.to_vec();
    if !lines.is_empty() && !m.json.is_empty() {
        let i = (m.line % lines.len() as u64) as usize;
        if let Ok(v) = serde_json::from_str::<Value>(&lines[i]) {
            lines[i] = mutate_json(&v, &m.json);
        }
    }
    mutate_lines(&mut lines, &m.lines);
    let mut text = lines.join("\n");
    text.push('\n');
    if m.bytes.is_empty() {
        text
    } else {
        let other = lines.first().cloned().unwrap_or_default();
        mutate_text(&text, &m.bytes, &other)
    }
}

/// A text input: a valid one mutated, several valid ones joined, or arbitrary text.
pub fn text_input(valid: Vec<String>, words: &[String]) -> BoxedStrategy<String> {
    let valid2 = valid.clone();
    let valid3 = valid.clone();
    prop_oneof![
        4 => (prop::sample::select(valid), ops(1, 4, words))
            .prop_map(|(v, ops)| mutate_text(&v, &ops, "")),
        2 => (
            prop::sample::select(valid2.clone()),
            prop::sample::select(valid2),
            prop::sample::select(vec![" ", "", "/", ",", ":", "  ", "\t"]),
        )
            .prop_map(|(a, b, sep)| format!("{a}{sep}{b}")),
        1 => prop::sample::select(valid3),
        2 => "\\PC{0,16}",
        1 => any::<String>(),
    ]
    .boxed()
}

/// A JSON input (text): a valid value mutated, or arbitrary text.
pub fn json_input(valid: Vec<Value>, words: &[String]) -> BoxedStrategy<String> {
    let texts: Vec<String> = valid.iter().map(Value::to_string).collect();
    prop_oneof![
        6 => (prop::sample::select(valid), ops(1, 5, words))
            .prop_map(|(v, ops)| mutate_json(&v, &ops)),
        2 => (prop::sample::select(texts), ops(1, 3, words))
            .prop_map(|(t, ops)| mutate_text(&t, &ops, "")),
        1 => "\\PC{0,24}",
    ]
    .boxed()
}

// ---------------------------------------------------------------------------------------------
// Corpora from real play.

/// States reached by random play from `games` deals of `game`: after 0, 1, 2, ... decisions,
/// every `every`th kept, the final state included.
pub fn positions<G: Game>(game: &G, games: u64, every: u64, seed: u64) -> Vec<G::State> {
    let mut out = Vec::new();
    let mut scratch = Vec::new();
    for g in 0..games {
        let mut rng = seeded(seed ^ (g * 0x9E37_79B9));
        let mut state = game.new_game(seed.wrapping_add(g));
        let mut n = 0u64;
        loop {
            if n % every == 0 || state.is_terminal() {
                out.push(state.clone());
            }
            match state.random_action(&mut rng, &mut scratch) {
                Some(a) => state.apply_unchecked(a),
                None => break,
            }
            n += 1;
            if n > 20_000 {
                break;
            }
        }
    }
    out
}

/// A valid trace of one random game of `game` from `seed`, as lines.
pub fn trace_lines<G: Game>(game: &G, seed: u64) -> Vec<String> {
    let seats: Vec<String> = (0..game.num_players()).map(|s| format!("r{s}")).collect();
    let mut writer = TraceWriter::new(Vec::new(), game, seed, &seats).unwrap();
    let mut state = game.new_game(seed);
    let mut rng = seeded(seed ^ 0x5EED);
    let mut legal = Vec::new();
    while let Some(seat) = state.current_player() {
        state.legal_actions(&mut legal);
        let observation = state.observation(seat);
        let action = legal[rng.random_range(0..legal.len())];
        let before = state.clone();
        state.apply(action).unwrap();
        writer
            .step::<G>(&parlour_core::play::Step {
                before: &before,
                seat,
                observation: &observation,
                legal: &legal,
                action,
                after: &state,
            })
            .unwrap();
    }
    let bytes = writer.finish::<G>(&state).unwrap();
    String::from_utf8(bytes)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The JSON of every observation and every legal action seen in `states`.
pub fn observations_and_actions<G: Game>(states: &[G::State]) -> (Vec<Value>, Vec<Value>) {
    let mut observations = Vec::new();
    let mut actions = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for s in states {
        if let Some(seat) = s.current_player() {
            observations.push(serde_json::to_value(s.observation(seat)).unwrap());
            for a in s.legal_action_vec() {
                if seen.insert(a) {
                    actions.push(serde_json::to_value(a).unwrap());
                }
            }
        } else {
            observations.push(serde_json::to_value(s.observation(0)).unwrap());
        }
    }
    (observations, actions)
}

/// Words for a game: its actions' text and the keys and strings of its observations.
pub fn game_words<G: Game>(states: &[G::State]) -> Vec<String> {
    let (observations, actions) = observations_and_actions::<G>(states);
    let mut words: Vec<String> = actions
        .iter()
        .filter_map(|a| a.as_str().map(str::to_string))
        .collect();
    fn collect(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(o) => {
                for (k, c) in o {
                    out.push(k.clone());
                    collect(c, out);
                }
            }
            Value::Array(a) => a.iter().for_each(|c| collect(c, out)),
            Value::String(s) => out.push(s.clone()),
            _ => {}
        }
    }
    for o in observations.iter().take(20) {
        collect(o, &mut words);
    }
    words.sort();
    words.dedup();
    words
}

// ---------------------------------------------------------------------------------------------
// The contract checks.

/// Action text: an error names what is wrong; an action read back from its text form (and from
/// its JSON form) is the same action.
pub fn check_action_text<G: Game>(text: &str) -> Result<(), TestCaseError> {
    match text.parse::<G::Action>() {
        Ok(a) => {
            let shown = a.to_string();
            let back: G::Action = shown
                .parse()
                .map_err(|e| TestCaseError::fail(format!("{a:?} shows as {shown:?}: {e}")))?;
            prop_assert_eq!(back, a, "text {:?} -> {:?} -> {:?}", text, a, shown);
            let json = serde_json::to_value(a).unwrap();
            let back: G::Action = serde_json::from_value(json.clone())
                .map_err(|e| TestCaseError::fail(format!("{a:?} as JSON {json}: {e}")))?;
            prop_assert_eq!(back, a);
        }
        Err(e) => {
            prop_assert!(!e.reason.trim().is_empty(), "empty reason for {text:?}");
            prop_assert!(!e.to_string().is_empty());
        }
    }
    Ok(())
}

/// Action JSON (as a bot or a trace sends it): an error has a message; an accepted action
/// round-trips through JSON and through text.
pub fn check_action_json<G: Game>(text: &str) -> Result<(), TestCaseError> {
    match serde_json::from_str::<G::Action>(text) {
        Ok(a) => {
            let json = serde_json::to_string(&a).unwrap();
            let back: G::Action = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(back, a);
            let shown = a.to_string();
            prop_assert_eq!(shown.parse::<G::Action>().ok(), Some(a));
        }
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    Ok(())
}

/// Plays at most `steps` random decisions from `state` (a position that must hold together:
/// its legal actions apply, its observations build).
pub fn play_on<G: Game>(
    state: &mut G::State,
    steps: usize,
    seed: u64,
) -> Result<(), TestCaseError> {
    let mut rng = seeded(seed);
    let mut legal = Vec::new();
    for _ in 0..steps {
        let Some(seat) = state.current_player() else {
            break;
        };
        state.legal_actions(&mut legal);
        prop_assert!(!legal.is_empty(), "no legal action for seat {seat}");
        let _ = state.observation(seat);
        let a = legal[rng.random_range(0..legal.len())];
        state
            .apply(a)
            .map_err(|e| TestCaseError::fail(format!("a legal action {a} is refused: {e}")))?;
    }
    let _ = state.returns();
    let _ = state.winners();
    let _ = state.last_round();
    let _ = state.result_figures();
    Ok(())
}

/// Game options (as `-o key=value`, a trace header or a `hello` carries them): a rejected value
/// gives a message; accepted options make a game that deals and plays, and round-trip through
/// JSON.
pub fn check_options<G: Game>(text: &str, seed: u64) -> Result<Option<G>, TestCaseError> {
    let options: G::Options = match serde_json::from_str(text) {
        Ok(o) => o,
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            return Ok(None);
        }
    };
    let json = serde_json::to_value(&options).unwrap();
    let back: G::Options = serde_json::from_value(json).unwrap();
    prop_assert_eq!(&back, &options);
    match G::new(options.clone()) {
        Ok(game) => {
            prop_assert_eq!(game.options(), &options);
            prop_assert!(G::INFO.player_range().contains(&game.num_players()));
            let mut state = game.new_game(seed);
            play_on::<G>(&mut state, 400, seed)?;
            Ok(Some(game))
        }
        Err(e) => {
            prop_assert!(!e.to_string().trim().is_empty(), "empty options error");
            Ok(None)
        }
    }
}

/// An observation read from JSON and resampled: rejected with a message, or a full state whose
/// own view for the observer is that observation, and which plays on.
pub fn check_observation<G: GameAi>(game: &G, text: &str, seed: u64) -> Result<(), TestCaseError> {
    let obs: G::Observation = match serde_json::from_str(text) {
        Ok(o) => o,
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            return Ok(());
        }
    };
    let json = serde_json::to_value(&obs).unwrap();
    let back: G::Observation = serde_json::from_value(json).unwrap();
    prop_assert_eq!(&back, &obs);
    let mut rng = seeded(seed);
    match game.resample(&obs, &mut rng) {
        Ok(mut state) => {
            let seat = G::observer(&obs);
            let view = state.observation(seat);
            if view != obs {
                // Resampling may put an observation in canonical form (sort a hand, say); the
                // canonical form then resamples to itself.
                let again = game.resample(&view, &mut rng).map_err(|e| {
                    TestCaseError::fail(format!("the view of a resampled state is refused: {e}"))
                })?;
                prop_assert_eq!(
                    &again.observation(seat),
                    &view,
                    "resampling does not reproduce the view of a resampled state"
                );
            }
            play_on::<G>(&mut state, 300, seed)?;
            let mut sampler = game.sampler(&obs, &mut rng).map_err(|e| {
                TestCaseError::fail(format!("resample accepts, sampler refuses: {e}"))
            })?;
            for _ in 0..2 {
                let mut s = sampler
                    .sample(&mut rng)
                    .map_err(|e| TestCaseError::fail(format!("a sample failed: {e}")))?;
                prop_assert_eq!(&s.observation(seat), &view);
                play_on::<G>(&mut s, 50, seed ^ 1)?;
            }
        }
        Err(e) => {
            prop_assert!(!e.to_string().trim().is_empty(), "empty resample error");
            if let Ok(mut sampler) = game.sampler(&obs, &mut rng) {
                // A sampler may defer its checks to the samples; they must refuse too.
                if let Ok(s) = sampler.sample(&mut rng) {
                    return Err(TestCaseError::fail(format!(
                        "resample refuses ({e}) but the sampler draws {s:?}"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// A person's typed decision at `state`: an action the rules allow there (a game may accept
/// more than the listed legal actions, such as any valid phase in Phased Out), or a message.
pub fn check_human<G: GameText>(
    game: &G,
    state: &G::State,
    input: &str,
) -> Result<(), TestCaseError> {
    let seat = state.current_player().expect("a live position");
    let obs = state.observation(seat);
    let legal = state.legal_action_vec();
    match game.parse_human(&obs, &legal, input) {
        Ok(a) => {
            if let Err(e) = state.check(a) {
                return Err(TestCaseError::fail(format!(
                    "{input:?} reads as {a}, which is not allowed: {e}"
                )));
            }
        }
        Err(m) => prop_assert!(
            !m.to_string().trim().is_empty(),
            "empty message for {input:?}"
        ),
    }
    Ok(())
}

/// A trace replayed: an error names a line of the trace (or the one after it) and says what is
/// wrong; a trace that replays is for this game.
pub fn check_replay<G: Game>(text: &str) -> Result<(), TestCaseError> {
    let lines: Vec<&str> = text.lines().collect();
    match replay::<G>(&lines) {
        Ok(report) => prop_assert_eq!(report.game.as_str(), G::INFO.name),
        Err(e) => {
            prop_assert!(!e.message.trim().is_empty(), "empty replay error");
            prop_assert!(
                e.line >= 1 && e.line <= lines.len() + 1,
                "line {} of {}",
                e.line,
                lines.len()
            );
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// A game's corpus and its targets.

/// Valid inputs for one game, from random play under each of `games`.
pub struct Corpus<G: Game> {
    /// The games (variants, options) the corpus was played under.
    pub games: Vec<G>,
    /// Positions reached, with the index of their game.
    pub states: Vec<(usize, G::State)>,
    /// Observations of those positions (the deciding seat's, or seat 0's at the end), as JSON,
    /// with the index of their game.
    pub observations: Vec<(usize, Value)>,
    /// Every distinct legal action seen, as JSON.
    pub actions: Vec<Value>,
    /// Their text forms.
    pub action_texts: Vec<String>,
    /// Options of each game, as JSON.
    pub options: Vec<Value>,
    /// Complete traces of random games, as lines.
    pub traces: Vec<Vec<String>>,
    /// Words for mutations: action texts, observation keys and strings.
    pub words: Vec<String>,
}

impl<G: Game> Corpus<G> {
    /// Checks the corpus itself: enough observations and actions, every trace replays, and
    /// every observation resamples to a state whose observation it is.
    pub fn check_valid(&self) {
        assert!(self.observations.len() > 50 && self.actions.len() > 40);
        for t in &self.traces {
            let lines: Vec<&str> = t.iter().map(String::as_str).collect();
            replay::<G>(&lines).unwrap();
        }
        for (g, value) in &self.observations {
            let obs: G::Observation = serde_json::from_value(value.clone()).unwrap();
            let seat = value["seat"]
                .as_u64()
                .expect("an observation names its seat");
            let s = self.games[*g].resample(&obs, &mut seeded(1)).unwrap();
            assert_eq!(s.observation(seat as usize), obs);
        }
    }

    /// `deals` random games of each of `games` (positions kept every `every` decisions), and
    /// `traces` traces of each.
    pub fn new(games: Vec<G>, deals: u64, every: u64, traces: u64) -> Corpus<G> {
        let mut states = Vec::new();
        let mut all = Vec::new();
        for (i, g) in games.iter().enumerate() {
            for s in positions(g, deals, every, 1000 * i as u64 + 1) {
                all.push(s.clone());
                states.push((i, s));
            }
        }
        let mut observations = Vec::new();
        for (i, s) in &states {
            let seat = s.current_player().unwrap_or(0);
            observations.push((*i, serde_json::to_value(s.observation(seat)).unwrap()));
        }
        let (_, actions) = observations_and_actions::<G>(&all);
        let action_texts = actions
            .iter()
            .map(|a| {
                serde_json::from_value::<G::Action>(a.clone())
                    .unwrap()
                    .to_string()
            })
            .collect();
        let options = games
            .iter()
            .map(|g| serde_json::to_value(g.options()).unwrap())
            .collect();
        let traces = games
            .iter()
            .flat_map(|g| (0..traces).map(move |seed| trace_lines(g, 77 + seed)))
            .collect();
        let words = game_words::<G>(&all);
        Corpus {
            games,
            states,
            observations,
            actions,
            action_texts,
            options,
            traces,
            words,
        }
    }

    /// Inputs a person might type: action texts, numbers, words, in any case.
    pub fn human_words(&self) -> Vec<String> {
        let mut v = self.action_texts.clone();
        v.extend(self.action_texts.iter().map(|t| t.to_lowercase()));
        v.extend((0..40).map(|n| n.to_string()));
        v.extend(
            [
                "help",
                "?",
                "",
                "-1",
                "18446744073709551616",
                "draw",
                "pass",
                "d",
                "p",
            ]
            .iter()
            .map(|s| s.to_string()),
        );
        v
    }

    /// The non-terminal positions' indices.
    pub fn live(&self) -> Vec<usize> {
        (0..self.states.len())
            .filter(|&i| !self.states[i].1.is_terminal())
            .collect()
    }
}

/// Sometimes no byte edits, sometimes a few.
pub fn maybe_bytes(words: &[String]) -> BoxedStrategy<Vec<Op>> {
    prop_oneof![4 => Just(Vec::new()), 1 => ops(1, 3, words)].boxed()
}

/// A corpus observation after JSON edits `json` and byte edits `bytes`, resampled under its
/// game (see [`check_observation`]).
pub fn run_observation<G: GameAi>(
    c: &Corpus<G>,
    which: usize,
    json: &[Op],
    bytes: &[Op],
    seed: u64,
) -> Result<(), TestCaseError> {
    let (g, value) = &c.observations[which % c.observations.len()];
    let mut text = mutate_json(value, json);
    if !bytes.is_empty() {
        text = mutate_text(&text, bytes, "");
    }
    check_observation(&c.games[*g], &text, seed)
}

/// A corpus trace after `m` (see [`check_replay`]).
pub fn run_trace<G: Game>(
    c: &Corpus<G>,
    which: usize,
    m: &LinesMutation,
) -> Result<(), TestCaseError> {
    let text = apply_lines(&c.traces[which % c.traces.len()], m);
    check_replay::<G>(&text)
}

/// Game options after JSON edits (see [`check_options`]).
pub fn run_options<G: Game>(
    c: &Corpus<G>,
    which: usize,
    json: &[Op],
    bytes: &[Op],
    seed: u64,
) -> Result<(), TestCaseError> {
    let mut text = mutate_json(&c.options[which % c.options.len()], json);
    if !bytes.is_empty() {
        text = mutate_text(&text, bytes, "");
    }
    check_options::<G>(&text, seed).map(drop)
}

/// An action's JSON after edits (see [`check_action_json`]).
pub fn run_action_json<G: Game>(
    c: &Corpus<G>,
    which: usize,
    json: &[Op],
    bytes: &[Op],
) -> Result<(), TestCaseError> {
    let mut text = mutate_json(&c.actions[which % c.actions.len()], json);
    if !bytes.is_empty() {
        text = mutate_text(&text, bytes, "");
    }
    check_action_json::<G>(&text)
}

/// A person's input at a corpus position (see [`check_human`]).
pub fn run_human<G: GameText>(
    c: &Corpus<G>,
    which: usize,
    input: &str,
) -> Result<(), TestCaseError> {
    let live = c.live();
    let (g, state) = &c.states[live[which % live.len()]];
    check_human(&c.games[*g], state, input)
}

/// Bot specs to mutate: every bot name parlour has, bare and with options set.
pub fn bot_spec_corpus() -> Vec<String> {
    [
        "random",
        "heuristic",
        "ismcts",
        "ismcts:iters=50",
        "ismcts:iters=40:c=0.7:playout=10:policy=plain:variant=mo:root=halving",
        "ismcts:iters=30:root=paired:variant=so:policy=tuned",
        "ismcts:ms=2",
        "search:nodes=500:depth=3",
        "search:nodes=100:depth=2:table_bits=10",
        "search:ms=2",
        "greedy",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Words for mutating bot specs.
pub fn bot_spec_words() -> Vec<String> {
    [
        "iters",
        "ms",
        "c",
        "playout",
        "policy",
        "variant",
        "root",
        "nodes",
        "depth",
        "table_bits",
        "plain",
        "tuned",
        "so",
        "mo",
        "tree",
        "paired",
        "halving",
        "=",
        ":",
        "inf",
        "-0.0",
        "1e-9",
        "4294967296",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// A bot spec typed by a user: text that parses is made into a bot (`make`, the bot registry)
/// or refused with a message; a bot cheap enough to ask ([`cheap_bot`]) is asked one decision
/// at a live position of the corpus and must answer with a legal action.
pub fn run_bot_spec<G: Game>(
    c: &Corpus<G>,
    text: &str,
    which: usize,
    make: impl Fn(
        &parlour_core::BotSpec,
        u64,
    ) -> Result<Box<dyn parlour_core::Bot<G>>, parlour_core::BotError>,
) -> Result<(), TestCaseError> {
    let Ok(spec) = text.parse::<parlour_core::BotSpec>() else {
        return Ok(());
    };
    match make(&spec, 1) {
        Ok(mut bot) if cheap_bot(&spec) => {
            let live = c.live();
            let (g, state) = &c.states[live[which % live.len()]];
            let seat = state.current_player().unwrap();
            let legal = state.legal_action_vec();
            let a = bot.act(&parlour_core::Decision::new(
                &c.games[*g],
                seat,
                &state.observation(seat),
                &legal,
            ));
            prop_assert!(legal.contains(&a));
        }
        Ok(_) => {}
        Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
    }
    Ok(())
}

/// Whether a bot made from `spec` answers quickly enough to be asked in a fuzz case (a small
/// search budget, no clock).
pub fn cheap_bot(spec: &parlour_core::BotSpec) -> bool {
    let small = |key: &str, max: u64| {
        spec.options
            .iter()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.parse::<u64>().ok())
            .is_some_and(|n| n <= max)
    };
    let has = |key: &str| spec.options.iter().any(|(k, _)| k == key);
    match spec.name.as_str() {
        "random" | "heuristic" | "greedy" => true,
        "ismcts" => small("iters", 60) && !has("ms") && (!has("playout") || small("playout", 1000)),
        "search" => small("nodes", 2000) && small("depth", 4) && !has("ms"),
        _ => false,
    }
}

/// The fuzz targets every game shares, over the game's corpus (one invocation in each game's
/// `tests/it/fuzz.rs`, beside the game's own targets):
///
/// - the corpus itself is valid (its traces replay, its observations resample to themselves);
/// - at `text_cases` cases: action text, the action's JSON form, a person's typed decision
///   (from `human_words` and the corpus's words);
/// - at `cases` cases: game options, an observation read and resampled (at most
///   `observation_edits` edits), bot specs;
/// - at `trace_cases` cases: traces.
///
/// ```ignore
/// parlour_test_support::game_fuzz_targets!(Uno, CORPUS, text_cases = 20_000, cases = 10_000,
///     trace_cases = 3000, observation_edits = 5, human_words = CORPUS.human_words());
/// ```
#[macro_export]
macro_rules! game_fuzz_targets {
    ($game:ty, $corpus:expr, text_cases = $text:expr, cases = $cases:expr,
     trace_cases = $trace:expr, observation_edits = $edits:expr, human_words = $human:expr) => {
        #[test]
        fn fuzz_corpus_is_valid() {
            $corpus.check_valid();
        }

        ::proptest::proptest! {
            #![proptest_config($crate::fuzz::config($text))]

            #[test]
            fn fuzz_action_text(
                text in $crate::fuzz::text_input($corpus.action_texts.clone(), &$corpus.words),
            ) {
                $crate::fuzz::check_action_text::<$game>(&text)?;
            }

            #[test]
            fn fuzz_action_json(
                which in ::proptest::prelude::any::<usize>(),
                json in $crate::fuzz::ops(1, 4, &$corpus.words),
                bytes in $crate::fuzz::maybe_bytes(&$corpus.words),
            ) {
                $crate::fuzz::run_action_json(&$corpus, which, &json, &bytes)?;
            }

            #[test]
            fn fuzz_human_input(
                which in ::proptest::prelude::any::<usize>(),
                input in $crate::fuzz::text_input($human, &$corpus.words),
            ) {
                $crate::fuzz::run_human(&$corpus, which, &input)?;
            }
        }

        ::proptest::proptest! {
            #![proptest_config($crate::fuzz::config($cases))]

            #[test]
            fn fuzz_options(
                which in ::proptest::prelude::any::<usize>(),
                json in $crate::fuzz::ops(1, 4, &$corpus.words),
                bytes in $crate::fuzz::maybe_bytes(&$corpus.words),
                seed in ::proptest::prelude::any::<u64>(),
            ) {
                $crate::fuzz::run_options(&$corpus, which, &json, &bytes, seed)?;
            }

            #[test]
            fn fuzz_observation_resample(
                which in ::proptest::prelude::any::<usize>(),
                json in $crate::fuzz::ops(1, $edits, &$corpus.words),
                bytes in $crate::fuzz::maybe_bytes(&$corpus.words),
                seed in ::proptest::prelude::any::<u64>(),
            ) {
                $crate::fuzz::run_observation(&$corpus, which, &json, &bytes, seed)?;
            }

            #[test]
            fn fuzz_bot_spec(
                text in $crate::fuzz::text_input(
                    $crate::fuzz::bot_spec_corpus(),
                    &$crate::fuzz::bot_spec_words(),
                ),
                which in ::proptest::prelude::any::<usize>(),
            ) {
                $crate::fuzz::run_bot_spec(&$corpus, &text, which, ::parlour_bots::make_bot::<$game>)?;
            }
        }

        ::proptest::proptest! {
            #![proptest_config($crate::fuzz::config($trace))]

            #[test]
            fn fuzz_trace_replay(
                which in ::proptest::prelude::any::<usize>(),
                m in $crate::fuzz::lines_mutation(&$corpus.words),
            ) {
                $crate::fuzz::run_trace(&$corpus, which, &m)?;
            }
        }
    };
}
