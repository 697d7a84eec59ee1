//! What a league is: its game and rules options, the house bots that play in it as fixed
//! references, the limits every submission plays under, the per-person limits, and the seed
//! every match and the final derive from. Written once by `parlour league new` as
//! `DIR/league.toml`, a file the organiser may read and edit before the league starts.

use std::collections::BTreeMap;
use std::path::Path;

use parlour_core::BotSpec;
use parlour_protocol::Limits;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::LeagueError;

/// The name of a league's configuration file in its folder.
pub const CONFIG_FILE: &str = "league.toml";

/// A league's configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeagueConfig {
    /// The league's title, shown on its pages.
    pub title: String,
    /// The game's name (`uno`, `go`, `phased`, `bo`, `chexers`, `nim`).
    pub game: String,
    /// The game's options over its defaults (`variant`, `players`, ...).
    #[serde(default)]
    pub options: BTreeMap<String, Value>,
    /// The built-in bots that play in the ladder and the final as fixed references.
    pub house: Vec<BotSpec>,
    /// The seed every match's and the final's seeds derive from (below 2^63, as TOML's
    /// integers are).
    pub seed: u64,
    /// The limits every submission plays under.
    #[serde(default)]
    pub limits: Limits,
    /// Faults after which a submission forfeits the rest of a match.
    #[serde(default = "default_max_faults")]
    pub max_faults: u32,
    /// What one person may submit.
    #[serde(default)]
    pub quota: Quota,
    /// The newest matches whose games keep their traces to replay (older matches keep their
    /// records and ratings): about 6 KB a Comp10001-Go match and 13 KB a Uno match, so the
    /// default holds a few hundred megabytes at most.
    #[serde(default = "default_keep_replays")]
    pub keep_replays: u64,
    /// The invite code that lets a stranger register from the league's page (registration is
    /// closed without one): 8 to 64 characters, shared with the class as the links are not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

fn default_keep_replays() -> u64 {
    20_000
}

fn default_max_faults() -> u32 {
    parlour_protocol::DEFAULT_MAX_FAULTS
}

/// What one person may submit: the most bytes a submission may have, how many submissions an
/// hour, and how many bytes they may keep in all; and what the whole league keeps (registration
/// lets anyone with the invite code become a person, so the per-person limit alone does not
/// bound the disk).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Quota {
    /// The most bytes one submission may have.
    pub max_bytes: u64,
    /// The most submissions one person may make in any hour.
    pub per_hour: u32,
    /// The most bytes one person's submissions may hold together.
    pub storage_bytes: u64,
    /// The most bytes everyone's submissions may hold together.
    pub league_bytes: u64,
}

impl Default for Quota {
    fn default() -> Quota {
        Quota {
            max_bytes: 1 << 20,
            per_hour: 12,
            storage_bytes: 64 << 20,
            league_bytes: 4 << 30,
        }
    }
}

impl LeagueConfig {
    /// A league of `game` with these options and house bots, seeded from `seed` (checked as
    /// [`LeagueConfig::check`] checks; [`crate::create`] checks the game's side).
    pub fn new(
        title: &str,
        game: &str,
        options: BTreeMap<String, Value>,
        house: Vec<BotSpec>,
        seed: u64,
    ) -> Result<LeagueConfig, LeagueError> {
        let config = LeagueConfig {
            title: title.to_string(),
            game: game.to_string(),
            options,
            house,
            seed: seed & (u64::MAX >> 1),
            limits: Limits::default(),
            max_faults: default_max_faults(),
            quota: Quota::default(),
            keep_replays: default_keep_replays(),
            invite: None,
        };
        config.check()?;
        Ok(config)
    }

    /// Whether the configuration holds together by itself: a title, a seed that fits TOML, at
    /// most 32 house bots. (Whether its game, options and house bots exist is
    /// [`crate::games::check_league`]'s to say.)
    pub fn check(&self) -> Result<(), LeagueError> {
        let bad = |reason: String| LeagueError::Config(reason);
        if self.title.trim().is_empty() || self.title.chars().count() > 100 {
            return Err(bad("the title is 1 to 100 characters".into()));
        }
        if self.seed > u64::MAX >> 1 {
            return Err(bad(format!("the seed {} is not below 2^63", self.seed)));
        }
        if self.house.len() > 32 {
            return Err(bad(format!("{} house bots; at most 32", self.house.len())));
        }
        if let Some(code) = &self.invite {
            let n = code.chars().count();
            if !(8..=64).contains(&n) || code.chars().any(|c| c.is_whitespace() || c.is_control()) {
                return Err(bad(format!(
                    "the invite code has {n} characters; 8 to 64, with no spaces"
                )));
            }
        }
        Ok(())
    }

    /// The options as (key, value) pairs, for the game.
    pub fn pairs(&self) -> Vec<(String, Value)> {
        self.options
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// Reads `DIR/league.toml`.
    pub fn read(dir: &Path) -> Result<LeagueConfig, LeagueError> {
        let path = dir.join(CONFIG_FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| LeagueError::Io {
            what: format!("cannot read {}", path.display()),
            reason: e.to_string(),
        })?;
        let config: LeagueConfig = toml::from_str(&text)
            .map_err(|e| LeagueError::Config(format!("{}: {e}", path.display())))?;
        config.check()?;
        Ok(config)
    }

    /// The configuration as `league.toml`'s text.
    pub fn to_toml(&self) -> Result<String, LeagueError> {
        toml::to_string_pretty(self).map_err(|e| LeagueError::Config(e.to_string()))
    }
}
