"""A COMP10001 Comp10001-Bo bot in the course's interface that always makes a valid play: its
stockpile's top card where it fits, else its first hand card that is not an Ace on its own first
discard pile (starting or restarting it, which ends the turn), else the first valid play from a
discard pile or an Ace from the hand, else no play."""

VALUES = "A234567890JQK"


def value(card):
    return VALUES.index(card[0]) + 1


def colour(card):
    return "red" if card[1] in "HD" else "black"


def fits_build(card, pile):
    if not pile:
        return value(card) in (2, 13)
    return colour(card) == colour(pile[0]) and (value(card) == 1
                                                or abs(value(card) - value(pile[-1])) == 1)


def fits_discard(card, pile):
    if not pile or value(card) == 1:
        return False
    a, b = value(card), value(pile[-1])
    return colour(card) != colour(pile[-1]) and (abs(a - b) == 1 or {a, b} == {2, 13})


def comp10001bo_play(player_no, hand, stockpiles, discard_piles, build_piles, play_history):
    top, count = stockpiles[player_no]
    if count and top:
        for i, pile in enumerate(build_piles):
            if fits_build(top, pile):
                return (2, top, (0, i))
    for card in hand:
        if card[0] != "A":
            return (0, card, (1, (player_no, 0)))
    sources = [((card, (p, j)), card, (p, j)) for p, piles in enumerate(discard_piles)
               for j, pile in enumerate(piles) for card in pile[-1:]]
    for source, card, where in sources:
        for i, pile in enumerate(build_piles):
            if fits_build(card, pile):
                return (1, source, (0, i))
        for p, piles in enumerate(discard_piles):
            for j, pile in enumerate(piles):
                if (p, j) != where and fits_discard(card, pile):
                    return (1, source, (1, (p, j)))
    if count and top:
        for p, piles in enumerate(discard_piles):
            for j, pile in enumerate(piles):
                if fits_discard(top, pile):
                    return (2, top, (1, (p, j)))
    for card in hand:
        for i, pile in enumerate(build_piles):
            if fits_build(card, pile):
                return (0, card, (0, i))
    return (3, None, (None, None))
