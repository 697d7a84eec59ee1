"""A simple Comp10001-Bo bot (both variants): play the stockpile whenever it can, then build,
then clear an embargo, then embargo the leader; otherwise shed onto discard piles.

    parlour check-bot bo -- python3 bo_simple.py
"""

from typing import List

from parlour_bot import run
from parlour_bot.bo import BoAction, BoBot, BoObservation


class SimpleBo(BoBot):
    name = "bo_simple"

    def act(self, obs: BoObservation, legal: List[BoAction]) -> BoAction:
        def score(a: BoAction) -> float:
            if a.kind == "play":
                s = 0.0
                if a.source == "stock":
                    s += 1000  # emptying the stockpile wins
                if a.to_build:
                    s += 500
                elif a.target.owner == obs.seat:
                    s += 50  # our own discard piles are ours to use later
                if a.source == "discard":
                    s += 20  # frees a card below
                return s
            if a.kind == "clear":
                return 400
            if a.kind == "embargo":
                return 300 - 10 * obs.stock_sizes[a.player]  # the seat closest to winning
            return -1000  # "pass": only legal when nothing else is

        return max(legal, key=score)


if __name__ == "__main__":
    run(SimpleBo())
