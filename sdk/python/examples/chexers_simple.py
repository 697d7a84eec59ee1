"""A simple Chexers bot: exit when it can, jump to convert other colours' pieces, otherwise step
the piece that gains most towards its exit edge (ties broken from the game's seed).

    parlour check-bot chexers -- python3 chexers_simple.py
"""

from typing import List

from parlour_bot import run
from parlour_bot.chexers import ChexersAction, ChexersBot, ChexersObservation, distance_to_exit


class SimpleChexers(ChexersBot):
    name = "chexers_simple"

    def act(self, obs: ChexersObservation, legal: List[ChexersAction]) -> ChexersAction:
        me = obs.seat
        pos = obs.position

        def score(a: ChexersAction) -> float:
            if a.kind == "exit":
                return 1000.0
            if a.kind == "pass":
                return -1000.0
            gain = distance_to_exit(me, a.from_hex) - distance_to_exit(me, a.to_hex)
            s = 10.0 * gain
            if a.kind == "jump":
                owner = pos.at(a.over)
                if owner is not None and owner != me:
                    s += 50  # converts a piece to our colour
            return s + self.rng.random()  # break ties from the game's seed

        return max(legal, key=score)


if __name__ == "__main__":
    run(SimpleChexers())
