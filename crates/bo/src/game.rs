//! The Comp10001-Bo engine: [`Bo`] (options), [`BoState`], [`BoObservation`] and setups.

use std::fmt;
use std::ops::RangeInclusive;

use parlour_cards::{decks, Card, CardCounts};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::{
    Bounds, Game, IllegalAction, OptionsError, ResampleError, RoundResult, Seat, State,
};
use rand::seq::SliceRandom;
use rand::RngExt;
use serde::{Deserialize, Serialize};

use crate::piles::{BuildFit, BuildPile, DiscardFit, DiscardPile};
use crate::rules::{
    first_valid, valid_actions, validate, BoAction, InvalidPlay, Source, Target, Validity, View,
    BUILD_PILES, DISCARD_PILES, PLAYERS,
};

/// Cards in each stockpile at the deal.
pub const STOCK_SIZE: usize = 8;
/// A hand is made up to this many cards.
pub const HAND_SIZE: usize = 5;
/// Plays in a turn at most.
pub const MAX_PLAYS: u8 = 5;
/// Turns each player plays at most.
pub const MAX_TURNS: u8 = 20;

/// Which rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Two packs (104 cards).
    #[default]
    Standard,
    /// The bonus game: an embargo card each and four Jokers (108 cards).
    Bonus,
}

/// Comp10001-Bo's options.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BoOptions {
    /// The rules variant.
    pub variant: Variant,
}

/// The game of Comp10001-Bo.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bo {
    options: BoOptions,
}

impl Bo {
    /// The standard game.
    pub fn standard() -> Bo {
        Bo::default()
    }

    /// The bonus variant.
    pub fn bonus() -> Bo {
        Bo {
            options: BoOptions {
                variant: Variant::Bonus,
            },
        }
    }

    fn pack(&self) -> Vec<Card> {
        decks(2, if self.is_bonus() { 4 } else { 0 })
    }

    fn is_bonus(&self) -> bool {
        self.options.variant == Variant::Bonus
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// This seat emptied its stockpile and won; the others lost.
    Won(Seat),
    /// The draw pile was exhausted and no player could play: all lost.
    Blocked,
    /// Every player completed 20 turns with no winner: all lost.
    TurnLimit,
}

/// A full Comp10001-Bo position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoState {
    bonus: bool,
    hands: [CardCounts; PLAYERS],
    /// Face down except the top (the last card).
    stocks: [Vec<Card>; PLAYERS],
    /// Face down; the last card is drawn next.
    draw: Vec<Card>,
    build: [BuildPile; BUILD_PILES],
    discards: [[DiscardPile; DISCARD_PILES]; PLAYERS],
    holds_embargo: [bool; PLAYERS],
    embargoed_by: [Option<u8>; PLAYERS],
    /// Per seat: cards it saw go into the draw pile (completed build piles) and has not seen
    /// come out since, so it knows they are in the draw pile or another seat's hand.
    recycled: [CardCounts; PLAYERS],
    /// Cards out of play (only in scripted setups that leave cards out).
    out: Vec<Card>,
    current: u8,
    /// Plays made so far this turn.
    plays: u8,
    /// Turns each seat has completed.
    turns: [u8; PLAYERS],
    outcome: Option<Outcome>,
    decisions: u64,
    rng: GameRng,
}

/// What one seat sees: its hand, every stockpile's top and size, every build and discard pile
/// card by card, the size of the draw pile and of each hand, the embargoes, and the cards it saw
/// recycled into the draw pile; never another hand, a face-down stockpile card or the draw
/// pile's order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoObservation {
    /// The observer.
    pub seat: Seat,
    /// The rules variant.
    pub variant: Variant,
    /// The observer's hand, sorted.
    pub hand: Vec<Card>,
    /// Every seat's hand size.
    pub hand_sizes: Vec<usize>,
    /// Every seat's stockpile top (`None` once empty).
    pub stock_tops: Vec<Option<Card>>,
    /// Every seat's stockpile size, top card included.
    pub stock_sizes: Vec<usize>,
    /// The four build piles, each bottom first.
    pub build: Vec<BuildPile>,
    /// Each seat's four discard piles, each bottom first.
    pub discards: Vec<Vec<DiscardPile>>,
    /// Cards left in the draw pile.
    pub draw: usize,
    /// Cards the observer saw go into the draw pile with a completed build pile and has not
    /// seen come out since: they are in the draw pile or another seat's hand, never in a
    /// stockpile.
    pub recycled: Vec<Card>,
    /// Whether each seat still holds its embargo card (bonus variant).
    pub holds_embargo: Vec<bool>,
    /// Who embargoed each seat, if anyone (bonus variant).
    pub embargoed_by: Vec<Option<Seat>>,
    /// The seat to act (`None` once the game is over).
    pub current_player: Option<Seat>,
    /// Plays made so far in this turn.
    pub plays: u8,
    /// Turns each seat has completed.
    pub turns: Vec<u8>,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
    /// Decisions made so far.
    pub decisions: u64,
}

