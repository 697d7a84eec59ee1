//! The Comp10001-Go engine: [`Go`], [`GoState`], [`GoObservation`] and scripted [`GoSetup`]s.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use parlour_cards::{standard_deck, Card};
use parlour_core::rng::{seeded, GameRng};
use parlour_core::{
    Game, IllegalAction, OptionsError, ParseActionError, ResampleError, RoundResult, Seat, State,
};
use rand::seq::SliceRandom;
use rand::RngExt;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::scoring::{best_score, best_score_mask};
use crate::search::GoSampler;
use parlour_core::search::{Sampler, SearchTuning};

/// Seats at the table.
pub const PLAYERS: usize = 4;
/// Cards dealt to each player, and turns in a game.
pub const TURNS: usize = 10;

/// A set of standard cards as a bit mask over [`Card::index`].
pub(crate) type Mask = u64;

fn bit(c: Card) -> Mask {
    1 << c.index()
}

fn cards_of(mask: Mask) -> Vec<Card> {
    let mut v = Vec::with_capacity(mask.count_ones() as usize);
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as u8;
        m &= m - 1;
        v.extend(Card::from_index(i));
    }
    v
}

fn mask_of(cards: &[Card]) -> Mask {
    cards.iter().fold(0, |m, &c| m | bit(c))
}

/// Comp10001-Go's options: the game has none yet (four players, one pack, ten turns).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoOptions {}

/// The game of Comp10001-Go.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    options: GoOptions,
}

impl Go {
    /// The standard game.
    pub fn standard() -> Go {
        Go::default()
    }
}

/// A pick: the card a seat discards this turn (text: the card, e.g. `7C`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GoAction(pub Card);

impl fmt::Display for GoAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for GoAction {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<GoAction, ParseActionError> {
        let card: Card = s
            .parse()
            .map_err(|e: parlour_cards::ParseCardError| ParseActionError::new(s, e.to_string()))?;
        if card.is_joker() {
            return Err(ParseActionError::new(s, "Comp10001-Go uses no Jokers"));
        }
        Ok(GoAction(card))
    }
}

impl Serialize for GoAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for GoAction {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GoAction, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// A full Comp10001-Go position.
///
/// A turn's simultaneous picks are made in seat order 0, 1, 2, 3; each pick stays hidden from the
/// other seats until the fourth is made, when all are revealed and every hand passes to the next
/// seat `(i + 1) % 4`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoState {
    /// Current hands, without this turn's pending picks.
    pub(crate) hands: [Mask; PLAYERS],
    /// This turn's picks so far, hidden from the other seats.
    pub(crate) pending: [Option<Card>; PLAYERS],
    /// Revealed discards, by seat and turn.
    discards: [[Option<Card>; TURNS]; PLAYERS],
    /// The hand each seat held at the start of each turn (its perfect recall).
    held: [[Mask; TURNS]; PLAYERS],
    /// The twelve cards set aside, seen by nobody.
    pub(crate) set_aside: Mask,
    turn: u8,
    pub(crate) current: u8,
    scores: [i32; PLAYERS],
    decisions: u64,
}

/// What one seat sees: its hand, its own unrevealed pick, every revealed discard, the turn, and
/// every hand it has held (cards seen once and passed on), and nothing else.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Turns completed (0–10).
    pub turn: usize,
    /// The observer's hand now (without its own pick this turn).
    pub hand: Vec<Card>,
    /// The observer's pick this turn, if it has picked (not yet revealed to the others).
    pub picked: Option<Card>,
    /// Every seat's revealed discards, in turn order.
    pub discards: Vec<Vec<Card>>,
    /// The hand the observer held at the start of each turn so far.
    pub held: Vec<Vec<Card>>,
    /// The seat to pick (`None` when the game is over).
    pub current_player: Option<Seat>,
    /// Final scores, once the game is over.
    pub scores: Option<Vec<i32>>,
}

impl fmt::Display for GoObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Turn {} of {TURNS} · you are seat {}",
            (self.turn + 1).min(TURNS),
            self.seat
        )?;
        for (s, d) in self.discards.iter().enumerate() {
            let me = if s == self.seat { " (you)" } else { "" };
            let names: Vec<String> = d.iter().map(|c| c.to_string()).collect();
            writeln!(f, "  seat {s}{me} discards: {}", names.join(" "))?;
        }
        if let Some(scores) = &self.scores {
            // The game is over: no hand is left, and everything may be shown.
            return write!(
                f,
                "{}",
                crate::text::final_scores(self.seat, &self.discards, scores)
            );
        }
        if let Some(p) = self.picked {
            writeln!(f, "You picked {p} (hidden until all have picked)")?;
        }
        write!(f, "Your hand:")?;
        for c in &self.hand {
            write!(f, " {c}")?;
        }
        Ok(())
    }
}

