//! The Phased Out engine: [`Phased`] (options), [`PhasedState`], [`PhasedObservation`], and
//! [`PhasedAction`] with its text form.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use parlour_cards::{decks, parse_cards, Card, CardCounts};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::{
    Bounds, Game, IllegalAction, OptionsError, ParseActionError, ResampleError, RoundResult, Seat,
    State,
};
use rand::seq::SliceRandom;
use rand::RngExt;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::finder::phase_plays;
use crate::groups::{penalty, phase_type, PhaseType, TableGroup};

/// Seats at the table.
pub const PLAYERS: usize = 4;
/// Cards dealt to each player per hand.
pub const HAND_SIZE: usize = 10;
/// Hands in a game at most.
pub const MAX_HANDS: u8 = 12;
/// Turns each player plays in a hand at most.
pub const MAX_TURNS: u16 = 50;
/// The most cards a group in a phase play has.
pub const MAX_GROUP: usize = 8;

/// The largest penalty total twelve hands can give (every card of both packs, Jokers included,
/// worth 25, every hand).
pub const MAX_SCORE: u32 = 12 * 108 * 25;

/// Added to a seat's return when it completed every phase.
pub const FINISH_BONUS: f64 = 10_000.0;

/// Which rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// The five phases in order; 104 cards.
    #[default]
    Standard,
    /// Phases in any order, each once; four Jokers as Skip cards (108 cards).
    Bonus,
}

/// Phased Out's options.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PhasedOptions {
    /// The rules variant.
    pub variant: Variant,
}

/// The game of Phased Out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Phased {
    options: PhasedOptions,
}

impl Phased {
    /// The standard game.
    pub fn standard() -> Phased {
        Phased::default()
    }

    /// The bonus variant.
    pub fn bonus() -> Phased {
        Phased {
            options: PhasedOptions {
                variant: Variant::Bonus,
            },
        }
    }
}

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
/// next turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
                    .map_err(|e: parlour_cards::ParseCardError| bad(e.to_string()))?;
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
                    .map_err(|e: parlour_cards::ParseCardError| bad(e.to_string()))?;
                Ok(PhasedAction::Discard(card))
            }
            "skip" => Ok(PhasedAction::Skip(number(rest, "seat")?)),
            _ => Err(bad("expected draw, take, lay, add, discard or skip".into())),
        }
    }
}

impl Serialize for PhasedAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PhasedAction {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PhasedAction, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    /// The player to act draws or takes the discard.
    Draw,
    /// The player to act lays, adds, and discards.
    Play,
    /// The game is over.
    Over,
}

/// A full Phased Out position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhasedState {
    bonus: bool,
    hands: [CardCounts; PLAYERS],
    /// Face down, top last.
    deck: Vec<Card>,
    /// Face up, top last.
    discard: Vec<Card>,
    table: [Vec<TableGroup>; PLAYERS],
    /// Bit `p - 1` set once phase `p` is complete.
    done: [u8; PLAYERS],
    laid: [bool; PLAYERS],
    /// Cards each seat took from the discard pile and still holds: everyone saw them.
    known: [Vec<Card>; PLAYERS],
    skip: [bool; PLAYERS],
    turns: [u16; PLAYERS],
    scores: [u32; PLAYERS],
    dealer: u8,
    current: u8,
    step: Step,
    hands_completed: u8,
    last_card_drawn: bool,
    game_ends_after_hand: bool,
    decisions: u64,
    rng: GameRng,
}

/// What one seat sees: its hand, the table, the whole discard pile, which cards each other seat
/// is known to hold (taken from the discard pile), and public counts; never the deck's order or
/// the rest of the other hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhasedObservation {
    /// The observer.
    pub seat: Seat,
    /// The rules variant.
    pub variant: Variant,
    /// The observer's hand, sorted.
    pub hand: Vec<Card>,
    /// Every seat's hand size.
    pub hand_sizes: Vec<usize>,
    /// Per seat, the cards it took from the discard pile this hand and still holds.
    pub known: Vec<Vec<Card>>,
    /// The discard pile, bottom first (the last card is the top).
    pub discard: Vec<Card>,
    /// Cards left in the deck.
    pub deck: usize,
    /// Each seat's groups on the table.
    pub table: Vec<Vec<TableGroup>>,
    /// Each seat's completed phases (1–5).
    pub phases_done: Vec<Vec<u8>>,
    /// Whether each seat has laid its phase this hand.
    pub laid: Vec<bool>,
    /// Seats nominated to miss their next turn.
    pub skip_next: Vec<bool>,
    /// Turns each seat has played this hand.
    pub turns: Vec<u16>,
    /// Each seat's penalty total.
    pub scores: Vec<u32>,
    /// The dealer of this hand.
    pub dealer: Seat,
    /// The seat to act (`None` once the game is over).
    pub current_player: Option<Seat>,
    /// Where the turn stands.
    pub step: Step,
    /// Hands completed.
    pub hands_completed: u8,
    /// The player to act drew the deck's last card: the hand ends with its discard.
    pub last_card_drawn: bool,
    /// Someone has completed the last phase: the game ends with this hand.
    pub game_ends_after_hand: bool,
    /// Decisions made so far.
    pub decisions: u64,
}

