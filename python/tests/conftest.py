"""Shared set-up: the `parlour` binary (PARLOUR_BIN, or the workspace's debug build) and the
games and variants every test runs over."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import tempfile
from typing import Any, Dict, List, Tuple

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The bot kit, for the tests that run one bot class both ways.
sys.path.insert(0, str(ROOT / "sdk" / "python"))

#: Every game and variant, with the options that make it (and Uno at its smallest and
#: largest tables, and Comp10001-Go scored the course's way).
CASES: List[Tuple[str, Dict[str, Any]]] = [
    ("uno", {}), ("uno", {"players": 2}), ("uno", {"players": 10}),
    ("go", {}), ("go", {"scoring": "proposed"}), ("phased", {}), ("phased", {"variant": "bonus"}),
    ("bo", {}), ("bo", {"variant": "bonus"}), ("chexers", {}), ("nim", {}),
]
IDS = [g + "".join(f"-{k}={v}" for k, v in o.items()) for g, o in CASES]


def binary() -> pathlib.Path:
    given = os.environ.get("PARLOUR_BIN")
    path = pathlib.Path(given) if given else ROOT / "target" / "debug" / "parlour"
    if not path.exists():
        pytest.skip(f"the parlour binary is not built ({path}); cargo build first")
    return path


#: Where the binary runs (it may leave bot logs behind).
WORK = tempfile.mkdtemp(prefix="parlour-pytest-")


def run_cli(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Runs the binary in a scratch directory; returns the finished process (text)."""
    p = subprocess.run([str(binary()), *args], capture_output=True, text=True, timeout=600,
                       cwd=WORK)
    if check and p.returncode != 0:
        raise AssertionError(f"parlour {' '.join(args)} failed: {p.stderr}")
    return p


def cli_options(options: Dict[str, Any]) -> List[str]:
    out: List[str] = []
    for k, v in options.items():
        out += ["-o", f"{k}={v}"]
    return out