impl View for BoState {
    fn bonus(&self) -> bool {
        self.bonus
    }
    fn to_act(&self) -> Option<Seat> {
        self.current_player()
    }
    fn hand_count(&self, seat: Seat, card: Card) -> u8 {
        self.hands[seat].count(card)
    }
    fn stock_top(&self, seat: Seat) -> Option<Card> {
        self.stocks[seat].last().copied()
    }
    fn stock_len(&self, seat: Seat) -> usize {
        self.stocks[seat].len()
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
        self.embargoed_by[seat].map(usize::from)
    }
}

/// An observation is a complete view of the table for its own seat; other seats' hands read as
/// empty.
impl View for BoObservation {
    fn bonus(&self) -> bool {
        self.variant == Variant::Bonus
    }
    fn to_act(&self) -> Option<Seat> {
        self.current_player
    }
    fn hand_count(&self, seat: Seat, card: Card) -> u8 {
        if seat == self.seat {
            self.hand.iter().filter(|&&c| c == card).count() as u8
        } else {
            0
        }
    }
    fn stock_top(&self, seat: Seat) -> Option<Card> {
        self.stock_tops.get(seat).copied().flatten()
    }
    fn stock_len(&self, seat: Seat) -> usize {
        self.stock_sizes.get(seat).copied().unwrap_or(0)
    }
    fn discard(&self, owner: usize, pile: usize) -> &DiscardPile {
        static EMPTY: DiscardPile = DiscardPile::EMPTY;
        self.discards
            .get(owner)
            .and_then(|p| p.get(pile))
            .unwrap_or(&EMPTY)
    }
    fn build(&self, pile: usize) -> &BuildPile {
        static EMPTY: BuildPile = BuildPile::EMPTY;
        self.build.get(pile).unwrap_or(&EMPTY)
    }
    fn holds_embargo(&self, seat: Seat) -> bool {
        self.holds_embargo.get(seat).copied().unwrap_or(false)
    }
    fn embargoed_by(&self, seat: Seat) -> Option<Seat> {
        self.embargoed_by.get(seat).copied().flatten()
    }
}

fn cards_text(cards: impl Iterator<Item = Card>) -> String {
    cards.map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// The table drawn for a person: build piles, every seat's stockpile and discard piles (the top
/// card last, marked), the hand.
impl fmt::Display for BoObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seats = self
            .stock_sizes
            .len()
            .min(self.stock_tops.len())
            .min(self.discards.len())
            .min(self.hand_sizes.len())
            .min(self.turns.len());
        let turn = self.current_player.map_or(String::new(), |p| {
            format!(
                " · seat {p}'s turn {} of {MAX_TURNS}, play {} of {MAX_PLAYS}",
                self.turns.get(p).copied().unwrap_or(0).saturating_add(1),
                self.plays.saturating_add(1)
            )
        });
        writeln!(
            f,
            "Draw pile {}{turn}",
            crate::text::count(self.draw, "card")
        )?;
        if let Some(o) = self.outcome {
            writeln!(
                f,
                "Game over: {}",
                match o {
                    Outcome::Won(p) => format!("seat {p} emptied their stockpile and wins"),
                    Outcome::Blocked => "the draw pile is empty and nobody can play".into(),
                    Outcome::TurnLimit => "every player has had 20 turns".into(),
                }
            )?;
        }
        write!(f, "Build piles:")?;
        for (i, b) in self.build.iter().enumerate() {
            if b.is_empty() {
                write!(f, "  b{i}: —")?;
            } else {
                write!(f, "  b{i}: {}", cards_text(b.cards().iter().copied()))?;
            }
        }
        writeln!(f)?;
        for s in 0..seats {
            let me = if s == self.seat { " (you)" } else { "" };
            let arrow = if self.current_player == Some(s) {
                "→"
            } else {
                " "
            };
            let top = self.stock_tops[s].map_or("—".to_string(), |c| c.to_string());
            write!(
                f,
                "{arrow} seat {s}{me}: stock {top} ({}) · hand {}",
                crate::text::count(self.stock_sizes[s], "card"),
                crate::text::count(self.hand_sizes[s], "card")
            )?;
            if self.variant == Variant::Bonus {
                if self.holds_embargo.get(s) == Some(&true) {
                    write!(f, " · holds embargo")?;
                }
                if let Some(Some(by)) = self.embargoed_by.get(s) {
                    write!(f, " · EMBARGOED by seat {by}")?;
                }
            }
            writeln!(f)?;
            write!(f, "   ")?;
            for (i, pile) in self.discards[s].iter().enumerate() {
                match pile.len() {
                    0 => write!(f, "  d{s}.{i}: —")?,
                    n => {
                        let shown = n.min(4);
                        let more = if n > shown { "… " } else { "" };
                        let cards: Vec<Card> = pile.cards().skip(n - shown).collect();
                        write!(f, "  d{s}.{i}: {more}{}", cards_text(cards.into_iter()))?;
                        if pile.top() == Some(Card::JOKER) {
                            if let Some(r) = pile.top_reading() {
                                write!(f, " (ZZ as {r})")?;
                            }
                        }
                    }
                }
            }
            writeln!(f)?;
        }
        write!(f, "Your hand: {}", cards_text(self.hand.iter().copied()))?;
        if self.current_player == Some(self.seat) {
            write!(
                f,
                "\nPlay a number from the Legal list, or `<source> <target>`: source a hand card (9D), s (your stockpile) or d<player>.<pile>; target b0-b3 or d<player>.<pile>; `pass` when nothing is possible{}; `help` for more",
                if self.variant == Variant::Bonus {
                    "; `embargo <player>`, `clear`"
                } else {
                    ""
                }
            )?;
        }
        Ok(())
    }
}

