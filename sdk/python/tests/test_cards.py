"""Standard card notation: strict parsing, clear errors, order and colours."""

import unittest

from tests import support  # noqa: F401  (puts the kit on sys.path)
from parlour_bot.cards import (JOKER, all_cards, format_cards, parse_card, parse_cards)


class ParseCard(unittest.TestCase):
    def test_every_card_of_the_notation(self):
        cards = all_cards(jokers=True)
        self.assertEqual(len(cards), 53)
        self.assertEqual(len({c.text for c in cards}), 53)
        for c in cards:
            self.assertIs(parse_card(c.text), c)
            self.assertEqual(str(c), c.text)

    def test_values_and_suits(self):
        ten = parse_card("0C")
        self.assertEqual((ten.value, ten.suit, ten.colour), (10, "C", "black"))
        ace = parse_card("AS")
        self.assertEqual((ace.value, ace.suit, ace.is_ace), (1, "S", True))
        self.assertEqual(parse_card("KH").value, 13)
        self.assertEqual(parse_card("JD").value, 11)
        self.assertEqual(parse_card("QD").colour, "red")
        self.assertEqual(parse_card("2H").suit_name, "Hearts")

    def test_joker(self):
        z = parse_card("ZZ")
        self.assertIs(z, JOKER)
        self.assertTrue(z.is_joker)
        self.assertEqual((z.value, z.suit, z.colour), (None, None, None))

    def test_bad_tokens_raise_naming_the_token(self):
        for bad in ["10C", "as", "aS", "A", "", "ZZZ", "1S", "AX", " AS", "AS ", "Z", "ZS", "0c"]:
            with self.subTest(bad=bad):
                with self.assertRaises(ValueError) as cm:
                    parse_card(bad)
                self.assertIn(repr(bad), str(cm.exception))

    def test_non_strings_are_rejected(self):
        with self.assertRaises(ValueError):
            parse_card(None)  # type: ignore[arg-type]

    def test_order_is_parlours(self):
        # Spades, Hearts, Diamonds, Clubs; Ace low; the Joker last.
        self.assertEqual(format_cards(sorted(parse_cards("ZZ 2H AH KS AS 0C"))),
                         "AS KS AH 2H 0C ZZ")
        self.assertEqual(parse_card("AS").index, 0)
        self.assertEqual(parse_card("KC").index, 51)


class ParseCards(unittest.TestCase):
    def test_spaces_commas_and_lists(self):
        self.assertEqual(format_cards(parse_cards("AS, 0C ZZ")), "AS 0C ZZ")
        self.assertEqual(format_cards(parse_cards(["7H", "7S"])), "7H 7S")
        self.assertEqual(parse_cards(""), [])

    def test_bad_token_names_token_and_position(self):
        with self.assertRaises(ValueError) as cm:
            parse_cards("AS 10C")
        self.assertIn("'10C'", str(cm.exception))
        self.assertIn("position 1", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
