//! The conformance harness every game runs (after OpenSpiel's `RandomSimTest`).
//!
//! [`random_sim_test`] plays many seeded random games and, at every state, checks:
//! - legal actions exist exactly when the game is not over, with no duplicates, and
//!   `random_action` draws only from them;
//! - a clone equals the original;
//! - every legal action passes `check`, round-trips through its text and JSON forms, and applies;
//! - if an action universe is given: `check` agrees with the legal list for every action in it,
//!   and a rejected action leaves the state unchanged;
//! - each seat's observation round-trips through JSON;
//! - **resampling** each seat's hidden information (and the game's sampler for search, when
//!   given) never changes that seat's observation, and
//!   never changes the legal actions of the seat to move; the resampled state passes the game's
//!   invariant (e.g. card conservation) and can be played on;
//! - decisions count up by one per action and stay within the game's bound;
//! - at the end, returns have one finite entry per seat and the last round is reported;
//! - replaying the same seed and actions reproduces the same final state, bit for bit.

use rand::RngExt;

use crate::game::{Game, State};
use crate::rng::{derive_seed, seeded};
use crate::search::MakeSampler;

/// Harness settings.
#[derive(Debug, Clone)]
pub struct Config<G: Game> {
    /// Number of games.
    pub games: u64,
    /// Seed from which each game's seed is derived.
    pub seed: u64,
    /// Check resampling at every `resample_every`-th state (1 = every state).
    pub resample_every: u64,
    /// Run the per-state checks at every `check_every`-th state (1 = every state); the final
    /// state is always checked. Long games (Phased Out's twelve hands) use a larger stride.
    pub check_every: u64,
    /// Stop a game that runs longer than this many decisions (a failure).
    pub max_steps: u64,
    /// If set, every action the game can express; `check` must agree with the legal list on each.
    pub universe: Option<Vec<G::Action>>,
    /// Whether the game hides information, so that resampling must sometimes change the state
    /// (false for perfect-information games).
    pub expect_hidden: bool,
    /// The game's sampler for search ([`GameAi::sampler`](crate::GameAi::sampler)), held to
    /// the same promises as resampling when given.
    pub sampler: Option<MakeSampler<G>>,
}

impl<G: Game> Config<G> {
    /// `games` games from `seed`, resampling at every state.
    pub fn new(games: u64, seed: u64) -> Self {
        Config {
            games,
            seed,
            resample_every: 1,
            check_every: 1,
            max_steps: 1_000_000,
            universe: None,
            expect_hidden: true,
            sampler: None,
        }
    }

    /// Checks the game's sampler for search (`G::sampler`) alongside resampling.
    pub fn with_sampler(mut self, sampler: MakeSampler<G>) -> Self {
        self.sampler = Some(sampler);
        self
    }

    /// Sets the action universe.
    pub fn with_universe(mut self, universe: Vec<G::Action>) -> Self {
        self.universe = Some(universe);
        self
    }

    /// Sets how often the per-state checks run.
    pub fn with_check_every(mut self, every: u64) -> Self {
        self.check_every = every.max(1);
        self
    }

    /// Sets how often resampling is checked.
    pub fn with_resample_every(mut self, every: u64) -> Self {
        self.resample_every = every.max(1);
        self
    }
}

/// What a passing run covered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// States checked.
    pub states: u64,
    /// Resamples checked.
    pub resamples: u64,
    /// The longest game, in decisions.
    pub longest: u64,
    /// Resamples that differed from the true state (something hidden was redrawn).
    pub resamples_changed: u64,
}

/// A failed check: which game, at which decision, and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game seed {seed}, decision {decision}: {message}")]
pub struct Failure {
    /// The failing game's own seed (replay with `game.new_game(seed)`).
    pub seed: u64,
    /// Decisions made before the failing check.
    pub decision: u64,
    /// What failed.
    pub message: String,
}

