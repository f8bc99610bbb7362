"""A script's generated code, cut into blocks at the points where it may stop.

A program is a list of ops `op(vm, frame) -> next pc`, or one of the stops below: WAIT (a
decision is pending; the frame's pc already points past it), PUSHED (a frame was pushed) or
POPPED (the frame returned). Each op is one
generated Python function running a straight-line run of statements — with their own ifs
and loops as Python code when nothing inside them can stop — up to the next point where the
script can stop or a jump lands. So the game can stop at any decision and resume from plain
data (the frame's pc and locals live in the state), and between two such points it runs as
one Python function.
"""
from __future__ import annotations

import re

# What an op returns when its frame stops, instead of the next pc. Every stop is below
# STOPS_BELOW and every pc at or above it, so the VM tells them apart with one comparison.
WAIT = -1        # a decision is pending
PUSHED = -2      # a frame was pushed (a procedure, a card played, a mechanic, a phase)
POPPED = -3      # the frame returned (vm.ret popped it)
STOPS_BELOW = 0


class Label:
    """A jump target: the index of the block that starts there, once known."""
    __slots__ = ("pc", "id")

    def __init__(self, ident: int):
        self.pc = None
        self.id = ident


class Blocks:
    def __init__(self):
        self.done: list = []       # finished blocks: lists of lines
        self.cur: list = []        # the block being written
        self.at = None             # (line, col) in the script of the statement being written
        self.cur_at: list = []     # per line of the current block: its statement's position
        self.done_at: list = []
        self.depth = 0             # Python indentation inside the current block
        self.ended = False         # the current block's last line at depth 0 returns
        self.labels: list = []
        self.temps = 0

    # ------------------------------------------------------------ writing
    def line(self, src: str) -> None:
        self.cur.append("    " * self.depth + src)
        self.cur_at.append(self.at)
        if self.depth == 0:
            self.ended = src.startswith("return ") or src.startswith("raise ")

    def temp(self, hint: str = "t") -> str:
        self.temps += 1
        return f"_{hint}{self.temps}"

    def label(self) -> Label:
        lab = Label(len(self.labels))
        self.labels.append(lab)
        return lab

    def jump(self, lab: Label) -> str:
        """Source of the pc a label stands for (filled in when the code is finished)."""
        return f"\x00{lab.id}\x00"   # no literal can hold a NUL: repr() escapes it

    @property
    def next_pc(self) -> int:
        """The pc of the block that starts after the current one (a stop's continuation)."""
        return len(self.done) + 1

    def end_block(self) -> None:
        """Finish the current block (it runs on into the next one unless it returned)."""
        assert self.depth == 0
        if not self.cur:
            return
        if not self.ended:
            self.cur.append(f"return {len(self.done) + 1}")
            self.cur_at.append(self.at)
        self.done.append(self.cur)
        self.done_at.append(self.cur_at)
        self.cur, self.cur_at = [], []
        self.ended = False

    def mark(self, lab: Label) -> None:
        """A jump lands here: a new block starts."""
        self.end_block()
        lab.pc = len(self.done)

    # ------------------------------------------------------------ finishing
    def finish(self) -> list:
        """The blocks' source lines, every jump resolved (their positions: `done_at`)."""
        self.end_block()
        end = len(self.done)
        pcs = {lab.id: (lab.pc if lab.pc is not None else end) for lab in self.labels}
        resolve = re.compile("\x00(\\d+)\x00")
        blocks = [[resolve.sub(lambda m: str(pcs[int(m.group(1))]), line) for line in block]
                  for block in self.done]
        return _thread_jumps(blocks)


_JUMP = re.compile(r"^(\s*(?:return |fr\['pc'\] = ))(\d+)$")


def _thread_jumps(blocks: list) -> list:
    """A block that only jumps on (the end of an if's branch, a loop's way back) is skipped:
    every jump to it goes where it goes, so a run of statements costs one call less."""
    target = {}
    for pc, block in enumerate(blocks):
        m = _JUMP.match(block[0]) if len(block) == 1 else None
        if m and not m.group(1).strip().startswith("fr"):
            target[pc] = int(m.group(2))

    def final(pc, seen=()):
        while pc in target and pc not in seen:
            seen += (pc,)
            pc = target[pc]
        return pc
    return [[_JUMP.sub(lambda m: m.group(1) + str(final(int(m.group(2)))), line)
             for line in block] for block in blocks]
