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
