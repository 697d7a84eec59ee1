//! Strength matches (`parlour strength GAME`): every pair of a line-up of bots plays a
//! duplicate-deal match, and a table gives each pair's share of the wins with its 95% interval.
//!
//! A match between bots A and B seats them alternately (A, B, A, B at a table of four) and plays
//! every deal under every seat rotation, so both sides hold every seat and every hand. At an odd
//! table (Chexers' three) it plays two such matches, one led by each bot, so each holds half the
//! seats in all. In every game A's credit is the share of the game's winners that are A's seats
//! (a draw credits each side by its share of the seats); the table reports A's mean credit —
//! 50% between equals — with an interval clustered by deal, as the arena computes win rates.
//!
//! A game scored in points (Uno, Comp10001-Go, Phased Out) is judged by its points instead, as
//! its seed's tournament ranks players: the table adds each side's mean points a seat per game
//! (at Uno a game is the seed's round) and A's lead in points, each with its clustered 95%
//! interval, and the verdict follows the lead.

use std::path::Path;
use std::time::Instant;

use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, CellAlignment, Table};
use parlour_core::encode::Encode;
use parlour_core::rng::derive_seed;
use parlour_core::{BotSpec, Bounds, Game, GameAi};
use parlour_protocol::{EntrySpec, Player};
#[cfg(unix)]
use parlour_protocol::{Mode, Programs};
use serde_json::{json, Value};

use crate::stats::{clustered_mean, clustered_share, Interval};
use crate::{ArenaError, GameRecord, Progress, Tournament, TournamentConfig};

/// The most deals a match may play.
pub const MAX_DEALS: u64 = 1_000_000;

/// The line-up when none is given: random, the game's own bots, ISMCTS, and the game's strongest
/// bot ([`GameAi::STRONGEST_BOT`]) where that is none of those.
pub fn default_lineup<G: GameAi>() -> Vec<BotSpec> {
    let mut v = vec![BotSpec::named("random")];
    v.extend(G::bots().iter().map(|b| BotSpec::named(b.name)));
    v.push(BotSpec::named("ismcts"));
    if let Ok(strongest) = G::STRONGEST_BOT.parse::<BotSpec>() {
        if !v.contains(&strongest) {
            v.push(strongest);
        }
    }
    v
}

/// One finished match: what A and B won, A's share, and (points games) each side's points.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchResult {
    /// Bot A.
    pub a: String,
    /// Bot B.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// Games A's seats won alone.
    pub a_wins: u64,
    /// Games B's seats won alone.
    pub b_wins: u64,
    /// Games whose win was shared (draws, or winners on both sides).
    pub draws: u64,
    /// A's share of the wins, clustered by deal.
    pub share: Interval,
    /// Points a seat per game, A's and B's, and A's lead (points games only).
    pub points: Option<Points>,
    /// Seconds the match took.
    pub seconds: f64,
}

/// Each side's mean points a seat per game, and A's lead.
#[derive(Debug, Clone, PartialEq)]
pub struct Points {
    /// A's mean points a seat per game.
    pub a: Interval,
    /// B's.
    pub b: Interval,
    /// A's minus B's.
    pub lead: Interval,
}

impl MatchResult {
    /// The verdict by the game's unit: A's lead in points for a points game, else its share
    /// of the wins.
    pub fn verdict(&self) -> &'static str {
        match &self.points {
            Some(p) => separated(&p.lead, 0.0),
            None => self.wins_verdict(),
        }
    }

    /// The verdict by the share of the wins.
    pub fn wins_verdict(&self) -> &'static str {
        separated(&self.share, 0.5)
    }
}

/// Whether an interval lies clear of `even`, and on which side.
fn separated(i: &Interval, even: f64) -> &'static str {
    if i.n < 2 {
        "n/a"
    } else if i.low > even {
        "A stronger"
    } else if i.high < even {
        "B stronger"
    } else {
        "not separated"
    }
}