/// Runs the harness; `invariant` checks game-specific facts (card conservation, ...) of a state.
pub fn random_sim_test<G: Game>(
    game: &G,
    config: &Config<G>,
    invariant: impl Fn(&G::State) -> Result<(), String>,
) -> Result<Summary, Failure> {
    let mut summary = Summary::default();
    for g in 0..config.games {
        let seed = derive_seed(config.seed, g);
        let longest = one_game(game, config, seed, &invariant, &mut summary)?;
        summary.games += 1;
        summary.longest = summary.longest.max(longest);
    }
    // A resampler that hands back the true state would pass every check above: with hidden
    // information in play, some resamples must redraw something.
    if config.expect_hidden && summary.resamples > 0 && summary.resamples_changed == 0 {
        return Err(Failure {
            seed: config.seed,
            decision: 0,
            message: "every resample equals the true state: nothing hidden is ever redrawn".into(),
        });
    }
    Ok(summary)
}

fn one_game<G: Game>(
    game: &G,
    config: &Config<G>,
    seed: u64,
    invariant: &impl Fn(&G::State) -> Result<(), String>,
    summary: &mut Summary,
) -> Result<u64, Failure> {
    let mut rng = seeded(derive_seed(seed, 1));
    let mut state = game.new_game(seed);
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    let mut step: u64 = 0;
    loop {
        let decision = state.decisions();
        let fail = |message: String| Failure {
            seed,
            decision,
            message,
        };
        if step % config.check_every == 0 || state.is_terminal() {
            summary.states += 1;
            check_state(game, config, &state, &mut legal, invariant).map_err(&fail)?;
        } else {
            state.legal_actions(&mut legal);
        }
        if step % config.resample_every == 0 {
            let changed = std::cell::Cell::new(0);
            summary.resamples +=
                check_resample(game, config, &state, &legal, &mut rng, invariant, &changed)
                    .map_err(&fail)?;
            summary.resamples_changed += changed.get();
        }
        if state.is_terminal() {
            check_terminal(game, &state).map_err(&fail)?;
            break;
        }
        if step >= config.max_steps {
            return Err(fail(format!("no end after {} decisions", config.max_steps)));
        }
        let action = legal[rng.random_range(0..legal.len())];
        let before = state.decisions();
        state
            .apply(action)
            .map_err(|e| fail(format!("legal action rejected by apply: {e}")))?;
        if state.decisions() != before + 1 {
            return Err(fail(format!(
                "decisions went from {before} to {} on one action",
                state.decisions()
            )));
        }
        if let Some(bound) = game.max_decisions() {
            if state.decisions() > bound {
                return Err(fail(format!("past the game's bound of {bound} decisions")));
            }
        }
        actions.push(action);
        step += 1;
    }
    // Determinism: the same seed and actions give the same final state.
    let mut again = game.new_game(seed);
    for &a in &actions {
        again.apply(a).map_err(|e| Failure {
            seed,
            decision: again.decisions(),
            message: format!("replay rejected a recorded action: {e}"),
        })?;
    }
    if again != state {
        return Err(Failure {
            seed,
            decision: state.decisions(),
            message: "replaying the same seed and actions gave a different state".into(),
        });
    }
    Ok(state.decisions())
}

