//! Shards: one tournament split across processes or machines, and merged back.
//!
//! A tournament's results are a pure function of its configuration and each game's index, so
//! any process can play any game and get the same record. `--shard i/n` plays shard `i` of `n`
//! (numbered from 1): the tournament's groups (a group is one deal played in every seat
//! rotation, `seats` consecutive games) are cut into `n` consecutive runs of near-equal length,
//! and shard `i` plays groups `⌊G·(i−1)/n⌋` to `⌊G·i/n⌋ − 1` of the `G` in all. So:
//!
//! - every game belongs to exactly one shard, and a duplicate-deal group is never split;
//! - shard 1 holds the first games, shard 2 the next, and so on: the games recorded by shards
//!   `1..=j` form a prefix of the tournament, which is what an early stop looks at (see
//!   [`crate::merge`]).
//!
//! Each shard writes its own database, tagged with its shard and the configuration's hash
//! ([`config_hash`]); [`crate::merge::merge`] checks that the shards belong together and writes
//! one database whose standings are those of a one-machine run.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use sha2::{Digest, Sha256};

use crate::TournamentConfig;

/// The most shards a tournament may be split into.
pub const MAX_SHARDS: u32 = 100_000;

/// Shard `index` of `count`, numbered from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shard {
    /// Which shard, from 1 to `count`.
    pub index: u32,
    /// Shards in all.
    pub count: u32,
}

/// A shard that cannot be.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// Not of the form `i/n`.
    #[error(
        "{0:?} is not a shard: write i/n, e.g. 3/16 for the 3rd of 16 shards (numbered from 1)"
    )]
    Syntax(String),
    /// `i` is not from 1 to `n`, or `n` is out of range.
    #[error("shard {index}/{count}: shards are numbered from 1 to the count, which is at most {MAX_SHARDS}")]
    Range {
        /// The index given.
        index: u64,
        /// The count given.
        count: u64,
    },
    /// More shards than groups: some would have no games.
    #[error("{count} shards for {groups} groups: every shard needs a whole group (a deal played in every seat rotation, {seats} games), so use at most {groups} shards")]
    TooMany {
        /// Shards asked for.
        count: u32,
        /// Groups in the tournament.
        groups: u64,
        /// Games in a group.
        seats: usize,
    },
}

impl Shard {
    /// Shard `index` of `count`, checked.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if count == 0 || count > u64::from(MAX_SHARDS) || index == 0 || index > count {
            return Err(ShardError::Range { index, count });
        }
        Ok(Shard {
            index: index as u32,
            count: count as u32,
        })
    }

    /// The whole tournament as a single shard.
    pub fn whole() -> Shard {
        Shard { index: 1, count: 1 }
    }

    /// Checks that every shard of this split has at least one group of `config`.
    pub fn fits(&self, config: &TournamentConfig) -> Result<(), ShardError> {
        let groups = config.groups();
        if u64::from(self.count) > groups {
            return Err(ShardError::TooMany {
                count: self.count,
                groups,
                seats: config.seats,
            });
        }
        Ok(())
    }

    /// The groups this shard plays, of `groups` in all.
    pub fn groups(&self, groups: u64) -> Range<u64> {
        let cut = |i: u32| (u128::from(groups) * u128::from(i) / u128::from(self.count)) as u64;
        cut(self.index - 1)..cut(self.index)
    }

    /// The game indices this shard plays in `config`'s tournament.
    pub fn games(&self, config: &TournamentConfig) -> Range<u64> {
        let k = config.seats as u64;
        let g = self.groups(config.groups());
        g.start * k..g.end * k
    }

    /// The shard of this split that plays game `index` of `config`'s tournament.
    pub fn of_game(count: u32, config: &TournamentConfig, index: u64) -> Shard {
        let groups = u128::from(config.groups().max(1));
        let group = u128::from(index / config.seats.max(1) as u64);
        // The smallest i with ⌊G·i/n⌋ > group.
        let i = ((group + 1) * u128::from(count)).div_ceil(groups);
        Shard {
            index: (i as u32).clamp(1, count),
            count,
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(text.to_string());
        let (i, n) = text.trim().split_once('/').ok_or_else(syntax)?;
        let number = |s: &str| {
            let s = s.trim();
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            // Too many digits is out of range, not bad syntax.
            Ok(s.parse::<u64>().unwrap_or(u64::MAX))
        };
        Shard::new(number(i)?, number(n)?)
    }
}