/// An exact position at the start of a turn, for tests (after shakmaty's `Setup`). Cards in no
/// hand or discard pile are the set-aside cards. Each seat's history of held hands follows from
/// the hands and discards, since hands pass one seat on each turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoSetup {
    /// Each seat's hand: all the same size, `10 - turn`.
    pub hands: Vec<Vec<Card>>,
    /// Each seat's discards so far, in turn order: all of length `turn`.
    pub discards: Vec<Vec<Card>>,
}

/// Why a setup is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid Comp10001-Go setup: {0}")]
pub struct SetupError(pub String);

impl GoState {
    /// Builds the position `setup` describes.
    pub fn from_setup(setup: &GoSetup) -> Result<GoState, SetupError> {
        let err = |m: String| Err(SetupError(m));
        if setup.hands.len() != PLAYERS || setup.discards.len() != PLAYERS {
            return err(format!(
                "{PLAYERS} hands and {PLAYERS} discard lists are needed"
            ));
        }
        let turn = setup.discards[0].len();
        if turn > TURNS {
            return err(format!("{turn} discards each; a game has {TURNS} turns"));
        }
        let mut used: Mask = 0;
        for s in 0..PLAYERS {
            if setup.discards[s].len() != turn {
                return err(format!(
                    "seat {s} has {} discards, seat 0 has {turn}",
                    setup.discards[s].len()
                ));
            }
            if setup.hands[s].len() != TURNS - turn {
                return err(format!(
                    "seat {s} holds {} cards; after {turn} turns each hand holds {}",
                    setup.hands[s].len(),
                    TURNS - turn
                ));
            }
            for &c in setup.hands[s].iter().chain(&setup.discards[s]) {
                if c.is_joker() {
                    return err(format!("{c} is a Joker; the game uses one standard pack"));
                }
                if used & bit(c) != 0 {
                    return err(format!("{c} appears twice"));
                }
                used |= bit(c);
            }
        }
        let all = mask_of(&standard_deck());
        let mut state = GoState {
            hands: [0; PLAYERS],
            pending: [None; PLAYERS],
            discards: [[None; TURNS]; PLAYERS],
            held: [[0; TURNS]; PLAYERS],
            set_aside: all & !used,
            turn: turn as u8,
            current: 0,
            scores: [0; PLAYERS],
            decisions: (turn * PLAYERS) as u64,
        };
        for s in 0..PLAYERS {
            state.hands[s] = mask_of(&setup.hands[s]);
            for (t, &c) in setup.discards[s].iter().enumerate() {
                state.discards[s][t] = Some(c);
            }
        }
        for s in 0..PLAYERS {
            state.rebuild_history(s);
        }
        if turn == TURNS {
            state.score_all();
        }
        Ok(state)
    }

    /// Rebuilds the hands `seat` held at the start of each turn so far from where the cards are
    /// now: the hand it held at turn `u` is the one seat `seat + (turn - u)` holds now (with any
    /// unrevealed pick), plus the discards made from it on the way round.
    pub(crate) fn rebuild_history(&mut self, seat: Seat) {
        let t = self.turn();
        let now = |j: usize| self.hands[j] | self.pending[j].map_or(0, bit);
        let mut held = [0; TURNS];
        for (u, h) in held.iter_mut().enumerate().take(t.min(TURNS)) {
            let d = t - u;
            let mut m = now((seat + d) % PLAYERS);
            for k in 0..d {
                m |= self.discards[(seat + k) % PLAYERS][u + k].map_or(0, bit);
            }
            *h = m;
        }
        if t < TURNS {
            held[t] = now(seat);
        }
        self.held[seat] = held;
    }

    fn score_all(&mut self) {
        for s in 0..PLAYERS {
            self.scores[s] = best_score_mask(self.discards_mask(s));
        }
    }

    /// A seat's revealed discards as a mask over [`Card::index`].
    pub(crate) fn discards_mask(&self, seat: Seat) -> u64 {
        self.discards[seat]
            .iter()
            .flatten()
            .fold(0, |m, &c| m | bit(c))
    }

    /// Turns completed.
    pub fn turn(&self) -> usize {
        self.turn as usize
    }

