"""Phased Out (standard and bonus variants): observation, actions and :class:`PhasedBot`.

A turn is a sequence of decisions: ``draw`` or ``take``; then ``lay`` (a phase, once a hand),
``add`` (after laying), and finally ``discard`` (or, bonus variant, ``skip`` playing a Joker).
Action forms::

    draw                        take the deck's top card
    take                        take the discard pile's top card
    lay 2S 2S AH / 7H 7S 7D     lay a phase: its groups separated by " / "
    add 5D 1 0 8                add card 5D to seat 1's group 0 at insertion index 8
    discard 7C                  discard a card, ending the turn
    skip 2                      (bonus) play a Joker nominating seat 2 to miss its next turn
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from .actions import Action
from .cards import Card, format_cards, parse_card, parse_cards
from .protocol import Bot

__all__ = ["PhasedAction", "parse_action", "TableGroup", "PhasedObservation", "PhasedBot",
           "lay_action", "discard_action", "PLAYERS"]

#: Seats at the table.
PLAYERS = 4
_SUIT_LETTER = {"Spades": "S", "Hearts": "H", "Diamonds": "D", "Clubs": "C"}


@dataclass(frozen=True)
class PhasedAction(Action):
    """A Phased Out action. ``kind``: ``draw``, ``take``, ``lay``, ``add``, ``discard``, ``skip``."""

    #: ``lay``: the groups, in order.
    groups: Optional[Tuple[Tuple[Card, ...], ...]] = None
    #: ``add`` and ``discard``: the card.
    card: Optional[Card] = None
    #: ``add``: the seat whose group it goes to.
    owner: Optional[int] = None
    #: ``add``: which of that seat's groups (0-based).
    group: Optional[int] = None
    #: ``add``: the insertion index (0..len for a set; 0 or len for a run).
    index: Optional[int] = None
    #: ``skip``: the seat nominated to miss its next turn.
    target: Optional[int] = None

    @property
    def cards(self) -> List[Card]:
        """The cards the action plays from the hand: a lay's cards, an add's or a discard's
        card, a skip's Joker; none for draw and take."""
        if self.groups is not None:
            return [c for g in self.groups for c in g]
        if self.card is not None:
            return [self.card]
        if self.kind == "skip":
            return [parse_card("ZZ")]
        return []


def _number(word: str, what: str, text: str) -> int:
    if not word.isdigit() or int(word) > 255:
        raise ValueError(f"bad Phased Out action {text!r}: {what} {word!r} is not a number")
    return int(word)


@lru_cache(maxsize=4096)
def parse_action(text: str) -> PhasedAction:
    """The action written ``text``; raises :class:`ValueError` for anything parlour rejects."""
    verb, _, rest = text.partition(" ")
    rest = rest.strip()
    if verb in ("draw", "take"):
        if rest:
            raise ValueError(f"bad Phased Out action {text!r}: `{verb}` takes nothing after it")
        return PhasedAction(text, verb)
    if verb == "lay":
        groups = tuple(tuple(parse_cards(g)) for g in rest.split("/"))
        if not 1 <= len(groups) <= 2 or any(not 1 <= len(g) <= 8 for g in groups):
            raise ValueError(f"bad Phased Out action {text!r}: a phase is one or two groups of "
                             f"1 to 8 cards, separated by /")
        return PhasedAction(text, "lay", groups=groups)
    if verb == "add":
        w = rest.split()
        if len(w) != 4:
            raise ValueError(f"bad Phased Out action {text!r}: expected `add CARD OWNER GROUP "
                             f"INDEX`, e.g. `add 5D 1 0 8`")
        return PhasedAction(text, "add", card=parse_card(w[0]), owner=_number(w[1], "owner", text),
                            group=_number(w[2], "group", text), index=_number(w[3], "index", text))
    if verb == "discard":
        return PhasedAction(text, "discard", card=parse_card(rest))
    if verb == "skip":
        return PhasedAction(text, "skip", target=_number(rest, "seat", text))
    raise ValueError(f"bad Phased Out action {text!r}: expected draw, take, lay, add, discard "
                     f"or skip")


def lay_action(groups: Sequence[Sequence[Card]]) -> str:
    """The text of a ``lay`` of ``groups`` (``lay 2S 2S AH / 7H 7S 7D``).

    parlour lists each possible lay once, in a canonical order of cards; a lay written another
    way is not in ``legal``. Look it up with :func:`parlour_bot.actions.find` before sending."""
    return "lay " + " / ".join(format_cards(g) for g in groups)


def discard_action(card: Union[Card, str]) -> str:
    """The text ``discard <card>``."""
    return f"discard {card}"