/// The configuration's hash: SHA-256 of its JSON (as the database stores it), in hex. Two
/// shard files belong to one tournament exactly when their configurations (so their hashes)
/// are equal.
pub fn config_hash(config: &TournamentConfig) -> String {
    let json = serde_json::to_string(config).unwrap_or_default();
    Sha256::digest(json.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_core::toy::HighCard;
    use parlour_core::{BotSpec, Game};
    use proptest::prelude::*;

    /// A configuration of `games` games at tables of `seats` (only the counts matter here).
    fn config(games: u64, seats: usize) -> TournamentConfig {
        let game = HighCard::new(Default::default()).unwrap();
        let entries = vec![BotSpec::named("random").into(); 2];
        let mut c = TournamentConfig::new(&game, entries, games, 1);
        c.seats = seats;
        c.games = games;
        c
    }

    #[test]
    fn shards_parse_and_refuse_what_is_not_one() {
        assert_eq!(
            "3/16".parse(),
            Ok(Shard {
                index: 3,
                count: 16
            })
        );
        assert_eq!(" 1 / 1 ".parse(), Ok(Shard::whole()));
        for bad in ["", "3", "3/", "/16", "a/16", "3/16/2", "-1/4", "1.5/4"] {
            assert!(
                matches!(bad.parse::<Shard>(), Err(ShardError::Syntax(_))),
                "{bad}"
            );
        }
        for bad in [
            "0/16",
            "17/16",
            "1/0",
            "1/100001",
            "99999999999999999999999/3",
        ] {
            assert!(
                matches!(bad.parse::<Shard>(), Err(ShardError::Range { .. })),
                "{bad}"
            );
        }
        assert!(ShardError::Syntax("x".into()).to_string().contains("3/16"));
    }

    #[test]
    fn more_shards_than_groups_is_refused() {
        let c = config(40, 4); // 10 groups
        assert!(Shard::new(1, 10).unwrap().fits(&c).is_ok());
        let e = Shard::new(1, 11).unwrap().fits(&c).unwrap_err();
        assert!(e.to_string().contains("at most 10 shards"), "{e}");
    }

    #[test]
    fn the_hash_tells_configurations_apart() {
        let a = config(40, 4);
        let mut b = a.clone();
        assert_eq!(config_hash(&a), config_hash(&b));
        assert_eq!(config_hash(&a).len(), 64);
        b.seed = 2;
        assert_ne!(config_hash(&a), config_hash(&b));
    }

    proptest! {
        /// The shards of a split cover every game exactly once, in order, each a whole number
        /// of groups, of near-equal sizes; `of_game` finds each game's shard.
        #[test]
        fn shards_partition_the_games_into_whole_groups(
            groups in 1u64..400, seats in 2usize..6, count in 1u32..60,
        ) {
            let c = config(groups * seats as u64, seats);
            let count = count.min(groups as u32);
            let mut next = 0;
            let mut sizes = Vec::new();
            for i in 1..=count {
                let shard = Shard::new(u64::from(i), u64::from(count)).unwrap();
                prop_assert!(shard.fits(&c).is_ok());
                let r = shard.games(&c);
                prop_assert_eq!(r.start, next);
                prop_assert!(r.end > r.start, "shard {} is empty", shard);
                prop_assert_eq!(r.start % seats as u64, 0);
                prop_assert_eq!(r.end % seats as u64, 0);
                for index in [r.start, r.end - 1, (r.start + r.end) / 2] {
                    prop_assert_eq!(Shard::of_game(count, &c, index), shard);
                }
                sizes.push(r.end - r.start);
                next = r.end;
            }
            prop_assert_eq!(next, c.games);
            let (lo, hi) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
            prop_assert!(hi - lo <= seats as u64, "sizes {:?}", sizes);
        }
    }
}
