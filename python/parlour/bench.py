"""Steps per second through parlour's Python APIs, beside RLCard's Uno and PettingZoo's classic
environments, measured in one run on this machine::

    python -m parlour.bench [--game uno] [--seconds 3] [--batch 4096] [--threads N] [--json]

Every environment is stepped with uniformly random legal actions drawn from its own mask (with
Python's ``random``, the same way for all), so the figures compare the environments, not a
policy:

- ``parlour AEC``: :func:`parlour.pettingzoo.env` (the game with ``--players``, default 2, the
  size of RLCard's Uno), one ``step`` and one ``last`` a decision, as a PettingZoo loop does;
- ``parlour state``: the bare :class:`parlour.State` (``legal_mask``, ``apply_token``);
- ``parlour batch``: ``Game.batch`` (``--batch`` games stepped at once in Rust with the GIL
  released, observations and masks written into numpy arrays; tokens drawn in numpy);
- ``rlcard uno``: RLCard's ``uno`` environment (``env.step`` with a random legal action);
- ``pettingzoo <env>``: PettingZoo's classic environments (Leduc and Texas Hold'em, Connect
  Four), when their extras are installed.

A comparison whose package is missing is reported as not installed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from typing import Any, Callable, Dict, List, Optional

import numpy as np

import parlour


def _timed(seconds: float, step: Callable[[], int]) -> Dict[str, Any]:
    """Calls ``step`` (which returns the steps it took) until ``seconds`` have passed."""
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        steps += step()
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"steps": steps, "seconds": round(elapsed, 3), "steps_per_sec": steps / elapsed}


def _aec_loop(env: Any, seed: int, chunk: int = 256) -> Callable[[], int]:
    """A PettingZoo AEC loop with random legal actions, ``chunk`` decisions a call (the steps of
    finished agents, with None, are made but not counted)."""
    rng = random.Random(seed)
    env.reset(seed=rng.randrange(1 << 31))

    def step() -> int:
        done = 0
        while done < chunk:
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                if not env.agents:
                    env.reset(seed=rng.randrange(1 << 31))
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
            done += 1
        return done

    return step


def bench_parlour_aec(game: str, players: Optional[int], seconds: float) -> Dict[str, Any]:
    from parlour.pettingzoo import env as make_env

    options = {} if players is None else {"players": players}
    env = make_env(game, **options)
    return _timed(seconds, _aec_loop(env, 1))


def bench_parlour_state(game: str, players: Optional[int], seconds: float) -> Dict[str, Any]:
    options = {} if players is None else {"players": players}
    g = parlour.game(game, **options)
    rng = random.Random(2)
    box = [g.new_state(0)]

    def step() -> int:
        s = box[0]
        for _ in range(256):
            if s.is_terminal:
                s = box[0] = g.new_state(rng.randrange(1 << 31))
            seat = s.current_player
            s.observation_tensor(seat)
            legal = s.legal_mask().nonzero()[0]
            s.apply_token(int(legal[int(rng.random() * len(legal))]))
        return 256

    return _timed(seconds, step)


def bench_parlour_batch(game: str, players: Optional[int], seconds: float, size: int,
                        threads: Optional[int]) -> Dict[str, Any]:
    options = {} if players is None else {"players": players}
    g = parlour.game(game, **options)
    batch = g.batch(size, seed=3, threads=threads)
    rng = np.random.default_rng(3)
    masks = batch.masks
    noise = np.empty(masks.shape, dtype=np.float32)
    spent = [0.0]

    def step() -> int:
        # A random legal token per game (the largest of uniform noise over the legal ones),
        # drawn in numpy into a reused buffer; only batch.step is counted in step_only_per_sec.
        rng.random(out=noise, dtype=np.float32)
        np.multiply(noise, masks, out=noise)
        tokens = noise.argmax(axis=1)
        start = time.perf_counter()
        batch.step(tokens)
        spent[0] += time.perf_counter() - start
        return size

    out = _timed(seconds, step)
    out.update({"games": size, "threads": threads or os.cpu_count(),
                "step_only_per_sec": out["steps"] / spent[0]})
    return out


def bench_rlcard_uno(seconds: float) -> Dict[str, Any]:
    import rlcard  # type: ignore[import-not-found]

    env = rlcard.make("uno", config={"seed": 4})
    rng = random.Random(4)
    box = [env.reset()]

    def step() -> int:
        for _ in range(64):
            state, _ = box[0]
            legal = list(state["legal_actions"].keys())
            box[0] = env.step(legal[int(rng.random() * len(legal))])
            if env.is_over():
                box[0] = env.reset()
        return 64

    return _timed(seconds, step)


def bench_pettingzoo(name: str, seconds: float) -> Dict[str, Any]:
    import importlib

    module = importlib.import_module(f"pettingzoo.classic.{name}")
    return _timed(seconds, _aec_loop(module.env(), 5))


def run(game: str, seconds: float, size: int, threads: Optional[int],
        players: Optional[int]) -> Dict[str, Any]:
    results: List[Dict[str, Any]] = []

    def add(name: str, what: str, fn: Callable[[], Dict[str, Any]]) -> None:
        try:
            r = fn()
            r.update({"name": name, "what": what})
        except ImportError as e:
            r = {"name": name, "what": what, "error": f"not installed ({e.name})"}
        results.append(r)

    label = game if players is None else f"{game}, {players} players"
    add("parlour AEC", f"PettingZoo AEC env ({label})",
        lambda: bench_parlour_aec(game, players, seconds))
    add("parlour state", f"parlour.State, token by token ({label})",
        lambda: bench_parlour_state(game, players, seconds))
    add("parlour batch", f"Game.batch, {size} games ({label})",
        lambda: bench_parlour_batch(game, players, seconds, size, threads))
    add("rlcard uno", "RLCard uno env (2 players)", lambda: bench_rlcard_uno(seconds))
    for env_name in ("leduc_holdem_v4", "texas_holdem_v4", "connect_four_v3"):
        add(f"pettingzoo {env_name}", f"PettingZoo classic {env_name} (AEC)",
            lambda env_name=env_name: bench_pettingzoo(env_name, seconds))
    rlcard = next((r for r in results if r["name"] == "rlcard uno" and "error" not in r), None)
    for r in results:
        if rlcard is not None and "steps_per_sec" in r:
            r["vs_rlcard_uno"] = r["steps_per_sec"] / rlcard["steps_per_sec"]
    return {
        "game": game, "players": players, "seconds_each": seconds,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "platform": platform.platform()},
        "results": results,
    }


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m parlour.bench", description=__doc__.split("\n")[0])
    p.add_argument("--game", default="uno", help="the parlour game (default uno)")
    p.add_argument("--players", type=int, default=None,
                   help="players (default: 2 for uno, as RLCard's; the game's default otherwise)")
    p.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    p.add_argument("--batch", type=int, default=4096, help="games in the batch")
    p.add_argument("--threads", type=int, default=None, help="batch threads (default: all)")
    p.add_argument("--json", action="store_true", help="print JSON")
    a = p.parse_args(argv)
    if a.seconds <= 0 or a.batch <= 0:
        p.error("--seconds and --batch must be positive")
    try:
        parlour.game(a.game)
    except parlour.ParlourError as e:
        p.error(str(e))
    players = a.players if a.players is not None else (2 if a.game == "uno" else None)
    report = run(a.game, a.seconds, a.batch, a.threads, players)
    if a.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{'environment':<28} {'steps/s':>14}  {'× RLCard uno':>12}  what")
    for r in report["results"]:
        if "error" in r:
            print(f"{r['name']:<28} {'-':>14}  {'-':>12}  {r['what']}: {r['error']}")
            continue
        ratio = r.get("vs_rlcard_uno")
        print(f"{r['name']:<28} {r['steps_per_sec']:>14,.0f}  "
              f"{'' if ratio is None else f'{ratio:,.1f}×':>12}  {r['what']}")
        if "step_only_per_sec" in r:
            print(f"{'  (batch.step alone)':<28} {r['step_only_per_sec']:>14,.0f}  {'':>12}  "
                  f"the same, the numpy drawing of tokens left out")
    print(f"({report['machine']['cpus']} CPUs, Python {report['machine']['python']}, "
          f"{a.seconds:g} s each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
