"""The flow of a game (setup, rounds of phases, finish) as one program: the rounds become a
loop over the round counter that runs each phase's program in its own frame."""
from __future__ import annotations

from .effects import ast as A
from .effects.parser import parse_expression
from .effects.script import ScriptCompiler
from .errors import CompileError


class FlowCompiler:
    def compile_flow(self, comp, g):
        doc = self.doc
        if g.setup:
            self.compile_script(comp, doc, ["setup"], g.setup, {"me": "player"}, "setup", True)
        if g.finish:
            self.compile_script(comp, doc, ["finish"], g.finish, {"me": "player"}, "finish", True)
        body = []
        phases = g.rounds.get("phases") or []
        for i, ph in enumerate(phases):
            key = f"phase:{ph['name']}"
            self.compile_script(comp, doc, ["rounds", "phases", i, "do"], ph.get("do", ""),
                                {"me": "player"}, key, True)
            body.append(A.RunProgram(key, ph["name"]))
        stmts = []
        if g.setup:
            stmts.append(A.RunProgram("setup", "setup"))
        counter = g.rounds.get("counter")
        if counter and counter not in g.game_counters:
            counter = None       # REF-UNDEF from the reference checks
        if phases:
            count = g.rounds.get("count")
            if counter:
                body.insert(0, A.SetStmt(A.Name(counter), A.Name("$round")))
            if count is None:   # rounds until the game ends: count them, build no list
                stmts.append(A.Assign("$round", A.Const(0)))
                step = A.Assign("$round", A.BinOp("+", A.Name("$round"), A.Const(1)))
                stmts.append(A.While(A.Const(True), [step] + body))
                count_node = None
            elif isinstance(count, int):
                count_node = A.Call("range", [A.Const(1), A.Const(count)], {})
            else:
                count_node = A.Call("range", [A.Const(1), parse_expression(str(count))], {})
            if count_node is not None:
                stmts.append(A.ForEach("$round", count_node, body))
        if g.finish:
            stmts.append(A.RunProgram("finish", "end"))
        try:
            g.programs["flow"] = ScriptCompiler(comp, {"me": "player"}, True).compile(stmts)
        except CompileError as e:
            self.add(doc, ["rounds"], e.code, e.message, e.hint)
