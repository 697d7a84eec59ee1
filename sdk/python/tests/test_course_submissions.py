"""Students' submissions as they really are: packages, module state, prints, slow errors, learning
players, and the COMP 202 spellings. Each test here failed on the adapter before these were fixed.
"""

import contextlib
import io
import os
import random
import sys
import tempfile
import textwrap
import time
import unittest

from tests.course_support import (TEAM_SAMPLE, COURSE_FIXTURES, Referee, course_process, go_act,
                                  result, start, write_files)
from tests.support import converse, hello

from parlour_bot.course import CourseError, call_student
from parlour_bot.course.chexers import ChexersCourseBot
from parlour_bot.course.go import GoCourseBot
from parlour_bot.protocol import GameResult

FIRST_RED = ["MOVE (-3,0) (-2,-1)", "MOVE (-3,1) (-2,0)", "MOVE (-3,2) (-2,1)",
             "MOVE (-3,3) (-2,2)", "MOVE (-3,0) (-2,0)", "MOVE (-3,1) (-2,1)",
             "MOVE (-3,2) (-2,2)", "MOVE (-3,3) (-2,3)"]


@contextlib.contextmanager
def quiet():
    """The bot log (standard error) of in-process runs, kept out of the test output."""
    log = io.StringIO()
    with contextlib.redirect_stderr(log):
        yield log


