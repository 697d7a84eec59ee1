//! What one seat sees: [`UnoObservation`], the seed's `GameState`, and resampling from it.

use std::fmt;

use parlour_core::rng::GameRng;
use parlour_core::{ResampleError, Seat};
use rand::seq::SliceRandom;
use rand::RngExt;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Color, UnoAction, KINDS};
use crate::game::{Rebuild, Uno, UnoState, DECK_SIZE};

/// The direction of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Seat `i` is followed by `i + 1`.
    Clockwise,
    /// Seat `i` is followed by `i - 1`.
    Counterclockwise,
}

/// How a completed round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundOutcome {
    /// The round's index, from 0.
    pub round: u32,
    /// The seat that emptied its hand, or `None` when the round was drawn (no cards left to draw).
    pub winner: Option<Seat>,
    /// Points the winner scored: the cards left in all other hands.
    pub points: u32,
}

/// Exactly what one seat sees at the table (the seed's `GameState`, and more that is public).
///
/// Other seats' hands and the order of the draw pile are never here. The seed's four `GameState`
/// queries are methods: [`num_cards_in_hand_of_upcoming_players`](Self::num_cards_in_hand_of_upcoming_players),
/// [`most_recent_color_called_by_upcoming_players`](Self::most_recent_color_called_by_upcoming_players),
/// [`total_score_of_upcoming_players`](Self::total_score_of_upcoming_players) and
/// [`played_cards`](Self::played_cards).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnoObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Seats at the table.
    pub players: usize,
    /// The observer's hand, sorted by kind.
    pub hand: Vec<Card>,
    /// The card the observer has just drawn and may now play (if it fits) or keep (only while it
    /// decides).
    pub drawn: Option<Card>,
    /// Whether the player to act has just drawn and is deciding whether to play that card. This is
    /// a decision even when `pass` is the only choice, so nobody learns whether a kept card fits.
    pub deciding_after_draw: bool,
    /// The up card.
    pub up_card: Card,
    /// The called colour, when the up card is a wild.
    pub called_color: Option<Color>,
    /// The direction of play.
    pub direction: Direction,
    /// The seat to act (`None` once the game is over).
    pub current_player: Option<Seat>,
    /// Every seat's hand size, by seat.
    pub hand_sizes: Vec<usize>,
    /// Every seat's total score, by seat.
    pub scores: Vec<u32>,
    /// The colour each seat last called this round, by seat.
    pub last_called: Vec<Option<Color>>,
    /// The discard pile, bottom first; the last card is the up card. Everything above the bottom
    /// card was played since the last reshuffle (or the round's start).
    pub discard: Vec<Card>,
    /// Cards in the draw pile.
    pub draw_pile: usize,
    /// Rounds completed in this game.
    pub rounds_completed: u32,
    /// Player decisions made so far in this game.
    pub decisions: u64,
    /// How the previous round ended.
    pub last_round: Option<RoundOutcome>,
}

impl UnoObservation {
    /// The other seats in clockwise order starting after the observer (as the seed defines
    /// "upcoming": ignoring skips and reverses).
    pub fn upcoming_players(&self) -> impl Iterator<Item = Seat> + '_ {
        (1..self.players).map(move |k| (self.seat + k) % self.players)
    }

    /// The seed's `get_num_cards_in_hand_of_upcoming_players()`.
    pub fn num_cards_in_hand_of_upcoming_players(&self) -> Vec<usize> {
        self.upcoming_players()
            .map(|s| self.hand_sizes[s])
            .collect()
    }

    /// The seed's `get_most_recent_color_called_by_upcoming_players()` (`None` is the seed's `'none'`).
    pub fn most_recent_color_called_by_upcoming_players(&self) -> Vec<Option<Color>> {
        self.upcoming_players()
            .map(|s| self.last_called[s])
            .collect()
    }

    /// The seed's `get_total_score_of_upcoming_players()`.
    pub fn total_score_of_upcoming_players(&self) -> Vec<u32> {
        self.upcoming_players().map(|s| self.scores[s]).collect()
    }

    /// The seed's `get_played_cards()`: cards played, in order, since the last reshuffle (or the
    /// start of the round; the card turned up at the start is not a played card).
    pub fn played_cards(&self) -> &[Card] {
        self.discard.get(1..).unwrap_or(&[])
    }

    /// The seat that plays after the observer in the current direction.
    pub fn next_player(&self) -> Seat {
        match self.direction {
            Direction::Clockwise => (self.seat + 1) % self.players,
            Direction::Counterclockwise => (self.seat + self.players - 1) % self.players,
        }
    }
}

