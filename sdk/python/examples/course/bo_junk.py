"""A Comp10001-Bo bot in the course's interface that answers junk: a list instead of a tuple,
then a card it does not hold, then a destination that is no pile."""


def comp10001bo_play(player_no, hand, stockpiles, discard_piles, build_piles, play_history):
    kind = len(play_history) % 3
    if kind == 0:
        return [0, hand[0], [1, [player_no, 0]]]
    if kind == 1:
        return (0, "ZZ", (0, 0))
    return (0, hand[0], (7, 7))
