"""Runs a COMP 202 (Summer 2020) ``UnoAI`` class unchanged as a parlour bot.

The course's interface (``seeds/uno.txt``)::

    class UnoAI:
        def play(self, hand, up_card, called_color, game_state): ...  # index into hand, or -1
        def call_color(self, hand): ...                                # 'red', 'green', ...

Command line::

    python3 -m parlour_bot.uno_seed path/to/student_ai.py

imports the file (its folder first on ``sys.path``) and runs its class ``UnoAI``. If there is no
``card.py`` beside it, ``import card`` / ``from card import COLORS, RANKS, Card`` give this
module, so a file written against the course's ``card.py`` imports as it did there.

**Cards** (:class:`Card`) have exactly the seed's three attributes:

- ``color``: one of :data:`COLORS` = ``['red', 'green', 'blue', 'yellow', 'none']``; the wilds'
  colour is ``'none'``;
- ``rank``: one of :data:`RANKS` = ``['number', 'skip', 'reverse', 'draw 2', 'wild', 'draw 4']``
  (``'wild'`` is the plain Wild, ``'draw 4'`` the Wild Draw Four);
- ``number``: 0..9 when ``rank == 'number'``, else ``-1``.

``called_color`` is the colour name called on the wild up card, or ``'none'`` when the up card
is not a wild. ``hand`` is in parlour's order (sorted by colour R, G, B, Y then rank; the wilds
last).

**game_state** has the seed's four methods; each list starts with the seat that plays
next in the current direction of play (``seat + 1`` clockwise, ``seat - 1`` counterclockwise)
and goes on round the table in that direction, as the course's own ``GameState`` orders them
(the seed's "assume that there was no skip or reverse played" leaves out only the card about to
be played):

- ``get_num_cards_in_hand_of_upcoming_players()``: hand sizes (also as
  ``get_num_cards_in_hands_of_upcoming_players()``, the spelling of Davies' Java interface,
  ``getNumCardsInHandsOfUpcomingPlayers``, and of its Python port, which students wrote
  against; the other three are spelt the same in all three);
- ``get_most_recent_color_called_by_upcoming_players()``: the colour each last called this
  round, ``'none'`` if it has not called one;
- ``get_total_score_of_upcoming_players()``: total scores in this game;
- ``get_played_cards()``: the cards played, in order, since the last reshuffle (or the round's
  start): the observation's ``discard`` pile without its bottom card. That bottom card was
  either turned up at the deal (not played) or is the up card left behind when the discards
  were turned over (played before the reshuffle). The current up card, when it was played, is
  the last card of the list.

**Answers.** ``play`` returning -1 is ``draw``; an index plays that card of ``hand``; for a wild
the adapter calls ``call_color(hand)`` with the hand less that card and sends ``W:<letter>`` /
``W+4:<letter>``. After a draw parlour asks again (``deciding_after_draw``): ``play`` is called
again with the new hand; the index of the drawn card plays it, -1 is ``pass`` (keep it). An
answer that is not legal is sent anyway, never fixed: parlour records an ``illegal`` fault and
plays a random legal action instead, just as the course's ``tests.py`` would have failed it.
When the answer cannot even be written as an action (an index outside the hand, a non-integer,
a colour that is not one of the four names), the adapter sends a line describing it, which
parlour cannot parse and so records as ``illegal`` with that text; it also logs it.

A new ``UnoAI`` object is made for every game (parlour's protocol forbids carrying one game's
hidden cards into the next); one object plays all the rounds of a game.
"""

from __future__ import annotations

import importlib.util
import operator
import os
import sys
from typing import Any, List, Optional, Sequence, Type

from .protocol import run
from .uno import COLOR_NAMES, UnoAction, UnoBot, UnoCard, UnoObservation

__all__ = ["COLORS", "RANKS", "Card", "GameState", "SeedAdapter", "run_seed_ai", "load_ai_class",
           "main"]

