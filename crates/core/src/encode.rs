//! Tensor encodings: every game as fixed-size numbers, for learning agents and for the Python
//! package's environments.
//!
//! A game that implements [`Encode`] gives
//! - **an observation vector per seat**: a fixed number of `f32`s (for the game's options),
//!   written from the seat's [`Game::Observation`] alone, so it can hold nothing the seat may not
//!   see. Its [`Layout`] names each slice and says what it means (`docs/encodings.md` prints them);
//! - **a fixed action space of tokens** `0..n`: every legal action is a short sequence of tokens.
//!   Most games need one token an action. An action with too many forms to number one by one (a
//!   Phased Out phase, a card added at a position) is spelled as a few tokens, chosen one at a
//!   time; the tokens chosen so far (the *pending prefix*) are part of what the agent sees, as a
//!   slice of its own after the observation.
//!
//! [`Choice`] turns a decision's legal actions into that interface: a legal-token mask for the
//! prefix so far, and [`Choice::push`] to take a token, which completes an action when its last
//! token is chosen. The token sequences of one decision's legal actions are *prefix-free* (no
//! sequence begins another), so every legal action is reachable through the mask, and only legal
//! actions are; [`check_encoding`](crate::conformance::check_encoding) holds every game to it.
//!
//! ```
//! use parlour_core::encode::{Choice, Encoder, Step};
//! use parlour_core::toy::HighCard;
//! use parlour_core::{Game, State};
//!
//! let game = HighCard::new(Default::default()).unwrap();
//! let encoder = Encoder::new(game.clone());
//! let mut state = game.new_game(3);
//! let mut obs = vec![0.0; encoder.observation_len()];
//! let mut mask = vec![false; encoder.action_space()];
//! let mut choice = Choice::new();
//! while let Some(seat) = state.current_player() {
//!     encoder.encode(&state.observation(seat), choice.prefix(), &mut obs);
//!     choice.reset(encoder.game(), &state);
//!     choice.mask(&mut mask);
//!     let token = mask.iter().position(|&legal| legal).unwrap() as u32;
//!     match choice.push(token).unwrap() {
//!         Step::Action(action) => state.apply(action).unwrap(),
//!         Step::Pending => unreachable!("HighCard's actions are one token each"),
//!     }
//! }
//! assert!(state.is_terminal());
//! ```

use std::fmt;

use serde::Serialize;

use crate::game::{Game, Seat, State};

/// One token of an action, an index into the game's action space.
pub type Token = u32;

/// A named slice of a vector: where it starts, how long it is, and what its numbers mean.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Field {
    /// A short name (`hand`, `top_card`).
    pub name: &'static str,
    /// Its first index in the vector.
    pub start: usize,
    /// How many numbers it has.
    pub len: usize,
    /// What each number means.
    pub meaning: &'static str,
}

/// The slices of an observation vector or of an action space, in order, with no gaps.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Layout {
    fields: Vec<Field>,
    len: usize,
}

impl Layout {
    /// An empty layout.
    pub fn new() -> Layout {
        Layout::default()
    }

    /// This layout with a slice of `len` numbers appended.
    pub fn field(mut self, name: &'static str, len: usize, meaning: &'static str) -> Layout {
        self.fields.push(Field {
            name,
            start: self.len,
            len,
            meaning,
        });
        self.len += len;
        self
    }

    /// The total length.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it has no numbers.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The slices, in order.
    pub fn fields(&self) -> &[Field] {
        &self.fields
    }

    /// The slice named `name`.
    pub fn get(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// The slice holding index `i`.
    pub fn field_at(&self, i: usize) -> Option<&Field> {
        self.fields
            .iter()
            .find(|f| (f.start..f.start + f.len).contains(&i))
    }
}

/// A game's tensor encoding: a fixed-size observation vector per seat and a fixed action
/// space of tokens (see the [module docs](self)).
pub trait Encode: Game {
    /// The observation vector's slices, for this game's options.
    fn observation_layout(&self) -> Layout;

    /// Writes `observation` into `out`, which has the layout's length and is zeroed by the
    /// caller. It must depend on nothing but `observation` (and the options), and every number
    /// lies in `[0, 1]` (environments declare the vector as a box of that range).
    fn encode_observation(&self, observation: &Self::Observation, out: &mut [f32]);

    /// The action space: its token ranges, in order (its length is the number of tokens).
    fn action_layout(&self) -> Layout;

