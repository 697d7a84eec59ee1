"""Shared test helpers: fixtures captured from real parlour traces, and scripted conversations."""

from __future__ import annotations

import io
import json
import os
import sys
from typing import Any, Dict, List, Optional, Tuple

SDK = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if SDK not in sys.path:
    sys.path.insert(0, SDK)
FIXTURES = os.path.join(SDK, "tests", "fixtures")
EXAMPLES = os.path.join(SDK, "examples")

from parlour_bot.protocol import Bot, run  # noqa: E402


def fixtures(game: str) -> List[Dict[str, Any]]:
    """The decisions captured for ``game``: ``observation``, ``legal``, ``action``, ``note``..."""
    with open(os.path.join(FIXTURES, f"{game}.jsonl"), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def fixture(game: str, note_part: str) -> Dict[str, Any]:
    """The one fixture of ``game`` whose note contains ``note_part``."""
    found = [f for f in fixtures(game) if note_part in f["note"]]
    if len(found) != 1:
        raise LookupError(f"{len(found)} {game} fixtures match {note_part!r}")
    return found[0]


def hello(game: str, options: Optional[Dict[str, Any]] = None, players: int = 4) -> Dict[str, Any]:
    return {"type": "hello", "protocol": 1, "game": game, "options": options or {},
            "players": players, "name": "test",
            "limits": {"decision_ms": 1000, "bank_ms": 60000, "startup_ms": 10000,
                       "memory_mb": 1024}}


def act(id: int, fx: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "act", "id": id, "observation": fx["observation"], "legal": fx["legal"],
            "time": {"limit_ms": 1000, "bank_ms": 60000}}


def converse(bot: Bot, messages: List[Dict[str, Any]], binary: bool = False
             ) -> Tuple[List[Dict[str, Any]], str, Optional[int]]:
    """Runs ``bot`` on ``messages`` through in-memory streams.

    Returns the bot's protocol lines (parsed), what reached ``sys.stdout``/``sys.stderr`` while it
    ran (the log), and the exit status if it raised ``SystemExit`` (else ``None``).
    """
    text = "".join(json.dumps(m) + "\n" for m in messages)
    stdin: Any = io.BytesIO(text.encode()) if binary else io.StringIO(text)
    stdout: Any = io.BytesIO() if binary else io.StringIO()
    log = io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = log
    status = None
    try:
        run(bot, stdin=stdin, stdout=stdout)
    except SystemExit as e:
        status = e.code
    finally:
        sys.stdout, sys.stderr = saved
    raw = stdout.getvalue()
    if binary:
        raw = raw.decode()
    lines = [json.loads(line) for line in raw.splitlines()]
    return lines, log.getvalue(), status
