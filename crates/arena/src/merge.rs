//! Merging shard databases into one tournament database.
//!
//! [`merge`] reads every shard file (read-only), checks that they belong to one tournament (the
//! same configuration, so the same hash; shards of one split; every game where its shard and
//! the schedule put it), and writes a new database holding each game once. Its standings are
//! exactly those of a one-machine run with the same configuration, because a game's record is
//! a function of the configuration and its index alone.
//!
//! - **Idempotent.** A shard given twice (or two copies of one, or a half-finished copy beside
//!   the finished one) counts each game once. Two files that record one game differently are
//!   refused: that is never the same tournament.
//! - **Missing shards** are named. By default a merge that lacks games the tournament needs is
//!   refused; with `partial` it writes what there is (the database then resumes on one machine
//!   with `parlour tournament --resume`, which plays exactly the missing games).
//! - **Early stop.** The merged file re-takes the early stop's looks in index order, as a
//!   one-machine run does. A look needs every game before it, and shards hold consecutive
//!   games, so the shards `1..=j` decide every look inside them: once they stop the
//!   tournament, the later shards are not needed (and are not reported missing).
//! - **Nothing changes on a refusal.** The output is written under a temporary name beside it
//!   and renamed into place only when everything checked out; an existing output is never
//!   overwritten; the shard files are only read.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use crate::record::GameRecord;
use crate::shard::{config_hash, Shard};
use crate::store::{Store, StoreError};
use crate::tournament::{summarize_stored, Summary, TournamentConfig};

/// Games written to the output in one transaction.
const BATCH: usize = 10_000;

/// Why shards could not be merged. Nothing was written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// No shard files were named.
    #[error("name at least one shard file to merge")]
    NoInputs,
    /// A shard file cannot be read (missing, damaged, not a tournament, ...).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The output exists already.
    #[error("{path} already exists; merge into a new file (the shards are kept, so a merge can always be repeated)", path = .path.display())]
    Exists {
        /// The output.
        path: PathBuf,
    },
    /// A file holds a whole tournament, not a shard.
    #[error("{path} is not a shard (it was not written with --shard): continue a one-machine run with parlour tournament --resume", path = .path.display())]
    NotAShard {
        /// The file.
        path: PathBuf,
    },
    /// A file is of another tournament.
    #[error("{path} is of another tournament (configuration {found}…, not {expected}…, which {first} has): its {what}", path = .path.display(), first = .first.display(), found = &.found[..12], expected = &.expected[..12])]
    Foreign {
        /// The file.
        path: PathBuf,
        /// The first file, whose tournament is merged.
        first: PathBuf,
        /// What differs, in words.
        what: String,
        /// Its configuration's hash.
        found: String,
        /// The first file's.
        expected: String,
    },
    /// A file is a shard of another split.
    #[error("{path} is shard {found} but {first} is shard {expected}: merge the shards of one split (all of 1/n to n/n)", path = .path.display(), first = .first.display())]
    Split {
        /// The file.
        path: PathBuf,
        /// The first file.
        first: PathBuf,
        /// Its shard.
        found: Shard,
        /// The first file's shard.
        expected: Shard,
    },
    /// A stored game is not where the schedule puts it (a damaged or doctored file).
    #[error("{path}: game {index} {reason}", path = .path.display())]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// The game.
        index: u64,
        /// Why.
        reason: String,
    },
    /// Two files record one game differently.
    #[error("game {index} is recorded differently in {first} and {second}: they cannot both be this tournament's (was one edited, or played by another parlour?)", first = .first.display(), second = .second.display())]
    Conflict {
        /// The game.
        index: u64,
        /// The file that recorded it first.
        first: PathBuf,
        /// The file that disagrees.
        second: PathBuf,
    },
    /// Games the tournament needs are missing.
    #[error("{0}; nothing was written (merge with --partial to write what there is, then play the rest on one machine with parlour tournament --resume)")]
    Incomplete(String),
    /// The output cannot be written.
    #[error("cannot write {path}: {reason}", path = .path.display())]
    Write {
        /// The output.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

impl MergeError {
    /// Whether the user can fix it by what they named (exit code 2) rather than a failure.
    pub fn is_bad_input(&self) -> bool {
        match self {
            MergeError::Store(e) => e.is_bad_input(),
            MergeError::Write { .. } => false,
            _ => true,
        }
    }
}

/// What one shard file held.
#[derive(Debug, Clone, PartialEq)]
pub struct MergedFile {
    /// The file.
    pub path: PathBuf,
    /// Its shard.
    pub shard: Shard,
    /// Games it records.
    pub games: u64,
    /// Of those, games no earlier file had.
    pub new: u64,
}

/// A shard short of games.
#[derive(Debug, Clone, PartialEq)]
pub struct ShortShard {
    /// The shard.
    pub shard: Shard,
    /// Its games recorded, over all its files.
    pub have: u64,
    /// Its games in all.
    pub want: u64,
}

/// What a merge did.
#[derive(Debug, Clone, PartialEq)]
pub struct MergeReport {
    /// The tournament.
    pub config: TournamentConfig,
    /// Its configuration's hash.
    pub hash: String,
    /// Shards in the split.
    pub count: u32,
    /// The files, in the order given.
    pub files: Vec<MergedFile>,
    /// Games written (each once).
    pub games: u64,
    /// Games found again in a later file (and counted once).
    pub repeated: u64,
    /// Shards of the split that no file holds.
    pub missing: Vec<u32>,
    /// Shards with a file whose games are not all recorded.
    pub short: Vec<ShortShard>,
    /// The merged standings.
    pub summary: Summary,
}

impl MergeReport {
    /// What the merge did, for people: a line for each file (its shard, its games and how
    /// many were new), then one for the whole, naming what is missing if anything is.
    pub fn describe(&self, out: &Path) -> String {
        use std::fmt::Write;
        let mut text = String::new();
        for f in &self.files {
            let (path, shard) = (f.path.display(), f.shard);
            let _ = writeln!(
                text,
                "{path}: shard {shard}, {} games ({} new)",
                f.games, f.new
            );
        }
        let gaps = self.gaps();
        let _ = writeln!(
            text,
            "merged {} games of the {} tournament (configuration {}…) into {}{}{}",
            self.games,
            self.config.game,
            &self.hash[..12.min(self.hash.len())],
            out.display(),
            if self.repeated > 0 {
                format!("; {} games given twice were counted once", self.repeated)
            } else {
                String::new()
            },
            if gaps.is_empty() {
                String::new()
            } else {
                format!(
                    "; INCOMPLETE: {gaps} (play the rest with parlour tournament --resume {})",
                    out.display()
                )
            }
        );
        text
    }

    /// Missing and short shards in words (empty when there are none).
    pub fn gaps(&self) -> String {
        let mut parts = Vec::new();
        if !self.missing.is_empty() {
            let list: Vec<String> = self.missing.iter().map(u32::to_string).collect();
            parts.push(format!(
                "shard{} {} of {} {} missing",
                if self.missing.len() == 1 { "" } else { "s" },
                list.join(", "),
                self.count,
                if self.missing.len() == 1 { "is" } else { "are" },
            ));
        }
        for s in &self.short {
            parts.push(format!(
                "shard {} has {} of its {} games",
                s.shard, s.have, s.want
            ));
        }
        parts.join("; ")
    }
}

/// A game's record, hashed (never 0, which marks a game not seen yet).
fn fingerprint(r: &GameRecord) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    serde_json::to_string(r).unwrap_or_default().hash(&mut h);
    h.finish() | 1
}