impl fmt::Display for PhasedObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Hand {} · dealer seat {} · deck {} · discard top {}",
            self.hands_completed.saturating_add(1),
            self.dealer,
            self.deck,
            self.discard
                .last()
                .map_or("(empty)".to_string(), |c| c.to_string())
        )?;
        let seats = [
            self.hand_sizes.len(),
            self.phases_done.len(),
            self.scores.len(),
            self.skip_next.len(),
            self.table.len(),
        ]
        .into_iter()
        .min()
        .unwrap_or(0);
        for s in 0..seats {
            let me = if s == self.seat { " (you)" } else { "" };
            let turn = if self.current_player == Some(s) {
                "→"
            } else {
                " "
            };
            write!(
                f,
                "{turn} seat {s}{me}: {} · phases done {:?} · {} · penalty {}",
                crate::text::count(self.hand_sizes[s], "card"),
                self.phases_done[s],
                crate::text::needed_text(self.variant, &self.phases_done[s]),
                self.scores[s]
            )?;
            if self.skip_next[s] {
                write!(f, " · skips next turn")?;
            }
            writeln!(f)?;
            for (g, group) in self.table[s].iter().enumerate() {
                let cards: Vec<String> = group.cards.iter().map(|c| c.to_string()).collect();
                writeln!(f, "      group {s} {g}: {}", cards.join(" "))?;
            }
        }
        if let Some(done) = self.phases_done.get(self.seat) {
            writeln!(f, "{}", crate::text::own_needs(self.variant, done))?;
        }
        let hand: Vec<String> = self.hand.iter().map(|c| c.to_string()).collect();
        write!(f, "Your hand: {}", hand.join(" "))
    }
}

/// An exact position for tests (after shakmaty's `Setup`): hands, piles, table and progress.
/// Cards mentioned nowhere are out of play, so a setup may use part of the packs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PhasedSetup {
    /// Each seat's hand.
    pub hands: Vec<Vec<Card>>,
    /// The deck, bottom first (the last card is drawn next).
    pub deck: Vec<Card>,
    /// The discard pile, bottom first (the last card is the top).
    pub discard: Vec<Card>,
    /// Each seat's groups on the table (each a valid group, laid as its type).
    pub table: Vec<Vec<Vec<Card>>>,
    /// Each seat's completed phases.
    pub phases_done: Vec<Vec<u8>>,
    /// Whether each seat has laid its phase this hand.
    pub laid: Vec<bool>,
    /// Each seat's penalty total.
    pub scores: Vec<u32>,
    /// Turns each seat has played this hand.
    pub turns: Vec<u16>,
    /// The dealer.
    pub dealer: Seat,
    /// The seat to act.
    pub current: Seat,
    /// Whether that seat has already drawn (it is in its play step).
    pub drawn: bool,
    /// Hands completed.
    pub hands_completed: u8,
    /// Seed for later deals.
    pub seed: u64,
}

/// Why a setup is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid Phased Out setup: {0}")]
pub struct SetupError(pub String);

impl PhasedState {
    /// Builds the position `setup` describes, for `game`.
    pub fn from_setup(game: &Phased, setup: &PhasedSetup) -> Result<PhasedState, SetupError> {
        let err = |m: String| Err(SetupError(m));
        let bonus = game.options.variant == Variant::Bonus;
        let per_seat = |name: &str, len: usize| -> Result<(), SetupError> {
            if len != 0 && len != PLAYERS {
                return Err(SetupError(format!("{len} {name} for {PLAYERS} seats")));
            }
            Ok(())
        };
        if setup.hands.len() != PLAYERS {
            return err(format!("{} hands for {PLAYERS} seats", setup.hands.len()));
        }
        per_seat("tables", setup.table.len())?;
        per_seat("phase lists", setup.phases_done.len())?;
        per_seat("laid flags", setup.laid.len())?;
        per_seat("scores", setup.scores.len())?;
        per_seat("turn counts", setup.turns.len())?;
        if setup.dealer >= PLAYERS || setup.current >= PLAYERS {
            return err("dealer and current must be seats 0 to 3".into());
        }
        if setup.hands_completed >= MAX_HANDS {
            return err(format!(
                "{} hands completed: a game has {MAX_HANDS}",
                setup.hands_completed
            ));
        }
        if setup.turns.iter().any(|&t| t > MAX_TURNS) {
            return err(format!("a seat has played more than {MAX_TURNS} turns"));
        }
        if setup.scores.iter().any(|&x| x > MAX_SCORE) {
            return err(format!(
                "a penalty total above {MAX_SCORE} cannot be reached"
            ));
        }
        if !bonus {
            for (p, done) in setup.phases_done.iter().enumerate() {
                let mut sorted = done.clone();
                sorted.sort();
                if sorted != (1..=done.len() as u8).collect::<Vec<_>>() {
                    return err(format!(
                        "seat {p}'s phases {done:?}: standard phases are done in order"
                    ));
                }
            }
        }
        let mut left: CardCounts = decks(2, if bonus { 4 } else { 0 }).into_iter().collect();
        let everything = setup
            .hands
            .iter()
            .flatten()
            .chain(&setup.deck)
            .chain(&setup.discard)
            .chain(setup.table.iter().flatten().flatten());
        for &c in everything {
            if !left.remove(c) {
                return err(format!("more copies of {c} than the packs hold"));
            }
        }
        let mut s = game.new_game(setup.seed);
        for p in 0..PLAYERS {
            s.hands[p] = setup.hands[p].iter().copied().collect();
            s.known[p].clear();
            s.table[p].clear();
            if let Some(groups) = setup.table.get(p) {
                for g in groups {
                    let ty = crate::groups::group_type(g)
                        .map_err(|e| SetupError(format!("seat {p}'s group: {e}")))?;
                    s.table[p].push(TableGroup::laid(g, ty));
                }
            }
            s.done[p] = 0;
            if let Some(done) = setup.phases_done.get(p) {
                for &ph in done {
                    if !(1..=5).contains(&ph) {
                        return err(format!("no phase {ph}"));
                    }
                    s.done[p] |= 1 << (ph - 1);
                }
            }
            s.laid[p] = setup.laid.get(p).copied().unwrap_or(false);
            s.scores[p] = setup.scores.get(p).copied().unwrap_or(0);
            s.turns[p] = setup.turns.get(p).copied().unwrap_or(0);
            s.skip[p] = false;
        }
        s.deck = setup.deck.clone();
        s.discard = setup.discard.clone();
        s.dealer = setup.dealer as u8;
        s.current = setup.current as u8;
        s.step = if setup.drawn { Step::Play } else { Step::Draw };
        s.hands_completed = setup.hands_completed;
        s.last_card_drawn = setup.drawn && s.deck.is_empty();
        if !setup.drawn && s.deck.is_empty() {
            return err("the deck is empty before the draw: the hand would already be over".into());
        }
        let all = s.all_phases();
        s.game_ends_after_hand = s.done.iter().any(|&d| d & all == all);
        s.decisions = 0;
        Ok(s)
    }
}

