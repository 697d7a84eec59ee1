"""The course-interface adapters: argument building, action translation, and faults."""

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
    def test_an_exception_a_print_and_a_timeout_are_course_errors(self):
        with self.assertRaisesRegex(CourseError, "raised ZeroDivisionError"):
            call_student("f", lambda: 1 // 0)
        with self.assertRaisesRegex(CourseError, "printed to standard output"):
            call_student("f", lambda: print("hello"))
        with self.assertRaisesRegex(CourseError, "ran past its 50 ms"):
            call_student("f", lambda: time.sleep(2), limit_ms=50)
        self.assertEqual(call_student("f", lambda x: x + 1, 1, limit_ms=1000), 2)

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


class PhasedHistory(unittest.TestCase):
    """The adapter's ``turn_history`` against the truth of a recorded game (four heuristic
    bots, seed 3, five hands): at each of seat 0's decisions it is exactly the hand's plays so
    far, draws from the deck as ``(1, 'XX')``, each take with the card it took."""

    def test_turn_history_is_the_hands_plays_as_the_course_passed_them(self):
        import json
        import os

        from parlour_bot.course.phased import PhasedCourseBot, course_play
        path = os.path.join(os.path.dirname(__file__), "fixtures", "phased_course_trace.json")
        with open(path) as f:
            decisions = json.load(f)
        seen = []

        class Recorder(PhasedCourseBot):
            def on_start(self, seat, seed, index):  # nothing to import: the student is below
                self.hand_index = -1
                self.reset_hand()
                self.deck = None

            def student(self, seat):
                def play(player_id, table, turn_history, phase_status, hand, discard):
                    seen.append(turn_history)
                    answer = course_play(now["action"], now["observation"]["discard"])
                    return (1, None) if answer[0] == 1 else answer
                return play

        bot = Recorder("recorder.py")
        bot.on_start(0, 1, 0)
        truth, expected, hand, acted = [], [], -1, False
        for now in decisions:
            obs, seat, action = now["observation"], now["seat"], now["action"]
            if obs["hands_completed"] != hand:
                truth, hand, acted = [], obs["hands_completed"], False
            play = course_play(action, obs["discard"])
            if play[0] == 2 and not acted and not obs["discard"][:-1] and seat != 0 \
                    and not any(p for _, plays in truth for p in plays if p[0] in (2, 5)):
                play = (2, "XX")  # the turned-up card, taken before seat 0 saw the hand
            if seat == 0:
                expected.append([(p, list(plays)) for p, plays in truth])
                acted = True
                self.assertEqual(bot.act(obs, [action]), action)
            else:
                bot.on_event(seat, action)
            if truth and truth[-1][0] == seat and truth[-1][1][-1][0] not in (5, 6):
                truth[-1][1].append(play)
            else:
                truth.append((seat, [play]))
        self.assertGreater(len(seen), 40)
        for i, (got, want) in enumerate(zip(seen, expected)):
            self.assertEqual(got, want, f"seat 0's decision {i}")


class PhasedHandEnds(unittest.TestCase):
    def test_the_turn_limit_ends_the_hand_the_adapter_follows(self):
        from parlour_bot.course.phased import PhasedCourseBot
        bot = PhasedCourseBot("unused.py")
        bot.history = [(2, [(1, "XX"), (5, "7H")])]
        bot.pile, bot.sizes, bot.deck = ["7H"], [10, 10, 10, 10], 30
        bot.turns = [50, 50, 49, 49]
        bot.on_event(3, "draw")
        bot.on_event(3, "discard 5H")
        self.assertEqual(bot.history[-1], (3, [(1, "XX"), (5, "5H")]), "49 and 50: not yet")
        bot.on_event(2, "take")
        self.assertEqual(bot.history[-1], (2, [(2, "5H")]))
        bot.on_event(2, "discard 9C")
        self.assertEqual(bot.history, [], "every seat's 50th turn ends the hand")
        self.assertEqual(bot.turns, [0, 0, 0, 0])

    def test_the_last_card_of_the_deck_ends_the_hand_after_that_turn(self):
        from parlour_bot.course.phased import PhasedCourseBot
        bot = PhasedCourseBot("unused.py")
        bot.pile, bot.sizes, bot.deck = ["7H"], [10, 10, 10, 10], 1
        bot.on_event(1, "draw")
        self.assertEqual(bot.history, [(1, [(1, "XX")])])
        bot.on_event(1, "discard 4S")
        self.assertEqual(bot.history, [])