class Temp(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.dir = tmp.name
        saved = list(sys.path)
        self.addCleanup(lambda: sys.path.__setitem__(slice(None), saved))


# A COMP30024 submission in the shape every real one took: a package whose __init__ re-exports
# a class named otherwise, with absolute and relative imports inside.
TEAM_FILES = {
    "team/__init__.py": "from .player import ExamplePlayer as Player\n",
    "team/util.py": "def first(actions):\n    return actions[0]\n",
    "team/player.py": """\
        from team.util import first          # absolute, as the referee's import allowed
        from .moves import OPENING           # relative

        class ExamplePlayer:
            def __init__(self, colour):
                self.colour = colour

            def action(self):
                return first(OPENING)

            def update(self, colour, action):
                pass
        """,
    "team/moves.py": "OPENING = [('MOVE', ((-3, 3), (-2, 2)))]\n",
}


class Packages(Temp):
    """1. A submission is a package (COMP30024), given as its folder or as a file inside it."""

    def play_first_red(self, path):
        bot = ChexersCourseBot(path)
        bot.time_limit_ms = 1000
        with quiet() as log:
            bot.on_start(0, 1, 0)
            answer = bot.act({"seat": 0, "actions": []}, FIRST_RED)
        return answer, log.getvalue()

    def test_a_package_folder_is_imported_by_name_with_its_parent_on_the_path(self):
        write_files(self.dir, TEAM_FILES)
        for path in [os.path.join(self.dir, "team"), os.path.join(self.dir, "team") + os.sep,
                     os.path.join(self.dir, "team", "__init__.py"),
                     os.path.join(self.dir, "team", "player.py")]:
            answer, log = self.play_first_red(path)
            self.assertEqual(answer, "MOVE (-3,3) (-2,2)", f"{path}: {log}")

    def test_a_file_in_a_package_is_imported_as_the_packages_module(self):
        write_files(self.dir, TEAM_FILES)
        write_files(self.dir, {"team/player.py": textwrap.dedent(TEAM_FILES["team/player.py"]) + (
            "Player = ExamplePlayer\nNAME = __name__\n")})
        bot = ChexersCourseBot(os.path.join(self.dir, "team", "player.py"))
        with quiet():
            bot.on_start(0, 1, 0)
        self.assertEqual(bot.module.NAME, "team.player")

    def test_a_folder_that_is_no_package_is_a_fault_saying_so(self):
        os.mkdir(os.path.join(self.dir, "loose"))
        write_files(self.dir, {"loose/player.py": TEAM_FILES["team/player.py"]})
        answer, log = self.play_first_red(os.path.join(self.dir, "loose"))
        self.assertTrue(answer.startswith("course bot fault:"), answer)
        self.assertIn("not a Python package", answer)

    def test_the_command_takes_a_folder_and_a_non_package_is_faulted_not_refused(self):
        write_files(self.dir, TEAM_FILES)
        os.mkdir(os.path.join(self.dir, "loose"))
        msgs = [hello("chexers", players=3), start(0),
                {"type": "act", "id": 1, "observation": {"seat": 0, "actions": []},
                 "legal": FIRST_RED, "time": {"limit_ms": 1000, "bank_ms": 60000}},
                result(None, 3), {"type": "bye"}]
        status, lines, log = course_process("chexers", "team", msgs, self.dir)
        self.assertEqual(status, 0, log)
        self.assertEqual(lines[1]["action"], "MOVE (-3,3) (-2,2)", log)
        status, lines, log = course_process("chexers", "loose", msgs, self.dir)
        self.assertEqual(status, 0, log)
        self.assertIn("not a Python package", lines[1]["action"])


# A Comp10001-Go probe whose every answer shows its state: how many calls its module-level list
# has seen, how many games a module outside the submission (json) has seen, its process, and
# the first draw of the random module.
PROBE_FILES = {
    "probe/__init__.py": "from .play import comp10001go_play\n",
    "probe/memory.py": "calls = []\n",
    "probe/play.py": """\
        import json, os, random
        from probe import memory

        def comp10001go_play(discard_history, player_no, hand):
            memory.calls.append(hand)
            if len(memory.calls) == 1:
                json.probe_games = getattr(json, "probe_games", 0) + 1
                memory.draw = random.random()
            print("probe: thinking")
            if hand == ["DIE"]:
                os._exit(3)
            while hand == ["LOOP"]:
                pass
            return f"{len(memory.calls)}:{json.probe_games}:{os.getpid()}:{memory.draw!r}"
        """,
}


class FreshGames(Temp):
    """2. Module state lasts one game: each game a fresh process, else a fresh import."""

    def test_each_game_runs_in_a_fresh_process_and_reads_on_after_it(self):
        write_files(self.dir, PROBE_FILES)
        msgs = [hello("go")]
        seeds = [11, 12, 13]
        for g, seed in enumerate(seeds):
            msgs.append(start(g, seed=seed))
            msgs += [go_act(10 * g + 1, ["2S", "3S"]), go_act(10 * g + 2, ["4S"], 1)]
            if g != 1:  # game 1 ends without a result: its child hands the next start back
                msgs.append(result())
        # The child keeps the adapter's timer: a call that never ends is a timeout fault.
        loop = go_act(31, ["LOOP"])
        loop["time"]["limit_ms"] = 300
        msgs += [start(3), loop, result(), {"type": "bye"}]
        status, lines, log = course_process("go", "probe", msgs, self.dir)
        self.assertEqual(status, 0, log)
        self.assertEqual(lines[0]["type"], "ready")
        self.assertIn("comp10001go_play ran past its 250 ms", lines.pop()["action"])
        answers = lines[1:]
        self.assertEqual([a["id"] for a in answers], [1, 2, 11, 12, 21, 22], log)
        pids = set()
        for g, seed in enumerate(seeds):
            for turn, a in enumerate(answers[2 * g:2 * g + 2]):
                calls, games, pid, draw = a["action"].split(":")
                # Game 2 starts clean: the package's list and even the json module are new.
                self.assertEqual((calls, games), (str(turn + 1), "1"), log)
                self.assertEqual(float(draw), random.Random(seed).random())
                pids.add(pid)
        self.assertEqual(len(pids), 3, "one process per game")
        self.assertIn("comp10001go_play printed to standard output: probe: thinking", log)

    def test_a_game_process_that_dies_ends_the_program_with_status_1(self):
        write_files(self.dir, PROBE_FILES)
        msgs = [hello("go"), start(0), go_act(1, ["2S"]), result(),
                start(1), go_act(2, ["DIE"]), go_act(3, ["3S"]), result(), {"type": "bye"}]
        status, lines, log = course_process("go", "probe", msgs, self.dir)
        self.assertEqual(status, 1, log)
        self.assertEqual([x.get("id") for x in lines], [None, 1])
        self.assertIn("exited with status 3 during the game", log)

    def test_without_fork_a_new_game_reimports_the_whole_submission(self):
        # In-memory streams cannot be handed to a child: the adapter purges the submission's
        # modules instead. A lone file's helper module is the submission's too.
        write_files(self.dir, PROBE_FILES)
        write_files(self.dir, {
            "lone/helper.py": "seen = []\n",
            "lone/bot.py": """\
                import helper

                def comp10001go_play(discard_history, player_no, hand):
                    helper.seen.append(hand[0])
                    return hand[len(helper.seen) - 1]
                """})
        for path, check in [(os.path.join(self.dir, "probe"), lambda a: a.split(":")[0]),
                            (os.path.join(self.dir, "lone", "bot.py"), lambda a: a)]:
            msgs = [hello("go")]
            for g in range(3):
                msgs += [start(g), go_act(3 * g + 1, ["1", "2", "3"]),
                         go_act(3 * g + 2, ["1", "2", "3"]), result()]
            out, log, status = converse(GoCourseBot(path), msgs)
            self.assertIsNone(status, log)
            self.assertEqual([check(a["action"]) for a in out[1:]], ["1", "2"] * 3, log)


class Printing(Temp):
    """3. A print goes to the bot log, with the call that printed it, and the move stands."""

    def test_a_print_is_logged_and_the_answer_kept(self):
        with quiet() as log:
            self.assertEqual(call_student("f", lambda: print("hello\nagain") or 5), 5)
            self.assertEqual(call_student("g", lambda: print("x", end="") or 6, limit_ms=500), 6)
        self.assertIn("f printed to standard output: hello\n", log.getvalue())
        self.assertIn("f printed to standard output: again\n", log.getvalue())
        self.assertIn("g printed to standard output: x\n", log.getvalue())

    def test_a_printing_go_bot_plays_without_a_fault(self):
        path = os.path.join(COURSE_FIXTURES, "go_prints.py")
        msgs = [hello("go"), start(0), go_act(1, ["9H", "2S"]), go_act(2, ["KD"], 1), result()]
        out, log, status = converse(GoCourseBot(path), msgs)
        self.assertIsNone(status, log)
        self.assertEqual([a["action"] for a in out[1:]], ["2S", "KD"])
        self.assertIn("importing go_prints.py printed to standard output: go_prints: loaded", log)
        self.assertIn("comp10001go_play printed to standard output: turn 1: player 0", log)


class SlowError(Exception):
    def __str__(self):
        time.sleep(0.3)
        return "slow to say"


class EndlessError(Exception):
    def __str__(self):
        time.sleep(30)
        return "never"


def raise_slow():
    raise SlowError()


def raise_endless():
    raise EndlessError()


class SlowLog(io.StringIO):
    """A bot log that takes its time (parlour's log pipe, full): each write takes 0.2 s."""

    def write(self, text):
        time.sleep(0.2)
        return super().write(text)


def fail_late():
    time.sleep(0.05)
    raise ValueError("no move found")


class Timers(unittest.TestCase):
    """4. The timer is off before the error is logged: a slow log is a fault, not the end."""

    def test_an_exception_logged_slowly_is_a_course_error(self):
        log = SlowLog()
        with contextlib.redirect_stderr(log):
            with self.assertRaisesRegex(CourseError, "raised ValueError: no move found"):
                call_student("f", fail_late, limit_ms=100)
        self.assertIn("ValueError: no move found", log.getvalue())

    def test_the_program_survives_an_exception_logged_slowly(self):
        from parlour_bot.protocol import run
        import json
        with tempfile.TemporaryDirectory() as d:
            write_files(d, {"late.py": """\
                import time

                def comp10001go_play(discard_history, player_no, hand):
                    if len(hand) == 2:
                        time.sleep(0.05)
                        raise ValueError("no move found")
                    return hand[0]
                """})
            msgs = [hello("go"), start(0), go_act(1, ["2S", "3S"]), go_act(2, ["4S"], 1)]
            msgs[2]["time"]["limit_ms"] = 150
            stdin = io.StringIO("".join(json.dumps(m) + "\n" for m in msgs))
            stdout, log = io.StringIO(), SlowLog()
            with contextlib.redirect_stderr(log), contextlib.redirect_stdout(log):
                run(GoCourseBot(os.path.join(d, "late.py")), stdin=stdin, stdout=stdout)
        out = [json.loads(x) for x in stdout.getvalue().splitlines()]
        self.assertIn("raised ValueError: no move found", out[1]["action"])
        self.assertEqual(out[2]["action"], "4S")

    def test_an_exception_slow_to_format_is_a_course_error_with_its_message(self):
        with quiet() as log:
            with self.assertRaisesRegex(CourseError, "raised SlowError: slow to say"):
                call_student("f", raise_slow, limit_ms=100)
        self.assertIn("SlowError: slow to say", log.getvalue())
        time.sleep(0.2)  # no timer left to fire

    def test_an_exception_that_never_formats_is_a_course_error_in_bounded_time(self):
        began = time.monotonic()
        with quiet():
            with self.assertRaisesRegex(CourseError, "raised EndlessError: <its message took"):
                call_student("f", raise_endless, limit_ms=100)
        self.assertLess(time.monotonic() - began, 5)


LEARNER = """\
    import time

    class Player:
        def __init__(self, colour):
            self.colour = colour
            self.updates = []

        def action(self):
            return ("PASS", None)

        def update(self, colour, action):
            self.updates.append((colour, action))
            time.sleep(SLEEP)
    """


class ChexersUpdates(Temp):
    """5. Every action reaches update(), the last ones at the result; one decision, one budget."""

    def bot(self, sleep):
        write_files(self.dir, {"learner.py": f"SLEEP = {sleep}\n" + textwrap.dedent(LEARNER)})
        return ChexersCourseBot(os.path.join(self.dir, "learner.py"))

    def test_after_the_game_the_player_has_seen_every_action_its_own_included(self):
        bot = self.bot(0)
        with quiet():
            msgs = [hello("chexers", players=3), start(0, seat=1)]
            final = ["MOVE (-3,3) (-2,2)", "PASS", "MOVE (0,3) (0,2)", "MOVE (-2,2) (-1,1)",
                     "PASS"]
            msgs.append({"type": "act", "id": 1, "observation": {"seat": 1,
                                                                 "actions": final[:1]},
                         "legal": ["PASS"], "time": {"limit_ms": 1000, "bank_ms": 60000}})
            msgs.append(result({"seat": 1, "actions": final}, 3))
            out, log, status = converse(bot, msgs)
        self.assertIsNone(status, log)
        self.assertEqual(out[1]["action"], "PASS")
        colours = ["red", "green", "blue"]
        self.assertEqual(bot.player.updates,
                         [(colours[i % 3], ref_action) for i, ref_action in enumerate(
                             [("MOVE", ((-3, 3), (-2, 2))), ("PASS", None),
                              ("MOVE", ((0, 3), (0, 2))), ("MOVE", ((-2, 2), (-1, 1))),
                              ("PASS", None)])])

    def test_updates_and_the_action_share_the_decisions_time(self):
        # Each update takes 60% of the decision's time: the second runs past what is left.
        bot = self.bot(0.3)
        bot.time_limit_ms = 550  # 500 ms for the student's calls
        with quiet():
            bot.on_start(2, 1, 0)
            began = time.monotonic()
            answer = bot.act({"seat": 2, "actions": ["MOVE (-3,3) (-2,2)",
                                                     "MOVE (0,-3) (0,-2)"]}, ["PASS"])
            spent = time.monotonic() - began
        self.assertTrue(answer.startswith("course bot fault:"), answer)
        self.assertIn("ran past the decision's 500 ms", answer)
        self.assertLess(spent, 0.55, "within parlour's limit")
        self.assertEqual(bot.told, 2, "an update that failed is not repeated")


def play_chexers(bots, seed):
    """One game of three in-process adapters; returns the referee and the answers that were not
    legal."""
    ref = Referee()
    random.seed(seed)
    for seat, bot in enumerate(bots):
        bot.time_limit_ms = 1000
        bot.limits = {"decision_ms": 1000}
        bot.on_start(seat, seed, 0)
    bad = []
    while ref.outcome is None:
        seat = ref.turn % 3
        legal = ref.legal()
        answer = bots[seat].act(ref.observation(seat), legal)
        if answer not in legal:
            bad.append((seat, answer))
            answer = legal[0]
        ref.play(answer)
    for seat, bot in enumerate(bots):
        bot.on_result(GameResult([0.0] * 3, [], ref.observation(seat), 0, False))
    return ref, bad


class TeamSample(unittest.TestCase):
    """The sample submission (a package with module-level state and prints) plays whole games
    with no fault, game after game."""

    def test_whole_games_in_one_process_with_no_fault(self):
        bots = [ChexersCourseBot(TEAM_SAMPLE) for _ in range(3)]
        outcomes = []
        with quiet() as log:
            for seed in range(6):
                ref, bad = play_chexers(bots, seed)
                self.assertEqual(bad, [], f"game {seed}")
                outcomes.append(ref.outcome)
                # Every update reached the player's module-level board, the last ones too.
                board = bots[0].player.update.__globals__["board"]
                self.assertEqual(len(board.HISTORY), len(ref.actions))
        self.assertIn("ExamplePlayer: red plays", log.getvalue())
        self.assertTrue(any(o.startswith("win") for o in outcomes), outcomes)

    def test_whole_games_as_a_real_process_with_no_fault(self):
        import json
        import subprocess
        from tests.support import SDK

        env = dict(os.environ, PYTHONPATH=SDK)
        with tempfile.TemporaryDirectory() as d, open(os.path.join(d, "log"), "w+") as err:
            p = subprocess.Popen([sys.executable, "-m", "parlour_bot.course", "chexers",
                                  TEAM_SAMPLE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=err, text=True, cwd=d, env=env)
            self.addCleanup(p.stdout.close)
            self.addCleanup(p.kill)

            def send(msg):
                p.stdin.write(json.dumps(msg) + "\n")
                p.stdin.flush()

            def receive():
                line = p.stdout.readline()
                self.assertTrue(line, "the program ended")
                return json.loads(line)

            send(hello("chexers", players=3))
            self.assertEqual(receive()["type"], "ready")
            ids = 0
            for game, seat in enumerate([0, 1, 2, 0]):
                send(start(game, seat=seat, seed=game + 5))
                ref, rng = Referee(), random.Random(game)
                while ref.outcome is None:
                    legal = ref.legal()
                    if ref.turn % 3 == seat:
                        ids += 1
                        send({"type": "act", "id": ids, "observation": ref.observation(seat),
                              "legal": legal, "time": {"limit_ms": 1000, "bank_ms": 60000}})
                        answer = receive()
                        self.assertEqual(answer["id"], ids)
                        self.assertIn(answer["action"], legal, f"game {game}")
                        ref.play(answer["action"])
                    else:
                        exits = [a for a in legal if a.startswith("EXIT")]
                        ref.play((exits or legal)[rng.randrange(len(exits or legal))])
                send(result(ref.observation(seat), 3))
            send({"type": "bye"})
            p.stdin.close()
            self.assertEqual(p.wait(timeout=30), 0)
            err.seek(0)
            log = err.read()
        self.assertEqual(log.count("team_sample: Team Sample's Chexers player, loaded"), 4, log)
        self.assertIn("Player(colour) printed to standard output: ExamplePlayer: playing", log)
        self.assertNotIn("fault", log)


class UnoSpellings(unittest.TestCase):
    """6. The hand sizes also under the spelling of Davies' interface and its Python port."""

    def test_the_plural_hands_spelling_gives_the_same_sizes(self):
        from tests.support import fixtures
        from parlour_bot.uno import UnoBot
        from parlour_bot.uno_seed import GameState
        for fx in fixtures("uno")[:20]:
            g = GameState(UnoBot().parse_observation(fx["observation"]))
            self.assertEqual(g.get_num_cards_in_hands_of_upcoming_players(),
                             g.get_num_cards_in_hand_of_upcoming_players())


if __name__ == "__main__":
    unittest.main()
