"""The flow of a game (setup, rounds of phases, finish) as one program: the rounds become a
loop over the round counter that runs each phase's program in its own frame."""
from __future__ import annotations

from ..effects import ast as A
from ..effects.parser import EffectSyntaxError, parse_expression
from ..effects.script import ScriptCompiler
from ..errors import CompileError


class FlowCompiler:
    def compile_flow(self, comp, g):
        doc = self.doc
        if g.setup:
            self.compile_script(comp, doc, ["setup"], g.setup, {"me": "player"}, "setup", True)
        if g.finish:
            self.compile_script(comp, doc, ["finish"], g.finish, {"me": "player"}, "finish", True)
        stmts = [A.RunProgram("setup", "setup")] if g.setup else []
        counter = g.rounds.get("counter")
        if counter and counter not in g.game_counters:
            counter = None       # REF-UNDEF from the reference checks
        stages = g.rounds.get("stages")
        if stages and g.rounds.get("phases"):
            self.add(doc, ["rounds", "phases"], "ROUNDS", "rounds has both phases and stages; "
                     "put the phases in a stage", "each stage lists its own phases")
        if stages:
            stmts.append(A.Assign("$round", A.Const(0)))
            for i, stage in enumerate(stages):
                stmts.extend(self.stage(comp, g, stage, ["rounds", "stages", i], counter))
                if i < len(stages) - 1 and stage.get("until") is None \
                        and stage.get("count") is None:
                    after = ", ".join(s.get("name", f"stage{j + 1}")
                                      for j, s in enumerate(stages) if j > i)
                    self.add(doc, ["rounds", "stages", i], "ROUNDS",
                             f"stage '{stage.get('name', f'stage{i + 1}')}' has neither "
                             f"'until' nor 'count', so it is played until the game ends and "
                             f"the stages after it ({after}) never start",
                             "give it 'until: CONDITION' or 'count: N', or make it the last stage")
        else:
            stmts.extend(self.rounds(comp, g, g.rounds, ["rounds"], counter))
        if g.finish:
            stmts.append(A.RunProgram("finish", "end"))
        comp.ns.locate = self.locator(doc, ["rounds"])
        try:
            g.programs["flow"] = ScriptCompiler(comp, {"me": "player"}, True).compile(stmts)
        except CompileError as e:
            self.add(doc, ["rounds"], e.code, e.message, e.hint)

    def phases(self, comp, g, spec, path, prefix="") -> list:
        """Compile each phase as its own program; statements that run them in order."""
        body = []
        for i, ph in enumerate(spec.get("phases") or []):
            key = f"phase:{prefix}{ph['name']}"
            turns = ph.get("turns")
            self.compile_script(comp, self.doc, path + ["phases", i, "do"], ph.get("do", ""),
                                {"me": "player"}, key, not isinstance(turns, dict))
            if isinstance(turns, dict):
                body += self.turn_order(comp, turns, path + ["phases", i, "turns"], key, ph["name"])
            else:
                body.append(A.RunProgram(key, ph["name"]))
        return body

    def turn_order(self, comp, spec, path, key, name) -> list:
        """A phase played as turns (`turns: {first, next, until, count}`, boardgame.io's turn
        order): `do` is one turn of `me`; `first` moves first, then `next` (an expression of
        `me`, who just moved: `me` again for an extra turn) until `until` holds after a turn,
        `count` turns are played, `next` is none, or the game ends."""
        first = self.turn_expr(comp, spec, path, "first", "first(players)", {})
        nxt = self.turn_expr(comp, spec, path, "next", "next_player(me)", {"me": "player"})
        until = self.turn_expr(comp, spec, path, "until", None, {"me": "player"}, "bool")
        p = A.Name("$turn")
        body = [A.If([(A.Compare("==", p, A.Const(None)), [A.Break()])], None),
                A.RunProgram(key, name, me=p), A.Assign("me", p)]
        if until is not None:
            body.append(A.If([(until, [A.Break()])], None))
        body.append(A.Assign("$turn", nxt))
        count = self.count(comp, spec, path)
        loop = [A.While(A.Const(True), body)] if count is None else \
            counted("$turns", count, body)
        return [A.Assign("$turn", first)] + loop

    def turn_expr(self, comp, spec, path, key, default, local_types, want="player"):
        """One expression of a turn order, checked at its place; its syntax tree (the default's
        when absent, a stand-in when broken so that only its own finding is reported)."""
        text = spec.get(key, default)
        if text is None:
            return None
        if key not in spec:
            return parse_expression(text)
        before = len(self.findings)
        fn = self.compile_expr(comp, self.doc, path + [key], str(text), local_types, want=want)
        if fn is None or len(self.findings) > before:
            return A.Const(None if want == "player" else True)
        return parse_expression(str(text))

    def count(self, comp, spec, path):
        """The syntax tree of a rounds count (a number or an expression), None if absent or
        broken (reported at its place: a syntax error, or a value that is not a number)."""
        count = spec.get("count")
        if count is None or isinstance(count, int):
            return None if count is None else A.Const(count)
        try:
            node = parse_expression(str(count))
        except EffectSyntaxError as e:
            self.report(self.doc, path + ["count"], e)
            return A.Const(0)
        before = len(self.findings)
        fn = self.compile_expr(comp, self.doc, path + ["count"], count, {}, want="num")
        return node if fn is not None and len(self.findings) == before else A.Const(0)

    def rounds(self, comp, g, spec, path, counter) -> list:
        """Identical rounds: `count` times (or until the game ends), each its phases."""
        body = self.phases(comp, g, spec, path)
        if not body:
            return []
        if counter:
            body.insert(0, A.SetStmt(A.Name(counter), A.Name("$round")))
        count = self.count(comp, spec, path)
        if count is None:   # rounds until the game ends: count them, build no list
            step = A.Assign("$round", A.BinOp("+", A.Name("$round"), A.Const(1)))
            return [A.Assign("$round", A.Const(0)), A.While(A.Const(True), [step] + body)]
        return counted("$round", count, body)

    def stage(self, comp, g, spec, path, counter) -> list:
        """One stage of a game in stages: its own phases, round after round, until its
        `until` condition holds after a round or its `count` rounds are played; the round
        counter runs on across stages."""
        name = spec.get("name", f"stage{path[-1] + 1}")
        body = [A.Assign("$round", A.BinOp("+", A.Name("$round"), A.Const(1)))]
        if counter:
            body.append(A.SetStmt(A.Name(counter), A.Name("$round")))
        body += self.phases(comp, g, spec, path, prefix=f"{name}.")
        if spec.get("until") is not None and self.compile_expr(
                comp, self.doc, path + ["until"], spec["until"], {}, want="bool") is not None:
            body.append(A.If([(parse_expression(str(spec["until"])), [A.Break()])], None))
        count = self.count(comp, spec, path)
        if count is None:
            return [A.While(A.Const(True), body)]
        return counted(f"$stage{path[-1]}", count, body)


def counted(var: str, count, body: list) -> list:
    """`count` rounds of body, counted in `var` without a list of them: the list would be kept
    in the state, and a large count (a cap standing for "no cap") would exceed range()'s limit."""
    limit = var + "_count"
    step = A.Assign(var, A.BinOp("+", A.Name(var), A.Const(1)))
    return [A.Assign(var, A.Const(0)), A.Assign(limit, count),
            A.While(A.Compare("<", A.Name(var), A.Name(limit)), [step] + body)]
