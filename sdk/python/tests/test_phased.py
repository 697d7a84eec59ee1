"""Phased Out observations and actions (both variants), against real parlour observations."""

import unittest

from tests.support import fixture, fixtures
from parlour_bot.actions import find, of_kind
from parlour_bot.cards import parse_cards
from parlour_bot.phased import (PhasedBot, PhasedObservation, discard_action, lay_action,
                                parse_action)


class Actions(unittest.TestCase):
    def test_forms(self):
        self.assertEqual(parse_action("draw").kind, "draw")
        self.assertEqual(parse_action("take").kind, "take")
        lay = parse_action("lay 2S 2S AH / 7H 7S 7D")
        self.assertEqual(lay.kind, "lay")
        self.assertEqual([[c.text for c in g] for g in lay.groups],
                         [["2S", "2S", "AH"], ["7H", "7S", "7D"]])
        self.assertEqual(len(lay.cards), 6)
        one = parse_action("lay 2D 3D 6D 7D 9D JD KD")
        self.assertEqual(len(one.groups), 1)
        add = parse_action("add 5D 1 0 8")
        self.assertEqual((add.kind, add.card.text, add.owner, add.group, add.index),
                         ("add", "5D", 1, 0, 8))
        d = parse_action("discard 7C")
        self.assertEqual((d.kind, d.card.text, [c.text for c in d.cards]), ("discard", "7C", ["7C"]))
        s = parse_action("skip 2")
        self.assertEqual((s.kind, s.target, [c.text for c in s.cards]), ("skip", 2, ["ZZ"]))

    def test_bad_actions(self):
        for bad in ["draw now", "lay", "lay 2S / / 3S", "lay 2S 2S 2S 2S 2S 2S 2S 2S 2S",
                    "lay 10S", "add 5D 1 0", "add 5D one 0 8", "discard", "discard 7c",
                    "skip", "skip x", "Discard 7C", "pass"]:
            with self.subTest(bad=bad):
                with self.assertRaises(ValueError):
                    parse_action(bad)

    def test_text_helpers(self):
        self.assertEqual(lay_action([parse_cards("2S 2S AH"), parse_cards("7H 7S 7D")]),
                         "lay 2S 2S AH / 7H 7S 7D")
        self.assertEqual(discard_action(parse_cards("7C")[0]), "discard 7C")


class Observations(unittest.TestCase):
    def test_every_fixture_parses(self):
        bot = PhasedBot()
        for fx in fixtures("phased"):
            with self.subTest(note=fx["note"]):
                o = bot.parse_observation(fx["observation"])
                self.assertEqual(o.variant, fx["options"]["variant"])
                legal = bot.parse_legal(fx["legal"])
                self.assertEqual([a.text for a in legal], fx["legal"])
                self.assertIn(bot.parse_action(fx["action"]), legal)
                self.assertEqual(o.hand_sizes[o.seat], len(o.hand))
                if o.step == "draw":
                    self.assertTrue({a.kind for a in legal} <= {"draw", "take"})
                else:
                    # Every card in hand but a Joker can be discarded.
                    self.assertEqual({a.card for a in of_kind(legal, "discard")},
                                     {c for c in o.hand if not c.is_joker})

    def test_table_groups(self):
        o = PhasedObservation.from_json(fixture("phased", "adds to a run")["observation"])
        suit_set = o.table[1][0]
        self.assertEqual((suit_set.kind, suit_set.suit), ("suit_set", "D"))
        run = o.table[2][0]
        self.assertEqual((run.kind, run.low, run.high, run.colour), ("run", 5, 12, None))
        self.assertEqual(run.cards[2].text, "AH")  # a wild standing for 7
        self.assertEqual(o.phases_done, [[], [2], [4], [4]])
        self.assertEqual(o.laid, [False, True, True, True])
        legal = [parse_action(t) for t in fixture("phased", "adds to a run")["legal"]]
        below = find(legal, "add 4C 2 0 0")
        self.assertEqual((below.owner, below.group, below.index), (2, 0, 0))

    def test_colour_run_and_value_set(self):
        o = PhasedObservation.from_json(fixture("phased", "colour run")["observation"])
        run, value_set = o.table[2]
        self.assertEqual((run.kind, run.low, run.high, run.colour), ("run", 10, 13, "red"))
        self.assertEqual((value_set.kind, value_set.value), ("value_set", 9))
        self.assertEqual(o.phases_done[2], [4, 5])

    def test_known_cards_and_phases_open(self):
        o = PhasedObservation.from_json(fixture("phased", "known cards")["observation"])
        self.assertEqual([[c.text for c in k] for k in o.known], [[], [], ["5S", "JC"], ["KH"]])
        self.assertEqual(o.step, "draw")
        self.assertEqual(o.phases_open(), [1, 2, 3, 5])  # bonus: any phase not done
        std = PhasedObservation.from_json(fixture("phased", "standard: a lay")["observation"])
        self.assertEqual(std.phases_open(), [1])
        self.assertEqual(std.discard, [])  # seat 1 took the only discard
        self.assertIsNone(std.top_discard)
        first = PhasedObservation.from_json(fixture("phased", "first draw")["observation"])
        self.assertEqual(first.top_discard, first.discard[-1])
        self.assertEqual(len(first.discard), 1)

    def test_skip_and_lay_in_legal(self):
        legal = [parse_action(t) for t in fixture("phased", "skip legal")["legal"]]
        self.assertEqual(sorted(a.target for a in of_kind(legal, "skip")), [0, 1, 2])
        lays = of_kind([parse_action(t) for t in fixture("phased", "phase 5")["legal"]], "lay")
        self.assertEqual([len(g) for g in lays[0].groups], [4, 4])


if __name__ == "__main__":
    unittest.main()
