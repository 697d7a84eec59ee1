"""What every game's typed action has in common, and lookups over a legal list.

Each game parses parlour's action strings into a frozen dataclass derived from :class:`Action`:
it keeps the exact text (what goes back to parlour) and a ``kind`` (``"draw"``, ``"play"``,
``"lay"``, ...), plus the game's own fields. A bot may answer with the object or its text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, List, Optional, Sequence, TypeVar, Union

__all__ = ["Action", "find", "of_kind", "texts"]


@dataclass(frozen=True)
class Action:
    """A legal action: its text form (sent to parlour) and its kind."""

    #: The action exactly as parlour writes it, e.g. ``"W:B"``, ``"lay 2S 2S AH / 7H 7S 7D"``.
    text: str
    #: What sort of action it is; each game lists its kinds.
    kind: str

    def __str__(self) -> str:
        return self.text


A = TypeVar("A", bound=Action)


def find(legal: Sequence[A], action: Union[str, Action]) -> Optional[A]:
    """The legal action whose text is ``action`` (or ``action.text``), or ``None``.

    Use it to check a plan against what is legal now before answering with it.
    """
    text = action.text if isinstance(action, Action) else action
    for a in legal:
        if a.text == text:
            return a
    return None


def of_kind(legal: Iterable[A], *kinds: str) -> List[A]:
    """The legal actions of the given kinds, in parlour's order."""
    return [a for a in legal if a.kind in kinds]


def texts(legal: Iterable[Action]) -> List[str]:
    """The text forms, e.g. for logging."""
    return [a.text for a in legal]
