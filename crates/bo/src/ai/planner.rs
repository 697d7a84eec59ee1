//! The heuristic's turn planner: a depth-first search, with a node budget and a transposition
//! table, of the plays left in a turn on the simulated table, and the evaluation of the
//! position each line leaves.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use parlour_cards::Card;
use parlour_core::Seat;

use crate::action::{BoAction, Source, Target, BUILD_PILES, DISCARD_PILES, PLAYERS};
use crate::ai::sim::{build_follow_mask, build_mask, card_bit, disc_index, follow_mask, Sim, Undo};
use crate::observation::BoObservation;
use crate::piles::BuildFit;
use crate::rules::{for_each_valid, Validity, View, EMBARGO_STOCK};
use crate::state::{MAX_PLAYS, STOCK_SIZE};

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
pub(super) struct Summary {
    disc: u32,
    build: u32,
    land: u32,
    /// The discard masks' union without discard pile `i`.
    disc_without: [u32; PLAYERS * DISCARD_PILES],
}

pub(super) struct Planner {
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
    pub(super) fn new(obs: &BoObservation, budget: u32) -> Planner {
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

    pub(super) fn summary(&self) -> Summary {
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
    pub(super) fn moves(&self) -> Vec<(BoAction, Validity)> {
        // The engine's own generator, run on the simulated table.
        let mut out = Vec::with_capacity(96);
        for_each_valid(&self.sim, self.seat, |a, v| {
            out.push((a, v));
            false
        });
        out
    }

    /// How promising a turn-continuing play looks, for the search order.
    pub(super) fn priority(&self, a: BoAction) -> i32 {
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
    pub(super) fn ending_value(&mut self, s: &Summary, a: BoAction) -> f64 {
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
    pub(super) fn child_value(&mut self, card: Card, from: Source, to: Target) -> f64 {
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
