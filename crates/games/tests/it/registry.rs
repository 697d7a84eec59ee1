//! Every registered game, reached through the registry alone: the conformance harness plays it
//! (with its sampler for search), a short tournament of its own bots against random runs in the
//! arena, and each of its bots plays legal moves only. A new game added to the registry is
//! checked here without a line of this file changing.

use parlour_arena::{Tournament, TournamentConfig};
use parlour_core::conformance::{random_sim_test, Config};
use parlour_core::{BotSpec, GameAi, Information};
use parlour_games::{visit_all, EachGame, Playable};
use parlour_protocol::{EntrySpec, Player};

struct Conformance;

impl EachGame for Conformance {
    fn visit<G: Playable>(&mut self) {
        let game = G::new(Default::default()).unwrap();
        let mut config = Config::new(30, 5).with_sampler(<G as GameAi>::sampler);
        config.check_every = 3;
        config.expect_hidden = G::INFO.information == Information::Imperfect;
        let summary = random_sim_test(&game, &config, |_| Ok(()))
            .unwrap_or_else(|e| panic!("{}: {e}", G::INFO.name));
        assert_eq!(summary.games, 30, "{}", G::INFO.name);
    }
}

#[test]
fn every_registered_game_passes_the_conformance_harness() {
    visit_all(&mut Conformance);
}

struct ShortTournament(Vec<&'static str>);

impl EachGame for ShortTournament {
    fn visit<G: Playable>(&mut self) {
        let game = G::new(Default::default()).unwrap().tournament_unit();
        let seats = game.num_players();
        // The game's own bots (at most a table's worth), then random bots to fill the table.
        let mut entries: Vec<EntrySpec> = G::bots()
            .iter()
            .take(seats)
            .map(|b| EntrySpec::Bot(BotSpec::named(b.name)))
            .collect();
        while entries.len() < seats {
            entries.push(EntrySpec::Bot(BotSpec::named("random")));
        }
        let config = TournamentConfig::new(&game, entries, seats as u64 * 2, 3);
        let make = |e: &EntrySpec, seed| Player::<G>::built_in(e, seed);
        let t = Tournament::new(game, config, &make).unwrap();
        let result = t
            .run(1, Vec::new(), &make, &mut |_| Ok(()), &mut |_| {})
            .unwrap_or_else(|e| panic!("{}: {e}", G::INFO.name));
        assert_eq!(result.summary.counted, seats as u64 * 2, "{}", G::INFO.name);
        self.0.push(G::INFO.name);
    }
}

#[test]
fn the_arena_runs_every_registered_game() {
    let mut played = ShortTournament(Vec::new());
    visit_all(&mut played);
    assert_eq!(played.0, parlour_games::names());
    assert!(played.0.contains(&"nim"));
}
