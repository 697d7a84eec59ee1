"""A COMP 202 Uno bot in the course's interface whose play raises on its third decision, and
whose call_color always raises."""


class UnoAI:
    def __init__(self):
        self.turns = 0

    def play(self, hand, up_card, called_color, game_state):
        self.turns += 1
        if self.turns == 3:
            raise RuntimeError("this bot breaks on its third decision")
        for index, card in enumerate(hand):
            if card.color == "none":
                return index
        return -1

    def call_color(self, hand):
        raise KeyError("no favourite colour")
