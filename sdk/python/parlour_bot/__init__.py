"""parlour_bot: write a parlour bot in Python.

A bot is a class with an ``act`` method, run with :func:`run`::

    from parlour_bot import run
    from parlour_bot.uno import UnoBot

    class First(UnoBot):
        def act(self, obs, legal):
            return legal[0]

    if __name__ == "__main__":
        run(First())

Modules: :mod:`~parlour_bot.protocol` (the loop and :class:`Bot`), :mod:`~parlour_bot.cards`
(standard cards), one module per game (:mod:`~parlour_bot.uno`, :mod:`~parlour_bot.go`,
:mod:`~parlour_bot.phased`, :mod:`~parlour_bot.bo`, :mod:`~parlour_bot.chexers`),
:mod:`~parlour_bot.actions` (lookups over a legal list) and :mod:`~parlour_bot.uno_seed`
(the COMP 202 ``UnoAI`` adapter). The game modules are imported on demand, so a bot pays only
for the game it plays.
"""

from .actions import Action, find, of_kind, texts
from .cards import Card, parse_card, parse_cards
from .protocol import PROTOCOL, Bot, Faulted, GameResult, run

__all__ = ["PROTOCOL", "Bot", "Faulted", "GameResult", "run", "Action", "find", "of_kind",
           "texts", "Card", "parse_card", "parse_cards"]
__version__ = "0.1.0"