fn bit(phase: PhaseType) -> u8 {
    1 << (phase.0 - 1)
}

impl PhasedState {
    fn deal(&mut self) {
        let mut deck = decks(2, if self.bonus { 4 } else { 0 });
        deck.shuffle(&mut self.rng);
        for p in 0..PLAYERS {
            self.hands[p] = CardCounts::new();
            self.table[p].clear();
            self.known[p].clear();
        }
        // Dealt one at a time, starting left of the dealer.
        for _ in 0..HAND_SIZE {
            for k in 1..=PLAYERS {
                let p = (self.dealer as usize + k) % PLAYERS;
                self.hands[p].add(deck.pop().expect("104 cards cover the deal"));
            }
        }
        self.discard = vec![deck.pop().expect("cards remain after the deal")];
        self.deck = deck;
        self.laid = [false; PLAYERS];
        self.skip = [false; PLAYERS];
        self.turns = [0; PLAYERS];
        self.current = (self.dealer + 1) % PLAYERS as u8;
        self.step = Step::Draw;
        self.last_card_drawn = false;
    }

    /// The phase bits a seat must hold to have completed every phase: phase 5 (laid last) in
    /// the standard game, all five in the bonus variant.
    fn all_phases(&self) -> u8 {
        if self.bonus {
            0b11111
        } else {
            0b10000
        }
    }

    /// The phases seat `p` may lay now: the next in order, or in the bonus variant any not done.
    pub fn phases_open(&self, p: Seat) -> Vec<PhaseType> {
        let done = self.done[p];
        if self.bonus {
            PhaseType::ALL
                .into_iter()
                .filter(|&ph| done & bit(ph) == 0)
                .collect()
        } else {
            PhaseType::ALL
                .into_iter()
                .find(|&ph| done & bit(ph) == 0)
                .into_iter()
                .collect()
        }
    }

    /// Hands completed so far (0 to 12): it goes up the moment a hand ends, so a search can
    /// tell where the hand it started in is over. (The game is reported as one round, so
    /// [`State::rounds_completed`] stays 0 until the game ends.)
    pub fn hands_completed(&self) -> u8 {
        self.hands_completed
    }

    /// Where the turn stands.
    pub fn step(&self) -> Step {
        self.step
    }

    /// Whether `seat` has laid its phase this hand.
    pub fn has_laid(&self, seat: Seat) -> bool {
        self.laid[seat]
    }

    /// How many phases `seat` has completed.
    pub fn phases_completed(&self, seat: Seat) -> u32 {
        self.done[seat].count_ones()
    }

    /// Whether `seat` has completed every phase (so the game ends with this hand).
    pub fn finished(&self, seat: Seat) -> bool {
        let all = self.all_phases();
        self.done[seat] & all == all
    }

    /// Whether this is the bonus variant.
    pub fn is_bonus(&self) -> bool {
        self.bonus
    }

    /// A seat's hand as counts (for search code that reads states directly).
    pub(crate) fn hand_counts(&self, seat: Seat) -> &CardCounts {
        &self.hands[seat]
    }

    /// Every seat's groups on the table.
    pub(crate) fn table(&self) -> &[Vec<TableGroup>; PLAYERS] {
        &self.table
    }

