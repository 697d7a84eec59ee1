"""COMP 202 (Summer 2020) Uno: a class ``UnoAI`` with ``play(hand, up_card, called_color,
game_state)`` and ``call_color(hand)``.

The arguments and answers are those of :mod:`parlour_bot.uno_seed` (its module documentation
gives the mapping from the observation in full): ``play`` returns the index in ``hand`` of the
card to play or -1 to draw (after a draw, -1 keeps the card); for a wild the adapter then calls
``call_color`` with the hand less that card. Here, as for every course, the file is imported
afresh each game and a new ``UnoAI`` object made; an exception, an answer that cannot be an
action, a call past its time or text printed to standard output is a fault with its traceback in
the bot log, and the adapter goes on.
"""

from __future__ import annotations

import os
from typing import Any, List, Optional

from ..uno import UnoAction, UnoObservation
from ..uno_seed import Card, GameState, SeedAdapter, provide_card_module
from . import CourseBot, CourseError, call_student, decision_limit_ms, fault_answer
from ..uno import COLOR_NAMES


class UnoCourseBot(SeedAdapter, CourseBot):
    """Runs a file's ``UnoAI`` class: one object a game, ``play`` for each decision."""

    course_entry = "UnoAI"

    def __init__(self, path: str) -> None:
        CourseBot.__init__(self, path)
        self.ai_class = None
        self.ai: Any = None

    def on_start(self, seat: int, seed: int, index: int) -> None:
        provide_card_module(os.path.dirname(os.path.abspath(self.path)))
        CourseBot.on_start(self, seat, seed, index)
        self.ai = None

    def act(self, observation: UnoObservation, legal: List[UnoAction]) -> str:
        o = observation
        try:
            if self.ai is None:
                self.ai = call_student("UnoAI()", self.student(int(o.seat)),
                                       limit_ms=decision_limit_ms(self))
            hand = [Card.of(c) for c in o.hand]
            up = Card.of(o.up_card)
            called = "none" if o.called_color is None else COLOR_NAMES[o.called_color]
            choice = call_student("UnoAI.play", self.ai.play, hand, up, called, GameState(o),
                                  limit_ms=decision_limit_ms(self))
            return self.translate(o, choice)
        except CourseError as e:
            return fault_answer(e)

    def call_color(self, rest: List[Card]) -> Optional[Any]:
        return call_student("UnoAI.call_color", self.ai.call_color, rest,
                            limit_ms=decision_limit_ms(self))