#: Colour names; ``'none'`` is the wilds' colour, and ``called_color`` when nothing is called.
COLORS: List[str] = ["red", "green", "blue", "yellow", "none"]
#: Rank names, as the seed writes them.
RANKS: List[str] = ["number", "skip", "reverse", "draw 2", "wild", "draw 4"]

_RANK_OF = {"S": "skip", "R": "reverse", "+2": "draw 2", "W": "wild", "W+4": "draw 4"}
_LETTER_OF_NAME = {name: letter for letter, name in COLOR_NAMES.items()}


class Card:
    """A card as the course's code shows it: ``color``, ``rank``, ``number``."""

    __slots__ = ("color", "rank", "number")

    def __init__(self, color: str, rank: str, number: int = -1) -> None:
        self.color = color
        self.rank = rank
        self.number = number

    @classmethod
    def of(cls, card: UnoCard) -> "Card":
        """The seed-style card for one of parlour's cards."""
        if card.number is not None:
            return cls(COLOR_NAMES[card.color or ""], "number", card.number)
        color = "none" if card.color is None else COLOR_NAMES[card.color]
        return cls(color, _RANK_OF[card.rank], -1)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.color, self.rank, self.number) == (other.color, other.rank, other.number)

    def __hash__(self) -> int:
        return hash((self.color, self.rank, self.number))

    def __str__(self) -> str:
        if self.rank == "number":
            return f"{self.color} {self.number}"
        if self.color == "none":
            return "wild" if self.rank == "wild" else "wild draw 4"
        return f"{self.color} {self.rank}"

    def __repr__(self) -> str:
        return f"Card({self.color!r}, {self.rank!r}, {self.number})"


class GameState:
    """The seed's ``GameState``: four queries (one also under a second spelling), each ordered
    from the next seat on in the current direction of play."""

    def __init__(self, observation: UnoObservation) -> None:
        self._obs = observation

    def get_num_cards_in_hand_of_upcoming_players(self) -> List[int]:
        """Hand sizes of the upcoming seats: the next in the current direction, then on."""
        o = self._obs
        return [o.hand_sizes[s] for s in o.upcoming_players()]

    def get_num_cards_in_hands_of_upcoming_players(self) -> List[int]:
        """:meth:`get_num_cards_in_hand_of_upcoming_players` as Davies' Java interface
        (``getNumCardsInHandsOfUpcomingPlayers``) and its Python port spell it: code written
        against either runs unchanged."""
        return self.get_num_cards_in_hand_of_upcoming_players()

    def get_most_recent_color_called_by_upcoming_players(self) -> List[str]:
        """The colour each upcoming seat last called this round, ``'none'`` if none yet."""
        o = self._obs
        return [COLOR_NAMES[c] if c is not None else "none"
                for c in (o.last_called[s] for s in o.upcoming_players())]

    def get_total_score_of_upcoming_players(self) -> List[int]:
        """Total scores of the upcoming seats, in the same order."""
        o = self._obs
        return [o.scores[s] for s in o.upcoming_players()]

    def get_played_cards(self) -> List[Card]:
        """Cards played, in order, since the last reshuffle (or the round's start)."""
        return [Card.of(c) for c in self._obs.played_cards()]


def _log(message: str) -> None:
    print(f"uno_seed: {message}", file=sys.stderr, flush=True)


