//! The rules library: which rules ([`Variant`]), how a game ends ([`Outcome`]), and whether a
//! play is valid — and if not, exactly why — in any position a seat can see.
//!
//! [`validate`] answers the course's question for a play: invalid (with an [`InvalidPlay`]
//! reason), valid and the turn goes on, valid and the turn ends, or valid as "no play". It reads
//! the position through [`View`], which both the full state and a seat's observation implement,
//! so a bot can check a play against its own observation.

use parlour_cards::Card;
use parlour_core::Seat;
use serde::{Deserialize, Serialize};

use crate::action::{BoAction, Source, Target, BUILD_PILES, DISCARD_PILES, PLAYERS};
use crate::piles::{reading, BuildMiss, BuildPile, DiscardFit, DiscardPile};

/// A stockpile may be embargoed once it holds at most this many cards (top card included).
pub const EMBARGO_STOCK: usize = 3;

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

/// The course's answer for a play that is not invalid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Validity {
    /// A valid play after which the turn goes on (unless it was the fifth play, or emptied the
    /// stockpile).
    Continues,
    /// A valid turn-ending play: starting one's own discard pile, a restart, an embargo, or
    /// clearing an embargo.
    EndsTurn,
    /// "No play": valid because no play is possible.
    NoPlay,
}

/// Why a play is invalid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InvalidPlay {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// It is another seat's turn.
    #[error("it is seat {0}'s turn")]
    NotYourTurn(Seat),
    /// A player or pile number out of range.
    #[error("there is no {0}")]
    NoSuchPile(String),
    /// The card is not in the hand.
    #[error("{0} is not in your hand")]
    NotInHand(Card),
    /// The stockpile is empty.
    #[error("your stockpile is empty")]
    EmptyStock,
    /// The discard pile named as the source is empty.
    #[error("discard pile d{owner}.{pile} is empty")]
    EmptySource {
        /// Its owner.
        owner: u8,
        /// Its number.
        pile: u8,
    },
    /// The named card is not the source's top card.
    #[error("the top of {place} is {top}, not {card}")]
    NotTopCard {
        /// The card named.
        card: Card,
        /// The card actually on top.
        top: Card,
        /// The source, in words.
        place: String,
    },
    /// A card cannot go back onto the discard pile it came from.
    #[error("a card cannot move from a discard pile onto the same pile")]
    SamePile,
    /// No Ace goes on a discard pile.
    #[error("Aces cannot be played on discard piles")]
    AceOnDiscard,
    /// Only a pile's owner may start it.
    #[error("only player {0} can start their own empty discard piles")]
    StartOthersPile(u8),
    /// An empty discard pile is started only from the hand.
    #[error("an empty discard pile can be started only from the hand")]
    StartNotFromHand,
    /// A placement that breaks a discard pile's sequence (a restart) is allowed only from the
    /// hand.
    #[error("{card} does not follow {top} on d{owner}.{pile} (alternate colours, adjacent values), and only a card from the hand may restart a pile")]
    BreaksSequence {
        /// The card.
        card: Card,
        /// The pile's top card.
        top: Card,
        /// The pile's owner.
        owner: u8,
        /// Its number.
        pile: u8,
    },
    /// The card does not go on that build pile.
    #[error("build pile b{pile}: {miss}")]
    Build {
        /// The build pile.
        pile: u8,
        /// Why not.
        miss: BuildMiss,
    },
    /// "No play" while a play exists.
    #[error("\"no play\" is only for when no play is possible, and {0} is valid")]
    PlayExists(BoAction),
    /// An embargoed player plays only from the stockpile (or clears the embargo).
    #[error("you are embargoed by player {0}: play from your stockpile or clear the embargo")]
    Embargoed(u8),
    /// Embargo cards exist only in the bonus variant.
    #[error("embargo cards are only in the bonus variant")]
    BonusOnly,
    /// The player's embargo card is already played.
    #[error("you have already played your embargo card")]
    NoEmbargoCard,
    /// A player cannot embargo themself.
    #[error("you cannot embargo yourself")]
    EmbargoSelf,
    /// The target's stockpile is too big.
    #[error("player {target}'s stockpile has {size} cards: an embargo needs 3 or fewer")]
    StockTooBig {
        /// The target.
        target: u8,
        /// Its stockpile's size.
        size: usize,
    },
    /// The target is already embargoed.
    #[error("player {target} is already embargoed by player {by}")]
    AlreadyEmbargoed {
        /// The target.
        target: u8,
        /// Who embargoed them.
        by: u8,
    },
    /// Clearing needs an embargo to clear.
    #[error("you are not embargoed")]
    NotEmbargoed,
}

