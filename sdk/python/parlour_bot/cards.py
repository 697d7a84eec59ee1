"""Standard playing cards in the course notation: ``0C``, ``AS``, ``ZZ``.

Comp10001-Go, Comp10001-Bo and Phased Out all write a card as its value character from
``234567890JQKA`` (``0`` is the Ten) followed by its suit character from ``SHDC``; the Joker of
the bonus variants is ``ZZ``. Parsing is strict and case-sensitive, exactly as parlour's own
parser: anything else raises a :class:`ValueError` that names the bad token, so a typo in a bot
fails loudly instead of silently picking another card.

Every card is a shared, immutable :class:`Card`: ``parse_card("AS") is parse_card("AS")``, so
parsing an observation allocates nothing per card and cards can be compared with ``==`` or used
as dictionary keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional

__all__ = [
    "VALUES",
    "SUITS",
    "Card",
    "JOKER",
    "parse_card",
    "parse_cards",
    "format_cards",
    "all_cards",
]

#: Value characters in order of value: Ace = 1 (written ``A``), 2..9, Ten = 10 (written ``0``),
#: Jack 11, Queen 12, King 13.
VALUES = "A234567890JQK"
#: Suit characters in parlour's order (Spades, Hearts, Diamonds, Clubs).
SUITS = "SHDC"
_SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


@dataclass(frozen=True, order=True)
class Card:
    """One standard card or the Joker.

    Cards order as parlour sorts hands: by suit (Spades, Hearts, Diamonds, Clubs), Ace low within
    a suit, the Joker last. That is the ``index`` field, which comes first so that ``sorted()``
    uses it.
    """

    #: Dense index 0..52: ``suit_index * 13 + value - 1``; the Joker is 52.
    index: int
    #: The notation, e.g. ``"0C"``; ``str(card)`` returns it.
    text: str
    #: 1 (Ace) .. 13 (King), ``None`` for the Joker.
    value: Optional[int]
    #: ``"S"``, ``"H"``, ``"D"`` or ``"C"``; ``None`` for the Joker.
    suit: Optional[str]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    @property
    def is_joker(self) -> bool:
        """Whether this is the Joker (``ZZ``)."""
        return self.value is None

    @property
    def is_ace(self) -> bool:
        """Whether this is an Ace (wild in Phased Out, gap-filler in Go runs)."""
        return self.value == 1

    @property
    def colour(self) -> Optional[str]:
        """``"black"`` (Spades, Clubs), ``"red"`` (Hearts, Diamonds), ``None`` for the Joker."""
        if self.suit is None:
            return None
        return "black" if self.suit in "SC" else "red"

    @property
    def suit_name(self) -> Optional[str]:
        """``"Spades"``, ``"Hearts"``, ``"Diamonds"``, ``"Clubs"`` (``None`` for the Joker)."""
        return None if self.suit is None else _SUIT_NAMES[self.suit]


def _build() -> Dict[str, Card]:
    table: Dict[str, Card] = {}
    for s, suit in enumerate(SUITS):
        for v, ch in enumerate(VALUES):
            text = ch + suit
            table[text] = Card(s * 13 + v, text, v + 1, suit)
    table["ZZ"] = Card(52, "ZZ", None, None)
    return table


_CARDS: Dict[str, Card] = _build()
#: The Joker, ``ZZ`` (bonus variants only).
JOKER: Card = _CARDS["ZZ"]


def parse_card(token: str) -> Card:
    """The card written ``token`` (exactly two characters, e.g. ``"0C"``, ``"AS"``, ``"ZZ"``).

    Raises :class:`ValueError` naming the token for anything else (``"10C"``, ``"as"``, ``" AS"``).
    """
    card = _CARDS.get(token) if isinstance(token, str) else None
    if card is None:
        raise ValueError(
            f"bad card {token!r}: expected a value from 234567890JQKA then a suit from SHDC "
            f"(e.g. 0C, AS), or ZZ"
        )
    return card


def parse_cards(text_or_tokens: "str | Iterable[str]") -> List[Card]:
    """Cards from a string of tokens separated by spaces or commas (``"AS, 0C ZZ"``), or from an
    iterable of tokens (a JSON array). A bad token raises :class:`ValueError` naming it and its
    position."""
    if isinstance(text_or_tokens, str):
        tokens: Iterable[str] = (
            t for t in text_or_tokens.replace(",", " ").split() if t
        )
    else:
        tokens = text_or_tokens
    cards = []
    for position, token in enumerate(tokens):
        card = _CARDS.get(token) if isinstance(token, str) else None
        if card is None:
            raise ValueError(
                f"bad card {token!r} at position {position}: expected a value from "
                f"234567890JQKA then a suit from SHDC (e.g. 0C, AS), or ZZ"
            )
        cards.append(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Cards written with single spaces, as parlour writes them (``"AS 0C ZZ"``)."""
    return " ".join(c.text for c in cards)


def all_cards(jokers: bool = False) -> List[Card]:
    """The 52 standard cards in index order, and the Joker last if ``jokers``."""
    cards = [c for c in _CARDS.values() if not c.is_joker]
    cards.sort()
    if jokers:
        cards.append(JOKER)
    return cards


def optional_card(token: Optional[str]) -> Optional[Card]:
    """``parse_card(token)``, or ``None`` for a JSON ``null``."""
    return None if token is None else parse_card(token)
