"""Comp10001-Bo observations and actions (both variants), against real parlour observations."""

import unittest

from tests.support import fixture, fixtures
from parlour_bot.actions import of_kind
from parlour_bot.bo import BoBot, BoObservation, Outcome, Pile, parse_action


class Actions(unittest.TestCase):
    def test_forms(self):
        a = parse_action("9D b0")
        self.assertEqual((a.kind, a.card.text, a.source, a.target), ("play", "9D", "hand",
                                                                      Pile("build", 0)))
        self.assertTrue(a.to_build)
        b = parse_action("9D d2.1")
        self.assertEqual(b.target, Pile("discard", 1, 2))
        self.assertEqual(str(b.target), "d2.1")
        self.assertFalse(b.to_build)
        s = parse_action("s:2C b1")
        self.assertEqual((s.source, s.card.text, str(s.target)), ("stock", "2C", "b1"))
        d = parse_action("d1.0:2C b0")
        self.assertEqual((d.source, str(d.source_pile), d.card.text), ("discard", "d1.0", "2C"))
        self.assertEqual(parse_action("pass").kind, "pass")
        self.assertEqual(parse_action("clear").kind, "clear")
        e = parse_action("embargo 2")
        self.assertEqual((e.kind, e.player), ("embargo", 2))

    def test_bad_actions(self):
        for bad in ["9D b4", "9D d4.0", "9D d0.4", "9D d0", "9D x0", "b0:9D d0.0", "embargo 4",
                    "embargo", "9D", "10D b0", "s:10D b0", "PASS", "9D b0 b1", ""]:
            with self.subTest(bad=bad):
                with self.assertRaises(ValueError):
                    parse_action(bad)


class Observations(unittest.TestCase):
    def test_every_fixture_parses(self):
        bot = BoBot()
        for fx in fixtures("bo"):
            with self.subTest(note=fx["note"]):
                o = bot.parse_observation(fx["observation"])
                self.assertEqual(o.variant, fx["options"]["variant"])
                legal = bot.parse_legal(fx["legal"])
                self.assertEqual([a.text for a in legal], fx["legal"])
                self.assertIn(bot.parse_action(fx["action"]), legal)
                self.assertEqual(o.hand_sizes[o.seat], len(o.hand))
                self.assertEqual(len(o.build), 4)
                self.assertEqual([len(p) for p in o.discards], [4, 4, 4, 4])
                for a in of_kind(legal, "play"):
                    if a.source == "hand":
                        self.assertIn(a.card, o.hand)
                    elif a.source == "stock":
                        self.assertEqual(a.card, o.my_stock_top)
                    else:
                        pile = o.discards[a.source_pile.owner][a.source_pile.index]
                        self.assertEqual(a.card, pile[-1])

    def test_standard_game_has_no_embargo_cards(self):
        o = BoObservation.from_json(fixture("bo", "standard: first decision")["observation"])
        self.assertEqual(o.holds_embargo, [False] * 4)
        self.assertEqual(o.stock_sizes, [8, 8, 8, 8])
        self.assertEqual([c.text for c in o.stock_tops], ["5C", "JH", "5H", "QD"])
        self.assertIsNone(o.outcome)

    def test_embargo(self):
        fx = fixture("bo", "embargo legal")
        o = BoObservation.from_json(fx["observation"])
        self.assertEqual(o.holds_embargo, [True] * 4)
        embargoes = of_kind([parse_action(t) for t in fx["legal"]], "embargo")
        self.assertEqual([a.player for a in embargoes], [0])  # only seat 0 has <= 3 cards
        self.assertEqual(o.stock_sizes[0], 3)
        cleared = BoObservation.from_json(fixture("bo", "clear")["observation"])
        self.assertEqual(cleared.embargoed_by, [1, None, 3, None])
        self.assertEqual(cleared.holds_embargo, [True, False, True, False])

    def test_piles_and_recycled(self):
        o = BoObservation.from_json(fixture("bo", "recycled")["observation"])
        self.assertEqual([[c.text for c in p] for p in o.build],
                         [["KC", "QS"], ["2D", "3D", "4H", "3D"], ["KS"], ["2S"]])
        self.assertEqual(o.plays, 4)
        self.assertIn("AC", [c.text for c in o.recycled])

    def test_outcomes(self):
        self.assertEqual(Outcome.from_json({"won": 2}), Outcome("won", 2))
        self.assertEqual(Outcome.from_json("blocked"), Outcome("blocked"))
        self.assertEqual(Outcome.from_json("turn_limit").kind, "turn_limit")


if __name__ == "__main__":
    unittest.main()
