//! What the pages show of finished matches: who played (each entrant's key read as the
//! standings name it), a submission's latest games, and a game's replay (its trace as it was
//! played, every hand in it, its seats named).
//!
//! Only finished matches are shown: a match's games share one deal in every seat rotation, so
//! a game of a match still in play would show the hands the next games are dealt.

use serde_json::Value;

use crate::ladder::League;
use crate::names::Names;
use crate::LeagueError;

/// The most games [`games_of`] lists.
pub const MAX_LISTED: u64 = 200;

/// One game an entrant played, as its page lists it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Played {
    /// Its replay's id (see [`replay_id`]).
    pub replay: String,
    /// The match, and the game's number in it.
    pub r#match: i64,
    /// The game's number in its match.
    pub game: u64,
    /// When the match ended (milliseconds since the Unix epoch).
    pub finished: i64,
    /// The seat the entrant had.
    pub seat: usize,
    /// Who sat at each seat.
    pub table: Vec<String>,
    /// Each seat's return.
    pub returns: Vec<f64>,
    /// Whether the entrant's seat won.
    pub won: bool,
    /// The entrant's faults in the game.
    pub faults: usize,
    /// Whether it forfeited the game.
    pub forfeited: bool,
}

/// The id of game `game` of match `id`'s replay: `m{id}-g{game}`.
pub fn replay_id(id: i64, game: u64) -> String {
    format!("m{id}-g{game}")
}

/// The match and game a replay id names, if it is one.
pub fn parse_replay_id(text: &str) -> Option<(i64, u64)> {
    let (m, g) = text.strip_prefix('m')?.split_once("-g")?;
    Some((m.parse().ok()?, g.parse().ok()?))
}

/// The newest games (at most `limit`, and [`MAX_LISTED`]) that entrant `key` played, newest
/// first.
pub fn games_of(
    league: &League,
    names: &Names,
    key: &str,
    limit: u64,
) -> Result<Vec<Played>, LeagueError> {
    let limit = limit.min(MAX_LISTED);
    let mut out = Vec::new();
    for m in league.store().matches_of(key, limit)? {
        for r in m.records.iter().rev() {
            let table: Vec<&str> = r
                .seats
                .iter()
                .map(|&e| m.entrants.get(e).map_or("?", String::as_str))
                .collect();
            // An entrant may sit twice (house bots filling a table): its first seat.
            let Some(seat) = table.iter().position(|k| *k == key) else {
                continue;
            };
            out.push(Played {
                replay: replay_id(m.id, r.index),
                r#match: m.id,
                game: r.index,
                finished: m.finished,
                seat,
                table: table.iter().map(|k| names.of(k)).collect(),
                returns: r.returns.clone(),
                won: r.winners.contains(&seat) && !r.forfeited.contains(&seat),
                faults: r.faults.iter().filter(|f| f.seat == seat).count(),
                forfeited: r.forfeited.contains(&seat),
            });
            if out.len() as u64 >= limit {
                return Ok(out);
            }
        }
    }
    Ok(out)
}

/// The trace of game `game` of finished match `id` as it was played, its seats named as the
/// standings name them: what the replay viewer reads. `None` when the match has not finished,
/// has no such game, or its traces are no longer kept (see
/// [`crate::LeagueConfig::keep_replays`]).
pub fn replay_text(
    league: &League,
    names: &Names,
    id: i64,
    game: u64,
) -> Result<Option<String>, LeagueError> {
    let Some(m) = league.store().finished_match(id)? else {
        return Ok(None);
    };
    let Some(record) = m.records.iter().find(|r| r.index == game) else {
        return Ok(None);
    };
    let Some(trace) = league.store().trace(id, game)? else {
        return Ok(None);
    };
    let damaged =
        |why: String| LeagueError::Store(format!("match {id} game {game}'s trace: {why}"));
    let (head, rest) = trace.split_once('\n').unwrap_or((&trace, ""));
    let mut head: Value = serde_json::from_str(head).map_err(|e| damaged(e.to_string()))?;
    let seats: Vec<String> = record
        .seats
        .iter()
        .map(|&e| names.of(m.entrants.get(e).map_or("?", String::as_str)))
        .collect();
    head["seats"] = serde_json::json!(seats);
    Ok(Some(format!("{head}\n{rest}")))
}