/// The programs among A and B, each started once (none started when both are built-in bots).
#[cfg(unix)]
fn start_programs<G: GameAi>(
    game: &G,
    a: &EntrySpec,
    b: &EntrySpec,
    logs: &Path,
) -> Result<Programs, ArenaError> {
    if !matches!(a, EntrySpec::Program(_)) && !matches!(b, EntrySpec::Program(_)) {
        return Ok(Programs::none());
    }
    let entries = if a == b {
        vec![a.clone()]
    } else {
        vec![a.clone(), b.clone()]
    };
    let labels = crate::tournament::entry_labels(&entries);
    Programs::start(game, &entries, &labels, logs, Mode::Tournament, None)
        .map_err(|e| ArenaError::Config(e.to_string()))
}

/// Whether `parlour strength` judges game `G` by points.
pub fn judged_by_points<G: Game>() -> bool {
    G::INFO.score.unit == "points"
}

/// Plays A against B on `jobs` threads: at an even table one match led by A, at an odd one a
/// match led by each; `progress` hears of the games of both. Either may be a program (a
/// submission through its course adapter, say): it is started once for the match, contained
/// as tournaments contain programs, its log written in `logs`, and a game it forfeits counts
/// as the arena counts it.
pub fn play_match<G: GameAi + Encode>(
    game: &G,
    (a, b): (&EntrySpec, &EntrySpec),
    deals: u64,
    seed: u64,
    jobs: usize,
    logs: &Path,
    progress: &mut dyn FnMut(Progress),
) -> Result<MatchResult, ArenaError> {
    // Each program once, under its own name, for both of its seats (programs run on Unix;
    // elsewhere a program entry is refused as a built-in bot it is not).
    #[cfg(unix)]
    let programs = start_programs(game, a, b, logs)?;
    #[cfg(unix)]
    let make = |e: &EntrySpec, s: u64| programs.player::<G>(e, s);
    #[cfg(not(unix))]
    let make = {
        let _ = logs;
        |e: &EntrySpec, s: u64| Player::<G>::built_in(e, s)
    };
    let seats = game.num_players();
    let leads: &[bool] = if seats % 2 == 0 {
        &[true]
    } else {
        &[true, false]
    };
    let start = Instant::now();
    let mut credits: Vec<(u64, f64)> = Vec::new();
    let (mut a_points, mut b_points, mut leads_of) = (Vec::new(), Vec::new(), Vec::new());
    let (mut a_wins, mut b_wins, mut draws) = (0, 0, 0);
    let total = deals * seats as u64 * leads.len() as u64;
    for (m, &a_leads) in leads.iter().enumerate() {
        // Entry e is A's when its parity matches the lead.
        let is_a: Vec<bool> = (0..seats).map(|e| (e % 2 == 0) == a_leads).collect();
        let entries: Vec<EntrySpec> = is_a
            .iter()
            .map(|&x| if x { a.clone() } else { b.clone() })
            .collect();
        let mut config = TournamentConfig::new(
            game,
            entries,
            deals * seats as u64,
            derive_seed(seed, m as u64),
        );
        // Every deal under every seat rotation, chance or not, so both bots hold every seat.
        config.duplicate = true;
        let t = Tournament::new(game.clone(), config, &Player::<G>::stand_in)?;
        let before = credits.len() as u64;
        // The match's games, in index order (a match is small enough to keep).
        let mut records = Vec::new();
        t.run(
            jobs,
            Vec::new(),
            &make,
            &mut |batch| {
                records.extend_from_slice(batch);
                Ok(())
            },
            &mut |p| {
                progress(Progress {
                    done: before + p.done,
                    total,
                    this_run: before + p.this_run,
                })
            },
        )?;
        records.sort_by_key(|r| r.index);
        for r in &records {
            let credit = credit_of(r, &is_a);
            if credit >= 1.0 {
                a_wins += 1;
            } else if credit <= 0.0 {
                b_wins += 1;
            } else {
                draws += 1;
            }
            let cluster = (m as u64) << 48 | r.deal;
            credits.push((cluster, credit));
            let (a, b) = points_of(r, &is_a);
            a_points.push((cluster, a));
            b_points.push((cluster, b));
            leads_of.push((cluster, a - b));
        }
    }
    if credits.is_empty() {
        return Err(ArenaError::Config("the match played no games".into()));
    }
    Ok(MatchResult {
        a: a.label(),
        b: b.label(),
        games: credits.len() as u64,
        a_wins,
        b_wins,
        draws,
        share: clustered_share(&credits),
        points: judged_by_points::<G>().then(|| {
            let bounds = game.return_bounds();
            Points {
                a: clustered_mean(&a_points, bounds),
                b: clustered_mean(&b_points, bounds),
                lead: clustered_mean(&leads_of, Bounds::NONE),
            }
        }),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// A's credit in one game: the share of the winners that are A's seats; in a draw (no
/// winners) its share of the seats.
fn credit_of(r: &GameRecord, is_a: &[bool]) -> f64 {
    let a_seat = |s: &usize| r.seats.get(*s).is_some_and(|&e| is_a[e]);
    if r.winners.is_empty() {
        r.seats.iter().filter(|&&e| is_a[e]).count() as f64 / r.seats.len() as f64
    } else {
        r.winners.iter().filter(|s| a_seat(s)).count() as f64 / r.winners.len() as f64
    }
}

/// A's and B's mean return a seat in one game.
fn points_of(r: &GameRecord, is_a: &[bool]) -> (f64, f64) {
    let (mut a, mut na, mut b, mut nb) = (0.0, 0u32, 0.0, 0u32);
    for (s, &e) in r.seats.iter().enumerate() {
        let x = r.returns.get(s).copied().unwrap_or(0.0);
        if is_a[e] {
            a += x;
            na += 1;
        } else {
            b += x;
            nb += 1;
        }
    }
    (a / f64::from(na.max(1)), b / f64::from(nb.max(1)))
}

/// A mean with its interval, to one decimal.
fn num(i: &Interval) -> String {
    if i.n < 2 {
        format!("{:.1} (n/a)", i.mean)
    } else {
        format!("{:.1} ({:.1} to {:.1})", i.mean, i.low, i.high)
    }
}

fn pct(i: &Interval) -> String {
    if i.n < 2 {
        format!("{:.1} (n/a)", 100.0 * i.mean)
    } else {
        format!(
            "{:.1} ({:.1}–{:.1})",
            100.0 * i.mean,
            100.0 * i.low,
            100.0 * i.high
        )
    }
}

/// The strength report as one JSON object: the game, the line-up and every match.
pub fn json<G: Game>(
    game: &G,
    lineup: &[EntrySpec],
    deals: u64,
    seed: u64,
    results: &[MatchResult],
) -> Value {
    let rows: Vec<_> = results
        .iter()
        .map(|r| {
            let mut row = json!({
                "a": r.a, "b": r.b, "games": r.games,
                "a_wins": r.a_wins, "b_wins": r.b_wins, "split": r.draws,
                "a_share": r.share.mean, "a_share_low": r.share.low,
                "a_share_high": r.share.high, "verdict": r.verdict(),
                "verdict_by_wins": r.wins_verdict(),
                "seconds": r.seconds,
            });
            if let Some(p) = &r.points {
                let interval = |i: &Interval| json!({"mean": i.mean, "low": i.low, "high": i.high});
                row["a_points"] = interval(&p.a);
                row["b_points"] = interval(&p.b);
                row["a_lead"] = interval(&p.lead);
            }
            row
        })
        .collect();
    json!({
        "game": G::INFO.name,
        "options": serde_json::to_value(game.options()).unwrap_or_default(),
        "bots": lineup.iter().map(EntrySpec::label).collect::<Vec<_>>(),
        "deals": deals, "seed": seed, "seats": game.num_players(),
        "judged_by": if judged_by_points::<G>() { "points" } else { "wins" },
        "matches": rows,
    })
}

/// The strength report for people: a heading, a table of the matches, and what the columns
/// mean; every line ends with a newline.
pub fn text<G: Game>(game: &G, deals: u64, seed: u64, results: &[MatchResult]) -> String {
    let seats = game.num_players();
    let layout = if seats % 2 == 0 {
        format!("A and B alternate at a table of {seats}")
    } else {
        format!("A and B alternate at a table of {seats}, one match led by each")
    };
    let mut out = format!(
        "{} strength · seed {seed} · {deals} deals per match, each under every seat rotation · {layout}\n",
        G::INFO.name
    );
    let by_points = judged_by_points::<G>();
    let mut table = Table::new();
    let mut header = vec![
        "A",
        "B",
        "games",
        "A won",
        "B won",
        "split",
        "A's share of wins, % (95% CI)",
    ];
    if by_points {
        header.extend([
            "A's points per game (95% CI)",
            "B's points per game (95% CI)",
            "A's lead (95% CI)",
            "verdict (by points)",
        ]);
    } else {
        header.push("verdict");
    }
    header.push("seconds");
    table.load_style(UTF8_FULL_CONDENSED).set_header(header);
    let right = |cell: Cell| cell.set_alignment(CellAlignment::Right);
    for r in results {
        let mut row = vec![
            Cell::new(&r.a),
            Cell::new(&r.b),
            right(Cell::new(r.games)),
            right(Cell::new(r.a_wins)),
            right(Cell::new(r.b_wins)),
            right(Cell::new(r.draws)),
            Cell::new(pct(&r.share)),
        ];
        if let Some(p) = &r.points {
            row.extend([
                Cell::new(num(&p.a)),
                Cell::new(num(&p.b)),
                Cell::new(num(&p.lead)),
            ]);
        }
        row.push(Cell::new(r.verdict()));
        row.push(right(Cell::new(format!("{:.0}", r.seconds))));
        table.add_row(row);
    }
    out.push_str(&format!("{table}\n"));
    if by_points {
        out.push_str(&format!(
            "{} is scored in points, so the verdict follows A's lead: A's mean points a seat per game minus B's, \
             clear of 0 (a Uno game is one of its seed's rounds unless -o rounds or -o target makes it a match).\n",
            G::INFO.name
        ));
    }
    out.push_str(
        "A's share: of each game's winners, the part that are A's seats (a draw splits by seats); 50% between equals. \
         Intervals are 95%, clustered by deal; a verdict by wins needs the share's interval clear of 50%. \
         \"split\": games whose win was shared (draws, or winners on both sides).\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(seats: Vec<usize>, winners: Vec<usize>) -> GameRecord {
        GameRecord {
            index: 0,
            deal: 0,
            returns: vec![0.0; seats.len()],
            seats,
            winners,
            figures: Vec::new(),
            decisions: 0,
            faults: Vec::new(),
            forfeited: Vec::new(),
        }
    }

    #[test]
    fn credit_follows_the_winners_sides() {
        let is_a = [true, false, true, false];
        // Seat 1 holds entry 0 (A's).
        assert_eq!(credit_of(&record(vec![3, 0, 1, 2], vec![1]), &is_a), 1.0);
        assert_eq!(credit_of(&record(vec![3, 0, 1, 2], vec![0]), &is_a), 0.0);
        // Two winners, one a side.
        assert_eq!(credit_of(&record(vec![0, 1, 2, 3], vec![0, 1]), &is_a), 0.5);
        // A draw splits by seats: at a table of three led by A, A holds two.
        let odd = [true, false, true];
        let c = credit_of(&record(vec![0, 1, 2], vec![]), &odd);
        assert!((c - 2.0 / 3.0).abs() < 1e-12);
    }
}
