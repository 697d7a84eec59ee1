"""The course-interface adapters: argument building, action translation, and faults."""

import contextlib
import io
import time
import unittest

from parlour_bot.course import CourseError, call_student, fault_answer
from parlour_bot.course.chexers import parlour_action, referee_action
from parlour_bot.course.go import discard_history


class DiscardHistory(unittest.TestCase):
    def test_it_is_the_observations_discards_by_turn_then_player(self):
        obs = {"discards": [["2S", "3S"], ["4H", "5H"], ["6D", "7D"], ["8C", "9C"]]}
        self.assertEqual(discard_history(obs), [["2S", "4H", "6D", "8C"], ["3S", "5H", "7D", "9C"]])
        self.assertEqual(discard_history({"discards": [[], [], [], []]}), [])


class ChexersActions(unittest.TestCase):
    def test_referee_tuples_and_parlour_text_round_trip(self):
        for text in ["MOVE (-3,0) (-2,0)", "JUMP (-3,0) (-1,0)", "EXIT (3,-3)", "PASS"]:
            self.assertEqual(parlour_action(referee_action(text)), text)
        self.assertEqual(referee_action("MOVE (-3,0) (-2,0)"), ("MOVE", ((-3, 0), (-2, 0))))
        self.assertEqual(referee_action("PASS"), ("PASS", None))

    def test_only_the_referees_exact_tuples_are_actions(self):
        for junk in [["PASS", None], ("PASS",), ("MOVE", [(0, 0), (0, 1)]), ("EXIT", (0, 0, 0)),
                     ("MOVE", ((0, True), (0, 1))), ("FLY", None), 42, None]:
            self.assertIsNone(parlour_action(junk), junk)


class Faults(unittest.TestCase):
    def test_an_exception_and_a_timeout_are_course_errors_a_print_is_not(self):
        log = io.StringIO()
        with contextlib.redirect_stderr(log):
            with self.assertRaisesRegex(CourseError, "raised ZeroDivisionError"):
                call_student("f", lambda: 1 // 0)
            # The course drivers allowed printing: it goes to the log and the answer stands.
            self.assertEqual(call_student("f", lambda: print("hello") or 3), 3)
            with self.assertRaisesRegex(CourseError, "ran past its 50 ms"):
                call_student("f", lambda: time.sleep(2), limit_ms=50)
        self.assertEqual(call_student("f", lambda x: x + 1, 1, limit_ms=1000), 2)
        self.assertIn("f printed to standard output: hello", log.getvalue())

    def test_a_fault_answer_says_why_and_is_no_action(self):
        answer = fault_answer(CourseError("f raised ValueError: no"))
        self.assertIn("f raised ValueError: no", answer)
        self.assertTrue(answer.startswith("course bot fault:"))


if __name__ == "__main__":
    unittest.main()


class BoPlays(unittest.TestCase):
    def test_course_tuples_and_parlour_text_round_trip(self):
        from parlour_bot.course.bo import course_play, parlour_play
        cases = {
            "9D b0": (0, "9D", (0, 0)),
            "9D d2.1": (0, "9D", (1, (2, 1))),
            "s:2C b1": (2, "2C", (0, 1)),
            "d1.0:2C b0": (1, ("2C", (1, 0)), (0, 0)),
            "pass": (3, None, (None, None)),
        }
        for text, play in cases.items():
            self.assertEqual(course_play(text), play, text)
            self.assertEqual(parlour_play(play), text, play)
        self.assertIsNone(course_play("embargo 2"))
        for junk in [[0, "9D", (0, 0)], (0, "9D", (7, 7)), (0, 9, (0, 0)), (3, "9D", (None, None)),
                     (1, ("2C", (1, True)), (0, 0)), None]:
            self.assertIsNone(parlour_play(junk), junk)

    def test_the_arguments_come_from_the_observation(self):
        from parlour_bot.course.bo import arguments
        obs = {"seat": 2, "hand": ["4S", "2H"], "stock_tops": ["JD", "7D", None, "KD"],
               "stock_sizes": [8, 7, 0, 8], "build": [["2S"], [], [], []],
               "discards": [[["5S"], [], [], []], [[], [], [], []], [[], [], [], []],
                            [[], [], [], ["9H", "8S"]]]}
        player_no, hand, stock, discards, build = arguments(obs)
        self.assertEqual((player_no, hand), (2, ["4S", "2H"]))
        self.assertEqual(stock, (("JD", 8), ("7D", 7), (None, 0), ("KD", 8)))
        self.assertEqual(discards[3], ([], [], [], ["9H", "8S"]))
        self.assertEqual(build, (["2S"], [], [], []))


class Modules(unittest.TestCase):
    def test_a_module_that_does_not_import_or_lacks_the_function_is_a_fault(self):
        import os
        import tempfile

        from parlour_bot.course.go import GoCourseBot
        obs = {"seat": 0, "hand": ["2S"], "discards": [[], [], [], []]}
        with tempfile.TemporaryDirectory() as d:
            broken = os.path.join(d, "broken.py")
            with open(broken, "w") as f:
                f.write("def comp10001go_play(:\n")
            empty = os.path.join(d, "empty.py")
            with open(empty, "w") as f:
                f.write("x = 1\n")
            good = os.path.join(d, "good.py")
            with open(good, "w") as f:
                f.write("calls = 0\ndef comp10001go_play(h, p, hand):\n"
                        "    global calls\n    calls += 1\n    return hand[calls - 1]\n")
            bot = GoCourseBot(broken)
            bot.on_start(0, 1, 0)
            self.assertIn("does not import (SyntaxError", bot.act(obs, ["2S"]))
            bot = GoCourseBot(empty)
            bot.on_start(0, 1, 0)
            self.assertIn("defines no comp10001go_play", bot.act(obs, ["2S"]))
            # Module state lasts one game: a new game imports the file afresh.
            bot = GoCourseBot(good)
            for _ in range(2):
                bot.on_start(0, 1, 0)
                self.assertEqual(bot.act(obs, ["2S"]), "2S")