    /// The discard pile's top card.
    pub(crate) fn discard_top(&self) -> Option<Card> {
        self.discard.last().copied()
    }

    /// The deck's top card (drawn next).
    pub(crate) fn deck_top(&self) -> Option<Card> {
        self.deck.last().copied()
    }

    /// The card `seat` most recently took from the discard pile and still holds.
    pub(crate) fn last_known(&self, seat: Seat) -> Option<Card> {
        self.known[seat].last().copied()
    }

    /// The seat to act (meaningless once the game is over).
    pub(crate) fn mover(&self) -> Seat {
        self.current as usize
    }

    /// A seat's hand, sorted.
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        self.hands[seat].to_vec()
    }

    /// Each seat's penalty total.
    pub fn scores(&self) -> [u32; PLAYERS] {
        self.scores
    }

    /// The winners once the game is over: among the seats that completed every phase, the lowest
    /// penalty total (ties all win); if none did, the lowest total.
    pub fn winners(&self) -> Vec<Seat> {
        if self.step != Step::Over {
            return Vec::new();
        }
        let all = self.all_phases();
        let finished: Vec<Seat> = (0..PLAYERS)
            .filter(|&p| self.done[p] & all == all)
            .collect();
        let pool: Vec<Seat> = if finished.is_empty() {
            (0..PLAYERS).collect()
        } else {
            finished
        };
        let best = pool.iter().map(|&p| self.scores[p]).min().unwrap_or(0);
        pool.into_iter()
            .filter(|&p| self.scores[p] == best)
            .collect()
    }

    /// Checks that every card (104, or 108 with Jokers) is in exactly one place.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut all = CardCounts::new();
        for p in 0..PLAYERS {
            all.extend(self.hands[p].cards());
            for g in &self.table[p] {
                all.extend(g.cards.iter().copied());
            }
            for &c in &self.known[p] {
                if self.hands[p].count(c) < self.known[p].iter().filter(|&&k| k == c).count() as u8
                {
                    return Err(format!("seat {p} is known to hold {c} but does not"));
                }
            }
        }
        all.extend(self.deck.iter().copied());
        all.extend(self.discard.iter().copied());
        let expected: CardCounts = decks(2, if self.bonus { 4 } else { 0 })
            .into_iter()
            .collect();
        if all != expected {
            return Err(format!(
                "{} cards in play, expected {}",
                all.len(),
                expected.len()
            ));
        }
        Ok(())
    }

    fn remove_from_hand(&mut self, p: usize, c: Card) {
        self.hands[p].remove(c);
        if let Some(i) = self.known[p].iter().position(|&k| k == c) {
            self.known[p].remove(i);
        }
    }

    fn end_hand(&mut self) {
        for p in 0..PLAYERS {
            self.scores[p] += self.hands[p].cards().map(penalty).sum::<u32>();
        }
        self.hands_completed += 1;
        if self.game_ends_after_hand || self.hands_completed >= MAX_HANDS {
            self.step = Step::Over;
        } else {
            self.dealer = (self.dealer + 1) % PLAYERS as u8;
            self.deal();
        }
    }

    fn end_turn(&mut self) {
        let p = self.current as usize;
        self.turns[p] += 1;
        if self.hands[p].is_empty()
            || self.last_card_drawn
            || self.turns.iter().all(|&t| t >= MAX_TURNS)
        {
            self.end_hand();
            return;
        }
        let mut next = (p + 1) % PLAYERS;
        while self.skip[next] {
            self.skip[next] = false;
            next = (next + 1) % PLAYERS;
        }
        self.current = next as u8;
        self.step = Step::Draw;
    }
}

impl Game for Phased {
    /// 10,000 for completing every phase, less the penalty points (never negative).
    fn return_bounds(&self) -> Bounds {
        Bounds::at_most(10_000.0)
    }

    fn figure_bounds(&self) -> Vec<(&'static str, Bounds)> {
        vec![
            ("penalty", Bounds::at_least(0.0)),
            ("phases", Bounds::between(0.0, 5.0)),
        ]
    }

    type Options = PhasedOptions;
    type Action = PhasedAction;
    type Observation = PhasedObservation;
    type State = PhasedState;
    const NAME: &'static str = "phased";

    fn player_range() -> RangeInclusive<usize> {
        PLAYERS..=PLAYERS
    }

    fn new(options: PhasedOptions) -> Result<Phased, OptionsError> {
        Ok(Phased { options })
    }

    fn options(&self) -> &PhasedOptions {
        &self.options
    }

    fn num_players(&self) -> usize {
        PLAYERS
    }

    fn max_decisions(&self) -> Option<u64> {
        // Per turn at most: a draw, a lay, one add per card held (at most 11), a discard.
        // Skips (four Jokers a hand) can give a seat a few extra turns before all reach 50.
        Some(u64::from(MAX_HANDS) * u64::from(MAX_TURNS + 4) * PLAYERS as u64 * 14)
    }