class SeedAdapter(UnoBot):
    """A parlour Uno bot that asks a seed-interface ``UnoAI`` object for each decision."""

    def __init__(self, ai_class: Type[Any], name: str = "") -> None:
        self.ai_class = ai_class
        self.ai: Any = None
        self.name = name or getattr(ai_class, "__name__", "UnoAI")

    def on_start(self, seat: int, seed: int, index: int) -> None:
        self.ai = self.ai_class()

    def act(self, observation: UnoObservation, legal: List[UnoAction]) -> str:
        if self.ai is None:  # an act before any start: be forgiving, make the player now
            self.ai = self.ai_class()
        o = observation
        hand = [Card.of(c) for c in o.hand]
        up = Card.of(o.up_card)
        called = "none" if o.called_color is None else COLOR_NAMES[o.called_color]
        choice = self.ai.play(hand, up, called, GameState(o))
        return self.translate(o, choice)

    def translate(self, o: UnoObservation, choice: Any) -> str:
        """The action text for ``play``'s answer ``choice`` (see the module documentation)."""
        try:
            index = operator.index(choice)
        except TypeError:
            index = None
        if index is None or isinstance(choice, bool):
            return self._unwritable(f"play() returned {choice!r}, not a hand index or -1")
        if index == -1:
            return "pass" if o.deciding_after_draw else "draw"
        if not 0 <= index < len(o.hand):
            return self._unwritable(
                f"play() returned {index}, not an index into a hand of {len(o.hand)} cards or -1")
        card = o.hand[index]
        if not card.is_wild:
            return card.text
        rest = [Card.of(c) for i, c in enumerate(o.hand) if i != index]
        color = self.call_color(rest)
        letter = _LETTER_OF_NAME.get(color) if isinstance(color, str) else None
        if letter is None:
            return self._unwritable(
                f"call_color() returned {color!r}, not 'red', 'green', 'blue' or 'yellow'")
        return f"{card.text}:{letter}"

    def call_color(self, rest: List[Card]) -> Any:
        """The ``UnoAI`` object's ``call_color`` for the hand left after a wild."""
        return self.ai.call_color(rest)

    @staticmethod
    def _unwritable(why: str) -> str:
        _log(f"{why}; sent as an illegal answer")
        return why


def run_seed_ai(ai_class: Type[Any], name: str = "", stdin: Any = None, stdout: Any = None) -> None:
    """Plays parlour's protocol with ``ai_class`` (a seed-interface ``UnoAI`` class)."""
    run(SeedAdapter(ai_class, name), stdin=stdin, stdout=stdout)


def provide_card_module(folder: str) -> None:
    """Without a ``card.py`` in the student's ``folder``, ``import card`` gives this module
    (``COLORS``, ``RANKS``, ``Card``), as the course's own files provided."""
    if not os.path.exists(os.path.join(folder, "card.py")) and "card" not in sys.modules:
        sys.modules["card"] = sys.modules[__name__]


def load_ai_class(path: str, class_name: str = "UnoAI") -> Type[Any]:
    """Imports the file ``path`` and returns its class ``class_name``.

    The file's folder goes first on ``sys.path`` (so its own imports work); without a
    ``card.py`` there, ``import card`` gives this module (``COLORS``, ``RANKS``, ``Card``).
    """
    path = os.path.abspath(path)
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no such file: {path}")
    folder = os.path.dirname(path)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    provide_card_module(folder)
    module_name = os.path.splitext(os.path.basename(path))[0] or "student_ai"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(module_name, module)
    spec.loader.exec_module(module)
    try:
        return getattr(module, class_name)
    except AttributeError:
        raise AttributeError(f"{path} defines no class {class_name}") from None


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python3 -m parlour_bot.uno_seed FILE [CLASS]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not 1 <= len(args) <= 2 or args[0] in ("-h", "--help"):
        print("usage: python3 -m parlour_bot.uno_seed path/to/student_ai.py [CLASS]\n"
              "Runs the file's UnoAI class (or CLASS) as a parlour Uno bot on stdin/stdout.",
              file=sys.stderr)
        return 2
    class_name = args[1] if len(args) == 2 else "UnoAI"
    # Importing runs the student's top-level code: keep its prints off the protocol stream.
    saved, sys.stdout = sys.stdout, sys.stderr
    try:
        ai_class = load_ai_class(args[0], class_name)
    finally:
        sys.stdout = saved
    run_seed_ai(ai_class, name=f"{class_name} ({os.path.basename(args[0])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
