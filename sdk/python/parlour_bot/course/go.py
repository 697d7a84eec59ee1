"""COMP10001 (2019) Comp10001-Go: ``comp10001go_play(discard_history, player_no, hand)``.

Arguments, from the seat's observation (``docs/course-bots.md``):

- ``discard_history``: one entry per completed turn, in turn order, each the four cards picked
  that turn by player number (``discard_history[t][p]``: the observation's ``discards[p][t]``);
  empty on the first turn. The current turn's picks, still hidden, are not in it.
- ``player_no``: the seat, 0 to 3.
- ``hand``: the cards held, as two-character strings (``'0C'`` is the Ten of Clubs).

The answer must be one card of ``hand`` (a string).
"""

from __future__ import annotations

from typing import Any, Dict, List

from . import CourseBot, CourseError, call_student, decision_limit_ms, fault_answer, log


def discard_history(observation: Dict[str, Any]) -> List[List[str]]:
    """The course's ``discard_history`` from a Comp10001-Go observation (JSON)."""
    discards = observation["discards"]
    turns = min(len(d) for d in discards) if discards else 0
    return [[discards[p][t] for p in range(len(discards))] for t in range(turns)]


class GoCourseBot(CourseBot):
    """Runs a file's ``comp10001go_play`` for each pick."""

    game = "go"
    course_entry = "comp10001go_play"

    def act(self, observation: Any, legal: List[str]) -> str:
        hand = list(observation["hand"])
        try:
            play = self.student(int(observation["seat"]))
            card = call_student("comp10001go_play", play, discard_history(observation),
                                int(observation["seat"]), list(hand),
                                limit_ms=decision_limit_ms(self))
        except CourseError as e:
            return fault_answer(e)
        if not isinstance(card, str):
            log(f"comp10001go_play returned {card!r} ({type(card).__name__}), not a card string")
            return fault_answer(CourseError(
                f"comp10001go_play returned {card!r}, not a card string"))
        if card not in legal:
            log(f"comp10001go_play returned {card!r}, which is not in the hand {hand}")
        # A card not in the hand is sent as it is: parlour records it as an illegal answer.
        return card
