//! What a server keeps across a restart, in one SQLite file (the arena's store style): every
//! table's setup and moves as they are made, how it ended, the replays uploaded, and the
//! counters ids are drawn from, so an id is never given twice.
//!
//! A table is rebuilt from its setup (which holds the seed and the seat tokens) and its moves,
//! so a restarted server resumes every table in play where it was, and a finished game stays
//! replayable. The file holds the seat tokens: `parlour serve` makes it readable by its owner
//! only.

use std::net::IpAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};

use rusqlite::{params, Connection, OptionalExtension};

use crate::setup::TableSetup;

/// A server's store (cheap to clone: a handle).
#[derive(Clone)]
pub struct Store(Arc<Mutex<Connection>>);

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Store")
    }
}

/// How a stored table stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Still being played (resumed after a restart).
    Playing,
    /// The game is over.
    Over,
    /// Closed before its end (nobody at it for too long, or too long a game).
    Closed,
}

impl Status {
    fn text(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Over => "over",
            Status::Closed => "closed",
        }
    }

    fn read(text: &str) -> Status {
        match text {
            "over" => Status::Over,
            "closed" => Status::Closed,
            _ => Status::Playing,
        }
    }
}

/// A table as the store has it.
#[derive(Debug, Clone)]
pub struct StoredTable {
    /// Its number (`t{n}`).
    pub n: u64,
    /// What it was made from.
    pub setup: TableSetup,
    /// The client that made it.
    pub owner: Option<IpAddr>,
    /// (seat, action) for every decision made.
    pub moves: Vec<(usize, String)>,
    /// How it stands.
    pub status: Status,
    /// Why it was closed, for a closed table.
    pub why: Option<String>,
    /// Its rematch's id, once there is one.
    pub rematch: Option<String>,
}

const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS tables (
        n INTEGER PRIMARY KEY,
        setup TEXT NOT NULL,
        owner TEXT,
        status TEXT NOT NULL DEFAULT 'playing',
        why TEXT,
        rematch TEXT
    );
    CREATE TABLE IF NOT EXISTS moves (
        tbl INTEGER NOT NULL,
        n INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (tbl, n)
    );
    CREATE TABLE IF NOT EXISTS replays (
        n INTEGER PRIMARY KEY,
        owner TEXT,
        recording TEXT NOT NULL
    );
";

fn err(path: &str) -> impl Fn(rusqlite::Error) -> String + '_ {
    move |e| format!("{path}: {e}")
}