/// An exact position for tests (after shakmaty's `Setup`), in the middle of a turn: the seat to
/// act has drawn. Cards mentioned nowhere are out of play, so a setup may use part of the packs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BoSetup {
    /// Each seat's hand (at most five cards).
    pub hands: Vec<Vec<Card>>,
    /// Each seat's stockpile, bottom first (the last card is the face-up top); empty lists
    /// are allowed only for a seat that has won.
    pub stocks: Vec<Vec<Card>>,
    /// The draw pile, bottom first (the last card is drawn next).
    pub draw: Vec<Card>,
    /// The build piles (up to four), each bottom first, each placed legally.
    pub build: Vec<Vec<Card>>,
    /// Each seat's discard piles (up to four per seat), each bottom first.
    pub discards: Vec<Vec<Vec<Card>>>,
    /// Whether each seat still holds its embargo card (bonus; default: all do).
    pub holds_embargo: Vec<bool>,
    /// Who embargoed each seat (bonus).
    pub embargoed_by: Vec<Option<Seat>>,
    /// The seat to act.
    pub current: Seat,
    /// Plays already made this turn (0 to 4).
    pub plays: u8,
    /// Turns each seat has completed.
    pub turns: Vec<u8>,
    /// Seed for later shuffles.
    pub seed: u64,
}

/// Why a setup is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid Comp10001-Bo setup: {0}")]
pub struct SetupError(pub String);

