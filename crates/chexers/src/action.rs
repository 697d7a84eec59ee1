//! Actions and their notation: `MOVE (-3,0) (-2,0)`, `JUMP (-3,0) (-1,0)`, `EXIT (3,-3)`, `PASS`.

use std::fmt;
use std::str::FromStr;

use parlour_core::ParseActionError;

use crate::board::Hex;

/// One turn's action. The text form names the hexes in `(q,r)` axial coordinates; a jump names
/// where it starts and where it lands (the jumped hex is the one between).
///
/// JSON: the text form as a string, `"MOVE (-3,0) (-2,0)"` (the course's own notation, and the
/// quickest for a bot in any language to read and write).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde_with::SerializeDisplay,
    serde_with::DeserializeFromStr,
)]
// Four bytes, aligned, so an action is written with one store.
#[repr(align(4))]
pub enum ChexersAction {
    /// A piece steps to an empty neighbouring hex.
    Move {
        /// Where the piece stands.
        from: Hex,
        /// The empty neighbour it moves to.
        to: Hex,
    },
    /// A piece jumps over an occupied neighbouring hex to the empty hex beyond, converting the
    /// jumped piece to its own colour.
    Jump {
        /// Where the piece stands.
        from: Hex,
        /// Where it lands (two steps away in a straight line).
        to: Hex,
    },
    /// A piece on one of its colour's exit hexes leaves the board.
    Exit {
        /// The exit hex it leaves from.
        from: Hex,
    },
    /// No action: allowed only when nothing else is.
    Pass,
}

impl ChexersAction {
    /// This action with its hexes turned by `thirds` thirds of a turn about the centre
    /// ([`Hex::turned`]): the same move seen from another seat's frame.
    pub fn turned(self, thirds: usize) -> ChexersAction {
        match self {
            ChexersAction::Move { from, to } => ChexersAction::Move {
                from: from.turned(thirds),
                to: to.turned(thirds),
            },
            ChexersAction::Jump { from, to } => ChexersAction::Jump {
                from: from.turned(thirds),
                to: to.turned(thirds),
            },
            ChexersAction::Exit { from } => ChexersAction::Exit {
                from: from.turned(thirds),
            },
            ChexersAction::Pass => ChexersAction::Pass,
        }
    }

    /// Writes the text form into `buf` and returns it (at most 20 bytes: no formatting
    /// machinery, as long game histories are written often).
    fn text(self, buf: &mut [u8; 24]) -> &str {
        fn hex(buf: &mut [u8; 24], n: &mut usize, h: Hex) {
            let mut put = |b: u8| {
                buf[*n] = b;
                *n += 1;
            };
            put(b' ');
            put(b'(');
            for (i, v) in [h.q(), h.r()].into_iter().enumerate() {
                if i == 1 {
                    put(b',');
                }
                if v < 0 {
                    put(b'-');
                }
                put(b'0' + v.unsigned_abs());
            }
            put(b')');
        }
        let (word, hexes): (&[u8], [Option<Hex>; 2]) = match self {
            ChexersAction::Move { from, to } => (b"MOVE", [Some(from), Some(to)]),
            ChexersAction::Jump { from, to } => (b"JUMP", [Some(from), Some(to)]),
            ChexersAction::Exit { from } => (b"EXIT", [Some(from), None]),
            ChexersAction::Pass => (b"PASS", [None, None]),
        };
        buf[..4].copy_from_slice(word);
        let mut n = 4;
        for h in hexes.into_iter().flatten() {
            hex(buf, &mut n, h);
        }
        std::str::from_utf8(&buf[..n]).unwrap_or("PASS")
    }
}

impl fmt::Display for ChexersAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text(&mut [0; 24]))
    }
}

/// Splits `(a,b) (c,d)` into the coordinate groups, allowing spaces inside the parentheses.
fn hex_groups(text: &str) -> Option<Vec<&str>> {
    let mut groups = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        if !rest.starts_with('(') {
            return None;
        }
        let end = rest.find(')')?;
        groups.push(&rest[..=end]);
        rest = rest[end + 1..].trim_start();
    }
    Some(groups)
}

impl FromStr for ChexersAction {
    type Err = ParseActionError;

    /// Reads the text form. The keyword is upper case; spaces inside parentheses are allowed.
    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let err = |reason: String| ParseActionError::new(input, reason);
        let text = input.trim();
        let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let hexes = |want: usize| -> Result<Vec<Hex>, ParseActionError> {
            let groups = hex_groups(rest).ok_or_else(|| {
                err(format!(
                    "{word} takes {want} hex{} written (q,r), e.g. {}",
                    if want == 1 { "" } else { "es" },
                    if want == 1 {
                        "EXIT (3,-3)"
                    } else {
                        "MOVE (-3,0) (-2,0)"
                    }
                ))
            })?;
            if groups.len() != want {
                return Err(err(format!(
                    "{word} takes {want} hex{}, found {}",
                    if want == 1 { "" } else { "es" },
                    groups.len()
                )));
            }
            groups
                .iter()
                .map(|g| Hex::parse(g).map_err(|e| err(e.to_string())))
                .collect()
        };
        match word {
            "MOVE" | "JUMP" => {
                let h = hexes(2)?;
                let (from, to) = (h[0], h[1]);
                Ok(if word == "MOVE" {
                    ChexersAction::Move { from, to }
                } else {
                    ChexersAction::Jump { from, to }
                })
            }
            "EXIT" => Ok(ChexersAction::Exit { from: hexes(1)?[0] }),
            "PASS" if rest.trim().is_empty() => Ok(ChexersAction::Pass),
            "PASS" => Err(err("PASS takes nothing after it".into())),
            _ => Err(err(
                "expected MOVE (q,r) (q,r), JUMP (q,r) (q,r), EXIT (q,r) or PASS".into(),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_fits_in_four_bytes() {
        assert!(size_of::<ChexersAction>() <= 4);
    }
}
