"""Tournaments from Python: the same standings object the command line prints, and one bot
class that plays the same in-process and through the protocol."""

from __future__ import annotations

import json
import pathlib
import sys

import pytest

import parlour
from conftest import run_cli

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "bots"))
from coin import Coin  # noqa: E402


def without_run(standings: dict) -> dict:
    return {k: v for k, v in standings.items() if k != "run"}


@pytest.mark.parametrize("name,bots,games", [
    ("uno", "heuristic,random,random,random", 40),
    ("go", "heuristic,random,random,random", 16),
    ("chexers", "search:depth=1,random,random", 9),
])
def test_standings_equal_the_command_lines(name, bots, games):
    cli = json.loads(run_cli("tournament", name, "--bots", bots, "--games", str(games),
                             "--seed", "3", "--format", "json", "--no-db").stdout)
    mine = parlour.tournament(name, bots=bots.split(","), games=games, seed=3, jobs=2)
    assert without_run(mine) == without_run(cli)
    assert mine["run"]["played"] == cli["run"]["played"]


def test_a_python_bot_plays_the_same_in_process_and_through_the_protocol():
    script = HERE / "bots" / "coin.py"
    kit = HERE.parents[1] / "sdk" / "python"
    import os
    env_path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = f"{kit}{os.pathsep}{env_path}" if env_path else str(kit)
    try:
        cli = json.loads(run_cli(
            "tournament", "uno", "--bots",
            f"heuristic,coin=cmd:{sys.executable} {script}", "--games", "24", "--seed", "5",
            "-o", "players=2", "--format", "json", "--no-db").stdout)
    finally:
        if env_path:
            os.environ["PYTHONPATH"] = env_path
        else:
            del os.environ["PYTHONPATH"]
    mine = parlour.tournament("uno", bots=["heuristic", Coin], games=24, seed=5, players=2)
    assert without_run(mine) == without_run(cli)


def test_a_failing_python_bot_is_a_fault_not_a_crash():
    class Raises:
        name = "raises"

        def act(self, observation, legal):
            raise RuntimeError("my bot is broken")

    class Junk:
        def act(self, observation, legal):
            return "not an action"

    standings = parlour.tournament("uno", bots=[Raises, Junk, "random", "random"], games=8,
                                   seed=1)
    assert standings["games_counted"] == 8
    labels = {e["label"] if isinstance(e, dict) else e for e in standings["entries"]}
    assert {"raises", "Junk"} <= labels
    faults = {row["label"]: row.get("faults") for row in standings["standings"]["entries"]}
    assert faults["raises"] and faults["Junk"], faults


def test_a_bad_entry_is_refused():
    with pytest.raises(parlour.TournamentError, match="unknown bot"):
        parlour.tournament("uno", bots=["grandmaster", "random"], games=4)
    with pytest.raises(parlour.TournamentError):
        parlour.tournament("uno", bots=[42], games=4)
    with pytest.raises(parlour.TournamentError, match="programs"):
        parlour.tournament("uno", bots=["cmd:python3 x.py", "random"], games=4)


def test_play_seats_python_bot_objects():
    state = parlour.play("uno", [Coin(), "heuristic", Coin(), "random"], seed=4)
    assert state.is_terminal and len(state.history) == state.decisions
    again = parlour.play("uno", [Coin(), "heuristic", Coin(), "random"], seed=4)
    assert again.history == state.history