    /// A seat's current hand (without a pending pick).
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        cards_of(self.hands[seat])
    }

    /// A seat's revealed discards.
    pub fn discards(&self, seat: Seat) -> Vec<Card> {
        self.discards[seat].iter().flatten().copied().collect()
    }

    /// The set-aside cards.
    pub fn set_aside(&self) -> Vec<Card> {
        cards_of(self.set_aside)
    }

    /// Final scores (zero until the game is over).
    pub fn scores(&self) -> [i32; PLAYERS] {
        self.scores
    }

    /// The seats with the highest score, once the game is over.
    pub fn winners(&self) -> Vec<Seat> {
        if self.turn() < TURNS {
            return Vec::new();
        }
        let top = self.scores.iter().copied().max().unwrap_or(0);
        (0..PLAYERS).filter(|&s| self.scores[s] == top).collect()
    }

    /// Checks that all 52 cards are accounted for exactly once (hands, pending picks, discards,
    /// set aside) and that hand sizes fit the turn.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut seen: Mask = 0;
        let mut add = |m: Mask, what: &str| -> Result<(), String> {
            if seen & m != 0 {
                return Err(format!(
                    "{what} holds a card that is also elsewhere: {:?}",
                    cards_of(seen & m)
                ));
            }
            seen |= m;
            Ok(())
        };
        for s in 0..PLAYERS {
            add(self.hands[s], "a hand")?;
            add(self.pending[s].map_or(0, bit), "a pick")?;
            add(
                self.discards[s]
                    .iter()
                    .flatten()
                    .fold(0, |m, &c| m | bit(c)),
                "a discard pile",
            )?;
            let in_hand =
                self.hands[s].count_ones() as usize + usize::from(self.pending[s].is_some());
            if self.turn() < TURNS && in_hand != TURNS - self.turn() {
                return Err(format!(
                    "seat {s} holds {in_hand} cards at turn {}",
                    self.turn()
                ));
            }
        }
        add(self.set_aside, "the set-aside cards")?;
        if seen != mask_of(&standard_deck()) {
            return Err(format!("{} of 52 cards accounted for", seen.count_ones()));
        }
        if self.set_aside.count_ones() != 12 {
            return Err(format!(
                "{} cards set aside, not 12",
                self.set_aside.count_ones()
            ));
        }
        Ok(())
    }
}

impl Game for Go {
    type Options = GoOptions;
    type Action = GoAction;
    type Observation = GoObservation;
    type State = GoState;
    const NAME: &'static str = "go";

    fn player_range() -> RangeInclusive<usize> {
        PLAYERS..=PLAYERS
    }

    fn new(options: GoOptions) -> Result<Go, OptionsError> {
        Ok(Go { options })
    }

    fn options(&self) -> &GoOptions {
        &self.options
    }

    fn num_players(&self) -> usize {
        PLAYERS
    }

    fn max_decisions(&self) -> Option<u64> {
        Some((PLAYERS * TURNS) as u64)
    }

    fn new_game(&self, seed: u64) -> GoState {
        let mut deck = standard_deck();
        deck.shuffle(&mut seeded(seed));
        let mut state = GoState {
            hands: [0; PLAYERS],
            pending: [None; PLAYERS],
            discards: [[None; TURNS]; PLAYERS],
            held: [[0; TURNS]; PLAYERS],
            set_aside: mask_of(&deck[PLAYERS * TURNS..]),
            turn: 0,
            current: 0,
            scores: [0; PLAYERS],
            decisions: 0,
        };
        for s in 0..PLAYERS {
            state.hands[s] = mask_of(&deck[s * TURNS..(s + 1) * TURNS]);
            state.held[s][0] = state.hands[s];
        }
        state
    }

    fn resample(&self, obs: &GoObservation, rng: &mut GameRng) -> Result<GoState, ResampleError> {
        resample(obs, rng)
    }

    fn observer(obs: &GoObservation) -> Seat {
        obs.seat
    }

    fn sampler<'a>(
        &'a self,
        observation: &'a GoObservation,
        rng: &mut GameRng,
    ) -> Result<Box<dyn Sampler<Go> + 'a>, ResampleError> {
        Ok(Box::new(GoSampler::new(observation, rng)?))
    }

    fn search_tuning(&self) -> SearchTuning<Go> {
        crate::search::tuning()
    }

    fn bots() -> &'static [parlour_core::BotEntry<Go>] {
        crate::bots::BOTS
    }

    fn action_visible(&self, actor: Seat, _action: &GoAction, viewer: Seat) -> bool {
        // A pick is face down until all four have picked; the observations then show it.
        actor == viewer
    }

    fn parse_human(
        &self,
        obs: &GoObservation,
        legal: &[GoAction],
        input: &str,
    ) -> Result<GoAction, String> {
        crate::text::parse_human(obs, legal, input)
    }
}

