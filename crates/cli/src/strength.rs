//! `parlour strength GAME`: every pair of a line-up of bots plays a duplicate-deal match, and a
//! table gives each pair's share of the wins with its 95% interval.
//!
//! A match between bots A and B seats them alternately (A, B, A, B at a table of four) and plays
//! every deal under every seat rotation, so both sides hold every seat and every hand. At an odd
//! table (Chexers' three) it plays two such matches, one led by each bot, so each holds half the
//! seats in all. In every game A's credit is the share of the game's winners that are A's seats
//! (a draw credits each side by its share of the seats); the table reports A's mean credit —
//! 50% between equals — with an interval clustered by deal, as the arena computes win rates.

use std::time::Instant;

use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, CellAlignment, Table};
use parlour_arena::stats::{clustered_share, Interval};
use parlour_arena::{GameRecord, Tournament, TournamentConfig};
use parlour_core::rng::derive_seed;
use parlour_core::{BotSpec, Game};
use parlour_games::Playable;
use parlour_protocol::{EntrySpec, Player};
use serde_json::json;

use crate::args::Format;
use crate::common::{
    arena_failure, bot_spec, failed, game_options, jobs_arg, parse_number, usage, Failure,
    GameCommand,
};
use crate::progress::Reporter;

/// The most deals a match may play.
const MAX_DEALS: u64 = 1_000_000;

/// `parlour strength GAME`.
pub(crate) struct StrengthCmd {
    pub bots: Option<String>,
    pub deals: Option<String>,
    pub seed: u64,
    pub jobs: Option<String>,
    pub format: Format,
    pub options: Vec<String>,
}

/// The line-up when none is given: random, the game's own bots, and ISMCTS.
pub(crate) fn default_lineup<G: Playable>() -> Vec<BotSpec> {
    let mut v = vec![BotSpec::named("random")];
    v.extend(G::bots().iter().map(|b| BotSpec::named(b.name)));
    v.push(BotSpec::named("ismcts"));
    v
}

/// One finished match: A's credit in every game, by deal.
struct MatchResult {
    a: String,
    b: String,
    games: u64,
    a_wins: u64,
    b_wins: u64,
    draws: u64,
    share: Interval,
    seconds: f64,
}

impl MatchResult {
    fn verdict(&self) -> &'static str {
        if self.share.n < 2 {
            "n/a"
        } else if self.share.low > 0.5 {
            "A stronger"
        } else if self.share.high < 0.5 {
            "B stronger"
        } else {
            "not separated"
        }
    }
}

impl GameCommand for StrengthCmd {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let game = game_options::<G>(&self.options, &[])?.tournament_unit();
        let jobs = jobs_arg(self.jobs.as_deref())?;
        let lineup: Vec<BotSpec> = match &self.bots {
            Some(text) => text
                .split(',')
                .map(|t| bot_spec(t.trim()))
                .collect::<Result<_, _>>()?,
            None => default_lineup::<G>(),
        };
        if lineup.len() < 2 {
            return Err(usage("--bots: name at least two bots to compare"));
        }
        for spec in &lineup {
            parlour_bots::make_bot::<G>(spec, 0).map_err(|e| usage(e.to_string()))?;
        }
        let deals = match &self.deals {
            Some(d) => parse_number::<u64>("--deals", d)?,
            None => G::INFO.strength_deals,
        };
        if !(1..=MAX_DEALS).contains(&deals) {
            return Err(usage(format!("--deals must be from 1 to {MAX_DEALS}")));
        }
        let mut results = Vec::new();
        let pairs: Vec<(usize, usize)> = (0..lineup.len())
            .flat_map(|i| (i + 1..lineup.len()).map(move |j| (i, j)))
            .collect();
        for (k, &(i, j)) in pairs.iter().enumerate() {
            let (a, b) = (&lineup[i], &lineup[j]);
            errln!("parlour: match {}/{}: {a} against {b}", k + 1, pairs.len());
            let seed = derive_seed(self.seed, k as u64);
            results.push(play_match(&game, a, b, deals, seed, jobs)?);
        }
        print(&game, &lineup, deals, self.seed, &results, self.format);
        Ok(())
    }
}

