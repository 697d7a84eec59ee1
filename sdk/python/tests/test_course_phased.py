"""The Phased Out course adapter: lays as the course accepted them, and ``turn_history`` as the
course passed it (every take with its card, every hand from its start)."""

import json
import os
import unittest

from parlour_bot.course.phased import (PhasedCourseBot, course_play, lay_key, matching_lay,
                                       parlour_text)

#: parlour's listing of the lays of a hand holding 3H 3D 3C 4D 4D 4C (phase 1): the two sets in
#: ascending order of their cards (card order is by suit, S H D C, then value).
PHASE_1 = ["lay 3H 3D 3C / 4D 4D 4C", "discard 3H", "discard 4D"]
#: parlour's listing for 7S 7C 7C 5H 5D AS AH AD (phase 3): the lowest-sorted Aces handed out
#: group by group.
PHASE_3 = ["lay 7S 7C 7C AS / 5H 5D AH AD", "discard 7S"]
#: A phase 5 (a run of four of one colour, then a set of four) as parlour lists it.
PHASE_5 = ["lay 5H 6D AS 8H / 9S 9C 9D AH", "discard 5H"]


class Student:
    """A ``phasedout_play`` that answers ``play`` and records its arguments."""

    def __init__(self, play):
        self.play, self.calls = play, []

    def __call__(self, player_id, table, turn_history, phase_status, hand, discard):
        self.calls.append(turn_history)
        return self.play


def adapter(student):
    bot = PhasedCourseBot("unused.py")
    bot.student = lambda seat, entry="": student
    bot.time_limit_ms = 0
    return bot


def observation(seat=0, hands_completed=0, discard=("7H",), variant="standard"):
    return {"seat": seat, "variant": variant, "hand": ["2S", "ZZ"], "discard": list(discard),
            "table": [[], [], [], []], "phases_done": [[], [], [], []],
            "laid": [False] * 4, "hands_completed": hands_completed}


class Lays(unittest.TestCase):
    def test_phase_1_and_3_two_sets_in_the_other_order_are_the_listed_lay(self):
        self.assertEqual(parlour_text((3, [["4D", "4D", "4C"], ["3H", "3D", "3C"]]), PHASE_1, []),
                         "lay 3H 3D 3C / 4D 4D 4C")

    def test_a_sets_cards_in_any_order_and_any_ace_where_another_stands(self):
        self.assertEqual(
            parlour_text((3, [["7S", "7C", "7C", "AD"], ["5H", "5D", "AS", "AH"]]), PHASE_3, []),
            "lay 7S 7C 7C AS / 5H 5D AH AD")
        self.assertEqual(
            parlour_text((3, [["AH", "AD", "5D", "5H"], ["7C", "AS", "7S", "7C"]]), PHASE_3, []),
            "lay 7S 7C 7C AS / 5H 5D AH AD")

    def test_groups_as_tuples_are_accepted(self):
        self.assertEqual(parlour_text((3, (("4D", "4D", "4C"), ("3H", "3D", "3C"))), PHASE_1, []),
                         "lay 3H 3D 3C / 4D 4D 4C")
        self.assertEqual(parlour_text((4, ("5D", [1, 0, 3])), [], []), "add 5D 1 0 3")

    def test_phase_5_keeps_the_run_before_the_set_and_a_run_keeps_its_order(self):
        self.assertEqual(
            parlour_text((3, [["5H", "6D", "AC", "8H"], ["9S", "AD", "9D", "9C"]]), PHASE_5, []),
            "lay 5H 6D AS 8H / 9S 9C 9D AH")
        swapped = (3, [["9S", "9C", "9D", "AH"], ["5H", "6D", "AS", "8H"]])
        self.assertIsNone(matching_lay(swapped[1], PHASE_5))
        self.assertNotIn(parlour_text(swapped, PHASE_5, []), PHASE_5)
        descending = (3, [["8H", "AS", "6D", "5H"], ["9S", "9C", "9D", "AH"]])
        self.assertNotIn(parlour_text(descending, PHASE_5, []), PHASE_5)
        # The Ace's place in a run says which value it stands for: another place is another run.
        self.assertNotEqual(lay_key([["AS", "5H", "6D", "8H"]] * 2), lay_key([["5H", "6D", "AS",
                                                                               "8H"]] * 2))

    def test_a_lay_parlour_does_not_allow_is_a_fault_that_says_why(self):
        bot = adapter(Student((3, [["9S", "9C", "9D", "AH"], ["5H", "6D", "AS", "8H"]])))
        answer = bot.act(observation(), PHASE_5)
        self.assertTrue(answer.startswith("course bot fault:"), answer)
        self.assertIn("phase 5's run comes before its set", answer)

    def test_a_joker_discarded_plainly_is_refused_with_the_ruling_named(self):
        bot = adapter(Student((5, "ZZ")))
        answer = bot.act(observation(variant="bonus"), ["skip 1", "skip 2", "discard 2S"])
        self.assertTrue(answer.startswith("course bot fault:"), answer)
        self.assertIn("(5, 'ZZ')", answer)
        self.assertIn("(6, player)", answer)


