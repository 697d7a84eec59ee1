"""Tournaments on a Ray cluster: ``python -m parlour.ray``.

The tournament is planned once, at the driver, from ``parlour tournament``'s arguments; it is
cut into shards (``parlour tournament --shard I/N``: whole deal groups, in consecutive runs,
see ``docs/cluster.md``), and each shard is played by a Ray task on any node, into a database of
its own in the node's temporary directory. The finished shard's database comes back to the
driver as bytes (Ray's object store), is kept in the run's directory, and when every shard needed
is in, the shards are merged (``parlour merge``) into one database whose standings are exactly a
one-machine run's: results depend on the seed and each game's index alone.

- **Lost workers.** A task whose worker dies is retried by Ray (``--retries``). A retry on the
  same node resumes the shard's half-written database, and one on another node starts it
  afresh; either way a game is recorded once, by its index.
- **Resume.** The run's directory holds the plan and every shard gathered so far;
  ``python -m parlour.ray --resume DIR`` plays only the shards not yet there.
- **Early stop.** With ``--early-stop``, the looks are taken over the games in index order, as
  on one machine. A shard is a consecutive run of games, so once shards ``1..j`` are in, the
  looks inside them are decided. Shards are then started in order, and never more than the
  cluster's CPUs' worth past the shards all in from the first; when the shards in hand stop
  the tournament, the running ones are cancelled and no more are started. Shards past the stop that had already finished are kept
  but not counted.
- **External bots** must exist on every node: at the same path (a shared file system), or
  shipped with ``--runtime-env '{"working_dir": "bots"}'`` (Ray copies the folder to every
  node; give the programs' paths relative to it). Before any shard starts, every node starts
  and greets each program once, and the run is refused, naming the node, if one cannot.

Fault injection for the tests: ``PARLOUR_RAY_FAULT=kill:I/N`` makes the first attempt at shard
``I/N`` kill its own worker (SIGKILL) once its first games are recorded.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from . import _parlour
from ._parlour import ParlourError

PLAN = "plan.json"
SHARDS = "shards"


class RunError(Exception):
    """A run that cannot start or go on: the message says what and where."""


def shard_file(directory: Path, index: int, count: int) -> Path:
    """Where the run keeps shard ``index`` of ``count``."""
    width = len(str(count))
    return directory / SHARDS / f"shard-{index:0{width}d}-of-{count}.sqlite"


def _play_shard(config_json: str, run_id: str, shard: str, jobs: int,
                fault: Optional[str]) -> Dict[str, Any]:
    """A Ray task: plays one shard into the node's temporary directory for this run (resuming
    what an earlier attempt on this node left there) and returns its status and database
    bytes."""
    from . import _parlour as native

    index, count = shard.split("/")
    work = Path(tempfile.gettempdir()) / f"parlour-ray-{run_id}"
    work.mkdir(parents=True, exist_ok=True)
    db = work / f"shard-{index}-of-{count}.sqlite"
    progress = None
    marker = work / f"shard-{index}-of-{count}.killed"
    if fault == f"kill:{shard}" and not marker.exists():
        marker.touch()

        def progress(done: int, total: int) -> None:
            if 0 < done < total:
                os.kill(os.getpid(), signal.SIGKILL)

    started = time.monotonic()
    status = native.run_shard(config_json, shard, str(db), jobs, str(work / "logs"), progress)
    status["seconds"] = time.monotonic() - started
    status["node"] = os.uname().nodename
    status["database"] = db.read_bytes()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    marker.unlink(missing_ok=True)
    return status


def _check_node(config_json: str) -> Dict[str, Any]:
    """A Ray task pinned to one node: starts and greets every program there."""
    from . import _parlour as native

    logs = Path(tempfile.mkdtemp(prefix="parlour-ray-check-"))
    try:
        return {"node": os.uname().nodename, "programs": native.check_programs(config_json, str(logs))}
    finally:
        shutil.rmtree(logs, ignore_errors=True)


def _write_atomically(path: Path, data: bytes) -> None:
    temp = path.with_name(f".{path.name}.part")
    temp.write_bytes(data)
    os.replace(temp, path)


def _gathered(directory: Path, plan: Dict[str, Any]) -> Dict[int, Dict[str, Any]]:
    """The shards already in the run's directory, each checked to be this plan's and
    complete. A file that is not is an error naming it (nothing is changed)."""
    count = plan["shards"]
    found: Dict[int, Dict[str, Any]] = {}
    folder = directory / SHARDS
    expected = {shard_file(directory, i, count).name: i for i in range(1, count + 1)}
    for path in sorted(folder.glob("*.sqlite")) if folder.exists() else []:
        if path.name not in expected:
            raise RunError(f"{path} is not one of this run's shard files")
        try:
            status = _parlour.shard_status(str(path))
        except ParlourError as e:
            raise RunError(f"{path}: {e}") from None
        if status["hash"] != plan["hash"] or status["count"] != count:
            raise RunError(
                f"{path} is shard {status['shard']} of another tournament or split "
                f"(configuration {status['hash'][:12]}…, this run's is {plan['hash'][:12]}…)")
        if status["index"] != expected[path.name]:
            raise RunError(f"{path} holds shard {status['shard']}, not the one its name says")
        if not status["complete"]:
            raise RunError(f"{path} is incomplete ({status['recorded']} of {status['games']} games)")
        found[status["index"]] = status
    return found


def _say(text: str) -> None:
    print(f"parlour.ray: {text}", file=sys.stderr, flush=True)


def _prefix(have: Sequence[int]) -> int:
    """How many shards from the first are all in hand."""
    j = 0
    while j + 1 in have:
        j += 1
    return j


def _stopped_early(directory: Path, plan: Dict[str, Any], prefix: int) -> Optional[int]:
    """With an early stop: the games it stops at, if shards 1 to ``prefix`` decide it (a look
    needs every game before it, so only a prefix of the shards can decide one)."""
    if plan["config"].get("early_stop") is None or prefix == 0:
        return None
    files = [str(shard_file(directory, i, plan["shards"])) for i in range(1, prefix + 1)]
    with tempfile.TemporaryDirectory(prefix="parlour-ray-look-") as tmp:
        report = _parlour.merge_shards(str(Path(tmp) / "look.sqlite"), files, partial=True)
    stopped = report["standings"].get("stopped_early")
    if stopped and report["standings"]["complete"]:
        return int(stopped["games"])
    return None


def _read_plan(path: Path) -> Dict[str, Any]:
    """A run's plan, checked: a damaged one is an error naming the file."""
    try:
        plan = json.loads(path.read_text())
        config_json = json.dumps(plan["config"])
        if _parlour.config_hash(config_json) != plan["hash"] or not isinstance(plan["run"], str):
            raise ValueError("its hash does not match its configuration")
        if not 1 <= int(plan["shards"]) <= plan["config"]["games"]:
            raise ValueError(f"{plan['shards']} shards")
        return plan
    except (OSError, ValueError, KeyError, TypeError, ParlourError) as e:
        raise RunError(f"{path} is not a run's plan ({e}); the run cannot be resumed from it") from None


