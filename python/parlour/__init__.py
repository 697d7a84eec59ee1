"""parlour: Uno, Comp10001-Go, Phased Out, Comp10001-Bo and Chexers, exactly by their rules, as
fast in-process simulators for Python.

::

    import parlour

    game = parlour.game("uno", players=4)
    state = game.new_state(seed=7)
    bot = parlour.bot("uno", "heuristic", seed=1)
    while not state.is_terminal:
        state.apply(bot.act(state))
    print(state.returns())

- :func:`game` makes a :class:`Game` (any game and variant, by name and options); its
  :class:`State` has legal actions as text, ``apply``, the seat to act, returns, each seat's
  observation as the protocol's dict (``observation``) and as numbers (``observation_tensor``),
  action tokens with a legal mask (``legal_mask``, ``apply_token``), ``resample`` from a seat's
  view, ``clone`` and a saved form (``to_json`` / :func:`load_state`). :func:`replay` replays a
  trace.
- :func:`bot` makes a built-in bot; :func:`tournament` runs a tournament and returns the
  standings dict ``parlour tournament --format json`` prints; Python bots (the ``parlour_bot``
  kit's classes, or any object with ``act(observation, legal)``) play in-process.
- ``Game.batch`` steps many games at once in Rust with the GIL released (numpy in and out).
- :mod:`parlour.pettingzoo` (AEC environments) and :mod:`parlour.gym` (Gymnasium environments,
  registered as ``parlour/<game>-v0``) need the extra ``envs``; :mod:`parlour.rules` holds the
  rule libraries; ``python -m parlour.bench`` measures speed.

Every error is a :class:`ParlourError` (a ``ValueError``) subclass carrying the command line's
message; the tensor layouts are in ``docs/encodings.md``.
"""

from __future__ import annotations

import importlib.util
import json
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _parlour
from ._parlour import (ActionError, Batch, Bot, BotError, CardError, Game, GameOverError,
                       IllegalActionError, ObservationError, OptionsError, ParlourError, RuleError,
                       SeatError, ShapeError, State, StateError, TournamentError, TraceError,
                       UnknownGameError)

__all__ = [
    "rules", "game", "games", "bot", "bots", "tournament", "load_state", "replay", "play",
    "Game", "State", "Bot", "Batch",
    "ParlourError", "UnknownGameError", "OptionsError", "ActionError", "IllegalActionError",
    "ObservationError", "StateError", "TraceError", "BotError", "SeatError", "GameOverError",
    "TournamentError", "ShapeError", "CardError", "RuleError",
]
__version__ = "0.1.0"


def game(name: str, **options: Any) -> Game:
    """The game ``name`` (``uno``, ``go``, ``phased``, ``bo``, ``chexers``, ``nim``) with these
    options over its defaults, e.g. ``game("phased", variant="bonus")``, ``game("uno",
    players=3)``. Bad options raise :class:`OptionsError` with the command line's message."""
    try:
        text = json.dumps(options)
    except TypeError as e:
        raise OptionsError(f"options must be JSON values: {e}") from None
    return Game(name, text)


def games() -> List[Dict[str, Any]]:
    """Every game's fixed facts (name, title, players, variants, score unit, ...)."""
    return _parlour.games()


def _as_game(g: Union[str, Game], options: Dict[str, Any]) -> Game:
    if isinstance(g, Game):
        if options:
            raise OptionsError("options go with a game's name, not with a Game already made")
        return g
    return game(g, **options)


def bot(g: Union[str, Game], spec: str, seed: int = 0, **options: Any) -> Bot:
    """A built-in bot by its command-line name (``random``, ``heuristic``,
    ``ismcts:iters=400``) for game ``g`` (a name, with options, or a :class:`Game`)."""
    return _as_game(g, options).bot(spec, seed)


def bots(g: Union[str, Game], **options: Any) -> List[Tuple[str, str]]:
    """The built-in bots of a game: (name, what it is) pairs."""
    return _as_game(g, options).bots()


def load_state(text: str) -> State:
    """The state ``State.to_json`` saved."""
    return State.from_json(text)


def replay(trace: str) -> Tuple[Game, List[State], List[str]]:
    """A trace (as ``parlour play --trace`` writes it) checked line by line and replayed:
    (game, states from the deal to the end, actions)."""
    return _parlour.replay(trace)


def _label(entry: Any) -> str:
    name = getattr(entry, "name", "") or ""
    if not isinstance(name, str) or not name:
        name = entry.__name__ if isinstance(entry, type) else type(entry).__name__
    return name


def tournament(g: Union[str, Game], bots: Optional[Sequence[Any]] = None,
               games: Optional[int] = None, seed: int = 1, jobs: int = 1,
               duplicate: Optional[bool] = None, **options: Any) -> Dict[str, Any]:
    """Runs a tournament and returns its standings: the dict ``parlour tournament --format
    json`` prints for the same game, entries, games and seed.

    ``bots`` are built-in bot names (``"heuristic"``, ``"ismcts:iters=200"``) and Python bots:
    a bot class (or any zero-argument callable making a bot), made afresh for every game, and
    entered under its ``name`` attribute or class name. Python bots are called in-process with
    what an external program would be sent; an exception or an illegal answer is a fault, and
    the seat plays a random legal action instead, as it would for a program. None: the game's
    own bots and random ones, as the command line enters."""
    gm = _as_game(g, options)
    return gm.tournament(_entries(gm, bots or [], fresh=True), games, seed, jobs, duplicate)


def _entries(gm: Game, bots: Sequence[Any], fresh: bool) -> List[Any]:
    """Bot names as they are; Python bots as (label, factory of an in-process adapter). With
    ``fresh``, a class (or other callable) makes a new bot for each game; otherwise an object
    is seated as it is (a class is made once)."""
    from ._inprocess import Adapter

    entries: List[Any] = []
    for entry in bots:
        if isinstance(entry, str):
            entries.append(entry)
            continue
        if fresh and not callable(entry):
            raise TournamentError(
                f"{entry!r}: enter a bot name or a bot class (made afresh for each game)")
        if not fresh and isinstance(entry, type):
            entry = entry()
        label = _label(entry)

        def make(entry: Any = entry, label: str = label) -> Adapter:
            bot = entry() if fresh else entry
            return Adapter(bot, gm.name, gm.options, gm.num_players, label)

        entries.append((label, make))
    return entries


def play(g: Union[str, Game], seats: Sequence[Any], seed: int = 0,
         **options: Any) -> State:
    """Plays one game dealt from ``seed`` between ``seats`` and returns the final state (its
    ``history`` holds the actions). Seats are built-in bot names or Python bots (objects, or
    classes made once), called in-process as :func:`tournament` calls them. Built-in bots are
    seeded as ``parlour play --seats ... --seed`` seeds them, so the game is the one that
    command plays."""
    gm = _as_game(g, options)
    return gm.play(_entries(gm, seats, fresh=False), seed)


from . import rules  # noqa: E402  (the rule libraries, as parlour.rules)

# Gymnasium's environments are registered when Gymnasium is installed.
if importlib.util.find_spec("gymnasium") is not None:  # pragma: no branch
    from . import gym as _gym  # noqa: F401
