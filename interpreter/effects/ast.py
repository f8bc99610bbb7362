"""The effect language's syntax tree: small dataclasses that keep their position.

Positions (line, col) are 1-based and relative to the effect text; the loader
adds the position of the YAML scalar the text came from.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass
class Node:
    line: int = field(default=0, kw_only=True, compare=False)
    col: int = field(default=0, kw_only=True, compare=False)


# ------------------------------------------------------------------ expressions
@dataclass
class Const(Node):
    value: Any


@dataclass
class Name(Node):
    name: str


@dataclass
class Attr(Node):
    obj: Node
    name: str


@dataclass
class Index(Node):
    obj: Node
    key: Node


@dataclass
class BinOp(Node):
    op: str
    left: Node
    right: Node


@dataclass
class Compare(Node):
    op: str
    left: Node
    right: Node


@dataclass
class BoolOp(Node):
    op: str  # "and" | "or"
    left: Node
    right: Node


@dataclass
class Not(Node):
    operand: Node


@dataclass
class Neg(Node):
    operand: Node


@dataclass
class CondExpr(Node):
    then: Node
    test: Node
    other: Node


@dataclass
class Where(Node):
    coll: Node
    cond: Node


@dataclass
class Until(Node):
    """COLL until COND: the elements before the first one for which COND holds."""
    coll: Node
    cond: Node


@dataclass
class Ranked(Node):
    """COLL ranked by KEY (best first), or ordered by KEY (ascending): stable sorts."""
    coll: Node
    key: Node
    ascending: bool = False


@dataclass
class Best(Node):
    """COLL lowest by KEY / highest by KEY: the first element with the least (greatest) key."""
    coll: Node
    key: Node
    lowest: bool = True


@dataclass
class ListExpr(Node):
    items: list


@dataclass
class Comprehension(Node):
    expr: Node
    var: str
    coll: Node


@dataclass
class Call(Node):
    func: str
    args: list
    kwargs: dict


@dataclass
class CallComp(Node):
    func: str
    comp: Comprehension


# ------------------------------------------------------------------- statements
@dataclass
class Assign(Node):
    var: str
    expr: Node


@dataclass
class Choose(Node):
    var: str
    coll: Optional[Node]           # choose one of COLL
    low: Optional[Node] = None     # choose number from LOW to HIGH
    high: Optional[Node] = None
    by: Optional[Node] = None
    each: Optional[Node] = None    # simultaneous: by each of PLAYERS
    otherwise: Optional[str] = None
    prompt: Optional[str] = None
    labelled: Optional[str] = None  # a label template about `it`, per option
    otherwise_if: Optional[Node] = None   # otherwise "..." if CONDITION: offered only then
    seq: bool = False              # choose sequence of MENU: each seat composes a list
    length: Optional[list] = None  # a sequence's [MIN, MAX] (MAX None: exactly MIN)
    repeated: Optional[tuple] = None   # (option, line, col) of an option given twice
    # (line, col) of the first character of the prompt / labelled text, for error positions
    text_at: dict = field(default_factory=dict, compare=False)


@dataclass
class Gain(Node):
    counter: str
    amount: Node
    who: Optional[Node]


@dataclass
class Lose(Node):
    counter: str
    amount: Node
    who: Optional[Node]


@dataclass
class Steal(Node):
    counter: str
    amount: Node
    victim: Node


@dataclass
class SetStmt(Node):
    target: Node
    expr: Node


@dataclass
class Move(Node):
    what: Node
    dest: Node


@dataclass
class Draw(Node):
    count: Node
    src: Node
    dest: Node


@dataclass
class Shuffle(Node):
    zone: Node


@dataclass
class Discard(Node):
    what: Node


@dataclass
class Play(Node):
    card: Node
    who: Optional[Node]
    ability: Optional[Node] = None   # play CARD ability "moment": that moment's ability only


@dataclass
class CallStmt(Node):
    call: Call
    var: Optional[str] = None   # x = proc(...)


@dataclass
class Append(Node):
    """append X to VAR: VAR (a list) gets X at its end."""
    what: Node
    var: str


@dataclass
class SortZone(Node):
    """sort ZONE by KEY: the zone's cards reordered by KEY about `it`, smallest first
    (the last card is the top)."""
    zone: Node
    key: Node


@dataclass
class Return(Node):
    expr: Optional[Node]


@dataclass
class Break(Node):
    pass


@dataclass
class Pass(Node):
    pass


@dataclass
class Log(Node):
    text: str
    text_at: Optional[tuple] = field(default=None, compare=False)   # (line, col) of its first char
    to: Optional[Node] = None       # log to P "...": only that player (or those players) sees it


@dataclass
class EndGame(Node):
    draw: bool = False      # end game as draw: nobody wins


@dataclass
class If(Node):
    branches: list          # [(test, body)]
    orelse: Optional[list]


@dataclass
class ForEach(Node):
    var: str
    coll: Node
    body: list


@dataclass
class While(Node):
    test: Node
    body: list


@dataclass
class Repeat(Node):
    count: Node
    body: list


@dataclass
class RunProgram(Node):
    """Run another compiled program (a phase, the setup) in a new frame; built by flow.py."""
    key: str
    phase: Optional[str] = None
