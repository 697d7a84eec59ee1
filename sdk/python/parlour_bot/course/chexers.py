"""COMP30024 (2019) Chexers: the referee's ``Player`` class.

The referee made one ``Player(colour)`` per seat (``colour`` is ``"red"``, ``"green"`` or
``"blue"``), asked ``action()`` at each of its turns, and after every action — its own included
— called ``update(colour, action)`` with the colour that acted. Actions are tuples in the
referee's axial coordinates, which are parlour's: ``("MOVE", ((q, r), (q, r)))``,
``("JUMP", ((q, r), (q, r)))`` (start, landing), ``("EXIT", (q, r))`` and ``("PASS", None)``.
The referee accepted only those exact tuples; so does the adapter (a list is not a tuple).
The observation holds every action since the start, so ``update`` is called for each action
the player has not been told of, in order, before its next ``action()``; and at the game's end
(parlour's ``result``, whose final observation holds every action) for the last ones, its own
last action included, so a player that learns in ``update`` sees the whole game.

A submission is a package (``team/__init__.py`` re-exporting ``Player``), imported by name with
the folder above it first on ``sys.path``, as the referee imported it (see
:mod:`parlour_bot.course`).

Time: the pending ``update`` calls and the ``action()`` of one decision share that decision's
time (parlour's limit less the adapter's margin), so together they cannot overrun parlour's
limit: a call that runs past what is left is a timeout fault. The final ``update`` calls share
one decision's time the same way; running past it is logged (there is no answer left to fault).
"""

from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from ..chexers import COLOURS
from ..protocol import GameResult
from . import (CourseBot, CourseError, Deadline, call_student, decision_limit_ms, fault_answer,
               is_int, log)

_HEX = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")


def referee_action(text: str) -> Tuple[str, Any]:
    """parlour's action text as the referee's tuple."""
    kind, _, rest = text.strip().partition(" ")
    hexes = [(int(q), int(r)) for q, r in _HEX.findall(rest)]
    kind = kind.upper()
    if kind in ("MOVE", "JUMP"):
        return (kind, (hexes[0], hexes[1]))
    if kind == "EXIT":
        return ("EXIT", hexes[0])
    return ("PASS", None)


def _is_hex(x: Any) -> bool:
    return (isinstance(x, tuple) and len(x) == 2
            and all(is_int(v) for v in x))


def parlour_action(action: Any) -> Optional[str]:
    """The referee's tuple as parlour's text, or None when it is not a well-formed action."""
    if not isinstance(action, tuple) or len(action) != 2 or not isinstance(action[0], str):
        return None
    kind, arg = action
    if kind in ("MOVE", "JUMP") and isinstance(arg, tuple) and len(arg) == 2 \
            and all(_is_hex(h) for h in arg):
        (q1, r1), (q2, r2) = arg
        return f"{kind} ({q1},{r1}) ({q2},{r2})"
    if kind == "EXIT" and _is_hex(arg):
        return f"EXIT ({arg[0]},{arg[1]})"
    if kind == "PASS" and arg is None:
        return "PASS"
    return None


class ChexersCourseBot(CourseBot):
    """Runs a submission's ``Player`` class for one seat."""

    game = "chexers"
    course_entry = "Player"

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.player: Optional[Any] = None
        self.error: Optional[str] = None
        self.told = 0

    def on_start(self, seat: int, seed: int, index: int) -> None:
        self.player, self.error, self.told = None, None, 0
        super().on_start(seat, seed, index)
        try:
            self.player = call_student("Player(colour)", self.student(seat), COLOURS[seat])
        except CourseError as e:
            self.error = str(e)

    def tell(self, actions: List[str], deadline: Deadline) -> None:
        """Calls ``update`` for each action the player has not been told of, in order (the
        referee told every player of every action, in turn order from Red). An action is
        told once, even when its ``update`` fails: the referee never repeated one."""
        for i in range(self.told, len(actions)):
            self.told = i + 1
            call_student("update(colour, action)", self.player.update, COLOURS[i % 3],
                         referee_action(actions[i]), deadline=deadline)

    def act(self, observation: Any, legal: List[str]) -> str:
        seat = int(observation["seat"])
        if self.player is None and self.error is None:
            self.on_start(seat, 0, 0)
        if self.player is None:
            return fault_answer(CourseError(self.error or "no player"))
        deadline = Deadline(decision_limit_ms(self))
        try:
            self.tell(observation["actions"], deadline)
            answer = call_student("action()", self.player.action, deadline=deadline)
        except CourseError as e:
            return fault_answer(e)
        text = parlour_action(answer)
        if text is None:
            log(f"action() returned {answer!r}, not one of the referee's action tuples")
            return fault_answer(CourseError(
                f"action() returned {answer!r}, not one of the referee's action tuples"))
        if text not in legal:
            log(f"action() returned {answer!r}, which is not legal now")
        return text

    def on_result(self, result: GameResult) -> None:
        """The game's last actions, the seat's own included, reach ``update`` too."""
        obs = result.observation
        if self.player is None or not isinstance(obs, dict):
            return
        limit = decision_limit_ms(self)
        if not limit:
            decision = int((getattr(self, "limits", None) or {}).get("decision_ms", 0) or 0)
            limit = max(decision - 50, 1) if decision else 0
        try:
            self.tell(list(obs.get("actions") or []), Deadline(limit))
        except CourseError as e:
            log(f"after the game: {e}")
