"""A Comp10001-Go bot in the course's interface that answers junk: a number, then a card it
does not hold, then a good card, thinking out loud (no fault: the print goes to the bot log, as
the course's driver allowed, and the card is played)."""


def comp10001go_play(discard_history, player_no, hand):
    turn = len(discard_history)
    if turn % 3 == 0:
        return 42
    if turn % 3 == 1:
        return "ZZ"
    print("thinking out loud")
    return hand[0]


def comp10001go_group(discard_history, player_no):
    # Every discard in one group: not a valid group, so the course scored each card alone.
    return [[turn[player_no] for turn in discard_history]]
