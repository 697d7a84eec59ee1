"""COMP 202 (Summer 2020) Uno: a class ``UnoAI`` with ``play(hand, up_card, called_color,
game_state)`` and ``call_color(hand)``.

The arguments and answers are those of :mod:`parlour_bot.uno_seed` (its module documentation
gives the mapping from the observation in full): ``play`` returns the index in ``hand`` of the
card to play or -1 to draw (after a draw, -1 keeps the card); for a wild the adapter then calls
``call_color`` with the hand less that card. Here, as for every course, each game runs the
submission (a file, or a package folder) afresh in a process of its own and makes a new
``UnoAI`` object; an exception, an answer that cannot be an action or a call past its time is a
fault with its traceback in the bot log, and the adapter goes on. What the code prints goes to
the bot log, and its answer stands.
"""

from __future__ import annotations

from typing import Any, List, Optional

from ..uno import UnoAction, UnoObservation
from ..uno_seed import Card, GameState, SeedAdapter, provide_card_module
from . import (CourseBot, CourseError, Deadline, call_student, decision_limit_ms,
               fault_answer, log, submission_folder)
from ..uno import COLOR_NAMES


class UnoCourseBot(SeedAdapter, CourseBot):
    """Runs a file's ``UnoAI`` class: one object a game, ``play`` for each decision."""

    course_entry = "UnoAI"

    def __init__(self, path: str) -> None:
        CourseBot.__init__(self, path)
        self.ai_class = None
        self.ai: Any = None
        self.deadline = Deadline(0)

    def on_start(self, seat: int, seed: int, index: int) -> None:
        provide_card_module(submission_folder(self.path))
        CourseBot.on_start(self, seat, seed, index)
        self.ai = None

    def act(self, observation: UnoObservation, legal: List[UnoAction]) -> str:
        o = observation
        # The calls of one decision (the object's making, play, call_color) share its time.
        self.deadline = Deadline(decision_limit_ms(self))
        try:
            if self.ai is None:
                self.ai = call_student("UnoAI()", self.student(int(o.seat)),
                                       deadline=self.deadline)
            hand = [Card.of(c) for c in o.hand]
            up = Card.of(o.up_card)
            called = "none" if o.called_color is None else COLOR_NAMES[o.called_color]
            choice = call_student("UnoAI.play", self.ai.play, hand, up, called, GameState(o),
                                  deadline=self.deadline)
            return self.translate(o, choice)
        except CourseError as e:
            return fault_answer(e)

    def call_color(self, rest: List[Card]) -> Optional[Any]:
        return call_student("UnoAI.call_color", self.ai.call_color, rest,
                            deadline=self.deadline)

    @staticmethod
    def _unwritable(why: str) -> str:
        # An answer that is no action is a course bot fault, said as every adapter says it.
        log(why)
        return fault_answer(CourseError(why))