def run(directory: Path, plan: Optional[Dict[str, Any]] = None, *, address: Optional[str] = None,
        num_cpus: Optional[int] = None, runtime_env: Optional[Dict[str, Any]] = None,
        jobs: int = 1, retries: int = 3, out: Optional[Path] = None,
        fault: Optional[str] = None) -> Dict[str, Any]:
    """Plays (or, with ``plan=None``, resumes) the run kept in ``directory`` on Ray and merges
    it into ``out`` (default ``directory/merged.sqlite``). Returns the merge's report with a
    ``shards`` list saying what each shard did. Ray is started here unless it already is."""
    import ray  # the optional dependency: pip install "parlour[ray]"

    plan_path = directory / PLAN
    if plan is None:
        if not plan_path.exists():
            raise RunError(f"{directory} holds no run to resume (no {PLAN})")
        plan = _read_plan(plan_path)
    else:
        if plan_path.exists():
            raise RunError(f"{directory} holds a run already; continue it with --resume {directory}")
        directory.mkdir(parents=True, exist_ok=True)
        (directory / SHARDS).mkdir(exist_ok=True)
        _write_atomically(plan_path, json.dumps(plan, indent=1).encode())
    out = out or directory / "merged.sqlite"
    config_json = json.dumps(plan["config"])
    count = int(plan["shards"])
    have = _gathered(directory, plan)
    if out.exists():
        if out.resolve().parent != directory.resolve():
            raise RunError(f"{out} already exists; choose another --out")
        out.unlink()
    todo = [i for i in range(1, count + 1) if i not in have]
    prefix = _prefix(list(have))
    stop = _stopped_early(directory, plan, prefix)
    if stop is not None:
        todo = []
    _say(f"{count} shards of configuration {plan['hash'][:12]}…: {len(have)} in {directory}, "
         f"{len(todo)} to play")
    if not ray.is_initialized():
        ray.init(address=address, num_cpus=num_cpus, runtime_env=runtime_env,
                 log_to_driver=False, include_dashboard=False)
    # Built-in bots are strings; external programs are objects with a command.
    if todo and any(isinstance(e, dict) and "command" in e for e in plan["config"]["entries"]):
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        check = ray.remote(num_cpus=0, max_retries=0)(_check_node)
        nodes = [n for n in ray.nodes() if n.get("Alive")]
        pending = {
            check.options(scheduling_strategy=NodeAffinitySchedulingStrategy(n["NodeID"], soft=False))
            .remote(config_json): n for n in nodes}
        for ref, node in pending.items():
            try:
                done = ray.get(ref)
            except Exception as e:  # the task's TournamentError, wrapped by Ray
                cause = getattr(e, "cause", None) or e
                raise RunError(f"node {node.get('NodeManagerAddress')} cannot run the "
                               f"tournament's programs: {cause}") from None
            _say(f"node {done['node']}: {', '.join(done['programs'])} start and greet")
    play = ray.remote(num_cpus=jobs, max_retries=retries, retry_exceptions=False)(_play_shard)
    # Without an early stop every shard is queued at once (Ray hands them to free CPUs). With
    # one, shards start in order and never more than a CPU's worth past the shards all in from
    # the first, so that a stop decided by the first shards leaves the rest unplayed (a slow
    # shard can then leave CPUs idle: the price of not playing what the stop makes useless).
    early = plan["config"].get("early_stop") is not None
    window = max(1, int(ray.cluster_resources().get("CPU", 1) // jobs)) if early else len(todo)
    queue = list(todo)
    refs: Dict[Any, int] = {}

    def submit() -> None:
        limit = _prefix(list(statuses)) + window if early else count
        while queue and len(refs) < window and queue[0] <= limit:
            i = queue.pop(0)
            refs[play.remote(config_json, plan["run"], f"{i}/{count}", jobs, fault)] = i

    statuses: Dict[int, Dict[str, Any]] = {i: dict(s, gathered="before") for i, s in have.items()}
    submit()
    started = time.monotonic()
    while refs:
        ready, _ = ray.wait(list(refs), num_returns=1)
        i = refs.pop(ready[0])
        try:
            status = ray.get(ready[0])
        except ray.exceptions.TaskCancelledError:
            continue
        except Exception as e:
            for ref in refs:
                ray.cancel(ref, force=True)
            cause = getattr(e, "cause", None) or e
            raise RunError(f"shard {i}/{count} failed: {cause} (the shards gathered are kept; "
                           f"continue with --resume {directory})") from None
        data = status.pop("database")
        _write_atomically(shard_file(directory, i, count), data)
        status["gathered"] = "now"
        statuses[i] = status
        resumed = status["recorded"] - status["played"]
        _say(f"shard {i}/{count}: {status['recorded']} games on {status['node']} in "
             f"{status['seconds']:.1f}s" + (f", resumed after a lost worker with {resumed} "
                                            f"already recorded" if resumed else "")
             + f" [{len(statuses)}/{count}, {time.monotonic() - started:.0f}s]")
        if _prefix(list(statuses)) > prefix:
            prefix = _prefix(list(statuses))
            stop = _stopped_early(directory, plan, prefix)
        if stop is not None:
            if refs or queue:
                _say(f"the early stop is decided at game {stop}: {len(refs)} running shards "
                     f"cancelled, {len(queue)} not started")
            for ref in refs:
                ray.cancel(ref, force=True)
            refs, queue = {}, []
        submit()
    files = [str(shard_file(directory, i, count)) for i in sorted(statuses)]
    report = _parlour.merge_shards(str(out), files)
    report["shards"] = [dict(s, index=i) for i, s in sorted(statuses.items())]
    _write_atomically(directory / "run.json", json.dumps(report, indent=1).encode())
    return report


def make_plan(config_json: str, shards: int) -> Dict[str, Any]:
    """A run's plan: the configuration, its hash, the number of shards, and an id naming the
    run's working files on the nodes."""
    digest = _parlour.config_hash(config_json)  # a configuration, or a clear error
    config = json.loads(config_json)
    groups = config["games"] // config["seats"]
    if not 1 <= shards <= groups:
        raise RunError(f"--shards must be from 1 to {groups} (the tournament's groups: a deal "
                       f"played in every seat rotation, {config['seats']} games)")
    return {"config": config, "shards": shards,
            "hash": digest, "run": uuid.uuid4().hex[:16]}


def _options(pairs: Sequence[str], variant: Optional[str]) -> Dict[str, Any]:
    options: Dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise RunError(f"-o {pair}: write key=value")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    if variant is not None:
        options["variant"] = variant
    return options


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m parlour.ray",
        description="Run a parlour tournament on a Ray cluster: shards played as Ray tasks, "
                    "merged into one database with a one-machine run's standings.")
    p.add_argument("game", nargs="?", help="the game (uno, go, phased, bo, chexers)")
    p.add_argument("--config", type=Path,
                   help="a tournament's configuration (JSON, as parlour league final --ray "
                        "writes it) instead of a game and its entries")
    p.add_argument("--bots", help="entries, comma-separated, as parlour tournament takes them")
    p.add_argument("--bots-file", help="a bots file (TOML), as parlour tournament takes it")
    p.add_argument("--course-bots", help="a folder of course-interface bots")
    p.add_argument("--games", type=int, help="games to play (default: the game's)")
    p.add_argument("--seed", type=int, help="tournament seed (default 1, random with programs)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--variant")
    dup = p.add_mutually_exclusive_group()
    dup.add_argument("--duplicate", dest="duplicate", action="store_true", default=None)
    dup.add_argument("--no-duplicate", dest="duplicate", action="store_false")
    p.add_argument("--schedule", choices=["auto", "round-robin", "random"], default="auto")
    p.add_argument("--early-stop", action="store_true")
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--shards", type=int, default=16, help="shards to cut the tournament into")
    p.add_argument("--dir", type=Path, help="the run's directory (plan, shards, merged result)")
    p.add_argument("--resume", type=Path, metavar="DIR", help="continue the run kept in DIR")
    p.add_argument("--out", type=Path, help="the merged database (default DIR/merged.sqlite)")
    p.add_argument("--address", help="the Ray cluster to join (default: start one here)")
    p.add_argument("--num-cpus", type=int, help="CPUs of a Ray started here")
    p.add_argument("--runtime-env", help="Ray runtime_env as JSON (e.g. a working_dir of bots)")
    p.add_argument("--jobs", type=int, default=1, help="threads (and CPUs) per shard task")
    p.add_argument("--retries", type=int, default=3, help="retries of a shard whose worker is lost")
    p.add_argument("--format", choices=["table", "json", "csv"], default="table")
    a = p.parse_args(argv)
    try:
        if a.jobs < 1 or a.retries < 0:
            raise RunError("--jobs must be at least 1 and --retries at least 0")
        runtime_env = json.loads(a.runtime_env) if a.runtime_env else None
        if a.resume is not None:
            if a.game or a.dir or a.config:
                raise RunError("--resume DIR continues a planned run: give no game, --config "
                               "or --dir")
            directory, plan = a.resume, None
        elif a.config is not None:
            if a.game or not a.dir:
                raise RunError("--config FILE names the tournament: give no game, and the "
                               "run's --dir")
            try:
                config_json = a.config.read_text()
            except OSError as e:
                raise RunError(f"cannot read {a.config}: {e}") from None
            plan = make_plan(config_json, a.shards)
            directory = a.dir
        else:
            if not a.game or not a.dir:
                raise RunError("name the game and the run's --dir (or --resume DIR)")
            config_json = _parlour.plan_tournament(
                a.game, json.dumps(_options(a.option, a.variant)), bots=a.bots,
                bots_file=a.bots_file, course_bots=a.course_bots, games=a.games, seed=a.seed,
                duplicate=a.duplicate, schedule=a.schedule,
                early_stop=a.alpha if a.early_stop else None)
            plan = make_plan(config_json, a.shards)
            directory = a.dir
        fault = os.environ.get("PARLOUR_RAY_FAULT")
        report = run(directory, plan, address=a.address, num_cpus=a.num_cpus,
                     runtime_env=runtime_env, jobs=a.jobs, retries=a.retries, out=a.out,
                     fault=fault)
        out = report["out"]
        _say(f"merged {report['games']} games into {out}")
        sys.stdout.write(_parlour.report(out, a.format))
        return 0
    except (RunError, ParlourError, ValueError) as e:
        _say(f"error: {e}")
        return 2


if __name__ == "__main__":
    sys.exit(main())
