//! What travels over a table's WebSocket, both ways, as JSON text frames.
//!
//! A browser sends [`ClientMessage`]s; everything it may send is here, and anything else is
//! refused by [`parse`] with a [`MessageError`] that goes back to that browser alone. The server
//! sends [`ServerMessage`]s, each built for one connection from what its seat may see.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The longest message a browser may send, in bytes. A Phased Out phase of eleven cards is
/// under 100 bytes; anything near this is not a move.
pub const MAX_CLIENT_MESSAGE: usize = 4096;

/// A message from a browser.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The seat's decision: `action` in its text form, for decision number `decision` (the
    /// number in the view it answers, so a message replayed or sent late is refused).
    Act {
        /// The decision it answers.
        decision: u64,
        /// The action, as the protocol writes it (`R5`, `W:G`, `lay 5H 5D 5C / QH QD QD`).
        action: String,
    },
    /// Deal again at a new table with the same seats: from a person seated at the table, once
    /// its game is over. (A struct variant, so that unknown fields are refused.)
    Rematch {},
    /// Milliseconds between the bots' moves (a table of bots only).
    Pace {
        /// The pause, 0 to [`MAX_PACE_MS`].
        ms: u64,
    },
}

/// The longest pause between bots' moves a table can be given.
pub const MAX_PACE_MS: u64 = 10_000;

/// Why a browser's message was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MessageError {
    /// Over [`MAX_CLIENT_MESSAGE`] bytes.
    #[error("a message of {0} bytes is over the limit of {MAX_CLIENT_MESSAGE}")]
    TooLong(usize),
    /// Not a message this server knows.
    #[error("not a message: {0}")]
    Unreadable(String),
    /// A binary frame.
    #[error("messages are JSON text, not binary frames")]
    Binary,
}

/// Reads a browser's message.
pub fn parse(text: &str) -> Result<ClientMessage, MessageError> {
    if text.len() > MAX_CLIENT_MESSAGE {
        return Err(MessageError::TooLong(text.len()));
    }
    let message: ClientMessage = serde_json::from_str(text).map_err(|e| {
        // serde's message names the problem and its column; the text itself is not echoed.
        MessageError::Unreadable(e.to_string())
    })?;
    if let ClientMessage::Pace { ms } = message {
        if ms > MAX_PACE_MS {
            return Err(MessageError::Unreadable(format!(
                "a pace of {ms} ms is over the limit of {MAX_PACE_MS}"
            )));
        }
    }
    Ok(message)
}

/// One seat at a table, as every connection is told.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatInfo {
    /// Its name (`you`, `heuristic`, `guest 2`).
    pub name: String,
    /// `human` or `bot`.
    pub kind: &'static str,
    /// For a person: whether a browser holds the seat now.
    pub connected: bool,
    /// For a person: whether the stand-in is playing for them (they were away past the
    /// table's timeout when it was their turn).
    pub away: bool,
}

/// One decision in a table's log, as one viewer may see it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogEntry {
    /// The decision's number (0 first).
    pub decision: u64,
    /// Who made it.
    pub seat: usize,
    /// What it was, or `None` when this viewer does not see it (a Comp10001-Go pick before
    /// the reveal).
    pub action: Option<String>,
}

/// A message to a browser.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The first message on a connection: the table, and who this connection is.
    Welcome {
        /// The table's id.
        table: String,
        /// The game's name (`uno`).
        game: &'static str,
        /// Its title (`Uno`).
        title: &'static str,
        /// Its options.
        options: Value,
        /// The deal's seed, once the game is over (a secret until then: it deals every hand).
        seed: Option<u64>,
        /// The seat this connection plays, or `None` for a spectator.
        seat: Option<usize>,
        /// Whether this connection sees every hand (a spectator of a table of bots).
        open: bool,
    },
    /// The table as this connection may see it, after every change.
    View(Box<View>),
    /// A message of this connection's was refused; nothing changed.
    Error {
        /// What was wrong.
        message: String,
    },
    /// The table's rematch: the new table's id.
    Rematch {
        /// The new table.
        table: String,
    },
    /// The table has closed before its end; the connection closes after this.
    Closed {
        /// Why (nobody at it for too long, or too long a game).
        reason: String,
    },
}

/// The table as one connection may see it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// Decisions made so far: an `act` answers this number.
    pub decision: u64,
    /// The seat to act (`None` when the game is over).
    pub to_act: Option<usize>,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// This seat's observation (the protocol's JSON), for a seated connection.
    pub observation: Option<Value>,
    /// Every seat's observation, for a connection that may see all hands.
    pub observations: Option<Vec<Value>>,
    /// What every seat sees.
    pub public: Value,
    /// The legal actions, to the seat to act only (empty for everyone else).
    pub legal: Vec<String>,
    /// The log: every decision so far in the first view of a connection, then the latest.
    pub log: Vec<LogEntry>,
    /// Whether `log` starts from the beginning (the first view) or adds to what came before.
    pub full_log: bool,
    /// Each seat's return, once the game is over.
    pub returns: Option<Vec<f64>>,
    /// The winners, once the game is over.
    pub winners: Option<Vec<usize>>,
    /// Milliseconds between bots' moves.
    pub pace_ms: u64,
    /// The rematch table, once there is one.
    pub rematch: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_every_message() {
        assert_eq!(
            parse(r#"{"type":"act","decision":3,"action":"R5"}"#),
            Ok(ClientMessage::Act {
                decision: 3,
                action: "R5".into()
            })
        );
        assert_eq!(
            parse(r#"{"type":"rematch"}"#),
            Ok(ClientMessage::Rematch {})
        );
        assert_eq!(
            parse(r#"{"type":"pace","ms":250}"#),
            Ok(ClientMessage::Pace { ms: 250 })
        );
    }

    #[test]
    fn refuses_what_is_not_a_message() {
        for bad in [
            "",
            "null",
            "[]",
            r#"{"type":"act"}"#,
            r#"{"type":"act","decision":-1,"action":"R5"}"#,
            r#"{"type":"act","decision":1,"action":5}"#,
            r#"{"type":"act","decision":1,"action":"R5","seat":2}"#,
            r#"{"type":"sit","seat":2}"#,
            r#"{"type":"rematch","x":1}"#,
            r#"{"type":"pace","ms":5,"x":1}"#,
            r#"{"type":"pace","ms":99999999}"#,
        ] {
            assert!(
                matches!(parse(bad), Err(MessageError::Unreadable(_))),
                "{bad}"
            );
        }
        let long = format!(
            r#"{{"type":"act","decision":1,"action":"{}"}}"#,
            "x".repeat(5000)
        );
        assert_eq!(parse(&long), Err(MessageError::TooLong(long.len())));
    }

    proptest! {
        /// Whatever arrives, parsing ends in a message or an error, never a panic; and an
        /// error never echoes more than a bounded message.
        #[test]
        fn any_text_parses_or_is_refused(text in ".{0,300}") {
            match parse(&text) {
                Ok(_) => {}
                Err(e) => prop_assert!(e.to_string().len() < 400),
            }
        }

        #[test]
        fn mangled_messages_are_refused_cleanly(
            base in prop::sample::select(vec![
                r#"{"type":"act","decision":3,"action":"R5"}"#,
                r#"{"type":"rematch"}"#,
                r#"{"type":"pace","ms":250}"#,
            ]),
            cut in 0usize..45,
            insert in ".{0,8}",
        ) {
            let cut = cut.min(base.len());
            let mangled = format!("{}{}{}", &base[..cut], insert, &base[cut..]);
            let _ = parse(&mangled);
        }
    }
}
