#!/usr/bin/env python3
"""Independent reference implementation of Chexers move generation and perft.

Written from the rule text (shared/seeds/chexers.txt) and the Chexers section of
shared/RULINGS.md only; standard library only.  Running this file performs a
self-check of hand-verified facts and then writes perft.jsonl beside it.

Rules implemented (RULINGS.md, Chexers):
  * Board: axial (q, r) with -3 <= q, r, -q-r <= 3 (37 hexes).  Neighbour steps in
    the order (-1,0) (0,-1) (1,-1) (1,0) (0,1) (-1,1).
  * Players Red (0), Green (1), Blue (2); the mover is T % 3 where T is the number
    of decisions made so far.
  * MOVE: own piece to an empty neighbour hex.
  * JUMP: own piece over an occupied neighbour (any colour) to the empty on-board
    hex beyond (from + 2*step); the jumped piece becomes the jumper's colour.
  * EXIT: own piece standing on one of the mover's exit hexes leaves the board;
    the mover's exit count goes up by one.
  * PASS: legal only when the mover has no MOVE/JUMP/EXIT.
  * After every action (PASS included) T increases by one and the resulting
    position (colour of every hex + whose turn it is; exit counts and T are NOT
    part of it) is added to the history.  The game ends, checked in this order:
      1. draw:repetition  if that position has now occurred 4 times (the position
                          the history starts from counts once);
      2. draw:turns       if T has reached 768 (256 turns each);
      3. win:<mover>      if the mover has just made their 4th exit.
    (Draws are checked before wins: "when a draw and a 4th exit come on the same
    action, the draw stands".)  A finished game has no legal actions.

Position notation:
  R:-3,0 -3,1 -3,2 -3,3/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:0,0,0/T:0
Action notation:
  MOVE (q,r) (q,r) | JUMP (q,r) (q,r) | EXIT (q,r) | PASS
"""

import json
import os
import sys
import time
from collections import Counter

# ---------------------------------------------------------------------------
# Board geometry
# ---------------------------------------------------------------------------

STEPS = [(-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1)]
COLOURS = "RGB"
NUM_EXITS_TO_WIN = 4
TURN_LIMIT = 768  # decisions in total (256 turns each)
REPEATS_FOR_DRAW = 4

HEXES = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if -3 <= -q - r <= 3]
assert len(HEXES) == 37
INDEX = {h: i for i, h in enumerate(HEXES)}

# NEIGH[i] = list of (neighbour index, landing index or -1), one per on-board step,
# in STEPS order.
NEIGH = []
for (q, r) in HEXES:
    lst = []
    for (dq, dr) in STEPS:
        n = (q + dq, r + dr)
        if n not in INDEX:
            continue
        j = (q + 2 * dq, r + 2 * dr)
        lst.append((INDEX[n], INDEX.get(j, -1)))
    NEIGH.append(lst)

START = {
    0: [(-3, 0), (-3, 1), (-3, 2), (-3, 3)],
    1: [(0, -3), (1, -3), (2, -3), (3, -3)],
    2: [(0, 3), (1, 2), (2, 1), (3, 0)],
}
EXIT_HEXES = {
    0: [(3, -3), (3, -2), (3, -1), (3, 0)],
    1: [(-3, 3), (-2, 3), (-1, 3), (0, 3)],
    2: [(-3, 0), (-2, -1), (-1, -2), (0, -3)],
}
EXIT_IDX = [frozenset(INDEX[h] for h in EXIT_HEXES[c]) for c in range(3)]

# Exact position key: 2 bits per hex (0 empty, colour+1 otherwise) + mover above.
CELL_W = [[(c + 1) << (2 * i) for c in range(3)] for i in range(37)]
MOVER_W = [m << 74 for m in range(3)]

START_TEXT = "R:-3,0 -3,1 -3,2 -3,3/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:0,0,0/T:0"

# ---------------------------------------------------------------------------
# Actions: tuples
#   ('MOVE', from, to)   ('JUMP', from, over, to)   ('EXIT', from)   ('PASS',)
# with hex indices.
# ---------------------------------------------------------------------------


