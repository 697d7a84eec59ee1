//! A decision ([`GoAction`]): a pick, the card a seat discards this turn, written in the course's
//! notation (`7C`, `0H` for the ten, `AS`); or, when the game is scored the course's way
//! (`scoring: proposed`, see [`Scoring`](crate::Scoring)), a seat's [`Grouping`] of its ten
//! discards, written `group 7C 7S / 4C / 9H 0S JH` (groups separated by `/`). Its JSON form is
//! the same text as a string (`"7C"`, `"group 7C 7S / 4C"`).

use std::fmt;
use std::str::FromStr;

use parlour_cards::{parse_cards, Card, ParseCardError};
use parlour_core::ParseActionError;
use serde_with::{DeserializeFromStr, SerializeDisplay};

/// A Comp10001-Go decision: a pick, or (under the course's scoring) a grouping.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, SerializeDisplay, DeserializeFromStr,
)]
pub enum GoAction {
    /// The card a seat discards this turn (text: the card, e.g. `7C`).
    Pick(Card),
    /// A seat's grouping of its discards for scoring (text: `group` and the groups).
    Group(Grouping),
}

impl GoAction {
    /// The card picked, if this is a pick.
    pub fn card(self) -> Option<Card> {
        match self {
            GoAction::Pick(c) => Some(c),
            GoAction::Group(_) => None,
        }
    }
}

impl fmt::Display for GoAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoAction::Pick(c) => write!(f, "{c}"),
            GoAction::Group(g) => write!(f, "group {g}"),
        }
    }
}

impl FromStr for GoAction {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<GoAction, ParseActionError> {
        let t = s.trim();
        if let Some(rest) = strip_word(t, "group") {
            return rest
                .parse::<Grouping>()
                .map(GoAction::Group)
                .map_err(|why| ParseActionError::new(s, why.to_string()));
        }
        let card: Card = t
            .parse()
            .map_err(|e: ParseCardError| ParseActionError::new(s, e.to_string()))?;
        if card.is_joker() {
            return Err(ParseActionError::new(s, "Comp10001-Go uses no Jokers"));
        }
        Ok(GoAction::Pick(card))
    }
}

/// `text` without its first word when that word is `word` (any case).
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    let rest = &text[word.len()..];
    (head.eq_ignore_ascii_case(word) && (rest.is_empty() || rest.starts_with(char::is_whitespace)))
        .then_some(rest)
}

/// The most cards a [`Grouping`] holds (a seat groups ten; the representation has room for 16).
pub const GROUPING_MAX_CARDS: usize = 16;

/// A partition of a set of distinct standard cards into groups, as a seat proposes it for
/// scoring: a small `Copy` value, equal for equal partitions whatever order the groups and
/// their cards were given in.
///
/// Its text is the groups separated by `/`, each group's cards in value order (then suit), the
/// groups ordered by their first card: `7C 7S / 4C / 9H 0S JH` reads back as the same grouping.
/// Whether each group is a valid one is the rules' business ([`crate::scoring`]); a grouping only
/// promises that its cards are distinct standard cards and that no group is empty.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, SerializeDisplay, DeserializeFromStr,
)]
pub struct Grouping {
    /// The cards, as a mask over [`Card::index`] (52 bits, little-endian): byte arrays keep the
    /// type's alignment at 1, so a pick stays small in a list of legal actions.
    cards: [u8; 7],
    /// Four bits a card, in index order (at most ten... sixteen cards: 64 bits): the card's
    /// group, numbered by first appearance in index order (so equal partitions have equal
    /// labels).
    labels: [u8; 8],
}

impl Grouping {
    fn pack(cards: u64, labels: u64) -> Grouping {
        let mut c = [0u8; 7];
        c.copy_from_slice(&cards.to_le_bytes()[..7]);
        Grouping {
            cards: c,
            labels: labels.to_le_bytes(),
        }
    }

    fn cards_bits(&self) -> u64 {
        let mut b = [0u8; 8];
        b[..7].copy_from_slice(&self.cards);
        u64::from_le_bytes(b)
    }

    fn label_bits(&self) -> u64 {
        u64::from_le_bytes(self.labels)
    }
}

