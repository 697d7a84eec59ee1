//! The smallest bot in Rust: it speaks the protocol (docs/protocol.md) with nothing but
//! serde_json, and always answers the first legal action. Any game.
//!
//! ```sh
//! cargo build --release --example first_legal -p parlour-protocol
//! parlour check-bot uno -- target/release/examples/first_legal
//! ```

use std::io::{BufRead, Write};

use serde_json::{json, Value};

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    for line in stdin.lines() {
        let message: Value = serde_json::from_str(&line?)?;
        let reply = match message["type"].as_str() {
            Some("hello") => json!({"type": "ready", "protocol": 1, "name": "first legal"}),
            Some("act") => json!({"type": "action", "id": message["id"], "index": 0}),
            Some("bye") => break,
            // start, event, result, and anything newer: nothing to say.
            _ => continue,
        };
        writeln!(out, "{reply}")?;
        out.flush()?;
    }
    Ok(())
}
