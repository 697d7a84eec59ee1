//! Fuzz targets for everything Phased Out reads from outside: action text (typed, or in a
//! bot's answer) and its JSON form, card groups and phases given to the validation library,
//! game options, observations given to `resample` and to `check_lay` (from a file or a
//! protocol message), a person's typed decision, traces, and bot specs. Each target is proptest
//! over structured mutations of valid inputs taken from random play (see
//! `parlour_test_support::fuzz`) and over arbitrary text; the contract is that nothing
//! panics, a rejected input is an `Err` with a message, and an accepted one round-trips (text,
//! JSON, a resampled state's view).
//!
//! Each target runs a bounded number of cases (the file takes well under 20 s); set
//! `PARLOUR_FUZZ_CASES=N` to run at least N cases of each, e.g.
//! `PARLOUR_FUZZ_CASES=100000 cargo test -p parlour-phased --test it fuzz::`.

use parlour_test_support::fuzz as fuzz_support;

use std::sync::LazyLock;

use fuzz_support::*;
use parlour_cards::{format_cards, parse_cards, Card};
use parlour_core::rng::seeded;
use parlour_core::{Game, State};
use parlour_phased::groups::{group_type, phase_type};
use parlour_phased::{check_lay, LayError, PhasePlay, Phased, PhasedAction, PhasedObservation};
use proptest::prelude::*;

static CORPUS: LazyLock<Corpus<Phased>> =
    LazyLock::new(|| Corpus::new(vec![Phased::standard(), Phased::bonus()], 2, 23, 1));

/// Groups as text: hands and table groups seen in play, and each phase's shape.
fn group_texts() -> Vec<String> {
    let mut v: Vec<String> = CORPUS
        .states
        .iter()
        .flat_map(|(_, s)| {
            let o = s.observation(0);
            let mut lists = vec![format_cards(&o.hand)];
            lists.extend(o.table.iter().flatten().map(|g| format_cards(&g.cards)));
            lists
        })
        .filter(|l| !l.is_empty())
        .collect();
    v.extend(
        [
            "2S 2H 2D / 5C 5C AS",
            "2H 5H 7H 9H JH KH 3H",
            "4S 4H 4D 4C / 9S 9S 9H AD",
            "2C 3D 4S 5H 6C AS 8D 9S",
            "2H 3D AS 5H / 7C 7S 7D 7H",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    v.sort();
    v.dedup();
    v
}

/// An observation in which the observer is to lay, from the corpus.
fn laying_observation() -> PhasedObservation {
    CORPUS
        .observations
        .iter()
        .map(|(_, v)| serde_json::from_value::<PhasedObservation>(v.clone()).unwrap())
        .find(|o| {
            o.current_player == Some(o.seat)
                && o.step == parlour_phased::Step::Play
                && !o.laid[o.seat]
        })
        .expect("a seat about to lay")
}

/// Found by `fuzz_check_lay`: a hand of more than 255 copies of a card overflowed the per-card
/// counts (`CardCounts: more than 255 copies of AD`); now an error.
#[test]
fn fuzz_regression_check_lay_hand_of_300_copies() {
    let mut obs = laying_observation();
    obs.hand = vec!["AD".parse().unwrap(); 300];
    obs.hand_sizes[obs.seat] = 300;
    let play = PhasePlay::new(&[parse_cards("0D 0C AH 0D").unwrap()]).unwrap();
    let e = check_lay(&obs, &play).unwrap_err();
    assert_eq!(e, LayError::HandTooLarge { cards: 300 });
    assert!(e.to_string().contains("more than the packs hold"), "{e}");
}

/// Fixed with the above (seen in the code while fixing it): an observation whose per-seat
/// lists stop short of its own seat was indexed past their end; now an error.
#[test]
fn fuzz_regression_check_lay_lists_short_of_own_seat() {
    let mut obs = laying_observation();
    obs.laid.truncate(obs.seat);
    let play = PhasePlay::new(&[parse_cards("2S 2H 2D").unwrap()]).unwrap();
    assert_eq!(check_lay(&obs, &play), Err(LayError::NoOwnEntry));
    assert!(LayError::NoOwnEntry
        .to_string()
        .contains("no entry for its own seat"));
    let mut obs = laying_observation();
    obs.phases_done.clear();
    assert_eq!(check_lay(&obs, &play), Err(LayError::NoOwnEntry));
}

/// Found by `fuzz_observation_resample`: an observation with an empty deck in the middle of a
/// hand (no last draw) was accepted, and play from the resampled state reached a draw with
/// nothing to draw or take (a live position with no legal action); now refused.
#[test]
fn fuzz_regression_resample_empty_deck_mid_hand() {
    let mut obs = laying_observation();
    let game = if obs.variant == parlour_phased::Variant::Bonus {
        Phased::bonus()
    } else {
        Phased::standard()
    };
    assert!(game.resample(&obs, &mut seeded(1)).is_ok());
    obs.deck = 0;
    obs.last_card_drawn = false;
    let e = game.resample(&obs, &mut seeded(1)).unwrap_err();
    assert!(
        e.to_string().contains("the deck is empty only after"),
        "{e}"
    );
    // Nor before a draw, even with a card to take.
    obs.step = parlour_phased::Step::Draw;
    assert!(game.resample(&obs, &mut seeded(1)).is_err());
}

proptest! {
    #![proptest_config(config(20_000))]

    /// Groups and phases as card text: each group is typed or refused with a reason, and a
    /// phase made of them likewise; a lay of them round-trips through its text form.
    #[test]
    fn fuzz_group_text(text in text_input(group_texts(), &CORPUS.words)) {
        let groups: Vec<Vec<Card>> = match text.split('/').map(parse_cards).collect::<Result<_, _>>() {
            Ok(g) => g,
            Err(e) => {
                prop_assert!(!e.to_string().trim().is_empty());
                return Ok(());
            }
        };
        for g in &groups {
            if let Err(e) = group_type(g) {
                prop_assert!(!e.to_string().trim().is_empty());
            }
        }
        if let Err(e) = phase_type(&groups) {
            prop_assert!(!e.to_string().trim().is_empty());
        }
        if let Some(play) = PhasePlay::new(&groups) {
            prop_assert_eq!(play.groups(), groups.clone());
            let action = PhasedAction::Lay(play);
            prop_assert_eq!(action.to_string().parse::<PhasedAction>().ok(), Some(action));
        }
    }
}

proptest! {
    #![proptest_config(config(3000))]

    /// `check_lay` (the library's check of a phase against a seat's view) on an observation
    /// read from JSON: an answer, never a panic.
    #[test]
    fn fuzz_check_lay(which in any::<usize>(), json in ops(0, 4, &CORPUS.words), lay in text_input(group_texts(), &CORPUS.words)) {
        let (_, value) = &CORPUS.observations[which % CORPUS.observations.len()];
        let Ok(obs) = serde_json::from_str::<PhasedObservation>(&mutate_json(value, &json)) else {
            return Ok(());
        };
        let Ok(groups) = lay.split('/').map(parse_cards).collect::<Result<Vec<_>, _>>() else {
            return Ok(());
        };
        if let Some(play) = PhasePlay::new(&groups) {
            if let Err(e) = check_lay(&obs, &play) {
                prop_assert!(!e.to_string().trim().is_empty());
            }
        }
    }

}

parlour_test_support::game_fuzz_targets!(
    Phased,
    CORPUS,
    text_cases = 20_000,
    cases = 3_000,
    trace_cases = 100,
    observation_edits = 4,
    human_words = CORPUS
        .human_words()
        .into_iter()
        .chain(group_texts())
        .collect()
);
