//! A game's options from `key = value` pairs, as the command line (`-o target=500`) and the
//! Python package (`parlour.game("uno", target=500)`) give them: one reading, one set of
//! messages for every door.

use parlour_core::Game;
use serde_json::{Map, Value};

/// Options that make no game, with the message every door shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
#[non_exhaustive]
pub struct BadOptions(pub String);

/// The game made from `pairs` laid over its default options (later pairs win). A game with a
/// fixed table takes `players` only when it is that table's size.
///
/// ```
/// use parlour_games::{options::make_game, Uno};
/// use serde_json::json;
///
/// let uno: Uno = make_game([("players".to_string(), json!(3))]).unwrap();
/// assert_eq!(parlour_core::Game::num_players(&uno), 3);
/// let err = make_game::<Uno>([("players".to_string(), json!(1))]).unwrap_err();
/// assert_eq!(err.to_string(), "uno: invalid options: Uno is for 2 to 10 players, not 1");
/// ```
pub fn make_game<G: Game>(
    pairs: impl IntoIterator<Item = (String, Value)>,
) -> Result<G, BadOptions> {
    let mut map = match serde_json::to_value(G::Options::default()) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    };
    let defaults_have_players = map.contains_key("players");
    for (key, value) in pairs {
        map.insert(key, value);
    }
    // Games with a fixed table take no `players` option: say so plainly.
    if !defaults_have_players {
        if let Some(v) = map.remove("players") {
            let fixed = G::INFO.player_range();
            if v.as_u64() != Some(*fixed.start() as u64) || fixed.start() != fixed.end() {
                return Err(BadOptions(format!(
                    "{} is for {} players",
                    G::INFO.name,
                    if fixed.start() == fixed.end() {
                        fixed.start().to_string()
                    } else {
                        format!("{} to {}", fixed.start(), fixed.end())
                    }
                )));
            }
        }
    }
    let options: G::Options = serde_json::from_value(Value::Object(map))
        .map_err(|e| BadOptions(format!("bad option for {}: {e}", G::INFO.name)))?;
    G::new(options).map_err(|e| BadOptions(format!("{}: {e}", G::INFO.name)))
}

/// One option as the command line gives it, `key=value`: the value is JSON when it parses as
/// JSON (`500`, `null`, `true`) and a string otherwise (`variant=bonus`).
///
/// ```
/// use parlour_games::options::parse_pair;
/// use serde_json::json;
///
/// assert_eq!(parse_pair("target = 500").unwrap(), ("target".to_string(), json!(500)));
/// assert_eq!(parse_pair("variant=bonus").unwrap().1, json!("bonus"));
/// assert!(parse_pair("target").is_err());
/// ```
pub fn parse_pair(text: &str) -> Result<(String, Value), BadOptions> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| BadOptions(format!("{text:?} is not KEY=VALUE")))?;
    let key = key.trim();
    if key.is_empty() {
        return Err(BadOptions(format!("{text:?} has no key")));
    }
    let value = serde_json::from_str(value.trim())
        .unwrap_or_else(|_| Value::String(value.trim().to_string()));
    Ok((key.to_string(), value))
}
