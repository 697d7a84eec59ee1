"""Python bots in-process: the adapter that calls a bot exactly as the protocol loop of the
``parlour_bot`` kit does (``parlour_bot.run``), so one bot class plays the same whether parlour
runs it as a program (``cmd:python3 my_bot.py``) or calls it here.

A bot is any object with ``act(observation, legal)`` returning one of ``legal``, its text, or
its int position in ``legal``. The kit's optional hooks are honoured: ``parse_observation``,
``parse_legal``, ``parse_action``, ``on_start(seat, seed, index)``, ``on_event(seat, action)``
and ``on_result(result)``; before each game the bot's ``seat``, ``rng`` (a ``random.Random``
seeded with the game's bot seed) and the global ``random`` seed are set as the kit sets them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Dict, List, Optional

try:  # The kit's own result type, when the kit is installed.
    from parlour_bot.protocol import GameResult  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - exercised only without the kit

    @dataclass(frozen=True)
    class GameResult:  # type: ignore[no-redef]
        """A finished game, as the kit's ``GameResult``."""

        returns: List[float]
        winners: List[int]
        observation: Any
        faults: int
        forfeited: bool


def _overrides(bot: Any, name: str) -> bool:
    """Whether ``bot`` defines hook ``name`` beyond the kit's empty default."""
    hook = getattr(type(bot), name, None)
    if hook is None:
        return False
    try:
        from parlour_bot.protocol import Bot as KitBot  # type: ignore[import-not-found]
    except ImportError:
        return True
    return hook is not getattr(KitBot, name, None)


def encode_answer(answer: Any, legal_len: int) -> Any:
    """What ``act`` returned, as an action's text or an int index (the kit's ``_encode``); the
    kit's ``Faulted(answer, why)`` as the pair ``(encoded answer, why)``, which parlour records
    as a ``reported`` fault before taking the answer."""
    why = getattr(answer, "why", None)
    if isinstance(why, str) and hasattr(answer, "answer"):
        return (encode_answer(answer.answer, legal_len), why)
    text = getattr(answer, "text", None)
    if isinstance(text, str):
        return text
    if isinstance(answer, str):
        return answer
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    raise TypeError(
        f"act() returned {answer!r} ({type(answer).__name__}); expected one of the legal "
        f"actions, its text, or its int position in legal (0..{legal_len - 1})")


class Adapter:
    """Calls one bot for one game (the tournament makes one adapter a game)."""

    def __init__(self, bot: Any, game: str, options: Dict[str, Any], players: int,
                 label: str) -> None:
        self.bot = bot
        self.events = _overrides(bot, "on_event")
        for name, value in (("options", options), ("players", players), ("entry", label),
                            ("limits", {}), ("time_limit_ms", 0), ("bank_ms", 0)):
            try:
                setattr(bot, name, value)
            except AttributeError:  # a bot with __slots__ or read-only properties
                pass
        self.game = game

    def start(self, seat: int, seed: int, index: int) -> None:
        bot = self.bot
        try:
            bot.seat = seat
            bot.rng = random.Random(seed)
        except AttributeError:
            pass
        random.seed(seed)
        if hasattr(bot, "on_start"):
            bot.on_start(seat, seed, index)

    def act(self, observation: Any, legal: List[str]) -> Any:
        bot = self.bot
        obs = bot.parse_observation(observation) if hasattr(bot, "parse_observation") else observation
        parsed = bot.parse_legal(legal) if hasattr(bot, "parse_legal") else legal
        return encode_answer(bot.act(obs, parsed), len(legal))

    def event(self, seat: int, action: Optional[str]) -> None:
        if not self.events:
            return
        bot = self.bot
        parsed = None if action is None else (
            bot.parse_action(action) if hasattr(bot, "parse_action") else action)
        bot.on_event(seat, parsed)

    def finish(self, returns: List[float], winners: List[int], observation: Any,
               faults: int = 0) -> None:
        bot = self.bot
        if not hasattr(bot, "on_result"):
            return
        obs = bot.parse_observation(observation) if hasattr(bot, "parse_observation") else observation
        bot.on_result(GameResult(returns=[float(x) for x in returns],
                                 winners=[int(s) for s in winners], observation=obs,
                                 faults=int(faults), forfeited=False))
