"""Students' bots, written against each course's own Python interface, run unchanged::

    python3 -m parlour_bot.course GAME path/to/student_bot.py
    python3 -m parlour_bot.course GAME path/to/team          # a package folder

GAME is ``uno`` (COMP 202's ``UnoAI`` class; see :mod:`parlour_bot.uno_seed`), ``go``
(COMP10001's ``comp10001go_play``), ``phased`` (COMP10001's ``phasedout_play``), ``bo``
(COMP10001's ``comp10001bo_play``), or ``chexers`` (COMP30024's ``Player`` class). The
adapter builds each call's arguments from the seat's observation alone (``docs/course-bots.md``
gives every argument's encoding and source).

**What is imported.** PATH is one of:

- a lone file (``alice.py``, in a folder without ``__init__.py``): imported as a module of its
  own, its folder first on ``sys.path`` (so it imports files beside it);
- a package folder (``team/``, holding ``__init__.py``): imported by its name, ``team``, with
  the folder above it first on ``sys.path``, as COMP30024's referee imported a submission
  (``importlib.import_module("team")``, then ``team.Player``); its modules import each other
  absolutely (``from team.util import x``) or relatively (``from .util import x``);
- a file inside a package (``team/__init__.py``, ``team/player.py``): imported as ``team`` or
  ``team.player`` the same way. The entry point is looked for in that module, then in the
  package (``team/__init__.py`` re-exporting ``from .player import ExamplePlayer as Player``).

A folder that is not a package, or a package that cannot be imported, is a fault at each
decision, with the reason, never a crash.

**Each game in a fresh interpreter**, as the courses ran one process per game: the adapters set
``fork_per_game``, so the protocol loop forks at each ``start`` and the game (the import, every
call) runs in a child that exits after the ``result``; the parent never imports the student's
code. Module-level state (a global board, a list of moves seen) lasts exactly a game. Where the
loop cannot fork (Windows, in-memory test streams), the adapter instead removes from
``sys.modules`` every module loaded from the submission (its package, or its file's folder)
before importing it afresh at each game.

**Printing is allowed**, as the course drivers allowed it: what the student's code writes to
standard output — at import or in any call — goes to the bot log (standard error), each line
prefixed with the call that printed it, and its answer stands.

**Bad behaviour is a fault, never a crash.** An exception in the student's code, an answer that
is not a legal action (or not even of the right type), or a call that runs past its time is
logged to standard error — parlour's bot log — with the module's traceback, and answered with a
line describing it, which parlour cannot read as an action and so records as an ``illegal``
fault (with that text) before playing a random legal action instead. The adapter itself goes
on to the next decision. (A game's process that dies outright — ``os._exit``, a signal, the
memory limit — ends the program with status 1, which parlour records as ``exited``; it starts
a fresh copy for the next game.)
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import io
import itertools
import os
import signal
import sys
import threading
import time
import traceback
from types import ModuleType
from typing import Any, Callable, List, Optional, Sequence, Set, Tuple

from ..protocol import Bot

__all__ = ["CourseBot", "CourseError", "Deadline", "load_module", "call_student", "is_int",
           "main", "GAMES"]

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
#: The modules loaded before any submission: never purged (the kit, the standard library).
_baseline: Optional[Set[str]] = None


class CourseError(Exception):
    """The student's code misbehaved: the reason, already logged with its traceback."""


def is_int(x: Any) -> bool:
    """Whether ``x`` is an ``int`` as a course meant one (``True`` and ``False`` are not: a
    player number or a position is never a bool)."""
    return isinstance(x, int) and not isinstance(x, bool)


def log(message: str) -> None:
    """A line in the bot log (standard error)."""
    print(f"parlour_bot.course: {message}", file=sys.stderr, flush=True)


