"""Chexers: hexes, positions, actions and :class:`ChexersBot`.

Three seats: 0 Red, 1 Green, 2 Blue, in that order. Hexes are axial ``(q, r)`` with
``-3 <= q, r, -q-r <= 3``. Action forms::

    MOVE (-3,0) (-2,0)    step to an empty neighbouring hex
    JUMP (-3,0) (-1,0)    jump over the neighbour to the empty hex beyond (start, landing)
    EXIT (3,-3)           leave the board from one of your exit hexes
    PASS                  only when nothing else is legal

Chexers has perfect information: the observation is the whole game, its history included.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, NamedTuple, Optional, Union

from .actions import Action
from .protocol import Bot

__all__ = ["Hex", "ChexersAction", "parse_action", "Position", "Outcome", "ChexersObservation",
           "ChexersBot", "COLOURS", "NEIGHBOUR_STEPS", "EXIT_HEXES", "START_HEXES",
           "on_board", "distance_to_exit"]

#: Seat colours, in turn order.
COLOURS = ("red", "green", "blue")


class Hex(NamedTuple):
    """A hex in axial coordinates; JSON ``[q, r]``, text ``(q,r)``."""

    q: int
    r: int

    def __str__(self) -> str:
        return f"({self.q},{self.r})"


#: Neighbour steps (dq, dr), in the course's order.
NEIGHBOUR_STEPS = ((-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1))
#: Where each seat's pieces start.
START_HEXES = (
    (Hex(-3, 0), Hex(-3, 1), Hex(-3, 2), Hex(-3, 3)),
    (Hex(0, -3), Hex(1, -3), Hex(2, -3), Hex(3, -3)),
    (Hex(0, 3), Hex(1, 2), Hex(2, 1), Hex(3, 0)),
)
#: The hexes each seat exits from (the edge opposite its start).
EXIT_HEXES = (
    (Hex(3, -3), Hex(3, -2), Hex(3, -1), Hex(3, 0)),
    (Hex(-3, 3), Hex(-2, 3), Hex(-1, 3), Hex(0, 3)),
    (Hex(-3, 0), Hex(-2, -1), Hex(-1, -2), Hex(0, -3)),
)


def on_board(q: int, r: int) -> bool:
    """Whether ``(q, r)`` is one of the 37 hexes."""
    return -3 <= q <= 3 and -3 <= r <= 3 and -3 <= -q - r <= 3


def distance_to_exit(seat: int, hex: Hex) -> int:
    """Steps a piece of ``seat`` on ``hex`` needs to reach an exit hex (0 on one), not counting
    the exit itself."""
    q, r = hex
    return (3 - q, 3 - r, 3 + q + r)[seat]


@dataclass(frozen=True)
class ChexersAction(Action):
    """A Chexers action. ``kind``: ``"move"``, ``"jump"``, ``"exit"`` or ``"pass"``."""

    #: Where the piece stands (not for ``pass``).
    from_hex: Optional[Hex] = None
    #: Where it moves or lands (``move``, ``jump``).
    to_hex: Optional[Hex] = None

    @property
    def over(self) -> Optional[Hex]:
        """For a jump, the hex jumped over (its piece turns the jumper's colour)."""
        if self.kind != "jump" or self.from_hex is None or self.to_hex is None:
            return None
        return Hex((self.from_hex.q + self.to_hex.q) // 2, (self.from_hex.r + self.to_hex.r) // 2)


_HEX = re.compile(r"\(\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*\)")


def _hexes(rest: str, want: int, text: str) -> List[Hex]:
    found = []
    pos = 0
    rest = rest.strip()
    while pos < len(rest):
        m = _HEX.match(rest, pos)
        if m is None:
            raise ValueError(f"bad Chexers action {text!r}: hexes are written (q,r)")
        q, r = int(m.group(1)), int(m.group(2))
        if not on_board(q, r):
            raise ValueError(f"bad Chexers action {text!r}: ({q},{r}) is not on the board")
        found.append(Hex(q, r))
        pos = m.end()
        while pos < len(rest) and rest[pos].isspace():
            pos += 1
    if len(found) != want:
        raise ValueError(f"bad Chexers action {text!r}: takes {want} hex(es), found {len(found)}")
    return found


@lru_cache(maxsize=4096)
def parse_action(text: str) -> ChexersAction:
    """The action written ``text``; raises :class:`ValueError` for anything parlour rejects."""
    parts = text.split(None, 1)
    word = parts[0] if parts else ""
    rest = parts[1] if len(parts) > 1 else ""
    if word in ("MOVE", "JUMP"):
        a, b = _hexes(rest, 2, text)
        return ChexersAction(text, word.lower(), a, b)
    if word == "EXIT":
        (a,) = _hexes(rest, 1, text)
        return ChexersAction(text, "exit", a)
    if word == "PASS" and not rest.strip():
        return ChexersAction(text, "pass")
    raise ValueError(f"bad Chexers action {text!r}: expected MOVE (q,r) (q,r), JUMP (q,r) (q,r), "
                     f"EXIT (q,r) or PASS")


def _hex_list(v: Any) -> List[Hex]:
    return [Hex(int(q), int(r)) for q, r in v]


@dataclass(frozen=True)
class Position:
    """Where the pieces stand, the exits so far and the turn."""

    #: Pieces by seat: ``pieces[0]`` Red's, ``[1]`` Green's, ``[2]`` Blue's (by hex index).
    pieces: List[List[Hex]]
    #: Exits so far, by seat.
    exits: List[int]
    #: Decisions made so far, passes included; ``turn % 3`` is the seat to move.
    turn: int

    @classmethod
    def from_json(cls, o: Dict[str, Any]) -> "Position":
        return cls([_hex_list(o["red"]), _hex_list(o["green"]), _hex_list(o["blue"])],
                   [int(x) for x in o["exits"]], int(o["turn"]))

    @property
    def to_move(self) -> int:
        """The seat to move."""
        return self.turn % 3

    def at(self, hex: Hex) -> Optional[int]:
        """The seat whose piece stands on ``hex``, if any."""
        for seat, hexes in enumerate(self.pieces):
            if hex in hexes:
                return seat
        return None


@dataclass(frozen=True)
class Outcome:
    """How the game ended: ``kind`` ``"win"`` (``seat`` made its fourth exit) or ``"draw"`` (with
    ``reason`` ``"repetition"`` or ``"turn_limit"``)."""

    kind: str
    seat: Optional[int] = None
    reason: Optional[str] = None

    @classmethod
    def from_json(cls, o: Dict[str, Any]) -> "Outcome":
        ((kind, value),) = o.items()
        if kind == "win":
            return cls("win", seat=int(value))
        return cls(kind, reason=str(value))


@dataclass(frozen=True)
class ChexersObservation:
    """What this seat sees: everything (see docs/protocol.md for the JSON)."""

    #: 0 Red, 1 Green, 2 Blue.
    seat: int
    #: The position now.
    position: Position
    #: How the game ended, if it has.
    outcome: Optional[Outcome]
    #: How many times the current position has occurred (a 4th occurrence is a draw).
    occurrences: int
    #: The position the game started from.
    start: Position
    #: Every action since the start, in order.
    actions: List[ChexersAction]

    @classmethod
    def from_json(cls, o: Dict[str, Any]) -> "ChexersObservation":
        """Parses parlour's observation object; raises ``ValueError``/``KeyError`` if malformed."""
        outcome = o.get("outcome")
        return cls(
            seat=int(o["seat"]),
            position=Position.from_json(o["position"]),
            outcome=None if outcome is None else Outcome.from_json(outcome),
            occurrences=int(o["occurrences"]),
            start=Position.from_json(o["start"]),
            actions=[parse_action(a) for a in o["actions"]],
        )

    @property
    def my_pieces(self) -> List[Hex]:
        """This seat's pieces."""
        return self.position.pieces[self.seat]


class ChexersBot(Bot):
    """Base class of a Chexers bot: ``act(obs: ChexersObservation, legal: list[ChexersAction])``."""

    game = "chexers"

    def parse_observation(self, obj: Any) -> ChexersObservation:
        return ChexersObservation.from_json(obj)

    def parse_action(self, text: str) -> ChexersAction:
        return parse_action(text)

    def parse_legal(self, legal: List[str]) -> List[ChexersAction]:
        return [parse_action(t) for t in legal]

    def act(self, observation: ChexersObservation,
            legal: List[ChexersAction]) -> Union[ChexersAction, str, int]:
        raise NotImplementedError("a Chexers bot must override act()")
