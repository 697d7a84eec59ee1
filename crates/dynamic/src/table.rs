//! The seats of one game for a caller that steps the game itself, a move at a time (the
//! browser's tables): a [`parlour_protocol::Table`] behind [`AnyTable`], so programs at it are
//! told each move and the result exactly as the runner's step loop tells them.

use std::sync::Arc;

use parlour_core::play::Seats;
use parlour_core::rng::seat_seed;
use parlour_core::{BotSpec, Decision, Seating, State};
use parlour_games::Playable;
use parlour_protocol::{EntrySpec, Player, SeatSpec, Table};

use crate::erased::{GameHandle, StateHandle};
use crate::error::DynError;
use crate::inner::Inner;
use crate::{AnyState, AnyTable};

/// [`AnyTable`] for one game type.
pub(crate) struct SeatsHandle<G: Playable> {
    inner: Arc<Inner<G>>,
    table: Table<G>,
    /// Whether the seats have been told the game is starting.
    started: bool,
    /// The programs' pools (each seat's own), closed when the game ends.
    #[cfg(unix)]
    pools: Vec<Arc<parlour_protocol::Pool>>,
}

impl<G: Playable> GameHandle<G> {
    /// The seats `seats` of a game dealt from `seed`, each bot seeded by [`seat_seed`] (as
    /// `parlour play` seeds them); a person's seat is played by `stand_in` when asked to act.
    /// A program is started now and greeted, its standard error logged under `logs`.
    pub(crate) fn seat(
        &self,
        seats: &[SeatSpec],
        seed: u64,
        stand_in: &BotSpec,
        logs: Option<&std::path::Path>,
    ) -> Result<Box<dyn AnyTable>, DynError> {
        let inner = &self.0;
        let game = inner.game();
        if seats.len() != game.num_players() {
            return Err(DynError::Seat(format!(
                "{} seats for a {}-player table of {}",
                seats.len(),
                game.num_players(),
                G::INFO.title
            )));
        }
        #[cfg(unix)]
        let mut pools = Vec::new();
        let mut players = Vec::with_capacity(seats.len());
        for (i, spec) in seats.iter().enumerate() {
            let seed = seat_seed(seed, i);
            let bad = |e: String| DynError::Bot(format!("seat {i}: {e}"));
            let bot = |spec: &BotSpec| {
                parlour_bots::make_bot_for::<G>(game, spec, seed)
                    .map(Player::BuiltIn)
                    .map_err(|e| bad(e.to_string()))
            };
            players.push(match spec {
                SeatSpec::Human { .. } => bot(stand_in)?,
                SeatSpec::Entry(EntrySpec::Bot(spec)) => bot(spec)?,
                #[cfg(not(unix))]
                SeatSpec::Entry(EntrySpec::Program(p)) => {
                    return Err(bad(format!(
                        "{}: external programs run on Unix only",
                        p.name
                    )))
                }
                #[cfg(unix)]
                SeatSpec::Entry(EntrySpec::Program(p)) => {
                    let bad = |e: String| bad(format!("{}: {e}", p.name));
                    let log = match logs {
                        Some(dir) => {
                            let path = dir.join(format!(
                                "{}.stderr.log",
                                parlour_protocol::file_stem(&p.name)
                            ));
                            Some(parlour_protocol::process::Log::open(&path).map_err(|e| {
                                bad(format!("cannot open its log {}: {e}", path.display()))
                            })?)
                        }
                        None => None,
                    };
                    let pool = parlour_protocol::Pool::new(
                        game,
                        p.clone(),
                        log,
                        parlour_protocol::Mode::Tournament,
                    )
                    .map_err(|e| bad(e.to_string()))?;
                    pool.preflight().map_err(bad)?;
                    pools.push(pool.clone());
                    Player::Program(Box::new(parlour_protocol::ExternalBot::<G>::new(
                        pool, seed,
                    )))
                }
            });
        }
        #[cfg(not(unix))]
        let _ = logs;
        Ok(Box::new(SeatsHandle {
            inner: inner.clone(),
            table: Table::new(players),
            started: false,
            #[cfg(unix)]
            pools,
        }))
    }
}

impl<G: Playable> SeatsHandle<G> {
    fn own<'a>(&self, state: &'a dyn AnyState) -> Result<&'a StateHandle<G>, DynError> {
        state
            .as_any()
            .downcast_ref::<StateHandle<G>>()
            .ok_or_else(|| {
                DynError::Bot(format!(
                    "a {} table cannot play {}",
                    G::INFO.name,
                    state.game().info().name
                ))
            })
    }

    /// Tells every seat the game is starting at `decisions` (a table rebuilt mid-game starts
    /// there), once: as the runner does before its first decision.
    fn start(&mut self, decisions: u64) {
        if self.started {
            return;
        }
        self.started = true;
        for seat in 0..self.table.players.len() {
            self.table.start(
                self.inner.game(),
                Seating {
                    index: 0,
                    deal: 0,
                    seat,
                    decisions,
                },
            );
        }
    }
}

impl<G: Playable> AnyTable for SeatsHandle<G> {
    fn act(&mut self, state: &dyn AnyState) -> Result<String, DynError> {
        let s = self.own(state)?;
        let Some(seat) = s.state.current_player() else {
            return Err(DynError::GameOver(
                "the game is over: there is no decision".into(),
            ));
        };
        self.start(s.state.decisions());
        let game = self.inner.game();
        let legal = s.state.legal_action_vec();
        let obs = s.state.observation(seat);
        Ok(self.table.players[seat]
            .bot()
            .act(&Decision::new(game, seat, &obs, &legal))
            .to_string())
    }

    fn played(
        &mut self,
        before: &dyn AnyState,
        actor: usize,
        action: &str,
        after: &dyn AnyState,
    ) -> Result<Vec<(usize, String)>, DynError> {
        let (b, a) = (self.own(before)?, self.own(after)?);
        let action: G::Action = action
            .trim()
            .parse()
            .map_err(|e: parlour_core::ParseActionError| DynError::Action(e.to_string()))?;
        self.start(b.state.decisions());
        let game = self.inner.game();
        self.table.moved(game, &b.state, actor, action, &a.state);
        if !a.state.is_terminal() {
            return Ok(Vec::new());
        }
        self.table.finish(game, &a.state);
        // Each program's process ends with its game (told `bye`, and let run to read its
        // result), off the caller's thread, which may serve others meanwhile.
        #[cfg(unix)]
        for pool in std::mem::take(&mut self.pools) {
            let _ = std::thread::Builder::new()
                .name("program-close".into())
                .spawn(move || pool.shutdown());
        }
        Ok(self
            .table
            .reports()
            .into_iter()
            .enumerate()
            .flat_map(|(seat, report)| {
                report.faults.into_iter().map(move |f| {
                    (
                        seat,
                        format!("decision {}: {:?}: {}", f.decision, f.kind, f.detail),
                    )
                })
            })
            .collect())
    }

    fn programs(&self) -> usize {
        self.table
            .players
            .iter()
            .filter(|p| matches!(p, Player::Program(_)))
            .count()
    }
}