class _PrintLog(io.TextIOBase):
    """Standard output while the student's code runs: each line it writes goes to the bot log
    (standard error) as it is written, prefixed with ``what`` printed it."""

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what
        self.lines = 0
        self._partial = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._partial += text
        *whole, self._partial = self._partial.split("\n")
        for line in whole:
            self._emit(line)
        return len(text)

    def _emit(self, line: str) -> None:
        self.lines += 1
        print(f"parlour_bot.course: {self.what} printed to standard output: {line}",
              file=sys.stderr, flush=True)

    def flush(self) -> None:
        pass

    def finish(self) -> None:
        """Logs the last line, if it had no newline."""
        if self._partial:
            self._emit(self._partial)
            self._partial = ""


class Submission:
    """What PATH names: how to import it, and which folder its modules live in.

    ``search`` goes first on ``sys.path``; ``name`` is the dotted module name to import (``None``
    for a lone file, imported under a name of its own); ``root`` is the folder holding every
    module of the submission (the package, or the lone file's folder), whose modules are purged
    between games."""

    def __init__(self, path: str) -> None:
        self.path = os.path.abspath(path)
        self.name: Optional[str] = None
        if os.path.isdir(self.path):
            if not os.path.isfile(os.path.join(self.path, "__init__.py")):
                raise ImportError(
                    f"{self.path} is a folder but not a Python package (it has no "
                    f"__init__.py): give the package folder, or the bot's .py file")
            # The folder named is the package, imported by its name (as the referee did).
            top, parts = self.path, []
        elif os.path.isfile(self.path):
            folder, base = os.path.split(self.path)
            stem = os.path.splitext(base)[0]
            if not os.path.isfile(os.path.join(folder, "__init__.py")):
                self.search = self.root = folder
                return
            # A file inside a package: its package, up to the last folder with __init__.py.
            top, parts = folder, ([] if stem == "__init__" else [stem])
            while True:
                above = os.path.dirname(top)
                if above == top or not os.path.isfile(os.path.join(above, "__init__.py")):
                    break
                parts.insert(0, os.path.basename(top))
                top = above
        else:
            raise FileNotFoundError(f"no such file or folder: {self.path}")
        parts.insert(0, os.path.basename(top))
        for part in parts:
            if not part or "." in part:
                raise ImportError(f"{part!r} (in {self.path}) cannot be a module name: rename it")
        self.name = ".".join(parts)
        self.search = os.path.dirname(top)
        self.root = top


def _module_paths(module: ModuleType) -> List[str]:
    """The files and folders a module was loaded from."""
    paths = []
    file = getattr(module, "__file__", None)
    if isinstance(file, str):
        paths.append(file)
    try:
        paths.extend(p for p in getattr(module, "__path__", None) or [] if isinstance(p, str))
    except TypeError:
        pass
    return paths


def _under(path: str, folder: str) -> bool:
    try:
        path, folder = os.path.realpath(path), os.path.realpath(folder)
        return os.path.commonpath([path, folder]) == folder
    except ValueError:  # different drives
        return False


def purge_modules(root: str) -> List[str]:
    """Removes from ``sys.modules`` every module loaded from ``root`` since the first
    submission was loaded (never the kit's), so that the next import runs them afresh; returns
    their names."""
    global _baseline
    if _baseline is None:
        _baseline = set(sys.modules)
    gone = []
    for name, module in list(sys.modules.items()):
        if name in _baseline or name.split(".")[0] == "parlour_bot" or module is None:
            continue
        if any(_under(p, root) for p in _module_paths(module)):
            del sys.modules[name]
            gone.append(name)
    importlib.invalidate_caches()
    return gone


def _claim_name(top: str) -> None:
    """Makes the package name ``top`` free to import: a module of that name that another
    submission loaded earlier in this process goes, with its submodules; one the kit or the
    standard library loaded first (a folder named ``json``) cannot be replaced."""
    taken = sys.modules.get(top)
    if taken is None:
        return
    if top in (_baseline or ()) or top == "parlour_bot":
        raise ImportError(
            f"the package name {top!r} is already a module "
            f"({getattr(taken, '__file__', None) or 'built in'}): rename the folder")
    for name in [n for n in sys.modules if n == top or n.startswith(top + ".")]:
        del sys.modules[name]