/// Why text or a list of groups is not a grouping.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GroupingError {
    /// A card that cannot be read.
    #[error("{0}")]
    Card(#[from] ParseCardError),
    /// A group with no cards.
    #[error("group {0} is empty")]
    EmptyGroup(usize),
    /// No groups at all.
    #[error("a grouping needs at least one group")]
    NoGroups,
    /// A Joker.
    #[error("Comp10001-Go uses no Jokers")]
    Joker,
    /// A card in two places.
    #[error("{0} appears more than once")]
    Duplicate(Card),
    /// Too many cards.
    #[error("{0} cards; a grouping holds at most {GROUPING_MAX_CARDS}")]
    TooMany(usize),
}

/// Sort key for a card within a group: value, then index.
fn key(c: Card) -> (u8, u8) {
    (c.value().unwrap_or(0), c.index())
}

impl Grouping {
    /// The grouping of `groups` (each a list of cards), or why it is none.
    pub fn new(groups: &[Vec<Card>]) -> Result<Grouping, GroupingError> {
        if groups.is_empty() {
            return Err(GroupingError::NoGroups);
        }
        let mut cards = 0u64;
        let mut count = 0;
        for (i, g) in groups.iter().enumerate() {
            if g.is_empty() {
                return Err(GroupingError::EmptyGroup(i));
            }
            for &c in g {
                if c.is_joker() {
                    return Err(GroupingError::Joker);
                }
                if cards & 1 << c.index() != 0 {
                    return Err(GroupingError::Duplicate(c));
                }
                cards |= 1 << c.index();
                count += 1;
            }
        }
        if count > GROUPING_MAX_CARDS {
            return Err(GroupingError::TooMany(count));
        }
        Ok(Grouping::from_masks(
            &groups
                .iter()
                .map(|g| g.iter().fold(0u64, |m, c| m | 1 << c.index()))
                .collect::<Vec<_>>(),
        ))
    }

    /// The grouping whose groups are the disjoint, non-empty masks `groups` (at most 16 cards
    /// in all; the rules' own groupings always are).
    pub(crate) fn from_masks(groups: &[u64]) -> Grouping {
        let cards = groups.iter().fold(0, |m, g| m | g);
        let mut labels = 0u64;
        let mut next = 0u64;
        let mut seen = [u64::MAX; GROUPING_MAX_CARDS];
        let (mut m, mut k) = (cards, 0);
        while m != 0 && k < GROUPING_MAX_CARDS {
            let b = m & m.wrapping_neg();
            m &= m - 1;
            let g = groups.iter().position(|g| g & b != 0).unwrap_or(0);
            let label = match seen.iter().position(|&s| s == g as u64) {
                Some(l) => l as u64,
                None => {
                    seen[next as usize] = g as u64;
                    next += 1;
                    next - 1
                }
            };
            labels |= label << (4 * k);
            k += 1;
        }
        Grouping::pack(cards, labels)
    }

    /// The singletons grouping of `cards` (a mask): every card a group of its own.
    pub fn singletons(cards: u64) -> Grouping {
        Grouping::from_masks(&bits(cards))
    }

    /// All the cards grouped, as a mask over [`Card::index`].
    pub fn cards_mask(&self) -> u64 {
        self.cards_bits()
    }

    /// The groups as masks over [`Card::index`], in the order of the text.
    pub fn group_masks(&self) -> Vec<u64> {
        self.in_order().into_iter().map(|(m, _)| m).collect()
    }

    /// The groups, each in value order, in the order of the text.
    pub fn groups(&self) -> Vec<Vec<Card>> {
        self.in_order().into_iter().map(|(_, g)| g).collect()
    }

    /// Each group's mask and its cards in value order, the groups in order of their first card.
    fn in_order(&self) -> Vec<(u64, Vec<Card>)> {
        let mut masks: Vec<u64> = Vec::new();
        let (mut m, mut k) = (self.cards_bits(), 0);
        let labels = self.label_bits();
        while m != 0 {
            let b = m & m.wrapping_neg();
            m &= m - 1;
            let label = ((labels >> (4 * k)) & 0xF) as usize;
            if label >= masks.len() {
                masks.resize(label + 1, 0);
            }
            masks[label] |= b;
            k += 1;
        }
        let mut groups: Vec<(u64, Vec<Card>)> = masks
            .into_iter()
            .map(|m| {
                let mut cards = cards_of(m);
                cards.sort_by_key(|&c| key(c));
                (m, cards)
            })
            .collect();
        groups.sort_by_key(|(_, g)| g.first().map(|&c| key(c)));
        groups
    }
}

