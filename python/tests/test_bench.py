"""`python -m parlour.bench` runs and reports every measurement (a comparison whose package is
missing says so instead)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_the_bench_reports_each_api():
    out = subprocess.run(
        [sys.executable, "-m", "parlour.bench", "--seconds", "0.05", "--batch", "64", "--json"],
        capture_output=True, text=True, timeout=300, check=True).stdout
    report = json.loads(out)
    by_name = {r["name"]: r for r in report["results"]}
    for name in ("parlour AEC", "parlour state", "parlour batch"):
        assert by_name[name]["steps_per_sec"] > 0, by_name[name]
    assert by_name["parlour batch"]["step_only_per_sec"] >= by_name["parlour batch"]["steps_per_sec"]
    for r in report["results"]:
        assert "steps_per_sec" in r or r["error"].startswith("not installed")


def test_the_bench_refuses_bad_arguments():
    p = subprocess.run([sys.executable, "-m", "parlour.bench", "--game", "chess"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "unknown game" in p.stderr
    p = subprocess.run([sys.executable, "-m", "parlour.bench", "--seconds", "0"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "positive" in p.stderr
