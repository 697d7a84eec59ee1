//! How fast tournaments run: games per second on 1 and on 2 cores (the process held to them),
//! with and without recording to a database, each run repeated and interleaved so that a slow
//! spell on a shared machine hurts every kind alike. `parlour bench --tournament` prints it; the
//! criterion bench `tournament` measures the same runs.

use std::path::Path;
use std::time::{Duration, Instant};

use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, Table};
use parlour_core::Game;
use serde::Serialize;
use serde_json::{json, Value};

use crate::store::Store;
use crate::tournament::{ArenaError, MakeBot, Tournament};

/// The four kinds of run, in the order they are interleaved: (worker threads, recording).
pub const KINDS: [(usize, bool); 4] = [(1, false), (2, false), (1, true), (2, true)];

/// Wall-clock and processor times of every run, by kind ([`KINDS`] order).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TournamentTimes {
    /// Games in each run.
    pub games: u64,
    /// Wall-clock time of each run, by kind.
    pub wall: Vec<Vec<Duration>>,
    /// Processor time of each run (all threads, user and system), by kind.
    pub cpu: Vec<Vec<Duration>>,
    /// Whether the process could be held to 1 and 2 cores (Linux); otherwise the kinds are
    /// worker threads on whatever cores the system gave.
    pub held_to_cores: bool,
}

impl TournamentTimes {
    /// Games per second of each kind: the best run and the median run.
    pub fn rates(&self) -> (Vec<f64>, Vec<f64>) {
        let games = self.games as f64;
        self.wall
            .iter()
            .map(|d| {
                let (b, m) = best_and_median(d);
                (games / b, games / m)
            })
            .unzip()
    }

    /// Scaling from 1 to 2 cores, and what recording costs, from the best and the median runs.
    fn figures(&self) -> Figures {
        let (best, median) = self.rates();
        let overhead = |r: &[f64]| [1.0 - r[2] / r[0], 1.0 - r[3] / r[1]];
        let cpu_us = self.cpu_us_per_game();
        Figures {
            scaling: [best[1] / best[0], median[1] / median[0]],
            over: [overhead(&best), overhead(&median)],
            cpu_overhead: [cpu_us[2] / cpu_us[0] - 1.0, cpu_us[3] / cpu_us[1] - 1.0],
            best,
            median,
            cpu_us,
        }
    }

    /// The measurement as one JSON object (`parlour bench GAME --tournament --format json`):
    /// games/s of each kind, scaling, the database's overhead, processor time per game.
    pub fn json(&self, game: &str, entries: &str, repeat: usize) -> Value {
        let f = self.figures();
        let figures = |rate: &[f64], scaling: f64, overhead: [f64; 2]| {
            json!({
                "games_per_sec": {
                    "jobs1": rate[0], "jobs2": rate[1],
                    "jobs1_db": rate[2], "jobs2_db": rate[3],
                },
                "scaling_1_to_2": scaling,
                "db_overhead": { "jobs1": overhead[0], "jobs2": overhead[1] },
            })
        };
        let cpu_us = &f.cpu_us;
        json!({
            "game": game,
            "entries": entries,
            "games": self.games,
            "repeat": repeat,
            "held_to_cores": self.held_to_cores,
            "cpu_us_per_game_median": {
                "jobs1": cpu_us[0], "jobs2": cpu_us[1],
                "jobs1_db": cpu_us[2], "jobs2_db": cpu_us[3],
            },
            "db_cpu_overhead": { "jobs1": f.cpu_overhead[0], "jobs2": f.cpu_overhead[1] },
            "best": figures(&f.best, f.scaling[0], f.over[0]),
            "median": figures(&f.median, f.scaling[1], f.over[1]),
        })
    }

    /// The measurement for people: a table of games/s by cores and recording, then scaling,
    /// processor time and (where cores could not be held) a note; every line ends with a
    /// newline.
    pub fn text(&self, game: &str, entries: &str, repeat: usize, seed: u64) -> String {
        let f = self.figures();
        let (best, median, [over_best, over_median]) = (&f.best, &f.median, f.over);
        let mut table = Table::new();
        table.load_style(UTF8_FULL_CONDENSED).set_header(vec![
            "cores",
            "no database: best (median)",
            "recording (--db): best (median)",
            "overhead: best (median)",
        ]);
        for (j, jobs) in [1, 2].into_iter().enumerate() {
            table.add_row(vec![
                Cell::new(jobs),
                Cell::new(format!("{:.0} ({:.0}) games/s", best[j], median[j])),
                Cell::new(format!("{:.0} ({:.0}) games/s", best[j + 2], median[j + 2])),
                Cell::new(format!(
                    "{:.1}% ({:.1}%)",
                    100.0 * over_best[j],
                    100.0 * over_median[j]
                )),
            ]);
        }
        let cpu_us = &f.cpu_us;
        let mut out = format!(
            "{game} tournament of {} games ({entries}), {repeat} runs of each kind, seed {seed}\n\
             {table}\n\
             scaling from 1 to 2 cores: {:.2}× best ({:.2}× median)\n\
             processor time a game (median): {:.1} µs, {:.1} µs recording on 1 core \
             ({:+.1}%); {:.1} µs, {:.1} µs recording on 2 cores ({:+.1}%)\n",
            self.games,
            f.scaling[0],
            f.scaling[1],
            cpu_us[0],
            cpu_us[2],
            100.0 * f.cpu_overhead[0],
            cpu_us[1],
            cpu_us[3],
            100.0 * f.cpu_overhead[1]
        );
        if !self.held_to_cores {
            out.push_str(
                "note: the process could not be held to 1 and 2 cores here, so these are 1 and \
                 2 worker threads on whatever cores the system gave\n",
            );
        }
        out
    }

