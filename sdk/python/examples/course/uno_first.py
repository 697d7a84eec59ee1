"""A COMP 202 Uno bot in the course's interface: it plays the first card that fits (a wild if
nothing else does), else draws; it calls red."""


class UnoAI:
    def play(self, hand, up_card, called_color, game_state):
        follow = called_color if up_card.color == "none" else up_card.color
        for index, card in enumerate(hand):
            if card.color == "none" or card.color == follow:
                return index
            if up_card.color != "none" and card.rank == up_card.rank and (
                    card.rank != "number" or card.number == up_card.number):
                return index
        return -1

    def call_color(self, hand):
        return "red"
