//! Property tests: notation round trips; the fast legal-action generator agreeing with
//! `validate` on every candidate play; a seat computing its own legal actions from its
//! observation; resampling never panicking on a malformed observation.

use parlour_bo::{
    valid_actions, validate, Bo, BoAction, BoObservation, BoState, Outcome, Source, Target,
    Validity,
};
use parlour_cards::Card;
use parlour_core::rng::seeded;
use parlour_core::{Game, State};
use proptest::prelude::*;
use rand::RngExt;

fn sources() -> Vec<Source> {
    let mut v = vec![Source::Hand, Source::Stock];
    for owner in 0..4 {
        for pile in 0..4 {
            v.push(Source::Discard { owner, pile });
        }
    }
    v
}

fn targets() -> Vec<Target> {
    let mut v: Vec<Target> = (0..4).map(Target::Build).collect();
    for owner in 0..4 {
        for pile in 0..4 {
            v.push(Target::Discard { owner, pile });
        }
    }
    v
}

/// A state after `steps` random actions of a game dealt from `seed`.
fn random_state(game: &Bo, seed: u64, steps: usize) -> BoState {
    let mut state = game.new_game(seed);
    let mut rng = seeded(seed ^ 0xB0);
    for _ in 0..steps {
        if state.is_terminal() {
            break;
        }
        let legal = state.legal_action_vec();
        state
            .apply(legal[rng.random_range(0..legal.len())])
            .unwrap();
    }
    state
}

