//! What a league keeps, in one SQLite file (`DIR/league.db`, write-ahead logged, so pages read
//! while workers write): the people and the hashes of their secret tokens, every submission
//! and its check, each person's choices of active submission, and every ladder match with its
//! seed, its entrants and its games' records, and each game's trace (every move, compressed:
//! what its replay shows).
//!
//! A match is written twice: when it starts (its number, seed and entrants) and when it ends
//! (its records). After a `kill -9` the matches that had started and not ended are the only
//! loss: the next ladder forgets them ([`Store::forget_unfinished`]) and plays on.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use parlour_arena::GameRecord;
use rusqlite::{params, Connection, OptionalExtension};

use crate::LeagueError;

/// The name of a league's database in its folder.
pub const DB_FILE: &str = "league.db";

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS people (
    id INTEGER PRIMARY KEY,
    external_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    organiser INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY,
    person INTEGER NOT NULL REFERENCES people(id),
    hash TEXT NOT NULL,
    kind TEXT NOT NULL,
    file_name TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    submitted INTEGER NOT NULL,
    status TEXT NOT NULL,
    report TEXT
);
CREATE INDEX IF NOT EXISTS submissions_person ON submissions(person, submitted);
CREATE TABLE IF NOT EXISTS choices (
    person INTEGER NOT NULL REFERENCES people(id),
    submission INTEGER NOT NULL REFERENCES submissions(id),
    at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    hash TEXT PRIMARY KEY,
    person INTEGER NOT NULL REFERENCES people(id),
    created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    seed INTEGER NOT NULL,
    entrants TEXT NOT NULL,
    started INTEGER NOT NULL,
    finished INTEGER,
    records TEXT
);
CREATE TABLE IF NOT EXISTS traces (
    match INTEGER NOT NULL REFERENCES matches(id),
    game INTEGER NOT NULL,
    trace BLOB NOT NULL,
    PRIMARY KEY (match, game)
);
";

/// A person of the league.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    /// Their number in the league.
    pub id: i64,
    /// The roster's id (a student number).
    pub external_id: String,
    /// Their name.
    pub name: String,
    /// Whether they run the league.
    pub organiser: bool,
}

/// Where a submission stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Being checked.
    Checking,
    /// Checked without a fault: it may play.
    Passed,
    /// Checked with a fault, or could not start: it never plays.
    Failed,
}

impl Status {
    /// As the store (and the league's pages) write it: `checking`, `passed` or `failed`.
    pub fn text(self) -> &'static str {
        match self {
            Status::Checking => "checking",
            Status::Passed => "passed",
            Status::Failed => "failed",
        }
    }

    fn read(text: &str) -> Status {
        match text {
            "passed" => Status::Passed,
            "failed" => Status::Failed,
            _ => Status::Checking,
        }
    }
}

/// A submission as the store has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// Its number in the league.
    pub id: i64,
    /// Whose it is.
    pub person: i64,
    /// The SHA-256 of its content, in hex: its folder's name.
    pub hash: String,
    /// `course` (the course's own interface) or `program` (the bot protocol).
    pub kind: String,
    /// The file's name as it was uploaded (made safe).
    pub file_name: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// When it was submitted (milliseconds since the Unix epoch).
    pub submitted: i64,
    /// Its check.
    pub status: Status,
    /// The check's report (once checked).
    pub report: Option<String>,
}

/// A ladder match as the store has it.
#[derive(Debug, Clone, PartialEq)]
pub struct Match {
    /// Its number (its seed derives from it).
    pub id: i64,
    /// Its seed.
    pub seed: u64,
    /// Who played, in the table's cyclic order (see [`crate::ladder::Entrant::key`]).
    pub entrants: Vec<String>,
    /// Its games, entrants named by their place in `entrants` (none until it ends).
    pub records: Vec<GameRecord>,
    /// When it ended (milliseconds since the Unix epoch).
    pub finished: i64,
}

/// A league's store (cheap to clone: a handle).
#[derive(Clone)]
pub struct Store(Arc<Mutex<Connection>>);

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Store")
    }
}

fn db(e: rusqlite::Error) -> LeagueError {
    LeagueError::Store(e.to_string())
}

fn person(r: &rusqlite::Row<'_>) -> rusqlite::Result<Person> {
    Ok(Person {
        id: r.get(0)?,
        external_id: r.get(1)?,
        name: r.get(2)?,
        organiser: r.get(3)?,
    })
}

