"""A simple Comp10001-Go bot: complete N-of-a-kind with its own discards (value x N! pays best);
otherwise, early in the game, pick a high card whose other copies are still unseen (it may pair
later), and late in the game the card that costs least as a singleton (minus its value).

    parlour check-bot go -- python3 go_simple.py
"""

from collections import Counter
from math import factorial
from typing import List

from parlour_bot import run
from parlour_bot.go import TURNS, GoAction, GoBot, GoObservation


def kind_score(value: int, n: int) -> int:
    """What n cards of one value score on their own: value x n! for a pair or more, else -value."""
    return value * factorial(n) if n >= 2 else -value * n


class SimpleGo(GoBot):
    name = "go_simple"

    def act(self, obs: GoObservation, legal: List[GoAction]) -> GoAction:
        mine = Counter(c.value for c in obs.my_discards)
        seen = Counter(c.value for pile in obs.discards for c in pile)
        later = (TURNS - 1 - obs.turn) / (TURNS - 1)  # share of the game still to come

        def score(a: GoAction) -> float:
            c = a.card
            if c.is_ace:
                return -20.0  # a lone Ace scores -20; it only pays inside a run
            v, n = c.value, mine[c.value]
            if n:
                return 1000.0 + kind_score(v, n + 1) - kind_score(v, n)
            unseen = 3 - seen[v]  # other copies that may still come our way
            return -v + 2.0 * later * (unseen / 3) * 3 * v

        return max(legal, key=score)


if __name__ == "__main__":
    run(SimpleGo())
