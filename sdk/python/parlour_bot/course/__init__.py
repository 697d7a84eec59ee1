"""Students' bots, written against each course's own Python interface, run unchanged::

    python3 -m parlour_bot.course GAME path/to/student_bot.py

GAME is ``uno`` (COMP 202's ``UnoAI`` class; see :mod:`parlour_bot.uno_seed`), ``go``
(COMP10001's ``comp10001go_play``), ``phased`` (COMP10001's ``phasedout_play``), ``bo``
(COMP10001's ``comp10001bo_play``), or ``chexers`` (COMP30024's ``Player`` class). The file is
imported afresh for every game (its folder first on ``sys.path``), so module-level state lasts a
game, as it did under the course's driver; the adapter builds each call's arguments from the
seat's observation alone (``docs/course-bots.md`` gives every argument's encoding and source).

**Bad behaviour is a fault, never a crash.** An exception in the student's code, an answer that
is not a legal action (or not even of the right type), a call that runs past its time, or text
printed to standard output is logged to standard error — parlour's bot log — with the module's
traceback, and answered with a line describing it, which parlour cannot read as an action and so
records as an ``illegal`` fault (with that text) before playing a random legal action instead.
The adapter itself goes on to the next decision.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import itertools
import os
import signal
import sys
import traceback
from types import ModuleType
from typing import Any, Callable, Optional, Sequence

from ..protocol import Bot

__all__ = ["CourseBot", "CourseError", "load_module", "call_student", "main", "GAMES"]

#: The games that have an adapter, and the course interface each runs.
GAMES = {
    "uno": "COMP 202's UnoAI class (play, call_color)",
    "go": "COMP10001's comp10001go_play(discard_history, player_no, hand)",
    "phased": "COMP10001's phasedout_play(player_id, table, turn_history, phase_status, hand, "
              "discard)",
    "bo": "COMP10001's comp10001bo_play(player_no, hand, stockpiles, discard_piles, build_piles, "
          "play_history)",
    "chexers": "COMP30024's Player class (__init__(colour), action(), update(colour, action))",
}

_loads = itertools.count()


class CourseError(Exception):
    """The student's code misbehaved: the reason, already logged with its traceback."""


def log(message: str) -> None:
    """A line in the bot log (standard error)."""
    print(f"parlour_bot.course: {message}", file=sys.stderr, flush=True)


def load_module(path: str) -> ModuleType:
    """Imports the file ``path`` as a fresh module (its folder first on ``sys.path``); its
    top-level prints go to the bot log."""
    path = os.path.abspath(path)
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no such file: {path}")
    folder = os.path.dirname(path)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    stem = os.path.splitext(os.path.basename(path))[0] or "student_bot"
    spec = importlib.util.spec_from_file_location(f"{stem}_{next(_loads)}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    with contextlib.redirect_stdout(sys.stderr):
        spec.loader.exec_module(module)
    return module


class _Timeout(BaseException):
    """Raised inside the student's code when its call runs out of time."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise _Timeout()


def call_student(what: str, fn: Callable[..., Any], *args: Any,
                 limit_ms: int = 0) -> Any:
    """Calls the student's ``fn(*args)``. Raises :class:`CourseError` (after logging the
    traceback) when it raises, prints to standard output, or runs past ``limit_ms`` (when
    given, on systems with ``SIGALRM``)."""
    captured = io.StringIO()
    timed = limit_ms > 0 and hasattr(signal, "setitimer")
    if timed:
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, limit_ms / 1000.0)
    try:
        with contextlib.redirect_stdout(captured):
            result = fn(*args)
    except _Timeout:
        log(f"{what} ran past its {limit_ms} ms")
        raise CourseError(f"{what} ran past its {limit_ms} ms") from None
    except Exception as e:  # noqa: BLE001 - any failure of the student's code is a fault
        log(f"{what} raised:\n{traceback.format_exc()}")
        raise CourseError(f"{what} raised {type(e).__name__}: {e}") from None
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    printed = captured.getvalue()
    if printed:
        log(f"{what} printed to standard output:\n{printed.rstrip()}")
        raise CourseError(f"{what} printed to standard output ({len(printed)} characters)")
    return result


def fault_answer(error: CourseError) -> str:
    """The answer that makes parlour record the fault: a line that is no action, saying why."""
    return f"course bot fault: {error}"


def decision_limit_ms(bot: Any) -> int:
    """The time the student's call may take: what parlour allows the decision, less a margin
    for the adapter (0: no limit)."""
    limit = int(getattr(bot, "time_limit_ms", 0) or 0)
    return max(limit - 50, 1) if limit else 0


class CourseBot(Bot):
    """A bot running a student's file: the module is imported afresh at each game's start, and
    :meth:`student` finds the course's entry point in it (or says why it cannot)."""

    #: The course's entry point (a function or class name) that this adapter calls. (The kit's
    #: protocol loop sets ``entry`` itself, to the entry's name in the tournament.)
    course_entry = ""

    def __init__(self, path: str) -> None:
        self.path = path
        self.module: Optional[ModuleType] = None
        self.load_error: Optional[str] = None
        self.name = f"{self.course_entry} ({os.path.basename(path)})"

    def on_start(self, seat: int, seed: int, index: int) -> None:
        try:
            self.module = load_module(self.path)
            self.load_error = None
        except Exception as e:  # noqa: BLE001 - a module that fails to import is a fault
            log(f"importing {self.path} failed:\n{traceback.format_exc()}")
            self.module, self.load_error = None, f"{type(e).__name__}: {e}"

    def student(self, seat: int, entry: str = "") -> Callable[..., Any]:
        """The module's entry point (``course_entry``, or the one named ``entry`` for a course
        with more than one); raises :class:`CourseError` when there is none."""
        name = entry or self.course_entry
        if self.module is None and self.load_error is None:
            self.on_start(seat, 0, 0)
        if self.module is None:
            raise CourseError(f"the module does not import ({self.load_error})")
        found = getattr(self.module, name, None)
        if not callable(found):
            raise CourseError(f"the module defines no {name}")
        return found


def make_adapter(game: str, path: str) -> Any:
    """The adapter bot for ``game`` running the file ``path``."""
    if game == "uno":
        from .uno import UnoCourseBot
        return UnoCourseBot(path)
    if game == "go":
        from .go import GoCourseBot
        return GoCourseBot(path)
    if game == "phased":
        from .phased import PhasedCourseBot
        return PhasedCourseBot(path)
    if game == "bo":
        from .bo import BoCourseBot
        return BoCourseBot(path)
    if game == "chexers":
        from .chexers import ChexersCourseBot
        return ChexersCourseBot(path)
    raise ValueError(f"no course adapter for {game!r} (adapters: {', '.join(GAMES)})")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python3 -m parlour_bot.course GAME FILE``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] in ("-h", "--help") or args[0] not in GAMES:
        lines = [f"  {g:<8} {what}" for g, what in GAMES.items()]
        print("usage: python3 -m parlour_bot.course GAME path/to/student_bot.py\n"
              "Runs a student's bot, written against the course's own interface, as a parlour "
              "bot on stdin/stdout. GAME:\n" + "\n".join(lines), file=sys.stderr)
        return 2
    game, path = args
    if not os.path.isfile(path):
        print(f"parlour_bot.course: no such file: {path}", file=sys.stderr)
        return 2
    from ..protocol import run
    run(make_adapter(game, path))
    return 0
