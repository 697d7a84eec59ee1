//! The bots' strength, by asserted margins over fixed seed sets with every seat order played:
//! greedy beats random, and search beats greedy. Also the search bot's own behaviour: it takes
//! a win in one, stops a win in one when it can, keeps to its budget, and is deterministic.

use parlour_bots::RandomBot;
use parlour_chexers::{
    Chexers, ChexersAction, ChexersState, GreedyBot, Outcome, Position, SearchBot, SearchConfig,
};
use parlour_core::play::play;
use parlour_core::rng::derive_seed;
use parlour_core::{Bot, Game};

type Maker = fn(u64) -> Box<dyn Bot<Chexers>>;

/// Plays `seeds` games for each of the three seats `hero` can take (the two other seats go to
/// `villain`) and returns (games, hero wins, draws).
fn match_up(hero: Maker, villain: Maker, seeds: u64, base: u64) -> (u32, u32, u32) {
    let game = Chexers::standard();
    let (mut games, mut wins, mut draws) = (0, 0, 0);
    for s in 0..seeds {
        for hero_seat in 0..3 {
            let seed = derive_seed(base, s * 3 + hero_seat as u64);
            let mut bots: Vec<Box<dyn Bot<Chexers>>> = (0..3)
                .map(|seat| {
                    let bot_seed = derive_seed(seed, seat as u64);
                    if seat == hero_seat {
                        hero(bot_seed)
                    } else {
                        villain(bot_seed)
                    }
                })
                .collect();
            let end = play(&game, game.new_game(seed), &mut bots, |_| Ok(())).unwrap();
            games += 1;
            match end.outcome() {
                Some(Outcome::Win(w)) if w == hero_seat => wins += 1,
                Some(Outcome::Draw(_)) => draws += 1,
                _ => {}
            }
        }
    }
    (games, wins, draws)
}

fn random(seed: u64) -> Box<dyn Bot<Chexers>> {
    Box::new(RandomBot::new(seed))
}

fn greedy(seed: u64) -> Box<dyn Bot<Chexers>> {
    Box::new(GreedyBot::new(seed))
}

/// The search bot with a smaller budget, so the test stays quick; the default is four times this.
fn small_search(seed: u64) -> Box<dyn Bot<Chexers>> {
    Box::new(SearchBot::new(
        SearchConfig {
            max_nodes: 50_000,
            ..SearchConfig::default()
        },
        seed,
    ))
}

#[test]
fn greedy_beats_two_random_bots_from_every_seat() {
    let (games, wins, _) = match_up(greedy, random, 40, 1);
    println!("greedy vs 2 random: {wins}/{games}");
    // An even share would be a third.
    assert!(wins * 100 >= games * 95, "greedy won {wins} of {games}");
}

#[test]
fn search_beats_two_greedy_bots_from_every_seat() {
    let (games, wins, draws) = match_up(small_search, greedy, 8, 2);
    println!("search vs 2 greedy: {wins}/{games}, {draws} draws");
    assert!(wins * 100 >= games * 70, "search won {wins} of {games}");
}

fn state(text: &str) -> ChexersState {
    ChexersState::from_setup(&text.parse::<Position>().unwrap()).unwrap()
}

#[test]
fn search_takes_a_win_in_one() {
    // Red has 3 exits and a piece on its exit hex; other moves would let Green win next.
    let s = state("R:3,-1 -1,0/G:-1,3 0,0/B:0,2/X:3,3,0/T:0");
    let mut bot = SearchBot::new(SearchConfig::default(), 1);
    let (a, v) = bot.choose(&s);
    assert_eq!(a, "EXIT (3,-1)".parse::<ChexersAction>().unwrap());
    assert_eq!(v, parlour_chexers::ai::WIN - 1, "a win at the first ply");
}

#[test]
fn search_sees_an_unstoppable_win_in_one_for_the_next_player() {
    // Green (to move next) has 3 exits and a piece on its exit hex (-3,3); Red, far away,
    // cannot touch it: whatever Red does, Green exits and wins.
    let s = state("R:1,-1/G:-3,3/B:2,0/X:0,3,0/T:0");
    let mut bot = SearchBot::new(SearchConfig::default(), 1);
    let (_, v) = bot.choose(&s);
    assert!(v < -100_000, "the search must see the loss: {v}");
}

#[test]
fn search_stops_a_win_in_one_by_converting_the_piece() {
    // Green has 3 exits and its only piece on its exit hex (-2,3); Red at (-1,3) can jump it
    // to (-3,3), converting it, and Green is left with nothing to exit.
    let s = state("R:-1,3/G:-2,3/B:2,0/X:0,3,0/T:0");
    let mut bot = SearchBot::new(SearchConfig::default(), 1);
    let (a, v) = bot.choose(&s);
    assert_eq!(a, "JUMP (-1,3) (-3,3)".parse::<ChexersAction>().unwrap());
    assert!(v > -100_000, "{v}");
}

#[test]
fn search_keeps_to_its_node_budget_and_is_deterministic() {
    let config = SearchConfig {
        max_nodes: 5_000,
        ..SearchConfig::default()
    };
    let s = ChexersState::new();
    let mut a = SearchBot::new(config, 9);
    let mut b = SearchBot::new(config, 9);
    assert_eq!(a.choose(&s), b.choose(&s));
    let stats = a.stats();
    assert_eq!(stats.moves, 1);
    assert!(stats.nodes <= 5_000, "{stats:?}");
    assert!(
        stats.depth_sum >= 3,
        "a 5,000-node budget reaches depth 3: {stats:?}"
    );
}

#[test]
fn search_respects_a_depth_budget() {
    let config = SearchConfig {
        max_depth: 2,
        ..SearchConfig::default()
    };
    let mut bot = SearchBot::new(config, 3);
    bot.choose(&ChexersState::new());
    assert_eq!(bot.stats().depth_sum, 2);
    // Depth 2 from the start: 8 root moves, each with 8 replies, plus the root's first
    // iteration: a handful of nodes, far under the node budget.
    assert!(bot.stats().nodes < 200);
}

/// What Chexers lends the bots: its own bots by name, strongest first (`search` is the one a
/// person plays by default), and a sampler whose every sample is the observed game itself.
#[test]
fn the_game_lends_its_bots_by_name_and_samples_the_observed_game() {
    use parlour_core::rng::seeded;
    use parlour_core::{GameAi, State};
    let names: Vec<&str> = Chexers::bots().iter().map(|b| b.name).collect();
    assert_eq!(names, ["search", "greedy"]);
    assert_eq!(Chexers::STRONGEST_BOT, "search");
    let game = Chexers::standard();
    let mut s = game.new_game(0);
    s.apply("MOVE (-3,0) (-2,0)".parse().unwrap()).unwrap();
    let obs = s.observation(1);
    let mut rng = seeded(5);
    let mut sampler = game.sampler(&obs, &mut rng).unwrap();
    for _ in 0..3 {
        assert_eq!(sampler.sample(&mut rng).unwrap(), s);
    }
    let mut bad = obs.clone();
    bad.occurrences = 2;
    assert!(game.sampler(&bad, &mut rng).is_err());
}