class History(unittest.TestCase):
    def test_a_take_shows_the_card_the_event_names_even_the_turned_up_one(self):
        student = Student((1, None))
        bot = adapter(student)
        bot.on_start(0, 1, 0)
        # Seat 3 takes the card turned up at the deal before seat 0 has seen the hand.
        bot.event_detail = {"hand": 0, "card": "JS"}
        bot.on_event(3, "take")
        bot.event_detail = {"hand": 0}
        bot.on_event(3, "discard 4C")
        self.assertEqual(bot.act(observation(discard=["4C"]), ["draw", "take"]), "draw")
        self.assertEqual(student.calls[-1], [(3, [(2, "JS"), (5, "4C")])])

    def test_a_new_hand_starts_a_new_history_where_the_events_say(self):
        student = Student((1, None))
        bot = adapter(student)
        bot.on_start(0, 1, 0)
        for seat, action in [(1, "draw"), (1, "discard 9C"), (2, "draw"), (2, "discard 2S")]:
            bot.event_detail = {"hand": 0}
            bot.on_event(seat, action)
        # Hand 0 ended with seat 2's last card, however it ended; hand 1's first plays follow.
        for seat, action in [(2, "draw"), (2, "discard KD"), (3, "draw"), (3, "discard 5C")]:
            bot.event_detail = {"hand": 1}
            bot.on_event(seat, action)
        bot.act(observation(hands_completed=1, discard=["KD", "5C"]), ["draw", "take"])
        self.assertEqual(student.calls[-1], [(2, [(1, "XX"), (5, "KD")]),
                                             (3, [(1, "XX"), (5, "5C")])])

    def test_a_seat_that_leads_a_hand_starts_it_with_no_turns(self):
        student = Student((1, None))
        bot = adapter(student)
        bot.on_start(0, 1, 0)
        bot.event_detail = {"hand": 0}
        bot.on_event(3, "draw")
        bot.on_event(3, "discard 5C")
        bot.act(observation(hands_completed=1), ["draw", "take"])
        self.assertEqual(student.calls[-1], [])

    def test_turn_history_is_the_hands_plays_as_the_course_passed_them(self):
        """Against the truth of a recorded game (four heuristic bots, seed 3, five hands): at
        each of seat 0's decisions ``turn_history`` is exactly the hand's plays so far, draws
        from the deck as ``(1, 'XX')``, each take with the card it took (the card turned up at
        the deal too), fed the events as parlour sends them."""
        path = os.path.join(os.path.dirname(__file__), "fixtures", "phased_course_trace.json")
        with open(path) as f:
            decisions = json.load(f)
        now = {}

        def play(player_id, table, turn_history, phase_status, hand, discard):
            seen.append(turn_history)
            answer = course_play(now["action"], now["observation"]["discard"])
            return (1, None) if answer[0] == 1 else answer

        seen = []
        bot = adapter(play)
        bot.on_start(0, 1, 0)
        truth, expected, hand = [], [], -1
        for now in decisions:
            obs, seat, action = now["observation"], now["seat"], now["action"]
            if obs["hands_completed"] != hand:
                truth, hand = [], obs["hands_completed"]
            played = course_play(action, obs["discard"])
            if seat == 0:
                expected.append([(p, list(plays)) for p, plays in truth])
                self.assertEqual(bot.act(obs, [action]), action)
            else:
                # parlour's detail, from the actor's view before the action.
                bot.event_detail = {"hand": obs["hands_completed"]}
                if action == "take":
                    bot.event_detail["card"] = obs["discard"][-1]
                bot.on_event(seat, action)
            if truth and truth[-1][0] == seat and truth[-1][1][-1][0] not in (5, 6):
                truth[-1][1].append(played)
            else:
                truth.append((seat, [played]))
        self.assertGreater(len(seen), 40)
        takes = [p for h in expected for _, plays in h for p in plays if p[0] == 2]
        self.assertTrue(takes and all(card != "XX" for _, card in takes), takes)
        for i, (got, want) in enumerate(zip(seen, expected)):
            self.assertEqual(got, want, f"seat 0's decision {i}")


class Errors(unittest.TestCase):
    def test_a_play_that_is_no_play_is_a_fault(self):
        for junk in [[1, None], (3, []), (3, [["2S"], "3S"]), (4, ("5D", (1, 0))), (9, None)]:
            answer = adapter(Student(junk)).act(observation(), ["draw"])
            self.assertTrue(answer.startswith("course bot fault:"), (junk, answer))


if __name__ == "__main__":
    unittest.main()