fn submission(row: &rusqlite::Row<'_>) -> rusqlite::Result<Submission> {
    Ok(Submission {
        id: row.get(0)?,
        person: row.get(1)?,
        hash: row.get(2)?,
        kind: row.get(3)?,
        file_name: row.get(4)?,
        bytes: row.get::<_, i64>(5)? as u64,
        submitted: row.get(6)?,
        status: Status::read(&row.get::<_, String>(7)?),
        report: row.get(8)?,
    })
}

const SUBMISSION: &str =
    "SELECT id, person, hash, kind, file_name, bytes, submitted, status, report FROM submissions";

impl Store {
    /// Opens (creating when missing) the store at `path`, readable by its owner only.
    pub fn open(path: &Path) -> Result<Store, LeagueError> {
        let conn = Connection::open(path).map_err(db)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
        }
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .map_err(db)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(db)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(db)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(db)?;
        conn.execute_batch(SCHEMA).map_err(db)?;
        Ok(Store(Arc::new(Mutex::new(conn))))
    }

    /// Forgets the matches that started and never ended: a crashed ladder's. Only the ladder
    /// that holds the league's lock may (see [`crate::League::run`]): another process's
    /// matches in play are not a crash's.
    pub fn forget_unfinished(&self) -> Result<usize, LeagueError> {
        self.conn()
            .execute("DELETE FROM matches WHERE finished IS NULL", [])
            .map_err(db)
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds a person with the hash of their token; their number.
    pub fn add_person(
        &self,
        external_id: &str,
        name: &str,
        token_hash: &str,
        organiser: bool,
        now: i64,
    ) -> Result<i64, LeagueError> {
        let conn = self.conn();
        conn.execute(
            "INSERT INTO people (external_id, name, token_hash, organiser, created) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![external_id, name, token_hash, organiser, now],
        )
        .map_err(|e| match e {
            rusqlite::Error::SqliteFailure(f, _)
                if f.code == rusqlite::ErrorCode::ConstraintViolation =>
            {
                LeagueError::Roster(format!("the id {external_id:?} is already in the league"))
            }
            e => db(e),
        })?;
        Ok(conn.last_insert_rowid())
    }

    /// The person whose token hashes to `token_hash`.
    pub fn person_by_token(&self, token_hash: &str) -> Result<Option<Person>, LeagueError> {
        self.conn()
            .query_row(
                "SELECT id, external_id, name, organiser FROM people WHERE token_hash = ?1",
                params![token_hash],
                person,
            )
            .optional()
            .map_err(db)
    }

    /// Records a browser's session (the hash of its cookie) for `person`.
    pub fn add_session(&self, hash: &str, person: i64, now: i64) -> Result<(), LeagueError> {
        self.conn()
            .execute(
                "INSERT INTO sessions (hash, person, created) VALUES (?1, ?2, ?3)",
                params![hash, person, now],
            )
            .map_err(db)?;
        Ok(())
    }

    /// The person of the session whose cookie hashes to `hash`.
    pub fn person_by_session(&self, hash: &str) -> Result<Option<Person>, LeagueError> {
        self.conn()
            .query_row(
                "SELECT p.id, p.external_id, p.name, p.organiser FROM sessions s JOIN people p ON p.id = s.person WHERE s.hash = ?1",
                params![hash],
                person,
            )
            .optional()
            .map_err(db)
    }

    /// Everyone, by number.
    pub fn people(&self) -> Result<Vec<Person>, LeagueError> {
        let conn = self.conn();
        let mut q = conn
            .prepare("SELECT id, external_id, name, organiser FROM people ORDER BY id")
            .map_err(db)?;
        let rows = q.query_map([], person).map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    /// Records a new submission, to be checked; its number.
    pub fn add_submission(&self, s: &Submission) -> Result<i64, LeagueError> {
        let conn = self.conn();
        conn.execute(
            "INSERT INTO submissions (person, hash, kind, file_name, bytes, submitted, status, report) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![s.person, s.hash, s.kind, s.file_name, s.bytes as i64, s.submitted, s.status.text(), s.report],
        )
        .map_err(db)?;
        Ok(conn.last_insert_rowid())
    }

    /// Records a submission's check.
    pub fn set_checked(&self, id: i64, status: Status, report: &str) -> Result<(), LeagueError> {
        self.conn()
            .execute(
                "UPDATE submissions SET status = ?2, report = ?3 WHERE id = ?1",
                params![id, status.text(), report],
            )
            .map_err(db)?;
        Ok(())
    }

    /// One submission.
    pub fn submission(&self, id: i64) -> Result<Option<Submission>, LeagueError> {
        self.conn()
            .query_row(
                &format!("{SUBMISSION} WHERE id = ?1"),
                params![id],
                submission,
            )
            .optional()
            .map_err(db)
    }

    /// Submissions, oldest first: a person's, or everyone's.
    pub fn submissions(&self, person: Option<i64>) -> Result<Vec<Submission>, LeagueError> {
        let conn = self.conn();
        let (sql, args) = match person {
            Some(p) => (
                format!("{SUBMISSION} WHERE person = ?1 ORDER BY id"),
                vec![p],
            ),
            None => (format!("{SUBMISSION} ORDER BY id"), vec![]),
        };
        let mut q = conn.prepare(&sql).map_err(db)?;
        let rows = q
            .query_map(rusqlite::params_from_iter(args), submission)
            .map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)
    }

    /// Records that `person` chose `submission` as their active one at `at`.
    pub fn choose(&self, person: i64, submission: i64, at: i64) -> Result<(), LeagueError> {
        self.conn()
            .execute(
                "INSERT INTO choices (person, submission, at) VALUES (?1, ?2, ?3)",
                params![person, submission, at],
            )
            .map_err(db)?;
        Ok(())
    }

    /// `person`'s last choice of active submission made at or before `at`.
    pub fn choice(&self, person: i64, at: i64) -> Result<Option<i64>, LeagueError> {
        self.conn()
            .query_row(
                "SELECT submission FROM choices WHERE person = ?1 AND at <= ?2 ORDER BY at DESC, rowid DESC LIMIT 1",
                params![person, at],
                |r| r.get(0),
            )
            .optional()
            .map_err(db)
    }

    /// How many people whose ids begin with `prefix` (those who registered with the invite
    /// code: [`crate::people::REGISTERED`]) joined at or after `since`.
    pub fn joined_since(&self, since: i64, prefix: &str) -> Result<usize, LeagueError> {
        self.conn()
            .query_row(
                "SELECT COUNT(*) FROM people WHERE created >= ?1 AND external_id LIKE ?2",
                params![since, format!("{prefix}%")],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n as usize)
            .map_err(db)
    }

    /// Starts match number `id` (see [`Store::next_match`]).
    pub fn start_match(
        &self,
        id: i64,
        seed: u64,
        entrants: &[String],
        now: i64,
    ) -> Result<(), LeagueError> {
        self.conn()
            .execute(
                "INSERT INTO matches (id, seed, entrants, started) VALUES (?1, ?2, ?3, ?4)",
                params![
                    id,
                    seed as i64,
                    serde_json::to_string(entrants)
                        .map_err(|e| LeagueError::Store(e.to_string()))?,
                    now
                ],
            )
            .map_err(db)?;
        Ok(())
    }

    /// The number the next match will have.
    pub fn next_match(&self) -> Result<i64, LeagueError> {
        self.conn()
            .query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM matches", [], |r| {
                r.get(0)
            })
            .map_err(db)
    }

    /// Ends a match with its games: their records, and their traces (each game's moves), in
    /// one transaction.
    pub fn finish_match(
        &self,
        id: i64,
        games: &[(GameRecord, String)],
        now: i64,
    ) -> Result<(), LeagueError> {
        let records: Vec<&GameRecord> = games.iter().map(|(r, _)| r).collect();
        let text =
            serde_json::to_string(&records).map_err(|e| LeagueError::Store(e.to_string()))?;
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(db)?;
        tx.execute(
            "UPDATE matches SET records = ?2, finished = ?3 WHERE id = ?1",
            params![id, text, now],
        )
        .map_err(db)?;
        for (record, trace) in games {
            tx.execute(
                "INSERT OR REPLACE INTO traces (match, game, trace) VALUES (?1, ?2, ?3)",
                params![id, record.index as i64, compress(trace)?],
            )
            .map_err(db)?;
        }
        tx.commit().map_err(db)
    }

    /// The trace of game `game` of finished match `id`, if it is kept.
    pub fn trace(&self, id: i64, game: u64) -> Result<Option<String>, LeagueError> {
        let blob: Option<Vec<u8>> = self
            .conn()
            .query_row(
                "SELECT trace FROM traces WHERE match = ?1 AND game = ?2",
                params![id, game as i64],
                |r| r.get(0),
            )
            .optional()
            .map_err(db)?;
        blob.map(|b| decompress(&b, id, game)).transpose()
    }

    /// Forgets the traces of all but the newest `keep` matches (their records and ratings
    /// stay): what bounds the store's growth over a long league. The traces forgotten.
    pub fn forget_traces(&self, keep: u64) -> Result<usize, LeagueError> {
        self.conn()
            .execute(
                "DELETE FROM traces WHERE match <= (SELECT COALESCE(MAX(id), 0) FROM matches) - ?1",
                params![keep as i64],
            )
            .map_err(db)
    }

    /// Forgets a match that could not be played.
    pub fn drop_match(&self, id: i64) -> Result<(), LeagueError> {
        self.conn()
            .execute("DELETE FROM traces WHERE match = ?1", params![id])
            .map_err(db)?;
        self.conn()
            .execute("DELETE FROM matches WHERE id = ?1", params![id])
            .map_err(db)?;
        Ok(())
    }

    /// The finished matches, in the order they were started.
    pub fn matches(&self) -> Result<Vec<Match>, LeagueError> {
        self.matches_where("1 ORDER BY id", params![])
    }

    /// Finished match `id`.
    pub fn finished_match(&self, id: i64) -> Result<Option<Match>, LeagueError> {
        Ok(self.matches_where("id = ?1", params![id])?.pop())
    }

    /// The newest `limit` finished matches `key` (see [`crate::ladder::Entrant::key`]) played
    /// in, newest first.
    pub fn matches_of(&self, key: &str, limit: u64) -> Result<Vec<Match>, LeagueError> {
        // A key is `house:N` or `sub:N`: nothing in it is special to LIKE.
        self.matches_where(
            "entrants LIKE ?1 ORDER BY id DESC LIMIT ?2",
            params![format!("%\"{key}\"%"), limit as i64],
        )
    }

    /// The finished matches that meet `condition` (SQL, after `WHERE`, with `values`).
    fn matches_where(
        &self,
        condition: &str,
        values: &[&dyn rusqlite::ToSql],
    ) -> Result<Vec<Match>, LeagueError> {
        let conn = self.conn();
        let mut q = conn
            .prepare(&format!(
                "SELECT id, seed, entrants, records, finished FROM matches \
                 WHERE finished IS NOT NULL AND {condition}"
            ))
            .map_err(db)?;
        let rows = q
            .query_map(values, |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, i64>(4)?,
                ))
            })
            .map_err(db)?;
        let mut out = Vec::new();
        for row in rows {
            let (id, seed, entrants, records, finished) = row.map_err(db)?;
            let bad =
                |e: serde_json::Error| LeagueError::Store(format!("match {id} is damaged: {e}"));
            out.push(Match {
                id,
                seed: seed as u64,
                entrants: serde_json::from_str(&entrants).map_err(bad)?,
                records: serde_json::from_str(&records).map_err(bad)?,
                finished,
            });
        }
        Ok(out)
    }

    /// Copies the store at `from` to `to` while a league may be running on it (SQLite's online
    /// backup, through a connection of its own that changes nothing): a consistent snapshot,
    /// whatever the workers write meanwhile.
    pub fn backup(from: &Path, to: &Path) -> Result<(), LeagueError> {
        if to.exists() {
            return Err(LeagueError::Io {
                what: format!("will not write over {}", to.display()),
                reason: "it exists".into(),
            });
        }
        let conn = Connection::open_with_flags(from, rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE)
            .map_err(db)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .map_err(db)?;
        let mut dest = Connection::open(to).map_err(db)?;
        let backup = rusqlite::backup::Backup::new(&conn, &mut dest).map_err(db)?;
        backup
            .run_to_completion(256, std::time::Duration::from_millis(5), None)
            .map_err(db)?;
        Ok(())
    }
}

/// A trace deflated (they shrink about tenfold: the same words again and again).
fn compress(text: &str) -> Result<Vec<u8>, LeagueError> {
    use std::io::Write;
    let mut encoder =
        flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    encoder
        .write_all(text.as_bytes())
        .and_then(|()| encoder.finish())
        .map_err(|e| LeagueError::Store(format!("cannot compress a trace: {e}")))
}

/// A stored trace inflated.
fn decompress(blob: &[u8], id: i64, game: u64) -> Result<String, LeagueError> {
    use std::io::Read;
    let mut text = String::new();
    flate2::read::DeflateDecoder::new(blob)
        .take(parlour_web::replay::MAX_RECORDING as u64 + 1)
        .read_to_string(&mut text)
        .map_err(|e| {
            LeagueError::Store(format!("match {id} game {game}'s trace is damaged: {e}"))
        })?;
    Ok(text)
}
