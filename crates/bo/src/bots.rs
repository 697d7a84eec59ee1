//! Comp10001-Bo's own bot: a heuristic that plans its whole turn.
//!
//! The bot sees only its [`BoObservation`]. It copies the table into a small simulation that
//! implements [`View`] and keeps, for every pile, the set of cards it takes as a bit mask (a
//! bit per value and colour); it lists plays from those masks (checked against the rules'
//! [`valid_actions`](crate::rules::valid_actions) order and validity in debug builds) and
//! searches the plays left in its turn depth-first, making and unmaking them.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use parlour_cards::{Card, Colour};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::{Bot, BotEntry, Decision, Seat};
use rand::RngExt;

use crate::game::{Bo, BoObservation, Variant, MAX_PLAYS, STOCK_SIZE};
use crate::piles::{BuildFit, BuildPile, DiscardPile};
use crate::rules::{
    for_each_valid, BoAction, Source, Target, Validity, View, BUILD_PILES, DISCARD_PILES,
    EMBARGO_STOCK, PLAYERS,
};

/// The bots Comp10001-Bo offers by name (`random` lives in `parlour-bots`).
pub static BOTS: &[BotEntry<Bo>] = &[BotEntry {
    name: "heuristic",
    about: "plans its whole turn: searches its remaining plays for the sequence that frees the most stockpile cards, then ends the turn leaving landing spots for its stockpile top and none for the next player's; embargoes the opponent with the shortest stockpile, clears an embargo after playing what it can",
    options: &[],
    make: |seed, _| Ok(Box::new(HeuristicBot::new(seed))),
}];

/// Plans each turn from its own observation:
///
/// - searches, depth-first with a node budget and a transposition table, the sequences of the
///   plays left in the turn (at most five); plays after which the turn goes on branch, and
///   turn-ending plays (starting its own discard pile, a restart, an embargo, clearing) are
///   leaves, as are a stockpile play (the next stockpile card is unknown until played) and the
///   fifth play;
/// - scores a line by the stockpile cards it plays (dominant; emptying the stockpile wins),
///   then the position it leaves: how many build and discard piles its stockpile top can land
///   on next turn (or, once that card is played, the share of unseen cards that could land
///   somewhere), whether a card kept in hand bridges to the stockpile top, a penalty for
///   every opponent whose stockpile top could be played, heaviest for the next player and for
///   short stockpiles, and how open the table is (how many cards could be played anywhere):
///   a small plus while the opponents have made no progress, a minus once one of them has
///   played stockpile cards, since an open table then feeds them;
/// - so it typically ends a turn by starting or restarting a discard pile with a card its
///   stockpile top follows, on a pile whose top fed an opponent, and keeps the discard piles
///   that lead to its stockpile top;
/// - in the bonus variant, embargoes the opponent with the smallest stockpile (three cards or
///   fewer) when nothing better ends its turn, and when embargoed plays what it can from its
///   stockpile before clearing the embargo, and values a Joker kept in hand.
///
/// Exact ties are broken by its seeded generator, so it is deterministic given its seed and
/// observations.
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: GameRng,
    /// Node expansions allowed per decision.
    budget: u32,
}

impl HeuristicBot {
    /// A heuristic bot with its seed.
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot::with_budget(seed, BUDGET)
    }

    /// A heuristic bot allowed `budget` node expansions per decision (the `heuristic` bot's is
    /// 100): search playouts use a smaller one.
    pub fn with_budget(seed: u64, budget: u32) -> HeuristicBot {
        HeuristicBot {
            rng: seeded(seed),
            budget,
        }
    }

    /// Node expansions allowed per decision.
    pub fn budget(&self) -> u32 {
        self.budget
    }
}

// ---------------------------------------------------------------------------------------------
// Readings as bit masks: bit `v - 1` is black value `v`, bit `v - 1 + 13` red value `v`.

const RED: u32 = 13;
/// Every non-Ace reading (what a Joker starting a discard pile accepts).
const ALL_NON_ACE: u32 = 0x1FFE | (0x1FFE << RED);
/// Every reading.
const ALL: u32 = 0x1FFF | (0x1FFF << RED);

fn shift(c: Colour) -> u32 {
    match c {
        Colour::Black => 0,
        Colour::Red => RED,
    }
}

fn vbit(v: u8, c: Colour) -> u32 {
    1 << (u32::from(v) - 1 + shift(c))
}