impl BoState {
    /// Builds the position `setup` describes, for `game`.
    pub fn from_setup(game: &Bo, setup: &BoSetup) -> Result<BoState, SetupError> {
        let err = |m: String| Err(SetupError(m));
        let bonus = game.is_bonus();
        if setup.hands.len() != PLAYERS || setup.stocks.len() != PLAYERS {
            return err(format!(
                "{} hands and {} stockpiles: give one of each per seat ({PLAYERS})",
                setup.hands.len(),
                setup.stocks.len()
            ));
        }
        for (name, len) in [
            ("embargo flags", setup.holds_embargo.len()),
            ("embargo entries", setup.embargoed_by.len()),
            ("turn counts", setup.turns.len()),
            ("discard lists", setup.discards.len()),
        ] {
            if len != 0 && len != PLAYERS {
                return err(format!("{len} {name} for {PLAYERS} seats"));
            }
        }
        if setup.build.len() > BUILD_PILES {
            return err(format!(
                "{} build piles: there are {BUILD_PILES}",
                setup.build.len()
            ));
        }
        if setup.discards.iter().any(|d| d.len() > DISCARD_PILES) {
            return err(format!(
                "a seat has more than {DISCARD_PILES} discard piles"
            ));
        }
        if setup.current >= PLAYERS {
            return err(format!("seat {} does not exist", setup.current));
        }
        if setup.plays >= MAX_PLAYS {
            return err(format!(
                "{} plays made: a turn has {MAX_PLAYS}",
                setup.plays
            ));
        }
        if setup.turns.iter().any(|&t| t > MAX_TURNS)
            || (setup.turns.len() == PLAYERS && setup.turns.iter().all(|&t| t == MAX_TURNS))
        {
            return err(format!(
                "turn counts {:?}: a seat plays at most {MAX_TURNS} turns, and the game ends once all have",
                setup.turns
            ));
        }
        if setup.turns.len() == PLAYERS {
            // Seats before the one to act have played one turn more than the rest.
            let t = setup.turns[setup.current];
            let fits =
                (0..PLAYERS).all(|p| setup.turns[p] == if p < setup.current { t + 1 } else { t });
            if !fits {
                return err(format!(
                    "turn counts {:?} do not fit seat {} to act: seats before it have played one turn more than the rest",
                    setup.turns, setup.current
                ));
            }
        }
        if setup.hands.iter().any(|h| h.len() > HAND_SIZE) {
            return err(format!("a hand holds more than {HAND_SIZE} cards"));
        }
        if setup.stocks.iter().any(|s| s.is_empty()) {
            return err("an empty stockpile means the game is won".into());
        }
        if !bonus
            && (setup.holds_embargo.iter().any(|&h| h)
                || setup.embargoed_by.iter().any(Option::is_some))
        {
            return err("embargo cards are only in the bonus variant".into());
        }
        for (s, by) in setup.embargoed_by.iter().enumerate() {
            if let Some(by) = *by {
                if by >= PLAYERS || by == s {
                    return err(format!("seat {s} cannot be embargoed by seat {by}"));
                }
                if setup
                    .embargoed_by
                    .iter()
                    .filter(|&&e| e == Some(by))
                    .count()
                    > 1
                {
                    return err(format!("seat {by} has one embargo card, not several"));
                }
                if setup
                    .stocks
                    .get(s)
                    .is_some_and(|st| st.len() > crate::rules::EMBARGO_STOCK)
                {
                    return err(format!(
                        "seat {s} is embargoed with more than {} stockpile cards",
                        crate::rules::EMBARGO_STOCK
                    ));
                }
                if setup.holds_embargo.get(by) == Some(&true) || setup.holds_embargo.is_empty() {
                    return err(format!(
                        "seat {by} embargoed seat {s}, so no longer holds its embargo card"
                    ));
                }
            }
        }
        let mut left: CardCounts = game.pack().into_iter().collect();
        let everything = setup
            .hands
            .iter()
            .chain(&setup.stocks)
            .chain(&setup.build)
            .chain(setup.discards.iter().flatten())
            .flatten()
            .chain(&setup.draw);
        for &c in everything {
            if !left.remove(c) {
                return err(format!("more copies of {c} than the packs hold"));
            }
        }
        let mut s = game.new_game(setup.seed);
        for p in 0..PLAYERS {
            s.hands[p] = setup.hands[p].iter().copied().collect();
            s.stocks[p] = setup.stocks[p].clone();
            s.recycled[p] = CardCounts::new();
            s.holds_embargo[p] = bonus && setup.holds_embargo.get(p).copied().unwrap_or(true);
            s.embargoed_by[p] = setup
                .embargoed_by
                .get(p)
                .copied()
                .flatten()
                .map(|b| b as u8);
            s.turns[p] = setup.turns.get(p).copied().unwrap_or(0);
            for i in 0..DISCARD_PILES {
                let cards = setup
                    .discards
                    .get(p)
                    .and_then(|d| d.get(i))
                    .map_or(&[][..], Vec::as_slice);
                s.discards[p][i] = DiscardPile::from_cards(cards)
                    .ok_or_else(|| SetupError(format!("discard pile d{p}.{i} holds an Ace")))?;
            }
        }
        for i in 0..BUILD_PILES {
            let cards = setup.build.get(i).map_or(&[][..], Vec::as_slice);
            s.build[i] = BuildPile::from_cards(cards)
                .map_err(|e| SetupError(format!("build pile b{i}: {e}")))?;
        }
        s.draw = setup.draw.clone();
        s.out = left.to_vec();
        s.current = setup.current as u8;
        s.plays = setup.plays;
        s.outcome = None;
        s.decisions = 0;
        Ok(s)
    }