/// What validation needs to see of a position: the public table and the acting seat's hand.
/// Both the full state (`BoState`) and a seat's observation (`BoObservation`) implement it.
pub trait View {
    /// Whether this is the bonus variant.
    fn bonus(&self) -> bool;
    /// The seat to act, or `None` once the game is over.
    fn to_act(&self) -> Option<Seat>;
    /// How many copies of `card` the acting seat holds (`seat` is the seat whose hand is
    /// asked; a view that cannot see that hand returns 0).
    fn hand_count(&self, seat: Seat, card: Card) -> u8;
    /// The top of `seat`'s stockpile.
    fn stock_top(&self, seat: Seat) -> Option<Card>;
    /// The size of `seat`'s stockpile (top card included).
    fn stock_len(&self, seat: Seat) -> usize;
    /// A discard pile.
    fn discard(&self, owner: usize, pile: usize) -> &DiscardPile;
    /// A build pile.
    fn build(&self, pile: usize) -> &BuildPile;
    /// Whether `seat` still holds its embargo card.
    fn holds_embargo(&self, seat: Seat) -> bool;
    /// Who embargoed `seat`, if anyone.
    fn embargoed_by(&self, seat: Seat) -> Option<Seat>;
}

/// Whether `action` is valid for `seat` in `view`, and how; or exactly why not.
///
/// This is the course's `is_valid_play`: it knows nothing of the five-play limit (the engine
/// ends a turn after its fifth play) and does not check whose turn it is (see
/// [`validate_turn`]).
///
/// ```
/// use parlour_bo::{validate, BoAction, BoSetup, Bo, BoState, Validity, InvalidPlay};
/// use parlour_cards::parse_cards;
///
/// // The course's example: 2C from the hand starts build pile 0.
/// let setup = BoSetup {
///     hands: vec![parse_cards("2C AS 9D 0D 0S").unwrap(), vec![], vec![], vec![]],
///     stocks: ["9C", "0D", "3H", "KD"].iter().map(|c| parse_cards(c).unwrap()).collect(),
///     ..BoSetup::default()
/// };
/// let state = BoState::from_setup(&Bo::standard(), &setup).unwrap();
/// let play: BoAction = "2C b0".parse().unwrap();
/// assert_eq!(validate(&state, 0, play), Ok(Validity::Continues));
/// // A 3 cannot start a build pile.
/// let play: BoAction = "0D b0".parse().unwrap();
/// assert!(matches!(validate(&state, 0, play), Err(InvalidPlay::Build { .. })));
/// ```
pub fn validate<V: View + ?Sized>(
    view: &V,
    seat: Seat,
    action: BoAction,
) -> Result<Validity, InvalidPlay> {
    if seat >= PLAYERS {
        return Err(InvalidPlay::NoSuchPile(format!("player {seat}")));
    }
    match action {
        BoAction::Play { card, from, to } => validate_play(view, seat, card, from, to),
        BoAction::NoPlay => match first_valid(view, seat) {
            Some(a) => Err(InvalidPlay::PlayExists(a)),
            None => Ok(Validity::NoPlay),
        },
        BoAction::Embargo(target) => {
            if !view.bonus() {
                return Err(InvalidPlay::BonusOnly);
            }
            if !view.holds_embargo(seat) {
                return Err(InvalidPlay::NoEmbargoCard);
            }
            let t = target as usize;
            if t >= PLAYERS {
                return Err(InvalidPlay::NoSuchPile(format!("player {target}")));
            }
            if t == seat {
                return Err(InvalidPlay::EmbargoSelf);
            }
            if let Some(by) = view.embargoed_by(t) {
                return Err(InvalidPlay::AlreadyEmbargoed {
                    target,
                    by: by as u8,
                });
            }
            let size = view.stock_len(t);
            if size > EMBARGO_STOCK || size == 0 {
                return Err(InvalidPlay::StockTooBig { target, size });
            }
            Ok(Validity::EndsTurn)
        }
        BoAction::Clear => {
            if !view.bonus() {
                return Err(InvalidPlay::BonusOnly);
            }
            if view.embargoed_by(seat).is_none() {
                return Err(InvalidPlay::NotEmbargoed);
            }
            Ok(Validity::EndsTurn)
        }
    }
}