impl fmt::Display for UnoObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Up card: {}", self.up_card)?;
        if let Some(c) = self.called_color {
            write!(f, " (called {c})")?;
        }
        writeln!(
            f,
            "   direction: {}   draw pile: {}   round {}",
            match self.direction {
                Direction::Clockwise => "clockwise",
                Direction::Counterclockwise => "counterclockwise",
            },
            self.draw_pile,
            self.rounds_completed + 1
        )?;
        for s in 0..self.players {
            let me = if s == self.seat { " (you)" } else { "" };
            let turn = if self.current_player == Some(s) {
                "→"
            } else {
                " "
            };
            write!(
                f,
                "{turn} seat {s}{me}: {} cards, {} points",
                self.hand_sizes[s], self.scores[s]
            )?;
            if let Some(c) = self.last_called[s] {
                write!(f, ", last called {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "Your hand:")?;
        for (i, c) in self.hand.iter().enumerate() {
            write!(f, " [{i}] {c}")?;
        }
        if let Some(c) = self.drawn {
            write!(f, "\nYou drew {c}: play it if it fits, or pass.")?;
        }
        Ok(())
    }
}

/// Reads a person's decision: a hand index (`3`), a hand index and colour for a wild (`3 b`,
/// `3 blue`), `d`/`draw`, `p`/`pass`, or an action's text (`R5`, `W:B`).
pub(crate) fn parse_human(
    obs: &UnoObservation,
    legal: &[UnoAction],
    input: &str,
) -> Result<UnoAction, String> {
    let input = input.trim();
    let mut words = input.split_whitespace();
    let first = words
        .next()
        .ok_or("type a card's index, `draw` or `pass`")?;
    let action = match first {
        "d" | "draw" => UnoAction::Draw,
        "p" | "pass" => UnoAction::Pass,
        _ => {
            if let Ok(i) = first.parse::<usize>() {
                let card = *obs.hand.get(i).ok_or_else(|| {
                    format!(
                        "there is no card [{i}]: your hand has {} cards",
                        obs.hand.len()
                    )
                })?;
                if card.is_wild() {
                    let word = words.next().ok_or_else(|| {
                        format!("{card} is a wild: add the colour to call, e.g. `{i} red`")
                    })?;
                    let color = Color::parse_loose(word).ok_or_else(|| {
                        format!("{word:?} is not a colour (red, green, blue, yellow)")
                    })?;
                    UnoAction::Wild(card, color)
                } else {
                    UnoAction::Play(card)
                }
            } else {
                input.parse::<UnoAction>().map_err(|e| e.to_string())?
            }
        }
    };
    if words.next().is_some() && !matches!(action, UnoAction::Wild(..)) {
        return Err(format!("unexpected text after {first:?}"));
    }
    if legal.contains(&action) {
        Ok(action)
    } else {
        let options: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
        Err(format!(
            "{action} is not legal now; legal: {}",
            options.join(", ")
        ))
    }
}

/// A full state consistent with `obs`: the cards `obs`'s seat cannot see are shuffled and dealt to
/// the other hands (by their sizes) and the draw pile. Inferences from others' past play (e.g. that a player who drew
/// held nothing playable then) are not used.
pub(crate) fn resample(
    game: &Uno,
    obs: &UnoObservation,
    rng: &mut GameRng,
) -> Result<UnoState, ResampleError> {
    let err = |m: String| Err(ResampleError(m));
    let n = obs.players;
    if n != parlour_core::Game::num_players(game) {
        return err(format!(
            "observation for {n} players, game for {}",
            parlour_core::Game::num_players(game)
        ));
    }
    if obs.seat >= n
        || obs.hand_sizes.len() != n
        || obs.scores.len() != n
        || obs.last_called.len() != n
        || obs.current_player.is_some_and(|c| c >= n)
    {
        return err("seat or per-seat lists do not fit the table".into());
    }
    if obs.hand_sizes[obs.seat] != obs.hand.len() {
        return err("the observer's hand size disagrees with its hand".into());
    }
    if obs.discard.last() != Some(&obs.up_card) {
        return err("the up card is not the top of the discard pile".into());
    }
    let mut unseen = [0i32; KINDS];
    for c in Card::all_kinds() {
        unseen[c.index()] = i32::from(c.copies_in_deck());
    }
    for &c in obs.hand.iter().chain(&obs.discard) {
        unseen[c.index()] -= 1;
        if unseen[c.index()] < 0 {
            return err(format!("more copies of {c} seen than the deck holds"));
        }
    }
    let mut pool: Vec<Card> = Vec::with_capacity(DECK_SIZE);
    for c in Card::all_kinds() {
        for _ in 0..unseen[c.index()] {
            pool.push(c);
        }
    }
    let needed: usize = (0..n)
        .filter(|&s| s != obs.seat)
        .map(|s| obs.hand_sizes[s])
        .sum::<usize>()
        + obs.draw_pile;
    if pool.len() < needed {
        return err(format!(
            "{} unseen cards but {needed} hidden places",
            pool.len()
        ));
    }
    pool.shuffle(rng);
    // In a scripted position that leaves cards out of play, a random subset of the unseen cards
    // fills the hidden places; in a dealt game the two counts are equal.
    pool.truncate(needed);
    let mut drawn = obs.drawn;
    let deciding_other = match obs.current_player {
        Some(c) if obs.deciding_after_draw && c != obs.seat => Some(c),
        _ => None,
    };
    if obs.deciding_after_draw && obs.current_player == Some(obs.seat) && obs.drawn.is_none() {
        return err("the observer is deciding after a draw but its drawn card is missing".into());
    }
    if let Some(c) = obs.drawn {
        if !obs.hand.contains(&c) {
            return err(format!("the drawn card {c} is not in the hand"));
        }
    }
    if let Some(player) = deciding_other {
        // Any unseen card may be the one just drawn: whether it fits is the drawer's to see.
        if obs.hand_sizes[player] == 0 {
            return err("the player deciding after a draw has no cards".into());
        }
        drawn = pool.pop();
    }
    let mut hands = vec![Vec::new(); n];
    hands[obs.seat] = obs.hand.clone();
    for s in (0..n).filter(|&s| s != obs.seat) {
        let mut size = obs.hand_sizes[s];
        if Some(s) == deciding_other {
            hands[s].push(drawn.expect("set above"));
            size -= 1;
        }
        hands[s].extend(pool.drain(pool.len() - size..));
    }
    let state = Rebuild {
        obs,
        hands,
        draw_pile: pool,
        drawn,
        seed: rng.random(),
    }
    .build(game);
    Ok(state)
}
