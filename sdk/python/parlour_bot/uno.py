"""Uno: cards, actions, the typed observation, and :class:`UnoBot`.

Cards are written colour letter then rank: ``R5`` (red five), ``GS`` (green skip), ``BR`` (blue
reverse), ``Y+2`` (yellow draw two), ``W`` (wild), ``W+4`` (wild draw four); colours ``R G B Y``.
Actions are a coloured card (``R5``), a wild with its called colour (``W:B``, ``W+4:G``),
``draw`` (only when no card in hand is playable) or ``pass`` (only right after drawing, to keep
the drawn card).

Typed colours are the one-letter forms everywhere (``card.color``, ``obs.called_color``,
``obs.last_called``), so ``card.color == obs.called_color`` works; :data:`COLOR_NAMES` maps
them to the names the JSON uses for called colours.

A student's class written to the COMP 202 interface (``play`` / ``call_color``) runs unchanged
through :func:`parlour_bot.uno_seed.run_seed_ai`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

from .actions import Action
from .protocol import Bot

__all__ = [
    "COLORS",
    "COLOR_NAMES",
    "UnoCard",
    "parse_uno_card",
    "UnoAction",
    "parse_action",
    "RoundOutcome",
    "UnoObservation",
    "UnoBot",
    "is_playable",
    "find_play",
    "plays_of",
]

#: Colour letters in parlour's order.
COLORS = "RGBY"
#: Letter to the name used in JSON (``called_color``, ``last_called``) and by the seed.
COLOR_NAMES: Dict[str, str] = {"R": "red", "G": "green", "B": "blue", "Y": "yellow"}
_COLOR_OF_NAME = {v: k for k, v in COLOR_NAMES.items()}
_RANKS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"]
_SPECIAL_RANKS = {"S", "R", "+2"}


@dataclass(frozen=True, order=True)
class UnoCard:
    """An Uno card. Cards order as parlour sorts a hand (by ``index``)."""

    #: Parlour's kind index 0..53: ``colour * 13 + rank`` (ranks 0-9, Skip 10, Reverse 11, Draw
    #: Two 12; colours R G B Y), then Wild 52 and Wild Draw Four 53.
    index: int
    #: The notation, e.g. ``"Y+2"``; ``str(card)`` returns it.
    text: str
    #: ``"R"``, ``"G"``, ``"B"`` or ``"Y"``; ``None`` for the wilds.
    color: Optional[str]
    #: ``"0"``..``"9"``, ``"S"`` (skip), ``"R"`` (reverse), ``"+2"`` (draw two), ``"W"`` (wild),
    #: ``"W+4"`` (wild draw four).
    rank: str
    #: 0..9 for a number card, else ``None``.
    number: Optional[int]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"UnoCard({self.text!r})"

    @property
    def is_wild(self) -> bool:
        """Whether this is ``W`` or ``W+4`` (it calls a colour when played)."""
        return self.color is None

    @property
    def is_special(self) -> bool:
        """Whether this is a coloured Skip, Reverse or Draw Two."""
        return self.rank in _SPECIAL_RANKS

    @property
    def color_name(self) -> Optional[str]:
        """``"red"``, ``"green"``, ``"blue"``, ``"yellow"``, or ``None`` for a wild."""
        return None if self.color is None else COLOR_NAMES[self.color]

    @property
    def points(self) -> int:
        """What it is worth in a loser's hand: its number, 20 for a special, 50 for a wild."""
        if self.number is not None:
            return self.number
        return 50 if self.is_wild else 20


def _build() -> Dict[str, UnoCard]:
    table: Dict[str, UnoCard] = {}
    for c, color in enumerate(COLORS):
        for r, rank in enumerate(_RANKS):
            text = color + rank
            table[text] = UnoCard(c * 13 + r, text, color, rank, r if r <= 9 else None)
    table["W"] = UnoCard(52, "W", None, "W", None)
    table["W+4"] = UnoCard(53, "W+4", None, "W+4", None)
    return table


_CARDS: Dict[str, UnoCard] = _build()