    fn new_game(&self, seed: u64) -> PhasedState {
        let mut s = PhasedState {
            bonus: self.options.variant == Variant::Bonus,
            hands: Default::default(),
            deck: Vec::new(),
            discard: Vec::new(),
            table: Default::default(),
            done: [0; PLAYERS],
            laid: [false; PLAYERS],
            known: Default::default(),
            skip: [false; PLAYERS],
            turns: [0; PLAYERS],
            scores: [0; PLAYERS],
            // Player 0 deals the first hand, so player 1 leads it.
            dealer: 0,
            current: 1,
            step: Step::Draw,
            hands_completed: 0,
            last_card_drawn: false,
            game_ends_after_hand: false,
            decisions: 0,
            rng: seeded(seed),
        };
        s.deal();
        s
    }

    fn resample(
        &self,
        obs: &PhasedObservation,
        rng: &mut GameRng,
    ) -> Result<PhasedState, ResampleError> {
        resample(self, obs, rng)
    }

    /// Checks the observation once, then deals each determinization from the unseen cards
    /// counted then: the same draws as [`Game::resample`], without recounting.
    fn sampler<'a>(
        &'a self,
        observation: &'a PhasedObservation,
        _rng: &mut GameRng,
    ) -> Result<Box<dyn parlour_core::search::Sampler<Phased> + 'a>, ResampleError> {
        Ok(Box::new(crate::search::FastSampler::new(
            self,
            observation,
        )?))
    }

    /// Greedy playouts to the end of the hand, judged by phase progress and penalty points
    /// (see [`crate::search`]).
    fn search_tuning(&self) -> parlour_core::search::SearchTuning<Phased> {
        crate::search::tuning()
    }

    fn observer(obs: &PhasedObservation) -> Seat {
        obs.seat
    }

    fn bots() -> &'static [parlour_core::BotEntry<Phased>] {
        crate::bots::BOTS
    }

    fn parse_human(
        &self,
        obs: &PhasedObservation,
        legal: &[PhasedAction],
        input: &str,
    ) -> Result<PhasedAction, String> {
        crate::text::parse_human(obs, legal, input)
    }
}

/// Checks a proposed phase against what the seat sees: the precise reason when it is invalid.
pub fn check_lay(obs: &PhasedObservation, play: &PhasePlay) -> Result<(), String> {
    if obs.current_player != Some(obs.seat) || obs.step != Step::Play {
        return Err("you may lay a phase only on your turn, after drawing".into());
    }
    // An observation read from outside may be malformed: an error, never a panic.
    let (Some(&laid), Some(done)) = (obs.laid.get(obs.seat), obs.phases_done.get(obs.seat)) else {
        return Err("the observation has no entry for its own seat".into());
    };
    if laid {
        return Err("only one phase can be laid in a hand".into());
    }
    if obs.hand.len() > 108 {
        return Err(format!(
            "a hand of {} cards is more than the packs hold",
            obs.hand.len()
        ));
    }
    let mut hand: CardCounts = obs.hand.iter().copied().collect();
    if let Some(c) = play.all_cards().into_iter().find(|&c| !hand.remove(c)) {
        return Err(format!("{c} is not in your hand (or is used twice)"));
    }
    let phase = phase_type(&play.groups()).map_err(|e| e.to_string())?;
    let open: Vec<u8> = match obs.variant {
        Variant::Bonus => (1..=5).filter(|ph| !done.contains(ph)).collect(),
        Variant::Standard => (1..=5).find(|ph| !done.contains(ph)).into_iter().collect(),
    };
    if open.contains(&phase.0) {
        Ok(())
    } else {
        let left: Vec<String> = open.iter().map(|p| p.to_string()).collect();
        Err(format!(
            "these groups make {phase}, but you need phase {}",
            left.join(" or ")
        ))
    }
}

impl State<Phased> for PhasedState {
    /// `penalty`: each seat's penalty total; `phases`: the phases it completed.
    fn result_figures(&self) -> Vec<(&'static str, Vec<f64>)> {
        vec![
            (
                "penalty",
                self.scores.iter().map(|&s| f64::from(s)).collect(),
            ),
            (
                "phases",
                self.done
                    .iter()
                    .map(|&d| f64::from(d.count_ones()))
                    .collect(),
            ),
        ]
    }

