"""The example bots as real processes: each answers real decisions legally over pipes.

Each runs from a temporary working directory with only PYTHONPATH pointing at the kit, as a
bot entered in a tournament would.
"""

import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

from tests.support import EXAMPLES, SDK, act, fixtures, hello


def talk(argv, messages, cwd):
    env = dict(os.environ, PYTHONPATH=SDK)
    text = "".join(json.dumps(m) + "\n" for m in messages)
    p = subprocess.run(argv, input=text, capture_output=True, text=True, cwd=cwd, env=env,
                       timeout=60)
    lines = [json.loads(x) for x in p.stdout.splitlines()]
    return p.returncode, lines, p.stderr


def conversation(game, fxs, players=4):
    msgs = [hello(game, fxs[0]["options"], players),
            {"type": "start", "index": 0, "seat": fxs[0]["seat"], "seed": 5}]
    msgs += [act(100 + i, fx) for i, fx in enumerate(fxs)]
    msgs += [{"type": "result", "returns": [0.0] * players, "winners": [],
              "observation": fxs[-1]["observation"], "faults": 0, "forfeited": False},
             {"type": "bye"}]
    return msgs


class Examples(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def check(self, argv, game, players=4, expect_index=False):
        fxs = fixtures(game)
        status, lines, log = talk(argv, conversation(game, fxs, players), self.tmp.name)
        self.assertEqual(status, 0, log)
        self.assertEqual(lines[0]["type"], "ready")
        self.assertEqual(lines[0]["protocol"], 1)
        answers = lines[1:]
        self.assertEqual(len(answers), len(fxs), log)
        for i, (answer, fx) in enumerate(zip(answers, fxs)):
            with self.subTest(note=fx["note"]):
                self.assertEqual(answer["type"], "action")
                self.assertEqual(answer["id"], 100 + i)
                if expect_index:
                    self.assertEqual(answer["index"], 0)
                else:
                    self.assertIn(answer["action"], fx["legal"])
        return answers

    def test_uno_simple(self):
        answers = self.check([sys.executable, os.path.join(EXAMPLES, "uno_simple.py")], "uno")
        # It saves the wild: with R6 G6 Y2 YS and a wild legal it plays a coloured card.
        self.assertFalse(answers[1]["action"].startswith("W"))

    def test_go_simple(self):
        self.check([sys.executable, os.path.join(EXAMPLES, "go_simple.py")], "go")

    def test_phased_simple(self):
        answers = self.check([sys.executable, os.path.join(EXAMPLES, "phased_simple.py")], "phased")
        notes = [fx["note"] for fx in fixtures("phased")]
        self.assertTrue(answers[notes.index("standard: a lay is legal")]["action"].startswith("lay"))

    def test_bo_simple(self):
        answers = self.check([sys.executable, os.path.join(EXAMPLES, "bo_simple.py")], "bo")
        notes = [fx["note"] for fx in fixtures("bo")]
        self.assertTrue(answers[notes.index("bonus: a Joker in hand")]["action"].startswith("s:"))

    def test_chexers_simple(self):
        answers = self.check([sys.executable, os.path.join(EXAMPLES, "chexers_simple.py")],
                             "chexers", players=3)
        notes = [fx["note"] for fx in fixtures("chexers")]
        self.assertTrue(answers[notes.index("greedy play: jumps and exits legal")]["action"]
                        .startswith("EXIT"))

    def test_uno_seed_ai_as_a_module_argument(self):
        self.check([sys.executable, "-m", "parlour_bot.uno_seed",
                    os.path.join(EXAMPLES, "uno_seed_ai.py")], "uno")

    def test_uno_seed_ai_on_its_own(self):
        self.check([sys.executable, os.path.join(EXAMPLES, "uno_seed_ai.py")], "uno")

    def test_trivial_and_raw(self):
        self.check([sys.executable, os.path.join(EXAMPLES, "trivial_uno.py")], "uno",
                   expect_index=True)
        self.check([sys.executable, os.path.join(EXAMPLES, "raw_first.py")], "uno",
                   expect_index=True)


class RealProcess(unittest.TestCase):
    """What only a real process shows: file descriptor 1 itself is kept for the protocol."""

    def test_print_os_write_and_subprocess_output_reach_the_log(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "noisy.py")
            with open(path, "w") as f:
                f.write(textwrap.dedent("""\
                    import os, subprocess, sys
                    from parlour_bot import Bot, run

                    class Noisy(Bot):
                        def act(self, observation, legal):
                            print("print() line")
                            os.write(1, b"raw fd 1 line\\n")
                            subprocess.run([sys.executable, "-c", "print('child line')"])
                            return 0

                    run(Noisy())
                    """))
            fx = fixtures("uno")[0]
            status, lines, log = talk([sys.executable, path],
                                      [hello("uno"), act(1, fx), {"type": "bye"}], d)
        self.assertEqual(status, 0, log)
        self.assertEqual(lines[0]["type"], "ready")
        self.assertEqual(lines[1], {"type": "action", "id": 1, "index": 0})
        for text in ("print() line", "raw fd 1 line", "child line"):
            self.assertIn(text, log)
        self.assertEqual(len(lines), 2)

    def test_an_exception_exits_with_status_1_and_a_traceback(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "broken.py")
            with open(path, "w") as f:
                f.write("from parlour_bot import Bot, run\n"
                        "class Broken(Bot):\n"
                        "    def act(self, observation, legal):\n"
                        "        return 1 / 0\n"
                        "run(Broken())\n")
            status, lines, log = talk([sys.executable, path],
                                      [hello("uno"), act(1, fixtures("uno")[0])], d)
        self.assertEqual(status, 1)
        self.assertEqual([x["type"] for x in lines], ["ready"])
        self.assertIn("ZeroDivisionError", log)


if __name__ == "__main__":
    unittest.main()