    /// A seat's hand, sorted.
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        self.hands[seat].to_vec()
    }

    /// A seat's hand as counts (hidden information but for the seat itself).
    pub fn hand_counts(&self, seat: Seat) -> &CardCounts {
        &self.hands[seat]
    }

    /// A seat's stockpile, bottom first (hidden information but for the top).
    pub fn stock(&self, seat: Seat) -> &[Card] {
        &self.stocks[seat]
    }

    /// The draw pile, bottom first (hidden information).
    pub fn draw_pile(&self) -> &[Card] {
        &self.draw
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays made so far this turn.
    pub fn plays(&self) -> u8 {
        self.plays
    }

    /// Turns each seat has completed.
    pub fn turns(&self) -> [u8; PLAYERS] {
        self.turns
    }

    /// Whether `seat` has any valid play now (the test for "no play" and for a blocked game).
    pub fn can_play(&self, seat: Seat) -> bool {
        first_valid(self, seat).is_some()
    }

    /// Checks that every card (104, or 108 with Jokers) is in exactly one place, and that each
    /// seat's recycled cards really are in the draw pile or another seat's hand.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut all = CardCounts::new();
        for p in 0..PLAYERS {
            all.extend(self.hands[p].cards());
            all.extend(self.stocks[p].iter().copied());
            for pile in &self.discards[p] {
                all.extend(pile.cards());
            }
        }
        for b in &self.build {
            all.extend(b.cards().iter().copied());
        }
        all.extend(self.draw.iter().copied());
        all.extend(self.out.iter().copied());
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
        for p in 0..PLAYERS {
            let mut elsewhere: CardCounts = self.draw.iter().copied().collect();
            for q in (0..PLAYERS).filter(|&q| q != p) {
                elsewhere.extend(self.hands[q].cards());
            }
            if !elsewhere.contains_all(&self.recycled[p]) {
                return Err(format!(
                    "seat {p} counts recycled cards that are not in the draw pile or another hand"
                ));
            }
        }
        for p in 0..PLAYERS {
            if self.hands[p].len() > HAND_SIZE {
                return Err(format!("seat {p} holds {} cards", self.hands[p].len()));
            }
        }
        Ok(())
    }

    /// Draws up to a full hand for `p`.
    fn refill(&mut self, p: usize) {
        while self.hands[p].len() < HAND_SIZE {
            let Some(c) = self.draw.pop() else { break };
            self.hands[p].add(c);
            // Seeing the card, p learns where (at least) one recycled copy went.
            if self.recycled[p].contains(c) {
                self.recycled[p].remove(c);
            }
        }
    }

    /// The current seat starts its turn: it draws, and the game ends if the draw pile is empty
    /// and nobody can play.
    fn begin_turn(&mut self) {
        let p = self.current as usize;
        self.refill(p);
        if self.draw.is_empty() && (0..PLAYERS).all(|q| !self.can_play(q)) {
            self.outcome = Some(Outcome::Blocked);
        }
    }

    fn end_turn(&mut self) {
        let p = self.current as usize;
        self.turns[p] += 1;
        self.plays = 0;
        if self.turns.iter().all(|&t| t >= MAX_TURNS) {
            self.outcome = Some(Outcome::TurnLimit);
            return;
        }
        self.current = ((p + 1) % PLAYERS) as u8;
        self.begin_turn();
    }

    fn play_card(&mut self, p: usize, card: Card, from: Source, to: Target, validity: Validity) {
        match from {
            Source::Hand => {
                self.hands[p].remove(card);
                // The others see the card come out of p's hand.
                for o in (0..PLAYERS).filter(|&o| o != p) {
                    if self.recycled[o].contains(card) {
                        self.recycled[o].remove(card);
                    }
                }
            }
            Source::Stock => {
                self.stocks[p].pop();
            }
            Source::Discard { owner, pile } => {
                self.discards[owner as usize][pile as usize].pop();
            }
        }
        match to {
            Target::Build(i) => {
                let pile = &mut self.build[i as usize];
                if pile.fit(card) == Ok(BuildFit::Completes) {
                    let mut cards = pile.take();
                    cards.push(card);
                    for o in 0..PLAYERS {
                        self.recycled[o].extend(cards.iter().copied());
                    }
                    self.draw.extend(cards);
                    self.draw.shuffle(&mut self.rng);
                } else {
                    pile.push(card);
                }
            }
            Target::Discard { owner, pile } => {
                self.discards[owner as usize][pile as usize].push(card);
            }
        }
        self.plays += 1;
        if self.stocks[p].is_empty() {
            self.outcome = Some(Outcome::Won(p));
            return;
        }
        if validity == Validity::EndsTurn || self.plays >= MAX_PLAYS {
            self.end_turn();
        } else if self.hands[p].is_empty() {
            // The hand is exhausted during the turn: it is made up again.
            self.refill(p);
        }
    }
}

impl Game for Bo {
    /// 1 for the winner, 0 for the others.
    fn return_bounds(&self) -> Bounds {
        Bounds::between(0.0, 1.0)
    }

    fn figure_bounds(&self) -> Vec<(&'static str, Bounds)> {
        vec![("stock_left", Bounds::between(0.0, STOCK_SIZE as f64))]
    }

    type Options = BoOptions;
    type Action = BoAction;
    type Observation = BoObservation;
    type State = BoState;
    const NAME: &'static str = "bo";

    fn player_range() -> RangeInclusive<usize> {
        PLAYERS..=PLAYERS
    }

    fn new(options: BoOptions) -> Result<Bo, OptionsError> {
        Ok(Bo { options })
    }

    fn options(&self) -> &BoOptions {
        &self.options
    }

    fn num_players(&self) -> usize {
        PLAYERS
    }

    fn max_decisions(&self) -> Option<u64> {
        // At most five decisions a turn (five plays, or fewer plays and a "no play").
        Some(u64::from(MAX_TURNS) * PLAYERS as u64 * u64::from(MAX_PLAYS))
    }

