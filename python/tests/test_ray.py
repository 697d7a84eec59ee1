"""The Ray driver (``python -m parlour.ray``) on a local Ray cluster of 2 CPUs: its standings
equal a one-machine ``parlour tournament`` run's byte for byte; a worker killed mid-shard is
retried and nothing is counted twice; a half-finished run resumes; a missing shard is reported
by the merge; corrupt and foreign shard files are refused with a clear message and nothing
else changes; the early stop cancels the shards it does not need; external programs are
checked on every node before anything starts."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Dict, List

import pytest

ray = pytest.importorskip("ray")

import parlour  # noqa: E402
from parlour import _parlour  # noqa: E402
from parlour import ray as driver  # noqa: E402

from conftest import binary, run_cli  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def local_cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def one_machine(tmp: Path, *args: str) -> Dict[str, str]:
    """``parlour tournament ARGS`` on one machine: its stored standings in every format."""
    db = tmp / "one-machine.sqlite"
    run_cli("tournament", *args, "--db", str(db))
    return {f: run_cli("report", str(db), "--format", f).stdout for f in ("json", "table", "csv")}


def reports(db: Path) -> Dict[str, str]:
    return {f: _parlour.report(str(db), f) for f in ("json", "table", "csv")}


def snapshot(folder: Path) -> Dict[str, str]:
    """Every file under ``folder`` with a hash of its bytes, but for what SQLite's readers
    leave beside a database (a shared-memory index, an empty log)."""
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file() and not p.name.endswith("-shm") and not (
                p.name.endswith("-wal") and p.stat().st_size == 0):
            out[str(p)] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def plan(args: Dict, shards: int) -> Dict:
    config = _parlour.plan_tournament(args.pop("game"), json.dumps(args.pop("options", {})),
                                      **args)
    return driver.make_plan(config, shards)


def test_sixteen_shards_on_ray_give_the_one_machine_standings(tmp_path, capsys):
    expected = one_machine(tmp_path, "uno", "--games", "640")
    code = driver.main(["uno", "--games", "640", "--shards", "16", "--dir", str(tmp_path / "run"),
                        "--format", "json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert captured.out == expected["json"]
    assert reports(tmp_path / "run" / "merged.sqlite") == expected
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert [s["index"] for s in run["shards"]] == list(range(1, 17))
    assert run["games"] == 640 and run["repeated"] == 0 and run["missing"] == []


def test_a_worker_killed_mid_shard_is_retried_and_nothing_is_counted_twice(tmp_path):
    # Shards of 5,000 fast games: long enough that the first games are recorded (in batches
    # every few milliseconds) well before the shard is done.
    expected = one_machine(tmp_path, "uno", "--games", "20000", "--seed", "5")
    p = plan({"game": "uno", "games": 20000, "seed": 5}, 4)
    report = driver.run(tmp_path / "run", p, fault="kill:2/4")
    second = next(s for s in report["shards"] if s["index"] == 2)
    # The retry found the killed attempt's database on this node and resumed it: it played
    # only the games not yet recorded, and the shard holds each of its games once.
    assert 0 < second["played"] < second["games"] == second["recorded"] == 5000, second
    assert report["games"] == 20000 and report["repeated"] == 0
    assert reports(Path(report["out"])) == expected


def test_a_half_finished_run_resumes_and_plays_only_what_is_missing(tmp_path, capsys):
    expected = one_machine(tmp_path, "go", "--games", "96")
    folder = tmp_path / "run"
    assert driver.main(["go", "--games", "96", "--shards", "6", "--dir", str(folder)]) == 0
    for i in (2, 5):
        driver.shard_file(folder, i, 6).unlink()
    capsys.readouterr()
    assert driver.main(["--resume", str(folder), "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "4 in" in captured.err and "2 to play" in captured.err, captured.err
    assert captured.out == expected["json"]
    run = json.loads((folder / "run.json").read_text())
    assert sorted(s["index"] for s in run["shards"] if s["gathered"] == "now") == [2, 5]


def test_a_missing_shard_is_reported_by_the_merge(tmp_path):
    folder = tmp_path / "run"
    driver.run(folder, plan({"game": "bo", "games": 48}, 4))
    files = [str(driver.shard_file(folder, i, 4)) for i in (1, 2, 4)]
    before = snapshot(folder)
    with pytest.raises(parlour.TournamentError, match="shard 3 of 4 is missing"):
        _parlour.merge_shards(str(tmp_path / "m.sqlite"), files)
    assert not (tmp_path / "m.sqlite").exists()
    assert snapshot(folder) == before
    partial = _parlour.merge_shards(str(tmp_path / "m.sqlite"), files, partial=True)
    assert partial["missing"] == [3] and not partial["standings"]["complete"]


def test_corrupt_and_foreign_shard_files_are_refused_and_nothing_else_changes(tmp_path, capsys):
    folder = tmp_path / "run"
    other = tmp_path / "other"
    driver.run(folder, plan({"game": "uno", "games": 80}, 4))
    driver.run(other, plan({"game": "uno", "games": 80, "seed": 9}, 4))
    target = driver.shard_file(folder, 3, 4)
    good = target.read_bytes()
    cases = [
        (driver.shard_file(other, 3, 4).read_bytes(), "of another tournament"),
        (good[: len(good) // 2], "shard-3-of-4.sqlite"),
        (b"not a database at all\n", "is not a parlour tournament database"),
        (driver.shard_file(folder, 1, 4).read_bytes(), "holds shard 1/4, not the one its name says"),
    ]
    for data, needle in cases:
        target.write_bytes(data)
        before = snapshot(tmp_path)
        assert driver.main(["--resume", str(folder)]) == 2
        err = capsys.readouterr().err
        assert needle in err and "error" in err, err
        assert snapshot(tmp_path) == before, needle
    # The merge refuses a foreign shard by itself too.
    target.write_bytes(good)
    files = [str(driver.shard_file(folder, i, 4)) for i in (1, 2)]
    files.append(str(driver.shard_file(other, 3, 4)))
    with pytest.raises(parlour.TournamentError, match="is of another tournament.*seed differs"):
        _parlour.merge_shards(str(tmp_path / "m.sqlite"), files)
    assert not (tmp_path / "m.sqlite").exists()


def test_the_early_stop_cancels_the_shards_it_does_not_need(tmp_path):
    args = ["--bots", "heuristic,random,random,random", "--games", "4000"]
    expected = one_machine(tmp_path, "uno", *args, "--early-stop")
    report = driver.run(tmp_path / "run", plan(
        {"game": "uno", "bots": "heuristic,random,random,random", "games": 4000,
         "early_stop": 0.05}, 8))
    stopped = json.loads(expected["json"])["stopped_early"]["games"]
    assert stopped < 4000
    assert reports(Path(report["out"])) == expected
    # The stop falls in shard 2 (games 500 to 999). Shards start in order, never more than two
    # (the CPUs) past those all in from the first: at most shards 3 and 4 ran beside, uncounted.
    assert 500 <= stopped < 1000
    assert report["standings"]["games_counted"] == stopped
    played = [s["index"] for s in report["shards"]]
    assert played[:2] == [1, 2] and set(played) <= {1, 2, 3, 4}, played


def test_external_programs_are_checked_on_every_node_before_anything_starts(tmp_path, capsys):
    bot = f"mine=cmd:{binary()} serve-bot uno random"
    expected = one_machine(tmp_path, "uno", "--bots", f"heuristic,random,random,{bot}",
                           "--games", "40", "--seed", "3")
    folder = tmp_path / "run"
    assert driver.main(["uno", "--bots", f"heuristic,random,random,{bot}", "--games", "40",
                        "--seed", "3", "--shards", "2", "--dir", str(folder),
                        "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "mine start and greet" in captured.err, captured.err
    assert captured.out == expected["json"]
    broken = "gone=cmd:/nonexistent/bot --play"
    assert driver.main(["uno", "--bots", f"heuristic,random,random,{broken}", "--games", "40",
                        "--shards", "2", "--dir", str(tmp_path / "broken")]) == 2
    err = capsys.readouterr().err
    assert "cannot run the tournament's programs" in err and "gone" in err, err
    assert not list((tmp_path / "broken" / "shards").glob("*.sqlite"))


def test_bad_arguments_are_one_clear_error(tmp_path, capsys):
    cases: List = [
        (["uno", "--games", "40", "--shards", "11", "--dir", str(tmp_path / "a")],
         "--shards must be from 1 to 10"),
        (["uno", "--games", "40", "--shards", "2"], "name the game and the run's --dir"),
        (["--resume", str(tmp_path / "nothing")], "holds no run to resume"),
        (["--resume", str(tmp_path / "damaged")], "is not a run's plan"),
        (["uno", "--bots", "nobody", "--dir", str(tmp_path / "b")], "nobody"),
        (["--config", str(tmp_path / "missing.json"), "--dir", str(tmp_path / "c")],
         "cannot read"),
        (["--config", str(tmp_path / "bad.json"), "--dir", str(tmp_path / "c")],
         "not a tournament configuration"),
        (["uno", "--config", str(tmp_path / "bad.json"), "--dir", str(tmp_path / "c")],
         "give no game"),
    ]
    (tmp_path / "bad.json").write_text('{"games": 8}')
    (tmp_path / "damaged").mkdir()
    (tmp_path / "damaged" / "plan.json").write_text('{"config": {}, "shards": 2}')
    for argv, needle in cases:
        assert driver.main(argv) == 2
        err = capsys.readouterr().err
        assert needle in err, (argv, err)
    folder = tmp_path / "twice"
    assert driver.main(["nim", "--games", "20", "--shards", "2", "--dir", str(folder)]) == 0
    capsys.readouterr()
    assert driver.main(["nim", "--games", "20", "--shards", "2", "--dir", str(folder)]) == 2
    assert "--resume" in capsys.readouterr().err
    shutil.rmtree(folder)


def test_the_sharding_benchmark_measures_both_ways_and_projects(capsys):
    from parlour import ray_bench

    assert ray_bench.main(["--games", "400", "--shards", "4", "--cpus", "2", "--repeat", "1",
                           "--binary", str(binary()), "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["one_process_s"] > 0 and r["ray_s"] > 0 and r["merge_s"] > 0
    assert r["command_line_s"] > 0
    assert r["overhead_paired_median"] == pytest.approx(
        r["runs"]["ray_s"][0] / r["runs"]["one_process_s"][0] - 1)
    assert r["overhead"] == pytest.approx(r["ray_s"] / r["one_process_s"] - 1)
    seconds = [p["seconds"] for p in r["projection"]]
    assert [p["machines"] for p in r["projection"]] == [1, 4, 16, 64]
    assert seconds == sorted(seconds, reverse=True) and min(seconds) >= r["merge_s"]


def test_the_ladder_driver_plays_each_match_it_is_handed(monkeypatch, capsys):
    """``python -m parlour.ray_ladder`` (what ``parlour league run --ray`` starts): it says it
    is ready, plays each match read from its input as a Ray task, and answers each by its
    number with the games the league would play itself (records and traces); a line that is
    not a match, or a match whose configuration is not one, is answered with the reason."""
    import io

    from parlour import ray_ladder

    config = json.loads(_parlour.plan_tournament("nim", "{}", bots="perfect,random", games=2,
                                                 seed=3))
    lines = ["not json", json.dumps({"match": 7, "config": config}),
             json.dumps({"match": 8, "config": {"games": 1}}), ""]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines)))
    assert ray_ladder.serve(None, None, 0, None) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert answers[0] == {"ready": True}
    by_match = {a["match"]: a for a in answers[1:]}
    assert set(by_match) == {None, 7, 8}
    assert "not a match" in by_match[None]["error"]
    assert "not a match" in by_match[8]["error"]
    games = by_match[7]["games"]
    assert games == json.loads(_parlour.play_match(json.dumps(config)))
    assert [g["record"]["index"] for g in games] == [0, 1]
    assert all(g["trace"].startswith('{"type":"header"') or "parlour-trace" in g["trace"]
               for g in games)
