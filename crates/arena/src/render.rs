//! Standings for people and programs: one tournament's [`Summary`] as JSON, as CSV, or as the
//! tables the terminal shows. The command line, the web and Python all print these, so the
//! same tournament reads the same everywhere.

use std::io::Write;
use std::path::PathBuf;

use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, CellAlignment, Table};
use serde::Serialize;
use serde_json::{json, Value};

use crate::schedule::ScheduleKind;
use crate::stats::{Interval, Standings};
use crate::tournament::{Summary, TournamentConfig};

/// How a run went (absent when standings are re-printed from a database).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunInfo {
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Worker threads.
    pub jobs: usize,
    /// Games played in this run.
    pub played: u64,
    /// Where games were recorded.
    pub db: Option<PathBuf>,
    /// The schedule the run used.
    pub schedule: ScheduleKind,
}

/// The standings as one JSON object: the configuration, the counts, the standings and, after a
/// run, how it went.
pub fn json(config: &TournamentConfig, summary: &Summary, run: Option<&RunInfo>) -> Value {
    let mut v = json!({
        "game": config.game,
        "options": config.options,
        "seed": config.seed,
        "entries": config.labels,
        "games_planned": config.games,
        "games_counted": summary.counted,
        "complete": summary.complete,
        "duplicate": config.duplicate,
        "schedule": config.schedule,
        "early_stop": config.early_stop,
        "stopped_early": summary.stopped,
        "decisions": summary.decisions,
        "standings": summary.standings,
    });
    if let Some(run) = run {
        v["run"] = json!({
            "seconds": run.seconds,
            "jobs": run.jobs,
            "played": run.played,
            "games_per_sec": run.played as f64 / run.seconds.max(1e-9),
            "db": run.db.as_ref().map(|p| p.display().to_string()),
            "schedule_used": run.schedule,
        });
    }
    v
}

/// The standings as CSV, one row an entry in rank order, written to `out`.
pub fn csv(standings: &Standings, out: impl Write) -> Result<(), csv::Error> {
    let s = standings;
    let mut w = csv::Writer::from_writer(out);
    let mut header: Vec<String> = [
        "rank",
        "entry",
        "games",
        "wins",
        "draws",
        "win_rate",
        "win_rate_low",
        "win_rate_high",
        "placement",
        "placement_low",
        "placement_high",
        "score",
        "score_low",
        "score_high",
        "rating_mu",
        "rating_sigma",
    ]
    .map(String::from)
    .to_vec();
    if let Some(e) = s.entries.first() {
        for (name, _) in &e.figures {
            header.extend([name.clone(), format!("{name}_low"), format!("{name}_high")]);
        }
    }
    w.write_record(&header)?;
    for (rank, e) in s.entries.iter().enumerate() {
        let mut row = vec![
            (rank + 1).to_string(),
            e.label.clone(),
            e.games.to_string(),
            e.wins.to_string(),
            e.draws.to_string(),
        ];
        for i in [&e.win_rate, &e.placement, &e.score] {
            row.extend([i.mean, i.low, i.high].map(|x| x.to_string()));
        }
        row.extend([e.rating.mu, e.rating.sigma].map(|x| x.to_string()));
        for (_, i) in &e.figures {
            row.extend([i.mean, i.low, i.high].map(|x| x.to_string()));
        }
        w.write_record(&row)?;
    }
    w.flush()?;
    Ok(())
}

fn schedule_text(kind: ScheduleKind) -> &'static str {
    match kind {
        ScheduleKind::RoundRobin => "round-robin",
        ScheduleKind::Random => "balanced random",
        ScheduleKind::Auto => "auto",
    }
}

/// An interval as `mean (low–high)`, scaled, or `mean (n/a)` when it has too few clusters.
fn ci(i: &Interval, digits: usize, scale: f64) -> String {
    if i.n < 2 {
        format!("{:.digits$} (n/a)", i.mean * scale)
    } else {
        format!(
            "{:.digits$} ({:.digits$}–{:.digits$})",
            i.mean * scale,
            i.low * scale,
            i.high * scale
        )
    }
}