/// Plays A against B: at an even table one match led by A, at an odd one a match led by each.
fn play_match<G: Playable>(
    game: &G,
    a: &BotSpec,
    b: &BotSpec,
    deals: u64,
    seed: u64,
    jobs: usize,
) -> Result<MatchResult, Failure> {
    let seats = game.num_players();
    let leads: &[bool] = if seats % 2 == 0 {
        &[true]
    } else {
        &[true, false]
    };
    let start = Instant::now();
    let mut credits: Vec<(u64, f64)> = Vec::new();
    let (mut a_wins, mut b_wins, mut draws) = (0, 0, 0);
    for (m, &a_leads) in leads.iter().enumerate() {
        // Entry e is A's when its parity matches the lead.
        let is_a: Vec<bool> = (0..seats).map(|e| (e % 2 == 0) == a_leads).collect();
        let entries: Vec<EntrySpec> = is_a
            .iter()
            .map(|&x| EntrySpec::Bot(if x { a.clone() } else { b.clone() }))
            .collect();
        let mut config = TournamentConfig::new(
            game,
            entries,
            deals * seats as u64,
            derive_seed(seed, m as u64),
        );
        // Every deal under every seat rotation, chance or not, so both bots hold every seat.
        config.duplicate = true;
        let t =
            Tournament::new(game.clone(), config, &Player::<G>::built_in).map_err(arena_failure)?;
        let mut reporter = Reporter::new(t.config().games, false);
        // The match's games, in index order (a match is small enough to keep).
        let mut records = Vec::new();
        t.run(
            jobs,
            Vec::new(),
            &Player::<G>::built_in,
            &mut |batch| {
                records.extend_from_slice(batch);
                Ok(())
            },
            &mut |p| reporter.update(p),
        )
        .map_err(arena_failure)?;
        reporter.finish();
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
            credits.push(((m as u64) << 48 | r.deal, credit));
        }
    }
    if credits.is_empty() {
        return Err(failed("the match played no games"));
    }
    Ok(MatchResult {
        a: a.to_string(),
        b: b.to_string(),
        games: credits.len() as u64,
        a_wins,
        b_wins,
        draws,
        share: clustered_share(&credits),
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

fn print<G: Game>(
    game: &G,
    lineup: &[BotSpec],
    deals: u64,
    seed: u64,
    results: &[MatchResult],
    format: Format,
) {
    let seats = game.num_players();
    match format {
        Format::Json => {
            let rows: Vec<_> = results
                .iter()
                .map(|r| {
                    json!({
                        "a": r.a, "b": r.b, "games": r.games,
                        "a_wins": r.a_wins, "b_wins": r.b_wins, "split": r.draws,
                        "a_share": r.share.mean, "a_share_low": r.share.low,
                        "a_share_high": r.share.high, "verdict": r.verdict(),
                        "seconds": r.seconds,
                    })
                })
                .collect();
            let out = json!({
                "game": G::INFO.name,
                "options": serde_json::to_value(game.options()).unwrap_or_default(),
                "bots": lineup.iter().map(|b| b.to_string()).collect::<Vec<_>>(),
                "deals": deals, "seed": seed, "seats": seats,
                "matches": rows,
            });
            outln!("{out}");
        }
        Format::Table => {
            let layout = if seats % 2 == 0 {
                format!("A and B alternate at a table of {seats}")
            } else {
                format!("A and B alternate at a table of {seats}, one match led by each")
            };
            outln!(
                "{} strength · seed {seed} · {deals} deals per match, each under every seat rotation · {layout}",
                G::INFO.name
            );
            let mut table = Table::new();
            table.load_style(UTF8_FULL_CONDENSED).set_header(vec![
                "A",
                "B",
                "games",
                "A won",
                "B won",
                "split",
                "A's share of wins, % (95% CI)",
                "verdict",
                "seconds",
            ]);
            for r in results {
                table.add_row(vec![
                    Cell::new(&r.a),
                    Cell::new(&r.b),
                    Cell::new(r.games).set_alignment(CellAlignment::Right),
                    Cell::new(r.a_wins).set_alignment(CellAlignment::Right),
                    Cell::new(r.b_wins).set_alignment(CellAlignment::Right),
                    Cell::new(r.draws).set_alignment(CellAlignment::Right),
                    Cell::new(pct(&r.share)),
                    Cell::new(r.verdict()),
                    Cell::new(format!("{:.0}", r.seconds)).set_alignment(CellAlignment::Right),
                ]);
            }
            outln!("{table}");
            outln!(
                "A's share: of each game's winners, the part that are A's seats (a draw splits by seats); 50% between equals. \
                 Intervals are 95%, clustered by deal; a verdict needs the interval clear of 50%. \
                 \"split\": games whose win was shared (draws, or winners on both sides)."
            );
        }
    }
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
