//! Uno's own bot: a heuristic built on the seed's hints.

use parlour_core::rng::{seeded, GameRng};
use parlour_core::{Bot, BotEntry, Decision};
use rand::RngExt;

use crate::card::{Card, Color, Rank, UnoAction};
use crate::game::Uno;
use crate::observation::UnoObservation;

/// The bots Uno offers by name (game-agnostic bots such as `random` live in `parlour-bots`).
pub static BOTS: &[BotEntry<Uno>] = &[BotEntry {
    name: "heuristic",
    about: "follows the seed's hints: keeps colour control, sheds high points, saves wilds, attacks a next player close to going out",
    make: |seed| Box::new(HeuristicBot::new(seed)),
}];

const NW: usize = 16;
const DEFAULT_W: [f64; NW] = [
    10.0, // 0 follow: cards of the new colour left
    3.0,  // 1 cover: colours still held
    1.0,  // 2 points shed /10
    0.5,  // 3 colour points left /10
    30.0, // 4 wild kept
    2.0,  // 5 tempo: skip / draw two / wd4
    20.0, // 6 attack bonus when next <= 2
    0.0,  // 7 reverse: next-size difference
    0.0,  // 8 scarcity of the new colour among unseen
    0.0,  // 9 same-rank cards left (switchers)
    0.0,  // 10 draw-two extra
    0.0,  // 11 wd4 vs wild preference
    0.0,  // 12 zero bonus
    0.0,  // 13 cards left playable on the new up card (colour, rank or wild)
    0.0,  // 14 scarcity of the new colour when next <= 2
    99.0, // 15 keep a drawn wild when holding more than this many cards
];

/// A hand-written Uno player following the seed's hints.
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: GameRng,
    w: [f64; NW],
}

impl HeuristicBot {
    /// A heuristic bot with its seed.
    pub fn new(seed: u64) -> HeuristicBot {
        let mut w = DEFAULT_W;
        if let Ok(s) = std::env::var("UNO_W") {
            for (i, p) in s.split(',').enumerate() {
                if let Some((k, v)) = p.split_once('=') {
                    w[k.trim().parse::<usize>().unwrap()] = v.trim().parse().unwrap();
                } else if !p.trim().is_empty() {
                    w[i] = p.trim().parse().unwrap();
                }
            }
        }
        HeuristicBot {
            rng: seeded(seed),
            w,
        }
    }

    /// The colour to call for a hand (the seed's `call_color`): the most points held, then the
    /// most cards, then one `avoid` did not call, then red, green, blue, yellow in turn.
    pub fn call_color(hand: &[Card], avoid: Option<Color>) -> Color {
        let mut best = (Color::Red, (0u32, 0u32, false));
        for (i, color) in Color::ALL.into_iter().enumerate() {
            let points: u32 = hand
                .iter()
                .filter(|c| c.color() == Some(color))
                .map(|c| c.points())
                .sum();
            let count = hand.iter().filter(|c| c.color() == Some(color)).count() as u32;
            let key = (points, count, avoid != Some(color));
            if i == 0 || key > best.1 {
                best = (color, key);
            }
        }
        best.0
    }

    fn score(&self, obs: &UnoObservation, card: Card, col: Color, unseen: &[i32; 4]) -> f64 {
        let w = &self.w;
        let mut rest = obs.hand.clone();
        if let Some(i) = rest.iter().position(|&c| c == card) {
            rest.remove(i);
        }
        let next = obs.next_player();
        let next_size = obs.hand_sizes[next];
        let follow = rest.iter().filter(|r| r.color() == Some(col)).count() as f64;
        let covered = Color::ALL
            .iter()
            .filter(|&&k| rest.iter().any(|r| r.color() == Some(k)))
            .count() as f64;
        let col_pts: u32 = rest
            .iter()
            .filter(|r| r.color() == Some(col))
            .map(|r| r.points())
            .sum();
        let wilds = rest.iter().filter(|r| r.is_wild()).count() as f64;
        let tempo = matches!(card.rank(), Rank::Skip | Rank::DrawTwo | Rank::WildDrawFour);
        let same_rank = if card.is_wild() {
            0.0
        } else {
            rest.iter()
                .filter(|r| !r.is_wild() && r.rank() == card.rank())
                .count() as f64
        };
        let mut s = w[0] * follow
            + w[1] * covered
            + w[2] * f64::from(card.points()) / 10.0
            + w[3] * f64::from(col_pts) / 10.0
            + w[4] * wilds
            + w[9] * same_rank;
        if tempo {
            s += w[5];
            if next_size <= 2 {
                s += w[6] * (3 - next_size) as f64 / 2.0;
            }
        }
        if matches!(card.rank(), Rank::DrawTwo | Rank::WildDrawFour) {
            s += w[10];
        }
        if card == Card::WILD_DRAW_FOUR {
            s += w[11];
        }
        if card.rank() == Rank::Reverse && obs.players > 2 {
            let prev = (2 * obs.seat + obs.players - next) % obs.players;
            let diff = obs.hand_sizes[prev] as f64 - next_size as f64;
            s += w[7] * diff.clamp(-5.0, 5.0);
        }
        if card.rank() == Rank::Number(0) && follow > 0.0 {
            s += w[12];
        }
        let total: i32 = unseen.iter().sum();
        if total > 0 {
            let frac = f64::from(unseen[col.index()]) / f64::from(total);
            s -= w[8] * frac;
            if next_size <= 2 {
                s -= w[14] * frac;
            }
        }
        let playable = rest
            .iter()
            .filter(|r| r.is_wild() || r.color() == Some(col) || (!card.is_wild() && r.rank() == card.rank()))
            .count() as f64;
        s += w[13] * playable;
        s
    }

    fn choose(&mut self, obs: &UnoObservation, legal: &[UnoAction]) -> UnoAction {
        if legal.len() == 1 {
            return legal[0];
        }
        // Unseen cards by colour: the deck minus our hand minus the discard pile.
        let mut unseen = [25i32; 4];
        for c in obs.hand.iter().chain(obs.discard.iter()) {
            if let Some(k) = c.color() {
                unseen[k.index()] -= 1;
            }
        }
        if let Some(d) = obs.drawn {
            if d.is_wild() && obs.hand.len() as f64 > self.w[15] + 1.0 {
                return UnoAction::Pass;
            }
        }
        let mut best: Vec<UnoAction> = Vec::new();
        let mut best_score = f64::NEG_INFINITY;
        for &a in legal {
            let (card, col) = match a {
                UnoAction::Play(c) => (c, c.color().expect("coloured")),
                UnoAction::Wild(c, k) => (c, k),
                _ => continue,
            };
            let s = self.score(obs, card, col, &unseen);
            if s > best_score + 1e-9 {
                best.clear();
                best_score = s;
            }
            if (s - best_score).abs() <= 1e-9 {
                best.push(a);
            }
        }
        if best.is_empty() {
            return legal[0];
        }
        best[self.rng.random_range(0..best.len())]
    }
}

impl Bot<Uno> for HeuristicBot {
    fn act(&mut self, d: &Decision<'_, Uno>) -> UnoAction {
        self.choose(d.observation, d.legal)
    }
}
