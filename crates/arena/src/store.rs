//! Results storage: one SQLite file per tournament, written as games finish.
//!
//! The file holds a `meta` table (a format tag and the tournament's [`TournamentConfig`] as
//! JSON) and a `games` table with one row per finished game (its index, deal group, seating,
//! returns, winners and figures; arrays are JSON text, so `sqlite3` can read them). It runs in
//! WAL mode with `synchronous=NORMAL`: a commit survives the process being killed (only an
//! operating-system crash can lose the last commits), and it holds an exclusive lock, so two
//! runs can never write one file.
//!
//! Opening an existing file checks it read-only first (is it SQLite, is it ours, does every row
//! fit its tournament); a file that fails is reported and left untouched.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{params, Connection, ErrorCode, OpenFlags};

use crate::record::{Figure, GameRecord, SeatFault};
use crate::shard::{config_hash, Shard};
use crate::TournamentConfig;

/// The format tag in `meta`; a file with another tag is refused.
pub const FORMAT: &str = "parlour-arena/1";

/// A storage failure, naming the file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// `--db` names a file that already exists.
    #[error("{path} already exists ({what}); continue it with --resume {path} or choose another file", path = .path.display())]
    Exists {
        /// The file.
        path: PathBuf,
        /// What it holds.
        what: String,
    },
    /// The file to resume or report does not exist.
    #[error("{path}: no such file", path = .path.display())]
    Missing {
        /// The file.
        path: PathBuf,
    },
    /// Not a parlour tournament database (another program's, corrupt, or a newer format).
    #[error("{path} is not a parlour tournament database: {reason} (the file was not modified)", path = .path.display())]
    NotATournament {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// An SQLite database whose pages are damaged (a truncated copy, a disk fault).
    #[error("{path} is damaged: {reason} (the file was not modified)", path = .path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// SQLite's diagnosis.
        reason: String,
    },
    /// A directory was named where a database file belongs.
    #[error("{path} is a directory, not a tournament database file", path = .path.display())]
    IsDirectory {
        /// The directory.
        path: PathBuf,
    },
    /// The file exists but cannot be opened for reading (permissions, say).
    #[error("{path} cannot be read: {reason}", path = .path.display())]
    CannotRead {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// Another process holds the file.
    #[error("{path} is locked: another process (a running tournament?) is using it", path = .path.display())]
    Locked {
        /// The file.
        path: PathBuf,
    },
    /// The file cannot be created (no such directory, no permission, ...).
    #[error("cannot create {path}: {reason}", path = .path.display())]
    CannotCreate {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The file changed between being read and being opened for writing.
    #[error("{path} changed while it was being opened (is another run using it?); try again", path = .path.display())]
    Changed {
        /// The file.
        path: PathBuf,
    },
    /// The file cannot be written.
    #[error("{path} is read-only; it can be reported but not continued", path = .path.display())]
    ReadOnly {
        /// The file.
        path: PathBuf,
    },
    /// The file was deleted or replaced while the run was writing it (a program at the table
    /// could do that, where it can reach the file): the games are saved to `saved` instead.
    #[error("{path} was {what} during the run, so the file there does not hold this run's results; every game recorded was saved to {saved} instead", path = .path.display(), saved = .saved.as_ref().map_or_else(|| "nowhere (saving it failed too)".to_string(), |p| p.display().to_string()))]
    Replaced {
        /// The file.
        path: PathBuf,
        /// `deleted` or `replaced`.
        what: &'static str,
        /// Where the run's games were saved.
        saved: Option<PathBuf>,
    },
    /// Some other SQLite failure (a full disk, say).
    #[error("{path}: {error}", path = .path.display())]
    Sqlite {
        /// The file.
        path: PathBuf,
        /// SQLite's message.
        error: String,
    },
}

impl StoreError {
    /// Whether the user can fix it by what they typed (exit code 2) rather than a failure.
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, StoreError::Sqlite { .. })
    }
}

/// An open tournament database, ready to record games.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// The file's identity (device and inode) when it was opened, to tell at the end whether
    /// the path still names it.
    identity: Option<(u64, u64)>,
    /// The JSON text of one game's columns, reused from game to game: the recording thread
    /// writes every game, and fresh strings for each would churn its memory.
    columns: [String; 6],
}

