"""The leanest kit bot: answers every Uno decision with legal index 0, without parsing anything.

For timing a round trip through the kit; compare raw_first.py, which speaks the protocol by hand.
"""

from parlour_bot.protocol import Bot, run


class First(Bot):
    name = "trivial_uno"

    def act(self, observation, legal):
        return 0  # an int answers by position in legal


if __name__ == "__main__":
    run(First())