    fn new_game(&self, seed: u64) -> BoState {
        let bonus = self.is_bonus();
        let mut rng = seeded(seed);
        let mut deck = self.pack();
        deck.shuffle(&mut rng);
        // Eight cards to each stockpile, seat by seat; the eighth is turned up.
        let stocks: [Vec<Card>; PLAYERS] =
            std::array::from_fn(|_| deck.split_off(deck.len() - STOCK_SIZE));
        let mut s = BoState {
            bonus,
            hands: Default::default(),
            stocks,
            draw: deck,
            build: Default::default(),
            discards: Default::default(),
            holds_embargo: [bonus; PLAYERS],
            embargoed_by: [None; PLAYERS],
            recycled: Default::default(),
            out: Vec::new(),
            current: 0,
            plays: 0,
            turns: [0; PLAYERS],
            outcome: None,
            decisions: 0,
            rng,
        };
        s.begin_turn();
        s
    }

    fn resample(&self, obs: &BoObservation, rng: &mut GameRng) -> Result<BoState, ResampleError> {
        resample(self, obs, rng)
    }

    fn observer(obs: &BoObservation) -> Seat {
        obs.seat
    }

    fn bots() -> &'static [parlour_core::BotEntry<Bo>] {
        crate::bots::BOTS
    }

    fn search_tuning(&self) -> parlour_core::search::SearchTuning<Bo> {
        crate::search::tuning()
    }

    /// Checks the observation and counts the never-seen cards once, then draws as
    /// [`Game::resample`] does.
    fn sampler<'a>(
        &'a self,
        observation: &'a BoObservation,
        _rng: &mut GameRng,
    ) -> Result<Box<dyn parlour_core::search::Sampler<Bo> + 'a>, ResampleError> {
        Ok(Box::new(BoSampler::new(self, observation)?))
    }

    fn format_legal(&self, obs: &BoObservation, legal: &[BoAction]) -> String {
        crate::text::format_legal(obs, legal)
    }

    fn parse_human(
        &self,
        obs: &BoObservation,
        legal: &[BoAction],
        input: &str,
    ) -> Result<BoAction, String> {
        crate::text::parse_human(obs, legal, input)
    }
}

impl State<Bo> for BoState {
    /// `stock_left`: the cards left in each seat's stockpile (0 for the winner).
    fn result_figures(&self) -> Vec<(&'static str, Vec<f64>)> {
        vec![(
            "stock_left",
            self.stocks.iter().map(|s| s.len() as f64).collect(),
        )]
    }

    fn current_player(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.current as usize)
    }

    fn legal_actions(&self, out: &mut Vec<BoAction>) {
        out.clear();
        if self.outcome.is_none() {
            valid_actions(self, self.current as usize, out);
        }
    }

    fn check(&self, action: BoAction) -> Result<(), IllegalAction> {
        if self.outcome.is_some() {
            return Err(IllegalAction::new(
                action,
                InvalidPlay::GameOver.to_string(),
            ));
        }
        validate(self, self.current as usize, action)
            .map(|_| ())
            .map_err(|e| IllegalAction::new(action, e.to_string()))
    }

    fn apply_unchecked(&mut self, action: BoAction) {
        self.decisions += 1;
        let p = self.current as usize;
        match action {
            BoAction::Play { card, from, to } => {
                // A play to a discard pile that starts it or breaks its sequence ends the turn.
                let validity = match to {
                    Target::Discard { owner, pile }
                        if self.discards[owner as usize][pile as usize].fit(card)
                            != DiscardFit::Follows =>
                    {
                        Validity::EndsTurn
                    }
                    _ => Validity::Continues,
                };
                self.play_card(p, card, from, to, validity);
            }
            BoAction::NoPlay => self.end_turn(),
            BoAction::Embargo(t) => {
                self.holds_embargo[p] = false;
                if let Some(e) = self.embargoed_by.get_mut(t as usize) {
                    *e = Some(p as u8);
                }
                self.plays += 1;
                self.end_turn();
            }
            BoAction::Clear => {
                self.embargoed_by[p] = None;
                self.plays += 1;
                self.end_turn();
            }
        }
    }

    /// 1 for the winner, 0 for everyone else (and for everyone when nobody wins).
    fn returns(&self) -> Vec<f64> {
        (0..PLAYERS)
            .map(|p| f64::from(u8::from(self.outcome == Some(Outcome::Won(p)))))
            .collect()
    }

    fn observation(&self, seat: Seat) -> BoObservation {
        BoObservation {
            seat,
            variant: if self.bonus {
                Variant::Bonus
            } else {
                Variant::Standard
            },
            hand: self.hands[seat].to_vec(),
            hand_sizes: self.hands.iter().map(CardCounts::len).collect(),
            stock_tops: self.stocks.iter().map(|s| s.last().copied()).collect(),
            stock_sizes: self.stocks.iter().map(Vec::len).collect(),
            build: self.build.to_vec(),
            discards: self.discards.iter().map(|d| d.to_vec()).collect(),
            draw: self.draw.len(),
            recycled: self.recycled[seat].to_vec(),
            holds_embargo: self.holds_embargo.to_vec(),
            embargoed_by: self
                .embargoed_by
                .iter()
                .map(|e| e.map(usize::from))
                .collect(),
            current_player: self.current_player(),
            plays: self.plays,
            turns: self.turns.to_vec(),
            outcome: self.outcome,
            decisions: self.decisions,
        }
    }

    fn decisions(&self) -> u64 {
        self.decisions
    }

    fn last_round(&self) -> Option<RoundResult> {
        let outcome = self.outcome?;
        Some(RoundResult {
            round: 0,
            points: self.returns(),
            winners: match outcome {
                Outcome::Won(p) => vec![p],
                _ => Vec::new(),
            },
        })
    }
}