fn check_state<G: Game>(
    game: &G,
    config: &Config<G>,
    state: &G::State,
    legal: &mut Vec<G::Action>,
    invariant: &impl Fn(&G::State) -> Result<(), String>,
) -> Result<(), String> {
    invariant(state)?;
    state.legal_actions(legal);
    if legal.is_empty() != state.is_terminal() {
        return Err(format!(
            "terminal is {} but there are {} legal actions",
            state.is_terminal(),
            legal.len()
        ));
    }
    if state
        .current_player()
        .is_some_and(|s| s >= game.num_players())
    {
        return Err(format!(
            "current player {:?} out of range",
            state.current_player()
        ));
    }
    if state.clone() != *state {
        return Err("a clone differs from the original".into());
    }
    // The uniform sampler (which a game may override) draws only legal actions.
    let mut rng = seeded(legal.len() as u64);
    let mut scratch = Vec::new();
    for _ in 0..4 {
        match state.random_action(&mut rng, &mut scratch) {
            None if legal.is_empty() => {}
            Some(a) if legal.contains(&a) => {}
            other => {
                return Err(format!(
                    "random_action gave {other:?} where the legal actions are {legal:?}"
                ))
            }
        }
    }
    for (i, &a) in legal.iter().enumerate() {
        if legal[..i].contains(&a) {
            return Err(format!("legal action {a} listed twice"));
        }
        state
            .check(a)
            .map_err(|e| format!("listed action fails check: {e}"))?;
        let text = a.to_string();
        let parsed: G::Action = text
            .parse()
            .map_err(|e| format!("action text {text:?} does not parse: {e}"))?;
        if parsed != a {
            return Err(format!(
                "action text {text:?} parses to {parsed:?}, not {a:?}"
            ));
        }
        let json = serde_json::to_string(&a).map_err(|e| e.to_string())?;
        let back: G::Action = serde_json::from_str(&json)
            .map_err(|e| format!("action JSON {json} does not read back: {e}"))?;
        if back != a {
            return Err(format!("action JSON {json} reads back as {back:?}"));
        }
        let mut next = state.clone();
        next.apply(a)
            .map_err(|e| format!("listed action fails apply: {e}"))?;
    }
    if let Some(universe) = &config.universe {
        for &a in universe {
            let listed = legal.contains(&a);
            match state.check(a) {
                Ok(()) if !listed => return Err(format!("check accepts {a}, which is not listed")),
                Err(e) if listed => return Err(format!("check rejects listed {a}: {e}")),
                Err(_) => {
                    let mut copy = state.clone();
                    if copy.apply(a).is_ok() || copy != *state {
                        return Err(format!("rejected action {a} changed the state"));
                    }
                }
                Ok(()) => {}
            }
        }
    }
    let public = G::public_view(&state.observation(0));
    for seat in 0..game.num_players() {
        let obs = state.observation(seat);
        if G::public_view(&obs) != public {
            return Err(format!(
                "seat {seat}'s public view differs from seat 0's: {} vs {public}",
                G::public_view(&obs)
            ));
        }
        if G::observer(&obs) != seat {
            return Err(format!(
                "seat {seat}'s observation names seat {}",
                G::observer(&obs)
            ));
        }
        let json = serde_json::to_string(&obs).map_err(|e| e.to_string())?;
        let back: G::Observation = serde_json::from_str(&json)
            .map_err(|e| format!("observation JSON does not read back: {e}"))?;
        if back != obs {
            return Err(format!(
                "observation JSON round trip changed seat {seat}'s observation"
            ));
        }
    }
    Ok(())
}

fn check_resample<G: Game>(
    game: &G,
    config: &Config<G>,
    state: &G::State,
    legal: &[G::Action],
    rng: &mut crate::rng::GameRng,
    invariant: &impl Fn(&G::State) -> Result<(), String>,
    changed: &std::cell::Cell<u64>,
) -> Result<u64, String> {
    let mut count = 0;
    let mut resampled_legal = Vec::new();
    for seat in 0..game.num_players() {
        let obs = state.observation(seat);
        let r0 = game
            .resample(&obs, rng)
            .map_err(|e| format!("seat {seat}: {e}"))?;
        // The game's sampler (for search) must keep the same promises, on its second sample
        // (the first may be the one drawn while checking the observation).
        let mut sampled = Vec::with_capacity(2);
        if let Some(make) = config.sampler {
            let mut sampler =
                make(game, &obs, rng).map_err(|e| format!("seat {seat}'s sampler: {e}"))?;
            for _ in 0..2 {
                sampled.push(
                    sampler
                        .sample(rng)
                        .map_err(|e| format!("seat {seat}'s sampler: {e}"))?,
                );
            }
        }
        for (how, mut r) in [("resampled", r0)]
            .into_iter()
            .chain(sampled.into_iter().map(|s| ("sampled", s)))
        {
            if how == "resampled" && r != *state {
                changed.set(changed.get() + 1);
            }
            count += 1;
            invariant(&r).map_err(|e| format!("{how} for seat {seat}: {e}"))?;
            if r.observation(seat) != obs {
                return Err(format!("{how} for seat {seat}: its observation changed"));
            }
            if r.current_player() != state.current_player() {
                return Err(format!("{how} for seat {seat}: the player to move changed"));
            }
            if state.current_player() == Some(seat) {
                r.legal_actions(&mut resampled_legal);
                if resampled_legal != legal {
                    return Err(format!("{how} for seat {seat}: its legal actions changed"));
                }
            }
            // The resampled state must be a playable game.
            for _ in 0..8 {
                if r.is_terminal() {
                    break;
                }
                r.legal_actions(&mut resampled_legal);
                let a = resampled_legal[rng.random_range(0..resampled_legal.len())];
                r.apply(a).map_err(|e| {
                    format!("{how} state for seat {seat} rejects its own legal action: {e}")
                })?;
                invariant(&r).map_err(|e| format!("playing on a {how} state: {e}"))?;
            }
        }
    }
    Ok(count)
}

