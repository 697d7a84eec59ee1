"""A simple Uno bot: shed points, keep wilds for when nothing else fits, call the colour it holds
most of, and hit a player about to go out with Skip / Draw Two.

    parlour check-bot uno -- python3 uno_simple.py
"""

from collections import Counter
from typing import List

from parlour_bot import run
from parlour_bot.uno import COLORS, UnoAction, UnoBot, UnoCard, UnoObservation


def best_color(hand: List[UnoCard]) -> str:
    """The colour whose cards in hand are worth most (red if the hand holds only wilds)."""
    worth: Counter = Counter()
    for c in hand:
        if c.color is not None:
            worth[c.color] += 1 + c.points
    return max(COLORS, key=lambda col: worth[col])


class SimpleUno(UnoBot):
    name = "uno_simple"

    def act(self, obs: UnoObservation, legal: List[UnoAction]) -> UnoAction:
        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return legal[0]  # "draw", or "pass" after drawing a card that does not fit
        colored = [a for a in plays if not a.card.is_wild]
        if colored:
            danger = obs.hand_sizes[obs.next_player()] <= 2
            count = Counter(c.color for c in obs.hand)

            def score(a: UnoAction) -> float:
                s = a.card.points + count[a.card.color]  # shed points, stay in a long colour
                if danger and a.card.rank in ("S", "+2"):
                    s += 100
                return s

            return max(colored, key=score)
        # Only wilds fit: play one (plain wild first), calling our best colour.
        rest = list(obs.hand)
        wild = min((a.card for a in plays), key=lambda c: c.points)
        rest.remove(wild)
        color = best_color(rest)
        return next(a for a in plays if a.card == wild and a.call == color)


if __name__ == "__main__":
    run(SimpleUno())