    /// Median processor time per game of each kind, in microseconds.
    pub fn cpu_us_per_game(&self) -> Vec<f64> {
        self.cpu
            .iter()
            .map(|d| best_and_median(d).1 * 1e6 / self.games as f64)
            .collect()
    }
}

/// The fastest and the median of some durations, in seconds. On a shared machine other work
/// only ever adds time, so the fastest run is the best estimate of what the code can do; the
/// median shows what a run typically got.
pub fn best_and_median(v: &[Duration]) -> (f64, f64) {
    let mut s: Vec<f64> = v.iter().map(Duration::as_secs_f64).collect();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    let median = if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    };
    (s[0], median)
}

/// Runs tournament `t` `repeat` times of each kind of [`KINDS`], recording into fresh
/// databases under `dir`, and times every run.
pub fn time_tournament<G: Game>(
    t: &Tournament<G>,
    make_bot: MakeBot<'_, G>,
    repeat: usize,
    dir: &Path,
) -> Result<TournamentTimes, ArenaError> {
    let mut wall: Vec<Vec<Duration>> = vec![Vec::new(); KINDS.len()];
    let mut cpu: Vec<Vec<Duration>> = vec![Vec::new(); KINDS.len()];
    let mut held_to_cores = true;
    for rep in 0..repeat {
        for (i, &(jobs, db)) in KINDS.iter().enumerate() {
            let path = dir.join(format!("run-{rep}-{i}.sqlite"));
            let mut store = db.then(|| Store::create(&path, t.config())).transpose()?;
            // The whole process (workers and the recording thread) is held to `jobs` cores,
            // so "1 core" means one core, not one worker beside a free recorder.
            let cores = CoreLimit::new(jobs);
            held_to_cores &= cores.held == Some(jobs);
            let start = Instant::now();
            let cpu_start = process_cpu_time();
            let result = t.run(
                jobs,
                Vec::new(),
                make_bot,
                &mut |b| store.as_mut().map_or(Ok(()), |s| s.record(b)),
                &mut |_| {},
            );
            let elapsed = start.elapsed();
            let cpu_used = process_cpu_time().saturating_sub(cpu_start);
            drop(cores);
            result?;
            wall[i].push(elapsed);
            cpu[i].push(cpu_used);
        }
    }
    Ok(TournamentTimes {
        games: t.config().games,
        wall,
        cpu,
        held_to_cores,
    })
}

/// Processor time this process has used so far, all threads, user and system.
pub fn process_cpu_time() -> Duration {
    #[cfg(unix)]
    {
        use nix::sys::resource::{getrusage, UsageWho};
        if let Ok(usage) = getrusage(UsageWho::RUSAGE_SELF) {
            let tv = |t: nix::sys::time::TimeVal| {
                Duration::from_secs(t.tv_sec().max(0) as u64)
                    + Duration::from_micros(t.tv_usec().max(0) as u64)
            };
            return tv(usage.user_time()) + tv(usage.system_time());
        }
    }
    Duration::ZERO
}

/// Holds this thread, and the threads it starts, to the first `cores` CPUs it may use, until
/// dropped (Linux; elsewhere it does nothing and the figures say "threads", not cores).
#[derive(Debug)]
pub struct CoreLimit {
    /// How many cores the process is held to (`None`: not held).
    pub held: Option<usize>,
    #[cfg(target_os = "linux")]
    saved: Option<nix::sched::CpuSet>,
}

impl CoreLimit {
    /// Holds the calling thread (and threads it starts) to `cores` CPUs.
    #[cfg(target_os = "linux")]
    pub fn new(cores: usize) -> CoreLimit {
        use nix::sched::{sched_getaffinity, sched_setaffinity, CpuSet};
        use nix::unistd::Pid;
        let Ok(saved) = sched_getaffinity(Pid::from_raw(0)) else {
            return CoreLimit {
                held: None,
                saved: None,
            };
        };
        let mut limited = CpuSet::new();
        let mut taken = 0;
        for cpu in 0..CpuSet::count() {
            if taken < cores && saved.is_set(cpu).unwrap_or(false) && limited.set(cpu).is_ok() {
                taken += 1;
            }
        }
        let ok = sched_setaffinity(Pid::from_raw(0), &limited).is_ok();
        CoreLimit {
            held: ok.then_some(taken),
            saved: ok.then_some(saved),
        }
    }

    /// Does nothing where the process cannot be held to cores.
    #[cfg(not(target_os = "linux"))]
    pub fn new(_cores: usize) -> CoreLimit {
        CoreLimit { held: None }
    }
}

impl Drop for CoreLimit {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(saved) = &self.saved {
            let _ = nix::sched::sched_setaffinity(nix::unistd::Pid::from_raw(0), saved);
        }
    }
}

/// What [`TournamentTimes`] works out: games/s (best and median runs, by kind), scaling from 1
/// to 2 cores, the database's overhead, and processor time per game.
struct Figures {
    best: Vec<f64>,
    median: Vec<f64>,
    scaling: [f64; 2],
    over: [[f64; 2]; 2],
    cpu_us: Vec<f64>,
    cpu_overhead: [f64; 2],
}
