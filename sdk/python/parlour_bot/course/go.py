"""COMP10001 (2019) Comp10001-Go: ``comp10001go_play(discard_history, player_no, hand)``.

Arguments, from the seat's observation (``docs/course-bots.md``):

- ``discard_history``: one entry per completed turn, in turn order, each the four cards picked
  that turn by player number (``discard_history[t][p]``: the observation's ``discards[p][t]``);
  empty on the first turn. The current turn's picks, still hidden, are not in it.
- ``player_no``: the seat, 0 to 3.
- ``hand``: the cards held, as two-character strings (``'0C'`` is the Ten of Clubs).

The answer must be one card of ``hand`` (a string).

Under the course's scoring (``-o scoring=proposed``) parlour then asks each seat for a grouping
of its ten discards, and the adapter calls ``comp10001go_group(discard_history, player_no)``
(``discard_history`` now holds all ten turns). A valid grouping is sent as it is. A grouping the
course would not accept is scored as the course's own scoring scored it, each invalid group as
its cards alone (minus their values), any discard left out alone too, and cards that are not the
seat's discards dropped; the adapter sends that grouping and reports the fault to parlour
(``Faulted``), which records it. An exception, a timeout or an answer that is not a list of lists
of cards is a fault too, and the grouping is then every card alone. (Printing is not: it goes to
the bot log.)
"""

from __future__ import annotations

from typing import Any, Dict, FrozenSet, List, Optional, Set, Tuple

from ..protocol import Faulted
from . import CourseBot, CourseError, call_student, decision_limit_ms, fault_answer, log


def discard_history(observation: Dict[str, Any]) -> List[List[str]]:
    """The course's ``discard_history`` from a Comp10001-Go observation (JSON)."""
    discards = observation["discards"]
    turns = min(len(d) for d in discards) if discards else 0
    return [[discards[p][t] for p in range(len(discards))] for t in range(turns)]


Group = FrozenSet[str]


def parse_grouping(text: str) -> FrozenSet[Group]:
    """A grouping's text (``group 7C 7S / 4C``) as a set of groups, each a set of cards."""
    body = text.strip()
    if body.lower().startswith("group"):
        body = body[len("group"):]
    return frozenset(frozenset(part.split()) for part in body.split("/") if part.split())


def course_grouping(proposal: Any, discards: List[str],
                    legal: List[str]) -> Tuple[str, Optional[str]]:
    """The legal grouping that scores what the course's scoring gave ``proposal`` (what the
    student's ``comp10001go_group`` returned) for these ``discards``, and why it is not the
    proposal itself (``None`` when the proposal was a valid grouping)."""
    by_groups = {parse_grouping(text): text for text in legal}
    # A group is valid exactly when some legal grouping has it: it can stand beside singletons.
    valid: Set[Group] = {g for grouping in by_groups for g in grouping}
    mine = set(discards)
    problems: List[str] = []
    if not isinstance(proposal, (list, tuple)) or not all(
            isinstance(g, (list, tuple)) for g in proposal):
        problems.append(f"comp10001go_group returned {proposal!r}, not a list of lists of cards")
        proposal = []
    used: Set[str] = set()
    groups: List[Group] = []
    for i, g in enumerate(proposal):
        cards: List[str] = []
        broken = False
        for c in g:
            if not isinstance(c, str) or c not in mine:
                problems.append(f"{c!r} in group {i} is not one of the player's discards")
                broken = True
            elif c in used or c in cards:
                problems.append(f"{c} is in the grouping more than once")
                broken = True
            else:
                cards.append(c)
        used.update(cards)
        if not cards:
            continue
        group = frozenset(cards)
        if broken or group not in valid:
            if not broken:
                problems.append(f"group {i} {sorted(cards)} is not a valid group")
            groups.extend(frozenset([c]) for c in cards)
        else:
            groups.append(group)
    missing = [c for c in discards if c not in used]
    if missing and not problems:
        problems.append(f"{' '.join(missing)} in no group")
    elif missing:
        problems.append(f"{' '.join(missing)} in no group (scored alone)")
    groups.extend(frozenset([c]) for c in missing)
    text = by_groups.get(frozenset(groups))
    if text is None:  # cannot happen: singletons and valid groups make a legal grouping
        raise CourseError("no legal grouping matches the course's reading of the grouping")
    return text, ("; ".join(problems) if problems else None)


class GoCourseBot(CourseBot):
    """Runs a file's ``comp10001go_play`` for each pick, and under the course's scoring its
    ``comp10001go_group`` for the grouping."""

    game = "go"
    course_entry = "comp10001go_play"

    def act(self, observation: Any, legal: List[str]) -> Any:
        if legal and legal[0].startswith("group"):
            return self.group(observation, legal)
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

    def group(self, observation: Any, legal: List[str]) -> Any:
        """The grouping decision (the course's scoring): ``comp10001go_group``'s answer, read as
        the course scored it."""
        seat = int(observation["seat"])
        discards = list(observation["discards"][seat])
        try:
            proposal = call_student("comp10001go_group", self.student(seat, "comp10001go_group"),
                                    discard_history(observation), seat,
                                    limit_ms=decision_limit_ms(self))
        except CourseError as e:
            text, _ = course_grouping([], discards, legal)
            return Faulted(text, f"course bot fault: {e}; every card scored alone")
        text, why = course_grouping(proposal, discards, legal)
        if why is None:
            return text
        log(f"comp10001go_group's grouping is not valid: {why}")
        return Faulted(text, f"course bot fault: comp10001go_group: {why}")
