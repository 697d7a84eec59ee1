"""A COMP10001 Comp10001-Go bot in the course's interface: it plays the first card it holds."""


def comp10001go_play(discard_history, player_no, hand):
    return hand[0]


def comp10001go_group(discard_history, player_no):
    return [[turn[player_no]] for turn in discard_history]
