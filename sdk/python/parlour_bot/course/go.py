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

from typing import Any, Dict, List, Optional

from ..protocol import Bot
from . import CourseError, call_student, decision_limit_ms, fault_answer, load_module, log


def discard_history(observation: Dict[str, Any]) -> List[List[str]]:
    """The course's ``discard_history`` from a Comp10001-Go observation (JSON)."""
    discards = observation["discards"]
    turns = min(len(d) for d in discards) if discards else 0
    return [[discards[p][t] for p in range(len(discards))] for t in range(turns)]


class GoCourseBot(Bot):
    """Runs a file's ``comp10001go_play`` for each pick."""

    game = "go"

    def __init__(self, path: str) -> None:
        self.path = path
        self.module: Optional[Any] = None
        self.load_error: Optional[str] = None
        self.name = f"comp10001go_play ({path.rsplit('/', 1)[-1]})"

    def on_start(self, seat: int, seed: int, index: int) -> None:
        try:
            self.module = load_module(self.path)
            self.load_error = None
        except Exception as e:  # noqa: BLE001 - a module that fails to import is a fault
            log(f"importing {self.path} failed: {type(e).__name__}: {e}")
            self.module, self.load_error = None, f"{type(e).__name__}: {e}"

    def act(self, observation: Any, legal: List[str]) -> str:
        if self.module is None:
            self.on_start(int(observation["seat"]), 0, 0)
        if self.module is None:
            return fault_answer(CourseError(f"the module does not import ({self.load_error})"))
        play = getattr(self.module, "comp10001go_play", None)
        if not callable(play):
            return fault_answer(CourseError("the module defines no comp10001go_play"))
        hand = list(observation["hand"])
        try:
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
