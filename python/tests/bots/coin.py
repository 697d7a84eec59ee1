"""A bot for any game written with the parlour_bot kit: it picks a legal action with its seeded
``rng`` and counts its games. Run through the protocol (``python3 coin.py``) or in-process
(``parlour.tournament(game, bots=[Coin, ...])``), it makes the same decisions."""

from parlour_bot import Bot, run


class Coin(Bot):
    name = "coin"

    def __init__(self):
        self.games = 0

    def on_start(self, seat, seed, index):
        self.games += 1

    def act(self, observation, legal):
        return self.rng.randrange(len(legal))


if __name__ == "__main__":
    run(Coin())