impl Store {
    /// Opens (or makes) the store at `path`; `Err` says what is wrong with the file.
    pub fn open(path: &Path) -> Result<Store, String> {
        let name = path.display().to_string();
        let e = err(&name);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|x| format!("{}: {x}", dir.display()))?;
        }
        let fresh = !path.exists();
        let db = Connection::open(path).map_err(&e)?;
        #[cfg(unix)]
        if fresh {
            use std::os::unix::fs::PermissionsExt;
            // It holds every seat's token.
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
                .map_err(|x| format!("{name}: {x}"))?;
        }
        #[cfg(not(unix))]
        let _ = fresh;
        db.pragma_update(None, "journal_mode", "WAL").map_err(&e)?;
        db.pragma_update(None, "synchronous", "NORMAL")
            .map_err(&e)?;
        db.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(&e)?;
        db.execute_batch(SCHEMA)
            .map_err(|x| format!("{name} is not a parlour serve store (or is damaged): {x}"))?;
        Ok(Store(Arc::new(Mutex::new(db))))
    }

    fn db(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The next number of `kind` (`table`, `replay`): never one given before.
    pub fn next(&self, kind: &str) -> Result<u64, String> {
        let db = self.db();
        db.query_row(
            "INSERT INTO counters (name, value) VALUES (?1, 1)
             ON CONFLICT(name) DO UPDATE SET value = value + 1 RETURNING value",
            params![kind],
            |r| r.get::<_, i64>(0),
        )
        .map(|v| v as u64)
        .map_err(|e| format!("the store: {e}"))
    }

    /// Records a new table.
    pub fn add_table(
        &self,
        n: u64,
        setup: &TableSetup,
        owner: Option<IpAddr>,
    ) -> Result<(), String> {
        let text = serde_json::to_string(setup).map_err(|e| e.to_string())?;
        self.db()
            .execute(
                "INSERT OR REPLACE INTO tables (n, setup, owner) VALUES (?1, ?2, ?3)",
                params![n as i64, text, owner.map(|o| o.to_string())],
            )
            .map(drop)
            .map_err(|e| format!("the store: {e}"))
    }

    /// Records decision `index` of table `n`.
    pub fn add_move(&self, n: u64, index: u64, seat: usize, action: &str) -> Result<(), String> {
        self.db()
            .execute(
                "INSERT OR REPLACE INTO moves (tbl, n, seat, action) VALUES (?1, ?2, ?3, ?4)",
                params![n as i64, index as i64, seat as i64, action],
            )
            .map(drop)
            .map_err(|e| format!("the store: {e}"))
    }

    /// Records how table `n` stands.
    pub fn set_status(&self, n: u64, status: Status, why: Option<&str>) -> Result<(), String> {
        self.db()
            .execute(
                "UPDATE tables SET status = ?2, why = ?3 WHERE n = ?1",
                params![n as i64, status.text(), why],
            )
            .map(drop)
            .map_err(|e| format!("the store: {e}"))
    }

    /// Records table `n`'s rematch.
    pub fn set_rematch(&self, n: u64, rematch: &str) -> Result<(), String> {
        self.db()
            .execute(
                "UPDATE tables SET rematch = ?2 WHERE n = ?1",
                params![n as i64, rematch],
            )
            .map(drop)
            .map_err(|e| format!("the store: {e}"))
    }

    /// Table `n`, if the store has it.
    pub fn table(&self, n: u64) -> Result<Option<StoredTable>, String> {
        let db = self.db();
        let row = db
            .query_row(
                "SELECT setup, owner, status, why, rematch FROM tables WHERE n = ?1",
                params![n as i64],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, Option<String>>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, Option<String>>(3)?,
                        r.get::<_, Option<String>>(4)?,
                    ))
                },
            )
            .optional()
            .map_err(|e| format!("the store: {e}"))?;
        let Some((setup, owner, status, why, rematch)) = row else {
            return Ok(None);
        };
        let setup: TableSetup = serde_json::from_str(&setup)
            .map_err(|e| format!("the store: table t{n}'s setup: {e}"))?;
        let mut moves = Vec::new();
        let mut query = db
            .prepare("SELECT seat, action FROM moves WHERE tbl = ?1 ORDER BY n")
            .map_err(|e| format!("the store: {e}"))?;
        let rows = query
            .query_map(params![n as i64], |r| {
                Ok((r.get::<_, i64>(0)? as usize, r.get::<_, String>(1)?))
            })
            .map_err(|e| format!("the store: {e}"))?;
        for row in rows {
            moves.push(row.map_err(|e| format!("the store: {e}"))?);
        }
        Ok(Some(StoredTable {
            n,
            setup,
            owner: owner.and_then(|o| o.parse().ok()),
            moves,
            status: Status::read(&status),
            why,
            rematch,
        }))
    }

    /// The numbers of the tables still in play, oldest first.
    pub fn in_play(&self) -> Result<Vec<u64>, String> {
        let db = self.db();
        let mut query = db
            .prepare("SELECT n FROM tables WHERE status = 'playing' ORDER BY n")
            .map_err(|e| format!("the store: {e}"))?;
        let rows = query
            .query_map([], |r| r.get::<_, i64>(0))
            .map_err(|e| format!("the store: {e}"))?;
        rows.map(|r| r.map(|n| n as u64).map_err(|e| format!("the store: {e}")))
            .collect()
    }

    /// Keeps an uploaded recording as replay `n`.
    pub fn add_replay(&self, n: u64, owner: Option<IpAddr>, recording: &str) -> Result<(), String> {
        self.db()
            .execute(
                "INSERT OR REPLACE INTO replays (n, owner, recording) VALUES (?1, ?2, ?3)",
                params![n as i64, owner.map(|o| o.to_string()), recording],
            )
            .map(drop)
            .map_err(|e| format!("the store: {e}"))
    }

    /// Replay `n`'s recording and owner, if kept.
    pub fn replay(&self, n: u64) -> Result<Option<(String, Option<IpAddr>)>, String> {
        self.db()
            .query_row(
                "SELECT recording, owner FROM replays WHERE n = ?1",
                params![n as i64],
                |r| Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?)),
            )
            .optional()
            .map(|o| o.map(|(text, owner)| (text, owner.and_then(|x| x.parse().ok()))))
            .map_err(|e| format!("the store: {e}"))
    }

    /// Lets replay `n` go.
    pub fn remove_replay(&self, n: u64) -> Result<(), String> {
        self.db()
            .execute("DELETE FROM replays WHERE n = ?1", params![n as i64])
            .map(drop)
            .map_err(|e| format!("the store: {e}"))
    }

    /// Keeps the newest replays whose recordings come to at most `bytes` in all.
    pub fn trim_replays(&self, bytes: usize) -> Result<(), String> {
        self.db()
            .execute(
                "DELETE FROM replays WHERE n IN (SELECT n FROM (SELECT n, \
                 SUM(length(recording)) OVER (ORDER BY n DESC) AS total FROM replays) \
                 WHERE total > ?1)",
                params![i64::try_from(bytes).unwrap_or(i64::MAX)],
            )
            .map(drop)
            .map_err(|e| format!("the store: {e}"))
    }

    /// Keeps the records of the newest `keep` tables that are over or closed (with their
    /// moves); tables in play are always kept.
    pub fn trim_tables(&self, keep: usize) -> Result<(), String> {
        let db = self.db();
        let old =
            "SELECT n FROM tables WHERE status != 'playing' ORDER BY n DESC LIMIT -1 OFFSET ?1";
        db.execute(
            &format!("DELETE FROM moves WHERE tbl IN ({old})"),
            params![keep as i64],
        )
        .and_then(|_| {
            db.execute(
                &format!("DELETE FROM tables WHERE n IN ({old})"),
                params![keep as i64],
            )
        })
        .map(drop)
        .map_err(|e| format!("the store: {e}"))
    }
}