    /// Appends the tokens of `action`, made by `seat`, to `out` (a game may spell seats in an
    /// action relative to the one acting, as its observation shows them). Within one decision
    /// the sequences of the legal actions must be distinct and prefix-free; one token an action
    /// is the usual case.
    fn action_tokens(&self, seat: Seat, action: &Self::Action, out: &mut Vec<Token>);

    /// The most tokens any action takes (1 unless some action is spelled in several).
    fn max_tokens(&self) -> usize {
        1
    }

    /// The slices that show a pending prefix (empty when every action is one token).
    fn pending_layout(&self) -> Layout {
        Layout::new()
    }

    /// Writes the pending prefix `prefix` (tokens chosen so far towards one action, fewer than
    /// [`Encode::max_tokens`]) into `out`, zeroed by the caller, of the pending layout's length.
    fn encode_pending(&self, prefix: &[Token], out: &mut [f32]) {
        let _ = (prefix, out);
    }
}

/// A game with its layouts' lengths worked out once: the full agent-facing vector is the
/// observation followed by the pending prefix.
#[derive(Debug, Clone)]
pub struct Encoder<G: Encode> {
    game: G,
    observation: usize,
    pending: usize,
    actions: usize,
}

impl<G: Encode> Encoder<G> {
    /// The encoder of `game`.
    pub fn new(game: G) -> Encoder<G> {
        Encoder {
            observation: game.observation_layout().len(),
            pending: game.pending_layout().len(),
            actions: game.action_layout().len(),
            game,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The length of the agent-facing vector: observation, then pending prefix.
    pub fn observation_len(&self) -> usize {
        self.observation + self.pending
    }

    /// The number of tokens in the action space.
    pub fn action_space(&self) -> usize {
        self.actions
    }

    /// The full layout: the game's observation slices, then its pending-prefix slices.
    pub fn layout(&self) -> Layout {
        let mut layout = self.game.observation_layout();
        for f in self.game.pending_layout().fields() {
            layout = layout.field(f.name, f.len, f.meaning);
        }
        layout
    }

    /// Writes `observation` and the pending `prefix` into `out` (of
    /// [`Encoder::observation_len`] numbers), zeroing it first.
    pub fn encode(&self, observation: &G::Observation, prefix: &[Token], out: &mut [f32]) {
        assert_eq!(
            out.len(),
            self.observation_len(),
            "an observation buffer of the wrong length"
        );
        out.fill(0.0);
        let (obs, pending) = out.split_at_mut(self.observation);
        self.game.encode_observation(observation, obs);
        if !prefix.is_empty() {
            self.game.encode_pending(prefix, pending);
        }
    }
}

/// A token that cannot be taken now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TokenError {
    /// Past the end of the action space.
    #[error("token {token} is outside the action space 0..{space}")]
    OutOfRange {
        /// The token given.
        token: Token,
        /// The size of the action space.
        space: usize,
    },
    /// No legal action continues the prefix with this token.
    #[error("token {token} is not legal now (after the pending tokens {prefix:?})")]
    NotLegal {
        /// The token given.
        token: Token,
        /// The tokens already chosen.
        prefix: Vec<Token>,
    },
    /// The game is over: nothing can be chosen.
    #[error("the game is over: there is no action to choose")]
    NoDecision,
}

/// What a token did: extended the pending prefix, or completed an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<A> {
    /// More tokens are needed; the mask now shows the next ones.
    Pending,
    /// The last token of this legal action.
    Action(A),
}

/// One decision's legal actions as token sequences, and the tokens chosen so far.
///
/// Reuse one `Choice` across decisions: [`Choice::reset`] allocates nothing once its buffers
/// have grown.
#[derive(Clone)]
pub struct Choice<G: Game> {
    legal: Vec<G::Action>,
    /// `tokens[ends[i - 1]..ends[i]]` spell `legal[i]`.
    ends: Vec<usize>,
    tokens: Vec<Token>,
    /// The indices of the legal actions whose sequences begin with the prefix.
    live: Vec<u32>,
    prefix: Vec<Token>,
    space: usize,
}

impl<G: Game> fmt::Debug for Choice<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Choice")
            .field("legal", &self.legal)
            .field("prefix", &self.prefix)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Default for Choice<G> {
    fn default() -> Self {
        Choice::new()
    }
}

impl<G: Game> Choice<G> {
    /// An empty choice (no decision yet).
    pub fn new() -> Choice<G> {
        Choice {
            legal: Vec::new(),
            ends: Vec::new(),
            tokens: Vec::new(),
            live: Vec::new(),
            prefix: Vec::new(),
            space: 0,
        }
    }

