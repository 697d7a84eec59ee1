"""The protocol loop: parlour's JSON lines in, the bot's answers out (``docs/protocol.md``).

:func:`run` does the handshake, then calls the bot's methods for ``start``, ``act``, ``event``
and ``result`` until ``bye`` or the end of input. While it runs, ``sys.stdout`` is the log
(standard error), so a bot's ``print()`` can never corrupt the protocol; when the bot runs as a
real process, file descriptor 1 itself is pointed at standard error too, so output from
``os.system`` or C extensions lands in the log as well. Only :func:`run` writes to the real
standard output.

If the bot's code raises, the traceback goes to standard error and the process exits with status
1, without answering. parlour records that as an ``exited`` fault (with the status), plays the
rest of that game's decisions for the seat at random, and starts a fresh copy of the program for
the next game. The kit never makes up an answer on the bot's behalf.

**A process per game, for bots that ask** (:attr:`Bot.fork_per_game`; the course adapters do,
because the courses ran a student's module once per game). On each ``start`` the loop forks: the
child plays that game, from ``start`` to ``result``, and exits; the parent, which never runs the
game's code, waits for it and reads on. parlour sees one program throughout. The loop reads its
input itself, with :func:`os.read` on file descriptor 0, so that nothing is buffered out of
sight: the child hands the bytes it read past the game's end (the next ``start``, ``bye``) back
to the parent through a pipe. A child that dies during its game (``os._exit``, a signal, the
memory limit) ends the program with status 1 and a line in the log, as an exception does
without forking. Without :func:`os.fork` (Windows), or when the loop runs on in-memory streams
(tests), every game is played in the one process.
"""

from __future__ import annotations

import io
import json
import os
import random
import signal
import sys
import traceback
from dataclasses import dataclass
from typing import IO, Any, Dict, List, Optional, Union

from .actions import Action

__all__ = ["PROTOCOL", "Bot", "Faulted", "GameResult", "run"]

#: The protocol version this kit speaks.
PROTOCOL = 1


@dataclass(frozen=True)
class GameResult:
    """A ``result`` message: the game is over."""

    #: Every seat's return, in the game's unit (higher is better).
    returns: List[float]
    #: The seats that won (empty for a draw).
    winners: List[int]
    #: This seat's final observation (typed, for a game's bot class).
    observation: Any
    #: Faults this bot made in the game.
    faults: int
    #: Whether the entry has forfeited (its remaining games are played at random).
    forfeited: bool


class Bot:
    """Base class of every bot. Override :meth:`act`; the other hooks are optional.

    A bot playing one game should derive from that game's class (``UnoBot``, ``GoBot``,
    ``PhasedBot``, ``BoBot``, ``ChexersBot``), whose :meth:`act` gets typed objects. This base
    class hands :meth:`act` the raw JSON (dicts, lists and strings), which is the cheapest.

    :func:`run` sets these attributes before the hooks need them:

    - ``options`` (dict), ``players`` (int), ``limits`` (dict), ``entry`` (the name the bot is
      entered under) and ``hello`` (the whole message; the game is ``hello["game"]``), from
      ``hello``;
    - ``seat`` (int) and ``rng`` (a ``random.Random`` seeded from the game's ``seed``: draw all
      randomness from it, or from the ``random`` module's functions, which are seeded the same
      way, and a replayed tournament replays your bot too), at each ``start``;
    - ``time_limit_ms`` and ``bank_ms`` (ints), at each ``act``;
    - ``event_detail`` (a dict, or ``None``), at each ``event``, before :meth:`on_event`: facts
      the rules make public about the action beyond its text, e.g. Phased Out:
      ``{"hand": 3, "card": "JS"}`` — the number of hands completed before the action, and the
      card a ``take`` took. ``None`` when the event carries none (and before any event).
    """

    #: Shown in parlour's logs; the class name when empty.
    name: str = ""
    #: The game this class plays (``None``: any). On a ``hello`` for another game the kit answers
    #: ``error`` and parlour stops with that message.
    game: Optional[str] = None
    #: Play each game in a process of its own: :func:`run` forks at every ``start`` and the
    #: child plays the game, so nothing the game's code did (modules it imported, their state)
    #: outlasts the game. Where it cannot fork, every game is played in the one process.
    fork_per_game: bool = False
    #: The ``detail`` of the last ``event`` (see above).
    event_detail: Optional[Dict[str, Any]] = None

    # Set by run(); declared for type checkers.
    options: Dict[str, Any]
    players: int
    limits: Dict[str, Any]
    entry: str
    hello: Dict[str, Any]
    seat: int
    rng: random.Random
    time_limit_ms: int
    bank_ms: int

    # -- conversions (the game classes override these) -------------------------------------

    def parse_observation(self, obj: Any) -> Any:
        """The observation handed to :meth:`act`: here the JSON object itself."""
        return obj

    def parse_action(self, text: str) -> Any:
        """An action string as handed to :meth:`act` and :meth:`on_event`: here the string."""
        return text

    def parse_legal(self, legal: List[str]) -> List[Any]:
        """The legal list handed to :meth:`act`: here the JSON list itself."""
        return legal

    # -- hooks -------------------------------------------------------------------------------

    def on_start(self, seat: int, seed: int, index: int) -> None:
        """A game begins: this bot holds ``seat``. Forget the last game's hidden cards here."""

    def act(self, observation: Any, legal: List[Any]) -> Union[Action, str, int]:
        """Choose an action: one of ``legal`` (an object or its text form), or an ``int``, its
        position in ``legal``."""
        raise NotImplementedError("a bot must override act()")

    def on_event(self, seat: int, action: Any) -> None:
        """Another seat acted (``action`` is ``None`` when hidden from this seat).

        Override it only if you need it: parlour sends events only to a bot whose class
        overrides this method (the observation already holds the seat's whole history)."""

    def on_result(self, result: GameResult) -> None:
        """The game is over."""


