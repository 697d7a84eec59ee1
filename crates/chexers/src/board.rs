//! The 37-hex board: axial coordinates, neighbour steps, starts and exits.
//!
//! A hex is `(q, r)` with `-3 <= q, r, -q-r <= 3` (the rulings' axial coordinates). Each hex has
//! an index `0..37`, row by row (`r` from -3 to 3, `q` ascending), for people and files.
//! Internally a hex is a bit of a `u64` laid out as a 7×8 grid, `(r + 3) * 8 + (q + 3)`, with
//! an unused eighth column: a step in any of the six directions is then a constant shift
//! (`-1, -8, -7, +1, +8, +7`), and a step off the left or right edge lands in the unused column,
//! which is outside the board mask. Move generation works on whole sets of pieces at once.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Hexes on the board.
pub const HEXES: usize = 37;
/// The board's radius: every coordinate (and `-q-r`) lies in `-3..=3`.
pub const RADIUS: i8 = 3;
/// Neighbour steps `(dq, dr)` in the rulings' (the course's) order.
pub const STEPS: [(i8, i8); 6] = [(-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1)];
/// Each step as a shift of the internal grid, in [`STEPS`] order.
pub(crate) const SHIFTS: [i32; 6] = [-1, -8, -7, 1, 8, 7];

/// A set of hexes, one bit per hex (internal grid layout).
pub type HexMask = u64;

/// A hex of the board. Only on-board hexes can be made, so every `Hex` is valid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex(u8);

const NONE: u8 = u8::MAX;

const fn on_board(q: i8, r: i8) -> bool {
    q >= -RADIUS
        && q <= RADIUS
        && r >= -RADIUS
        && r <= RADIUS
        && -q - r >= -RADIUS
        && -q - r <= RADIUS
}

const fn grid(q: i8, r: i8) -> u8 {
    ((r + RADIUS) * 8 + (q + RADIUS)) as u8
}

/// The grid bit of each hex index.
const GRID_OF: [u8; HEXES] = {
    let mut t = [0u8; HEXES];
    let mut i = 0;
    let mut r = -RADIUS;
    while r <= RADIUS {
        let mut q = -RADIUS;
        while q <= RADIUS {
            if on_board(q, r) {
                t[i] = grid(q, r);
                i += 1;
            }
            q += 1;
        }
        r += 1;
    }
    t
};