/// Each card of a mask over [`Card::index`] as a one-card mask, lowest first.
pub(crate) fn bits(mut m: u64) -> Vec<u64> {
    let mut v = Vec::with_capacity(m.count_ones() as usize);
    while m != 0 {
        v.push(m & m.wrapping_neg());
        m &= m - 1;
    }
    v
}

/// The cards of a mask over [`Card::index`], lowest index first.
pub(crate) fn cards_of(mut m: u64) -> Vec<Card> {
    let mut v = Vec::with_capacity(m.count_ones() as usize);
    while m != 0 {
        v.extend(Card::from_index(m.trailing_zeros() as u8));
        m &= m - 1;
    }
    v
}

impl fmt::Display for Grouping {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, g) in self.groups().iter().enumerate() {
            if i > 0 {
                f.write_str(" / ")?;
            }
            f.write_str(&parlour_cards::format_cards(g))?;
        }
        Ok(())
    }
}

impl FromStr for Grouping {
    type Err = GroupingError;
    fn from_str(s: &str) -> Result<Grouping, GroupingError> {
        let groups = s
            .split('/')
            .map(parse_cards)
            .collect::<Result<Vec<_>, _>>()?;
        Grouping::new(&groups)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grouping_is_the_same_whatever_order_it_is_given_in() {
        let a: Grouping = "7C 7S / 4C / 9H 0S JH".parse().unwrap();
        let b: Grouping = "JH 9H 0S/4C/ 7S 7C".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "4C / 7S 7C / 9H 0S JH");
        assert_eq!(a.to_string().parse::<Grouping>().unwrap(), a);
        assert_eq!(a.groups().len(), 3);
        let c: Grouping = "7C / 7S / 4C / 9H 0S JH".parse().unwrap();
        assert_ne!(a, c);
        assert_eq!(a.cards_mask(), c.cards_mask());
    }

    #[test]
    fn actions_read_and_write_picks_and_groupings() {
        let pick: GoAction = "7C".parse().unwrap();
        assert_eq!(pick, GoAction::Pick("7C".parse().unwrap()));
        let group: GoAction = "GROUP 7C 7S / 4C".parse().unwrap();
        assert_eq!(group.to_string(), "group 4C / 7S 7C");
        assert_eq!(
            serde_json::to_string(&group).unwrap(),
            "\"group 4C / 7S 7C\""
        );
        let back: GoAction = serde_json::from_str("\"group 4C / 7S 7C\"").unwrap();
        assert_eq!(back, group);
        assert!(group.card().is_none() && pick.card().is_some());
    }

    #[test]
    fn bad_groupings_say_what_is_wrong() {
        for (text, why) in [
            ("group 7C 7C", "7C appears more than once"),
            ("group 7C / / 4C", "group 1 is empty"),
            ("group 7C ZZ", "no Jokers"),
            ("group 7C XX", "XX"),
            ("groupie", "groupie"),
            ("ZZ", "no Jokers"),
        ] {
            let e = text.parse::<GoAction>().unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
        let many = "group AS 2S 3S 4S 5S 6S 7S 8S 9S 0S JS QS KS AH 2H 3H 4H";
        assert!(many
            .parse::<GoAction>()
            .unwrap_err()
            .to_string()
            .contains("at most 16"));
    }

    #[test]
    fn an_action_stays_small() {
        // A list of legal picks is the engine's hottest data: a grouping must not fatten it.
        assert!(size_of::<GoAction>() <= 16);
        assert_eq!(align_of::<GoAction>(), 1);
    }

    #[test]
    fn singletons_put_every_card_alone() {
        let g = Grouping::singletons(0b1011);
        assert_eq!(g.groups().len(), 3);
        assert_eq!(g.cards_mask(), 0b1011);
    }
}
