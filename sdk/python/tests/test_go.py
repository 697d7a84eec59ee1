"""Comp10001-Go observations and picks, against real observations from parlour traces."""

import unittest

from tests.support import fixture, fixtures
from parlour_bot.go import GoBot, GoObservation, find_pick, parse_action


class Picks(unittest.TestCase):
    def test_a_pick_is_a_card(self):
        a = parse_action("7C")
        self.assertEqual((a.kind, a.text, a.card.value, a.card.suit), ("pick", "7C", 7, "C"))
        self.assertEqual(parse_action("0H").card.value, 10)

    def test_bad_picks(self):
        for bad in ["ZZ", "10H", "7c", "pick 7C", ""]:
            with self.subTest(bad=bad):
                with self.assertRaises(ValueError) as cm:
                    parse_action(bad)
                self.assertIn(repr(bad), str(cm.exception))


class Observations(unittest.TestCase):
    def test_every_fixture_parses(self):
        bot = GoBot()
        for fx in fixtures("go"):
            with self.subTest(note=fx["note"]):
                o = bot.parse_observation(fx["observation"])
                legal = bot.parse_legal(fx["legal"])
                self.assertEqual([a.text for a in legal], fx["legal"])
                self.assertEqual({a.card for a in legal}, set(o.hand))  # one pick per card
                self.assertIn(bot.parse_action(fx["action"]), legal)
                self.assertEqual(len(o.held), o.turn + 1)
                self.assertEqual(o.held[-1], o.hand)
                self.assertEqual(len(o.hand), 10 - o.turn)

    def test_picks_of_this_turn_are_hidden(self):
        o = GoObservation.from_json(fixture("go", "seat 2, turn 2")["observation"])
        self.assertEqual((o.seat, o.turn, o.current_player), (2, 2, 2))
        # Seats 0 and 1 have picked this turn, but only the two revealed turns show.
        self.assertEqual([len(d) for d in o.discards], [2, 2, 2, 2])
        self.assertEqual([c.text for c in o.my_discards], ["9H", "8S"])
        self.assertIsNone(o.picked)
        self.assertIsNone(o.scores)

    def test_passed_to_next(self):
        o = GoObservation.from_json(fixture("go", "seat 2, turn 2")["observation"])
        passed = o.passed_to_next()
        self.assertEqual(len(passed), 8)
        self.assertNotIn(o.discards[2][1], passed)
        self.assertTrue(set(passed) <= set(o.held[1]))
        first = GoObservation.from_json(fixture("go", "seat 0, turn 0")["observation"])
        self.assertEqual(first.passed_to_next(), [])

    def test_find_pick(self):
        legal = [parse_action(t) for t in fixture("go", "seat 0, turn 0")["legal"]]
        self.assertEqual(find_pick(legal, "QC").text, "QC")
        self.assertIsNone(find_pick(legal, "KS"))


if __name__ == "__main__":
    unittest.main()
