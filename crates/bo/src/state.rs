//! The engine: the game [`Bo`] with its [`BoOptions`], and [`BoState`], the full position:
//! dealt from a seed, its legal actions, checked and unchecked play, returns, and what each seat
//! sees of it.

use parlour_cards::{decks, Card, CardCounts};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::{IllegalAction, RoundResult, Seat, State};
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::action::{BoAction, Source, Target, BUILD_PILES, DISCARD_PILES, PLAYERS};
use crate::observation::BoObservation;
use crate::piles::{BuildFit, BuildPile, DiscardFit, DiscardPile};
use crate::rules::{
    first_valid, valid_actions, validate, InvalidPlay, Outcome, Validity, Variant, View,
};

/// Cards in each stockpile at the deal.
pub const STOCK_SIZE: usize = 8;
/// A hand is made up to this many cards.
pub const HAND_SIZE: usize = 5;
/// Plays in a turn at most.
pub const MAX_PLAYS: u8 = 5;
/// Turns each player plays at most.
pub const MAX_TURNS: u8 = 20;
/// Decisions in a game at most: five a turn (five plays, or fewer plays and a "no play").
pub(crate) const MAX_DECISIONS: u64 = MAX_TURNS as u64 * PLAYERS as u64 * MAX_PLAYS as u64;

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
    pub(crate) options: BoOptions,
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

    /// The packs this variant deals: two decks, with four Jokers in the bonus game.
    pub(crate) fn pack(&self) -> Vec<Card> {
        decks(2, if self.is_bonus() { 4 } else { 0 })
    }

    /// Whether this is the bonus variant.
    pub(crate) fn is_bonus(&self) -> bool {
        self.options.variant == Variant::Bonus
    }
}

/// A full Comp10001-Bo position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoState {
    pub(crate) bonus: bool,
    pub(crate) hands: [CardCounts; PLAYERS],
    /// Face down except the top (the last card).
    pub(crate) stocks: [Vec<Card>; PLAYERS],
    /// Face down; the last card is drawn next.
    pub(crate) draw: Vec<Card>,
    pub(crate) build: [BuildPile; BUILD_PILES],
    pub(crate) discards: [[DiscardPile; DISCARD_PILES]; PLAYERS],
    pub(crate) holds_embargo: [bool; PLAYERS],
    pub(crate) embargoed_by: [Option<u8>; PLAYERS],
    /// Per seat: cards it saw go into the draw pile (completed build piles) and has not seen
    /// come out since, so it knows they are in the draw pile or another seat's hand.
    pub(crate) recycled: [CardCounts; PLAYERS],
    /// Cards out of play (only in scripted setups that leave cards out).
    pub(crate) out: Vec<Card>,
    pub(crate) current: u8,
    /// Plays made so far this turn.
    pub(crate) plays: u8,
    /// Turns each seat has completed.
    pub(crate) turns: [u8; PLAYERS],
    pub(crate) outcome: Option<Outcome>,
    pub(crate) decisions: u64,
    pub(crate) rng: GameRng,
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

impl BoState {
    /// A new game of `game` dealt from `seed`: eight cards to each stockpile, seat by seat, the
    /// rest the draw pile; seat 0 draws its hand and starts.
    pub(crate) fn deal(game: &Bo, seed: u64) -> BoState {
        let bonus = game.is_bonus();
        let mut rng = seeded(seed);
        let mut deck = game.pack();
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

    /// A seat's hand, sorted.
    ///
    /// # Panics
    /// If `seat` is not at the table (4 seats).
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        self.hands[seat].to_vec()
    }

    /// A seat's hand as counts (hidden information but for the seat itself).
    ///
    /// # Panics
    /// If `seat` is not at the table (4 seats).
    pub fn hand_counts(&self, seat: Seat) -> &CardCounts {
        &self.hands[seat]
    }

    /// A seat's stockpile, bottom first (hidden information but for the top).
    ///
    /// # Panics
    /// If `seat` is not at the table (4 seats).
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
    ///
    /// # Panics
    /// If `seat` is not at the table (4 seats).
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
        all.check_decks(2, if self.bonus { 4 } else { 0 })
            .map_err(|e| e.to_string())?;
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
            return Err(IllegalAction::because(action, InvalidPlay::GameOver));
        }
        validate(self, self.current as usize, action)
            .map(|_| ())
            .map_err(|e| IllegalAction::because(action, e))
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
