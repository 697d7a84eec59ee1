"""COMP10001 (2017) Phased Out:
``phasedout_play(player_id, table, turn_history, phase_status, hand, discard)`` (the bonus
variant: ``phasedout_bonus`` with the same arguments).

Arguments, from the seat's observation and the plays it has been told of
(``docs/course-bots.md``):

- ``player_id``: the seat, 0 to 3; ``hand``: its cards; ``discard``: the discard pile's top
  card, or ``None``;
- ``table``: one ``(phase, groups)`` per player: the phase it laid this hand (``None`` before
  it lays) and its groups on the table, cards added included;
- ``phase_status``: the phase each player has completed (0 before any); in the bonus variant,
  for each player a 5-tuple of whether it has completed each phase;
- ``turn_history``: the hand's turns so far, each ``(player_id, [plays])``, a draw from the deck
  shown as ``(1, 'XX')``. parlour's observation does not hold it: the adapter keeps it from the
  ``event`` lines and its own plays, and tells hands apart by their ends (an empty hand, the
  turn of the player who drew the deck's last card, or every seat's 50th turn). A take of the card turned up at the deal,
  made before this seat's first decision of the hand, is shown as ``(2, 'XX')``: the adapter
  never saw that card.

A play: ``(1, None)`` draw, ``(2, card)`` take the discard, ``(3, groups)`` lay a phase,
``(4, (card, (player, group, index)))`` add a card to a group, ``(5, card)`` discard, and in the
bonus variant ``(6, player)`` play a Joker as a Skip. A lay is matched to parlour's listing of
the same groups (parlour lists each lay once, in its own card order); one that matches none is
sent as it is and faulted.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Dict, List, Optional, Tuple

from . import CourseBot, CourseError, call_student, decision_limit_ms, fault_answer, log

#: Cards dealt to each seat at the start of a hand.
HAND = 10
#: A hand also ends once every seat has played this many turns (skipped turns do not count).
TURN_LIMIT = 50


def course_play(text: str, pile: List[str]) -> Optional[Tuple[Any, Any]]:
    """parlour's action text as the course's play, with the discard pile as it stood (a take's
    card is its top); None when the text is no action."""
    word, _, rest = text.strip().partition(" ")
    if word == "draw":
        return (1, "XX")
    if word == "take":
        return (2, pile[-1] if pile else "XX")
    if word == "lay":
        return (3, [g.split() for g in rest.split("/")])
    if word == "add":
        card, owner, group, index = rest.split()
        return (4, (card, (int(owner), int(group), int(index))))
    if word == "discard":
        return (5, rest.strip())
    if word == "skip":
        return (6, int(rest))
    return None


def parlour_text(play: Any, legal: List[str], pile: List[str]) -> Optional[str]:
    """The course's play as parlour's text (a lay as parlour lists the same groups), or None
    when it is not well-formed."""
    if not isinstance(play, tuple) or len(play) != 2:
        return None
    code, arg = play
    if code == 1 and arg is None:
        return "draw"
    if code == 2 and isinstance(arg, str):
        return "take" if pile and arg == pile[-1] else f"take {arg} (the discard is " \
            f"{pile[-1] if pile else 'empty'})"
    if code == 3 and isinstance(arg, list) and arg \
            and all(isinstance(g, list) and g and all(isinstance(c, str) for c in g) for g in arg):
        wanted = [Counter(g) for g in arg]
        for text in legal:
            if text.startswith("lay "):
                groups = [Counter(g.split()) for g in text[4:].split("/")]
                if groups == wanted:
                    return text
        return "lay " + " / ".join(" ".join(g) for g in arg)
    if code == 4 and isinstance(arg, tuple) and len(arg) == 2 and isinstance(arg[0], str) \
            and isinstance(arg[1], tuple) and len(arg[1]) == 3 \
            and all(isinstance(v, int) and not isinstance(v, bool) for v in arg[1]):
        owner, group, index = arg[1]
        return f"add {arg[0]} {owner} {group} {index}"
    if code == 5 and isinstance(arg, str):
        return f"discard {arg}"
    if code == 6 and isinstance(arg, int) and not isinstance(arg, bool):
        return f"skip {arg}"
    return None


def table_argument(observation: Dict[str, Any]) -> List[Tuple[Optional[int], List[List[str]]]]:
    """The course's ``table`` from an observation."""
    out = []
    for p, groups in enumerate(observation["table"]):
        done = observation["phases_done"][p]
        phase = done[-1] if observation["laid"][p] and done else None
        out.append((phase, [list(g["cards"]) for g in groups]))
    return out