/// The device and inode of the file at `path` (none where the system has no such notion, or
/// nothing is there).
fn file_identity(path: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

fn sql_error(path: &Path, e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Locked {
            path: path.to_path_buf(),
        },
        Some(ErrorCode::ReadOnly) => StoreError::ReadOnly {
            path: path.to_path_buf(),
        },
        Some(ErrorCode::CannotOpen) => StoreError::CannotCreate {
            path: path.to_path_buf(),
            reason: e.to_string(),
        },
        Some(ErrorCode::DatabaseCorrupt) => StoreError::Damaged {
            path: path.to_path_buf(),
            reason: e.to_string(),
        },
        Some(ErrorCode::NotADatabase) if has_sqlite_header(path) => StoreError::Damaged {
            path: path.to_path_buf(),
            reason: e.to_string(),
        },
        Some(ErrorCode::NotADatabase) => StoreError::NotATournament {
            path: path.to_path_buf(),
            reason: "it is not an SQLite database".into(),
        },
        _ => StoreError::Sqlite {
            path: path.to_path_buf(),
            error: e.to_string(),
        },
    }
}

impl Store {
    /// Creates `path` for a new tournament. An existing file is refused and left alone.
    pub fn create(path: &Path, config: &TournamentConfig) -> Result<Store, StoreError> {
        Store::create_shard(path, config, None)
    }