def hex_text(i):
    q, r = HEXES[i]
    return "(%d,%d)" % (q, r)


def action_text(a):
    if a[0] == "MOVE":
        return "MOVE %s %s" % (hex_text(a[1]), hex_text(a[2]))
    if a[0] == "JUMP":
        return "JUMP %s %s" % (hex_text(a[1]), hex_text(a[3]))
    if a[0] == "EXIT":
        return "EXIT %s" % hex_text(a[1])
    return "PASS"


class Game:
    def __init__(self, text):
        self.board = [-1] * 37
        self.exits = [0, 0, 0]
        self.t = 0
        self._parse(text)
        self.key = self._full_key()
        self.history = Counter()
        self.history[self.key] = 1
        # number of positions in the history that have occurred >= 3 times; when
        # zero, no single action can cause a repetition draw (used by the fast
        # leaf count only).
        self.n_hot = 0
        # Outcome of the game so far (None while running).  A given position is
        # finished if someone already has 4 exits or the turn limit is reached.
        self.outcome = None
        for c in range(3):
            if self.exits[c] >= NUM_EXITS_TO_WIN:
                self.outcome = "win:%d" % c
        if self.outcome is None and self.t >= TURN_LIMIT:
            self.outcome = "draw:turns"
        self.coincidences = Counter()  # diagnostics: simultaneous end conditions

    # -- notation ----------------------------------------------------------
    def _parse(self, text):
        fields = text.split("/")
        if len(fields) != 5:
            raise ValueError("position needs 5 '/'-separated fields: %r" % text)
        for c, field in enumerate(fields[:3]):
            prefix = COLOURS[c] + ":"
            if not field.startswith(prefix):
                raise ValueError("field %d should start with %r: %r" % (c, prefix, field))
            body = field[len(prefix):]
            if body == "":
                continue
            for tok in body.split(" "):
                parts = tok.split(",")
                if len(parts) != 2:
                    raise ValueError("bad hex %r" % tok)
                h = (int(parts[0]), int(parts[1]))
                if h not in INDEX:
                    raise ValueError("hex off board: %r" % tok)
                i = INDEX[h]
                if self.board[i] != -1:
                    raise ValueError("hex listed twice: %r" % tok)
                self.board[i] = c
        if not fields[3].startswith("X:"):
            raise ValueError("bad exits field %r" % fields[3])
        xs = fields[3][2:].split(",")
        if len(xs) != 3:
            raise ValueError("bad exits field %r" % fields[3])
        self.exits = [int(x) for x in xs]
        if any(x < 0 or x > NUM_EXITS_TO_WIN for x in self.exits):
            raise ValueError("bad exit count %r" % fields[3])
        if not fields[4].startswith("T:"):
            raise ValueError("bad T field %r" % fields[4])
        self.t = int(fields[4][2:])
        if self.t < 0:
            raise ValueError("negative T")

    def text(self):
        parts = []
        for c in range(3):
            hs = ["%d,%d" % HEXES[i] for i in range(37) if self.board[i] == c]
            parts.append(COLOURS[c] + ":" + " ".join(hs))
        parts.append("X:%d,%d,%d" % tuple(self.exits))
        parts.append("T:%d" % self.t)
        return "/".join(parts)

    def _full_key(self):
        k = MOVER_W[self.t % 3]
        for i in range(37):
            c = self.board[i]
            if c >= 0:
                k += CELL_W[i][c]
        return k

    # -- move generation -----------------------------------------------------
    def legal_actions(self):
        if self.outcome is not None:
            return []
        m = self.t % 3
        board = self.board
        acts = []
        for i in range(37):
            if board[i] != m:
                continue
            for (n, j) in NEIGH[i]:
                if board[n] == -1:
                    acts.append(("MOVE", i, n))
                elif j >= 0 and board[j] == -1:
                    acts.append(("JUMP", i, n, j))
            if i in EXIT_IDX[m]:
                acts.append(("EXIT", i))
        if not acts:
            acts.append(("PASS",))
        return acts

    # -- make / unmake -------------------------------------------------------
    def make(self, a):
        """Apply action a (assumed legal).  Returns an undo record."""
        m = self.t % 3
        board = self.board
        key = self.key - MOVER_W[m]
        kind = a[0]
        undo = (a, self.key, self.outcome, None)
        if kind == "MOVE":
            i, n = a[1], a[2]
            board[i] = -1
            board[n] = m
            key += CELL_W[n][m] - CELL_W[i][m]
        elif kind == "JUMP":
            i, o, j = a[1], a[2], a[3]
            old = board[o]
            board[i] = -1
            board[j] = m
            board[o] = m
            key += CELL_W[j][m] - CELL_W[i][m] + CELL_W[o][m] - CELL_W[o][old]
            undo = (a, self.key, self.outcome, old)
        elif kind == "EXIT":
            i = a[1]
            board[i] = -1
            key -= CELL_W[i][m]
            self.exits[m] += 1
        self.t += 1
        key += MOVER_W[self.t % 3]
        self.key = key
        h = self.history
        h[key] += 1
        if h[key] == REPEATS_FOR_DRAW - 1:
            self.n_hot += 1
        rep = h[key] >= REPEATS_FOR_DRAW
        turns = self.t >= TURN_LIMIT
        win = kind == "EXIT" and self.exits[m] >= NUM_EXITS_TO_WIN
        if rep:
            self.outcome = "draw:repetition"
        elif turns:
            self.outcome = "draw:turns"
        elif win:
            self.outcome = "win:%d" % m
        if rep + turns + win >= 2:
            self.coincidences[(rep, turns, win)] += 1
        return undo

    def unmake(self, undo):
        a, oldkey, oldoutcome, old = undo
        h = self.history
        if h[self.key] == REPEATS_FOR_DRAW - 1:
            self.n_hot -= 1
        h[self.key] -= 1
        if h[self.key] == 0:
            del h[self.key]
        self.t -= 1
        m = self.t % 3
        board = self.board
        kind = a[0]
        if kind == "MOVE":
            board[a[2]] = -1
            board[a[1]] = m
        elif kind == "JUMP":
            board[a[3]] = -1
            board[a[1]] = m
            board[a[2]] = old
        elif kind == "EXIT":
            board[a[1]] = m
            self.exits[m] -= 1
        self.key = oldkey
        self.outcome = oldoutcome

    # -- action text -----------------------------------------------------------
    def apply_text(self, s):
        """Apply an action given in action notation; fail loudly if illegal."""
        legal = {action_text(a): a for a in self.legal_actions()}
        if s not in legal:
            raise ValueError(
                "illegal action %r in position %s (outcome %s); legal: %s"
                % (s, self.text(), self.outcome, sorted(legal))
            )
        self.make(legal[s])

    # -- perft ---------------------------------------------------------------
    def _leaf_fast(self, outcomes):
        """perft(1) without make/unmake (game must be running).  Outcomes are
        decided exactly as in make(): repetition, then turn limit, then win."""
        m = self.t % 3
        board = self.board
        ex = EXIT_IDX[m]
        turns = self.t + 1 >= TURN_LIMIT
        win_on_exit = self.exits[m] + 1 >= NUM_EXITS_TO_WIN
        if self.n_hot == 0:
            # No position has occurred 3 times: no repetition draw possible.
            count = 0
            exits_here = 0
            for i in range(37):
                if board[i] != m:
                    continue
                for (n, j) in NEIGH[i]:
                    if board[n] == -1:
                        count += 1
                    elif j >= 0 and board[j] == -1:
                        count += 1
                if i in ex:
                    count += 1
                    exits_here += 1
            if count == 0:
                count = 1  # PASS
            if turns:
                outcomes["draw:turns"] += count
                if exits_here and win_on_exit:
                    self.coincidences[(False, True, True)] += exits_here
            elif exits_here and win_on_exit:
                outcomes["win:%d" % m] += exits_here
            return count
        # Some position has occurred 3 times: compute each successor's key.
        hist = self.history
        base = self.key - MOVER_W[m] + MOVER_W[(self.t + 1) % 3]
        succ = []  # (key, is_exit)
        for i in range(37):
            if board[i] != m:
                continue
            wi = CELL_W[i][m]
            for (n, j) in NEIGH[i]:
                c = board[n]
                if c == -1:
                    succ.append((base - wi + CELL_W[n][m], False))
                elif j >= 0 and board[j] == -1:
                    succ.append((base - wi + CELL_W[j][m] + CELL_W[n][m] - CELL_W[n][c], False))
            if i in ex:
                succ.append((base - wi, True))
        if not succ:
            succ.append((base, False))  # PASS
        for (k, is_exit) in succ:
            rep = hist.get(k, 0) + 1 >= REPEATS_FOR_DRAW
            win = is_exit and win_on_exit
            if rep:
                outcomes["draw:repetition"] += 1
            elif turns:
                outcomes["draw:turns"] += 1
            elif win:
                outcomes["win:%d" % m] += 1
            if rep + turns + win >= 2:
                self.coincidences[(rep, turns, win)] += 1
        return len(succ)

    def perft(self, depth, outcomes, fast=True):
        """Number of legal action sequences of exactly `depth` actions.
        `outcomes` (a Counter) accumulates, over all sequences of length 1..depth,
        the ones whose last action ends the game, keyed by outcome."""
        if depth == 0:
            return 1
        if self.outcome is not None:
            return 0
        if depth == 1 and fast:
            return self._leaf_fast(outcomes)
        acts = self.legal_actions()
        if depth == 1:
            total = 0
            for a in acts:
                u = self.make(a)
                if self.outcome is not None:
                    outcomes[self.outcome] += 1
                total += 1
                self.unmake(u)
            return total
        total = 0
        for a in acts:
            u = self.make(a)
            if self.outcome is not None:
                outcomes[self.outcome] += 1
            else:
                total += self.perft(depth - 1, outcomes, fast)
            self.unmake(u)
        return total