fn check_terminal<G: Game>(game: &G, state: &G::State) -> Result<(), String> {
    let returns = state.returns();
    if returns.len() != game.num_players() {
        return Err(format!(
            "{} returns for {} seats",
            returns.len(),
            game.num_players()
        ));
    }
    if returns.iter().any(|r| !r.is_finite()) {
        return Err(format!("non-finite returns {returns:?}"));
    }
    let bounds = game.return_bounds();
    if let Some(r) = returns.iter().find(|&&r| !bounds.contains(r)) {
        return Err(format!(
            "return {r} is outside the declared range {bounds:?}: {returns:?}"
        ));
    }
    // Every figure a finished game reports lies in the range the game declares for it.
    let declared = game.figure_bounds();
    for (name, values) in state.result_figures() {
        let Some((_, range)) = declared.iter().find(|(n, _)| *n == name) else {
            return Err(format!(
                "figure {name} has no declared range (Game::figure_bounds)"
            ));
        };
        if let Some(v) = values.iter().find(|&&v| !range.contains(v)) {
            return Err(format!(
                "figure {name} = {v} is outside its declared range {range:?}: {values:?}"
            ));
        }
    }
    let Some(round) = state.last_round() else {
        return Err("a finished game reports no completed round".into());
    };
    if state.rounds_completed() == 0 {
        return Err("a finished game reports no completed round".into());
    }
    if round.points.len() != game.num_players()
        || round.winners.iter().any(|&w| w >= game.num_players())
    {
        return Err(format!(
            "the last round's points or winners do not fit the table: {round:?}"
        ));
    }
    Ok(())
}

/// Checks that a bot's decisions follow from its seat's observation (and its seed) alone: at
/// every decision of `games` seeded random games, the bot made by `make_bot(g)` decides the same
/// from the true state's observation as from the observation of a state resampled for that seat
/// (other hands, draw piles and future shuffles redrawn). The `Bot` API never hands a bot the
/// state, and [`random_sim_test`] checks that resampling keeps the observation, so what this
/// catches is a bot that consults anything else — the thread RNG, globals, the clock, or state
/// carried over from elsewhere. Returns the number of decisions checked.
pub fn check_bot_is_blind_to_hidden_information<G: Game>(
    game: &G,
    games: u64,
    seed: u64,
    make_bot: impl Fn(u64) -> Box<dyn crate::Bot<G>>,
) -> Result<u64, Failure> {
    let mut checked = 0;
    let mut legal = Vec::new();
    for g in 0..games {
        let game_seed = derive_seed(seed, g);
        let mut rng = seeded(derive_seed(game_seed, 2));
        let mut state = game.new_game(game_seed);
        while let Some(seat) = state.current_player() {
            let decision = state.decisions();
            let fail = |message: String| Failure {
                seed: game_seed,
                decision,
                message,
            };
            state.legal_actions(&mut legal);
            let obs = state.observation(seat);
            let other = game
                .resample(&obs, &mut rng)
                .map_err(|e| fail(e.to_string()))?;
            let other_obs = other.observation(seat);
            let decide = |o: &G::Observation| {
                make_bot(game_seed).act(&crate::Decision::new(game, seat, o, &legal))
            };
            let (a, b) = (decide(&obs), decide(&other_obs));
            if a != b {
                return Err(fail(format!(
                    "the bot chose {a} from the true state but {b} from a resampled one"
                )));
            }
            checked += 1;
            state
                .apply(legal[rng.random_range(0..legal.len())])
                .map_err(|e| fail(e.to_string()))?;
        }
    }
    Ok(checked)
}