    /// Creates `path` for shard `shard` of a tournament (or, with `None`, all of it): the
    /// file's meta table then names the shard and the configuration's hash, which
    /// [`crate::merge::merge`] checks.
    pub fn create_shard(
        path: &Path,
        config: &TournamentConfig,
        shard: Option<Shard>,
    ) -> Result<Store, StoreError> {
        if path.is_dir() {
            return Err(StoreError::IsDirectory {
                path: path.to_path_buf(),
            });
        }
        // Claim the name first (atomically), so two runs can never both start on one file.
        if let Err(e) = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
        {
            if e.kind() != std::io::ErrorKind::AlreadyExists {
                return Err(StoreError::CannotCreate {
                    path: path.to_path_buf(),
                    reason: e.to_string(),
                });
            }
            // Counted as they are read: the file may hold millions of games.
            let mut games = 0u64;
            let what = match Store::read_each(path, &mut |_| {
                games += 1;
                Ok(())
            }) {
                Ok(c) => format!(
                    "a {} tournament, seed {}, {games} of {} games played",
                    c.game, c.seed, c.games
                ),
                Err(StoreError::Locked { .. }) => "a tournament that is running now".into(),
                Err(StoreError::Damaged { .. }) => "a damaged database".into(),
                Err(_) => "not a parlour tournament".into(),
            };
            return Err(StoreError::Exists {
                path: path.to_path_buf(),
                what,
            });
        }
        let made = Store::init(path, config, shard);
        if made.is_err() {
            // The file is ours and empty or half made: leave no debris.
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
            }
        }
        made
    }

    /// Writes the schema and configuration into the new (empty) file `path`.
    fn init(
        path: &Path,
        config: &TournamentConfig,
        shard: Option<Shard>,
    ) -> Result<Store, StoreError> {
        let err = |e| sql_error(path, e);
        let conn =
            Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE).map_err(err)?;
        let config_json = serde_json::to_string(config).map_err(|e| StoreError::Sqlite {
            path: path.to_path_buf(),
            error: e.to_string(),
        })?;
        let store = Store::prepare(conn, path)?;
        store
            .conn
            .execute_batch(
                "BEGIN;
                 CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                 CREATE TABLE games (
                     idx INTEGER PRIMARY KEY,
                     deal INTEGER NOT NULL,
                     seats TEXT NOT NULL,
                     returns TEXT NOT NULL,
                     winners TEXT NOT NULL,
                     figures TEXT NOT NULL,
                     decisions INTEGER NOT NULL,
                     faults TEXT NOT NULL DEFAULT '[]',
                     forfeited TEXT NOT NULL DEFAULT '[]'
                 );",
            )
            .map_err(err)?;
        store
            .conn
            .execute(
                "INSERT INTO meta VALUES ('format', ?1), ('config', ?2)",
                params![FORMAT, config_json],
            )
            .map_err(err)?;
        if let Some(shard) = shard {
            store
                .conn
                .execute(
                    "INSERT INTO meta VALUES ('shard', ?1), ('config_hash', ?2)",
                    params![shard.to_string(), config_hash(config)],
                )
                .map_err(err)?;
        }
        store.conn.execute_batch("COMMIT").map_err(err)?;
        Ok(store)
    }

    /// Opens `path` to continue its tournament: its configuration and the games already
    /// played. The file is checked read-only first; one that fails is not modified. (A caller
    /// that checks more, such as the seating of stored games, should [`Store::read`], check,
    /// then [`Store::reopen`].)
    pub fn resume(path: &Path) -> Result<(Store, TournamentConfig, Vec<GameRecord>), StoreError> {
        let (config, games) = Store::read(path)?;
        Ok((Store::reopen(path, &config, games.len())?, config, games))
    }

    /// Opens for writing a tournament file that [`Store::read`] found to hold `config` and
    /// `games` games, taking its lock; if it changed in between (another run resumed it), it is
    /// refused.
    pub fn reopen(
        path: &Path,
        config: &TournamentConfig,
        games: usize,
    ) -> Result<Store, StoreError> {
        // Writing needs the file and, for the write-ahead log beside it, its directory: asked
        // of the system (permissions, read-only mounts), not read off the mode bits.
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let writable = |p: &Path| writable(p);
        let readonly = std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly())
            || !writable(path)
            || !writable(dir);
        if readonly {
            return Err(StoreError::ReadOnly {
                path: path.to_path_buf(),
            });
        }
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE)
            .map_err(|e| sql_error(path, e))?;
        let store = Store::prepare(conn, path)?;
        let err = |e| sql_error(path, e);
        let stored: String = store
            .conn
            .query_row("SELECT value FROM meta WHERE key = 'config'", [], |r| {
                r.get(0)
            })
            .map_err(err)?;
        let count: i64 = store
            .conn
            .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
            .map_err(err)?;
        let same = serde_json::from_str::<TournamentConfig>(&stored).is_ok_and(|c| &c == config);
        if !same || count != games as i64 {
            return Err(StoreError::Changed {
                path: path.to_path_buf(),
            });
        }
        if !has_fault_columns(&store.conn).map_err(err)? {
            // A file from before external bots: the columns are added, empty for its games.
            store
                .conn
                .execute_batch(
                    "ALTER TABLE games ADD COLUMN faults TEXT NOT NULL DEFAULT '[]';
                     ALTER TABLE games ADD COLUMN forfeited TEXT NOT NULL DEFAULT '[]';",
                )
                .map_err(err)?;
        }
        Ok(store)
    }

    /// Sets the journal, durability and lock, and takes the lock at once so that a file in
    /// use is reported now rather than at the first game.
    fn prepare(conn: Connection, path: &Path) -> Result<Store, StoreError> {
        let err = |e| sql_error(path, e);
        conn.busy_timeout(Duration::from_millis(250)).map_err(err)?;
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE")
            .map_err(err)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(err)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(err)?;
        // Checkpoints (which wait on the disk) every ~40 MB of log rather than ~4 MB: a fast
        // tournament then rarely stalls its recording on a sync.
        conn.pragma_update(None, "wal_autocheckpoint", 10_000)
            .map_err(err)?;
        conn.execute_batch("BEGIN IMMEDIATE; COMMIT;")
            .map_err(err)?;
        Ok(Store {
            conn,
            path: path.to_path_buf(),
            identity: file_identity(path),
            columns: Default::default(),
        })
    }

    /// Checks that the path still names the file this store has been writing (nothing deleted
    /// or replaced it during the run), after moving every recorded game from the write-ahead
    /// log into the file. If it does not, the games this connection holds (it still has the
    /// file open) are saved to a new file beside it, `NAME.recovered.sqlite` (or
    /// `NAME.recovered-2.sqlite`, ...), and the error names it: nothing recorded is lost.
    pub fn verify(&mut self) -> Result<(), StoreError> {
        let path = self.path.clone();
        // A checkpoint can fail on a WAL file that was deleted: what matters is the check
        // below, and the copy reads through the connection either way.
        let _ = self
            .conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        let now = file_identity(&path);
        let what = match (self.identity, now) {
            (Some(was), Some(is)) if was == is => return Ok(()),
            (None, _) => return Ok(()), // not known on this system
            (Some(_), None) => "deleted",
            (Some(_), Some(_)) => "replaced",
        };
        let saved = (1..1000).find_map(|n| {
            let suffix = if n == 1 {
                ".recovered.sqlite".to_string()
            } else {
                format!(".recovered-{n}.sqlite")
            };
            let mut name = path.file_name().unwrap_or_default().to_os_string();
            name.push(suffix);
            let candidate = path.with_file_name(name);
            if candidate.exists() {
                return None;
            }
            let text = candidate.to_str()?.to_string();
            self.conn
                .execute("VACUUM INTO ?1", params![text])
                .ok()
                .map(|_| candidate)
        });
        Err(StoreError::Replaced { path, what, saved })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records finished games in one transaction.
    pub fn record(&mut self, games: &[GameRecord]) -> Result<(), StoreError> {
        let path = self.path.clone();
        let err = |e| sql_error(&path, e);
        let tx = self.conn.transaction().map_err(err)?;
        {
            let mut insert = tx
                .prepare_cached(
                    "INSERT OR REPLACE INTO games
                     (idx, deal, seats, returns, winners, figures, decisions, faults, forfeited)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                )
                .map_err(err)?;
            let [seats, returns, winners, figures, faults, forfeited] = &mut self.columns;
            for g in games {
                json_into(seats, &g.seats);
                json_into(returns, &g.returns);
                json_into(winners, &g.winners);
                json_into(figures, &g.figures);
                json_into(faults, &g.faults);
                json_into(forfeited, &g.forfeited);
                insert
                    .execute(params![
                        g.index as i64,
                        g.deal as i64,
                        seats.as_str(),
                        returns.as_str(),
                        winners.as_str(),
                        figures.as_str(),
                        g.decisions as i64,
                        faults.as_str(),
                        forfeited.as_str(),
                    ])
                    .map_err(err)?;
            }
        }
        tx.commit().map_err(err)
    }

    /// Reads a tournament database without writing to it: its configuration and its games in
    /// index order, each checked against the configuration.
    pub fn read(path: &Path) -> Result<(TournamentConfig, Vec<GameRecord>), StoreError> {
        let mut games = Vec::new();
        let (config, _) = Store::scan(
            path,
            Some(&mut |r| {
                games.push(r);
                Ok(())
            }),
        )?;
        Ok((config, games))
    }

    /// [`Store::read`]'s checks of the file and its configuration, without its games.
    pub fn read_config(path: &Path) -> Result<TournamentConfig, StoreError> {
        Ok(Store::scan(path, None)?.0)
    }

    /// [`Store::read_config`], and the shard the file holds (`None`: the whole tournament).
    pub fn read_header(path: &Path) -> Result<(TournamentConfig, Option<Shard>), StoreError> {
        Store::scan(path, None)
    }

    /// [`Store::read`], handing each game to `each` in index order instead of keeping them, so
    /// that a tournament of any length is read in constant memory. Stops at the first error
    /// (`each`'s included).
    pub fn read_each(
        path: &Path,
        each: &mut dyn FnMut(GameRecord) -> Result<(), StoreError>,
    ) -> Result<TournamentConfig, StoreError> {
        Ok(Store::scan(path, Some(each))?.0)
    }

    /// [`Store::read_each`], also returning the shard the file holds.
    pub fn read_shard_each(
        path: &Path,
        each: &mut dyn FnMut(GameRecord) -> Result<(), StoreError>,
    ) -> Result<(TournamentConfig, Option<Shard>), StoreError> {
        Store::scan(path, Some(each))
    }

    fn scan(
        path: &Path,
        mut each: Option<&mut dyn FnMut(GameRecord) -> Result<(), StoreError>>,
    ) -> Result<(TournamentConfig, Option<Shard>), StoreError> {
        if !path.exists() {
            return Err(StoreError::Missing {
                path: path.to_path_buf(),
            });
        }
        let not_ours = |reason: String| StoreError::NotATournament {
            path: path.to_path_buf(),
            reason,
        };
        if path.is_dir() {
            return Err(StoreError::IsDirectory {
                path: path.to_path_buf(),
            });
        }
        if let Err(e) = std::fs::File::open(path) {
            return Err(StoreError::CannotRead {
                path: path.to_path_buf(),
                reason: e.to_string(),
            });
        }
        let conn = open_for_reading(path)?;
        let meta = |key: &str| -> Result<String, StoreError> {
            conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| {
                r.get::<_, String>(0)
            })
            .map_err(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => {
                    not_ours(format!("no {key} in its meta table"))
                }
                e if e.sqlite_error_code().is_some_and(|c| {
                    !matches!(
                        c,
                        ErrorCode::DatabaseBusy
                            | ErrorCode::DatabaseLocked
                            | ErrorCode::NotADatabase
                            | ErrorCode::DatabaseCorrupt
                            | ErrorCode::CannotOpen
                    )
                }) =>
                {
                    not_ours(format!("it has no parlour meta table ({e})"))
                }
                e => sql_error(path, e),
            })
        };
        let format = meta("format")?;
        if format != FORMAT {
            return Err(not_ours(format!(
                "its format is {format:?}, this parlour reads {FORMAT:?}"
            )));
        }
        let config: TournamentConfig = serde_json::from_str(&meta("config")?)
            .map_err(|e| not_ours(format!("its configuration does not parse: {e}")))?;
        config
            .validate()
            .map_err(|e| not_ours(format!("its configuration is damaged: {e}")))?;
        let shard = match meta("shard") {
            Ok(text) => {
                let shard: Shard = text
                    .parse()
                    .map_err(|e| not_ours(format!("its shard is damaged: {e}")))?;
                shard
                    .fits(&config)
                    .map_err(|e| not_ours(format!("its shard is damaged: {e}")))?;
                if meta("config_hash")? != config_hash(&config) {
                    return Err(not_ours(
                        "its configuration does not match the hash stored with it".into(),
                    ));
                }
                Some(shard)
            }
            Err(StoreError::NotATournament { .. }) => None,
            Err(e) => return Err(e),
        };
        let range = shard.map_or(0..config.games, |s| s.games(&config));
        // Damage found while reading is damage, whatever was being read.
        let damaged_or = |e: rusqlite::Error, what: String| match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => sql_error(path, e),
            _ => not_ours(what),
        };
        let Some(each) = each.as_mut() else {
            return Ok((config, shard));
        };
        let fault_columns = has_fault_columns(&conn)
            .map_err(|e| damaged_or(e, "its games table cannot be read".into()))?;
        let mut stmt = conn
            .prepare(if fault_columns {
                "SELECT idx, deal, seats, returns, winners, figures, decisions, faults, forfeited
                 FROM games ORDER BY idx"
            } else {
                "SELECT idx, deal, seats, returns, winners, figures, decisions, '[]', '[]'
                 FROM games ORDER BY idx"
            })
            .map_err(|e| {
                let what = format!("its games table cannot be read: {e}");
                damaged_or(e, what)
            })?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, i64>(6)?,
                    r.get::<_, String>(7)?,
                    r.get::<_, String>(8)?,
                ))
            })
            .map_err(|e| sql_error(path, e))?;
        for row in rows {
            let (idx, deal, seats, returns, winners, figures, decisions, faults, forfeited) =
                row.map_err(|e| {
                    let what = format!("a games row cannot be read: {e}");
                    damaged_or(e, what)
                })?;
            let bad = |what: &str| not_ours(format!("game {idx}: {what}"));
            let parse = |text: &str, what: &str| -> Result<serde_json::Value, StoreError> {
                serde_json::from_str(text).map_err(|e| bad(&format!("{what} {text:?}: {e}")))
            };
            let record = GameRecord {
                index: u64::try_from(idx).map_err(|_| bad("negative index"))?,
                deal: u64::try_from(deal).map_err(|_| bad("negative deal"))?,
                seats: serde_json::from_value(parse(&seats, "seats")?)
                    .map_err(|e| bad(&format!("seats: {e}")))?,
                returns: serde_json::from_value(parse(&returns, "returns")?)
                    .map_err(|e| bad(&format!("returns: {e}")))?,
                winners: serde_json::from_value(parse(&winners, "winners")?)
                    .map_err(|e| bad(&format!("winners: {e}")))?,
                figures: serde_json::from_value::<Vec<Figure>>(parse(&figures, "figures")?)
                    .map_err(|e| bad(&format!("figures: {e}")))?,
                decisions: u64::try_from(decisions).map_err(|_| bad("negative decisions"))?,
                faults: serde_json::from_value::<Vec<SeatFault>>(parse(&faults, "faults")?)
                    .map_err(|e| bad(&format!("faults: {e}")))?,
                forfeited: serde_json::from_value(parse(&forfeited, "forfeited")?)
                    .map_err(|e| bad(&format!("forfeited: {e}")))?,
            };
            config.check_record(&record).map_err(|e| bad(&e))?;
            if !range.contains(&record.index) {
                return Err(bad(&format!(
                    "it lies outside shard {}'s games {} to {}",
                    shard.unwrap_or(Shard::whole()),
                    range.start,
                    range.end.saturating_sub(1)
                )));
            }
            each(record)?;
        }
        drop(stmt);
        Ok((config, shard))
    }
}

