"""The COMP 202 UnoAI adapter: seed-style cards, the four game_state queries, answer mapping."""

import os
import sys
import tempfile
import unittest

from tests.support import act, converse, fixture, hello
from parlour_bot.uno import UnoObservation, all_uno_cards, parse_uno_card
from parlour_bot.uno_seed import COLORS, RANKS, Card, GameState, SeedAdapter, load_ai_class


def observation(**changes):
    """A hand-made observation: seat 2 of 4, distinct figures per seat."""
    o = {
        "seat": 2, "players": 4,
        "hand": ["R3", "G7", "BS", "W", "W+4"],
        "drawn": None, "deciding_after_draw": False,
        "up_card": "R9", "called_color": None, "direction": "counterclockwise",
        "current_player": 2,
        "hand_sizes": [4, 6, 5, 8],
        "scores": [10, 20, 30, 40],
        "last_called": ["red", None, "blue", "yellow"],
        "discard": ["G1", "G4", "W", "R4", "R9"],
        "draw_pile": 70, "reshuffled": [], "rounds_completed": 1, "decisions": 33,
        "last_round": {"round": 0, "winner": 3, "points": 40},
    }
    o.update(changes)
    return UnoObservation.from_json(o)


class Scripted:
    """A seed-interface AI whose answers are scripted; records what it was given."""

    answers = []
    colours = []

    def __init__(self):
        self.seen = []

    def play(self, hand, up_card, called_color, game_state):
        self.seen.append(("play", [str(c) for c in hand], str(up_card), called_color))
        return Scripted.answers.pop(0)

    def call_color(self, hand):
        self.seen.append(("call_color", [str(c) for c in hand]))
        return Scripted.colours.pop(0)


def adapter(answers, colours=()):
    Scripted.answers = list(answers)
    Scripted.colours = list(colours)
    bot = SeedAdapter(Scripted)
    bot.on_start(2, 0, 0)
    return bot


class SeedCards(unittest.TestCase):
    def test_attributes_of_every_kind(self):
        for kit_card in all_uno_cards():
            c = Card.of(kit_card)
            self.assertIn(c.color, COLORS)
            self.assertIn(c.rank, RANKS)
            self.assertEqual(c.number >= 0, c.rank == "number")
        cases = {"R5": ("red", "number", 5), "G0": ("green", "number", 0),
                 "BS": ("blue", "skip", -1), "YR": ("yellow", "reverse", -1),
                 "R+2": ("red", "draw 2", -1), "W": ("none", "wild", -1),
                 "W+4": ("none", "draw 4", -1)}
        for text, want in cases.items():
            c = Card.of(parse_uno_card(text))
            self.assertEqual((c.color, c.rank, c.number), want, text)

    def test_equality_and_text(self):
        self.assertEqual(Card.of(parse_uno_card("B7")), Card("blue", "number", 7))
        self.assertNotEqual(Card.of(parse_uno_card("B7")), Card.of(parse_uno_card("G7")))
        self.assertEqual(str(Card.of(parse_uno_card("W+4"))), "wild draw 4")
        self.assertEqual(str(Card.of(parse_uno_card("Y+2"))), "yellow draw 2")


class GameStateQueries(unittest.TestCase):
    def setUp(self):
        self.state = GameState(observation())

    def test_upcoming_players_follow_current_direction_of_play(self):
        # The ruling: the lists start from the seat that plays next in the current direction and
        # go on in that direction (the course's own GameState orders them so).
        # Seat 2 of 4, counterclockwise: upcoming is 1, 0, 3.
        self.assertEqual(self.state.get_num_cards_in_hand_of_upcoming_players(), [6, 4, 8])
        self.assertEqual(self.state.get_total_score_of_upcoming_players(), [20, 10, 40])
        self.assertEqual(self.state.get_most_recent_color_called_by_upcoming_players(),
                         ["none", "red", "yellow"])
        # Clockwise: upcoming is 3, 0, 1.
        cw = GameState(observation(direction="clockwise"))
        self.assertEqual(cw.get_num_cards_in_hand_of_upcoming_players(), [8, 4, 6])
        self.assertEqual(cw.get_total_score_of_upcoming_players(), [40, 10, 20])
        self.assertEqual(cw.get_most_recent_color_called_by_upcoming_players(),
                         ["yellow", "red", "none"])

    def test_upcoming_players_follow_current_direction_of_play_at_every_seat(self):
        for direction in ("clockwise", "counterclockwise"):
            for seat in range(4):
                o = observation(seat=seat, direction=direction)
                upcoming = o.upcoming_players()
                self.assertEqual(upcoming[0], o.next_player(), (direction, seat))
                self.assertEqual(sorted(upcoming + [seat]), [0, 1, 2, 3])
                self.assertEqual(GameState(o).get_num_cards_in_hand_of_upcoming_players(),
                                 [o.hand_sizes[s] for s in upcoming])
        # Two players: the other seat either way.
        for direction in ("clockwise", "counterclockwise"):
            o = observation(seat=0, players=2, direction=direction, hand_sizes=[5, 3],
                            scores=[0, 7], last_called=[None, "green"])
            g = GameState(o)
            self.assertEqual(g.get_num_cards_in_hand_of_upcoming_players(), [3])
            self.assertEqual(g.get_total_score_of_upcoming_players(), [7])
            self.assertEqual(g.get_most_recent_color_called_by_upcoming_players(), ["green"])

    def test_played_cards_skip_the_bottom_card(self):
        played = self.state.get_played_cards()
        self.assertEqual([str(c) for c in played], ["green 4", "wild", "red 4", "red 9"])
        self.assertEqual((played[0].color, played[0].rank, played[0].number),
                         ("green", "number", 4))

    def test_exactly_the_four_seed_methods_and_the_java_spelling(self):
        public = sorted(m for m in dir(GameState) if not m.startswith("_"))
        self.assertEqual(public, ["get_most_recent_color_called_by_upcoming_players",
                                  "get_num_cards_in_hand_of_upcoming_players",
                                  "get_num_cards_in_hands_of_upcoming_players",
                                  "get_played_cards",
                                  "get_total_score_of_upcoming_players"])


