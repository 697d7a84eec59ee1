//! Who sits at a seat of one game ([`SeatSpec`]): a person, or what a tournament enters (an
//! [`EntrySpec`]: a built-in bot or an external program). The one notion every door that seats
//! a single game shares: `parlour play --seats`, the browser's tables (stored as JSON), and the
//! Python package's tables.

use serde::{Deserialize, Serialize};

use parlour_core::BotSpec;

use crate::entries::{entry_from_text, EntryError};
use crate::entry::{EntrySpec, Limits, ProgramSpec};

/// Who sits at a seat: a person, or a tournament's entry (a built-in bot or a program).
///
/// As JSON a seat is tagged by `kind` (`{"kind":"human","name":"Ann","token":"..."}`,
/// `{"kind":"bot","bot":"ismcts:iters=400"}`, `{"kind":"program","spec":{...}}`): the form the
/// browser's tables have always been stored in.
///
/// ```
/// use parlour_protocol::{Limits, SeatSpec};
///
/// let seats: Vec<SeatSpec> = ["human", "ismcts:iters=400", "cmd:./my-bot"]
///     .iter()
///     .map(|t| SeatSpec::from_text(t, Limits::default(), 3))
///     .collect::<Result<_, _>>()?;
/// assert!(seats[0].is_human());
/// assert_eq!(seats[1].label(), "ismcts:iters=400");
/// assert!(seats[2].program().is_some());
/// let json = serde_json::to_string(&seats[1])?;
/// assert_eq!(json, r#"{"kind":"bot","bot":"ismcts:iters=400"}"#);
/// assert_eq!(serde_json::from_str::<SeatSpec>(&json)?, seats[1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Repr", from = "Repr")]
pub enum SeatSpec {
    /// A person.
    Human {
        /// The name shown.
        name: String,
        /// The secret that takes the seat where people play from afar (a browser's table);
        /// `None` at a terminal.
        token: Option<String>,
    },
    /// A built-in bot or an external program: what a tournament enters.
    Entry(EntrySpec),
}

impl SeatSpec {
    /// The word that seats a person in a list of seats (`--seats human,heuristic`).
    pub const HUMAN: &'static str = "human";

    /// One seat of a list: `human`, a built-in bot, `cmd:COMMAND` or `NAME=cmd:COMMAND` (see
    /// [`entry_from_text`]), a program held to `limits` and `max_faults`.
    pub fn from_text(text: &str, limits: Limits, max_faults: u32) -> Result<SeatSpec, EntryError> {
        if text == Self::HUMAN {
            return Ok(SeatSpec::Human {
                name: Self::HUMAN.to_string(),
                token: None,
            });
        }
        entry_from_text(text, limits, max_faults).map(SeatSpec::Entry)
    }

    /// The name the seat is shown under: the person's, the bot spec's text, or the program's.
    /// Seats that share one are told apart by `parlour_arena::numbered`.
    pub fn label(&self) -> String {
        match self {
            SeatSpec::Human { name, .. } => name.clone(),
            SeatSpec::Entry(entry) => entry.label(),
        }
    }

    /// Whether a person sits here.
    pub fn is_human(&self) -> bool {
        matches!(self, SeatSpec::Human { .. })
    }

    /// The entry, unless a person sits here.
    pub fn entry(&self) -> Option<&EntrySpec> {
        match self {
            SeatSpec::Human { .. } => None,
            SeatSpec::Entry(entry) => Some(entry),
        }
    }

    /// The program, if an external program sits here.
    pub fn program(&self) -> Option<&ProgramSpec> {
        match self.entry()? {
            EntrySpec::Program(p) => Some(p),
            EntrySpec::Bot(_) => None,
        }
    }
}

impl From<EntrySpec> for SeatSpec {
    fn from(entry: EntrySpec) -> SeatSpec {
        SeatSpec::Entry(entry)
    }
}

impl From<BotSpec> for SeatSpec {
    fn from(bot: BotSpec) -> SeatSpec {
        SeatSpec::Entry(EntrySpec::Bot(bot))
    }
}

/// The JSON form.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Repr {
    Human {
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    Bot {
        bot: BotSpec,
    },
    Program {
        spec: ProgramSpec,
    },
}

impl From<SeatSpec> for Repr {
    fn from(seat: SeatSpec) -> Repr {
        match seat {
            SeatSpec::Human { name, token } => Repr::Human { name, token },
            SeatSpec::Entry(EntrySpec::Bot(bot)) => Repr::Bot { bot },
            SeatSpec::Entry(EntrySpec::Program(spec)) => Repr::Program { spec },
        }
    }
}

impl From<Repr> for SeatSpec {
    fn from(repr: Repr) -> SeatSpec {
        match repr {
            Repr::Human { name, token } => SeatSpec::Human { name, token },
            Repr::Bot { bot } => SeatSpec::Entry(EntrySpec::Bot(bot)),
            Repr::Program { spec } => SeatSpec::Entry(EntrySpec::Program(spec)),
        }
    }
}
