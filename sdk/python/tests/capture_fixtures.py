"""Re-captures tests/fixtures/*.jsonl from real games: ``python3 capture_fixtures.py PARLOUR``.

Each fixture line is one decision of a ``parlour play --trace`` game (the observation and legal
list exactly as parlour's ``act`` messages carry them), with the command that reproduces it. Run
it again when a game's observation changes, then re-run the tests.
"""

import json
import os
import subprocess
import sys
import tempfile

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")

# (game, extra arguments, seats, seed): the games the fixtures come from.
GAMES = {
    "uno3": ("uno", [], "random,random,random,random", 3),
    "unor1": ("uno", ["-o", "rounds=5"], "random,random,random,random", 1),
    "unor8": ("uno", ["-o", "rounds=5"], "random,random,random,random", 8),
    "go": ("go", [], "random,random,random,random", 3),
    "phased": ("phased", [], "random,random,random,random", 3),
    "phbh1": ("phased", ["--variant", "bonus"], "heuristic,heuristic,heuristic,heuristic", 1),
    "phbh2": ("phased", ["--variant", "bonus"], "heuristic,heuristic,heuristic,heuristic", 2),
    "bo": ("bo", [], "random,random,random,random", 3),
    "bob": ("bo", ["--variant", "bonus"], "random,random,random,random", 3),
    "bobh1": ("bo", ["--variant", "bonus"], "heuristic,heuristic,heuristic,heuristic", 1),
    "boh1": ("bo", [], "heuristic,heuristic,heuristic,heuristic", 1),
    "chexers": ("chexers", [], "random,random,random", 3),
    "chxg1": ("chexers", [], "greedy,greedy,random", 1),
}

# game -> [(trace, note, predicate(observation, decision))], first match taken.
PICKS = {
    "uno": [
        ("uno3", "first decision: one legal play", lambda o, d: d["index"] == 0),
        ("uno3", "wilds in legal, each with every colour", lambda o, d: d["index"] == 2),
        ("uno3", "a wild is up with a called colour", lambda o, d: d["index"] == 3),
        ("uno3", "after drawing a card that does not fit: pass only",
         lambda o, d: d["index"] == 14),
        ("uno3", "nothing playable: draw", lambda o, d: d["legal"] == ["draw"]),
        ("unor8", "after a reshuffle, deciding about a drawn card that fits",
         lambda o, d: d["index"] == 188),
        ("unor1", "second round: last_round and scores set",
         lambda o, d: o["last_round"] is not None and any(x is not None for x in o["last_called"])),
    ],
    "go": [
        ("go", "seat 0, turn 0", lambda o, d: d["index"] == 0),
        ("go", "seat 2, turn 2: seats 0 and 1 have picked, hidden", lambda o, d: d["index"] == 10),
        ("go", "last turn: one card left", lambda o, d: d["index"] == 39),
    ],
    "phased": [
        ("phased", "standard: the first draw step", lambda o, d: d["index"] == 0),
        ("phased", "standard: a lay is legal",
         lambda o, d: any(a.startswith("lay ") for a in d["legal"])),
        ("phbh1", "bonus: adds to a run and sets on the table",
         lambda o, d: any(a.startswith("add ") for a in d["legal"])
         and '"run"' in json.dumps(o["table"])),
        ("phbh1", "bonus: a Joker in hand, skip legal",
         lambda o, d: any(a.startswith("skip ") for a in d["legal"])),
        ("phbh2", "bonus: two-group lay legal (phase 5)",
         lambda o, d: any(a.startswith("lay ") and "/" in a and len(a.split("/")[0].split()) == 5
                          for a in d["legal"])),
        ("phbh2", "bonus: a colour run on the table",
         lambda o, d: '"colour": "Red"' in json.dumps(o["table"])),
        ("phbh1", "bonus: known cards taken from the discard pile",
         lambda o, d: sum(len(k) for k in o["known"]) >= 3 and o["step"] == "draw"),
    ],
    "bo": [
        ("bo", "standard: first decision", lambda o, d: d["index"] == 0),
        ("bo", "standard: plays from discard piles legal",
         lambda o, d: any(":" in a and a.startswith("d") for a in d["legal"])
         and any(a.startswith("s:") for a in d["legal"])),
        ("bobh1", "bonus: embargo legal",
         lambda o, d: any(a.startswith("embargo") for a in d["legal"])),
        ("bobh1", "bonus: embargoed, clear", lambda o, d: "clear" in d["legal"]),
        ("bob", "bonus: a Joker in hand", lambda o, d: "ZZ" in o["hand"]),
        ("boh1", "standard: recycled cards, build piles started",
         lambda o, d: o["recycled"] and all(o["build"])),
    ],
    "chexers": [
        ("chexers", "the start", lambda o, d: d["index"] == 0),
        ("chxg1", "greedy play: jumps and exits legal",
         lambda o, d: any(a.startswith("EXIT") for a in d["legal"])
         and any(a.startswith("JUMP") for a in d["legal"])),
        ("chexers", "a PASS", lambda o, d: d["legal"] == ["PASS"]),
        ("chexers", "blue, mid-game", lambda o, d: d["index"] == 98),
    ],
}


def main(parlour: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        commands = {}
        for name, (game, extra, seats, seed) in GAMES.items():
            path = os.path.join(tmp, name + ".jsonl")
            argv = [parlour, "play", game, *extra, "--seats", seats, "--seed", str(seed)]
            subprocess.run(argv + ["--trace", path], check=True, stdout=subprocess.DEVNULL)
            commands[name] = " ".join(["parlour"] + argv[1:])
        os.makedirs(OUT, exist_ok=True)
        for game, picks in PICKS.items():
            rows = []
            for trace, note, pick in picks:
                with open(os.path.join(tmp, trace + ".jsonl"), encoding="utf-8") as f:
                    lines = [json.loads(line) for line in f]
                head = lines[0]
                match = next((d for d in lines[1:] if d["kind"] == "decision"
                              and pick(d["observation"], d)), None)
                if match is None:
                    print(f"no decision in {trace} for {game}: {note}", file=sys.stderr)
                    return 1
                rows.append({"game": game, "options": head["options"], "note": note,
                             "source": f"{commands[trace]}: decision {match['index']}",
                             "seat": match["seat"], "observation": match["observation"],
                             "legal": match["legal"], "action": match["action"]})
            with open(os.path.join(OUT, game + ".jsonl"), "w", encoding="utf-8") as f:
                for row in rows:
                    f.write(json.dumps(row, separators=(",", ":")) + "\n")
            print(f"{game}: {len(rows)} fixtures")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python3 capture_fixtures.py PATH/TO/parlour")
    sys.exit(main(sys.argv[1]))
