"""A simple Comp10001-Go bot: pick cards that make N-of-a-kind with its own discards (value x N!),
then cards that extend an alternating-colour run, else the card that hurts least as a singleton.

    parlour check-bot go -- python3 go_simple.py
"""

from typing import List

from parlour_bot import run
from parlour_bot.go import GoAction, GoBot, GoObservation


class SimpleGo(GoBot):
    name = "go_simple"

    def act(self, obs: GoObservation, legal: List[GoAction]) -> GoAction:
        mine = obs.my_discards

        def score(a: GoAction) -> float:
            c = a.card
            if c.is_ace:
                return -15.0  # a lone Ace scores -20; it only pays inside a run
            same = sum(1 for d in mine if d.value == c.value)
            if same:
                return 100.0 + same * 20 + c.value  # pairs, triples ... of high values pay most
            near = sum(1 for d in mine
                       if d.value is not None and abs(d.value - c.value) == 1
                       and d.colour != c.colour)
            if near:
                return 50.0 + c.value
            return -float(c.value)  # a singleton scores minus its value

        return max(legal, key=score)


if __name__ == "__main__":
    run(SimpleGo())