/// The standings as the terminal shows them: a title line, the standings table, notes (what
/// the score means — `score_meaning`, from the game's
/// [`ScoreInfo`](parlour_core::ScoreInfo) — faults and forfeits, an early stop), the pairwise
/// table and, after a run, its speed and where it was recorded. Every line ends in a newline.
pub fn text(
    config: &TournamentConfig,
    summary: &Summary,
    run: Option<&RunInfo>,
    score_meaning: &str,
) -> String {
    let mut out = String::new();
    let mut line = |text: String| {
        out.push_str(&text);
        out.push('\n');
    };
    let s = &summary.standings;
    let k = config.seats as u64;
    line(format!(
        "{} tournament · {} entries · seed {} · {} of {} games{} · {}",
        config.game,
        config.entries.len(),
        config.seed,
        summary.counted,
        config.games,
        if summary.complete {
            ""
        } else {
            " (incomplete)"
        },
        if config.duplicate {
            format!(
                "duplicate deals: each of {} deals played in all {k} seat rotations",
                config.groups()
            )
        } else {
            format!("every game its own deal, seats rotated in groups of {k}")
        },
    ));
    let mut table = Table::new();
    let mut header = vec![
        "#",
        "entry",
        "games",
        "wins",
        "draws",
        "win % (95% CI)",
        "placement (95% CI)",
        "score/game (95% CI)",
        "rating μ ± σ",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    if let Some(e) = s.entries.first() {
        header.extend(e.figures.iter().map(|(n, _)| format!("{n}/game (95% CI)")));
    }
    table.load_style(UTF8_FULL_CONDENSED).set_header(header);
    let right = |x: String| Cell::new(x).set_alignment(CellAlignment::Right);
    for (rank, e) in s.entries.iter().enumerate() {
        let mut row = vec![
            Cell::new(rank + 1),
            Cell::new(&e.label),
            right(e.games.to_string()),
            right(e.wins.to_string()),
            right(e.draws.to_string()),
            Cell::new(ci(&e.win_rate, 1, 100.0)),
            Cell::new(ci(&e.placement, 2, 1.0)),
            Cell::new(ci(&e.score, 2, 1.0)),
            right(format!("{:.1} ± {:.1}", e.rating.mu, e.rating.sigma)),
        ];
        row.extend(e.figures.iter().map(|(_, i)| Cell::new(ci(i, 2, 1.0))));
        table.add_row(row);
    }
    line(table.to_string());
    line(format!(
        "score: {score_meaning}; placement 1 = first, ties share places; intervals are 95%{}; rating: Weng-Lin.",
        if config.duplicate {
            ", clustered by deal"
        } else {
            ""
        }
    ));
    for e in s.entries.iter().filter(|e| e.faults > 0 || e.forfeits > 0) {
        line(format!(
            "{}: {} fault(s){} (each replaced by a random legal action; details in the database)",
            e.label,
            e.faults,
            if e.forfeits > 0 {
                format!(", forfeited {} game(s)", e.forfeits)
            } else {
                String::new()
            }
        ));
    }
    if let Some(stop) = &summary.stopped {
        line(format!(
            "stopped early after {} games: {} is ahead of every other entry (closest: {}, z = {:.2} > {:.2}, alpha {})",
            stop.games,
            config.labels[stop.decision.leader],
            config.labels[stop.decision.runner_up],
            stop.decision.z,
            stop.decision.threshold,
            config.early_stop.map_or(0.0, |r| r.alpha)
        ));
    }
    // The pairwise table, in standings order.
    let order: Vec<usize> = s.entries.iter().map(|e| e.entry).collect();
    let mut pair = Table::new();
    let mut header = vec![String::from("ahead of →")];
    header.extend(order.iter().map(|&b| config.labels[b].clone()));
    pair.load_style(UTF8_FULL_CONDENSED).set_header(header);
    for &a in &order {
        let mut row = vec![Cell::new(&config.labels[a])];
        for &b in &order {
            let text = match s
                .pairwise
                .get(a)
                .and_then(|r| r.get(b))
                .and_then(|c| c.as_ref())
            {
                Some(c) => format!("{:.1}%", 100.0 * c.share),
                None => "–".to_string(),
            };
            row.push(right(text));
        }
        pair.add_row(row);
    }
    line("how often the row entry finished ahead of the column entry (ties count half):".into());
    line(pair.to_string());
    if let Some(run) = run {
        line(format!(
            "{} games played now ({} decisions counted) in {:.2}s on {} thread(s): {:.0} games/s · schedule: {}",
            run.played,
            summary.decisions,
            run.seconds,
            run.jobs,
            run.played as f64 / run.seconds.max(1e-9),
            schedule_text(run.schedule)
        ));
        if let Some(db) = &run.db {
            line(format!(
                "recorded in {} (re-print with: parlour report {})",
                db.display(),
                db.display()
            ));
        }
    }
    out
}

/// A table with one header row and one row.
fn one_row(header: Vec<String>, row: Vec<String>) -> Table {
    let mut table = Table::new();
    table.load_style(UTF8_FULL_CONDENSED).set_header(header);
    table.add_row(row);
    table
}

/// `parlour bench GAME`'s report for people: random playouts' games/s and actions/s.
pub fn playouts(report: &parlour_core::bench::BenchReport, seed: u64) -> String {
    let header = [
        "game",
        "seconds",
        "games",
        "actions",
        "games/s",
        "actions/s",
    ];
    let table = one_row(
        header.map(String::from).to_vec(),
        vec![
            report.game.clone(),
            format!("{:.2}", report.seconds),
            report.games.to_string(),
            report.actions.to_string(),
            format!("{:.0}", report.games_per_sec),
            format!("{:.0}", report.actions_per_sec),
        ],
    );
    format!("random playouts on one core, seed {seed}\n{table}")
}

/// `parlour bench GAME --bot BOT`'s report for people: decisions/s and the bot's counters.
pub fn bot_playouts(report: &parlour_core::bench::BotBenchReport, seed: u64) -> String {
    let mut header: Vec<String> = [
        "game",
        "bot",
        "seconds",
        "games",
        "decisions",
        "decisions/s",
    ]
    .map(String::from)
    .to_vec();
    let mut row = vec![
        report.game.clone(),
        report.bot.clone(),
        format!("{:.2}", report.seconds),
        report.games.to_string(),
        report.decisions.to_string(),
        format!("{:.1}", report.decisions_per_sec),
    ];
    for (name, total, per_sec) in &report.counters {
        header.push(name.clone());
        header.push(format!("{name}/s"));
        row.push(total.to_string());
        row.push(format!("{per_sec:.0}"));
    }
    let table = one_row(header, row);
    format!(
        "{} in every seat on one core, seed {seed}\n{table}",
        report.bot
    )
}