impl State<Go> for GoState {
    fn current_player(&self) -> Option<Seat> {
        (self.turn() < TURNS).then_some(self.current as usize)
    }

    fn legal_actions(&self, out: &mut Vec<GoAction>) {
        out.clear();
        if self.turn() >= TURNS {
            return;
        }
        let mut m = self.hands[self.current as usize];
        while m != 0 {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            out.extend(Card::from_index(i).map(GoAction));
        }
    }

    fn random_action(&self, rng: &mut GameRng, _scratch: &mut Vec<GoAction>) -> Option<GoAction> {
        if self.turn() >= TURNS {
            return None;
        }
        // The k-th card of the hand, k uniform: every legal pick equally likely, no list built.
        let mut m = self.hands[self.current as usize];
        for _ in 0..rng.random_range(0..m.count_ones()) {
            m &= m - 1;
        }
        Card::from_index(m.trailing_zeros() as u8).map(GoAction)
    }

    fn check(&self, action: GoAction) -> Result<(), IllegalAction> {
        if self.turn() >= TURNS {
            return Err(IllegalAction::new(action, "the game is over"));
        }
        if action.0.is_joker() || self.hands[self.current as usize] & bit(action.0) == 0 {
            return Err(IllegalAction::new(
                action,
                format!("{} is not in seat {}'s hand", action.0, self.current),
            ));
        }
        Ok(())
    }

    fn apply_unchecked(&mut self, action: GoAction) {
        let s = self.current as usize;
        self.hands[s] &= !bit(action.0);
        self.pending[s] = Some(action.0);
        self.decisions += 1;
        if s + 1 < PLAYERS {
            self.current += 1;
            return;
        }
        // All have picked: reveal, then pass every hand to the next seat.
        let t = self.turn();
        for s in 0..PLAYERS {
            self.discards[s][t] = self.pending[s].take();
        }
        self.hands.rotate_right(1);
        self.turn += 1;
        self.current = 0;
        if self.turn() == TURNS {
            self.score_all();
        } else {
            for s in 0..PLAYERS {
                self.held[s][self.turn()] = self.hands[s];
            }
        }
    }

    fn returns(&self) -> Vec<f64> {
        self.scores.iter().map(|&s| f64::from(s)).collect()
    }

    fn observation(&self, seat: Seat) -> GoObservation {
        let t = self.turn();
        GoObservation {
            seat,
            turn: t,
            hand: cards_of(self.hands[seat]),
            picked: self.pending[seat],
            discards: (0..PLAYERS).map(|s| self.discards(s)).collect(),
            held: (0..held_turns(t))
                .map(|u| cards_of(self.held[seat][u]))
                .collect(),
            current_player: self.current_player(),
            scores: (t == TURNS).then(|| self.scores.to_vec()),
        }
    }

    fn decisions(&self) -> u64 {
        self.decisions
    }

    fn last_round(&self) -> Option<RoundResult> {
        (self.turn() == TURNS).then(|| RoundResult {
            round: 0,
            points: self.returns(),
            winners: self.winners(),
        })
    }
}

/// How many held hands a seat remembers after `turn` turns: one per turn started.
fn held_turns(turn: usize) -> usize {
    (turn + 1).min(TURNS)
}

