//! Uno's own bot: a heuristic built on the seed's hints.

use parlour_core::rng::{seeded, GameRng};
use parlour_core::{Bot, Decision};
use rand::RngExt;

use crate::action::UnoAction;
use crate::card::{Card, Color, Rank, KINDS};
use crate::observation::UnoObservation;
use crate::state::Uno;

/// Per card of the new up colour left in hand.
const FOLLOW: f64 = 4.5;
/// Per colour still held after the play.
const COVER: f64 = 3.0;
/// Per wild still held after the play (a wild is spent only when nothing else fits).
const WILD_KEPT: f64 = 100.0;
/// Per 10 points of the new up colour left in hand (call the colour holding most points).
const COLOUR_POINTS: f64 = 0.5;
/// Per 10 points the played card is worth: a tie-break that sheds high points first.
const SHED_POINTS: f64 = 0.01;
/// Skip, Draw Two or Wild Draw Four: the next player loses a turn (so ours comes sooner).
const TEMPO: f64 = 1.0;
/// Draw Two or Wild Draw Four: the next player also takes cards.
const DRAW_PENALTY: f64 = 1.0;
/// Against the share of the unseen cards that have the new up colour.
const SCARCITY: f64 = 20.0;
/// A drawn wild is kept (pass) while the hand holds more than this many other cards.
const KEEP_DRAWN_WILD_ABOVE: usize = 3;

/// A hand-written Uno player following the seed's hints. It scores every legal play (each
/// coloured card, and each wild with each colour it could call) and makes the best; ties are
/// broken by its seeded generator. The score of a play leaving `rest` in hand, with new up colour
/// `c`, sums:
///
/// - 4.5 per card of `c` in `rest` (so it can follow next turn; this also picks the colour to
///   call and whether to switch colour on a matching number or action);
/// - 3 per colour still present in `rest` (stay able to answer a colour change);
/// - 100 per wild in `rest`: wilds are kept for need, played only when no coloured card fits;
/// - 0.5 per 10 points of `c` in `rest` (call the colour it holds most points of), and 0.01 per
///   10 points of the card played (shed high points first when all else is equal);
/// - 1 for a Skip, Draw Two or Wild Draw Four (the next player loses a turn), 1 more for a draw
///   card; and when the player who would act next holds two cards or fewer, 20 (one card) or 10
///   (two cards) more, so it attacks a player about to go out;
/// - minus 20 times the share of `c` among the cards it has not seen (108 minus its hand and the
///   discard pile): it steers play to colours the other hands are likely short of.
///
/// After drawing a playable card it plays it, except that it keeps a drawn wild while it holds
/// more than three other cards. It keeps no state between decisions.
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: GameRng,
}

impl HeuristicBot {
    /// A heuristic bot with its seed.
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot { rng: seeded(seed) }
    }

    /// The colour to call for a hand (the seed's `call_color`) when nothing else matters: the
    /// most points held, then the most cards, then one `avoid` did not call, then red, green,
    /// blue, yellow in turn.
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
        if let Some(d) = obs.drawn {
            if d.is_wild() && keeps_drawn_wild(obs.hand.len()) {
                return UnoAction::Pass;
            }
        }
        let mut hand: Counts = [0; KINDS];
        for c in &obs.hand {
            hand[c.index()] += 1;
        }
        let unseen = unseen_colours(&hand, &obs.discard);
        let next_size = obs.hand_sizes[obs.next_player()];
        let mut best: Vec<UnoAction> = Vec::new();
        let mut best_score = f64::NEG_INFINITY;
        for &a in legal {
            let (card, col) = match a {
                UnoAction::Play(c) => (c, c.color().expect("a played card is coloured")),
                UnoAction::Wild(c, k) => (c, k),
                UnoAction::Draw | UnoAction::Pass => continue,
            };
            let s = score_play(&hand, card, col, next_size, &unseen);
            if s > best_score + 1e-9 {
                best.clear();
                best_score = s;
            }
            if (s - best_score).abs() <= 1e-9 {
                best.push(a);
            }
        }
        match best.len() {
            0 => legal[0],
            n => best[self.rng.random_range(0..n)],
        }
    }
}

/// A hand as counts per card kind.
pub(crate) type Counts = [u8; KINDS];

/// The heuristic's score of playing `card` from `hand` with `col` the new up colour, when the
/// player to act next holds `next_size` cards and `unseen` coloured cards of each colour are
/// unseen (see [`HeuristicBot`]'s documentation).
pub(crate) fn score_play(
    hand: &Counts,
    card: Card,
    col: Color,
    next_size: usize,
    unseen: &[i32; 4],
) -> f64 {
    let mut rest = *hand;
    let k = &mut rest[card.index()];
    *k = k.saturating_sub(1);
    let mut follow = 0u32;
    let mut col_points = 0u32;
    for r in 0..13 {
        let n = u32::from(rest[col.index() * 13 + r]);
        follow += n;
        col_points += n * Card::from_index(col.index() * 13 + r).map_or(0, |c| c.points());
    }
    let covered = (0..4)
        .filter(|c| rest[c * 13..c * 13 + 13].iter().any(|&n| n > 0))
        .count() as f64;
    let wilds = f64::from(rest[Card::WILD.index()]) + f64::from(rest[Card::WILD_DRAW_FOUR.index()]);
    let mut s = FOLLOW * f64::from(follow)
        + COVER * covered
        + WILD_KEPT * wilds
        + COLOUR_POINTS * f64::from(col_points) / 10.0
        + SHED_POINTS * f64::from(card.points()) / 10.0;
    if matches!(card.rank(), Rank::Skip | Rank::DrawTwo | Rank::WildDrawFour) {
        s += TEMPO;
        if next_size <= 2 {
            s += 10.0 * (3 - next_size) as f64;
        }
    }
    if matches!(card.rank(), Rank::DrawTwo | Rank::WildDrawFour) {
        s += DRAW_PENALTY;
    }
    let total: i32 = unseen.iter().sum();
    if total > 0 {
        s -= SCARCITY * f64::from(unseen[col.index()]) / f64::from(total);
    }
    s
}

/// Coloured cards of each colour that a player holding `hand` has not seen, with `discard` the
/// discard pile: 25 each, minus its hand and the discards.
pub(crate) fn unseen_colours(hand: &Counts, discard: &[Card]) -> [i32; 4] {
    let mut unseen = [25i32; 4];
    for (c, u) in unseen.iter_mut().enumerate() {
        *u -= hand[c * 13..c * 13 + 13]
            .iter()
            .map(|&n| i32::from(n))
            .sum::<i32>();
    }
    for c in discard {
        if let Some(k) = c.color() {
            unseen[k.index()] -= 1;
        }
    }
    unseen
}

/// Whether the heuristic keeps (passes on) a drawn wild, holding `hand_size` cards with it.
pub(crate) fn keeps_drawn_wild(hand_size: usize) -> bool {
    hand_size > KEEP_DRAWN_WILD_ABOVE + 1
}

impl Bot<Uno> for HeuristicBot {
    fn act(&mut self, d: &Decision<'_, Uno>) -> UnoAction {
        self.choose(d.observation(), d.legal)
    }
}