def run_perft(position, moves, depth, fast=True):
    g = Game(position)
    for s in moves:
        g.apply_text(s)
    snapshot = (list(g.board), list(g.exits), g.t, g.key, dict(g.history), g.outcome, g.n_hot)
    outcomes = Counter()
    n = g.perft(depth, outcomes, fast)
    # make/unmake must restore everything exactly
    assert snapshot == (list(g.board), list(g.exits), g.t, g.key, dict(g.history), g.outcome, g.n_hot)
    assert g.key == g._full_key()
    return n, dict(sorted(outcomes.items())), g


# ---------------------------------------------------------------------------
# Self-check: facts derived by hand from the rules
# ---------------------------------------------------------------------------


def self_check():
    print("== self-check ==")
    # Board shape.
    assert len(HEXES) == 37
    degs = Counter(len(NEIGH[i]) for i in range(37))
    # 6 corners with 3 neighbours, 12 other edge hexes with 4, 19 interior with 6
    assert degs == Counter({3: 6, 4: 12, 6: 19}), degs

    # Round trip of notation.
    g = Game(START_TEXT)
    assert g.text() == START_TEXT, g.text()

    # Start position: Red's legal actions.  Worked by hand:
    #   (-3,0): (-2,-1) (-2,0) empty; (-3,1) occupied, beyond (-3,2) occupied; rest off board -> 2
    #   (-3,1): (-2,0) (-2,1) empty; (-3,0) occ, beyond (-3,-1) off; (-3,2) occ, beyond (-3,3) occ -> 2
    #   (-3,2): (-2,1) (-2,2) empty; (-3,1) occ, beyond (-3,0) occ; (-3,3) occ, beyond off -> 2
    #   (-3,3): (-2,2) (-2,3) empty; (-3,2) occ, beyond (-3,1) occ -> 2
    #   no jumps, no exits (Red's exit hexes are q=3)  => 8 MOVEs.
    acts = [action_text(a) for a in g.legal_actions()]
    print("start, Red to move: %d actions" % len(acts))
    for s in acts:
        print("   ", s)
    expect = {
        "MOVE (-3,0) (-2,-1)", "MOVE (-3,0) (-2,0)",
        "MOVE (-3,1) (-2,0)", "MOVE (-3,1) (-2,1)",
        "MOVE (-3,2) (-2,1)", "MOVE (-3,2) (-2,2)",
        "MOVE (-3,3) (-2,2)", "MOVE (-3,3) (-2,3)",
    }
    assert set(acts) == expect and len(acts) == 8
    # By the board's 3-fold symmetry Green and Blue also have 8 MOVEs each, and
    # no Red move (into column q=-2) touches a hex next to Green's or Blue's
    # pieces, nor does a Green move (into row r=-2) touch Blue's; so
    # perft(1,2,3) = 8, 64, 512 exactly.
    for d, want in [(1, 8), (2, 64), (3, 512)]:
        n, oc, _ = run_perft(START_TEXT, [], d)
        assert n == want and not oc, (d, n, oc)
    print("start perft 1..3 = 8, 64, 512 (hand-derived) OK")

    # Green and Blue start lists.
    g.apply_text("MOVE (-3,0) (-2,0)")
    ga = sorted(action_text(a) for a in g.legal_actions())
    assert ga == sorted([
        "MOVE (0,-3) (-1,-2)", "MOVE (0,-3) (0,-2)",
        "MOVE (1,-3) (0,-2)", "MOVE (1,-3) (1,-2)",
        "MOVE (2,-3) (1,-2)", "MOVE (2,-3) (2,-2)",
        "MOVE (3,-3) (2,-2)", "MOVE (3,-3) (3,-2)",
    ]), ga

    # A lone Red piece in the centre next to a Green piece:
    # 5 MOVEs to the empty neighbours + 1 JUMP over (1,0) to (2,0) = 6.
    g = Game("R:0,0/G:1,0/B:/X:0,0,0/T:0")
    acts = sorted(action_text(a) for a in g.legal_actions())
    assert acts == sorted([
        "MOVE (0,0) (-1,0)", "MOVE (0,0) (0,-1)", "MOVE (0,0) (1,-1)",
        "MOVE (0,0) (0,1)", "MOVE (0,0) (-1,1)", "JUMP (0,0) (2,0)",
    ]), acts
    g.apply_text("JUMP (0,0) (2,0)")
    assert g.text() == "R:1,0 2,0/G:/B:/X:0,0,0/T:1", g.text()  # Green converted
    # Green now has no pieces: its only action is PASS.
    assert [action_text(a) for a in g.legal_actions()] == ["PASS"]

    # Jumping over an own piece does not convert anything.
    g = Game("R:0,0 1,0/G:/B:/X:0,0,0/T:0")
    g.apply_text("JUMP (0,0) (2,0)")
    assert g.text() == "R:1,0 2,0/G:/B:/X:0,0,0/T:1", g.text()

    # No jump off the board: Red at (2,0) next to Blue at (3,0) (edge).
    # Neighbours of (2,0): (1,0) (2,-1) (3,-1) (3,0)B (2,1) (1,1); (4,0) off -> 5 MOVEs, no JUMP.
    g = Game("R:2,0/G:/B:3,0/X:0,0,0/T:0")
    acts = [action_text(a) for a in g.legal_actions()]
    assert len(acts) == 5 and not any(s.startswith("JUMP") for s in acts), acts

    # Red on the corner exit hex (3,-3): neighbours (2,-3) (3,-2) (2,-2) -> 3 MOVEs + EXIT = 4.
    g = Game("R:3,-3/G:/B:/X:0,0,0/T:0")
    acts = sorted(action_text(a) for a in g.legal_actions())
    assert acts == sorted(["MOVE (3,-3) (2,-3)", "MOVE (3,-3) (3,-2)",
                           "MOVE (3,-3) (2,-2)", "EXIT (3,-3)"]), acts
    # A Red piece on Green's exit hex cannot exit.
    g = Game("R:-3,3/G:/B:/X:0,0,0/T:0")
    assert not any(a[0] == "EXIT" for a in g.legal_actions())

    # 4th exit wins; game then has no actions.
    g = Game("R:3,0/G:/B:/X:3,0,0/T:0")
    g.apply_text("EXIT (3,0)")
    assert g.outcome == "win:0" and g.legal_actions() == []

    # Draw beats win: Blue's 4th exit on decision 768.
    g = Game("R:/G:/B:-3,0/X:0,0,3/T:767")
    g.apply_text("EXIT (-3,0)")
    assert g.outcome == "draw:turns", g.outcome
    # ... while at T=766 -> 767 it is a plain win.
    g = Game("R:/G:-3,3/B:/X:0,3,0/T:766")
    g.apply_text("EXIT (-3,3)")
    assert g.outcome == "win:1", g.outcome

    # Repetition with passes only: nobody has pieces, every action is PASS.
    # Position P (Red to move) occurs at plies 0, 3, 6, 9; its 4th occurrence,
    # at ply 9, draws.  (Plies 1,4,7 / 2,5,8 are the Green/Blue-to-move positions,
    # 3 occurrences each, no draw.)
    empty = "R:/G:/B:/X:3,3,3/T:0"
    for d in range(1, 12):
        n, oc, _ = run_perft(empty, [], d)
        assert n == (1 if d <= 9 else 0), (d, n)
        assert oc == ({"draw:repetition": 1} if d >= 9 else {}), (d, oc)
    print("all-pass position: perft(d)=1 for d<=9, 0 beyond; draw:repetition at ply 9 OK")

    # T is not part of the position (the pass-only case above relies on that).
    # Exit counts are not part of it either, but that is unobservable: an EXIT
    # removes a piece and nothing adds one, so a board seen before an exit can
    # never recur after it.

    # Illegal actions fail loudly.
    g = Game(START_TEXT)
    for bad in ["PASS", "MOVE (-3,0) (-3,1)", "EXIT (-3,0)", "JUMP (-3,0) (-3,2)",
                "MOVE (0,-3) (0,-2)", "MOVE (-3,0)  (-2,0)"]:
        try:
            g.apply_text(bad)
        except ValueError:
            pass
        else:
            raise AssertionError("accepted illegal action %r" % bad)
    # The fast leaf count (used for the big runs) agrees with plain make/unmake.
    for name, pos, moves, depth in CASES:
        for d in range(1, min(depth, 4) + 1):
            a = run_perft(pos, moves, d, fast=True)
            b = run_perft(pos, moves, d, fast=False)
            assert a[:2] == b[:2], (name, d, a[:2], b[:2])
            assert a[2].coincidences == b[2].coincidences, name
    print("fast leaf count == plain make/unmake on all cases, depth <= 4 OK")
    print("self-check passed")