/// Opens `path` read-only and checks that SQLite can read its schema. A database in write-ahead
/// mode needs its `-shm` file to be read; in a directory parlour cannot write to (a shared,
/// read-only copy, say) that file cannot be made, so the database is then opened as immutable
/// (nothing can be writing it there).
fn open_for_reading(path: &Path) -> Result<Connection, StoreError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let probe = |conn: &Connection| -> rusqlite::Result<()> {
        conn.busy_timeout(Duration::from_millis(250))?;
        conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| {
            r.get::<_, i64>(0)
        })?;
        Ok(())
    };
    let conn = Connection::open_with_flags(path, flags).map_err(|e| sql_error(path, e))?;
    match probe(&conn) {
        Ok(()) => Ok(conn),
        Err(e)
            if matches!(
                e.sqlite_error_code(),
                Some(ErrorCode::CannotOpen | ErrorCode::ReadOnly)
            ) =>
        {
            drop(conn);
            let uri = format!("file:{}?immutable=1", uri_path(path));
            let conn = Connection::open_with_flags(uri, flags | OpenFlags::SQLITE_OPEN_URI)
                .map_err(|e| sql_error(path, e))?;
            probe(&conn).map_err(|e| sql_error(path, e))?;
            Ok(conn)
        }
        Err(e) => Err(sql_error(path, e)),
    }
}

