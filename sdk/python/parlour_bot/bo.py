"""Comp10001-Bo (standard and bonus variants): observation, actions and :class:`BoBot`.

Each decision is one play of a turn (at most five plays; some plays end the turn). Action forms::

    9D b0          card 9D from the hand to build pile 0
    9D d2.1        card 9D from the hand to seat 2's discard pile 1
    s:2C b1        the top of your stockpile (2C) to build pile 1
    d1.0:2C b0     the top of seat 1's discard pile 0 (2C) to build pile 0
    pass           "no play": legal only when no play is possible
    embargo 2      (bonus) play your embargo card on seat 2
    clear          (bonus) clear the embargo on you
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Union

from .actions import Action
from .cards import Card, optional_card, parse_card, parse_cards
from .protocol import Bot

__all__ = ["Pile", "BoAction", "parse_action", "Outcome", "BoObservation", "BoBot", "PLAYERS",
           "BUILD_PILES", "DISCARD_PILES", "MAX_PLAYS", "MAX_TURNS"]

#: Seats at the table.
PLAYERS = 4
#: Shared build piles.
BUILD_PILES = 4
#: Discard piles per seat.
DISCARD_PILES = 4
#: Plays in a turn at most.
MAX_PLAYS = 5
#: Turns each seat plays at most.
MAX_TURNS = 20


@dataclass(frozen=True)
class Pile:
    """A build pile (``b0``..``b3``) or a seat's discard pile (``d<owner>.<pile>``)."""

    #: ``"build"`` or ``"discard"``.
    kind: str
    #: The pile's number: 0..3.
    index: int
    #: A discard pile's owner (``None`` for a build pile).
    owner: Optional[int] = None

    def __str__(self) -> str:
        return f"b{self.index}" if self.kind == "build" else f"d{self.owner}.{self.index}"


def _digit(s: str, what: str, below: int, text: str) -> int:
    if len(s) != 1 or not s.isdigit() or int(s) >= below:
        raise ValueError(f"bad Comp10001-Bo action {text!r}: {what} {s!r} is not 0 to {below - 1}")
    return int(s)


def _pile(s: str, text: str) -> Pile:
    if s.startswith("b"):
        return Pile("build", _digit(s[1:], "build pile", BUILD_PILES, text))
    if s.startswith("d"):
        owner, dot, pile = s[1:].partition(".")
        if not dot:
            raise ValueError(f"bad Comp10001-Bo action {text!r}: {s!r}: a discard pile is "
                             f"d<player>.<pile>, e.g. d2.1")
        return Pile("discard", _digit(pile, "discard pile", DISCARD_PILES, text),
                    _digit(owner, "player", PLAYERS, text))
    raise ValueError(f"bad Comp10001-Bo action {text!r}: {s!r} is not a pile (b0-b3, d2.1)")


@dataclass(frozen=True)
class BoAction(Action):
    """A Comp10001-Bo action. ``kind``: ``play``, ``pass``, ``embargo``, ``clear``."""

    #: ``play``: the card moved.
    card: Optional[Card] = None
    #: ``play``: where it comes from: ``"hand"``, ``"stock"`` or ``"discard"``.
    source: Optional[str] = None
    #: ``play`` from a discard pile: that pile.
    source_pile: Optional[Pile] = None
    #: ``play``: where the card goes.
    target: Optional[Pile] = None
    #: ``embargo``: the seat embargoed.
    player: Optional[int] = None

    @property
    def to_build(self) -> bool:
        """Whether this plays a card onto a build pile."""
        return self.target is not None and self.target.kind == "build"


@lru_cache(maxsize=4096)
def parse_action(text: str) -> BoAction:
    """The action written ``text``; raises :class:`ValueError` for anything parlour rejects."""
    words = text.split()
    if words == ["pass"] or words == ["clear"]:
        return BoAction(text, words[0])
    if len(words) == 2 and words[0] == "embargo":
        return BoAction(text, "embargo", player=_digit(words[1], "player", PLAYERS, text))
    if len(words) != 2:
        raise ValueError(f"bad Comp10001-Bo action {text!r}: expected `<source> <target>` "
                         f"(9D b0, s:2C d1.0, d1.0:2C b0), pass, embargo <player> or clear")
    source_text, target_text = words
    target = _pile(target_text, text)
    where, colon, card_text = source_text.partition(":")
    if not colon:
        return BoAction(text, "play", parse_card(source_text), "hand", None, target)
    if where == "s":
        return BoAction(text, "play", parse_card(card_text), "stock", None, target)
    pile = _pile(where, text)
    if pile.kind == "build":
        raise ValueError(f"bad Comp10001-Bo action {text!r}: cards cannot be taken from a "
                         f"build pile")
    return BoAction(text, "play", parse_card(card_text), "discard", pile, target)


