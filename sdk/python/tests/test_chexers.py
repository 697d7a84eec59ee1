"""Chexers observations and actions, against real parlour observations."""

import unittest

from tests.support import fixture, fixtures
from parlour_bot.chexers import (EXIT_HEXES, ChexersBot, ChexersObservation, Hex, Outcome,
                                 distance_to_exit, on_board, parse_action)


class Actions(unittest.TestCase):
    def test_forms(self):
        m = parse_action("MOVE (-3,0) (-2,0)")
        self.assertEqual((m.kind, m.from_hex, m.to_hex), ("move", Hex(-3, 0), Hex(-2, 0)))
        j = parse_action("JUMP (-3,0) (-1,0)")
        self.assertEqual((j.kind, j.over), ("jump", Hex(-2, 0)))
        e = parse_action("EXIT (3,-3)")
        self.assertEqual((e.kind, e.from_hex, e.to_hex), ("exit", Hex(3, -3), None))
        self.assertEqual(parse_action("PASS").kind, "pass")
        self.assertEqual(parse_action("MOVE ( -3 , 0 ) (-2,0)").from_hex, Hex(-3, 0))
        self.assertEqual(str(Hex(-1, 2)), "(-1,2)")

    def test_bad_actions(self):
        for bad in ["move (-3,0) (-2,0)", "MOVE (-3,0)", "MOVE (-4,0) (-3,0)", "EXIT",
                    "EXIT (3,-3) (3,-2)", "PASS (0,0)", "JUMP -3,0 -1,0", "STAY", ""]:
            with self.subTest(bad=bad):
                with self.assertRaises(ValueError):
                    parse_action(bad)


class Observations(unittest.TestCase):
    def test_every_fixture_parses(self):
        bot = ChexersBot()
        for fx in fixtures("chexers"):
            with self.subTest(note=fx["note"]):
                o = bot.parse_observation(fx["observation"])
                legal = bot.parse_legal(fx["legal"])
                self.assertEqual([a.text for a in legal], fx["legal"])
                self.assertIn(bot.parse_action(fx["action"]), legal)
                self.assertEqual(o.position.to_move, o.seat)
                self.assertEqual(len(o.actions), o.position.turn)
                for a in legal:
                    if a.kind != "pass":
                        self.assertEqual(o.position.at(a.from_hex), o.seat)

    def test_start(self):
        o = ChexersObservation.from_json(fixture("chexers", "the start")["observation"])
        self.assertEqual(o.position, o.start)
        self.assertEqual(o.my_pieces, [Hex(-3, 0), Hex(-3, 1), Hex(-3, 2), Hex(-3, 3)])
        self.assertEqual(o.occurrences, 1)
        self.assertIsNone(o.outcome)

    def test_mid_game(self):
        o = ChexersObservation.from_json(fixture("chexers", "jumps and exits")["observation"])
        self.assertEqual(len(o.my_pieces), 7)  # converted pieces
        self.assertEqual(o.position.at(Hex(1, -1)), 2)
        self.assertIsNone(o.position.at(Hex(0, -3)))
        self.assertEqual(o.actions[0].text, "MOVE (-3,3) (-2,3)")
        self.assertEqual(o.actions[0].kind, "move")

    def test_board_helpers(self):
        self.assertTrue(on_board(0, 0))
        self.assertFalse(on_board(3, 3))
        self.assertEqual(sum(on_board(q, r) for q in range(-3, 4) for r in range(-3, 4)), 37)
        for seat in range(3):
            for h in EXIT_HEXES[seat]:
                self.assertEqual(distance_to_exit(seat, h), 0)
        self.assertEqual(distance_to_exit(0, Hex(-3, 0)), 6)

    def test_outcomes(self):
        self.assertEqual(Outcome.from_json({"win": 1}), Outcome("win", seat=1))
        self.assertEqual(Outcome.from_json({"draw": "repetition"}),
                         Outcome("draw", reason="repetition"))


if __name__ == "__main__":
    unittest.main()