    /// The decision of `state`'s seat to move (none when it is over), with no token chosen.
    pub fn reset(&mut self, game: &G, state: &G::State)
    where
        G: Encode,
    {
        let mut legal = std::mem::take(&mut self.legal);
        state.legal_actions(&mut legal);
        self.set_legal(game, state.current_player().unwrap_or(0), legal);
    }

    /// The decision of `seat` among `legal` (e.g. a list the caller already has), with no
    /// token chosen.
    pub fn reset_to(&mut self, game: &G, seat: Seat, legal: &[G::Action])
    where
        G: Encode,
    {
        let mut own = std::mem::take(&mut self.legal);
        own.clear();
        own.extend_from_slice(legal);
        self.set_legal(game, seat, own);
    }

    fn set_legal(&mut self, game: &G, seat: Seat, legal: Vec<G::Action>)
    where
        G: Encode,
    {
        self.legal = legal;
        self.tokens.clear();
        self.ends.clear();
        for a in &self.legal {
            game.action_tokens(seat, a, &mut self.tokens);
            self.ends.push(self.tokens.len());
        }
        self.live.clear();
        self.live.extend(0..self.legal.len() as u32);
        self.prefix.clear();
        if self.space == 0 {
            self.space = game.action_layout().len();
        }
    }

    /// The decision's legal actions, in the game's order.
    pub fn legal(&self) -> &[G::Action] {
        &self.legal
    }

    /// The tokens chosen so far towards the next action.
    pub fn prefix(&self) -> &[Token] {
        &self.prefix
    }

    /// The tokens of legal action `i`.
    pub fn tokens_of(&self, i: usize) -> &[Token] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.tokens[start..self.ends[i]]
    }

    /// Calls `f` with every token that continues the prefix towards a legal action (a token
    /// may come more than once).
    pub fn for_each_next(&self, mut f: impl FnMut(Token)) {
        let depth = self.prefix.len();
        for &i in &self.live {
            f(self.tokens_of(i as usize)[depth]);
        }
    }

    /// Sets `mask[t]` exactly for the tokens that can come next (`mask` has the action space's
    /// length; everything else is cleared).
    pub fn mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        self.for_each_next(|t| mask[t as usize] = true);
    }

    /// Whether `token` can come next (what [`Choice::push`] would accept).
    pub fn allows(&self, token: Token) -> bool {
        let depth = self.prefix.len();
        (token as usize) < self.space
            && self
                .live
                .iter()
                .any(|&i| self.tokens_of(i as usize)[depth] == token)
    }

    /// Takes `token`: the prefix grows, or a legal action is complete (and the prefix is
    /// cleared). An illegal token changes nothing.
    pub fn push(&mut self, token: Token) -> Result<Step<G::Action>, TokenError> {
        if self.legal.is_empty() {
            return Err(TokenError::NoDecision);
        }
        if token as usize >= self.space {
            return Err(TokenError::OutOfRange {
                token,
                space: self.space,
            });
        }
        let depth = self.prefix.len();
        let before = self.live.len();
        let (tokens, ends) = (&self.tokens, &self.ends);
        let spelled = |i: u32| {
            let i = i as usize;
            let start = if i == 0 { 0 } else { ends[i - 1] };
            &tokens[start..ends[i]]
        };
        if !self.live.iter().any(|&i| spelled(i)[depth] == token) {
            return Err(TokenError::NotLegal {
                token,
                prefix: self.prefix.clone(),
            });
        }
        self.live.retain(|&i| spelled(i)[depth] == token);
        debug_assert!(self.live.len() <= before);
        let first = self.live[0];
        if spelled(first).len() == depth + 1 {
            // Prefix-free sequences: a complete one is the only one left.
            let action = self.legal[first as usize];
            self.prefix.clear();
            self.live.clear();
            self.live.extend(0..self.legal.len() as u32);
            return Ok(Step::Action(action));
        }
        self.prefix.push(token);
        Ok(Step::Pending)
    }

    /// Forgets the tokens chosen so far.
    pub fn clear_prefix(&mut self) {
        self.prefix.clear();
        self.live.clear();
        self.live.extend(0..self.legal.len() as u32);
    }
}