/// The reading bit of a natural card; a Joker matches every reading.
fn card_bit(card: Card) -> u32 {
    match (card.value(), card.colour()) {
        (Some(v), Some(c)) => vbit(v, c),
        _ => ALL,
    }
}

/// The natural cards that legally follow `top` on a discard pile (a Joker starting a pile
/// accepts any non-Ace).
fn follow_mask(top: Card) -> u32 {
    match (top.value(), top.colour()) {
        (Some(v), Some(c)) if v >= 2 => {
            let o = c.other();
            let (a, b) = match v {
                2 => (3, 13),
                13 => (12, 2),
                _ => (v - 1, v + 1),
            };
            vbit(a, o) | vbit(b, o)
        }
        _ => ALL_NON_ACE,
    }
}

/// A mask of the piles' own encoding (bit `16 * colour + value`, values 2..=13, the Ace as bit 1)
/// in this module's encoding.
fn from_pile_readings(m: u32) -> u32 {
    let black = (m & 0x3FFE) >> 1;
    let red = ((m >> 16) & 0x3FFE) >> 1;
    black | (red << RED)
}

/// The natural cards a discard pile takes as a legal (turn-continuing) play: exactly the
/// readings that follow its top, Jokers read from the cards beneath.
fn discard_mask(pile: &DiscardPile) -> u32 {
    from_pile_readings(pile.followers())
}

/// The natural cards a build pile takes.
fn build_mask(pile: &BuildPile) -> u32 {
    if pile.is_empty() {
        return vbit(2, Colour::Black)
            | vbit(13, Colour::Black)
            | vbit(2, Colour::Red)
            | vbit(13, Colour::Red);
    }
    // Values 2..=13 next to the top (no wrap), and the Ace, which completes any pile.
    let m = from_pile_readings(pile.next_values() | 0b10);
    match pile.colour() {
        Some(c) => m << shift(c),
        None => m | (m << RED),
    }
}

/// The cards that can go on `card` once it tops a build pile (same colour, adjacent, no wrap;
/// or the Ace that completes it).
fn build_follow_mask(card: Card) -> u32 {
    match (card.value(), card.colour()) {
        (Some(v), Some(c)) if (3..=12).contains(&v) => vbit(v - 1, c) | vbit(v + 1, c) | vbit(1, c),
        _ => 0,
    }
}

// ---------------------------------------------------------------------------------------------
// The simulated table.

/// The piles in mask order: build piles 0–3, then discard piles by owner and pile.
const PILES: usize = BUILD_PILES + PLAYERS * DISCARD_PILES;

fn disc_index(owner: u8, pile: u8) -> usize {
    owner as usize * DISCARD_PILES + pile as usize
}

#[derive(Debug, Clone)]
struct Sim {
    bonus: bool,
    seat: Seat,
    hand: Vec<Card>,
    stock_tops: [Option<Card>; PLAYERS],
    stock_sizes: [usize; PLAYERS],
    build: [BuildPile; BUILD_PILES],
    discards: [[DiscardPile; DISCARD_PILES]; PLAYERS],
    holds_embargo: [bool; PLAYERS],
    embargoed_by: [Option<Seat>; PLAYERS],
    /// What each pile takes (see [`build_mask`], [`discard_mask`]).
    masks: [u32; PILES],
}

impl Sim {
    fn from_observation(obs: &BoObservation) -> Sim {
        let mut sim = Sim {
            bonus: obs.variant == Variant::Bonus,
            seat: obs.seat,
            hand: obs.hand.clone(),
            stock_tops: std::array::from_fn(|p| obs.stock_top(p)),
            stock_sizes: std::array::from_fn(|p| obs.stock_len(p)),
            build: std::array::from_fn(|i| obs.build(i).clone()),
            discards: std::array::from_fn(|p| std::array::from_fn(|i| obs.discard(p, i).clone())),
            holds_embargo: std::array::from_fn(|p| obs.holds_embargo(p)),
            embargoed_by: std::array::from_fn(|p| obs.embargoed_by(p)),
            masks: [0; PILES],
        };
        for i in 0..BUILD_PILES {
            sim.masks[i] = build_mask(&sim.build[i]);
        }
        for p in 0..PLAYERS {
            for i in 0..DISCARD_PILES {
                sim.masks[BUILD_PILES + p * DISCARD_PILES + i] = discard_mask(&sim.discards[p][i]);
            }
        }
        sim
    }

