//! The seats of a game with external programs among them: a [`Player`] is a built-in bot or a
//! [`Program`], and a slice of players is the [`Seats`] a [`Runner`](parlour_core::play::Runner)
//! plays (in a [`Table`]), telling each program the other seats' moves as its seat saw them and the result.

use parlour_core::play::Seats;
use parlour_core::{Bot, BotError, Decision, Game, GameAi, Seat, Seating, State};

use crate::entry::{make_builtin, BotReport, EntrySpec};

/// What a program outside parlour needs beyond a [`Bot`]: it is told what the other seats did
/// (as its seat saw it) and how the game ended, and it reports its own conduct.
pub trait Program<G: Game>: Bot<G> {
    /// Another seat's action, as this program's seat saw it: `None` when the rules hide it
    /// ([`Game::action_visible`]), with what the rules show of it beyond its text
    /// ([`Game::action_detail`]; `None` too when the action is hidden).
    fn event(
        &mut self,
        game: &G,
        actor: Seat,
        action: Option<G::Action>,
        detail: Option<serde_json::Value>,
    );

    /// The game is over.
    fn finish(&mut self, outcome: &Outcome<'_, G>);

    /// The program's faults in the game just played, and whether it forfeited. Taking the
    /// report clears it.
    fn report(&mut self) -> BotReport;
}

/// A finished game, as one seat is told of it (see [`Program::finish`]).
#[derive(Debug)]
pub struct Outcome<'a, G: Game> {
    /// The seat told.
    pub seat: Seat,
    /// Every seat's return.
    pub returns: &'a [f64],
    /// The seats that won.
    pub winners: &'a [Seat],
    /// The seat's final observation.
    pub observation: &'a G::Observation,
    /// Decisions made in the game.
    pub decisions: u64,
}

/// Who plays one seat: a built-in bot, or an external program.
pub enum Player<G: Game> {
    /// A bot inside parlour.
    BuiltIn(Box<dyn Bot<G>>),
    /// A program speaking the protocol.
    Program(Box<dyn Program<G>>),
}

impl<G: Game> std::fmt::Debug for Player<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Player::BuiltIn(_) => "Player::BuiltIn",
            Player::Program(_) => "Player::Program",
        })
    }
}

impl<G: Game> Player<G> {
    /// The seat's decision-maker.
    pub fn bot(&mut self) -> &mut dyn Bot<G> {
        match self {
            Player::BuiltIn(b) => b.as_mut(),
            Player::Program(p) => p.as_mut(),
        }
    }

    /// The seat's conduct in the game just played: a program's faults and forfeit, nothing for
    /// a built-in bot.
    pub fn report(&mut self) -> BotReport {
        match self {
            Player::BuiltIn(_) => BotReport::default(),
            Player::Program(p) => p.report(),
        }
    }
}

impl<G: GameAi + parlour_core::encode::Encode> Player<G> {
    /// A built-in entry's bot ([`make_builtin`]); an external program is
    /// [`BotError::NotBuiltIn`] (a [`Pool`](crate::Pool) runs those).
    pub fn built_in(entry: &EntrySpec, seed: u64) -> Result<Player<G>, BotError> {
        make_builtin(entry, seed).map(Player::BuiltIn)
    }

    /// A built-in entry's bot, or for a program a random stand-in: what a tournament is
    /// checked with (each entry made once) before any program is started.
    pub fn stand_in(entry: &EntrySpec, seed: u64) -> Result<Player<G>, BotError> {
        match entry {
            EntrySpec::Program(_) => Ok(Player::BuiltIn(Box::new(parlour_bots::RandomBot::new(
                seed,
            )))),
            e => Player::built_in(e, seed),
        }
    }
}

impl<G: Game> From<Box<dyn Bot<G>>> for Player<G> {
    fn from(bot: Box<dyn Bot<G>>) -> Player<G> {
        Player::BuiltIn(bot)
    }
}

/// The players at one table, seat by seat: the [`Seats`] a
/// [`Runner`](parlour_core::play::Runner) plays when programs may sit at it.
#[derive(Debug)]
pub struct Table<G: Game> {
    /// The players, by seat.
    pub players: Vec<Player<G>>,
    /// The last action's [`Game::action_detail`], read from its actor's view before it was
    /// applied, for the programs told of it.
    detail: Option<serde_json::Value>,
}

impl<G: Game> Table<G> {
    /// A table of these players, by seat.
    pub fn new(players: Vec<Player<G>>) -> Table<G> {
        Table {
            players,
            detail: None,
        }
    }

    /// Each seat's conduct in the game just played (see [`Player::report`]).
    pub fn reports(&mut self) -> Vec<BotReport> {
        self.players.iter_mut().map(Player::report).collect()
    }

    /// Whether a program other than `actor`'s seat sits at the table (and is told its moves).
    fn tells_others(&self, actor: Seat) -> bool {
        self.players
            .iter()
            .enumerate()
            .any(|(s, p)| s != actor && matches!(p, Player::Program(_)))
    }

    /// `actor` played `action` in `before` (giving `after`), decided away from [`Seats::act`]:
    /// a person's move at a browser's table, or a seat's bot asked directly. The programs are
    /// told it as [`Seats::after`] tells them a move the runner asked for, for a caller that
    /// steps a game itself instead of handing it to a [`Runner`](parlour_core::play::Runner).
    pub fn moved(
        &mut self,
        game: &G,
        before: &G::State,
        actor: Seat,
        action: G::Action,
        after: &G::State,
    ) {
        self.detail = if self.tells_others(actor) {
            game.action_detail(&before.observation(actor), &action)
        } else {
            None
        };
        Seats::after(self, game, actor, action, after);
    }
}

impl<G: Game> Seats<G> for Table<G> {
    fn count(&self) -> usize {
        self.players.len()
    }

    fn start(&mut self, game: &G, seating: Seating) {
        self.players[seating.seat].bot().start(game, seating);
    }

    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        let action = self.players[decision.seat].bot().act(decision);
        // Only programs are told of actions; a table of built-in bots builds no view for it.
        self.detail = if self.tells_others(decision.seat) {
            decision.game.action_detail(decision.observation(), &action)
        } else {
            None
        };
        action
    }

    fn after(&mut self, game: &G, actor: Seat, action: G::Action, _state: &G::State) {
        let detail = self.detail.take();
        for (viewer, player) in self.players.iter_mut().enumerate() {
            if let (Player::Program(p), true) = (player, viewer != actor) {
                let seen = game.action_visible(actor, &action, viewer);
                p.event(
                    game,
                    actor,
                    seen.then_some(action),
                    detail.clone().filter(|_| seen),
                );
            }
        }
    }

    fn finish(&mut self, _game: &G, end: &G::State) {
        if !self.players.iter().any(|p| matches!(p, Player::Program(_))) {
            return;
        }
        let returns = end.returns();
        let winners = end.winners();
        for (seat, player) in self.players.iter_mut().enumerate() {
            if let Player::Program(p) = player {
                p.finish(&Outcome {
                    seat,
                    returns: &returns,
                    winners: &winners,
                    observation: &end.observation(seat),
                    decisions: end.decisions(),
                });
            }
        }
    }
}