/// Merges the shard files `inputs` into the new database `out`; see the module's
/// documentation. With `partial`, a merge that lacks games the tournament needs is written
/// anyway (the report names what is missing).
pub fn merge(out: &Path, inputs: &[PathBuf], partial: bool) -> Result<MergeReport, MergeError> {
    let Some(first) = inputs.first() else {
        return Err(MergeError::NoInputs);
    };
    if out.exists() {
        return Err(MergeError::Exists {
            path: out.to_path_buf(),
        });
    }
    // Every file's header first: a foreign file is refused before anything is read or made.
    let (config, first_shard) = Store::read_header(first)?;
    let hash = config_hash(&config);
    let Some(first_shard) = first_shard else {
        return Err(MergeError::NotAShard {
            path: first.clone(),
        });
    };
    for path in &inputs[1..] {
        let (c, shard) = Store::read_header(path)?;
        let Some(shard) = shard else {
            return Err(MergeError::NotAShard { path: path.clone() });
        };
        if c != config {
            return Err(MergeError::Foreign {
                path: path.clone(),
                first: first.clone(),
                what: differences(&config, &c),
                found: config_hash(&c),
                expected: hash.clone(),
            });
        }
        if shard.count != first_shard.count {
            return Err(MergeError::Split {
                path: path.clone(),
                first: first.clone(),
                found: shard,
                expected: first_shard,
            });
        }
    }
    let schedule = config
        .schedule()
        .map_err(|e| MergeError::Store(damaged(first, &e.to_string())))?;
    // Written under a temporary name, renamed into place when all is well.
    let name = out
        .file_name()
        .map_or_else(|| "merged".into(), |n| n.to_string_lossy().into_owned());
    let temp = out.with_file_name(format!(".{name}.merging-{}", std::process::id()));
    let remove_temp = || {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", temp.display()));
        }
    };
    remove_temp();
    let result = (|| -> Result<MergeReport, MergeError> {
        let mut store = Store::create(&temp, &config).map_err(|e| MergeError::Write {
            path: out.to_path_buf(),
            reason: e.to_string(),
        })?;
        let mut seen = vec![0u64; usize::try_from(config.games).unwrap_or(usize::MAX)];
        let mut seen_in: BTreeMap<u64, usize> = BTreeMap::new();
        let mut per_shard = vec![0u64; first_shard.count as usize];
        let mut files = Vec::new();
        let (mut games, mut repeated) = (0u64, 0u64);
        for (n, path) in inputs.iter().enumerate() {
            let mut batch = Vec::new();
            let mut file = MergedFile {
                path: path.clone(),
                shard: first_shard,
                games: 0,
                new: 0,
            };
            let mut failure = None;
            let read = Store::read_shard_each(path, &mut |r| {
                let fail = |e: MergeError, failure: &mut Option<MergeError>| {
                    *failure = Some(e);
                    Err(damaged(path, "stopped"))
                };
                if r.seats != schedule.seating(r.index) {
                    return fail(
                        MergeError::Mismatch {
                            path: path.clone(),
                            index: r.index,
                            reason: "is not seated as the tournament's schedule seats it".into(),
                        },
                        &mut failure,
                    );
                }
                file.games += 1;
                let print = fingerprint(&r);
                let slot = &mut seen[r.index as usize];
                if *slot == 0 {
                    *slot = print;
                    seen_in.insert(r.index, n);
                    file.new += 1;
                    per_shard[(Shard::of_game(first_shard.count, &config, r.index).index - 1)
                        as usize] += 1;
                    batch.push(r);
                    if batch.len() >= BATCH {
                        store.record(&batch)?;
                        batch.clear();
                    }
                } else if *slot == print {
                    repeated += 1;
                } else {
                    let earlier = seen_in.get(&r.index).map_or(0, |&i| i);
                    return fail(
                        MergeError::Conflict {
                            index: r.index,
                            first: inputs[earlier].clone(),
                            second: path.clone(),
                        },
                        &mut failure,
                    );
                }
                Ok(())
            });
            if let Some(e) = failure {
                return Err(e);
            }
            let (_, shard) = read?;
            file.shard = shard.unwrap_or(first_shard);
            store.record(&batch)?;
            games += file.new;
            files.push(file);
        }
        // Only the first file seen of each game needs remembering for a conflict's message:
        // dropped now that every file is read.
        drop(seen_in);
        drop(store);
        let (_, summary) = summarize_stored(&temp)?;
        let held: std::collections::BTreeSet<u32> = files.iter().map(|f| f.shard.index).collect();
        // A shard is needed when it holds a game before the end (or the early stop).
        let needed_end = summary.stopped.as_ref().map_or(config.games, |s| s.games);
        let mut missing = Vec::new();
        let mut short = Vec::new();
        for i in 1..=first_shard.count {
            let shard = Shard {
                index: i,
                count: first_shard.count,
            };
            let range = shard.games(&config);
            if range.start >= needed_end {
                continue;
            }
            if !held.contains(&i) {
                missing.push(i);
            } else if per_shard[(i - 1) as usize] < range.end - range.start {
                short.push(ShortShard {
                    shard,
                    have: per_shard[(i - 1) as usize],
                    want: range.end - range.start,
                });
            }
        }
        Ok(MergeReport {
            config: config.clone(),
            hash: hash.clone(),
            count: first_shard.count,
            files,
            games,
            repeated,
            missing,
            short,
            summary,
        })
    })();
    let report = match result {
        Ok(report) => report,
        Err(e) => {
            remove_temp();
            return Err(e);
        }
    };
    if !report.summary.complete && !partial {
        remove_temp();
        let gaps = report.gaps();
        return Err(MergeError::Incomplete(if gaps.is_empty() {
            format!(
                "{} of the tournament's {} games are recorded",
                report.games, report.config.games
            )
        } else {
            gaps
        }));
    }
    // Never over a file that appeared meanwhile.
    if out.exists() {
        remove_temp();
        return Err(MergeError::Exists {
            path: out.to_path_buf(),
        });
    }
    // The writer checkpointed its log on closing: what is left beside the file is empty.
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", temp.display()));
    }
    if let Err(e) = std::fs::rename(&temp, out) {
        remove_temp();
        return Err(MergeError::Write {
            path: out.to_path_buf(),
            reason: e.to_string(),
        });
    }
    Ok(report)
}

/// A file found damaged mid-read.
fn damaged(path: &Path, reason: &str) -> StoreError {
    StoreError::NotATournament {
        path: path.to_path_buf(),
        reason: reason.to_string(),
    }
}

/// The fields in which two configurations differ, in words.
fn differences(a: &TournamentConfig, b: &TournamentConfig) -> String {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::to_value(a), serde_json::to_value(b))
    else {
        return "configuration differs".into();
    };
    let fields: Vec<&str> = a
        .keys()
        .chain(b.keys())
        .filter(|k| a.get(*k) != b.get(*k))
        .map(String::as_str)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    match fields.as_slice() {
        [] => "configuration differs".into(),
        [one] => format!("{one} differs"),
        [init @ .., last] => format!("{} and {last} differ", init.join(", ")),
    }
}