# ---------------------------------------------------------------------------
# Cases written to perft.jsonl
# ---------------------------------------------------------------------------

SHUFFLE = [
    "MOVE (-3,0) (-2,0)", "MOVE (0,-3) (0,-2)", "MOVE (0,3) (0,2)",
    "MOVE (-2,0) (-3,0)", "MOVE (0,-2) (0,-3)", "MOVE (0,2) (0,3)",
]

CASES = [
    # a. start position
    ("start", START_TEXT, [], 7),
    # b. midgame, mixed colours packed around the centre (many jumps/conversions)
    ("midgame_cluster",
     "R:0,0 -1,1 1,-2 -2,0/G:1,0 0,1 -1,-1/B:1,-1 -1,0 0,-1 1,1/X:1,0,0/T:30", [], 6),
    # b'. midgame with some exits and pieces strung across the board
    ("midgame_spread",
     "R:-1,2 0,-2 2,-1 2,0/G:-2,1 -1,1 1,-1 0,2/B:-2,0 0,0 -1,-1/X:0,1,0/T:58", [], 6),
    # c. Red and Green have 3 exits each and stand on exit hexes; Red to move
    ("three_exits_race",
     "R:3,-2 1,-1/G:-2,3 -1,1/B:0,0 1,1/X:3,3,0/T:99", [], 7),
    # c'. Blue to move with 3 exits, one piece on its exit hex, one near
    ("blue_three_exits",
     "R:1,0 2,-1 -1,2/G:0,-1 -2,2 1,1/B:-2,-1 -1,-1/X:0,1,3/T:41", [], 6),
    # d. Red (to move) has no pieces: must PASS every turn
    ("mover_no_pieces",
     "R:/G:0,0 1,-1/B:-1,1 2,0 0,2/X:3,3,1/T:30", [], 9),
    # d'. Red (to move) has two pieces, all moves and jumps blocked: must PASS
    ("mover_blocked",
     "R:-3,3 -3,2/G:-3,1 -2,2 -1,0 -1,3/B:-2,1 -2,3 -3,0 -1,2 -1,1/X:0,0,1/T:42", [], 8),
    # e. near the turn limit: at most 3 more decisions (765, 766, 767)
    ("turn_limit_midgame",
     "R:0,0 -1,1 1,-2 -2,0/G:1,0 0,1 -1,-1/B:1,-1 -1,0 0,-1 1,1/X:1,0,0/T:765", [], 4),
    # e'. Red and Blue have 3 exits and pieces on their exit hexes, T=765:
    # Red's EXIT at decision 766 wins; Blue's EXIT at decision 768 is a draw.
    ("turn_limit_draw_beats_win",
     "R:3,-1 0,0/G:1,-1/B:-2,-1 1,1/X:3,1,3/T:765", [], 4),
    # e''. same but one turn earlier, so the limit cuts deeper sequences
    ("turn_limit_minus_six",
     "R:3,-1 0,0/G:1,-1/B:-2,-1 1,1/X:3,1,3/T:762", [], 7),
    # f. start position reached a 3rd time after two shuffles (12 moves);
    # the 4th occurrence comes 6 plies later.
    ("repetition_start_x3", START_TEXT, SHUFFLE * 2, 7),
    # f'. two and a half shuffles (15 moves): the start position has occurred 3
    # times and the 3 retreating moves bring it back a 4th time at ply 3.
    ("repetition_half_cycle", START_TEXT, SHUFFLE * 2 + SHUFFLE[:3], 6),
    # g. nobody has pieces: everyone passes, repetition draw at ply 9
    ("all_pass", "R:/G:/B:/X:3,3,3/T:0", [], 10),
    # h. AMBIGUOUS LABEL: as g but T=759, so the 4th occurrence (ply 9) lands on
    # decision 768 too.  This script reports it as draw:repetition (repetition
    # is checked before the turn limit); the rules do not say which to name.
    ("all_pass_repetition_at_turn_limit", "R:/G:/B:/X:3,3,3/T:759", [], 10),
]


