"""A Comp10001-Go bot in the course's interface whose play raises once it has seen a turn."""


def comp10001go_play(discard_history, player_no, hand):
    if discard_history:
        raise RuntimeError("this bot breaks after the first turn")
    return hand[-1]


def comp10001go_group(discard_history, player_no):
    raise ValueError("no grouping today")