def _wants_events(bot: Bot) -> bool:
    return type(bot).on_event is not Bot.on_event


class _Channel:
    """Reads parlour's lines and writes answers, on the real streams or on test streams.

    On the process's own standard input the channel reads file descriptor 0 itself, into its
    own buffer (:attr:`fd_mode`), so that what it has read ahead is known and can be handed to
    another process (:meth:`remainder`, :meth:`replace_remainder`)."""

    def __init__(self, stdin: Optional[IO[Any]], stdout: Optional[IO[Any]]) -> None:
        self._restore_fd: Optional[int] = None
        self._fd: Optional[int] = None
        self._buf = bytearray()
        self._pushed: List[Any] = []
        self.last_line: Any = None
        if stdin is None:
            stdin = getattr(sys.stdin, "buffer", sys.stdin)
            try:
                self._fd = stdin.fileno()
            except (AttributeError, OSError, ValueError):
                self._fd = None
        self._in = stdin
        if stdout is None:
            stdout = self._claim_real_stdout()
        self._out = stdout
        self._text = isinstance(stdout, io.TextIOBase)

    @property
    def fd_mode(self) -> bool:
        """Whether input is read from a file descriptor into the channel's own buffer."""
        return self._fd is not None

    def can_fork(self) -> bool:
        """Whether a forked child could play on these streams: both are real file descriptors
        and the system forks."""
        if self._fd is None or not hasattr(os, "fork"):
            return False
        try:
            self._out.fileno()
        except (AttributeError, OSError, ValueError):
            return False
        return True

    def _claim_real_stdout(self) -> IO[Any]:
        """Keeps a private copy of fd 1 for the protocol and points fd 1 at the log."""
        current = sys.stdout
        try:
            fd = current.fileno()
        except (AttributeError, OSError, ValueError):
            fd = -1
        if fd != 1:
            return current  # Already redirected by someone (a test, an embedding): use it.
        current.flush()
        private = os.dup(1)
        os.dup2(2, 1)
        self._restore_fd = private
        return os.fdopen(private, "wb", closefd=False)

    def _readline(self) -> Any:
        """The next raw line (bytes or str), or an empty one at the end of input."""
        if self._pushed:
            return self._pushed.pop()
        if self._fd is None:
            return self._in.readline()
        while True:
            end = self._buf.find(b"\n")
            if end >= 0:
                line = bytes(self._buf[:end + 1])
                del self._buf[:end + 1]
                return line
            chunk = os.read(self._fd, 65536)
            if not chunk:
                line = bytes(self._buf)
                self._buf.clear()
                return line
            self._buf += chunk

    def read(self) -> Optional[Dict[str, Any]]:
        """The next message, or ``None`` at the end of input. Blank lines are skipped."""
        while True:
            line = self._readline()
            if not line:
                return None
            if line.strip():
                self.last_line = line
                msg = json.loads(line)
                if not isinstance(msg, dict):
                    raise ValueError(f"not a JSON object: {line!r}")
                return msg

    def unread(self) -> None:
        """Puts the last message read back: the next :meth:`read` returns it again."""
        if self.last_line is not None:
            self._pushed.append(self.last_line)
            self.last_line = None

    def remainder(self) -> bytes:
        """What was read from the descriptor but not yet returned (fd mode), put-back lines
        first."""
        pushed = b"".join(x if isinstance(x, bytes) else x.encode("utf-8")
                          for x in reversed(self._pushed))
        return pushed + bytes(self._buf)

    def replace_remainder(self, data: bytes) -> None:
        """Makes ``data`` the input not yet returned (what a child handed back)."""
        self._pushed.clear()
        self._buf = bytearray(data)

    def write(self, msg: Dict[str, Any]) -> None:
        line = json.dumps(msg, separators=(",", ":"), ensure_ascii=False) + "\n"
        if self._text:
            self._out.write(line)
        else:
            self._out.write(line.encode("utf-8"))
        self._out.flush()

    def flush(self) -> None:
        try:
            self._out.flush()
        except (OSError, ValueError):
            pass

    def close(self) -> None:
        if self._restore_fd is not None:
            try:
                self._out.flush()
                sys.stderr.flush()
                os.dup2(self._restore_fd, 1)
                os.close(self._restore_fd)
            except OSError:
                pass
            self._restore_fd = None


