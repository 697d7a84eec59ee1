//! The league's people: a roster (CSV of names and ids) becomes one secret token per person,
//! and one for the organiser. Only each token's SHA-256 is stored: the tokens themselves are
//! given out once (in the links the organiser sends), so a copy of the store lets nobody in.

use sha2::{Digest, Sha256};

use crate::store::Store;
use crate::LeagueError;

/// A person's secret: 128 random bits in hex, from the system's randomness.
pub fn new_token() -> String {
    let bits: u128 = rand::random();
    format!("{bits:032x}")
}

/// The stored form of a token.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// One person of a roster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterRow {
    /// Their name.
    pub name: String,
    /// Their id (a student number), unique in the league.
    pub id: String,
}

/// The most people a league holds.
pub const MAX_PEOPLE: usize = 5000;

/// Reads a roster: CSV with a header row naming a `name` and an `id` column (other columns are
/// passed over). An error names the line and what is wrong with it.
pub fn read_roster(text: &str) -> Result<Vec<RosterRow>, LeagueError> {
    let bad = |line: u64, what: String| LeagueError::Roster(format!("line {line}: {what}"));
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .flexible(true)
        .from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| bad(1, e.to_string()))?.clone();
    let column = |want: &str| {
        headers
            .iter()
            .position(|h| h.eq_ignore_ascii_case(want))
            .ok_or_else(|| {
                bad(
                    1,
                    format!("the header names no {want:?} column (it has {:?})", headers),
                )
            })
    };
    let (name_at, id_at) = (column("name")?, column("id")?);
    let mut rows = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (i, record) in reader.records().enumerate() {
        let line = i as u64 + 2;
        let record = record.map_err(|e| bad(line, e.to_string()))?;
        let field = |at: usize, what: &str| -> Result<String, LeagueError> {
            let v = record.get(at).unwrap_or_default().to_string();
            if v.is_empty() || v.chars().count() > 100 || v.chars().any(char::is_control) {
                return Err(bad(
                    line,
                    format!("the {what} is 1 to 100 printable characters, not {v:?}"),
                ));
            }
            Ok(v)
        };
        let row = RosterRow {
            name: field(name_at, "name")?,
            id: field(id_at, "id")?,
        };
        if row.id.starts_with(REGISTERED) {
            return Err(bad(
                line,
                format!(
                    "ids beginning {REGISTERED:?} are the league's own, not {:?}",
                    row.id
                ),
            ));
        }
        if !seen.insert(row.id.clone()) {
            return Err(bad(line, format!("the id {:?} is listed twice", row.id)));
        }
        rows.push(row);
    }
    if rows.len() > MAX_PEOPLE {
        return Err(LeagueError::Roster(format!(
            "{} people; a league holds at most {MAX_PEOPLE}",
            rows.len()
        )));
    }
    Ok(rows)
}

/// A person added, with the token that lets them in (shown once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Admitted {
    /// Their number in the league.
    pub person: i64,
    /// Their roster row.
    pub row: RosterRow,
    /// Their secret.
    pub token: String,
}

/// Adds the roster's people (all or none: one already in the league is an error before any is
/// added), each with a fresh token.
pub fn admit(
    store: &Store,
    rows: &[RosterRow],
    organiser: bool,
    now: i64,
) -> Result<Vec<Admitted>, LeagueError> {
    let known: std::collections::BTreeSet<String> =
        store.people()?.into_iter().map(|p| p.external_id).collect();
    if let Some(r) = rows.iter().find(|r| known.contains(&r.id)) {
        return Err(LeagueError::Roster(format!(
            "the id {:?} is already in the league",
            r.id
        )));
    }
    let mut out = Vec::new();
    for row in rows {
        let token = new_token();
        let person = store.add_person(&row.id, &row.name, &token_hash(&token), organiser, now)?;
        out.push(Admitted {
            person,
            row: row.clone(),
            token,
        });
    }
    Ok(out)
}

/// The most people who may register in any minute (with the invite code): a class registers
/// over days, and one person with the code cannot fill the league in a moment.
pub const REGISTRATIONS_PER_MINUTE: usize = 30;

/// A stranger with the invite code becomes a person named `name` (1 to 100 printable
/// characters), with an id of the league's own (`reg-...`): the person and their token (shown
/// once). Refused past [`MAX_PEOPLE`] people, or [`REGISTRATIONS_PER_MINUTE`] a minute.
pub fn register(
    store: &Store,
    name: &str,
    now: i64,
) -> Result<(crate::store::Person, String), LeagueError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(LeagueError::Refused(
            "a name is 1 to 100 printable characters".into(),
        ));
    }
    let people = store.people()?;
    if people.len() >= MAX_PEOPLE {
        return Err(LeagueError::Refused(format!(
            "the league is full ({MAX_PEOPLE} people)"
        )));
    }
    if store.joined_since(now - 60_000, REGISTERED)? >= REGISTRATIONS_PER_MINUTE {
        return Err(LeagueError::Refused(
            "too many people registered in the last minute: try again in a minute".into(),
        ));
    }
    let token = new_token();
    let id = format!("{REGISTERED}{}", &new_token()[..12]);
    let person = store.add_person(&id, name, &token_hash(&token), false, now)?;
    let person = store
        .people()?
        .into_iter()
        .find(|p| p.id == person)
        .ok_or_else(|| LeagueError::Store(format!("person {person} vanished")))?;
    Ok((person, token))
}

/// How a registered person's id begins (a roster's ids are the organiser's).
pub const REGISTERED: &str = "reg-";
