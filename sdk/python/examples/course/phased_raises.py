"""A Phased Out bot in the course's interface that raises once another player has had a turn."""


def phasedout_play(player_id, table, turn_history, phase_status, hand, discard):
    if any(player != player_id for player, _ in turn_history):
        raise IndexError("this bot breaks once others have played")
    if turn_history and turn_history[-1][0] == player_id:
        return (5, hand[0])
    return (1, None)