/// What [`check_encoding`] covered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EncodingSummary {
    /// Games played.
    pub games: u64,
    /// Decisions whose legal actions were spelled and walked through the mask.
    pub decisions: u64,
    /// Observation vectors compared with a resampled seat's.
    pub resamples: u64,
    /// Legal actions reached token by token.
    pub actions_reached: u64,
    /// The most tokens one action took.
    pub longest_action: usize,
    /// Distinct observation vectors seen by seat 0 over the first game.
    pub distinct_vectors: usize,
}

/// Checks a game's tensor encoding ([`Encode`](crate::encode::Encode)) over `config.games`
/// seeded random games played token by token through [`Choice`](crate::encode::Choice):
/// - the layouts are non-empty and their slice names unique;
/// - every seat's vector has the layout's length, holds numbers in `[0, 1]` only, and is unchanged
///   when the seat's hidden information is resampled (so it shows nothing the seat cannot see);
/// - every legal action is spelled in 1 to `max_tokens` tokens inside the action space, the
///   spellings of one decision are distinct and prefix-free, and each legal action is reached by
///   following the mask token by token — with a visible pending prefix on the way;
/// - a seat's vector is not constant over a game (an encoding that writes nothing fails).
pub fn check_encoding<G: crate::encode::Encode>(
    game: &G,
    config: &Config<G>,
) -> Result<EncodingSummary, Failure> {
    use crate::encode::{Choice, Encoder, Step};
    let encoder = Encoder::new(game.clone());
    let fail0 = |message: String| Failure {
        seed: config.seed,
        decision: 0,
        message,
    };
    for (what, layout) in [
        ("observation", game.observation_layout()),
        ("action", game.action_layout()),
        ("pending", game.pending_layout()),
    ] {
        if layout.is_empty() && what != "pending" {
            return Err(fail0(format!("the {what} layout is empty")));
        }
        let mut names: Vec<_> = layout.fields().iter().map(|f| f.name).collect();
        names.sort_unstable();
        if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
            return Err(fail0(format!("the {what} layout names {} twice", w[0])));
        }
    }
    if game.max_tokens() > 1 && game.pending_layout().is_empty() {
        return Err(fail0(
            "actions of several tokens need a pending layout to show the prefix".into(),
        ));
    }
    let mut summary = EncodingSummary::default();
    let len = encoder.observation_len();
    let space = encoder.action_space();
    let mut vector = vec![0.0f32; len];
    let mut again = vec![0.0f32; len];
    let mut mask = vec![false; space];
    let mut choice = Choice::<G>::new();
    let mut seen0: Vec<Vec<u32>> = Vec::new();
    for g in 0..config.games {
        let seed = derive_seed(config.seed, g);
        let mut rng = seeded(derive_seed(seed, 2));
        let mut state = game.new_game(seed);
        let mut step: u64 = 0;
        loop {
            let decision = state.decisions();
            let fail = |message: String| Failure {
                seed,
                decision,
                message,
            };
            let checking = step % config.check_every == 0 || state.is_terminal();
            if checking {
                for seat in 0..game.num_players() {
                    let obs = state.observation(seat);
                    encoder.encode(&obs, &[], &mut vector);
                    if let Some(i) = vector.iter().position(|x| !(0.0..=1.0).contains(x)) {
                        let field = encoder.layout().field_at(i).map_or("?", |f| f.name);
                        return Err(fail(format!(
                            "seat {seat}'s vector has {} at {i} ({field}), outside [0, 1]",
                            vector[i]
                        )));
                    }
                    if g == 0 && seat == 0 {
                        let bits: Vec<u32> = vector.iter().map(|x| x.to_bits()).collect();
                        if !seen0.contains(&bits) {
                            seen0.push(bits);
                        }
                    }
                    if step % config.resample_every == 0 {
                        let other = game
                            .resample(&obs, &mut rng)
                            .map_err(|e| fail(format!("seat {seat}: {e}")))?;
                        encoder.encode(&other.observation(seat), &[], &mut again);
                        summary.resamples += 1;
                        if let Some(i) =
                            (0..len).find(|&i| vector[i].to_bits() != again[i].to_bits())
                        {
                            let field = encoder.layout().field_at(i).map_or("?", |f| f.name);
                            return Err(fail(format!(
                                "seat {seat}'s vector changed at {i} ({field}) when its hidden \
                                 information was resampled"
                            )));
                        }
                    }
                }
            }
            let Some(seat) = state.current_player() else {
                break;
            };
            choice.reset(game, &state);
            if checking {
                summary.decisions += 1;
                check_spellings(game, &choice, space).map_err(&fail)?;
                let obs = state.observation(seat);
                for i in 0..choice.legal().len() {
                    let mut walk = choice.clone();
                    let tokens = choice.tokens_of(i).to_vec();
                    summary.longest_action = summary.longest_action.max(tokens.len());
                    for (k, &t) in tokens.iter().enumerate() {
                        walk.mask(&mut mask);
                        if !mask[t as usize] {
                            return Err(fail(format!(
                                "legal action {} needs token {t}, which the mask leaves out",
                                choice.legal()[i]
                            )));
                        }
                        if k > 0 {
                            encoder.encode(&obs, walk.prefix(), &mut vector);
                            if vector[encoder.observation_len() - game.pending_layout().len()..]
                                .iter()
                                .all(|&x| x == 0.0)
                            {
                                return Err(fail(format!(
                                    "the pending prefix {:?} is not shown in the vector",
                                    walk.prefix()
                                )));
                            }
                        }
                        match walk.push(t) {
                            Ok(Step::Pending) if k + 1 < tokens.len() => {}
                            Ok(Step::Action(a))
                                if k + 1 == tokens.len() && a == choice.legal()[i] => {}
                            other => {
                                return Err(fail(format!(
                                    "spelling {} as {tokens:?} stopped at token {k} with {other:?}",
                                    choice.legal()[i]
                                )))
                            }
                        }
                    }
                    summary.actions_reached += 1;
                }
            }
            // Play on by random legal tokens.
            let action = loop {
                choice.mask(&mut mask);
                let next: Vec<usize> = (0..space).filter(|&t| mask[t]).collect();
                if next.is_empty() {
                    return Err(fail("the mask allows no token at a decision".into()));
                }
                let t = next[rng.random_range(0..next.len())] as u32;
                match choice.push(t) {
                    Ok(Step::Action(a)) => break a,
                    Ok(Step::Pending) => {}
                    Err(e) => return Err(fail(format!("a masked token was refused: {e}"))),
                }
            };
            state
                .apply(action)
                .map_err(|e| fail(format!("the action the tokens spelled is illegal: {e}")))?;
            step += 1;
            if step > config.max_steps {
                return Err(fail(format!("no end after {} decisions", config.max_steps)));
            }
        }
        summary.games += 1;
    }
    summary.distinct_vectors = seen0.len();
    if config.games > 0 && seen0.len() < 2 {
        return Err(fail0(
            "seat 0's vector never changed over a whole game".into(),
        ));
    }
    Ok(summary)
}