/// [`validate`] for the seat to act, failing when the game is over or `seat` is not to act.
pub fn validate_turn<V: View + ?Sized>(
    view: &V,
    seat: Seat,
    action: BoAction,
) -> Result<Validity, InvalidPlay> {
    match view.to_act() {
        None => Err(InvalidPlay::GameOver),
        Some(p) if p != seat => Err(InvalidPlay::NotYourTurn(p)),
        Some(_) => validate(view, seat, action),
    }
}

fn validate_play<V: View + ?Sized>(
    view: &V,
    seat: Seat,
    card: Card,
    from: Source,
    to: Target,
) -> Result<Validity, InvalidPlay> {
    let in_range =
        |owner: u8, pile: u8| (owner as usize) < PLAYERS && (pile as usize) < DISCARD_PILES;
    if let Source::Discard { owner, pile } = from {
        if !in_range(owner, pile) {
            return Err(InvalidPlay::NoSuchPile(format!(
                "discard pile d{owner}.{pile}"
            )));
        }
    }
    match to {
        Target::Build(i) if i as usize >= BUILD_PILES => {
            return Err(InvalidPlay::NoSuchPile(format!("build pile b{i}")))
        }
        Target::Discard { owner, pile } if !in_range(owner, pile) => {
            return Err(InvalidPlay::NoSuchPile(format!(
                "discard pile d{owner}.{pile}"
            )))
        }
        _ => {}
    }
    if let Some(by) = view.embargoed_by(seat) {
        if from != Source::Stock {
            return Err(InvalidPlay::Embargoed(by as u8));
        }
    }
    match from {
        Source::Hand => {
            if view.hand_count(seat, card) == 0 {
                return Err(InvalidPlay::NotInHand(card));
            }
        }
        Source::Stock => match view.stock_top(seat) {
            None => return Err(InvalidPlay::EmptyStock),
            Some(top) if top != card => {
                return Err(InvalidPlay::NotTopCard {
                    card,
                    top,
                    place: "your stockpile".into(),
                })
            }
            Some(_) => {}
        },
        Source::Discard { owner, pile } => {
            match view.discard(owner as usize, pile as usize).top() {
                None => return Err(InvalidPlay::EmptySource { owner, pile }),
                Some(top) if top != card => {
                    return Err(InvalidPlay::NotTopCard {
                        card,
                        top,
                        place: format!("discard pile d{owner}.{pile}"),
                    })
                }
                Some(_) => {}
            }
        }
    }
    match to {
        Target::Build(i) => match view.build(i as usize).fit(card) {
            Ok(_) => Ok(Validity::Continues),
            Err(miss) => Err(InvalidPlay::Build { pile: i, miss }),
        },
        Target::Discard { owner, pile } => {
            if card.value() == Some(1) {
                return Err(InvalidPlay::AceOnDiscard);
            }
            if from == (Source::Discard { owner, pile }) {
                return Err(InvalidPlay::SamePile);
            }
            let target = view.discard(owner as usize, pile as usize);
            match target.fit(card) {
                DiscardFit::Start if owner as usize != seat => {
                    Err(InvalidPlay::StartOthersPile(owner))
                }
                DiscardFit::Start if from != Source::Hand => Err(InvalidPlay::StartNotFromHand),
                DiscardFit::Start => Ok(Validity::EndsTurn),
                DiscardFit::Follows => Ok(Validity::Continues),
                DiscardFit::Breaks if from == Source::Hand => Ok(Validity::EndsTurn),
                DiscardFit::Breaks => Err(InvalidPlay::BreaksSequence {
                    card,
                    top: target.top().expect("a pile that breaks is not empty"),
                    owner,
                    pile,
                }),
            }
        }
    }
}