def phase_status(observation: Dict[str, Any]) -> List[Any]:
    """The course's ``phase_status``: the phase each player has completed (the bonus variant:
    which of the five each has completed)."""
    if observation.get("variant") == "bonus":
        return [tuple(k in done for k in range(1, 6)) for done in observation["phases_done"]]
    return [max(done) if done else 0 for done in observation["phases_done"]]


class PhasedCourseBot(CourseBot):
    """Runs a file's ``phasedout_play`` (or ``phasedout_bonus``), keeping the hand's turns."""

    game = "phased"
    course_entry = "phasedout_play"

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.reset_hand()
        self.deck: Optional[int] = None

    def reset_hand(self) -> None:
        self.hand_index = getattr(self, "hand_index", -1) + 1
        self.history: List[Tuple[int, List[Any]]] = []
        self.pile: List[str] = []
        self.sizes = [HAND] * 4
        self.turns = [0] * 4
        self.last_drawn_by: Optional[int] = None

    def on_start(self, seat: int, seed: int, index: int) -> None:
        self.hand_index = -1
        self.reset_hand()
        self.deck = None
        super().on_start(seat, seed, index)

    def _record(self, seat: int, text: str) -> None:
        """A play made at the table (another seat's, or this seat's own), and its effects on
        what the adapter follows: the pile, the hand sizes, the deck, the hand's end."""
        play = course_play(text, self.pile)
        if play is None:
            return
        if self.history and self.history[-1][0] == seat and self.history[-1][1] \
                and self.history[-1][1][-1][0] not in (5, 6):
            self.history[-1][1].append(play)
        else:
            self.history.append((seat, [play]))
        code, arg = play
        if code == 1:
            self.sizes[seat] += 1
            if self.deck is not None:
                self.deck -= 1
                if self.deck == 0:
                    self.last_drawn_by = seat
        elif code == 2:
            self.sizes[seat] += 1
            if self.pile:
                self.pile.pop()
        elif code == 3:
            self.sizes[seat] -= sum(len(g) for g in arg)
        elif code == 4:
            self.sizes[seat] -= 1
        elif code in (5, 6):
            self.sizes[seat] -= 1
            self.pile.append(arg if code == 5 else "ZZ")
        ended_turn = code in (5, 6) or self.sizes[seat] <= 0
        if ended_turn:
            self.turns[seat] += 1
        if self.sizes[seat] <= 0 or (ended_turn and self.last_drawn_by == seat) \
                or (ended_turn and all(t >= TURN_LIMIT for t in self.turns)):
            self.reset_hand()
            self.deck = None

    def on_event(self, seat: int, action: Any) -> None:
        if action is not None:
            self._record(seat, str(action))

    def act(self, observation: Any, legal: List[str]) -> str:
        seat = int(observation["seat"])
        # What the observation shows overrides what the adapter followed.
        self.pile = list(observation["discard"])
        self.sizes = list(observation["hand_sizes"])
        self.turns = list(observation["turns"])
        self.deck = int(observation["deck"])
        if observation.get("last_card_drawn"):
            self.last_drawn_by = seat
        elif self.deck:
            self.last_drawn_by = None
        if int(observation["hands_completed"]) != self.hand_index:
            # A hand ended in a way the adapter did not follow: its turns are gone, and this
            # hand's turns before now with them.
            if self.history:
                log("a hand ended unseen: turn_history starts afresh")
            self.history, self.hand_index = [], int(observation["hands_completed"])
        bonus = observation.get("variant") == "bonus"
        self.course_entry = "phasedout_bonus" if bonus else "phasedout_play"
        try:
            fn = self.student(seat)
            play = call_student(
                self.course_entry, fn, seat, table_argument(observation),
                [(p, list(plays)) for p, plays in self.history], phase_status(observation),
                list(observation["hand"]), self.pile[-1] if self.pile else None,
                limit_ms=decision_limit_ms(self))
        except CourseError as e:
            return fault_answer(e)
        text = parlour_text(play, legal, self.pile)
        if text is None:
            log(f"{self.course_entry} returned {play!r}, not a play")
            return fault_answer(CourseError(f"{self.course_entry} returned {play!r}, not a play"))
        if text in legal:
            self._record(seat, text)
        else:
            log(f"{self.course_entry} returned {play!r} ({text}), which is not legal now")
        return text