    fn refresh_discard(&mut self, owner: u8, pile: u8) {
        self.masks[BUILD_PILES + disc_index(owner, pile)] =
            discard_mask(&self.discards[owner as usize][pile as usize]);
    }
}

impl View for Sim {
    fn bonus(&self) -> bool {
        self.bonus
    }
    fn to_act(&self) -> Option<Seat> {
        Some(self.seat)
    }
    fn hand_count(&self, seat: Seat, card: Card) -> u8 {
        if seat == self.seat {
            self.hand.iter().filter(|&&c| c == card).count() as u8
        } else {
            0
        }
    }
    fn stock_top(&self, seat: Seat) -> Option<Card> {
        self.stock_tops[seat]
    }
    fn stock_len(&self, seat: Seat) -> usize {
        self.stock_sizes[seat]
    }
    fn discard(&self, owner: usize, pile: usize) -> &DiscardPile {
        &self.discards[owner][pile]
    }
    fn build(&self, pile: usize) -> &BuildPile {
        &self.build[pile]
    }
    fn holds_embargo(&self, seat: Seat) -> bool {
        self.holds_embargo[seat]
    }
    fn embargoed_by(&self, seat: Seat) -> Option<Seat> {
        self.embargoed_by[seat]
    }
}

/// What a play changed, to take it back.
struct Undo {
    card: Card,
    from: Source,
    to: Target,
    build: Option<BuildPile>,
}

// ---------------------------------------------------------------------------------------------
// Weights.

/// The evaluation's weights.
#[derive(Debug, Clone)]
struct Weights {
    /// The known stockpile top's landing spots left for next turn (0, 1, 2, 3, 4 or more).
    land: [f64; 5],
    /// A card kept in hand that bridges to the stockpile top: with no landing spot, with some.
    bridge: [f64; 2],
    /// The next stockpile card (unknown) could land: with plays left this turn, or next turn.
    open_now: f64,
    open_next: f64,
    /// General openness of the table (for later stockpile cards).
    open: f64,
    /// The same once an opponent has played four or more stockpile cards (between, in
    /// proportion): an open table then helps them more than it helps us.
    open_threat: f64,
    /// Feeding an opponent's stockpile top: the next player, the others.
    feed_next: f64,
    feed_other: f64,
    /// Per card left in hand (fewer cards, more fresh draws).
    hand: f64,
    /// Per Joker kept in hand.
    joker: f64,
    /// Still embargoed when the turn ends.
    embargoed: f64,
    /// Embargoing a player: base, per card fewer than three in their stockpile, the next player.
    embargo: [f64; 3],
    /// Each play left when the hand is refilled mid-turn.
    refill: f64,
    /// Each play left after a stockpile card is played.
    left: f64,
    /// Children expanded at each depth below the root.
    caps: [usize; 5],
}

/// The weights in use.
const W: Weights = Weights {
    land: [0.0, 330.0, 480.0, 560.0, 600.0],
    bridge: [140.0, 40.0],
    open_now: 700.0,
    open_next: 380.0,
    open: 30.0,
    open_threat: -150.0,
    feed_next: 15.0,
    feed_other: 5.0,
    hand: 6.0,
    joker: 60.0,
    embargoed: 150.0,
    embargo: [90.0, 80.0, 30.0],
    refill: 30.0,
    left: 60.0,
    caps: [usize::MAX, 12, 6, 4, 3],
};

/// Node expansions allowed per decision (below the root's own plays).
const BUDGET: u32 = 100;
/// One stockpile card played.
const STOCK: f64 = 1000.0;
/// Emptying the stockpile.
const WIN: f64 = 1.0e6;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leaf {
    /// The turn passes.
    End,
    /// The stockpile top was played and the turn goes on.
    Stock,
    /// The hand was emptied and is drawn afresh.
    Refill,
}

/// The table's masks, totalled.
struct Summary {
    disc: u32,
    build: u32,
    land: u32,
    /// The discard masks' union without discard pile `i`.
    disc_without: [u32; PLAYERS * DISCARD_PILES],
}

