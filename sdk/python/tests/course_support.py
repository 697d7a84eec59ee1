"""Helpers for the course-adapter tests: probe submissions written to a temporary folder, an
independent Chexers referee, and a course bot run as a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections import Counter
from typing import Any, Dict, List, Optional, Tuple

from tests.support import FIXTURES, SDK

COURSE_FIXTURES = os.path.join(FIXTURES, "course")
TEAM_SAMPLE = os.path.join(COURSE_FIXTURES, "team_sample")


def write_files(folder: str, files: Dict[str, str]) -> None:
    """Writes ``files`` (relative path -> source, dedented) under ``folder``."""
    for rel, text in files.items():
        path = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(textwrap.dedent(text))


def course_process(game: str, path: str, messages: List[Dict[str, Any]], cwd: str,
                   timeout: float = 60) -> Tuple[int, List[Dict[str, Any]], str]:
    """Runs ``python3 -m parlour_bot.course GAME PATH`` with every line of ``messages`` written
    at once (so the program reads ahead past each game's end); returns its status, its protocol
    lines and its log."""
    env = dict(os.environ, PYTHONPATH=SDK)
    text = "".join(json.dumps(m) + "\n" for m in messages)
    p = subprocess.run([sys.executable, "-m", "parlour_bot.course", game, path], input=text,
                       capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout)
    lines = [json.loads(x) for x in p.stdout.splitlines()]
    return p.returncode, lines, p.stderr


def go_act(id: int, hand: List[str], turns: int = 0, seat: int = 0) -> Dict[str, Any]:
    """An ``act`` of Comp10001-Go: the adapter reads ``seat``, ``hand`` and ``discards``."""
    discards = [[f"{2 + t}S" for t in range(turns)] for _ in range(4)]
    return {"type": "act", "id": id, "legal": list(hand),
            "observation": {"seat": seat, "hand": list(hand), "discards": discards},
            "time": {"limit_ms": 2000, "bank_ms": 60000}}


def start(index: int, seat: int = 0, seed: int = 1) -> Dict[str, Any]:
    return {"type": "start", "index": index, "seat": seat, "seed": seed}


def result(observation: Any = None, players: int = 4) -> Dict[str, Any]:
    return {"type": "result", "returns": [0.0] * players, "winners": [],
            "observation": observation, "faults": 0, "forfeited": False}


# -- an independent Chexers referee (parlour's rules, docs/protocol.md) -----------------------

STEPS = ((-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1))
START = (((-3, 0), (-3, 1), (-3, 2), (-3, 3)),
         ((0, -3), (1, -3), (2, -3), (3, -3)),
         ((0, 3), (1, 2), (2, 1), (3, 0)))
EXITS = (((3, -3), (3, -2), (3, -1), (3, 0)),
         ((-3, 3), (-2, 3), (-1, 3), (0, 3)),
         ((-3, 0), (-2, -1), (-1, -2), (0, -3)))


def _on(h: Tuple[int, int]) -> bool:
    q, r = h
    return -3 <= q <= 3 and -3 <= r <= 3 and -3 <= -q - r <= 3


def _text(h: Tuple[int, int]) -> str:
    return f"({h[0]},{h[1]})"


class Referee:
    """Chexers as parlour plays it: legal actions as parlour's text, the end of the game."""

    def __init__(self) -> None:
        self.pieces = {h: seat for seat, hexes in enumerate(START) for h in hexes}
        self.exits = [0, 0, 0]
        self.turn = 0
        self.actions: List[str] = []
        self.seen: Counter = Counter()
        self.outcome: Optional[str] = None
        self.seen[self._key()] += 1

    def _key(self) -> Any:
        return frozenset(self.pieces.items()), self.turn % 3

    def legal(self) -> List[str]:
        seat, out = self.turn % 3, []
        for h in sorted(h for h, s in self.pieces.items() if s == seat):
            if h in EXITS[seat]:
                out.append(f"EXIT {_text(h)}")
            for dq, dr in STEPS:
                to = (h[0] + dq, h[1] + dr)
                if not _on(to):
                    continue
                if to not in self.pieces:
                    out.append(f"MOVE {_text(h)} {_text(to)}")
                else:
                    land = (h[0] + 2 * dq, h[1] + 2 * dr)
                    if _on(land) and land not in self.pieces:
                        out.append(f"JUMP {_text(h)} {_text(land)}")
        return out or ["PASS"]

    def play(self, text: str) -> None:
        if text not in self.legal():
            raise AssertionError(f"{text!r} is not legal: {self.legal()}")
        seat = self.turn % 3
        nums = [int(x) for x in text.replace("(", " ").replace(")", " ").replace(",", " ")
                .split()[1:]]
        if text.startswith("EXIT"):
            del self.pieces[(nums[0], nums[1])]
            self.exits[seat] += 1
        elif text != "PASS":
            a, b = (nums[0], nums[1]), (nums[2], nums[3])
            del self.pieces[a]
            self.pieces[b] = seat
            if text.startswith("JUMP"):
                self.pieces[((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)] = seat
        self.turn += 1
        self.actions.append(text)
        self.seen[self._key()] += 1
        if self.exits[seat] == 4:
            self.outcome = f"win {seat}"
        elif self.seen[self._key()] >= 4:
            self.outcome = "draw repetition"
        elif self.turn >= 3 * 256:
            self.outcome = "draw turn limit"

    def observation(self, seat: int) -> Dict[str, Any]:
        """What the Chexers adapter reads of parlour's observation."""
        return {"seat": seat, "actions": list(self.actions)}
