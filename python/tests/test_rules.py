"""The rule libraries as functions, against hand-worked cases, and their errors."""

from __future__ import annotations

import pytest

import parlour
from parlour import rules

from conftest import run_cli


def test_go_scoring():
    assert rules.go_score_group("0C AD AC KH") == 10 + 11 + 12 + 13
    assert rules.go_score_group(["2S"]) == -2
    with pytest.raises(parlour.RuleError):
        rules.go_score_group("2S AD AC")
    score, groups = rules.go_best_partition("2S 3S 4S KH KD")
    assert score == rules.go_score_partition("2S 3S 4S KH KD", groups)
    assert sorted(c for g in groups for c in g) == sorted("2S 3S 4S KH KD".split())
    with pytest.raises(parlour.CardError) as e:
        rules.go_best_partition("2S 2W")
    # The message is the command line's, word for word.
    cli = run_cli("go", "score", "2S", "2W", check=False)
    assert cli.returncode == 2 and str(e.value) in cli.stderr


def test_phased_out_groups_and_phases():
    assert rules.phased_group_type("7H 7S 7D") == 1
    assert rules.phased_phase_type(["2S 2S 2H", "7H 7S 7D"]) == 1
    with pytest.raises(parlour.RuleError):
        rules.phased_group_type("2S 3H")
    plays = rules.phased_phase_plays("2S 2S 2H 7H 7S 7D KC", 1)
    assert plays == [[["2S", "2S", "2H"], ["7S", "7H", "7D"]]]
    assert rules.phased_find_phase("2S 2S 2H 7H 7S 7D KC", [1, 2]) == (1, plays[0])
    assert rules.phased_find_phase("2S 3H", [1]) is None
    with pytest.raises(parlour.RuleError, match="phase 9"):
        rules.phased_phase_plays("2S", 9)


def test_bo_validation_from_an_observation():
    state = parlour.game("bo").new_state(3)
    seat = state.current_player
    obs = state.observation(seat)
    for action in state.legal_actions():
        assert rules.bo_validate(obs, action) in ("continues", "ends-turn", "no-play")
    with pytest.raises(parlour.RuleError):
        rules.bo_validate(obs, "embargo 1")
    with pytest.raises(parlour.ActionError):
        rules.bo_validate(obs, "nonsense")
    with pytest.raises(parlour.ObservationError):
        rules.bo_validate({"seat": 0}, "pass")