def load_module(path: str) -> ModuleType:
    """Imports ``path`` afresh — a lone file, a package folder, or a file in a package (see the
    module documentation) — after purging the submission's modules of an earlier game; its
    top-level prints go to the bot log."""
    sub = Submission(path)
    purge_modules(sub.root)
    if sub.search in sys.path:
        sys.path.remove(sub.search)
    sys.path.insert(0, sub.search)
    out = _PrintLog(f"importing {os.path.basename(sub.path)}")
    try:
        with contextlib.redirect_stdout(out):
            if sub.name is not None:
                _claim_name(sub.name.split(".")[0])
                return importlib.import_module(sub.name)
            stem = os.path.splitext(os.path.basename(sub.path))[0] or "student_bot"
            name = f"{stem}_{next(_loads)}"
            spec = importlib.util.spec_from_file_location(name, sub.path)
            if spec is None or spec.loader is None:
                raise ImportError(f"cannot import {sub.path}")
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module  # as an import would: dataclasses, pickle need it
            try:
                spec.loader.exec_module(module)
            except BaseException:
                sys.modules.pop(name, None)
                raise
            return module
    finally:
        out.finish()


def submission_folder(path: str) -> str:
    """The folder put first on ``sys.path`` for ``path`` (see :class:`Submission`)."""
    try:
        return Submission(path).search
    except (ImportError, OSError):
        return os.path.dirname(os.path.abspath(path))


class _Timeout(BaseException):
    """Raised inside the student's code when its call runs out of time."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise _Timeout()


def _can_time() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _timed(seconds: float, fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` under a one-shot ``SIGALRM`` timer of ``seconds`` (none when 0 or
    untimeable); raises :class:`_Timeout` when it fires. The timer is disarmed before this
    returns or raises, so no ``_Timeout`` can arrive later, while an error is being logged."""
    if seconds <= 0 or not _can_time():
        return fn(*args)
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return fn(*args)
        finally:
            # First thing, before anything (the caller's logging) can run slowly. The timer is
            # one-shot: if it fired just now, its _Timeout is the exception leaving here.
            signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.signal(signal.SIGALRM, previous)


#: The time the formatting of a student's exception may take (its ``__str__`` is their code).
_FORMAT_SECONDS = 1.0


def _describe(e: BaseException) -> Tuple[str, str]:
    """``(message, traceback)`` for the student's exception ``e``, within a time limit."""
    def both() -> Tuple[str, str]:
        try:
            text = str(e)
        except Exception:  # noqa: BLE001 - the student's __str__ may raise too
            text = "<its message could not be made>"
        return text, "".join(traceback.format_exception(type(e), e, e.__traceback__))
    try:
        return _timed(_FORMAT_SECONDS, both)
    except _Timeout:
        why = f"<its message took over {_FORMAT_SECONDS:g} s to make>"
        return why, f"{type(e).__name__}: {why}\n"


class Deadline:
    """One decision's time, shared by every call of the student's code it makes (Chexers:
    the pending ``update`` calls and the ``action()``), so that together they stay within
    parlour's limit."""

    def __init__(self, limit_ms: int) -> None:
        self.limit_ms = limit_ms
        self.ends = time.monotonic() + limit_ms / 1000.0 if limit_ms > 0 else None

    def left_s(self) -> Optional[float]:
        """Seconds left (``None``: no limit)."""
        return None if self.ends is None else self.ends - time.monotonic()


def call_student(what: str, fn: Callable[..., Any], *args: Any,
                 limit_ms: int = 0, deadline: Optional[Deadline] = None) -> Any:
    """Calls the student's ``fn(*args)``. Raises :class:`CourseError` (after logging the
    traceback) when it raises, or runs past ``limit_ms`` or past ``deadline`` (when given, on
    systems with ``SIGALRM``). What it prints goes to the bot log, a line at a time, prefixed
    with ``what``; printing is no fault."""
    seconds = limit_ms / 1000.0 if limit_ms > 0 else 0.0
    over = f"{what} ran past its {limit_ms} ms"
    if deadline is not None and deadline.ends is not None:
        left = deadline.left_s() or 0.0
        over = (f"{what} ran past the decision's {deadline.limit_ms} ms (shared by the "
                f"decision's calls)")
        if left <= 0.001:
            log(f"{what} was not called: the calls before it used up the decision's "
                f"{deadline.limit_ms} ms")
            raise CourseError(over)
        seconds = min(seconds, left) if seconds else left
    out = _PrintLog(what)
    try:
        with contextlib.redirect_stdout(out):
            return _timed(seconds, fn, *args)
    except _Timeout:
        log(over)
        raise CourseError(over) from None
    except Exception as e:  # noqa: BLE001 - any failure of the student's code is a fault
        # The timer is disarmed: a slow traceback cannot end the program here.
        text, tb = _describe(e)
        log(f"{what} raised:\n{tb}")
        raise CourseError(f"{what} raised {type(e).__name__}: {text}") from None
    finally:
        out.finish()


