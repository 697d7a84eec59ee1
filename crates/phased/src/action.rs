//! A Phased Out decision, [`PhasedAction`], with the phase it may lay ([`PhasePlay`]), and their
//! text form: `draw`, `take`, `lay 2S 2S AH / 7H 7S 7D`, `add 5D 1 0 8`, `discard 7C`, `skip 2`.
//! The JSON form of an action is its text as a string.

use std::fmt;
use std::str::FromStr;

use parlour_cards::{parse_cards, Card, ParseCardError};
use parlour_core::ParseActionError;
use serde_with::{DeserializeFromStr, SerializeDisplay};

/// The most cards a group in a phase play has.
pub const MAX_GROUP: usize = 8;

/// A phase as laid: up to two groups of up to eight cards, stored inline so actions are `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PhasePlay {
    cards: [[Card; MAX_GROUP]; 2],
    lens: [u8; 2],
}

impl PhasePlay {
    /// A play from its groups (one or two groups of one to eight cards), or `None`.
    pub fn new(groups: &[Vec<Card>]) -> Option<PhasePlay> {
        if groups.is_empty() || groups.len() > 2 {
            return None;
        }
        let mut p = PhasePlay {
            cards: [[Card::JOKER; MAX_GROUP]; 2],
            lens: [0; 2],
        };
        for (i, g) in groups.iter().enumerate() {
            if g.is_empty() || g.len() > MAX_GROUP {
                return None;
            }
            p.cards[i][..g.len()].copy_from_slice(g);
            p.lens[i] = g.len() as u8;
        }
        Some(p)
    }

    /// The groups, in order.
    pub fn groups(&self) -> Vec<Vec<Card>> {
        (0..2)
            .filter(|&i| self.lens[i] > 0)
            .map(|i| self.cards[i][..self.lens[i] as usize].to_vec())
            .collect()
    }

    /// Group `i` (0 or 1; empty when the phase has no such group), without allocating.
    pub fn group(&self, i: usize) -> &[Card] {
        match (self.cards.get(i), self.lens.get(i)) {
            (Some(cards), Some(&len)) => &cards[..usize::from(len)],
            _ => &[],
        }
    }

    /// All the cards.
    pub fn all_cards(&self) -> Vec<Card> {
        self.groups().concat()
    }
}

impl fmt::Debug for PhasePlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for PhasePlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups: Vec<String> = self
            .groups()
            .iter()
            .map(|g| {
                g.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        f.write_str(&groups.join(" / "))
    }
}

/// A Phased Out decision.
///
/// Text forms: `draw` (from the deck), `take` (the discard pile's top card), `lay 2S 2S AH / 7H 7S
/// 7D` (a phase, groups separated by `/`, runs in ascending order), `add 5D 1 0 8` (card, owner
/// seat, that owner's group, insertion index: `0..=len` for sets, `0` or `len` for runs),
/// `discard 7C`, and in the bonus variant `skip 2` (play a Joker, nominating seat 2 to miss its
/// next turn). The JSON form is the text form as a string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, SerializeDisplay, DeserializeFromStr)]
pub enum PhasedAction {
    /// Draw the deck's top card.
    Draw,
    /// Take the discard pile's top card.
    Take,
    /// Lay a phase.
    Lay(PhasePlay),
    /// Add a card to a group on the table.
    Add {
        /// The card.
        card: Card,
        /// The seat whose group it is.
        owner: u8,
        /// Which of that seat's groups.
        group: u8,
        /// Where it goes.
        index: u8,
    },
    /// Discard a card, ending the turn.
    Discard(Card),
    /// Play a Joker as a Skip card on a seat, ending the turn (bonus variant).
    Skip(u8),
}

impl fmt::Display for PhasedAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PhasedAction::Draw => f.write_str("draw"),
            PhasedAction::Take => f.write_str("take"),
            PhasedAction::Lay(p) => write!(f, "lay {p}"),
            PhasedAction::Add {
                card,
                owner,
                group,
                index,
            } => write!(f, "add {card} {owner} {group} {index}"),
            PhasedAction::Discard(c) => write!(f, "discard {c}"),
            PhasedAction::Skip(t) => write!(f, "skip {t}"),
        }
    }
}

impl FromStr for PhasedAction {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<PhasedAction, ParseActionError> {
        let bad = |why: String| ParseActionError::new(s, why);
        let (verb, rest) = s.split_once(' ').unwrap_or((s, ""));
        let rest = rest.trim();
        let number = |w: &str, what: &str| -> Result<u8, ParseActionError> {
            w.parse::<u8>()
                .map_err(|_| bad(format!("{what} {w:?} is not a number")))
        };
        match verb {
            "draw" | "take" if !rest.is_empty() => {
                Err(bad(format!("`{verb}` takes nothing after it")))
            }
            "draw" => Ok(PhasedAction::Draw),
            "take" => Ok(PhasedAction::Take),
            "lay" => {
                let groups = rest
                    .split('/')
                    .map(|g| parse_cards(g.trim()).map_err(|e| bad(e.to_string())))
                    .collect::<Result<Vec<_>, _>>()?;
                PhasePlay::new(&groups)
                    .map(PhasedAction::Lay)
                    .ok_or_else(|| {
                        bad("a phase is one or two groups of 1 to 8 cards, separated by /".into())
                    })
            }
            "add" => {
                let w: Vec<&str> = rest.split_whitespace().collect();
                if w.len() != 4 {
                    return Err(bad(
                        "expected `add CARD OWNER GROUP INDEX`, e.g. `add 5D 1 0 8`".into(),
                    ));
                }
                let card: Card = w[0]
                    .parse()
                    .map_err(|e: ParseCardError| bad(e.to_string()))?;
                Ok(PhasedAction::Add {
                    card,
                    owner: number(w[1], "owner")?,
                    group: number(w[2], "group")?,
                    index: number(w[3], "index")?,
                })
            }
            "discard" => {
                let card: Card = rest
                    .parse()
                    .map_err(|e: ParseCardError| bad(e.to_string()))?;
                Ok(PhasedAction::Discard(card))
            }
            "skip" => Ok(PhasedAction::Skip(number(rest, "seat")?)),
            _ => Err(bad("expected draw, take, lay, add, discard or skip".into())),
        }
    }
}