/// A full state consistent with `obs`. Hands pass one seat per turn, so the observer knows the
/// contents of every hand it has held, less the discards revealed from it since; only hands it has
/// not yet seen (in the first turns), the others' unrevealed picks this turn, and the set-aside
/// cards are drawn at random.
pub(crate) fn resample(obs: &GoObservation, rng: &mut GameRng) -> Result<GoState, ResampleError> {
    let err = |m: &str| Err(ResampleError(m.to_string()));
    let (s, t) = (obs.seat, obs.turn);
    if s >= PLAYERS
        || t > TURNS
        || obs.discards.len() != PLAYERS
        || obs.discards.iter().any(|d| d.len() != t)
    {
        return err("seat, turn or discard lists do not fit the game");
    }
    if obs.held.len() != held_turns(t) {
        return err("the held-hands history does not fit the turn");
    }
    let current = match obs.current_player {
        Some(c) if c < PLAYERS && t < TURNS => c,
        None if t == TURNS => 0,
        _ => return err("the player to act does not fit the turn"),
    };
    if (obs.picked.is_some()) != (t < TURNS && s < current) {
        return err("the observer's pick does not fit the player to act");
    }
    let discard = |j: usize, u: usize| mask_of(&obs.discards[j][u..=u]);
    // Every card named is a distinct standard card, and the held hands fit the turns and the
    // observer's own discards: a hand held at turn u lost one card a turn on its way round.
    let all_cards = obs
        .hand
        .iter()
        .chain(obs.picked.iter())
        .chain(obs.discards.iter().flatten())
        .chain(obs.held.iter().flatten());
    if all_cards.clone().any(|c| c.is_joker()) {
        return err("Comp10001-Go uses no Jokers");
    }
    let mut seen_discards: Mask = 0;
    for &c in obs.discards.iter().flatten() {
        if seen_discards & bit(c) != 0 {
            return err("a card is discarded twice");
        }
        seen_discards |= bit(c);
    }
    for (u, h) in obs.held.iter().enumerate() {
        let m = mask_of(h);
        if h.len() != TURNS - u || m.count_ones() as usize != h.len() {
            return err("a held hand has the wrong size or a repeated card");
        }
        if u < t && m & discard(s, u) == 0 {
            return err("the observer's discard is not from the hand it held");
        }
        if u + PLAYERS < held_turns(t) {
            let mut back = m;
            for k in 0..PLAYERS {
                back &= !discard((s + k) % PLAYERS, u + k);
            }
            if back != mask_of(&obs.held[u + PLAYERS]) {
                return err("a hand held twice does not match the discards made from it");
            }
        }
    }
    if t == TURNS {
        if !obs.hand.is_empty() || obs.picked.is_some() {
            return err("cards in hand after the last turn");
        }
        let expected: Option<Vec<i32>> = obs.discards.iter().map(|d| best_score(d).ok()).collect();
        if obs.scores != expected {
            return err("the final scores are not the discards' best scores");
        }
    } else if obs.scores.is_some() {
        return err("scores before the game is over");
    }
    let mut known: [Option<Mask>; PLAYERS] = [None; PLAYERS];
    let mut taken: Mask = 0;
    for d in &obs.discards {
        taken |= mask_of(d);
    }
    if t < TURNS {
        let own = mask_of(&obs.held[t]);
        let now = mask_of(&obs.hand) | obs.picked.map_or(0, bit);
        if own != now {
            return err("the observer's hand and pick disagree with the hand it holds");
        }
        known[s] = Some(own);
        for d in 1..PLAYERS {
            if let Some(u) = t.checked_sub(d) {
                let mut m = mask_of(&obs.held[u]) & !discard(s, u);
                for k in 1..d {
                    m &= !discard((s + k) % PLAYERS, u + k);
                }
                known[(s + d) % PLAYERS] = Some(m);
            }
        }
        for m in known.iter().flatten() {
            if taken & m != 0 {
                return err("a card is both held and discarded");
            }
            taken |= m;
        }
    }
    let all = mask_of(&standard_deck());
    let mut pool = cards_of(all & !taken);
    pool.shuffle(rng);
    let size = TURNS - t;
    let mut hands = [0; PLAYERS];
    let mut pending = [None; PLAYERS];
    for j in 0..PLAYERS {
        if t == TURNS {
            break;
        }
        let mut m = match known[j] {
            Some(m) => m,
            None => {
                if pool.len() < size {
                    return err("too few unseen cards for the hidden hands");
                }
                mask_of(&pool.split_off(pool.len() - size))
            }
        };
        if m.count_ones() as usize != size {
            return err("a hand's size does not fit the turn");
        }
        if j < current {
            let pick = if j == s {
                obs.picked.expect("checked above")
            } else {
                let cards = cards_of(m);
                cards[rng.random_range(0..cards.len())]
            };
            m &= !bit(pick);
            pending[j] = Some(pick);
        }
        hands[j] = m;
    }
    if pool.len() != 52 - PLAYERS * TURNS {
        return err("the unseen cards do not leave twelve set aside");
    }
    let mut held = [[0; TURNS]; PLAYERS];
    for (u, h) in obs.held.iter().enumerate() {
        held[s][u] = mask_of(h);
    }
    let mut state = GoState {
        hands,
        pending,
        discards: [[None; TURNS]; PLAYERS],
        held,
        set_aside: mask_of(&pool),
        turn: t as u8,
        current: current as u8,
        scores: [0; PLAYERS],
        decisions: (t * PLAYERS + current) as u64,
    };
    for j in 0..PLAYERS {
        for (u, &c) in obs.discards[j].iter().enumerate() {
            state.discards[j][u] = Some(c);
        }
    }
    // Other seats' histories: rebuilt from the sampled hands as a setup would.
    for j in (0..PLAYERS).filter(|&j| j != s) {
        state.rebuild_history(j);
    }
    if t == TURNS {
        state.score_all();
    }
    Ok(state)
}