def main():
    t0 = time.time()
    self_check()
    print("self-check took %.2fs" % (time.time() - t0))
    out_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "perft.jsonl")
    only = set(sys.argv[1:])
    lines = []
    # One line per (case, depth) for every depth 1..max, so that a consumer can
    # pick cheap depths and see at which depth a disagreement starts.
    for name, pos, moves, max_depth in CASES:
        if only and name not in only:
            continue
        canon = Game(pos).text()  # canonical piece order: by q, then r
        for depth in range(1, max_depth + 1):
            t1 = time.time()
            n, oc, g = run_perft(canon, moves, depth)
            dt = time.time() - t1
            note = ""
            if g.coincidences:
                note = "  [simultaneous (rep,turns,win): %s]" % {
                    "%d%d%d" % k: v for k, v in g.coincidences.items()}
            print("%-34s d=%-2d count %10d  %s  (%.2fs)%s"
                  % (name, depth, n, oc, dt, note), flush=True)
            lines.append(json.dumps({
                "name": name, "position": canon, "moves": moves, "depth": depth,
                "count": n, "terminal_outcomes": oc,
            }))
    if not only:
        with open(out_path, "w") as f:
            for line in lines:
                f.write(line + "\n")
        print("wrote %s (%d cases)" % (out_path, len(lines)))
    print("total %.2fs" % (time.time() - t0))


if __name__ == "__main__":
    main()
