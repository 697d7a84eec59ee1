//! The ladder's matches on a Ray cluster: the league starts the Python package's driver
//! (`python -m parlour.ray_ladder`, `python` being `PARLOUR_PYTHON` or `python3`) as its
//! child, hands it each match its workers would play (one JSON line: the match's number and
//! tournament configuration) and reads back the match's games (their records and traces, one
//! JSON line). The driver plays each as a Ray task on any node with the code the league plays
//! a match with here, so a match's games are the same wherever it is played. Only Ray talks to
//! the cluster; this is a pipe to a child.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use parlour_arena::{GameRecord, TournamentConfig};
use serde::Deserialize;

use crate::LeagueError;

/// What a match played on Ray brought back: its games, or why it could not be played.
type Answer = Result<Vec<(GameRecord, String)>, String>;

/// Who waits for which match (`None` once the driver has ended: nobody may wait any more).
type Waiting = Arc<Mutex<Option<BTreeMap<i64, mpsc::Sender<Answer>>>>>;

/// The driver, started and ready.
#[derive(Debug)]
pub struct RayPool {
    child: Mutex<Child>,
    stdin: Mutex<Option<ChildStdin>>,
    waiting: Waiting,
}

#[derive(Deserialize)]
struct Game {
    record: GameRecord,
    trace: String,
}

#[derive(Deserialize)]
struct Line {
    #[serde(default)]
    ready: bool,
    #[serde(rename = "match")]
    number: Option<i64>,
    games: Option<Vec<Game>>,
    error: Option<String>,
}

impl RayPool {
    /// Starts the driver for the cluster at `address` (`local`: a cluster started here), the
    /// programs' logs going to `logs` on each node, and waits until Ray is up.
    pub fn start(address: &str, logs: &std::path::Path) -> Result<RayPool, LeagueError> {
        let python = std::env::var("PARLOUR_PYTHON").unwrap_or_else(|_| "python3".into());
        let mut command = Command::new(&python);
        command
            .args(["-m", "parlour.ray_ladder", "--logs"])
            .arg(logs)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if address != "local" {
            command.args(["--address", address]);
        }
        let mut child = command.spawn().map_err(|e| LeagueError::Io {
            what: format!(
                "cannot run {python} -m parlour.ray_ladder (install the Python package with its \
                 Ray extra, pip install \"parlour[ray]\", or name its python in PARLOUR_PYTHON)"
            ),
            reason: e.to_string(),
        })?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| LeagueError::Match("the Ray driver has no standard output".into()))?;
        let stdin = child.stdin.take();
        let waiting: Waiting = Arc::new(Mutex::new(Some(BTreeMap::new())));
        let (ready_tx, ready_rx) = mpsc::channel();
        let lost = waiting.clone();
        std::thread::spawn(move || {
            let mut ready = Some(ready_tx);
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // Anything but the driver's own lines (a library's chatter) is passed over.
                let Ok(said) = serde_json::from_str::<Line>(&line) else {
                    continue;
                };
                if said.ready {
                    if let Some(tx) = ready.take() {
                        let _ = tx.send(());
                    }
                    continue;
                }
                let Some(number) = said.number else { continue };
                let answer = match (said.games, said.error) {
                    (Some(games), _) => {
                        Ok(games.into_iter().map(|g| (g.record, g.trace)).collect())
                    }
                    (None, Some(e)) => Err(e),
                    (None, None) => {
                        Err("the Ray driver answered neither games nor an error".into())
                    }
                };
                let to = lost
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .as_mut()
                    .and_then(|w| w.remove(&number));
                if let Some(to) = to {
                    let _ = to.send(answer);
                }
            }
            // The driver is gone: every match waiting for it has failed, and no other may wait.
            let gone = lost.lock().unwrap_or_else(|e| e.into_inner()).take();
            for (_, to) in gone.into_iter().flatten() {
                let _ = to.send(Err("the Ray driver ended".into()));
            }
        });
        let pool = RayPool {
            child: Mutex::new(child),
            stdin: Mutex::new(stdin),
            waiting,
        };
        ready_rx.recv().map_err(|_| {
            LeagueError::Match(
                "the Ray driver ended before Ray was up (its messages are above)".into(),
            )
        })?;
        Ok(pool)
    }

    /// Whether the driver still runs.
    pub fn alive(&self) -> bool {
        self.waiting
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }

    /// Plays match `number` of configuration `config` on the cluster: its games (records and
    /// traces, in index order).
    pub fn play(
        &self,
        number: i64,
        config: &TournamentConfig,
    ) -> Result<Vec<(GameRecord, String)>, LeagueError> {
        let (tx, rx) = mpsc::channel();
        match self
            .waiting
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_mut()
        {
            Some(waiting) => waiting.insert(number, tx),
            None => {
                return Err(LeagueError::Match(format!(
                    "match {number}: the Ray driver has ended (its messages are above)"
                )))
            }
        };
        let line = serde_json::json!({"match": number, "config": config}).to_string();
        let sent = match self
            .stdin
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_mut()
        {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(std::io::Error::other("the Ray driver is closed")),
        };
        if let Err(e) = sent {
            if let Some(waiting) = self
                .waiting
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .as_mut()
            {
                waiting.remove(&number);
            }
            return Err(LeagueError::Match(format!(
                "cannot hand match {number} to the Ray driver: {e}"
            )));
        }
        rx.recv()
            .unwrap_or_else(|_| Err("the Ray driver ended".into()))
            .map_err(|e| LeagueError::Match(format!("match {number} on Ray: {e}")))
    }
}

impl Drop for RayPool {
    /// Closes the driver's input (it finishes the matches in flight and exits) and waits for
    /// it.
    fn drop(&mut self) {
        drop(self.stdin.lock().unwrap_or_else(|e| e.into_inner()).take());
        let _ = self.child.lock().unwrap_or_else(|e| e.into_inner()).wait();
    }
}