/// Every play `validate` accepts, by brute force over every card, source and target, plus the
/// other actions.
fn brute_force(state: &BoState, seat: usize) -> Vec<(BoAction, Validity)> {
    let mut out = Vec::new();
    for card in Card::all() {
        for from in sources() {
            for to in targets() {
                let a = BoAction::Play { card, from, to };
                if let Ok(v) = validate(state, seat, a) {
                    out.push((a, v));
                }
            }
        }
    }
    for a in (0..5)
        .map(BoAction::Embargo)
        .chain([BoAction::Clear, BoAction::NoPlay])
    {
        if let Ok(v) = validate(state, seat, a) {
            out.push((a, v));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The generator lists exactly the actions `validate` accepts (each once), "no play" exactly
    /// when nothing else is valid, and `check` agrees; the seat's observation gives the same list.
    #[test]
    fn legal_actions_are_exactly_what_validate_accepts(
        seed in any::<u64>(), bonus in any::<bool>(), steps in 0usize..160,
    ) {
        let game = if bonus { Bo::bonus() } else { Bo::standard() };
        let state = random_state(&game, seed, steps);
        let Some(seat) = state.current_player() else { return Ok(()); };
        let legal = state.legal_action_vec();
        let mut expected: Vec<BoAction> = brute_force(&state, seat).into_iter().map(|(a, _)| a).collect();
        let mut got = legal.clone();
        expected.sort_by_key(|a| a.to_string());
        got.sort_by_key(|a| a.to_string());
        prop_assert_eq!(&got, &expected);
        let mut deduped = got.clone();
        deduped.dedup();
        prop_assert_eq!(deduped.len(), got.len());
        for &a in &legal {
            prop_assert!(state.check(a).is_ok());
        }
        let obs = state.observation(seat);
        let mut from_obs = Vec::new();
        valid_actions(&obs, seat, &mut from_obs);
        prop_assert_eq!(from_obs, legal);
    }

    /// Every action's text and JSON forms read back as the same action.
    #[test]
    fn actions_round_trip_through_text_and_json(
        card in 0u8..53, from in 0usize..18, to in 0usize..20, other in 0u8..7,
    ) {
        let card = Card::from_index(card).unwrap();
        let a = match other {
            0..=3 => BoAction::Play { card, from: sources()[from], to: targets()[to] },
            4 => BoAction::NoPlay,
            5 => BoAction::Clear,
            _ => BoAction::Embargo(to as u8 % 4),
        };
        prop_assert_eq!(a.to_string().parse::<BoAction>().unwrap(), a);
        let json = serde_json::to_string(&a).unwrap();
        prop_assert_eq!(serde_json::from_str::<BoAction>(&json).unwrap(), a);
    }

    /// Any short text is a parse error or reads back to exactly itself.
    #[test]
    fn any_text_is_an_error_or_round_trips(s in "[a-z0-9SHDCKQJAZ:. ]{0,12}") {
        if let Ok(a) = s.parse::<BoAction>() {
            let again = a.to_string();
            prop_assert_eq!(again.parse::<BoAction>().unwrap(), a);
            prop_assert_eq!(again, s.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
}

fn odd_card(v: u64) -> Card {
    Card::from_index((v % 53) as u8).unwrap()
}

fn odd_size(v: u64) -> usize {
    match v % 6 {
        0 => 0,
        1 => 108,
        2 => usize::MAX,
        _ => (v >> 8) as usize % 12,
    }
}

/// Changes one field of `obs` at random (`op` picks the field, `v` the new value).
fn mutate(obs: &mut BoObservation, op: u8, v: u64) {
    let i = (v >> 32) as usize % 5;
    match op {
        0 => {
            if let Some(h) = obs.hand_sizes.get_mut(i) {
                *h = odd_size(v);
            }
        }
        1 => match v % 3 {
            0 => {
                obs.hand.pop();
            }
            1 => obs.hand.push(odd_card(v >> 2)),
            _ => obs.hand = vec![odd_card(v >> 2); (v >> 8) as usize % 20],
        },
        2 => {
            if let Some(s) = obs.stock_sizes.get_mut(i) {
                *s = odd_size(v);
            }
        }
        3 => {
            if let Some(t) = obs.stock_tops.get_mut(i) {
                *t = (v % 3 != 0).then(|| odd_card(v >> 2));
            }
        }
        4 => obs.draw = odd_size(v),
        5 => match v % 3 {
            0 => {
                obs.recycled.pop();
            }
            1 => obs.recycled.push(odd_card(v >> 2)),
            _ => obs.recycled = vec![odd_card(v >> 2); (v >> 8) as usize % 120],
        },
        6 => {
            if let Some(h) = obs.holds_embargo.get_mut(i) {
                *h = !*h;
            }
        }
        7 => {
            if let Some(e) = obs.embargoed_by.get_mut(i) {
                *e = (v % 2 == 0).then_some((v >> 4) as usize % 6);
            }
        }
        8 => obs.current_player = (v % 4 != 0).then_some((v >> 2) as usize % 6),
        9 => obs.plays = (v % 9) as u8,
        10 => {
            if let Some(t) = obs.turns.get_mut(i) {
                *t = (v % 25) as u8;
            }
        }
        11 => {
            obs.outcome = match v % 4 {
                0 => None,
                1 => Some(Outcome::Won((v >> 4) as usize % 6)),
                2 => Some(Outcome::Blocked),
                _ => Some(Outcome::TurnLimit),
            }
        }
        12 => obs.seat = (v % 6) as usize,
        13 => match v % 3 {
            0 => {
                obs.hand_sizes.pop();
            }
            1 => {
                obs.discards.pop();
            }
            _ => {
                obs.build.pop();
            }
        },
        14 => obs.decisions = [0, v, u64::MAX][(v % 3) as usize],
        _ => {
            let mut json = serde_json::to_value(&*obs).unwrap();
            // A pile's cards replaced: reading it back checks the pile's own rules.
            if let Some(b) = json["build"].get_mut(i % 4) {
                *b = serde_json::json!([odd_card(v).to_string()]);
            }
            if let Some(d) = json["discards"]
                .get_mut(i % 4)
                .and_then(|p| p.get_mut((v >> 8) as usize % 4))
            {
                *d = serde_json::json!([
                    odd_card(v >> 16).to_string(),
                    odd_card(v >> 24).to_string()
                ]);
            }
            if let Ok(o) = serde_json::from_value::<BoObservation>(json) {
                *obs = o;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// Malformed observations give `Ok` or `Err` from `resample`, never a panic; a state it
    /// returns shows the observer the same observation and can be played to the end.
    #[test]
    fn resample_never_panics_on_mutated_observations(
        seed in any::<u64>(),
        bonus in any::<bool>(),
        steps in 0usize..400,
        seat in 0usize..4,
        mutations in prop::collection::vec((0u8..16, any::<u64>()), 0..4),
    ) {
        let game = if bonus { Bo::bonus() } else { Bo::standard() };
        let state = random_state(&game, seed, steps);
        let mut obs = state.observation(seat);
        for (op, v) in mutations {
            mutate(&mut obs, op, v);
        }
        let mut rng = seeded(seed ^ 0x5EED);
        if let Ok(mut s) = game.resample(&obs, &mut rng) {
            prop_assert_eq!(s.observation(obs.seat), obs.clone());
            let mut legal = Vec::new();
            let mut n = 0;
            while !s.is_terminal() && n < 500 {
                s.legal_actions(&mut legal);
                prop_assert!(!legal.is_empty());
                s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
                n += 1;
            }
        }
    }
}