class Answers(unittest.TestCase):
    def test_index_plays_that_card(self):
        bot = adapter([0])
        self.assertEqual(bot.act(observation(), []), "R3")
        kind, hand, up, called = bot.ai.seen[0]
        self.assertEqual((hand[0], up, called), ("red 3", "red 9", "none"))

    def test_minus_one_draws(self):
        self.assertEqual(adapter([-1]).act(observation(), []), "draw")

    def test_wild_asks_call_color_with_the_rest_of_the_hand(self):
        bot = adapter([4], ["green"])
        self.assertEqual(bot.act(observation(), []), "W+4:G")
        self.assertEqual(bot.ai.seen[1], ("call_color", ["red 3", "green 7", "blue skip", "wild"]))
        self.assertEqual(adapter([3], ["yellow"]).act(observation(), []), "W:Y")

    def test_called_colour_is_passed_by_name(self):
        bot = adapter([1])
        bot.act(observation(up_card="W", called_color="green",
                            discard=["G1", "W"]), [])
        self.assertEqual(bot.ai.seen[0][2:], ("wild", "green"))

    def test_after_a_draw_the_drawn_card_or_pass(self):
        after = dict(hand=["R3", "G7", "R8", "BS", "W", "W+4"], drawn="R8",
                     deciding_after_draw=True, hand_sizes=[4, 6, 6, 8])
        self.assertEqual(adapter([2]).act(observation(**after), []), "R8")
        self.assertEqual(adapter([-1]).act(observation(**after), []), "pass")
        drew_wild = dict(after, hand=["R3", "G7", "BS", "W", "W", "W+4"], drawn="W")
        self.assertEqual(adapter([4], ["blue"]).act(observation(**drew_wild), []), "W:B")

    def test_illegal_answers_are_sent_not_fixed(self):
        # -1 although cards fit: "draw", which parlour will record as illegal.
        self.assertEqual(adapter([-1]).act(observation(), []), "draw")
        # A card that does not fit the up card (G7 on R9): sent as it is.
        self.assertEqual(adapter([1]).act(observation(), []), "G7")
        # After a draw, another card than the drawn one: sent as it is.
        after = dict(hand=["R3", "G7", "R8", "BS", "W", "W+4"], drawn="R8",
                     deciding_after_draw=True, hand_sizes=[4, 6, 6, 8])
        self.assertEqual(adapter([0]).act(observation(**after), []), "R3")

    def test_unwritable_answers_become_unparseable_lines(self):
        saved = sys.stderr
        sys.stderr = log = __import__("io").StringIO()
        try:
            out_of_range = adapter([7]).act(observation(), [])
            negative = adapter([-2]).act(observation(), [])
            not_int = adapter(["0"]).act(observation(), [])
            bad_colour = adapter([3], ["purple"]).act(observation(), [])
        finally:
            sys.stderr = saved
        self.assertIn("returned 7", out_of_range)
        self.assertIn("returned -2", negative)
        self.assertIn("returned '0'", not_int)
        self.assertIn("'purple'", bad_colour)
        self.assertEqual(log.getvalue().count("sent as an illegal answer"), 4)

    def test_through_the_protocol_loop_with_real_observations(self):
        fx = fixture("uno", "wilds in legal")  # hand R6 R+2 G6 BS Y2 YS W; legal R6 G6 Y2 YS W:*
        Scripted.answers = [6, 0, 1]
        Scripted.colours = ["blue"]
        msgs = [hello("uno"), {"type": "start", "index": 0, "seat": 0, "seed": 1},
                act(1, fx), act(2, fx), act(3, fx)]
        out, _, status = converse(SeedAdapter(Scripted), msgs)
        self.assertIsNone(status)
        self.assertEqual([m.get("action") for m in out[1:]], ["W:B", "R6", "R+2"])
        self.assertNotIn("R+2", fx["legal"])  # the illegal answer went out unchanged

    def test_a_fresh_ai_each_game(self):
        bot = adapter([0])
        first = bot.ai
        bot.on_start(2, 1, 1)
        self.assertIsNot(bot.ai, first)


class Loading(unittest.TestCase):
    def test_load_class_with_the_card_shim(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "student_ai_shim_test.py")
            with open(path, "w") as f:
                f.write("from card import COLORS, RANKS\n"
                        "class UnoAI:\n"
                        "    colors = COLORS\n"
                        "    def play(self, hand, up_card, called_color, game_state):\n"
                        "        return -1\n"
                        "    def call_color(self, hand):\n"
                        "        return 'red'\n")
            saved_card = sys.modules.pop("card", None)
            try:
                cls = load_ai_class(path)
            finally:
                sys.modules.pop("card", None)
                if saved_card is not None:
                    sys.modules["card"] = saved_card
                sys.modules.pop("student_ai_shim_test", None)
                if d in sys.path:
                    sys.path.remove(d)
        self.assertEqual(cls.__name__, "UnoAI")
        self.assertEqual(cls.colors, COLORS)

    def test_missing_class_is_reported(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "no_ai_here.py")
            with open(path, "w") as f:
                f.write("x = 1\n")
            try:
                with self.assertRaises(AttributeError) as cm:
                    load_ai_class(path)
            finally:
                sys.modules.pop("no_ai_here", None)
                if d in sys.path:
                    sys.path.remove(d)
        self.assertIn("UnoAI", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
