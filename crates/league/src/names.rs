//! Who an entrant is: its key (`house:N`, `sub:ID`) read back, and the name the pages give it
//! (a house bot as the league names it, a submission by its person's name). The leaderboard,
//! the games in play, an entrant's games and a replay all name seats through [`Names`].

use std::collections::BTreeMap;

use crate::config::LeagueConfig;
use crate::store::Store;
use crate::LeagueError;

/// An entrant's key (see [`crate::ladder::Entrant::key`]) read back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// `house:N`: the league's Nth house bot.
    House(usize),
    /// `sub:N`: submission N.
    Sub(i64),
}

impl Key {
    /// The key `text` names, if it is one.
    pub fn parse(text: &str) -> Option<Key> {
        match text.split_once(':')? {
            ("house", i) => i.parse().ok().map(Key::House),
            ("sub", i) => i.parse().ok().map(Key::Sub),
            _ => None,
        }
    }
}

/// Each entrant's name and person, read from the store once.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Names {
    house: Vec<String>,
    /// Each submission's person's name and id.
    subs: BTreeMap<i64, (String, i64)>,
}

impl Names {
    /// The names in a league now.
    pub fn read(config: &LeagueConfig, store: &Store) -> Result<Names, LeagueError> {
        let people: BTreeMap<i64, String> = store
            .people()?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect();
        let subs = store
            .submissions(None)?
            .into_iter()
            .map(|s| {
                let name = people.get(&s.person).cloned().unwrap_or_default();
                (s.id, (name, s.person))
            })
            .collect();
        Ok(Names {
            house: config.house.iter().map(ToString::to_string).collect(),
            subs,
        })
    }

    /// The name of the entrant `key` (the key itself when the league has no such entrant).
    pub fn of(&self, key: &str) -> String {
        let found = match Key::parse(key) {
            Some(Key::House(i)) => self.house.get(i),
            Some(Key::Sub(i)) => self.subs.get(&i).map(|(name, _)| name),
            None => None,
        };
        found.cloned().unwrap_or_else(|| key.to_string())
    }

    /// The person whose submission `key` is (none for a house bot or an unknown key).
    pub fn person(&self, key: &str) -> Option<i64> {
        match Key::parse(key)? {
            Key::Sub(i) => self.subs.get(&i).map(|&(_, person)| person),
            Key::House(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_reads_back_only_in_its_two_forms() {
        assert_eq!(Key::parse("house:2"), Some(Key::House(2)));
        assert_eq!(Key::parse("sub:17"), Some(Key::Sub(17)));
        for bad in ["house:", "house:-1", "sub:x", "sub", "player:1", "", ":3"] {
            assert_eq!(Key::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_name_is_the_house_bot_or_the_person_and_an_unknown_key_names_itself() {
        let names = Names {
            house: vec!["random".into()],
            subs: BTreeMap::from([(4, ("Ada".to_string(), 9))]),
        };
        assert_eq!(names.of("house:0"), "random");
        assert_eq!(names.of("sub:4"), "Ada");
        assert_eq!(names.person("sub:4"), Some(9));
        assert_eq!(names.person("house:0"), None);
        for unknown in ["house:1", "sub:5", "junk"] {
            assert_eq!(names.of(unknown), unknown);
            assert_eq!(names.person(unknown), None);
        }
    }
}