/// The spellings of one decision's legal actions: lengths, range, distinct and prefix-free.
fn check_spellings<G: crate::encode::Encode>(
    game: &G,
    choice: &crate::encode::Choice<G>,
    space: usize,
) -> Result<(), String> {
    let legal = choice.legal();
    let mut order: Vec<usize> = (0..legal.len()).collect();
    for &i in &order {
        let t = choice.tokens_of(i);
        if t.is_empty() || t.len() > game.max_tokens() {
            return Err(format!(
                "{} is spelled in {} tokens (at most {} allowed)",
                legal[i],
                t.len(),
                game.max_tokens()
            ));
        }
        if let Some(bad) = t.iter().find(|&&x| x as usize >= space) {
            return Err(format!("{} has token {bad}, outside 0..{space}", legal[i]));
        }
    }
    // Sorted, a spelling and one it begins are neighbours.
    order.sort_by(|&a, &b| choice.tokens_of(a).cmp(choice.tokens_of(b)));
    for w in order.windows(2) {
        let (a, b) = (choice.tokens_of(w[0]), choice.tokens_of(w[1]));
        if b.starts_with(a) {
            return Err(format!(
                "{} {a:?} and {} {b:?}: one spelling begins the other",
                legal[w[0]], legal[w[1]]
            ));
        }
    }
    Ok(())
}

