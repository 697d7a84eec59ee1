"""A COMP10001 Phased Out bot in the course's interface, simple but always valid: it draws from
the deck at the start of its turn and then discards the first card of its hand."""


def phasedout_play(player_id, table, turn_history, phase_status, hand, discard):
    mine = turn_history and turn_history[-1][0] == player_id \
        and turn_history[-1][1][-1][0] != 5
    if not mine:
        return (1, None)
    return (5, hand[0])