struct Planner {
    sim: Sim,
    seat: Seat,
    plays: u8,
    root_plays: u8,
    draw: usize,
    stock_played: bool,
    /// The never-seen share of the readings in each byte of a mask (bits 0–7, 8–15, 16–23,
    /// 24–25), Jokers included in the first.
    open_table: Box<[[f64; 256]; 4]>,
    /// Opponents' stockpile tops with the penalty for feeding them.
    feeds: Vec<(u32, f64)>,
    /// The weight of the table's openness, given how far the opponents have got.
    open_weight: f64,
    budget: u32,
    /// Values of positions already searched, by [`Planner::hash`].
    tt: HashMap<u64, f64, BuildHasherDefault<PassHasher>>,
}

/// The transposition table's keys are hashes already: pass them through.
#[derive(Default)]
struct PassHasher(u64);

impl Hasher for PassHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

fn mix(h: u64, x: u64) -> u64 {
    let mut z = (h ^ x).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Planner {
    fn new(obs: &BoObservation, budget: u32) -> Planner {
        let sim = Sim::from_observation(obs);
        let seat = obs.seat;
        // Never-seen cards: the pack less everything visible and the recycled cards (which are
        // never in a stockpile).
        let mut counts = [4.0f64; 26];
        let mut jokers: f64 = if sim.bonus { 4.0 } else { 0.0 };
        let mut see = |c: Card| {
            if c.is_joker() {
                jokers -= 1.0;
            } else {
                let b = card_bit(c).trailing_zeros() as usize;
                counts[b] -= 1.0;
            }
        };
        obs.hand.iter().copied().for_each(&mut see);
        obs.recycled.iter().copied().for_each(&mut see);
        obs.stock_tops.iter().flatten().copied().for_each(&mut see);
        for b in &obs.build {
            b.cards().iter().copied().for_each(&mut see);
        }
        for d in obs.discards.iter().flatten() {
            d.cards().for_each(&mut see);
        }
        let total: f64 = counts.iter().map(|c| c.max(0.0)).sum::<f64>() + jokers.max(0.0);
        let norm = if total > 0.0 { 1.0 / total } else { 0.0 };
        let unseen = counts.map(|c| c.max(0.0) * norm);
        let mut open_table = Box::new([[0.0; 256]; 4]);
        for (k, table) in open_table.iter_mut().enumerate() {
            for byte in 1..256usize {
                // The byte without its lowest bit, plus that bit's share.
                let low = byte.trailing_zeros() as usize;
                table[byte] =
                    table[byte & (byte - 1)] + unseen.get(8 * k + low).copied().unwrap_or(0.0);
            }
        }
        for slot in open_table[0].iter_mut() {
            *slot += jokers.max(0.0) * norm;
        }
        let next = (seat + 1) % PLAYERS;
        let feeds = (0..PLAYERS)
            .filter(|&p| p != seat)
            .filter_map(|p| {
                let top = obs.stock_top(p)?;
                if top.is_joker() {
                    return None;
                }
                let size = obs.stock_len(p) as f64;
                let wt = if p == next { W.feed_next } else { W.feed_other };
                let played = (STOCK_SIZE as f64 - size).max(0.0);
                Some((card_bit(top), wt * (1.0 + played / 4.0)))
            })
            .collect();
        let progress = (0..PLAYERS)
            .filter(|&p| p != seat)
            .map(|p| STOCK_SIZE.saturating_sub(obs.stock_len(p)))
            .max()
            .unwrap_or(0)
            .min(4) as f64
            / 4.0;
        let open_weight = W.open + (W.open_threat - W.open) * progress;
        Planner {
            sim,
            seat,
            plays: obs.plays,
            root_plays: obs.plays,
            draw: obs.draw,
            stock_played: false,
            open_table,
            feeds,
            open_weight,
            budget,
            tt: HashMap::default(),
        }
    }

    fn summary(&self) -> Summary {
        let m = &self.sim.masks;
        let build = m[..BUILD_PILES].iter().fold(0, |a, &b| a | b);
        let d = &m[BUILD_PILES..];
        let mut disc_without = [0; PLAYERS * DISCARD_PILES];
        let mut acc = 0;
        for i in 0..d.len() {
            disc_without[i] = acc;
            acc |= d[i];
        }
        let disc = acc;
        acc = 0;
        for i in (0..d.len()).rev() {
            disc_without[i] |= acc;
            acc |= d[i];
        }
        let land = match self.sim.stock_tops[self.seat] {
            Some(s) => {
                let sb = card_bit(s);
                m.iter().filter(|&&x| x & sb != 0).count() as u32
            }
            None => 0,
        };
        Summary {
            disc,
            build,
            land,
            disc_without,
        }
    }

    /// The share of never-seen cards that `total` takes.
    fn openness(&self, total: u32) -> f64 {
        let t = &self.open_table;
        t[0][(total & 0xFF) as usize]
            + t[1][(total >> 8 & 0xFF) as usize]
            + t[2][(total >> 16 & 0xFF) as usize]
            + t[3][(total >> 24 & 0xFF) as usize]
    }

    /// The value of the position: `disc` and `build` are the masks' unions, `land` the landing
    /// spots of the stockpile top, `removed` a hand card already spent by the play scored.
    fn score(
        &self,
        disc: u32,
        build: u32,
        land: u32,
        removed: Option<Card>,
        embargoed: bool,
        leaf: Leaf,
    ) -> f64 {
        let w = &W;
        let total = disc | build;
        let mut v = if self.stock_played { STOCK } else { 0.0 };
        let open = self.openness(total);
        let mut skipped = removed.is_none();
        let hand = self.sim.hand.iter().copied().filter(|&c| {
            if !skipped && Some(c) == removed {
                skipped = true;
                false
            } else {
                true
            }
        });
        let mut hand_len = 0;
        let mut jokers = 0;
        let mut bridge = false;
        let top = self.sim.stock_tops[self.seat];
        for y in hand {
            hand_len += 1;
            if y.is_joker() {
                jokers += 1;
                continue;
            }
            if let Some(s) = top {
                let yb = card_bit(y);
                let sb = card_bit(s);
                if (yb & disc != 0 && follow_mask(y) & sb != 0)
                    || (yb & build != 0 && build_follow_mask(y) & sb != 0)
                {
                    bridge = true;
                }
            }
        }
        match top {
            Some(_) => {
                v += w.land[land.min(4) as usize];
                if bridge {
                    v += w.bridge[usize::from(land > 0)];
                }
            }
            None => {
                let left = if leaf == Leaf::End {
                    0
                } else {
                    MAX_PLAYS.saturating_sub(self.plays) as usize
                };
                let g = [0.0, 0.6, 0.85, 1.0, 1.0, 1.0][left.min(5)];
                v += open * (w.open_next + (w.open_now - w.open_next) * g);
                v += w.left * left as f64;
            }
        }
        v += self.open_weight * open;
        for &(top, penalty) in &self.feeds {
            if top & total != 0 {
                v -= penalty;
            }
        }
        v -= w.hand * f64::from(hand_len);
        v += w.joker * f64::from(jokers);
        if embargoed {
            v -= w.embargoed;
        }
        if leaf == Leaf::Refill {
            v += w.refill * f64::from(MAX_PLAYS.saturating_sub(self.plays));
        }
        v
    }

    fn leaf(&self, leaf: Leaf) -> f64 {
        let s = self.summary();
        let embargoed = self.sim.embargoed_by[self.seat].is_some();
        self.score(s.disc, s.build, s.land, None, embargoed, leaf)
    }

    fn hash(&self) -> u64 {
        let mut h = mix(u64::from(self.plays), u64::from(self.stock_played));
        for b in &self.sim.build {
            h = mix(
                h,
                (b.len() as u64) << 8 | b.top().map_or(99, |c| u64::from(c.index())),
            );
        }
        for d in self.sim.discards.iter().flatten() {
            h = mix(
                h,
                (d.len() as u64) << 8 | d.top().map_or(99, |c| u64::from(c.index())),
            );
        }
        let hand: u64 = self
            .sim
            .hand
            .iter()
            .map(|c| mix(7, u64::from(c.index())))
            .fold(0, u64::wrapping_add);
        mix(h, hand)
    }

    fn apply(&mut self, card: Card, from: Source, to: Target) -> Undo {
        let sim = &mut self.sim;
        match from {
            Source::Hand => {
                if let Some(i) = sim.hand.iter().position(|&c| c == card) {
                    sim.hand.swap_remove(i);
                }
            }
            Source::Stock => {
                sim.stock_tops[self.seat] = None;
                sim.stock_sizes[self.seat] -= 1;
                self.stock_played = true;
            }
            Source::Discard { owner, pile } => {
                sim.discards[owner as usize][pile as usize].pop();
                sim.refresh_discard(owner, pile);
            }
        }
        let mut saved = None;
        match to {
            Target::Build(i) => {
                let pile = &mut sim.build[i as usize];
                saved = Some(pile.clone());
                if pile.fit(card) == Ok(BuildFit::Completes) {
                    pile.take();
                } else {
                    pile.push(card);
                }
                sim.masks[i as usize] = build_mask(pile);
            }
            Target::Discard { owner, pile } => {
                sim.discards[owner as usize][pile as usize].push(card);
                sim.refresh_discard(owner, pile);
            }
        }
        self.plays += 1;
        Undo {
            card,
            from,
            to,
            build: saved,
        }
    }

    fn undo(&mut self, u: Undo) {
        self.plays -= 1;
        let sim = &mut self.sim;
        match u.to {
            Target::Build(i) => {
                if let Some(b) = u.build {
                    sim.build[i as usize] = b;
                }
                sim.masks[i as usize] = build_mask(&sim.build[i as usize]);
            }
            Target::Discard { owner, pile } => {
                sim.discards[owner as usize][pile as usize].pop();
                sim.refresh_discard(owner, pile);
            }
        }
        match u.from {
            Source::Hand => sim.hand.push(u.card),
            Source::Stock => {
                sim.stock_tops[self.seat] = Some(u.card);
                sim.stock_sizes[self.seat] += 1;
                self.stock_played = false;
            }
            Source::Discard { owner, pile } => {
                sim.discards[owner as usize][pile as usize].push(u.card);
                sim.refresh_discard(owner, pile);
            }
        }
    }

    /// Every valid action but "no play", as [`for_each_valid`] finds them, read off the masks.
    fn moves(&self) -> Vec<(BoAction, Validity)> {
        // The engine's own generator, run on the simulated table.
        let mut out = Vec::with_capacity(96);
        for_each_valid(&self.sim, self.seat, |a, v| {
            out.push((a, v));
            false
        });
        out
    }

    /// How promising a turn-continuing play looks, for the search order.
    fn priority(&self, a: BoAction) -> i32 {
        let BoAction::Play { card, from, to } = a else {
            return 0;
        };
        if from == Source::Stock {
            return 100;
        }
        let mut p = match (from, to) {
            (Source::Hand, Target::Build(_)) => 20,
            (_, Target::Build(_)) => 15,
            (Source::Hand, _) => 10,
            _ => 0,
        };
        if let Some(s) = self.sim.stock_tops[self.seat] {
            let sb = card_bit(s);
            let lands_on_card = match to {
                Target::Discard { .. } => !card.is_joker() && follow_mask(card) & sb != 0,
                Target::Build(_) => build_follow_mask(card) & sb != 0,
            };
            let exposes = match from {
                Source::Discard { owner, pile } => self.sim.discards[owner as usize][pile as usize]
                    .cards()
                    .nth_back(1)
                    .is_some_and(|y| !y.is_joker() && follow_mask(y) & sb != 0),
                _ => false,
            };
            if lands_on_card || exposes {
                p += 50;
            }
        }
        p
    }

    /// The value of a turn-ending play, from the summary of the position before it.
    fn ending_value(&mut self, s: &Summary, a: BoAction) -> f64 {
        let embargoed = self.sim.embargoed_by[self.seat].is_some();
        match a {
            BoAction::Play {
                card,
                from: Source::Hand,
                to: Target::Discard { owner, pile },
            } => {
                let i = disc_index(owner, pile);
                let new = follow_mask(card);
                let disc = s.disc_without[i] | new;
                let land = match self.sim.stock_tops[self.seat] {
                    Some(top) => {
                        let sb = card_bit(top);
                        let old = self.sim.masks[BUILD_PILES + i];
                        s.land + u32::from(new & sb != 0) - u32::from(old & sb != 0)
                    }
                    None => 0,
                };
                self.score(disc, s.build, land, Some(card), embargoed, Leaf::End)
            }
            BoAction::Embargo(t) => {
                let t = t as usize;
                let size = self.sim.stock_sizes[t] as f64;
                let next = t == (self.seat + 1) % PLAYERS;
                self.score(s.disc, s.build, s.land, None, embargoed, Leaf::End)
                    + W.embargo[0]
                    + W.embargo[1] * (EMBARGO_STOCK as f64 - size).max(0.0)
                    + if next { W.embargo[2] } else { 0.0 }
            }
            BoAction::Clear => self.score(s.disc, s.build, s.land, None, false, Leaf::End),
            BoAction::NoPlay => self.score(s.disc, s.build, s.land, None, embargoed, Leaf::End),
            BoAction::Play { card, from, to } => {
                // Not expected (only hand plays end a turn), but score it plainly.
                let u = self.apply(card, from, to);
                let v = self.leaf(Leaf::End);
                self.undo(u);
                v
            }
        }
    }

    /// The value of a turn-continuing play.
    fn child_value(&mut self, card: Card, from: Source, to: Target) -> f64 {
        let u = self.apply(card, from, to);
        let v = if from == Source::Stock {
            if self.sim.stock_sizes[self.seat] == 0 {
                // Sooner is better: ties would otherwise let it wander.
                WIN + f64::from(MAX_PLAYS - self.plays)
            } else {
                self.leaf(Leaf::Stock)
            }
        } else if self.plays >= MAX_PLAYS {
            self.leaf(Leaf::End)
        } else if self.sim.hand.is_empty() && self.draw > 0 {
            self.leaf(Leaf::Refill)
        } else {
            self.node_value()
        };
        self.undo(u);
        v
    }

    fn node_value(&mut self) -> f64 {
        let h = self.hash();
        if let Some(&v) = self.tt.get(&h) {
            return v;
        }
        let v = self.expand();
        self.tt.insert(h, v);
        v
    }

    fn expand(&mut self) -> f64 {
        let moves = self.moves();
        if moves.is_empty() {
            return self.leaf(Leaf::End);
        }
        let s = self.summary();
        let mut best = f64::NEG_INFINITY;
        let mut children = Vec::new();
        for &(a, v) in &moves {
            if v == Validity::Continues {
                if let BoAction::Play { .. } = a {
                    children.push((self.priority(a), a));
                    continue;
                }
            }
            best = best.max(self.ending_value(&s, a));
        }
        if self.budget == 0 {
            if best == f64::NEG_INFINITY {
                best = self.leaf(Leaf::End);
            }
            return best;
        }
        self.budget -= 1;
        children.sort_by_key(|&(p, _)| std::cmp::Reverse(p));
        let depth = (self.plays - self.root_plays) as usize;
        let cap = W.caps[depth.min(4)];
        for &(_, a) in children.iter().take(cap) {
            if let BoAction::Play { card, from, to } = a {
                best = best.max(self.child_value(card, from, to));
            }
        }
        best
    }
}

impl HeuristicBot {
    /// Every candidate at the root with its value.
    fn evaluate(&self, obs: &BoObservation) -> Vec<(BoAction, f64)> {
        let mut planner = Planner::new(obs, self.budget);
        let moves = planner.moves();
        let s = planner.summary();
        let mut out = Vec::with_capacity(moves.len());
        // Turn-continuing plays first, most promising first, so the budget goes to them.
        let mut order: Vec<(i32, BoAction, Validity)> = moves
            .iter()
            .map(|&(a, v)| (planner.priority(a), a, v))
            .collect();
        order.sort_by_key(|&(p, _, _)| std::cmp::Reverse(p));
        for (_, a, v) in order {
            let value = match (a, v) {
                (BoAction::Play { card, from, to }, Validity::Continues) => {
                    planner.child_value(card, from, to)
                }
                _ => planner.ending_value(&s, a),
            };
            out.push((a, value));
        }
        out
    }
}

impl Bot<Bo> for HeuristicBot {
    fn act(&mut self, d: &Decision<'_, Bo>) -> BoAction {
        let legal = d.legal;
        if legal.len() == 1 {
            return legal[0];
        }
        let scored = self.evaluate(d.observation);
        let best = scored
            .iter()
            .map(|&(_, v)| v)
            .fold(f64::NEG_INFINITY, f64::max);
        // The candidates come in a fixed order, so the tie-break depends only on the seed.
        let mut choices: Vec<BoAction> = scored
            .iter()
            .filter(|&&(a, v)| v >= best - 1e-9 && legal.contains(&a))
            .map(|&(a, _)| a)
            .collect();
        if choices.is_empty() {
            // Not expected: the simulation offers exactly the legal plays.
            choices = legal.to_vec();
        }
        choices[self.rng.random_range(0..choices.len())]
    }
}