/// A full state consistent with `obs`. The face-down stockpile cards are drawn from the cards
/// the observer has never seen (a stockpile never takes a card in); the other hands and the draw
/// pile get the observer's recycled cards plus more unseen cards; every pile's order is random;
/// the state's generator is reseeded, so later shuffles are new too.
fn resample(game: &Bo, obs: &BoObservation, rng: &mut GameRng) -> Result<BoState, ResampleError> {
    BoSampler::new(game, obs)?.draw(rng)
}

/// Draws many states consistent with one observation (see [`resample`], which is one check and
/// one draw of this): the observation is checked and the never-seen cards are counted once, and
/// each draw makes exactly [`resample`]'s random choices, so it gives the same state from the
/// same generator.
#[derive(Debug, Clone)]
pub(crate) struct BoSampler<'a> {
    obs: &'a BoObservation,
    bonus: bool,
    /// Cards the observer has never seen (neither on the table, in its hand nor recycled), in
    /// card order.
    never_seen: Vec<Card>,
    /// Cards in the other hands and the draw pile together.
    needed: usize,
    hand: CardCounts,
    recycled: CardCounts,
    build: [BuildPile; BUILD_PILES],
    discards: [[DiscardPile; DISCARD_PILES]; PLAYERS],
}

impl<'a> BoSampler<'a> {
    /// Checks `obs` against the game and counts its never-seen cards.
    pub(crate) fn new(game: &Bo, obs: &'a BoObservation) -> Result<BoSampler<'a>, ResampleError> {
        let err = |m: &str| Err(ResampleError(m.to_string()));
        let n = PLAYERS;
        if obs.seat >= n
            || [
                obs.hand_sizes.len(),
                obs.stock_tops.len(),
                obs.stock_sizes.len(),
                obs.discards.len(),
                obs.holds_embargo.len(),
                obs.embargoed_by.len(),
                obs.turns.len(),
            ]
            .iter()
            .any(|&l| l != n)
            || obs.build.len() != BUILD_PILES
            || obs.discards.iter().any(|d| d.len() != DISCARD_PILES)
            || obs.current_player.is_some_and(|c| c >= n)
            || obs.current_player.is_none() != obs.outcome.is_some()
        {
            return err("the observation does not fit a four-seat table");
        }
        let bonus = obs.variant == Variant::Bonus;
        if bonus != game.is_bonus() {
            return err("the observation is for the other variant");
        }
        if obs.hand.len() != obs.hand_sizes[obs.seat]
            || obs.hand_sizes.iter().any(|&h| h > HAND_SIZE)
            || obs.stock_sizes.iter().any(|&s| s > 108)
            || obs.draw > 108
            // A win on a turn's last play leaves that play counted in the final position.
            || obs.plays > MAX_PLAYS
            || (obs.plays == MAX_PLAYS && obs.outcome.is_none())
            || obs.turns.iter().any(|&t| t > MAX_TURNS)
            || obs.decisions > game.max_decisions().unwrap_or(u64::MAX)
        {
            return err("a size or counter is out of range");
        }
        for p in 0..n {
            if (obs.stock_sizes[p] == 0) != obs.stock_tops[p].is_none() {
                return err("a stockpile's size disagrees with its top");
            }
            if obs.embargoed_by[p].is_some_and(|b| b >= n || b == p)
                || (!bonus && (obs.holds_embargo[p] || obs.embargoed_by[p].is_some()))
            {
                return err("an embargo entry is impossible");
            }
        }
        if !obs.hand.is_sorted() || !obs.recycled.is_sorted() {
            return err("the hand and the recycled cards are listed in order");
        }
        let mut unseen: CardCounts = game.pack().into_iter().collect();
        let seen = obs
            .hand
            .iter()
            .copied()
            .chain(obs.stock_tops.iter().flatten().copied())
            .chain(obs.build.iter().flat_map(|b| b.cards().iter().copied()))
            .chain(obs.discards.iter().flatten().flat_map(|d| d.cards()));
        for c in seen {
            if !unseen.remove(c) {
                return err("more copies of a card seen than the packs hold");
            }
        }
        let mut never_seen = unseen;
        for &c in &obs.recycled {
            if !never_seen.remove(c) {
                return err("a recycled card is also on the table or in the hand");
            }
        }
        let never_seen = never_seen.to_vec();
        // Stockpiles take their face-down cards from the never-seen cards; the other hands and
        // the draw pile take every recycled card, topped up with never-seen ones.
        let hidden: usize = obs.stock_sizes.iter().map(|s| s.saturating_sub(1)).sum();
        let mut left = never_seen.len();
        for p in 0..n {
            let h = obs.stock_sizes[p].saturating_sub(1);
            if left < h {
                return err("too few unseen cards for the stockpiles");
            }
            left -= h;
        }
        debug_assert_eq!(left, never_seen.len() - hidden);
        let others: usize = (0..n)
            .filter(|&p| p != obs.seat)
            .map(|p| obs.hand_sizes[p])
            .sum();
        let needed = others + obs.draw;
        if obs.recycled.len() > needed || obs.recycled.len() + left < needed {
            return err("the hidden card counts do not add up");
        }
        Ok(BoSampler {
            obs,
            bonus,
            never_seen,
            needed,
            hand: obs.hand.iter().copied().collect(),
            recycled: obs.recycled.iter().copied().collect(),
            build: std::array::from_fn(|i| obs.build[i].clone()),
            discards: std::array::from_fn(|p| std::array::from_fn(|i| obs.discards[p][i].clone())),
        })
    }

    /// One state consistent with the observation.
    pub(crate) fn draw(&self, rng: &mut GameRng) -> Result<BoState, ResampleError> {
        let obs = self.obs;
        let n = PLAYERS;
        let mut fresh = self.never_seen.clone();
        fresh.shuffle(rng);
        // Stockpiles: face-down cards come only from cards never seen.
        let mut stocks: [Vec<Card>; PLAYERS] = Default::default();
        for (p, stock) in stocks.iter_mut().enumerate() {
            let hidden = obs.stock_sizes[p].saturating_sub(1);
            *stock = Vec::with_capacity(hidden + 1);
            stock.extend_from_slice(&fresh[fresh.len() - hidden..]);
            fresh.truncate(fresh.len() - hidden);
            stock.extend(obs.stock_tops[p]);
        }
        // Other hands and the draw pile: every recycled card, topped up with unseen ones.
        let mut mixed = Vec::with_capacity(self.needed);
        mixed.extend_from_slice(&obs.recycled);
        mixed.extend(fresh.drain(fresh.len() - (self.needed - obs.recycled.len())..));
        mixed.shuffle(rng);
        let mut hands: [CardCounts; PLAYERS] = Default::default();
        hands[obs.seat] = self.hand.clone();
        for p in (0..n).filter(|&p| p != obs.seat) {
            hands[p] = mixed.drain(mixed.len() - obs.hand_sizes[p]..).collect();
        }
        let draw = mixed;
        // What the other seats know was recycled: approximated as the observer's recycled cards
        // that are not in their own hands.
        let mut recycled: [CardCounts; PLAYERS] = Default::default();
        if !self.recycled.is_empty() {
            recycled[obs.seat] = self.recycled.clone();
            // The draw pile and every hand; seat q's "elsewhere" is that less its own hand.
            let mut everywhere: CardCounts = draw.iter().copied().collect();
            for h in &hands {
                everywhere.extend(h.cards());
            }
            for q in (0..n).filter(|&q| q != obs.seat) {
                for (c, copies) in self.recycled.iter() {
                    let there = everywhere.count(c) - hands[q].count(c);
                    let k = copies.min(there);
                    if k > 0 {
                        recycled[q].add_n(c, k);
                    }
                }
            }
        }
        Ok(BoState {
            bonus: self.bonus,
            hands,
            stocks,
            draw,
            build: self.build.clone(),
            discards: self.discards.clone(),
            holds_embargo: std::array::from_fn(|p| obs.holds_embargo[p]),
            embargoed_by: std::array::from_fn(|p| obs.embargoed_by[p].map(|b| b as u8)),
            recycled,
            out: fresh,
            current: obs.current_player.unwrap_or(0) as u8,
            plays: obs.plays,
            turns: std::array::from_fn(|p| obs.turns[p]),
            outcome: obs.outcome,
            decisions: obs.decisions,
            rng: seeded(rng.random()),
        })
    }
}

impl parlour_core::search::Sampler<Bo> for BoSampler<'_> {
    fn sample(&mut self, rng: &mut GameRng) -> Result<BoState, ResampleError> {
        self.draw(rng)
    }
}