@dataclass(frozen=True)
class Outcome:
    """How the game ended: ``kind`` ``"won"`` (``seat`` emptied its stockpile), ``"blocked"`` (no
    draw pile and nobody can play) or ``"turn_limit"`` (20 turns each)."""

    kind: str
    seat: Optional[int] = None

    @classmethod
    def from_json(cls, o: Any) -> "Outcome":
        if isinstance(o, str):
            return cls(o)
        ((kind, seat),) = o.items()
        return cls(kind, int(seat))


@dataclass(frozen=True)
class BoObservation:
    """What this seat sees (the JSON object of the same fields; see docs/protocol.md)."""

    seat: int
    #: ``"standard"`` or ``"bonus"``.
    variant: str
    #: This seat's hand, sorted.
    hand: List[Card]
    hand_sizes: List[int]
    #: Every seat's stockpile top (``None`` once empty).
    stock_tops: List[Optional[Card]]
    #: Every seat's stockpile size, top card included.
    stock_sizes: List[int]
    #: The four build piles, each bottom first.
    build: List[List[Card]]
    #: ``discards[seat][pile]``: each seat's four discard piles, each bottom first.
    discards: List[List[List[Card]]]
    #: Cards left in the draw pile.
    draw: int
    #: Cards this seat saw go into the draw pile with a completed build pile and has not seen
    #: come out since (they are in the draw pile or another hand, never in a stockpile).
    recycled: List[Card]
    #: Whether each seat still holds its embargo card (bonus; all false in the standard game).
    holds_embargo: List[bool]
    #: Who embargoed each seat, if anyone (bonus).
    embargoed_by: List[Optional[int]]
    #: The seat to act; ``None`` once the game is over.
    current_player: Optional[int]
    #: Plays made so far this turn.
    plays: int
    #: Turns each seat has completed.
    turns: List[int]
    #: How the game ended, once it has.
    outcome: Optional[Outcome]
    decisions: int

    @classmethod
    def from_json(cls, o: Dict[str, Any]) -> "BoObservation":
        """Parses parlour's observation object; raises ``ValueError``/``KeyError`` if malformed."""
        outcome = o.get("outcome")
        return cls(
            seat=int(o["seat"]),
            variant=str(o["variant"]),
            hand=parse_cards(o["hand"]),
            hand_sizes=[int(x) for x in o["hand_sizes"]],
            stock_tops=[optional_card(t) for t in o["stock_tops"]],
            stock_sizes=[int(x) for x in o["stock_sizes"]],
            build=[parse_cards(p) for p in o["build"]],
            discards=[[parse_cards(p) for p in seat] for seat in o["discards"]],
            draw=int(o["draw"]),
            recycled=parse_cards(o["recycled"]),
            holds_embargo=[bool(x) for x in o["holds_embargo"]],
            embargoed_by=[None if x is None else int(x) for x in o["embargoed_by"]],
            current_player=o.get("current_player"),
            plays=int(o["plays"]),
            turns=[int(x) for x in o["turns"]],
            outcome=None if outcome is None else Outcome.from_json(outcome),
            decisions=int(o["decisions"]),
        )

    @property
    def my_stock_top(self) -> Optional[Card]:
        """The top of this seat's stockpile."""
        return self.stock_tops[self.seat]


class BoBot(Bot):
    """Base class of a Comp10001-Bo bot: ``act(obs: BoObservation, legal: list[BoAction])``.

    The variant is ``self.options["variant"]`` (and ``obs.variant``)."""

    game = "bo"

    def parse_observation(self, obj: Any) -> BoObservation:
        return BoObservation.from_json(obj)

    def parse_action(self, text: str) -> BoAction:
        return parse_action(text)

    def parse_legal(self, legal: List[str]) -> List[BoAction]:
        return [parse_action(t) for t in legal]

    def act(self, observation: BoObservation, legal: List[BoAction]) -> Union[BoAction, str, int]:
        raise NotImplementedError("a Comp10001-Bo bot must override act()")