/// Calls `f` with every valid action other than "no play", in the fixed order (hand cards
/// ascending, the stockpile, discard tops by owner and pile; each to build piles 0–3, then
/// discard piles by owner and pile; then embargoes by target, then clearing), until `f` returns `true`.
/// Returns whether `f` stopped it.
///
/// It gives exactly the actions [`validate`] accepts (a test checks every candidate), but
/// judges each source once and each target with a few mask operations.
pub fn for_each_valid<V: View + ?Sized>(
    view: &V,
    seat: Seat,
    mut f: impl FnMut(BoAction, Validity) -> bool,
) -> bool {
    // What each target accepts, read once.
    let mut build_next = [0u32; BUILD_PILES];
    let mut build_colour = [None; BUILD_PILES];
    let mut build_empty = [false; BUILD_PILES];
    for i in 0..BUILD_PILES {
        let b = view.build(i);
        build_next[i] = b.next_values();
        build_colour[i] = b.colour();
        build_empty[i] = b.is_empty();
    }
    let mut follow = [[0u32; DISCARD_PILES]; PLAYERS];
    for (owner, row) in follow.iter_mut().enumerate() {
        for (pile, mask) in row.iter_mut().enumerate() {
            *mask = view.discard(owner, pile).followers();
        }
    }
    let source = |card: Card, from: Source, f: &mut dyn FnMut(BoAction, Validity) -> bool| {
        let from_hand = from == Source::Hand;
        let value = card.value();
        let colour = card.colour();
        for i in 0..BUILD_PILES {
            let fits = match value {
                None => true,
                Some(v) if build_empty[i] => v == 2 || v == 13,
                Some(v) => {
                    (build_colour[i].is_none() || build_colour[i] == colour)
                        && (v == 1 || build_next[i] & (1 << v) != 0)
                }
            };
            if fits {
                let a = BoAction::Play {
                    card,
                    from,
                    to: Target::Build(i as u8),
                };
                if f(a, Validity::Continues) {
                    return true;
                }
            }
        }
        if value == Some(1) {
            return false;
        }
        let r = reading(card);
        for owner in 0..PLAYERS as u8 {
            for pile in 0..DISCARD_PILES as u8 {
                let followers = follow[owner as usize][pile as usize];
                let validity = if followers == 0 {
                    // An empty pile: only its owner starts it, only from the hand.
                    if from_hand && owner as usize == seat {
                        Validity::EndsTurn
                    } else {
                        continue;
                    }
                } else if from == (Source::Discard { owner, pile }) {
                    continue;
                } else if r.is_none_or(|r| followers & r != 0) {
                    Validity::Continues
                } else if from_hand {
                    Validity::EndsTurn
                } else {
                    continue;
                };
                let a = BoAction::Play {
                    card,
                    from,
                    to: Target::Discard { owner, pile },
                };
                if f(a, validity) {
                    return true;
                }
            }
        }
        false
    };
    let embargoed = view.embargoed_by(seat).is_some();
    if !embargoed {
        // Every distinct card in the hand, ascending, without allocating.
        for card in Card::all() {
            if view.hand_count(seat, card) > 0 && source(card, Source::Hand, &mut f) {
                return true;
            }
        }
    }
    if let Some(card) = view.stock_top(seat) {
        if source(card, Source::Stock, &mut f) {
            return true;
        }
    }
    if !embargoed {
        for owner in 0..PLAYERS as u8 {
            for pile in 0..DISCARD_PILES as u8 {
                if let Some(card) = view.discard(owner as usize, pile as usize).top() {
                    if source(card, Source::Discard { owner, pile }, &mut f) {
                        return true;
                    }
                }
            }
        }
    }
    if view.bonus() {
        for t in 0..PLAYERS as u8 {
            let a = BoAction::Embargo(t);
            if let Ok(v) = validate(view, seat, a) {
                if f(a, v) {
                    return true;
                }
            }
        }
        if let Ok(v) = validate(view, seat, BoAction::Clear) {
            if f(BoAction::Clear, v) {
                return true;
            }
        }
    }
    false
}

/// The first valid action other than "no play", if any.
pub fn first_valid<V: View + ?Sized>(view: &V, seat: Seat) -> Option<BoAction> {
    let mut found = None;
    for_each_valid(view, seat, |a, _| {
        found = Some(a);
        true
    });
    found
}

/// Every valid action for `seat` in the fixed order of [`for_each_valid`]; just "no play"
/// when there is none.
pub fn valid_actions<V: View + ?Sized>(view: &V, seat: Seat, out: &mut Vec<BoAction>) {
    out.clear();
    for_each_valid(view, seat, |a, _| {
        out.push(a);
        false
    });
    if out.is_empty() {
        out.push(BoAction::NoPlay);
    }
}
