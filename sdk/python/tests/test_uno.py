"""Uno cards, actions and observations, against real observations from parlour traces."""

import unittest

from tests.support import fixture, fixtures
from parlour_bot.actions import find, of_kind
from parlour_bot.uno import (UnoBot, UnoObservation, all_uno_cards, find_play, is_playable,
                             parse_action, parse_uno_card, play_action)


class Cards(unittest.TestCase):
    def test_forms(self):
        r5 = parse_uno_card("R5")
        self.assertEqual((r5.color, r5.rank, r5.number, r5.points), ("R", "5", 5, 5))
        gs = parse_uno_card("GS")
        self.assertEqual((gs.color, gs.rank, gs.number, gs.points), ("G", "S", None, 20))
        br = parse_uno_card("BR")
        self.assertEqual((br.color, br.rank), ("B", "R"))
        y2 = parse_uno_card("Y+2")
        self.assertEqual((y2.color, y2.rank, y2.is_special), ("Y", "+2", True))
        w = parse_uno_card("W")
        self.assertEqual((w.color, w.rank, w.is_wild, w.points), (None, "W", True, 50))
        w4 = parse_uno_card("W+4")
        self.assertEqual((w4.rank, w4.is_wild, w4.color_name), ("W+4", True, None))
        self.assertEqual(parse_uno_card("Y0").color_name, "yellow")

    def test_all_kinds_round_trip_in_parlour_order(self):
        kinds = all_uno_cards()
        self.assertEqual(len(kinds), 54)
        self.assertEqual([c.index for c in kinds], list(range(54)))
        self.assertEqual([kinds[i].text for i in (0, 10, 11, 12, 13, 52, 53)],
                         ["R0", "RS", "RR", "R+2", "G0", "W", "W+4"])
        for c in kinds:
            self.assertIs(parse_uno_card(c.text), c)

    def test_bad_cards(self):
        for bad in ["r5", "R10", "RX", "W+2", "R", "", "W4", "Y+4", "B-2", "WB", " R5"]:
            with self.subTest(bad=bad):
                with self.assertRaises(ValueError) as cm:
                    parse_uno_card(bad)
                self.assertIn(repr(bad), str(cm.exception))


class Actions(unittest.TestCase):
    def test_forms(self):
        a = parse_action("R5")
        self.assertEqual((a.kind, a.card.text, a.call, str(a)), ("play", "R5", None, "R5"))
        w = parse_action("W:B")
        self.assertEqual((w.kind, w.card.text, w.call), ("play", "W", "B"))
        w4 = parse_action("W+4:G")
        self.assertEqual((w4.card.text, w4.call), ("W+4", "G"))
        self.assertEqual(parse_action("draw").kind, "draw")
        self.assertEqual(parse_action("pass").kind, "pass")
        self.assertIsNone(parse_action("draw").card)

    def test_bad_actions(self):
        for bad in ["W", "W+4", "R5:B", "W:X", "W:blue", "Draw", "PASS", "W:", "", "R5 "]:
            with self.subTest(bad=bad):
                with self.assertRaises(ValueError) as cm:
                    parse_action(bad)
                self.assertIn(repr(bad), str(cm.exception))

    def test_play_action(self):
        self.assertEqual(play_action(parse_uno_card("G7")).text, "G7")
        self.assertEqual(play_action(parse_uno_card("W+4"), "yellow").text, "W+4:Y")
        self.assertEqual(play_action(parse_uno_card("W"), "R").text, "W:R")
        with self.assertRaises(ValueError):
            play_action(parse_uno_card("W"))


