"""A simple Phased Out bot (both variants): take the discard when it pairs with the hand, lay a
phase as soon as one is legal, add everything it can, then discard its least useful card.

    parlour check-bot phased -- python3 phased_simple.py
"""

from collections import Counter
from typing import List

from parlour_bot import run
from parlour_bot.phased import PhasedAction, PhasedBot, PhasedObservation


class SimplePhased(PhasedBot):
    name = "phased_simple"

    def act(self, obs: PhasedObservation, legal: List[PhasedAction]) -> PhasedAction:
        kinds = {a.kind: a for a in reversed(legal)}  # the first action of each kind
        if obs.step == "draw":
            top = obs.top_discard
            wants = top is not None and not top.is_joker and (
                top.is_ace or sum(1 for c in obs.hand if c.value == top.value) >= 2)
            if wants and "take" in kinds:
                return kinds["take"]
            return kinds.get("draw", legal[0])
        for kind in ("lay", "add"):
            if kind in kinds:
                return kinds[kind]
        if "skip" in kinds:
            # A Joker scores 25 against us: play it on the seat with the fewest cards.
            skips = [a for a in legal if a.kind == "skip"]
            return min(skips, key=lambda a: obs.hand_sizes[a.target])
        # Discard: keep Aces (wild) and values we hold several of; drop the highest lone card.
        count = Counter(c.value for c in obs.hand)

        def keep(a: PhasedAction) -> float:
            c = a.card
            return (100 if c.is_ace else 0) + 10 * count[c.value] - c.value

        return min((a for a in legal if a.kind == "discard"), key=keep)


if __name__ == "__main__":
    run(SimplePhased())