@dataclass(frozen=True)
class TableGroup:
    """A group on the table and what it accepts (fixed when it was laid)."""

    #: ``"value_set"``, ``"suit_set"`` or ``"run"``.
    kind: str
    #: Its cards, in order (a run ascending).
    cards: List[Card]
    #: ``value_set``: the value 2..13 it takes.
    value: Optional[int] = None
    #: ``suit_set``: the suit letter it takes (JSON ``"Spades"`` becomes ``"S"``).
    suit: Optional[str] = None
    #: ``run``: the lowest value it covers.
    low: Optional[int] = None
    #: ``run``: the highest value it covers.
    high: Optional[int] = None
    #: ``run``: ``"black"`` or ``"red"`` for a run of one colour (JSON ``"Black"``/``"Red"``).
    colour: Optional[str] = None

    @classmethod
    def from_json(cls, o: Dict[str, Any]) -> "TableGroup":
        k = o["kind"]
        kind = k["kind"]
        cards = parse_cards(o["cards"])
        if kind == "value_set":
            return cls(kind, cards, value=int(k["value"]))
        if kind == "suit_set":
            return cls(kind, cards, suit=_SUIT_LETTER[k["suit"]])
        if kind == "run":
            colour = k.get("colour")
            return cls(kind, cards, low=int(k["low"]), high=int(k["high"]),
                       colour=None if colour is None else str(colour).lower())
        raise ValueError(f"unknown table group kind {kind!r}")


@dataclass(frozen=True)
class PhasedObservation:
    """What this seat sees (the JSON object of the same fields; see docs/protocol.md)."""

    seat: int
    #: ``"standard"`` or ``"bonus"``.
    variant: str
    #: This seat's hand, sorted.
    hand: List[Card]
    hand_sizes: List[int]
    #: Per seat, the cards it took from the discard pile this hand and still holds, sorted.
    known: List[List[Card]]
    #: The discard pile, bottom first (the last card is the top).
    discard: List[Card]
    #: Cards left in the deck.
    deck: int
    #: Each seat's groups on the table.
    table: List[List[TableGroup]]
    #: Each seat's completed phases (1-5), ascending.
    phases_done: List[List[int]]
    #: Whether each seat has laid its phase this hand.
    laid: List[bool]
    #: Seats nominated (bonus Skip) to miss their next turn.
    skip_next: List[bool]
    #: Turns each seat has played this hand.
    turns: List[int]
    #: Each seat's penalty total (lower is better).
    scores: List[int]
    dealer: int
    #: The seat to act; ``None`` once the game is over.
    current_player: Optional[int]
    #: ``"draw"`` (draw or take next), ``"play"`` (lay, add, discard) or ``"over"``.
    step: str
    hands_completed: int
    #: The player to act drew the deck's last card: the hand ends with its discard.
    last_card_drawn: bool
    #: Someone has completed the last phase: the game ends with this hand.
    game_ends_after_hand: bool
    decisions: int

    @classmethod
    def from_json(cls, o: Dict[str, Any]) -> "PhasedObservation":
        """Parses parlour's observation object; raises ``ValueError``/``KeyError`` if malformed."""
        return cls(
            seat=int(o["seat"]),
            variant=str(o["variant"]),
            hand=parse_cards(o["hand"]),
            hand_sizes=[int(x) for x in o["hand_sizes"]],
            known=[parse_cards(k) for k in o["known"]],
            discard=parse_cards(o["discard"]),
            deck=int(o["deck"]),
            table=[[TableGroup.from_json(g) for g in seat] for seat in o["table"]],
            phases_done=[[int(p) for p in d] for d in o["phases_done"]],
            laid=[bool(x) for x in o["laid"]],
            skip_next=[bool(x) for x in o["skip_next"]],
            turns=[int(x) for x in o["turns"]],
            scores=[int(x) for x in o["scores"]],
            dealer=int(o["dealer"]),
            current_player=o.get("current_player"),
            step=str(o["step"]),
            hands_completed=int(o["hands_completed"]),
            last_card_drawn=bool(o["last_card_drawn"]),
            game_ends_after_hand=bool(o["game_ends_after_hand"]),
            decisions=int(o["decisions"]),
        )

    @property
    def top_discard(self) -> Optional[Card]:
        """The discard pile's top card (what ``take`` takes), if any."""
        return self.discard[-1] if self.discard else None

    def phases_open(self) -> List[int]:
        """The phases this seat may lay: the next one in order (standard), or any not yet done
        (bonus)."""
        done = set(self.phases_done[self.seat])
        if self.variant == "bonus":
            return [p for p in range(1, 6) if p not in done]
        return [p for p in range(1, 6) if p not in done][:1]


class PhasedBot(Bot):
    """Base class of a Phased Out bot: ``act(obs: PhasedObservation, legal: list[PhasedAction])``.

    The variant is ``self.options["variant"]`` (and ``obs.variant``)."""

    game = "phased"

    def parse_observation(self, obj: Any) -> PhasedObservation:
        return PhasedObservation.from_json(obj)

    def parse_action(self, text: str) -> PhasedAction:
        return parse_action(text)

    def parse_legal(self, legal: List[str]) -> List[PhasedAction]:
        return [parse_action(t) for t in legal]

    def act(self, observation: PhasedObservation,
            legal: List[PhasedAction]) -> Union[PhasedAction, str, int]:
        raise NotImplementedError("a Phased Out bot must override act()")