/// The hex index of each grid bit (`NONE` off the board).
const INDEX_OF: [u8; 64] = {
    let mut t = [NONE; 64];
    let mut i = 0;
    while i < HEXES {
        t[GRID_OF[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// Every hex of the board.
pub(crate) const BOARD_MASK: HexMask = {
    let mut m = 0u64;
    let mut i = 0;
    while i < HEXES {
        m |= 1 << GRID_OF[i];
        i += 1;
    }
    m
};

/// Shifts a set of hexes one step in direction `d`, dropping what leaves the board.
#[inline(always)]
pub(crate) const fn step(mask: HexMask, d: usize) -> HexMask {
    let s = SHIFTS[d];
    (if s > 0 { mask << s } else { mask >> -s }) & BOARD_MASK
}

const fn coords_of(g: u8) -> (i8, i8) {
    ((g % 8) as i8 - RADIUS, (g / 8) as i8 - RADIUS)
}

/// `NEIGHBOURS[g]`: the neighbours of grid bit `g`.
pub(crate) const NEIGHBOURS: [HexMask; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < HEXES {
        let g = GRID_OF[i];
        let mut d = 0;
        while d < 6 {
            t[g as usize] |= step(1 << g, d);
            d += 1;
        }
        i += 1;
    }
    t
};

/// `TURNED[k][g]`: grid bit `g` turned by `k` thirds of a turn (see [`Hex::turned`]), for the
/// 37 board bits (the rest are unused).
const TURNED: [[u8; 64]; 3] = {
    let mut t = [[0u8; 64]; 3];
    let mut i = 0;
    while i < HEXES {
        let g = GRID_OF[i];
        let (mut q, mut r) = coords_of(g);
        let mut k = 0;
        while k < 3 {
            t[k][g as usize] = grid(q, r);
            // (q, r, s) -> (s, q, r), with s = -q - r.
            (q, r) = (-q - r, q);
            k += 1;
        }
        i += 1;
    }
    t
};

const fn mask_of(hexes: [(i8, i8); 4]) -> HexMask {
    let mut m = 0u64;
    let mut i = 0;
    while i < 4 {
        m |= 1 << grid(hexes[i].0, hexes[i].1);
        i += 1;
    }
    m
}

/// The three colours, in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Seat 0: starts on the left edge (`q = -3`), exits off the right (`q = 3`).
    Red,
    /// Seat 1: starts on the top edge (`r = -3`), exits off the bottom (`r = 3`).
    Green,
    /// Seat 2: starts on the lower-right edge (`q + r = 3`), exits off the upper left
    /// (`q + r = -3`).
    Blue,
}

impl Colour {
    /// The colours in turn order.
    pub const ALL: [Colour; 3] = [Colour::Red, Colour::Green, Colour::Blue];

    /// The colour of a seat (`None` for a seat above 2).
    pub fn of_seat(seat: usize) -> Option<Colour> {
        Colour::ALL.get(seat).copied()
    }

    /// The seat (0, 1 or 2).
    pub fn seat(self) -> usize {
        self as usize
    }

    /// The colour's name.
    pub fn name(self) -> &'static str {
        ["Red", "Green", "Blue"][self as usize]
    }

    /// The colour's letter on the board (`R`, `G`, `B`).
    pub fn letter(self) -> char {
        ['R', 'G', 'B'][self as usize]
    }

    /// The thirds of a turn ([`Hex::turned`]) that take this colour's start and exit edges onto
    /// Red's: 0 for Red, 2 for Green, 1 for Blue. Turned so, the colour after it in turn order
    /// lands on Green's edges and the one after that on Blue's.
    pub fn thirds_to_red(self) -> usize {
        (3 - self as usize) % 3
    }
}

/// Where each colour's four pieces start (the rulings' starts).
pub const START_HEXES: [[(i8, i8); 4]; 3] = [
    [(-3, 0), (-3, 1), (-3, 2), (-3, 3)],
    [(0, -3), (1, -3), (2, -3), (3, -3)],
    [(0, 3), (1, 2), (2, 1), (3, 0)],
];

/// The hexes each colour exits from (the edge opposite its start).
pub const EXIT_HEXES: [[(i8, i8); 4]; 3] = [
    [(3, -3), (3, -2), (3, -1), (3, 0)],
    [(-3, 3), (-2, 3), (-1, 3), (0, 3)],
    [(-3, 0), (-2, -1), (-1, -2), (0, -3)],
];

pub(crate) const EXIT_MASK: [HexMask; 3] = [
    mask_of(EXIT_HEXES[0]),
    mask_of(EXIT_HEXES[1]),
    mask_of(EXIT_HEXES[2]),
];

/// `DISTANCE[c][g]`: moves a piece of colour `c` on grid bit `g` needs to reach its exit edge
/// (0 on an exit hex), not counting the exit itself.
pub(crate) const DISTANCE: [[u8; 64]; 3] = {
    let mut t = [[0u8; 64]; 3];
    let mut i = 0;
    while i < HEXES {
        let g = GRID_OF[i];
        let (q, r) = coords_of(g);
        t[0][g as usize] = (RADIUS - q) as u8;
        t[1][g as usize] = (RADIUS - r) as u8;
        t[2][g as usize] = (RADIUS + q + r) as u8;
        i += 1;
    }
    t
};

impl Hex {
    /// Every hex, by index.
    pub fn all() -> impl Iterator<Item = Hex> {
        GRID_OF.into_iter().map(Hex)
    }

    /// The hex at `(q, r)`, or `None` off the board.
    pub fn new(q: i8, r: i8) -> Option<Hex> {
        on_board(q, r).then(|| Hex(grid(q, r)))
    }

    /// The hex with index `i` (`0..37`, row by row).
    pub fn from_index(i: usize) -> Option<Hex> {
        GRID_OF.get(i).map(|&g| Hex(g))
    }

    /// Its index `0..37` (row by row: `r` from -3, then `q` ascending).
    pub fn index(self) -> usize {
        INDEX_OF[usize::from(self.0 & 63)] as usize
    }

    /// Its `q` coordinate.
    pub fn q(self) -> i8 {
        coords_of(self.0).0
    }

    /// Its `r` coordinate.
    pub fn r(self) -> i8 {
        coords_of(self.0).1
    }

    /// Its third cube coordinate `s = -q - r`.
    pub fn s(self) -> i8 {
        -self.q() - self.r()
    }

    /// The neighbour in direction `d` (an index into [`STEPS`]), if on the board.
    pub fn neighbour(self, d: usize) -> Option<Hex> {
        if d >= 6 {
            return None;
        }
        let m = step(self.bit(), d);
        (m != 0).then(|| Hex(m.trailing_zeros() as u8))
    }

    /// Its neighbours on the board, in [`STEPS`] order.
    pub fn neighbours(self) -> impl Iterator<Item = Hex> {
        (0..6).filter_map(move |d| self.neighbour(d))
    }

    /// The hex between `self` and `to` when `to` is two steps away in a straight line (where a
    /// jump from `self` to `to` passes).
    pub fn between(self, to: Hex) -> Option<Hex> {
        (0..6)
            .find(|&d| step(step(self.bit(), d), d) == to.bit())
            .map(|d| Hex(step(self.bit(), d).trailing_zeros() as u8))
    }

    /// For a jump from `self` landing on `to` (already known to be one), the hex jumped over:
    /// the grid's midpoint, since a step is a constant shift.
    pub(crate) fn jumped_over(self, to: Hex) -> Hex {
        Hex((self.0 + to.0) / 2)
    }

    /// This hex turned about the centre hex by `thirds` thirds of a turn (120° each, taken
    /// modulo 3), each taking cube coordinates `(q, r, s)` to `(s, q, r)`. A third takes each
    /// colour's start and exit edges onto the next colour's (Red's onto Green's, Green's onto
    /// Blue's, Blue's onto Red's) and direction `d` of [`STEPS`] onto direction `(d + 2) % 6`,
    /// so a legal move stays legal for the next colour once the whole board is turned.
    pub fn turned(self, thirds: usize) -> Hex {
        Hex(TURNED[thirds % 3][usize::from(self.0 & 63)])
    }

    /// Whether a piece of `colour` may exit from this hex.
    pub fn is_exit_for(self, colour: Colour) -> bool {
        EXIT_MASK[colour as usize] & self.bit() != 0
    }

    /// Steps a piece of `colour` here needs to reach an exit hex (0 on one).
    pub fn distance_to_exit(self, colour: Colour) -> u8 {
        DISTANCE[colour as usize][usize::from(self.0 & 63)]
    }

    /// Its bit in a [`HexMask`].
    pub(crate) fn bit(self) -> HexMask {
        1 << self.0
    }

    /// Its grid bit number.
    pub(crate) fn raw(self) -> u8 {
        self.0
    }

    /// The hex at grid bit `g`, which must be on the board.
    pub(crate) fn from_raw(g: u8) -> Hex {
        debug_assert!(BOARD_MASK >> g & 1 == 1);
        Hex(g)
    }

    /// The hexes in a mask, in index order.
    pub(crate) fn iter_mask(mut mask: HexMask) -> impl Iterator<Item = Hex> {
        std::iter::from_fn(move || {
            if mask == 0 {
                None
            } else {
                let g = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                Some(Hex(g))
            }
        })
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Hex {
    /// `(q,r)`, as in `MOVE (-3,0) (-2,0)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.q(), self.r())
    }
}

impl fmt::Debug for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A coordinate pair that is not a hex of the board, or text that is not a coordinate pair.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexError {
    /// Well-formed coordinates off the board.
    #[error("({q},{r}) is not on the board: a hex needs -3 <= q, r, -q-r <= 3")]
    OffBoard {
        /// The `q` given.
        q: i64,
        /// The `r` given.
        r: i64,
    },
    /// Text that is not `(q,r)` or `q,r`.
    #[error("{0:?} is not a hex: expected (q,r) with whole numbers, e.g. (-3,0)")]
    Syntax(String),
}

impl Hex {
    /// The hex at `(q, r)` for any integers, or why it is not on the board.
    pub fn try_new(q: i64, r: i64) -> Result<Hex, HexError> {
        let small = |v: i64| i8::try_from(v).ok();
        match (small(q), small(r)) {
            (Some(qq), Some(rr)) => Hex::new(qq, rr).ok_or(HexError::OffBoard { q, r }),
            _ => Err(HexError::OffBoard { q, r }),
        }
    }

    /// Reads `(q,r)` (spaces allowed after the comma and inside the parentheses) or a bare
    /// `q,r`.
    pub fn parse(text: &str) -> Result<Hex, HexError> {
        let t = text.trim();
        let inner = match (t.strip_prefix('('), t.ends_with(')')) {
            (Some(rest), true) => &rest[..rest.len() - 1],
            (None, false) => t,
            _ => return Err(HexError::Syntax(text.to_string())),
        };
        let (a, b) = inner
            .split_once(',')
            .ok_or_else(|| HexError::Syntax(text.to_string()))?;
        let num = |s: &str| -> Result<i64, HexError> {
            let s = s.trim();
            let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(HexError::Syntax(text.to_string()));
            }
            s.parse::<i64>()
                .map_err(|_| HexError::Syntax(text.to_string()))
        };
        Hex::try_new(num(a)?, num(b)?)
    }
}

impl Serialize for Hex {
    /// As `[q, r]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.q(), self.r()).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
        let (q, r) = <(i64, i64)>::deserialize(d)?;
        Hex::try_new(q, r).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_37_hexes_in_row_order() {
        assert_eq!(Hex::all().count(), HEXES);
        assert_eq!(BOARD_MASK.count_ones() as usize, HEXES);
        for (i, h) in Hex::all().enumerate() {
            assert_eq!(Hex::new(h.q(), h.r()), Some(h));
            assert_eq!(h.index(), i);
            assert_eq!(Hex::from_index(i), Some(h));
        }
        assert_eq!(Hex::all().next().map(|h| (h.q(), h.r())), Some((0, -3)));
        assert_eq!(Hex::all().last().map(|h| (h.q(), h.r())), Some((0, 3)));
    }

    #[test]
    fn a_grid_step_is_a_coordinate_step() {
        for h in Hex::all() {
            for (d, &(dq, dr)) in STEPS.iter().enumerate() {
                let expect = Hex::new(h.q() + dq, h.r() + dr);
                assert_eq!(h.neighbour(d), expect, "{h} step {d}");
                let two = Hex::new(h.q() + 2 * dq, h.r() + 2 * dr);
                if let (Some(mid), Some(land)) = (expect, two) {
                    assert_eq!(h.between(land), Some(mid));
                }
            }
            assert_eq!(
                NEIGHBOURS[h.raw() as usize].count_ones() as usize,
                h.neighbours().count()
            );
        }
    }

    #[test]
    fn turning_round_trips_and_keeps_the_board_and_its_lines() {
        for h in Hex::all() {
            assert_eq!(h.turned(0), h);
            assert_eq!(h.turned(3), h);
            assert_eq!(h.turned(1).turned(2), h, "{h}");
            assert_eq!(h.turned(2).turned(1), h, "{h}");
            assert_eq!(h.turned(1).turned(1), h.turned(2));
            assert_eq!(h.turned(1), Hex::new(h.s(), h.q()).unwrap());
            for k in 0..3 {
                // The same distance from the centre, and neighbours stay neighbours in the
                // turned direction.
                let t = h.turned(k);
                let ring = |x: Hex| x.q().abs().max(x.r().abs()).max(x.s().abs());
                assert_eq!(ring(t), ring(h));
                for d in 0..6 {
                    assert_eq!(
                        h.neighbour(d).map(|n| n.turned(k)),
                        t.neighbour((d + 2 * k) % 6),
                        "{h} step {d} turned {k}"
                    );
                }
            }
        }
        // A bijection of the board.
        let mut seen = [false; HEXES];
        for h in Hex::all() {
            let i = h.turned(1).index();
            assert!(!seen[i]);
            seen[i] = true;
        }
    }

    #[test]
    fn a_third_of_a_turn_takes_each_colour_to_the_next() {
        let turned = |hexes: &[(i8, i8); 4], k: usize| {
            let mut v: Vec<Hex> = hexes
                .iter()
                .map(|&(q, r)| Hex::new(q, r).unwrap().turned(k))
                .collect();
            v.sort();
            v
        };
        for c in Colour::ALL {
            let (me, next) = (c.seat(), (c.seat() + 1) % 3);
            assert_eq!(turned(&START_HEXES[me], 1), turned(&START_HEXES[next], 0));
            assert_eq!(turned(&EXIT_HEXES[me], 1), turned(&EXIT_HEXES[next], 0));
            let k = c.thirds_to_red();
            assert_eq!(turned(&START_HEXES[me], k), turned(&START_HEXES[0], 0));
            assert_eq!(turned(&EXIT_HEXES[me], k), turned(&EXIT_HEXES[0], 0));
            for h in Hex::all() {
                assert_eq!(
                    h.turned(k).distance_to_exit(Colour::Red),
                    h.distance_to_exit(c)
                );
                assert_eq!(h.turned(k).is_exit_for(Colour::Red), h.is_exit_for(c));
            }
        }
        assert_eq!(
            Colour::ALL.map(Colour::thirds_to_red),
            [0, 2, 1],
            "Red stays, Green turns twice, Blue once"
        );
    }
}
