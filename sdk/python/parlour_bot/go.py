"""Comp10001-Go: the typed observation, the pick action and :class:`GoBot`.

Four players, ten turns. Each turn every seat picks one card of its hand (the action is the
card, e.g. ``"7C"``); picks stay hidden until all four are made, then are revealed together and
every hand passes to the next seat ``(i + 1) % 4``. Picks are asked in seat order 0, 1, 2, 3, so
seat 2's observation never shows seats 0 and 1's picks of the same turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Union

from .actions import Action
from .cards import Card, optional_card, parse_card, parse_cards
from .protocol import Bot

__all__ = ["GoAction", "parse_action", "GoObservation", "GoBot", "find_pick", "PLAYERS", "TURNS"]

#: Seats at the table.
PLAYERS = 4
#: Turns in a game (cards dealt to each seat).
TURNS = 10


@dataclass(frozen=True)
class GoAction(Action):
    """A pick. ``kind`` is always ``"pick"``; ``text`` is the card's notation."""

    #: The card picked.
    card: Optional[Card] = None


@lru_cache(maxsize=128)
def parse_action(text: str) -> GoAction:
    """The pick written ``text`` (a card such as ``"7C"``; no Jokers in this game)."""
    card = parse_card(text)
    if card.is_joker:
        raise ValueError(f"bad Comp10001-Go pick {text!r}: Comp10001-Go uses no Jokers")
    return GoAction(text, "pick", card)


@dataclass(frozen=True)
class GoObservation:
    """What this seat sees (the JSON object of the same fields; see docs/protocol.md)."""

    seat: int
    #: Turns completed, 0..10.
    turn: int
    #: This seat's hand now, without its own pick of this turn; sorted.
    hand: List[Card]
    #: This seat's pick this turn, once made and until revealed.
    picked: Optional[Card]
    #: Every seat's revealed discards (its picks), in turn order, by seat.
    discards: List[List[Card]]
    #: The hand this seat held at the start of each turn so far (``held[t]`` for turn t).
    held: List[List[Card]]
    #: The seat to pick; ``None`` once the game is over.
    current_player: Optional[int]
    #: Final scores by seat, once the game is over.
    scores: Optional[List[int]]

    @classmethod
    def from_json(cls, o: Dict[str, Any]) -> "GoObservation":
        """Parses parlour's observation object; raises ``ValueError``/``KeyError`` if malformed."""
        scores = o.get("scores")
        return cls(
            seat=int(o["seat"]),
            turn=int(o["turn"]),
            hand=parse_cards(o["hand"]),
            picked=optional_card(o.get("picked")),
            discards=[parse_cards(d) for d in o["discards"]],
            held=[parse_cards(h) for h in o["held"]],
            current_player=o.get("current_player"),
            scores=None if scores is None else [int(x) for x in scores],
        )

    @property
    def my_discards(self) -> List[Card]:
        """This seat's own revealed picks (the cards it will be scored on)."""
        return self.discards[self.seat]

    def passed_to_next(self) -> List[Card]:
        """Cards of the hand this seat held at the start of the last turn, less its pick: what it
        passed on to seat + 1 (empty on the first turn)."""
        if self.turn == 0 or len(self.held) < self.turn:
            return []
        rest = list(self.held[self.turn - 1])
        mine = self.discards[self.seat]
        if len(mine) >= self.turn:
            rest.remove(mine[self.turn - 1])
        return rest


def find_pick(legal: Sequence[GoAction], card: Union[Card, str]) -> Optional[GoAction]:
    """The legal pick of ``card``, or ``None``."""
    if isinstance(card, str):
        card = parse_card(card)
    for a in legal:
        if a.card == card:
            return a
    return None


class GoBot(Bot):
    """Base class of a Comp10001-Go bot: ``act(obs: GoObservation, legal: list[GoAction])``.

    ``legal`` is one pick per card in hand. Other seats' picks of the current turn are hidden:
    an ``event`` for them has ``action`` ``None``, and the next observation shows them.
    """

    game = "go"

    def parse_observation(self, obj: Any) -> GoObservation:
        return GoObservation.from_json(obj)

    def parse_action(self, text: str) -> GoAction:
        return parse_action(text)

    def parse_legal(self, legal: List[str]) -> List[GoAction]:
        return [parse_action(t) for t in legal]

    def act(self, observation: GoObservation, legal: List[GoAction]) -> Union[GoAction, str, int]:
        raise NotImplementedError("a Comp10001-Go bot must override act()")
