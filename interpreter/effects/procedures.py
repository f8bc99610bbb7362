"""Which statements and procedures may stop, and each procedure's statements parsed once.

A script stops at a decision, when it pushes a frame (a card played, a mechanic, a phase, a
procedure that may stop) and at its end; between stops it runs as one Python function
(blocks.py). A procedure that never stops is compiled into a plain Python function and
called with no frame pushed (ScriptCompiler.native_proc_ref); one that may stop runs in
frames like any script. A procedure without effects (it only computes and returns a value:
locals, ifs, loops, `return`) may also be called inside an expression (`effect`).
"""
from __future__ import annotations

from . import ast as A
from .ast_walk import statements
from .parser import EffectSyntaxError, parse_script

# Statements after which a script may stop (a decision, another frame, the end).
STOPPING = (A.Choose, A.Play, A.Return, A.EndGame, A.RunProgram)

# Statements that change nothing but a procedure's own locals.
COMPUTING = (A.Assign, A.If, A.ForEach, A.While, A.Repeat, A.Return, A.Break, A.Continue,
             A.Pass)


def stops(st, g, proc_stops, native: bool = False) -> bool:
    """Whether a script may stop inside this statement: a decision, a frame pushed (a card
    played, a mechanic, a procedure that may stop), the end. proc_stops(name) answers for
    procedures; the others are called as Python functions and never stop. `native`: the
    script is one Python function, where `return` is Python's own."""
    for s in statements(st):
        if isinstance(s, STOPPING) and not (native and isinstance(s, A.Return)):
            return True
        if isinstance(s, A.CallStmt):
            name = s.call.func
            if name in g.mechanics or (name in g.procedures and proc_stops(name)):
                return True
    return False


class Procedures:
    """One game's procedures, as the compiler needs them: parsed once, found to stop or not
    once, and (filled in by ScriptCompiler.native_proc_ref) the generated function of each
    one that never stops."""

    # script.py's ScriptCompiler, which compiles statements (it builds on the expression
    # compiler, so the compiler cannot import it): set when script.py is imported
    script_compiler = None

    def __init__(self, g):
        self.g = g
        self.bodies: dict = {}       # procedure -> its parsed statements (None: no parse)
        self.stop_memo: dict = {}    # procedure -> whether it may stop
        self.native_refs: dict = {}  # procedure -> its Python function's name (or None)
        self.value_refs: dict = {}   # procedure used as a value -> its function's name (or None)
        self.effect_memo: dict = {}  # procedure -> its first statement with an effect (or None)

    def body(self, name):
        """A procedure's statements, parsed once (None when they do not parse)."""
        if name not in self.bodies:
            try:
                self.bodies[name] = parse_script(self.g.procedures[name].body)
            except (EffectSyntaxError, RecursionError):
                self.bodies[name] = None
        return self.bodies[name]

    def may_stop(self, name) -> bool:
        """Whether a procedure may stop (a decision, a card played, a mechanic, a procedure
        that may stop). One that calls itself counts as stopping: it runs in frames."""
        memo = self.stop_memo
        if name not in memo:
            memo[name] = True           # until shown otherwise (recursion)
            body = self.body(name)
            memo[name] = body is None or any(stops(st, self.g, self.may_stop) for st in body)
        return memo[name]

    def effect(self, name):
        """The first statement of a procedure that does more than compute its value (changes
        the game, logs, decides, plays, calls a procedure with effects or itself), or None:
        then it may be called inside an expression like a function."""
        memo = self.effect_memo
        if name not in memo:
            body = self.body(name)
            memo[name] = body[0] if body else A.Pass()   # until shown otherwise (recursion)
            memo[name] = None if body is None else _first_effect(name, body, self)
        return memo[name]


def _first_effect(name, body, procs):
    """The first statement of the body that changes more than the procedure's own locals."""
    params = set(procs.g.procedures[name].params)
    mine = {st.var for st in statements(body)
            if isinstance(st, (A.Assign, A.ForEach, A.CallStmt)) and st.var} - params
    for st in statements(body):
        if isinstance(st, COMPUTING):
            continue
        if isinstance(st, A.Append) and st.var in mine:
            continue
        if isinstance(st, A.SetStmt) and isinstance(st.target, A.Index) \
                and isinstance(st.target.obj, A.Name) and st.target.obj.name in mine:
            continue
        if isinstance(st, A.CallStmt) and st.call.func in procs.g.procedures \
                and procs.effect(st.call.func) is None:
            continue
        return st
    return None