/// Whether this process may write `path`: asked of the system on Unix (permissions, read-only
/// mounts, the user parlour runs as), read off the read-only attribute elsewhere.
fn writable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        nix::unistd::access(path, nix::unistd::AccessFlags::W_OK).is_ok()
    }
    #[cfg(not(unix))]
    {
        std::fs::metadata(path).is_ok_and(|m| !m.permissions().readonly())
    }
}

/// `path` (made absolute) with the characters an SQLite URI gives meaning to escaped.
fn uri_path(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        absolute.as_os_str().as_bytes().to_vec()
    };
    // Elsewhere paths are UTF-16; SQLite takes the URI in UTF-8.
    #[cfg(not(unix))]
    let bytes = absolute.to_string_lossy().replace('\\', "/").into_bytes();
    let mut out = String::new();
    for &b in &bytes {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Whether the file starts with SQLite's header (so a failure to read it means damage, not
/// another kind of file).
fn has_sqlite_header(path: &Path) -> bool {
    use std::io::Read;
    let mut header = [0u8; 16];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .is_ok_and(|()| &header == b"SQLite format 3\0")
}

/// Whether the games table has the `faults` and `forfeited` columns (files written before
/// external bots do not).
fn has_fault_columns(conn: &Connection) -> rusqlite::Result<bool> {
    let mut stmt = conn.prepare("SELECT name FROM pragma_table_info('games')")?;
    let names = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(names.iter().any(|n| n == "faults") && names.iter().any(|n| n == "forfeited"))
}

/// JSON text of a record's field (plain data: encoding cannot fail).
/// `value`'s JSON text, written over `out`'s (its memory kept).
fn json_into<T: serde::Serialize>(out: &mut String, value: &T) {
    out.clear();
    let mut bytes = std::mem::take(out).into_bytes();
    if serde_json::to_writer(&mut bytes, value).is_err() {
        bytes.clear();
        bytes.extend_from_slice(b"null");
    }
    // serde_json writes UTF-8 only.
    *out = String::from_utf8(bytes).unwrap_or_else(|_| "null".into());
}

/// Whether writing `out` would destroy the database `db` or its journal files (the same file by
/// any name, hard links included, or its `-wal`, `-shm` or `-journal` file).
pub fn writes_over(out: &Path, db: &Path) -> bool {
    let journals = ["", "-wal", "-shm", "-journal"];
    let names = journals
        .iter()
        .map(|s| PathBuf::from(format!("{}{s}", db.display())));
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let Ok(o) = std::fs::metadata(out) {
            let same = |p: &Path| {
                std::fs::metadata(p).is_ok_and(|m| m.dev() == o.dev() && m.ino() == o.ino())
            };
            if names.clone().any(|n| same(&n)) {
                return true;
            }
        }
    }
    // A journal file that does not exist yet may appear later: refuse its name too.
    let canon = |p: &Path| {
        let dir = p
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::canonicalize(dir)
            .ok()
            .map(|d| d.join(p.file_name().unwrap_or_default()))
    };
    let out = canon(out);
    out.is_some() && names.map(|n| canon(&n)).any(|n| n == out)
}