@dataclass(frozen=True)
class Faulted:
    """An answer that also reports a fault of the bot's own: ``act`` may return
    ``Faulted(answer, why)``, and parlour plays ``answer`` (if legal) and records a ``reported``
    fault saying ``why``. The course adapters use it where a course scored a bad answer its own
    way (Comp10001-Go's invalid grouping)."""

    answer: Any
    why: str


def _encode(answer: Any, legal_len: int) -> Dict[str, Any]:
    """The ``action`` message fields for what ``act`` returned."""
    if isinstance(answer, Faulted):
        fields = _encode(answer.answer, legal_len)
        fields["fault"] = str(answer.why)
        return fields
    if isinstance(answer, Action):
        return {"action": answer.text}
    if isinstance(answer, str):
        return {"action": answer}
    if isinstance(answer, int) and not isinstance(answer, bool):
        return {"index": answer}
    raise TypeError(
        f"act() returned {answer!r} ({type(answer).__name__}); expected one of the legal actions, "
        f"its text, or its int position in legal (0..{legal_len - 1})"
    )


def _fail(why: str) -> "SystemExit":
    print(f"parlour_bot: {why}", file=sys.stderr, flush=True)
    return SystemExit(1)


def run(bot: Bot, stdin: Optional[IO[Any]] = None, stdout: Optional[IO[Any]] = None) -> None:
    """Plays the protocol for ``bot`` until ``bye`` or the end of input.

    ``stdin`` and ``stdout`` default to the process's own streams; tests pass in-memory ones
    (text or binary). Raises ``SystemExit(1)`` after logging the traceback when the bot's code
    raises, or when parlour's messages cannot be read. On the process's own standard input,
    ``sys.stdin`` reads as empty while the loop runs: parlour's lines are the loop's alone.
    """
    channel = _Channel(stdin, stdout)
    saved_stdout, saved_stdin = sys.stdout, sys.stdin
    sys.stdout = sys.stderr
    if channel.fd_mode:
        sys.stdin = io.StringIO()
    try:
        _serve(bot, channel)
    finally:
        sys.stdout, sys.stdin = saved_stdout, saved_stdin
        channel.close()


def _serve(bot: Bot, ch: _Channel) -> None:
    try:
        hello = ch.read()
    except ValueError as e:
        raise _fail(f"cannot read parlour's first line: {e}") from None
    if hello is None:
        return
    if hello.get("type") != "hello":
        raise _fail(f"expected a hello message first, got {hello.get('type')!r}")
    game = hello.get("game")
    if hello.get("protocol") != PROTOCOL:
        ch.write({"type": "error",
                  "message": f"this bot's kit speaks protocol {PROTOCOL}, "
                             f"not {hello.get('protocol')!r}"})
        raise _fail(f"protocol {hello.get('protocol')!r} is not {PROTOCOL}")
    if bot.game is not None and game != bot.game:
        ch.write({"type": "error", "message": f"this bot plays {bot.game}, not {game}"})
        raise _fail(f"asked to play {game!r}; {type(bot).__name__} plays {bot.game!r}")
    bot.hello = hello
    bot.options = hello.get("options") or {}
    bot.players = int(hello.get("players") or 0)
    bot.limits = hello.get("limits") or {}
    bot.entry = hello.get("name") or ""
    bot.rng = random.Random(0)  # replaced, seeded from the game, at each start
    bot.event_detail = None
    ch.write({"type": "ready", "protocol": PROTOCOL, "name": bot.name or type(bot).__name__,
              "events": _wants_events(bot)})

    fork = bool(getattr(bot, "fork_per_game", False)) and ch.can_fork()
    while True:
        msg = _next(ch)
        if msg is None or msg.get("type") == "bye":
            return
        if fork and msg.get("type") == "start":
            _play_in_child(bot, ch, msg)
        else:
            _handle(bot, ch, msg)


def _next(ch: _Channel) -> Optional[Dict[str, Any]]:
    """The next message from parlour; an unreadable line ends the program."""
    try:
        return ch.read()
    except ValueError as e:
        raise _fail(f"cannot read parlour's line: {e}") from None