class Observations(unittest.TestCase):
    def test_every_fixture_parses_with_its_legal_list(self):
        bot = UnoBot()
        for fx in fixtures("uno"):
            with self.subTest(note=fx["note"]):
                o = bot.parse_observation(fx["observation"])
                j = fx["observation"]
                self.assertEqual([c.text for c in o.hand], j["hand"])
                self.assertEqual([c.text for c in o.discard], j["discard"])
                self.assertEqual(o.up_card.text, j["up_card"])
                self.assertEqual(o.up_card, o.discard[-1])
                self.assertEqual(o.hand_sizes[o.seat], len(o.hand))
                legal = bot.parse_legal(fx["legal"])
                self.assertEqual([a.text for a in legal], fx["legal"])
                self.assertIn(bot.parse_action(fx["action"]), legal)

    def test_playable_agrees_with_parlours_legal_list(self):
        for fx in fixtures("uno"):
            o = UnoObservation.from_json(fx["observation"])
            legal = [parse_action(t) for t in fx["legal"]]
            with self.subTest(note=fx["note"]):
                if o.deciding_after_draw:
                    fits = is_playable(o.drawn, o.up_card, o.called_color)
                    self.assertEqual({a.card for a in of_kind(legal, "play")},
                                     {o.drawn} if fits else set())
                    self.assertEqual(legal[-1].text, "pass")
                else:
                    playable = set(o.playable())
                    self.assertEqual({a.card for a in of_kind(legal, "play")}, playable)
                    self.assertEqual(of_kind(legal, "draw") != [], not playable)

    def test_wild_up_with_called_colour(self):
        o = UnoObservation.from_json(fixture("uno", "a wild is up")["observation"])
        self.assertEqual(o.up_card.text, "W")
        self.assertEqual(o.called_color, "B")
        self.assertEqual(o.active_color, "B")
        self.assertEqual(o.last_called, ["B", None, None, None])
        self.assertEqual(o.direction, "counterclockwise")
        self.assertEqual(o.next_player(), 2)  # seat 3, counterclockwise

    def test_after_draw_fields(self):
        o = UnoObservation.from_json(fixture("uno", "does not fit")["observation"])
        self.assertTrue(o.deciding_after_draw)
        self.assertEqual(o.drawn.text, "R9")
        self.assertIn(o.drawn, o.hand)

    def test_reshuffle_and_played_cards(self):
        o = UnoObservation.from_json(fixture("uno", "after a reshuffle")["observation"])
        self.assertEqual(len(o.reshuffled), 96)  # every discard but the up card
        self.assertEqual(o.draw_pile, 95)  # less the card just drawn
        self.assertEqual([c.text for c in o.discard], ["G5"])
        self.assertEqual(o.played_cards(), [])  # G5 was played before the reshuffle

    def test_last_round(self):
        o = UnoObservation.from_json(fixture("uno", "second round")["observation"])
        self.assertEqual(o.rounds_completed, 1)
        lr = o.last_round
        self.assertEqual((lr.round, lr.winner), (0, 0))
        self.assertEqual(o.scores[0], lr.points)
        self.assertTrue(any(c is not None for c in o.last_called))

    def test_upcoming_players_follow_current_direction_of_play(self):
        o = UnoObservation.from_json(fixture("uno", "wilds in legal")["observation"])
        self.assertEqual((o.seat, o.direction), (0, "counterclockwise"))
        self.assertEqual(o.upcoming_players(), [3, 2, 1])  # from the next player, seat 3
        self.assertEqual(o.upcoming_players()[0], o.next_player())
        first = UnoObservation.from_json(fixture("uno", "first decision")["observation"])
        self.assertEqual((first.seat, first.direction), (2, "clockwise"))
        self.assertEqual(first.upcoming_players(), [3, 0, 1])

    def test_played_cards(self):
        o = UnoObservation.from_json(fixture("uno", "wilds in legal")["observation"])
        self.assertEqual([c.text for c in o.played_cards()], ["YR", "Y6"])  # Y7 was turned up


class Lookups(unittest.TestCase):
    def setUp(self):
        self.legal = [parse_action(t) for t in fixture("uno", "wilds in legal")["legal"]]

    def test_find_play(self):
        self.assertEqual(find_play(self.legal, "R6").text, "R6")
        self.assertEqual(find_play(self.legal, "W", "blue").text, "W:B")
        self.assertEqual(find_play(self.legal, parse_uno_card("W"), "Y").text, "W:Y")
        self.assertEqual(find_play(self.legal, "W").text, "W:R")
        self.assertIsNone(find_play(self.legal, "B9"))
        self.assertIsNone(find_play(self.legal, "W+4", "B"))

    def test_find_and_of_kind(self):
        self.assertEqual(find(self.legal, "YS").text, "YS")
        self.assertIsNone(find(self.legal, "draw"))
        self.assertEqual(len(of_kind(self.legal, "play")), len(self.legal))
        self.assertEqual(of_kind(self.legal, "draw", "pass"), [])


if __name__ == "__main__":
    unittest.main()
