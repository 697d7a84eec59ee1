"""COMP10001 (2018) Comp10001-Bo:
``comp10001bo_play(player_no, hand, stockpiles, discard_piles, build_piles, play_history)``.

Arguments, from the seat's observation and the plays it has been told of
(``docs/course-bots.md``):

- ``player_no``: the seat, 0 to 3; ``hand``: its cards, as two-character strings;
- ``stockpiles``: a 4-tuple by player of ``(top card, cards left)``;
- ``discard_piles``: a 4-tuple by player of a 4-tuple of lists, each pile bottom first;
- ``build_piles``: a 4-tuple of lists, bottom first;
- ``play_history``: every ``(player_no, play)`` of the game so far, in order. parlour's
  observation does not hold it: the adapter keeps it from the ``event`` lines (every other
  seat's play) and its own answers.

A play is ``(type, source, destination)``: type 0 from the hand (source the card), 1 from a
discard pile (source ``(card, (player, pile))``), 2 from the own stockpile (source the card),
3 no play (``(3, None, (None, None))``); destination ``(0, build pile)`` or
``(1, (player, pile))``.

The bonus variant (``comp10001bo_bonus``, with embargoes) is not run: how the course encoded
playing or clearing an embargo was not found.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from . import (CourseBot, CourseError, call_student, decision_limit_ms, fault_answer, is_int,
               log)

def course_play(text: str) -> Optional[Tuple[Any, ...]]:
    """parlour's action text as the course's play tuple (None for an embargo or a clear)."""
    text = text.strip()
    if text == "pass":
        return (3, None, (None, None))
    m = re.fullmatch(r"(?:(s):|d(\d)\.(\d):)?(\S{2}) (?:b(\d)|d(\d)\.(\d))", text)
    if m is None:
        return None
    stock, src_owner, src_pile, card, build, dst_owner, dst_pile = m.groups()
    dest: Tuple[Any, Any] = ((0, int(build)) if build is not None
                             else (1, (int(dst_owner), int(dst_pile))))
    if stock:
        return (2, card, dest)
    if src_owner is not None:
        return (1, (card, (int(src_owner), int(src_pile))), dest)
    return (0, card, dest)


def parlour_play(play: Any) -> Optional[str]:
    """The course's play tuple as parlour's text, or None when it is not well-formed."""
    if not isinstance(play, tuple) or len(play) != 3:
        return None
    kind, source, dest = play
    if kind == 3:
        return "pass" if source is None and dest == (None, None) else None
    if not (isinstance(dest, tuple) and len(dest) == 2):
        return None
    if dest[0] == 0 and is_int(dest[1]):
        target = f"b{dest[1]}"
    elif dest[0] == 1 and _pile(dest[1]):
        target = f"d{dest[1][0]}.{dest[1][1]}"
    else:
        return None
    if kind == 0 and isinstance(source, str):
        return f"{source} {target}"
    if kind == 2 and isinstance(source, str):
        return f"s:{source} {target}"
    if kind == 1 and isinstance(source, tuple) and len(source) == 2 \
            and isinstance(source[0], str) and _pile(source[1]):
        return f"d{source[1][0]}.{source[1][1]}:{source[0]} {target}"
    return None


def _pile(x: Any) -> bool:
    return isinstance(x, tuple) and len(x) == 2 and all(is_int(v) for v in x)


def arguments(observation: Dict[str, Any]) -> Tuple[Any, ...]:
    """``(player_no, hand, stockpiles, discard_piles, build_piles)`` from an observation."""
    stockpiles = tuple((top, size) for top, size in zip(observation["stock_tops"],
                                                        observation["stock_sizes"]))
    discard_piles = tuple(tuple(list(_cards(pile)) for pile in seat)
                          for seat in observation["discards"])
    build_piles = tuple(list(_cards(pile)) for pile in observation["build"])
    return (int(observation["seat"]), list(observation["hand"]), stockpiles, discard_piles,
            build_piles)


def _cards(pile: Any) -> List[str]:
    """A pile's cards, bottom first, from its JSON (a list, or an object holding one)."""
    if isinstance(pile, dict):
        pile = pile.get("cards", [])
    return [str(c) for c in pile]


class BoCourseBot(CourseBot):
    """Runs a file's ``comp10001bo_play`` for each play, keeping the game's play history."""

    game = "bo"
    course_entry = "comp10001bo_play"

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.history: List[Tuple[int, Any]] = []

    def on_start(self, seat: int, seed: int, index: int) -> None:
        self.history = []
        super().on_start(seat, seed, index)

    def on_event(self, seat: int, action: Any) -> None:
        play = None if action is None else course_play(str(action))
        if play is not None:
            self.history.append((seat, play))

    def act(self, observation: Any, legal: List[str]) -> str:
        if observation.get("variant") == "bonus":
            return fault_answer(CourseError(
                "the bonus variant's course interface (embargoes) is not supported"))
        try:
            fn = self.student(int(observation["seat"]))
            play = call_student("comp10001bo_play", fn, *arguments(observation),
                                list(self.history), limit_ms=decision_limit_ms(self))
        except CourseError as e:
            return fault_answer(e)
        text = parlour_play(play)
        if text is None:
            log(f"comp10001bo_play returned {play!r}, not a play tuple")
            return fault_answer(CourseError(f"comp10001bo_play returned {play!r}, not a play"))
        if text not in legal:
            log(f"comp10001bo_play returned {play!r} ({text}), which is not valid now")
        else:
            # A play parlour will make: the history has it. (After a fault the seat's play is
            # parlour's random stand-in, which the seat is not told.)
            self.history.append((int(observation["seat"]), play))
        return text
