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


@dataclass
class Expr(Node):
    """A value. Each kind has its compiler (Compiler._x_KIND), its tree-walker
    (TreeWalker._KIND) and its row in ast_walk.CHILDREN (tests/test_registry.py)."""


@dataclass
class Stmt(Node):
    """A statement. Each kind has its compiler (ScriptCompiler._s_KIND) and its row in
    ast_walk.CHILDREN (tests/test_registry.py)."""


# ------------------------------------------------------------------ expressions
@dataclass
class Const(Expr):
    value: Any


@dataclass
class Name(Expr):
    name: str


@dataclass
class Attr(Expr):
    obj: Node
    name: str


@dataclass
class Index(Expr):
    obj: Node
    key: Node


@dataclass
class BinOp(Expr):
    op: str
    left: Node
    right: Node


@dataclass
class Compare(Expr):
    op: str
    left: Node
    right: Node


@dataclass
class BoolOp(Expr):
    op: str  # "and" | "or"
    left: Node
    right: Node


@dataclass
class Not(Expr):
    operand: Node


@dataclass
class Neg(Expr):
    operand: Node


@dataclass
class CondExpr(Expr):
    then: Node
    test: Node
    other: Node


@dataclass
class Where(Expr):
    coll: Node
    cond: Node


@dataclass
class Until(Expr):
    """COLL until COND: the elements before the first one for which COND holds."""
    coll: Node
    cond: Node


@dataclass
class Ranked(Expr):
    """COLL ranked by KEY (best first), or ordered by KEY (ascending): stable sorts."""
    coll: Node
    key: Node
    ascending: bool = False


@dataclass
class Best(Expr):
    """COLL lowest by KEY / highest by KEY: the first element with the least (greatest) key."""
    coll: Node
    key: Node
    lowest: bool = True


@dataclass
class ListExpr(Expr):
    items: list


@dataclass
class Method(Expr):
    """OBJ.NAME(ARGS): p.counter(r), a player's counter named by a value."""
    obj: Node
    name: str
    args: list


@dataclass
class MapExpr(Expr):
    """{KEY: VALUE, ...}: a new mapping (keys kept as texts, as in the state)."""
    items: list         # [(key node, value node)]


@dataclass
class Comprehension(Expr):
    expr: Node
    var: str
    coll: Node
    cond: Node = None       # [EXPR for VAR in COLL if COND]: the elements kept


@dataclass
class Call(Expr):
    func: str
    args: list
    kwargs: dict


@dataclass
class CallComp(Expr):
    func: str
    comp: Comprehension


# ------------------------------------------------------------------- statements
@dataclass
class Assign(Stmt):
    var: str
    expr: Node


@dataclass
class Choose(Stmt):
    var: str
    coll: Optional[Node]           # choose one of COLL
    low: Optional[Node] = None     # choose number from LOW to HIGH
    high: Optional[Node] = None
    by: Optional[Node] = None
    each: Optional[Node] = None    # simultaneous: by each of PLAYERS
    otherwise: Optional[str] = None
    prompt: Optional[str] = None
    labelled: Optional[str] = None  # a label template about `it`, per option
    grouped: Optional[Node] = None  # grouped by EXPR: each option's group, an expression of `it`
    otherwise_if: Optional[Node] = None   # otherwise "..." if CONDITION: offered only then
    seq: bool = False              # choose sequence of MENU: each seat composes a list
    length: Optional[list] = None  # a sequence's [MIN, MAX] (MAX None: exactly MIN)
    always: Optional[tuple] = None  # ask always: (line, col); asked even with one option
    subset: bool = False           # choose any of COLL: a set of its items (by position)
    least: Optional[Node] = None   # ... at least N
    most: Optional[Node] = None    # ... at most N
    repeated: Optional[tuple] = None   # (option, line, col) of an option given twice
    # (line, col) of the first character of the prompt / labelled text, for error positions
    text_at: dict = field(default_factory=dict, compare=False)


@dataclass
class Gain(Stmt):
    counter: str                    # "" when named by a value:
    amount: Node
    who: Optional[Node]
    counter_of: Optional[Node] = None   # counter(EXPR): the counter's name, computed


@dataclass
class Lose(Stmt):
    counter: str                    # "" when named by a value:
    amount: Node
    who: Optional[Node]
    counter_of: Optional[Node] = None   # counter(EXPR): the counter's name, computed


@dataclass
class Steal(Stmt):
    counter: str                    # "" when named by a value:
    amount: Node
    victim: Node
    counter_of: Optional[Node] = None   # counter(EXPR): the counter's name, computed


@dataclass
class SetStmt(Stmt):
    target: Node
    expr: Node


@dataclass
class Move(Stmt):
    what: Node
    dest: Node


@dataclass
class Draw(Stmt):
    count: Node
    src: Node
    dest: Node
    var: Optional[str] = None   # drawn = draw N from Z to P.hand: the cards drawn, in order


@dataclass
class Shuffle(Stmt):
    zone: Node


@dataclass
class Discard(Stmt):
    what: Node


@dataclass
class Play(Stmt):
    card: Node
    who: Optional[Node]
    ability: Optional[Node] = None   # play CARD ability "moment": that moment's ability only


@dataclass
class CallStmt(Stmt):
    call: Call
    var: Optional[str] = None   # x = proc(...)


@dataclass
class Append(Stmt):
    """append X to VAR: VAR (a list) gets X at its end."""
    what: Node
    var: str


@dataclass
class SortZone(Stmt):
    """sort ZONE by KEY: the zone's cards reordered by KEY about `it`, smallest first
    (the last card is the top)."""
    zone: Node
    key: Node


@dataclass
class Return(Stmt):
    expr: Optional[Node]


@dataclass
class Break(Stmt):
    pass


@dataclass
class Continue(Stmt):
    """continue: the next round of the innermost loop."""


@dataclass
class Pass(Stmt):
    pass


@dataclass
class Reveal(Stmt):
    what: Node                      # a card or cards: the log lines may name them
    to: Optional[Node] = None       # reveal X to P: only to that player (or those players)


@dataclass
class Mark(Stmt):
    what: Node                      # a card or cards
    kind: str                       # "text", "known" (the card itself), "attr" (one value)
    text: Optional[str] = None      # the text (kind text) or the attribute's name (attr)
    text_at: Optional[tuple] = field(default=None, compare=False)
    to: Optional[Node] = None       # only these players know it (else everyone)
    kept: bool = False              # kept when the card changes zone


@dataclass
class Unmark(Stmt):
    what: Node


@dataclass
class Log(Stmt):
    text: str
    text_at: Optional[tuple] = field(default=None, compare=False)   # (line, col) of its first char
    to: Optional[Node] = None       # log to P "...": only that player (or those players) sees it


@dataclass
class EndGame(Stmt):
    draw: bool = False      # end game as draw: nobody wins, by the rules (a full board)
    capped: bool = False    # end game as capped: stopped by a cap, not by the rules


@dataclass
class If(Stmt):
    branches: list          # [(test, body)]
    orelse: Optional[list]


@dataclass
class ForEach(Stmt):
    var: str
    coll: Node
    body: list


@dataclass
class While(Stmt):
    test: Node
    body: list


@dataclass
class Repeat(Stmt):
    count: Node
    body: list


@dataclass
class RunProgram(Stmt):
    """Run another compiled program (a phase, the setup) in a new frame; built by flow.py."""
    key: str
    phase: Optional[str] = None
    me: Optional[Node] = None       # the player whose turn it is (a phase with `turns:`)