def fault_answer(error: CourseError) -> str:
    """The answer that makes parlour record the fault: a line that is no action, saying why."""
    return f"course bot fault: {error}"


def decision_limit_ms(bot: Any) -> int:
    """The time the student's call may take: what parlour allows the decision, less a margin
    for the adapter (0: no limit)."""
    limit = int(getattr(bot, "time_limit_ms", 0) or 0)
    return max(limit - 50, 1) if limit else 0


class CourseBot(Bot):
    """A bot running a student's submission: it is imported afresh at each game's start (in a
    process of its own: ``fork_per_game``), and :meth:`student` finds the course's entry point
    in it (or says why it cannot)."""

    #: The course's entry point (a function or class name) that this adapter calls. (The kit's
    #: protocol loop sets ``entry`` itself, to the entry's name in the tournament.)
    course_entry = ""
    #: The courses ran a student's module once per game: so does the adapter.
    fork_per_game = True

    def __init__(self, path: str) -> None:
        self.path = path
        self.module: Optional[ModuleType] = None
        self.load_error: Optional[str] = None
        self.name = f"{self.course_entry} ({os.path.basename(os.path.normpath(path))})"

    def on_start(self, seat: int, seed: int, index: int) -> None:
        try:
            self.module = load_module(self.path)
            self.load_error = None
        except Exception as e:  # noqa: BLE001 - a module that fails to import is a fault
            log(f"importing {self.path} failed:\n{traceback.format_exc()}")
            self.module, self.load_error = None, f"{type(e).__name__}: {e}"

    def student(self, seat: int, entry: str = "") -> Callable[..., Any]:
        """The module's entry point (``course_entry``, or the one named ``entry`` for a course
        with more than one), or else its package's (``team/player.py`` given, ``team.Player``
        re-exported); raises :class:`CourseError` when there is none."""
        name = entry or self.course_entry
        if self.module is None and self.load_error is None:
            self.on_start(seat, 0, 0)
        if self.module is None:
            raise CourseError(f"the module does not import ({self.load_error})")
        found = getattr(self.module, name, None)
        if found is None and "." in self.module.__name__:
            package = sys.modules.get(self.module.__name__.split(".")[0])
            found = getattr(package, name, None)
        if not callable(found):
            raise CourseError(f"the module defines no {name}")
        return found


def make_adapter(game: str, path: str) -> Any:
    """The adapter bot for ``game`` running the submission ``path`` (a file or a package)."""
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
    """``python3 -m parlour_bot.course GAME PATH`` (a file, or a package folder)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] in ("-h", "--help") or args[0] not in GAMES:
        lines = [f"  {g:<8} {what}" for g, what in GAMES.items()]
        print("usage: python3 -m parlour_bot.course GAME path/to/student_bot.py\n"
              "       python3 -m parlour_bot.course GAME path/to/team_package\n"
              "Runs a student's bot, written against the course's own interface, as a parlour "
              "bot on stdin/stdout. GAME:\n" + "\n".join(lines), file=sys.stderr)
        return 2
    game, path = args
    if not os.path.exists(path):
        print(f"parlour_bot.course: no such file or folder: {path}", file=sys.stderr)
        return 2
    # A folder that is no package is not refused here: the adapter answers each decision with
    # a fault saying why, as for a file that does not import.
    from ..protocol import run
    run(make_adapter(game, path))
    return 0
