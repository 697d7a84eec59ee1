//! The games' rule libraries as functions (`parlour.rules` in Python): Comp10001-Go's group
//! scoring and optimal partition, Phased Out's group and phase types and phase finder, and
//! Comp10001-Bo's play validation. Cards are their two-character texts (`AS`, `0H`, `XJ`...),
//! as a list or one space-separated string; a bad card is a `CardError`, cards that break a
//! rule a `RuleError`, each with the library's own message.

use parlour_bo::rules::{validate, Validity};
use parlour_bo::{BoAction, BoObservation};
use parlour_cards::{parse_cards, Card};
use parlour_phased::finder::{find_phase, phase_plays};
use parlour_phased::groups::{group_type, phase_type, PhaseType};
use pyo3::prelude::*;

use crate::{from_py, ActionError, CardError, ObservationError, RuleError};

/// Cards given as a list of texts or one space-separated string.
#[derive(FromPyObject)]
enum Cards {
    Text(String),
    List(Vec<String>),
}

fn cards(given: Cards) -> PyResult<Vec<Card>> {
    let text = match given {
        Cards::Text(t) => t,
        Cards::List(l) => l.join(" "),
    };
    parse_cards(&text).map_err(|e| CardError::new_err(e.to_string()))
}

fn texts(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

fn rule(e: impl std::fmt::Display) -> PyErr {
    RuleError::new_err(e.to_string())
}

/// Comp10001-Go: the score of one group (a run, an N-of-a-kind or a singleton).
#[pyfunction]
fn go_score_group(group: Cards) -> PyResult<i32> {
    parlour_go::scoring::score_group(&cards(group)?)
        .map(|s| s.score)
        .map_err(rule)
}

/// Comp10001-Go: the score of `groups`, a partition of `hand`.
#[pyfunction]
fn go_score_partition(hand: Cards, groups: Vec<Cards>) -> PyResult<i32> {
    let hand = cards(hand)?;
    let groups = groups
        .into_iter()
        .map(cards)
        .collect::<PyResult<Vec<_>>>()?;
    parlour_go::scoring::score_partition(&hand, &groups)
        .map(|p| p.score)
        .map_err(rule)
}

/// Comp10001-Go: the best partition of `hand`: (score, groups).
#[pyfunction]
fn go_best_partition(hand: Cards) -> PyResult<(i32, Vec<Vec<String>>)> {
    let p = parlour_go::scoring::best_partition(&cards(hand)?).map_err(rule)?;
    Ok((p.score, p.groups.iter().map(|(g, _)| texts(g)).collect()))
}

/// Phased Out: the group type (1 to 5) a group of cards makes.
#[pyfunction]
fn phased_group_type(group: Cards) -> PyResult<u8> {
    group_type(&cards(group)?).map(|t| t as u8).map_err(rule)
}

/// Phased Out: the phase (1 to 5) that groups make.
#[pyfunction]
fn phased_phase_type(groups: Vec<Cards>) -> PyResult<u8> {
    let groups = groups
        .into_iter()
        .map(cards)
        .collect::<PyResult<Vec<_>>>()?;
    phase_type(&groups).map(|p| p.0).map_err(rule)
}

fn phase(n: u8) -> PyResult<PhaseType> {
    if (1..=5).contains(&n) {
        Ok(PhaseType(n))
    } else {
        Err(RuleError::new_err(format!(
            "there is no phase {n} (phases are 1 to 5)"
        )))
    }
}

/// Phased Out: every way to lay `phase` from `hand`, each listed once in canonical form.
#[pyfunction]
fn phased_phase_plays(hand: Cards, phase: u8) -> PyResult<Vec<Vec<Vec<String>>>> {
    let plays = phase_plays(&cards(hand)?, self::phase(phase)?);
    Ok(plays
        .iter()
        .map(|groups| groups.iter().map(|g| texts(g)).collect())
        .collect())
}

/// Phased Out: the best phase among `phases` that `hand` can lay, as (phase, groups), or None.
#[pyfunction]
fn phased_find_phase(hand: Cards, phases: Vec<u8>) -> PyResult<Option<(u8, Vec<Vec<String>>)>> {
    let phases = phases
        .into_iter()
        .map(phase)
        .collect::<PyResult<Vec<_>>>()?;
    Ok(find_phase(&cards(hand)?, &phases)
        .map(|(p, groups)| (p.0, groups.iter().map(|g| texts(g)).collect())))
}

/// Comp10001-Bo: whether `action` (text) is a valid play for the observing seat in an
/// observation (dict): `"continues"`, `"ends-turn"` or `"no-play"`; an invalid play raises
/// `RuleError` saying why.
#[pyfunction]
fn bo_validate(observation: &Bound<'_, PyAny>, action: &str) -> PyResult<&'static str> {
    let obs: BoObservation = serde_json::from_value(from_py(observation, "observation")?)
        .map_err(|e| ObservationError::new_err(format!("not a bo observation: {e}")))?;
    let action: BoAction = action
        .trim()
        .parse()
        .map_err(|e: parlour_core::ParseActionError| ActionError::new_err(e.to_string()))?;
    match validate(&obs, obs.seat, action).map_err(rule)? {
        Validity::Continues => Ok("continues"),
        Validity::EndsTurn => Ok("ends-turn"),
        Validity::NoPlay => Ok("no-play"),
    }
}

/// Adds the functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(go_score_group, m)?)?;
    m.add_function(wrap_pyfunction!(go_score_partition, m)?)?;
    m.add_function(wrap_pyfunction!(go_best_partition, m)?)?;
    m.add_function(wrap_pyfunction!(phased_group_type, m)?)?;
    m.add_function(wrap_pyfunction!(phased_phase_type, m)?)?;
    m.add_function(wrap_pyfunction!(phased_phase_plays, m)?)?;
    m.add_function(wrap_pyfunction!(phased_find_phase, m)?)?;
    m.add_function(wrap_pyfunction!(bo_validate, m)?)?;
    Ok(())
}