def _handle(bot: Bot, ch: _Channel, msg: Dict[str, Any]) -> None:
    """One message of a game (``start``, ``act``, ``event``, ``result``; others are ignored)."""
    kind = msg.get("type")
    try:
        if kind == "act":
            time = msg.get("time") or {}
            bot.time_limit_ms = int(time.get("limit_ms", 0))
            bot.bank_ms = int(time.get("bank_ms", 0))
            legal_json = msg["legal"]
            answer = bot.act(bot.parse_observation(msg["observation"]),
                             bot.parse_legal(legal_json))
            reply = {"type": "action", "id": msg["id"]}
            reply.update(_encode(answer, len(legal_json)))
            ch.write(reply)
        elif kind == "event":
            text = msg.get("action")
            detail = msg.get("detail")
            bot.event_detail = detail if isinstance(detail, dict) else None
            bot.on_event(int(msg["seat"]), None if text is None else bot.parse_action(text))
        elif kind == "start":
            seed = int(msg.get("seed", 0))
            bot.seat = int(msg["seat"])
            bot.rng = random.Random(seed)
            # Code that uses the module-level functions (random.choice, as a student's
            # UnoAI does) replays too.
            random.seed(seed)
            bot.on_start(bot.seat, seed, int(msg.get("index", 0)))
        elif kind == "result":
            obs = msg.get("observation")
            bot.on_result(GameResult(
                returns=[float(x) for x in msg.get("returns", [])],
                winners=[int(s) for s in msg.get("winners", [])],
                observation=None if obs is None else bot.parse_observation(obs),
                faults=int(msg.get("faults", 0)),
                forfeited=bool(msg.get("forfeited", False)),
            ))
        # Any other type is from a later minor revision: ignored, as the protocol asks.
    except Exception:  # noqa: BLE001 - any failure in the bot's code ends the program
        traceback.print_exc(file=sys.stderr)
        raise _fail(f"the bot failed on a {kind!r} message; exiting with status 1 "
                    f"(parlour records an 'exited' fault)") from None


#: What a child writes first on its pipe when its game ended as it should.
_GAME_OVER = b"K"


def _play_in_child(bot: Bot, ch: _Channel, start: Dict[str, Any]) -> None:
    """Plays the game that ``start`` begins in a forked child, and waits for it.

    The child plays until the game's ``result`` (or a ``start`` or ``bye`` that ends the game
    early, or the end of input: put back for the parent), then writes on a pipe
    :data:`_GAME_OVER`, a length and every byte of input it read but did not use, and exits. The
    parent goes on from those bytes. A child that ends any other way ends the program: status 1
    and a log line."""
    sys.stderr.flush()
    ch.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_end)
        code = 1
        try:
            _play_game(bot, ch, start)
            rest = ch.remainder()
            _write_all(write_end, _GAME_OVER + len(rest).to_bytes(8, "big") + rest)
            code = 0
        except SystemExit:
            pass  # _fail has logged why
        except BaseException:  # noqa: BLE001 - whatever ended the game, end the child
            traceback.print_exc(file=sys.stderr)
        finally:
            try:
                ch.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
    os.close(write_end)
    # The report is read by its length, not to the end of the pipe: a process the game's code
    # started could hold the pipe open after the child has gone.
    with os.fdopen(read_end, "rb") as pipe:
        head = pipe.read(len(_GAME_OVER) + 8)
        over = len(head) == len(_GAME_OVER) + 8 and head.startswith(_GAME_OVER)
        size = int.from_bytes(head[len(_GAME_OVER):], "big") if over else 0
        rest = pipe.read(size) if size else b""
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        status = -1
    if status == 0 and over and len(rest) == size:
        ch.replace_remainder(rest)
        return
    raise _fail(f"the process playing game {start.get('index', '?')} "
                f"{_describe_status(status)} during the game; exiting with status 1 "
                f"(parlour records an 'exited' fault)")


def _play_game(bot: Bot, ch: _Channel, start: Dict[str, Any]) -> None:
    """The child's part: one game's messages, from ``start`` to ``result``."""
    _handle(bot, ch, start)
    while True:
        msg = _next(ch)
        if msg is None:
            return
        kind = msg.get("type")
        if kind in ("start", "bye"):
            ch.unread()  # the game ended without a result: the parent reads this line
            return
        _handle(bot, ch, msg)
        if kind == "result":
            return


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _describe_status(status: int) -> str:
    """How a child ended, from its ``waitpid`` status."""
    if status < 0:
        return "vanished"
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = f"signal {sig}"
        return f"was killed by {name}"
    if os.WIFEXITED(status):
        code = os.WEXITSTATUS(status)
        if code == 0:
            return "exited (status 0) before finishing"
        return f"exited with status {code}"
    return f"ended (wait status {status})"