/// Checks that an encoding is seat-symmetric at one position: `base` (with seat 0 to act) and
/// each `(k, state)` in `rotated` — the same position with every seat moved on by `k`, so seat
/// `k` acts — must give the actor the same vector, every legal action of `base` must be legal
/// at `k` once moved on by `rotate(action, k)`, and spell the same tokens there, and the two
/// decisions must spell the same set of token sequences.
pub fn check_seat_symmetry<G: crate::encode::Encode>(
    game: &G,
    base: &G::State,
    rotated: &[(crate::game::Seat, G::State)],
    rotate: impl Fn(G::Action, crate::game::Seat) -> G::Action,
) -> Result<(), String> {
    use crate::encode::{Choice, Encoder};
    let encoder = Encoder::new(game.clone());
    let actor = base.current_player().ok_or("the base position is over")?;
    let spellings = |state: &G::State| {
        let mut choice = Choice::<G>::new();
        choice.reset(game, state);
        let mut all: Vec<Vec<crate::encode::Token>> = (0..choice.legal().len())
            .map(|i| choice.tokens_of(i).to_vec())
            .collect();
        all.sort();
        all
    };
    let mut vector = vec![0.0; encoder.observation_len()];
    encoder.encode(&base.observation(actor), &[], &mut vector);
    let legal = base.legal_action_vec();
    let base_spellings = spellings(base);
    for (k, other) in rotated {
        let seat = (actor + k) % game.num_players();
        if other.current_player() != Some(seat) {
            return Err(format!("moved on by {k}, seat {seat} is not to act"));
        }
        let mut again = vec![0.0; encoder.observation_len()];
        encoder.encode(&other.observation(seat), &[], &mut again);
        if vector != again {
            return Err(format!(
                "seat {seat}'s view of the position moved on by {k} differs"
            ));
        }
        let other_legal = other.legal_action_vec();
        for a in &legal {
            let moved = rotate(*a, *k);
            if !other_legal.contains(&moved) {
                return Err(format!(
                    "{a} moved on by {k} is {moved}, which is not legal there"
                ));
            }
            let (mut mine, mut theirs) = (Vec::new(), Vec::new());
            game.action_tokens(actor, a, &mut mine);
            game.action_tokens(seat, &moved, &mut theirs);
            if mine != theirs {
                return Err(format!(
                    "{a} by seat {actor} spells {mine:?}, {moved} by seat {seat} spells {theirs:?}"
                ));
            }
        }
        if spellings(other) != base_spellings {
            return Err(format!(
                "the decisions moved on by {k} spell different tokens"
            ));
        }
    }
    Ok(())
}
