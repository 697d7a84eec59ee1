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
- ``turn_history``: the hand's turns so far, each ``(player_id, [plays])``, in play order, a
  draw from the deck shown as ``(1, 'XX')`` and a take from the discard pile with the card it
  took (``(2, 'JS')``, the card turned up at the deal too). parlour's observation does not hold
  it: the adapter builds it from the ``event`` lines, each of which says which hand it belongs
  to and, for a take, the card taken (the event's ``detail``), and from its own plays. It never
  guesses where a hand ends.

A play: ``(1, None)`` draw, ``(2, card)`` take the discard, ``(3, groups)`` lay a phase,
``(4, (card, (player, group, index)))`` add a card to a group, ``(5, card)`` discard, and in the
bonus variant ``(6, player)`` play a Joker as a Skip. Inner groups and positions may be lists
or tuples, as the course's harness did not tell them apart.

**A lay is the same lay whatever the order the course left free.** parlour lists each way to lay
a phase once (its own group order and card order, its own choice of Aces), and takes only what
it lists; the adapter sends the listed lay that is the same phase with the same cards as the
student's: the two sets of phase 1 or phase 3 in either order, the cards of a set in any order,
and any Ace where another stands (Aces are wild and interchangeable). A run's cards must be in
ascending order as the course required, and phase 5's run comes before its set. A lay that is
none of the listed ones is sent as it is and faulted, with the reason.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import (CourseBot, CourseError, call_student, decision_limit_ms, fault_answer, is_int,
               log)


def _is_seq(x: Any) -> bool:
    return isinstance(x, (list, tuple))


def course_play(text: str, pile: List[str], taken: Optional[str] = None
                ) -> Optional[Tuple[Any, Any]]:
    """parlour's action text as the course's play. A take's card is ``taken`` when given (an
    event's detail), else the top of ``pile`` as it stood, else ``'XX'``; None when the text is
    no action."""
    word, _, rest = text.strip().partition(" ")
    if word == "draw":
        return (1, "XX")
    if word == "take":
        return (2, taken or (pile[-1] if pile else "XX"))
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


def _groups(arg: Any) -> Optional[List[List[str]]]:
    """A lay's groups as lists of card strings, from lists or tuples; None if not that shape."""
    if not _is_seq(arg) or not arg:
        return None
    out = []
    for g in arg:
        if not _is_seq(g) or not g or not all(isinstance(c, str) for c in g):
            return None
        out.append([c.strip().upper() for c in g])
    return out


def _is_run(group: Sequence[str], groups: Sequence[Sequence[str]]) -> bool:
    """Whether ``group`` is laid as a run, by the shape of the phase: phase 4 is one group of
    eight, a run; phase 5's first group of four is a run, its natural cards of several values,
    where the sets of phase 3 have one value."""
    if len(groups) == 1:
        return len(group) == 8
    naturals = {c[0] for c in group if c[:1] not in ("A", "Z")}
    return len(group) == 4 and len(naturals) > 1


def lay_key(groups: Sequence[Sequence[str]]) -> Tuple[Any, ...]:
    """What makes two lays the same (``RULINGS.md``: any proposal of the right groups with the
    same cards is the same lay): every Ace alike; a set's cards in any order, a run's in order;
    two sets (phases 1 and 3) in either order, a run and a set (phase 5) in order."""
    keys = []
    runs = []
    for g in groups:
        cards = ["A" if c[:1] == "A" else c for c in g]
        run = _is_run(g, groups)
        runs.append(run)
        keys.append(("run", tuple(cards)) if run else ("set", tuple(sorted(cards))))
    if len(keys) == 2 and not any(runs):
        keys.sort()
    return tuple(keys)


def matching_lay(groups: Sequence[Sequence[str]], legal: Sequence[str]) -> Optional[str]:
    """The listed lay (one of ``legal``) that is the same lay as ``groups``, or None."""
    wanted = lay_key(groups)
    for text in legal:
        if text.startswith("lay ") and lay_key([g.split() for g in text[4:].split("/")]) \
                == wanted:
            return text
    return None


def parlour_text(play: Any, legal: List[str], pile: List[str]) -> Optional[str]:
    """The course's play as parlour's text (a lay as parlour lists the same lay), or None when
    it is not well-formed."""
    if not isinstance(play, tuple) or len(play) != 2:
        return None
    code, arg = play
    if code == 1 and arg is None:
        return "draw"
    if code == 2 and isinstance(arg, str):
        return "take" if pile and arg == pile[-1] else f"take {arg} (the discard is " \
            f"{pile[-1] if pile else 'empty'})"
    if code == 3:
        groups = _groups(arg)
        if groups is None:
            return None
        return matching_lay(groups, legal) or "lay " + " / ".join(" ".join(g) for g in groups)
    if code == 4 and _is_seq(arg) and len(arg) == 2 and isinstance(arg[0], str) \
            and _is_seq(arg[1]) and len(arg[1]) == 3 and all(is_int(v) for v in arg[1]):
        owner, group, index = arg[1]
        return f"add {arg[0]} {owner} {group} {index}"
    if code == 5 and isinstance(arg, str):
        return f"discard {arg}"
    if code == 6 and is_int(arg):
        return f"skip {arg}"
    return None


def refusal(play: Any, text: str) -> str:
    """Why parlour refuses the course's ``play`` (sent as ``text``), in the course's terms."""
    if isinstance(play, tuple) and len(play) == 2 and play[0] == 5 and play[1] == "ZZ":
        return (f"returned {play!r}: parlour's bonus variant never discards a Joker plainly "
                f"(a ruling: RULINGS.md); play it as a Skip, (6, player)")
    if text.startswith("lay "):
        return (f"returned {play!r}, a lay that is not one parlour allows now (not a phase you "
                f"may lay, or not these cards; a run must be in ascending order, and phase 5's "
                f"run comes before its set)")
    return f"returned {play!r} ({text}), which is not legal now"


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
        self.hand_index = 0
        self.history: List[Tuple[int, List[Any]]] = []

    def on_start(self, seat: int, seed: int, index: int) -> None:
        self.hand_index, self.history = 0, []
        super().on_start(seat, seed, index)

    def _in_hand(self, hand: Optional[int]) -> None:
        """The play about to be recorded was made in hand ``hand`` (hands completed before
        it): a new hand starts a new history."""
        if hand is not None and hand != self.hand_index:
            self.hand_index, self.history = hand, []

    def _record(self, seat: int, text: str, pile: List[str],
                taken: Optional[str] = None) -> None:
        """A play made at the table (another seat's, or this seat's own)."""
        play = course_play(text, pile, taken)
        if play is None:
            return
        last = self.history[-1] if self.history else None
        if last is not None and last[0] == seat and last[1] and last[1][-1][0] not in (5, 6):
            last[1].append(play)
        else:
            self.history.append((seat, [play]))

    def on_event(self, seat: int, action: Any) -> None:
        if action is None:
            return
        detail = getattr(self, "event_detail", None) or {}
        hand = detail.get("hand")
        self._in_hand(int(hand) if is_int(hand) else None)
        card = detail.get("card")
        self._record(seat, str(action), [], card if isinstance(card, str) else None)

    def act(self, observation: Any, legal: List[str]) -> str:
        seat = int(observation["seat"])
        self._in_hand(int(observation["hands_completed"]))
        pile = list(observation["discard"])
        bonus = observation.get("variant") == "bonus"
        self.course_entry = "phasedout_bonus" if bonus else "phasedout_play"
        try:
            fn = self.student(seat)
            play = call_student(
                self.course_entry, fn, seat, table_argument(observation),
                [(p, list(plays)) for p, plays in self.history], phase_status(observation),
                list(observation["hand"]), pile[-1] if pile else None,
                limit_ms=decision_limit_ms(self))
        except CourseError as e:
            return fault_answer(e)
        text = parlour_text(play, legal, pile)
        if text is None:
            log(f"{self.course_entry} returned {play!r}, not a play")
            return fault_answer(CourseError(f"{self.course_entry} returned {play!r}, not a play"))
        if text in legal:
            self._record(seat, text, pile)
            return text
        why = f"{self.course_entry} {refusal(play, text)}"
        log(why)
        return fault_answer(CourseError(why))