def parse_uno_card(token: str) -> UnoCard:
    """The Uno card written ``token`` (``R5``, ``GS``, ``BR``, ``Y+2``, ``W``, ``W+4``).

    Strict and case-sensitive; raises :class:`ValueError` naming the token otherwise.
    """
    card = _CARDS.get(token) if isinstance(token, str) else None
    if card is None:
        raise ValueError(
            f"bad Uno card {token!r}: expected a colour R/G/B/Y then 0-9, S, R or +2 "
            f"(e.g. R5, GS, Y+2), or W, W+4"
        )
    return card


def all_uno_cards() -> List[UnoCard]:
    """The 54 kinds of card, in index order."""
    return sorted(_CARDS.values())


def _color_letter(name: Optional[str]) -> Optional[str]:
    if name is None:
        return None
    try:
        return _COLOR_OF_NAME[name]
    except KeyError:
        raise ValueError(f"bad colour {name!r}: expected red, green, blue or yellow") from None


@dataclass(frozen=True)
class UnoAction(Action):
    """An Uno action. ``kind`` is ``"play"`` (a card, wilds included), ``"draw"`` or ``"pass"``."""

    #: The card played (``kind == "play"``).
    card: Optional[UnoCard] = None
    #: The colour letter a wild calls (``"W:B"`` calls ``"B"``); ``None`` otherwise.
    call: Optional[str] = None


@lru_cache(maxsize=512)
def parse_action(text: str) -> UnoAction:
    """The action written ``text``; raises :class:`ValueError` for anything parlour rejects."""
    if text == "draw" or text == "pass":
        return UnoAction(text, text)
    card_text, sep, call = text.partition(":")
    try:
        card = parse_uno_card(card_text)
    except ValueError as e:
        raise ValueError(f"bad Uno action {text!r}: {e}; or draw, pass") from None
    if card.is_wild:
        if not sep:
            raise ValueError(f"bad Uno action {text!r}: a wild must call a colour, e.g. {card}:R")
        if call not in COLOR_NAMES:
            raise ValueError(f"bad Uno action {text!r}: called colour {call!r} is not R, G, B or Y")
        return UnoAction(text, "play", card, call)
    if sep:
        raise ValueError(f"bad Uno action {text!r}: only a wild calls a colour")
    return UnoAction(text, "play", card, None)


def play_action(card: UnoCard, call: Optional[str] = None) -> UnoAction:
    """The action that plays ``card`` (calling ``call``, a letter or name, if it is a wild)."""
    if card.is_wild:
        if call is None:
            raise ValueError(f"{card} is a wild: say which colour it calls")
        letter = call if call in COLOR_NAMES else _color_letter(call)
        return parse_action(f"{card.text}:{letter}")
    return parse_action(card.text)


@dataclass(frozen=True)
class RoundOutcome:
    """How a completed round ended."""

    #: The round's index, from 0.
    round: int
    #: The seat that emptied its hand, or ``None`` when the round was drawn.
    winner: Optional[int]
    #: Points the winner scored.
    points: int