    fn current_player(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.current as usize)
    }

    fn legal_actions(&self, out: &mut Vec<PhasedAction>) {
        out.clear();
        let p = self.current as usize;
        match self.step {
            Step::Over => {}
            Step::Draw => {
                if !self.deck.is_empty() {
                    out.push(PhasedAction::Draw);
                }
                if self.discard.last().is_some_and(|c| !c.is_joker()) {
                    out.push(PhasedAction::Take);
                }
            }
            Step::Play => {
                let hand = self.hands[p].to_vec();
                if !self.laid[p] {
                    for phase in self.phases_open(p) {
                        for play in phase_plays(&hand, phase) {
                            out.extend(PhasePlay::new(&play).map(PhasedAction::Lay));
                        }
                    }
                }
                let mut kinds = hand.clone();
                kinds.dedup();
                if self.laid[p] {
                    for &card in kinds.iter().filter(|c| !c.is_joker()) {
                        for owner in 0..PLAYERS {
                            for (g, group) in self.table[owner].iter().enumerate() {
                                for index in 0..=group.cards.len() {
                                    if group.accepts(card, index) {
                                        out.push(PhasedAction::Add {
                                            card,
                                            owner: owner as u8,
                                            group: g as u8,
                                            index: index as u8,
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
                for &card in &kinds {
                    if card.is_joker() {
                        out.extend(
                            (0..PLAYERS as u8)
                                .filter(|&t| t as usize != p)
                                .map(PhasedAction::Skip),
                        );
                    } else {
                        out.push(PhasedAction::Discard(card));
                    }
                }
            }
        }
    }

    fn check(&self, action: PhasedAction) -> Result<(), IllegalAction> {
        let bad = |why: String| Err(IllegalAction::new(action, why));
        let p = self.current as usize;
        match (self.step, action) {
            (Step::Over, _) => bad("the game is over".into()),
            (Step::Draw, PhasedAction::Draw) => Ok(()),
            (Step::Draw, PhasedAction::Take) => match self.discard.last() {
                None => bad("the discard pile is empty".into()),
                Some(c) if c.is_joker() => {
                    bad("a Joker on the discard pile cannot be taken".into())
                }
                Some(_) => Ok(()),
            },
            (Step::Draw, _) => bad("first draw from the deck or take the discard".into()),
            (Step::Play, PhasedAction::Draw | PhasedAction::Take) => {
                bad("you have already drawn this turn".into())
            }
            (Step::Play, PhasedAction::Lay(play)) => {
                if self.laid[p] {
                    return bad("only one phase can be laid in a hand".into());
                }
                let mut hand = self.hands[p].clone();
                if let Some(&c) = play.all_cards().iter().find(|&&c| !hand.remove(c)) {
                    return bad(format!("{c} is not in your hand (or is used twice)"));
                }
                let phase = phase_type(&play.groups())
                    .map_err(|e| IllegalAction::new(action, e.to_string()))?;
                let open = self.phases_open(p);
                if !open.contains(&phase) {
                    let needed = if self.bonus {
                        let left: Vec<String> = open.iter().map(|ph| ph.0.to_string()).collect();
                        format!("one of phases {}", left.join(", "))
                    } else {
                        open.first()
                            .map_or("no more phases".to_string(), |ph| ph.to_string())
                    };
                    return bad(format!("these groups make {phase}, but you need {needed}"));
                }
                Ok(())
            }
            (
                Step::Play,
                PhasedAction::Add {
                    card,
                    owner,
                    group,
                    index,
                },
            ) => {
                if !self.laid[p] {
                    return bad(
                        "you may add cards to groups only once your phase is down this hand".into(),
                    );
                }
                if !self.hands[p].contains(card) {
                    return bad(format!("{card} is not in your hand"));
                }
                let Some(g) = self
                    .table
                    .get(owner as usize)
                    .and_then(|t| t.get(group as usize))
                else {
                    return bad(format!("there is no group {owner} {group} on the table"));
                };
                g.check_add(card, index as usize)
                    .map_err(|e| IllegalAction::new(action, e.to_string()))
            }
            (Step::Play, PhasedAction::Discard(card)) => {
                if !self.hands[p].contains(card) {
                    bad(format!("{card} is not in your hand"))
                } else if card.is_joker() {
                    bad("a Joker is played as a Skip: `skip SEAT`".into())
                } else {
                    Ok(())
                }
            }
            (Step::Play, PhasedAction::Skip(t)) => {
                if !self.hands[p].contains(Card::JOKER) {
                    bad("you hold no Joker".into())
                } else if t as usize >= PLAYERS || t as usize == p {
                    bad(format!(
                        "seat {t} cannot be nominated: choose one of the other three"
                    ))
                } else {
                    Ok(())
                }
            }
        }
    }

    fn apply_unchecked(&mut self, action: PhasedAction) {
        self.decisions += 1;
        let p = self.current as usize;
        match action {
            PhasedAction::Draw => {
                if let Some(c) = self.deck.pop() {
                    self.hands[p].add(c);
                }
                self.last_card_drawn = self.deck.is_empty();
                self.step = Step::Play;
            }
            PhasedAction::Take => {
                if let Some(c) = self.discard.pop() {
                    self.hands[p].add(c);
                    self.known[p].push(c);
                }
                self.step = Step::Play;
            }
            PhasedAction::Lay(play) => {
                let groups = play.groups();
                for c in play.all_cards() {
                    self.remove_from_hand(p, c);
                }
                if let Ok(phase) = phase_type(&groups) {
                    for (g, ty) in groups.iter().zip(phase.groups()) {
                        self.table[p].push(TableGroup::laid(g, *ty));
                    }
                    self.done[p] |= bit(phase);
                    let all = self.all_phases();
                    if self.done[p] & all == all {
                        self.game_ends_after_hand = true;
                    }
                }
                self.laid[p] = true;
                if self.hands[p].is_empty() {
                    self.turns[p] += 1;
                    self.end_hand();
                }
            }
            PhasedAction::Add {
                card,
                owner,
                group,
                index,
            } => {
                self.remove_from_hand(p, card);
                if let Some(g) = self
                    .table
                    .get_mut(owner as usize)
                    .and_then(|t| t.get_mut(group as usize))
                {
                    g.add(card, index as usize);
                }
                if self.hands[p].is_empty() {
                    self.turns[p] += 1;
                    self.end_hand();
                }
            }
            PhasedAction::Discard(card) => {
                self.remove_from_hand(p, card);
                self.discard.push(card);
                self.end_turn();
            }
            PhasedAction::Skip(t) => {
                self.remove_from_hand(p, Card::JOKER);
                self.discard.push(Card::JOKER);
                // A second Skip on a seat already nominated has no effect.
                if let Some(flag) = self.skip.get_mut(t as usize) {
                    *flag = true;
                }
                self.end_turn();
            }
        }
    }

    /// Minus each seat's penalty total, plus [`FINISH_BONUS`] for a seat that completed every
    /// phase, so that returns rank seats as the winners rule does.
    fn returns(&self) -> Vec<f64> {
        let all = self.all_phases();
        (0..PLAYERS)
            .map(|p| {
                let bonus = if self.done[p] & all == all {
                    FINISH_BONUS
                } else {
                    0.0
                };
                bonus - f64::from(self.scores[p])
            })
            .collect()
    }

    fn observation(&self, seat: Seat) -> PhasedObservation {
        PhasedObservation {
            seat,
            variant: if self.bonus {
                Variant::Bonus
            } else {
                Variant::Standard
            },
            hand: self.hands[seat].to_vec(),
            hand_sizes: self.hands.iter().map(CardCounts::len).collect(),
            known: self
                .known
                .iter()
                .map(|k| {
                    let mut v = k.clone();
                    v.sort();
                    v
                })
                .collect(),
            discard: self.discard.clone(),
            deck: self.deck.len(),
            table: self.table.to_vec(),
            phases_done: self
                .done
                .iter()
                .map(|&d| (1..=5).filter(|&ph| d & (1 << (ph - 1)) != 0).collect())
                .collect(),
            laid: self.laid.to_vec(),
            skip_next: self.skip.to_vec(),
            turns: self.turns.to_vec(),
            scores: self.scores.to_vec(),
            dealer: self.dealer as usize,
            current_player: self.current_player(),
            step: self.step,
            hands_completed: self.hands_completed,
            last_card_drawn: self.last_card_drawn,
            game_ends_after_hand: self.game_ends_after_hand,
            decisions: self.decisions,
        }
    }

    fn decisions(&self) -> u64 {
        self.decisions
    }

    /// The whole game is reported as one round (its twelve hands are not scored separately): the
    /// points are minus the penalty totals, the winners as the rules say.
    fn last_round(&self) -> Option<RoundResult> {
        (self.step == Step::Over).then(|| RoundResult {
            round: 0,
            points: self.scores.iter().map(|&s| -f64::from(s)).collect(),
            winners: self.winners(),
        })
    }
}

/// A full state consistent with `obs`: the cards the observer has not seen (other hands, less the
/// cards each is known to have taken from the discard pile, and the deck) are shuffled and dealt
/// by the public sizes; the state's generator is reseeded, so later hands' deals are new too.
fn resample(
    game: &Phased,
    obs: &PhasedObservation,
    rng: &mut GameRng,
) -> Result<PhasedState, ResampleError> {
    Ok(determinizer(game, obs)?.deal(&mut Vec::new(), rng))
}

/// Checks `obs` and prepares the dealing of its determinizations (see [`Determinizer`]).
pub(crate) fn determinizer(
    game: &Phased,
    obs: &PhasedObservation,
) -> Result<Determinizer, ResampleError> {
    let err = |m: &str| Err(ResampleError(m.to_string()));
    let n = PLAYERS;
    if obs.seat >= n
        || [
            obs.hand_sizes.len(),
            obs.known.len(),
            obs.table.len(),
            obs.phases_done.len(),
            obs.laid.len(),
        ]
        .iter()
        .any(|&l| l != n)
        || [obs.skip_next.len(), obs.turns.len(), obs.scores.len()]
            .iter()
            .any(|&l| l != n)
        || obs.dealer >= n
        || obs.current_player.is_some_and(|c| c >= n)
        || (obs.current_player.is_none()) != (obs.step == Step::Over)
        || obs.hand_sizes.iter().any(|&s| s > 108)
    {
        return err("the observation does not fit a four-seat table");
    }
    let bonus = obs.variant == Variant::Bonus;
    if bonus != (game.options.variant == Variant::Bonus) {
        return err("the observation is for the other variant");
    }
    if obs.table.iter().flatten().any(|g| !g.is_consistent()) {
        return err("a table group does not fit its kind");
    }
    if obs.turns.iter().any(|&t| t > MAX_TURNS + 4)
        || obs.hands_completed > MAX_HANDS
        || (obs.hands_completed == MAX_HANDS && obs.step != Step::Over)
        || obs.scores.iter().any(|&x| x > MAX_SCORE)
        || obs.decisions > game.max_decisions().unwrap_or(u64::MAX)
    {
        return err("a counter is out of range");
    }
    if obs.step == Step::Draw && obs.deck == 0 && obs.discard.last().is_none_or(|c| c.is_joker()) {
        return err("nothing can be drawn or taken, yet the hand goes on");
    }
    // In a hand the deck is never empty before a draw, and empty after one exactly when that
    // draw took its last card (the hand then ends with the turn): otherwise play could reach a
    // draw with nothing to draw or take.
    if (obs.step == Step::Draw && obs.deck == 0)
        || (obs.step == Step::Play && (obs.deck == 0) != obs.last_card_drawn)
    {
        return err("the deck is empty only after the hand's last draw");
    }
    let mut unseen: CardCounts = decks(2, if bonus { 4 } else { 0 }).into_iter().collect();
    let seen = obs
        .hand
        .iter()
        .chain(&obs.discard)
        .chain(obs.table.iter().flatten().flat_map(|g| g.cards.iter()))
        .chain(
            obs.known
                .iter()
                .enumerate()
                .filter(|&(s, _)| s != obs.seat)
                .flat_map(|(_, k)| k.iter()),
        );
    for &c in seen {
        if !unseen.remove(c) {
            return err("more copies of a card seen than the packs hold");
        }
    }
    if obs.hand.len() != obs.hand_sizes[obs.seat] {
        return err("the observer's hand size disagrees with its hand");
    }
    let pool = unseen.to_vec();
    let mut hidden = [0usize; PLAYERS];
    let mut needed = 0usize;
    for s in (0..n).filter(|&s| s != obs.seat) {
        hidden[s] = obs.hand_sizes[s]
            .checked_sub(obs.known[s].len())
            .ok_or_else(|| {
                ResampleError("a seat holds fewer cards than it is known to hold".into())
            })?;
        needed += hidden[s];
        if pool.len() < needed {
            return err("too few unseen cards for the hidden hands");
        }
    }
    if pool.len() - needed < obs.deck {
        return err("too few unseen cards for the deck");
    }
    let mut hands: [CardCounts; PLAYERS] = Default::default();
    for (s, hand) in hands.iter_mut().enumerate() {
        *hand = if s == obs.seat {
            obs.hand.iter().copied().collect()
        } else {
            obs.known[s].iter().copied().collect()
        };
    }
    let mut done = [0u8; PLAYERS];
    for (s, phases) in obs.phases_done.iter().enumerate() {
        for &ph in phases {
            if !(1..=5).contains(&ph) {
                return err("no such phase");
            }
            done[s] |= 1 << (ph - 1);
        }
    }
    let arr = |v: &[bool]| [v[0], v[1], v[2], v[3]];
    let template = PhasedState {
        bonus,
        hands,
        deck: Vec::new(),
        discard: obs.discard.clone(),
        table: [
            obs.table[0].clone(),
            obs.table[1].clone(),
            obs.table[2].clone(),
            obs.table[3].clone(),
        ],
        done,
        laid: arr(&obs.laid),
        known: [
            obs.known[0].clone(),
            obs.known[1].clone(),
            obs.known[2].clone(),
            obs.known[3].clone(),
        ],
        skip: arr(&obs.skip_next),
        turns: [obs.turns[0], obs.turns[1], obs.turns[2], obs.turns[3]],
        scores: [obs.scores[0], obs.scores[1], obs.scores[2], obs.scores[3]],
        dealer: obs.dealer as u8,
        current: obs.current_player.unwrap_or(0) as u8,
        step: obs.step,
        hands_completed: obs.hands_completed,
        last_card_drawn: obs.last_card_drawn,
        game_ends_after_hand: obs.game_ends_after_hand,
        decisions: obs.decisions,
        rng: seeded(0),
    };
    Ok(Determinizer {
        template,
        pool,
        hidden,
        seat: obs.seat,
        deck: obs.deck,
    })
}

/// An observation checked once, with what its determinizations share: everything the observer
/// sees (as a state with the other hands holding only their known cards and no deck), the
/// unseen cards in sorted order, and how many of them each other hand and the deck hold.
///
/// [`Determinizer::deal`] is [`Game::resample`]'s own second half, so a sampler that checks an
/// observation once and deals many times draws exactly as resampling each time does.
#[derive(Debug, Clone)]
pub(crate) struct Determinizer {
    template: PhasedState,
    pool: Vec<Card>,
    hidden: [usize; PLAYERS],
    seat: Seat,
    deck: usize,
}

impl Determinizer {
    /// A full state: the unseen cards shuffled (into `buf`, reused between calls) and dealt to
    /// the other hands by their hidden sizes (seat order, each from the end of the shuffled
    /// cards), then the deck; the state's generator reseeded from `rng`.
    pub(crate) fn deal(&self, buf: &mut Vec<Card>, rng: &mut GameRng) -> PhasedState {
        buf.clear();
        buf.extend_from_slice(&self.pool);
        buf.shuffle(rng);
        let mut state = self.template.clone();
        for s in (0..PLAYERS).filter(|&s| s != self.seat) {
            let from = buf.len() - self.hidden[s];
            state.hands[s].extend(buf.drain(from..));
        }
        // In a scripted position that leaves cards out of play, a random subset of the unseen
        // cards is the deck; in a dealt game the two counts are equal.
        buf.truncate(self.deck);
        state.deck = std::mem::take(buf);
        state.rng = seeded(rng.random());
        state
    }
}
