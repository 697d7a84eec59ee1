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

/// A hand-written Uno player following the seed's hints:
///
/// - it keeps wilds for need: a wild is played only when no coloured card is playable, or a Wild
///   Draw Four when the next player is about to go out;
/// - among coloured cards it prefers the one that leaves it most cards of the new up colour (so it
///   can follow next turn), then the one worth most points (shed high points first), then a 0
///   when it holds more of that colour (0s are scarce, so the colour is likely to survive);
/// - when the next player holds two cards or fewer it attacks: Draw Two, then Skip, then Reverse;
/// - it calls the colour it holds most points of (then most cards, then a colour the next player
///   did not last call);
/// - it always plays a playable card it has just drawn.
///
/// Ties are broken by its seeded generator.
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: GameRng,
}

impl HeuristicBot {
    /// A heuristic bot with its seed.
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot { rng: seeded(seed) }
    }

    /// The colour to call for a hand (the seed's `call_color`): the most points held, then the
    /// most cards, then one `avoid` did not call (pass the next player's last call), then red,
    /// green, blue, yellow in turn.
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

    fn choose(&mut self, obs: &UnoObservation, legal: &[UnoAction]) -> UnoAction {
        if legal.len() == 1 {
            return legal[0];
        }
        let hand_after = |played: Card| -> Vec<Card> {
            let mut h = obs.hand.clone();
            if let Some(i) = h.iter().position(|&c| c == played) {
                h.remove(i);
            }
            h
        };
        let next = obs.next_player();
        let avoid = obs.last_called[next];
        let danger = obs.hand_sizes[next] <= 3;
        let wild_action =
            |card: Card| UnoAction::Wild(card, Self::call_color(&hand_after(card), avoid));

        // Just drew a playable card: play it (we had nothing else).
        if let Some(card) = obs.drawn {
            return if card.is_wild() {
                wild_action(card)
            } else {
                UnoAction::Play(card)
            };
        }
        let colored: Vec<Card> = legal
            .iter()
            .filter_map(|a| match a {
                UnoAction::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        let has = |card: Card| legal.iter().any(|a| a.card() == Some(card));
        if danger {
            for rank in [Rank::DrawTwo, Rank::Skip, Rank::Reverse] {
                if let Some(&c) = colored.iter().filter(|c| c.rank() == rank).max_by_key(|c| {
                    let rest = hand_after(**c);
                    rest.iter().filter(|r| r.color() == c.color()).count()
                }) {
                    return UnoAction::Play(c);
                }
            }
            if has(Card::WILD_DRAW_FOUR) && obs.hand_sizes[next] <= 1 {
                return wild_action(Card::WILD_DRAW_FOUR);
            }
        }
        if colored.is_empty() {
            let card = if has(Card::WILD) {
                Card::WILD
            } else {
                Card::WILD_DRAW_FOUR
            };
            return wild_action(card);
        }
        let mut best: Vec<Card> = Vec::new();
        let mut best_key = (0usize, 0usize, 0u32, 0u8);
        for &c in &colored {
            let rest = hand_after(c);
            let follow = rest
                .iter()
                .filter(|r| r.is_wild() || r.color() == c.color() || r.rank() == c.rank())
                .count();
            let zero_bonus = u8::from(c.rank() == Rank::Number(0) && follow > 0);
            let covered = Color::ALL
                .iter()
                .filter(|&&col| rest.iter().any(|r| r.color() == Some(col)))
                .count();
            let key = (covered, follow, c.points(), zero_bonus);
            if best.is_empty() || key > best_key {
                best.clear();
                best_key = key;
            }
            if key == best_key {
                best.push(c);
            }
        }
        UnoAction::Play(best[self.rng.random_range(0..best.len())])
    }
}

impl Bot<Uno> for HeuristicBot {
    fn act(&mut self, d: &Decision<'_, Uno>) -> UnoAction {
        self.choose(d.observation, d.legal)
    }
}