@dataclass(frozen=True)
class UnoObservation:
    """What this seat sees (the JSON object of the same fields; see docs/protocol.md)."""

    seat: int
    players: int
    #: This seat's hand, sorted by kind.
    hand: List[UnoCard]
    #: The card just drawn, while this seat decides whether to play it.
    drawn: Optional[UnoCard]
    #: Whether the player to act has just drawn and is deciding about that card.
    deciding_after_draw: bool
    up_card: UnoCard
    #: The called colour letter when the up card is a wild, else ``None``.
    called_color: Optional[str]
    #: ``"clockwise"`` (seat i is followed by i+1) or ``"counterclockwise"``.
    direction: str
    #: The seat to act; ``None`` once the game is over.
    current_player: Optional[int]
    hand_sizes: List[int]
    #: Every seat's total score.
    scores: List[int]
    #: Colour letter each seat last called this round (``None``: no call yet).
    last_called: List[Optional[str]]
    #: The discard pile, bottom first; the last card is the up card.
    discard: List[UnoCard]
    #: Cards in the draw pile.
    draw_pile: int
    #: The cards turned over into the draw pile at this round's last reshuffle, sorted.
    reshuffled: List[UnoCard]
    rounds_completed: int
    decisions: int
    last_round: Optional[RoundOutcome]

    @classmethod
    def from_json(cls, o: Dict[str, Any]) -> "UnoObservation":
        """Parses parlour's observation object; raises ``ValueError``/``KeyError`` if malformed."""
        card = parse_uno_card
        lr = o.get("last_round")
        return cls(
            seat=int(o["seat"]),
            players=int(o["players"]),
            hand=[card(t) for t in o["hand"]],
            drawn=None if o.get("drawn") is None else card(o["drawn"]),
            deciding_after_draw=bool(o["deciding_after_draw"]),
            up_card=card(o["up_card"]),
            called_color=_color_letter(o.get("called_color")),
            direction=str(o["direction"]),
            current_player=o.get("current_player"),
            hand_sizes=[int(x) for x in o["hand_sizes"]],
            scores=[int(x) for x in o["scores"]],
            last_called=[_color_letter(x) for x in o["last_called"]],
            discard=[card(t) for t in o["discard"]],
            draw_pile=int(o["draw_pile"]),
            reshuffled=[card(t) for t in o.get("reshuffled", [])],
            rounds_completed=int(o["rounds_completed"]),
            decisions=int(o["decisions"]),
            last_round=None if lr is None else RoundOutcome(
                int(lr["round"]), lr.get("winner"), int(lr["points"])),
        )

    def upcoming_players(self) -> List[int]:
        """The other seats in the order of the seed's ``GameState`` lists: from the seat that
        plays next in the current direction of play (:meth:`next_player`), on round the table in
        that direction. As in the course's own ``GameState``, only the card about to be played
        is left out ("assume that there was no skip or reverse played"), not the direction."""
        step = 1 if self.direction == "clockwise" else -1
        return [(self.seat + step * k) % self.players for k in range(1, self.players)]

    def played_cards(self) -> List[UnoCard]:
        """Cards played since the last reshuffle (or the round's start): the discard pile but its
        bottom card, which was turned up at the deal or left as the up card at the reshuffle."""
        return self.discard[1:]

    def next_player(self) -> int:
        """The seat that plays after this one in the current direction."""
        step = 1 if self.direction == "clockwise" else -1
        return (self.seat + step) % self.players

    @property
    def active_color(self) -> Optional[str]:
        """The colour to follow: the called colour on a wild, else the up card's colour."""
        return self.called_color if self.up_card.is_wild else self.up_card.color

    def playable(self) -> List[UnoCard]:
        """The cards in hand that may be played on the up card (duplicates included)."""
        return [c for c in self.hand if is_playable(c, self.up_card, self.called_color)]


def is_playable(card: UnoCard, up: UnoCard, called: Optional[str]) -> bool:
    """Whether ``card`` may go on ``up`` (``called``: the colour letter called on a wild)."""
    if card.is_wild:
        return True
    if up.is_wild:
        return card.color == called
    return card.color == up.color or card.rank == up.rank


def find_play(legal: Sequence[UnoAction], card: Union[UnoCard, str],
              call: Optional[str] = None) -> Optional[UnoAction]:
    """The legal action playing ``card`` (for a wild, the one calling ``call``, a letter or a
    name; the first listed when ``call`` is ``None``), or ``None`` if it is not legal now."""
    if isinstance(card, str):
        card = parse_uno_card(card)
    if call is not None and call not in COLOR_NAMES:
        call = _color_letter(call)
    for a in legal:
        if a.card == card and (call is None or a.call == call):
            return a
    return None


def plays_of(legal: Sequence[UnoAction]) -> Iterator[UnoAction]:
    """The legal card plays (not ``draw`` or ``pass``)."""
    return (a for a in legal if a.kind == "play")


class UnoBot(Bot):
    """Base class of an Uno bot: ``act(obs: UnoObservation, legal: list[UnoAction])``.

    Return one of ``legal`` (or its text). Uno's options (``players``, ``target``, ``rounds``)
    are in ``self.options``.
    """

    game = "uno"

    def parse_observation(self, obj: Any) -> UnoObservation:
        return UnoObservation.from_json(obj)

    def parse_action(self, text: str) -> UnoAction:
        return parse_action(text)

    def parse_legal(self, legal: List[str]) -> List[UnoAction]:
        return [parse_action(t) for t in legal]

    def act(self, observation: UnoObservation, legal: List[UnoAction]) -> Union[UnoAction, str, int]:
        raise NotImplementedError("an Uno bot must override act()")
