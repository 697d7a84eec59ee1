"""A Comp10001-Bo bot in the course's interface that raises once any play has been made."""


def comp10001bo_play(player_no, hand, stockpiles, discard_piles, build_piles, play_history):
    if play_history:
        raise KeyError("this bot breaks once the game is under way")
    return (0, hand[0], (1, (player_no, 0)))
