"""A league's ladder matches as Ray tasks: ``python -m parlour.ray_ladder``.

``parlour league run DIR --ray ADDRESS`` (and ``league serve``) starts this driver as its
child and hands it the matches its workers would play: one JSON line a match on standard input,
``{"match": N, "config": {...}}`` (the match's tournament configuration: its entries, its one
deal in every seat rotation, its seed). Each is played by a Ray task on any node
(``_parlour.play_match``, the code the league plays a match with on its own machine) and its
games come back on standard output, one JSON line a match: ``{"match": N, "games": [{"record":
..., "trace": ...}, ...]}``, or ``{"match": N, "error": "..."}``. The first line out is
``{"ready": true}`` once Ray is up. When standard input ends, the driver waits for the matches
in flight and exits.

Only Ray talks to the cluster. The submissions' programs must be at the same path on every node
(the league's folder on a shared file system), as for ``python -m parlour.ray``.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from typing import Any, Dict, Optional, Sequence

from . import _parlour


def _play(config_json: str, logs: Optional[str]) -> str:
    """A Ray task: the match's games (JSON) as the league plays them."""
    from . import _parlour as native

    return native.play_match(config_json, logs)


def _answer(lock: threading.Lock, message: Dict[str, Any]) -> None:
    with lock:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()


def serve(address: Optional[str], logs: Optional[str], retries: int,
          runtime_env: Optional[Dict[str, Any]]) -> int:
    """Plays the matches read from standard input until it ends."""
    import ray  # the optional dependency: pip install "parlour[ray]"

    if not ray.is_initialized():
        ray.init(address=address, runtime_env=runtime_env, log_to_driver=False,
                 include_dashboard=False)
    play = ray.remote(num_cpus=1, max_retries=retries, retry_exceptions=False)(_play)
    lock = threading.Lock()
    pending: Dict[Any, int] = {}
    arrived = threading.Condition()
    ended = False

    def read() -> None:
        nonlocal ended
        for line in sys.stdin:
            if not line.strip():
                continue
            number: Optional[int] = None
            try:
                request = json.loads(line)
                number = int(request["match"])
                config_json = json.dumps(request["config"])
                _parlour.config_hash(config_json)  # a configuration, or a clear error
            except (ValueError, KeyError, TypeError) as e:
                _answer(lock, {"match": number, "error": f"not a match: {e}"})
                continue
            ref = play.remote(config_json, logs)
            with arrived:
                pending[ref] = number
                arrived.notify()
        with arrived:
            ended = True
            arrived.notify()

    # Ready first: every answer comes after it.
    _answer(lock, {"ready": True})
    threading.Thread(target=read, daemon=True).start()
    while True:
        with arrived:
            while not pending and not ended:
                arrived.wait()
            if not pending and ended:
                return 0
            refs = list(pending)
        ready, _ = ray.wait(refs, num_returns=1, timeout=0.5)
        for ref in ready:
            with arrived:
                number = pending.pop(ref)
            try:
                games = json.loads(ray.get(ref))
                _answer(lock, {"match": number, "games": games})
            except Exception as e:  # the task's TournamentError, wrapped by Ray
                cause = getattr(e, "cause", None) or e
                _answer(lock, {"match": number, "error": str(cause)})


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m parlour.ray_ladder",
        description="Play a league's ladder matches as Ray tasks (started by parlour league "
                    "run --ray): matches in on standard input, their games out on standard "
                    "output, one JSON line each.")
    p.add_argument("--address", help="the Ray cluster to join (default: start one here)")
    p.add_argument("--logs", help="where the programs' logs go on each node")
    p.add_argument("--retries", type=int, default=3, help="retries of a match whose worker is lost")
    p.add_argument("--runtime-env", help="Ray runtime_env as JSON")
    a = p.parse_args(argv)
    runtime_env = json.loads(a.runtime_env) if a.runtime_env else None
    return serve(a.address, a.logs, a.retries, runtime_env)


if __name__ == "__main__":
    sys.exit(main())
