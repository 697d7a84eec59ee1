"""A Chexers player in the referee's interface whose update raises once others have moved."""


class Player:
    def __init__(self, colour):
        self.colour = colour
        self.seen = 0

    def action(self):
        return ("PASS", None)

    def update(self, colour, action):
        self.seen += 1
        if self.seen > 3:
            raise ValueError("this player breaks after three updates")
