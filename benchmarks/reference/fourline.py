"""Four in a Line by hand (benchmarks/games/fourline/game.yaml): two players drop discs in
turn into a grid of 7 columns and 6 rows; a disc falls to the lowest empty cell of its
column; four of a player's discs in a line (across, up or diagonally) win at once; a full
board is a draw. An option is the cell the disc lands on ("d3"), columns left to right; a
player with one column left drops there without being asked, as the YAML's `choose` does."""
from __future__ import annotations

from . import OneMover, ranked_result

COLS, ROWS = 7, 6
LETTERS = "abcdefg"
AXES = ((1, 0), (0, 1), (1, 1), (1, -1))      # across, up, and the two diagonals


class FourLine(OneMover):
    name = "Four in a Line"

    def new_state(self, players: int = 2, seed: int = 0) -> dict:
        if players != 2:
            raise ValueError("Four in a Line is for 2 players")
        # no chance: the seed changes nothing
        return {"n": 2, "grid": [[None] * ROWS for _ in range(COLS)], "heights": [0] * COLS,
                "p": 0, "won": [0, 0], "decisions": 0, "over": False, "result": None}

    def _columns(self, s: dict) -> list:
        heights = s["heights"]
        return [c for c in range(COLS) if heights[c] < ROWS]

    def option_count(self, s: dict, seat: int) -> int:
        return 0 if s["over"] or seat != s["p"] else len(self._columns(s))

    def options(self, s: dict, seat: int) -> list:
        if s["over"] or seat != s["p"]:
            return []
        heights = s["heights"]
        return [f"{LETTERS[c]}{heights[c] + 1}" for c in self._columns(s)]

    def apply(self, s: dict, seat: int, choice) -> None:
        if s["over"] or seat != s["p"]:
            raise ValueError(f"it is not seat {seat}'s decision")
        index = self.options(s, seat).index(choice) if isinstance(choice, str) else choice
        s["decisions"] += 1
        self._drop(s, self._columns(s)[index])
        while not s["over"]:                       # a single column left: no question
            columns = self._columns(s)
            if len(columns) != 1:
                return
            self._drop(s, columns[0])

    def _drop(self, s: dict, col: int) -> None:
        p, grid = s["p"], s["grid"]
        row = s["heights"][col]
        grid[col][row] = p
        s["heights"][col] = row + 1
        if self._four(grid, col, row, p):
            s["won"][p] = 1
            s["over"] = True
            s["result"] = ranked_result(s["won"])
        elif not self._columns(s):                 # the board is full: a draw
            s["over"] = True
            s["result"] = ranked_result(s["won"])
        else:
            s["p"] = 1 - p

    @staticmethod
    def _four(grid, col: int, row: int, p: int) -> bool:
        for dc, dr in AXES:
            line = 1
            for sign in (1, -1):
                c, r = col + sign * dc, row + sign * dr
                while 0 <= c < COLS and 0 <= r < ROWS and grid[c][r] == p:
                    line += 1
                    c += sign * dc
                    r += sign * dr
            if line >= 4:
                return True
        return False
