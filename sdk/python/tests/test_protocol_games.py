"""The protocol loop's games: an event's detail, and a process per game for bots that ask."""

import os
import sys
import tempfile
import textwrap
import unittest

from tests.support import converse, hello
from tests.test_examples import talk

from parlour_bot.protocol import Bot


class EventDetail(unittest.TestCase):
    def test_each_event_sets_its_detail_before_on_event(self):
        seen = []

        class Watcher(Bot):
            def on_start(self, seat, seed, index):
                seen.append(("start", self.event_detail))

            def on_event(self, seat, action):
                seen.append((seat, action, self.event_detail))

            def act(self, observation, legal):
                return 0

        msgs = [hello("phased"), {"type": "start", "index": 0, "seat": 0, "seed": 1},
                {"type": "event", "seat": 1, "action": "take",
                 "detail": {"hand": 3, "card": "JS"}},
                {"type": "event", "seat": 2, "action": "draw"},
                {"type": "event", "seat": 3, "action": None, "detail": {"hand": 3}}]
        out, log, status = converse(Watcher(), msgs)
        self.assertIsNone(status, log)
        self.assertEqual(seen, [("start", None), (1, "take", {"hand": 3, "card": "JS"}),
                                (2, "draw", None), (3, None, {"hand": 3})])
        self.assertIsNone(Bot.event_detail)


FORKING_BOT = """\
    import os
    from parlour_bot import Bot, run

    class Counter(Bot):
        fork_per_game = True
        games = 0  # a class attribute: in one process it would count every game

        def on_start(self, seat, seed, index):
            type(self).games += 1

        def act(self, observation, legal):
            return f"{type(self).games}:{len(observation['blob'])}:{os.getpid()}"

    run(Counter())
    """


class ProcessPerGame(unittest.TestCase):
    def test_each_game_in_a_child_and_long_lines_read_ahead_are_not_lost(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "counter.py")
            with open(path, "w") as f:
                f.write(textwrap.dedent(FORKING_BOT))
            msgs = [hello("uno")]
            sizes = [10, 300_000, 5, 70_000]
            for g, size in enumerate(sizes):
                msgs += [{"type": "start", "index": g, "seat": 0, "seed": g},
                         {"type": "act", "id": g + 1, "observation": {"blob": "x" * size},
                          "legal": ["a"], "time": {"limit_ms": 1000, "bank_ms": 1000}},
                         {"type": "result", "returns": [0.0], "winners": [],
                          "observation": None, "faults": 0, "forfeited": False}]
            msgs.append({"type": "bye"})
            status, lines, log = talk([sys.executable, path], msgs, d)
        self.assertEqual(status, 0, log)
        answers = [x["action"].split(":") for x in lines[1:]]
        self.assertEqual([a[:2] for a in answers], [["1", str(s)] for s in sizes], log)
        self.assertEqual(len({a[2] for a in answers}), len(sizes))


if __name__ == "__main__":
    unittest.main()
