"""A COMP30024 Chexers player in the referee's interface: it keeps its own board from the
referee's updates and plays the first action it finds (an exit, a move, a jump), or passes."""

STEPS = [(-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1)]
START = {
    "red": [(-3, 3), (-3, 2), (-3, 1), (-3, 0)],
    "green": [(0, -3), (1, -3), (2, -3), (3, -3)],
    "blue": [(3, 0), (2, 1), (1, 2), (0, 3)],
}
EXITS = {
    "red": [(3, -3), (3, -2), (3, -1), (3, 0)],
    "green": [(-3, 3), (-2, 3), (-1, 3), (0, 3)],
    "blue": [(-3, 0), (-2, -1), (-1, -2), (0, -3)],
}


def on_board(h):
    q, r = h
    return -3 <= q <= 3 and -3 <= r <= 3 and -3 <= -q - r <= 3


class Player:
    def __init__(self, colour):
        self.colour = colour
        self.board = {h: c for c, hexes in START.items() for h in hexes}

    def action(self):
        mine = sorted(h for h, c in self.board.items() if c == self.colour)
        for h in mine:
            if h in EXITS[self.colour]:
                return ("EXIT", h)
        for h in mine:
            for dq, dr in STEPS:
                to = (h[0] + dq, h[1] + dr)
                if on_board(to) and to not in self.board:
                    return ("MOVE", (h, to))
                land = (h[0] + 2 * dq, h[1] + 2 * dr)
                if on_board(to) and to in self.board and on_board(land) \
                        and land not in self.board:
                    return ("JUMP", (h, land))
        return ("PASS", None)

    def update(self, colour, action):
        kind, arg = action
        if kind == "MOVE":
            a, b = arg
            del self.board[a]
            self.board[b] = colour
        elif kind == "JUMP":
            a, b = arg
            del self.board[a]
            self.board[b] = colour
            self.board[((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)] = colour
        elif kind == "EXIT":
            del self.board[arg]
