"""A COMP 202 Uno bot in the course's interface that answers junk: a word, an index past its
hand, and a colour that is no colour; between them it draws, thinking out loud (no fault: the
print goes to the bot log, and the draw is played)."""


class UnoAI:
    def __init__(self):
        self.turns = 0

    def play(self, hand, up_card, called_color, game_state):
        self.turns += 1
        if self.turns % 4 == 0:
            return "seven"
        if self.turns % 4 == 1:
            return len(hand) + 5
        if self.turns % 4 == 2:
            print("thinking out loud")
            return -1
        for index, card in enumerate(hand):
            if card.color == "none":
                return index
        return -1

    def call_color(self, hand):
        return "purple"
