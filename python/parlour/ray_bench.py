"""The cost of sharding, measured on this machine, and what it projects to on a cluster::

    python -m parlour.ray_bench [--game uno] [--games 50000] [--shards 16] [--cpus 2]
                                [--repeat 3] [--json]

The same tournament is played two ways, each into a database, and the best of ``--repeat``
runs of each is kept:

- **one process**: the whole tournament as a single shard (``run_shard`` of ``1/1``, as
  ``parlour tournament`` plays it) on ``--cpus`` threads;
- **Ray**: ``--shards`` shards as Ray tasks on a local cluster of ``--cpus`` CPUs (one thread
  each), their databases gathered at the driver and merged (:func:`parlour.ray.run`). Ray's
  own start is timed apart.

With ``--binary PATH``, ``parlour tournament`` itself is timed too (one process, recording to a
database), as the anchor a user knows.

The overhead is the Ray run's extra wall-clock time over the one process. Its fixed part per
shard (task start, the shard's database, its transfer) and the merge's time then give a
**projection** to N machines of the same speed, stated as a projection, not a measurement: at
least one shard a CPU (``S = max(shards, N·cpus)``), run in waves of one a CPU, then the serial
merge: ``T(N) = ⌈S / (N·cpus)⌉ · (T_one · cpus / S + per_shard) + merge``. It leaves out
Ray's start, the network (a shard's database is about 250 bytes a game) and machines of mixed
speed. Every run's standings are checked equal before anything is reported.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

from . import _parlour
from . import ray as driver


def measure(game: str, games: int, shards: int, cpus: int, repeat: int,
            bots: Optional[str] = None, binary: Optional[str] = None) -> Dict[str, Any]:
    import ray

    config = _parlour.plan_tournament(game, "{}", bots=bots, games=games)
    started = time.monotonic()
    ours = not ray.is_initialized()
    if ours:
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    ray_start = time.monotonic() - started
    one: List[float] = []
    cli: List[float] = []
    sharded: List[float] = []
    merges: List[float] = []
    try:
        with tempfile.TemporaryDirectory(prefix="parlour-ray-bench-") as tmp:
            for r in range(repeat):
                # Interleaved, so that both see the machine in the same state.
                db = Path(tmp) / f"one-{r}.sqlite"
                t = time.monotonic()
                _parlour.run_shard(config, "1/1", str(db), cpus, str(Path(tmp) / "logs"))
                one.append(time.monotonic() - t)
                if binary:
                    cli_db = Path(tmp) / f"cli-{r}.sqlite"
                    args = [binary, "tournament", game, "--games", str(games), "--jobs",
                            str(cpus), "--db", str(cli_db), "--format", "json"]
                    if bots:
                        args[3:3] = ["--bots", bots]
                    t = time.monotonic()
                    subprocess.run(args, check=True, capture_output=True)
                    cli.append(time.monotonic() - t)
                    if json.loads(_parlour.report(str(cli_db), "json")) != json.loads(
                            _parlour.report(str(db), "json")):
                        raise AssertionError("the command line's standings differ")
                folder = Path(tmp) / f"ray-{r}"
                t = time.monotonic()
                report = driver.run(folder, driver.make_plan(config, shards))
                sharded.append(time.monotonic() - t)
                files = sorted(str(p) for p in (folder / "shards").glob("*.sqlite"))
                t = time.monotonic()
                _parlour.merge_shards(str(Path(tmp) / f"merge-{r}.sqlite"), files)
                merges.append(time.monotonic() - t)
                if json.loads(_parlour.report(report["out"], "json")) != json.loads(
                        _parlour.report(str(db), "json")):
                    raise AssertionError("the sharded run's standings differ from one process's")
    finally:
        if ours:
            ray.shutdown()
    t_one, t_ray, t_merge = min(one), min(sharded), min(merges)
    # Runs are interleaved, so each round compares runs made in the same state of the machine.
    paired = statistics.median(r / o for r, o in zip(sharded, one)) - 1.0
    paired_cli = statistics.median(r / c for r, c in zip(sharded, cli)) - 1.0 if cli else None
    per_shard = max(t_ray - t_one, 0.0) * cpus / shards
    projection = []
    for machines in (1, 4, 16, 64):
        # At least a shard a CPU; the shards run in waves of one a CPU, each costing its games
        # (the one process's CPU time, shared out) and the fixed cost; the merge is serial.
        total_cpus = machines * cpus
        split = max(shards, total_cpus)
        waves = -(-split // total_cpus)
        projection.append({
            "machines": machines, "cpus_per_machine": cpus, "shards": split,
            "seconds": waves * (t_one * cpus / split + per_shard) + t_merge,
        })
    return {
        "game": game, "games": games, "shards": shards, "cpus": cpus, "repeat": repeat,
        "machine": f"{platform.machine()}, {os.cpu_count()} logical CPUs",
        "ray_start_s": ray_start,
        "one_process_s": t_one, "one_process_games_per_s": games / t_one,
        "command_line_s": min(cli) if cli else None,
        "ray_s": t_ray, "ray_games_per_s": games / t_ray,
        "overhead": t_ray / t_one - 1.0,
        "overhead_paired_median": paired,
        "overhead_vs_command_line_paired_median": paired_cli,
        "per_shard_s": per_shard, "merge_s": t_merge, "merge_games_per_s": games / t_merge,
        "runs": {"one_process_s": one, "command_line_s": cli, "ray_s": sharded,
                 "merge_s": merges},
        "projection": projection,
    }


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m parlour.ray_bench",
                                description=__doc__.split("\n")[0])
    p.add_argument("--game", default="uno")
    p.add_argument("--bots", help="entries (default: the game's own bots and random ones)")
    p.add_argument("--games", type=int, default=50_000)
    p.add_argument("--shards", type=int, default=16)
    p.add_argument("--cpus", type=int, default=os.cpu_count() or 1)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--binary", help="also time `parlour tournament` (this binary) in one process")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if a.games < 1 or a.shards < 1 or a.cpus < 1 or a.repeat < 1:
        p.error("--games, --shards, --cpus and --repeat must be positive")
    try:
        r = measure(a.game, a.games, a.shards, a.cpus, a.repeat, a.bots, a.binary)
    except (_parlour.ParlourError, driver.RunError) as e:
        print(f"parlour.ray_bench: error: {e}", file=sys.stderr)
        return 2
    if a.json:
        print(json.dumps(r, indent=1))
        return 0
    print(f"{r['game']}: {r['games']} games, {r['shards']} shards, {r['cpus']} CPUs "
          f"({r['machine']}), best of {r['repeat']}")
    print(f"  one process      {r['one_process_s']:8.2f} s  {r['one_process_games_per_s']:10.0f} games/s")
    if r["command_line_s"] is not None:
        t = r["command_line_s"]
        print(f"  parlour tournament {t:6.2f} s  {r['games'] / t:10.0f} games/s  (the binary, one process)")
    print(f"  Ray, {r['shards']:>3} shards  {r['ray_s']:8.2f} s  {r['ray_games_per_s']:10.0f} games/s"
          f"  (overhead {100 * r['overhead']:+.1f}% best to best, "
          f"{100 * r['overhead_paired_median']:+.1f}% median of rounds; Ray's own start "
          f"{r['ray_start_s']:.1f} s apart)")
    print(f"  fixed cost a shard {r['per_shard_s'] * 1000:.0f} ms of a CPU; merge "
          f"{r['merge_s']:.2f} s ({r['merge_games_per_s']:.0f} games/s)")
    print("  projection (not measured) for machines like this one:")
    for row in r["projection"]:
        print(f"    {row['machines']:>3} machines × {row['cpus_per_machine']} CPUs, "
              f"{row['shards']:>3} shards: {row['seconds']:8.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
