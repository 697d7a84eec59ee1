//! The engine: [`Phased`] (the game and its [`PhasedOptions`]) and [`PhasedState`], the full
//! position: the deal from a seed, the legal actions, checked and unchecked play, the end of a
//! hand and of the game, the returns, and each seat's [`PhasedObservation`].

use parlour_cards::{decks, Card, CardCounts};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::{IllegalAction, RoundResult, Seat, State};
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::action::{PhasePlay, PhasedAction};
use crate::finder::phase_plays;
use crate::groups::{penalty, phase_type, PhaseType, TableGroup};
use crate::observation::{PhasedObservation, Step, Variant};

/// Seats at the table.
pub const PLAYERS: usize = 4;
/// Cards dealt to each player per hand.
pub const HAND_SIZE: usize = 10;
/// Hands in a game at most.
pub const MAX_HANDS: u8 = 12;
/// Turns each player plays in a hand at most.
pub const MAX_TURNS: u16 = 50;

/// The largest penalty total twelve hands can give (every card of both packs, Jokers included,
/// worth 25, every hand).
pub const MAX_SCORE: u32 = 12 * 108 * 25;

/// Added to a seat's return when it completed every phase.
pub const FINISH_BONUS: f64 = 10_000.0;

/// An upper bound on the decisions in one game. Per turn at most: a draw, a lay, one add per
/// card held (at most 11), a discard; Skips (four Jokers a hand) can give a seat a few extra
/// turns before all reach 50.
pub(crate) const MAX_DECISIONS: u64 =
    MAX_HANDS as u64 * (MAX_TURNS as u64 + 4) * PLAYERS as u64 * 14;

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
    pub(crate) options: PhasedOptions,
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

/// A full Phased Out position.
///
/// Its fields are visible to the crate so that scripted positions, resampling and the playout
/// policy build and read states directly, without accessors on the engine that only they use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhasedState {
    pub(crate) bonus: bool,
    pub(crate) hands: [CardCounts; PLAYERS],
    /// Face down, top last.
    pub(crate) deck: Vec<Card>,
    /// Face up, top last.
    pub(crate) discard: Vec<Card>,
    pub(crate) table: [Vec<TableGroup>; PLAYERS],
    /// Bit `p - 1` set once phase `p` is complete.
    pub(crate) done: [u8; PLAYERS],
    pub(crate) laid: [bool; PLAYERS],
    /// Cards each seat took from the discard pile and still holds: everyone saw them.
    pub(crate) known: [Vec<Card>; PLAYERS],
    pub(crate) skip: [bool; PLAYERS],
    pub(crate) turns: [u16; PLAYERS],
    pub(crate) scores: [u32; PLAYERS],
    pub(crate) dealer: u8,
    pub(crate) current: u8,
    pub(crate) step: Step,
    pub(crate) hands_completed: u8,
    pub(crate) last_card_drawn: bool,
    pub(crate) game_ends_after_hand: bool,
    pub(crate) decisions: u64,
    pub(crate) rng: GameRng,
}

fn bit(phase: PhaseType) -> u8 {
    1 << (phase.0 - 1)
}

impl PhasedState {
    /// A new game of `game` dealt from `seed` (what [`Game::new_game`](parlour_core::Game::new_game)
    /// returns).
    pub(crate) fn dealt(game: &Phased, seed: u64) -> PhasedState {
        let mut s = PhasedState {
            bonus: game.options.variant == Variant::Bonus,
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
    pub(crate) fn all_phases(&self) -> u8 {
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
        all.check_decks(2, if self.bonus { 4 } else { 0 })
            .map_err(|e| e.to_string())?;
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
                let phase =
                    phase_type(&play.groups()).map_err(|e| IllegalAction::because(action, e))?;
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
                    .map_err(|e| IllegalAction::because(action, e))
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
