"""Compiling a game's texts (scripts, expressions, the status line) into its GameDef, each
once, with every error reported at its place in the YAML. Mixed into the Builder."""
from __future__ import annotations

from pathlib import Path

from ..effects import ast as A
from ..effects.codegen import TextPlace, place_name
from ..effects.compiler import Compiler, Scope
from ..effects.parser import EffectSyntaxError, parse_expression, parse_script
from ..effects.script import ScriptCompiler
from ..errors import CompileError, Finding, type_words
from ..model import visible_key
from . import lookups as tables
from .metrics import compile_metrics
from .tune_decls import tune_section
from .bot_settings import compile_bots
from ..effects.abilities import compile_abilities
from ..effects.values import entry_type, static_type
from .card_details import compile_card_details
from .card_labels import compile_card_labels


MAX_EFFECT_LINES = 10_000   # lines of effect texts in one game (README "Limits")


class GameCompiler:
    effect_lines = 0            # lines of effect texts met so far

    def over_budget(self, doc, keypath, text) -> bool:
        """Whether this text passes the game's budget of effect lines: compiling costs
        about a millisecond a line, so a 2 MB file of one-line statements would take tens
        of seconds and much memory. The text that passes it is reported (once) and it and
        every later one are left uncompiled."""
        before = self.effect_lines
        self.effect_lines += str(text).count("\n") + 1
        if self.effect_lines <= MAX_EFFECT_LINES:
            return False
        if before <= MAX_EFFECT_LINES:    # at the text's first line
            line, col = self.text_pos(doc, keypath, 1, 1)
            self.findings.append(Finding(
                doc.path, line, col, "EFFECT-SIZE", f"the game's effect texts pass "
                f"{MAX_EFFECT_LINES:,} lines here; this text and the ones after it are not "
                "compiled", "split the game, or write repeated rules once (a procedure, a "
                "loop)"))
        return True

    def locator(self, doc, keypath):
        """The text at keypath's place: the name of the code made from it, and (line, col)
        in it -> "file:line:col" (for run-time errors)."""
        prefix = "" if doc is self.doc else Path(doc.path).stem    # an included file
        return TextPlace(doc.path, place_name(doc.root, keypath, prefix),
                         lambda line, col: self.text_pos(doc, keypath, line, col))

    def compile_script(self, comp, doc, keypath, text, local_types, key, phase=False):
        if self.over_budget(doc, keypath, text):
            return
        comp.ns.locate = self.locator(doc, keypath)
        try:
            stmts = parse_script(text)
            self.parsed.append(stmts)
            # each script's tree with its place and given names, for the checks (UNSET, ATTR)
            self.scripts.append((doc, keypath, stmts, set(local_types)))
            ops = ScriptCompiler(comp, local_types, phase).compile(stmts)
        except (EffectSyntaxError, CompileError) as e:
            self.report(doc, keypath, e)
            return
        except RecursionError:
            self.add(doc, keypath, "SYNTAX", "the script is nested too deeply to compile", key=False)
            return
        comp.g.programs[key] = ops

    def compile_expr(self, comp, doc, keypath, text, local_types, want=None, params=None,
                     compile_fn=None):
        """f(vm) reading the frame's locals, or with `params` f(vm, *params); `compile_fn`
        (node -> (fn, type)) compiles it another way (a stat, compiled once as itself)."""
        if self.over_budget(doc, keypath, text):
            return None
        comp.ns.locate = self.locator(doc, keypath)
        try:
            node = parse_expression(str(text))
            self.parsed.append(node)
            if compile_fn is not None:
                fn, t = compile_fn(node)
            elif params is None:
                fn, t = comp.expr(node, Scope(comp.g, local_types))
            else:
                fn, t = comp.expr_fn(node, Scope(comp.g, local_types), params)
            if want is not None and t not in ("any", want):
                text = str(text)
                lead = text[:len(text) - len(text.lstrip())]   # the expression's first character
                line, col = self.text_pos(doc, keypath, lead.count("\n") + 1,
                                          len(lead.split("\n")[-1]) + 1)
                self.findings.append(Finding(doc.path, line, col, "TYPE",
                                             f"this gives {type_words(t)}; {type_words(want)} "
                                             "is needed here"))
            return fn
        except (EffectSyntaxError, CompileError) as e:
            self.report(doc, keypath, e)
        except RecursionError:
            self.add(doc, keypath, "SYNTAX", "the expression is nested too deeply to compile",
                     key=False)
        return None

    def compile_all(self, g):
        comp = Compiler(g)
        comp.card_attrs.update(a for a in self.skipped_attrs if isinstance(a, str))
        doc = self.doc
        stats = self.data.get("stats") or {}
        comp.locators = {("function", n): self.locator(doc, ["functions", n, "expr"])
                         for n in g.functions}
        comp.locators.update({("procedure", n): self.locator(doc, ["procedures", n, "do"])
                              for n in g.procedures})
        comp.locators.update({("stat", n): self.locator(
            doc, ["stats", n, "expr"] if isinstance(stats.get(n), dict) else ["stats", n])
            for n in g.stats})
        g.code_where = comp.ns.where
        # functions first: a broken one is reported here, once; its uses then see a stand-in
        for name, spec in g.functions.items():
            comp.function(name)
            if name in comp.function_errors:
                self.report(doc, ["functions", name, "expr"], comp.function_errors[name])
            else:
                self.parsed.append(parse_expression(spec.expr))   # for the usage checks
        zones = [(name, spec, None) for name, spec in g.game_zones.items()] + \
            [(name, spec, 0) for name, spec in g.player_zones.items()]
        for name, spec, owner in zones:      # visible_if: runtime/visibility.py reads them
            if spec.visible_if:
                where = ["boards", name, "visible_if"] if name in g.boards and owner is None \
                    else ["zones", "game" if owner is None else "player", name, "visible_if"]
                fn = self.compile_expr(comp, doc, where, spec.visible_if,
                                       {"card": "card", "viewer": "player"})
                if fn is not None:
                    g.exprs[visible_key(name, owner)] = fn
        if g.status:
            self.compile_status(comp, g)
        self.compile_value_displays(comp, g)
        for name, text in g.stats.items():
            path = ["stats", name, "expr"] if isinstance((self.data.get("stats") or {}).get(name),
                                                        dict) else ["stats", name]
            fn = self.compile_expr(comp, doc, path, text, {"it": "player"}, want="num",
                                   compile_fn=lambda node, name=name: (comp.stat(name),
                                                                       comp.stat_types[name]))
            if fn is None:   # reported once, here; its uses elsewhere are not errors too
                comp.stat_refs[name] = comp.ns.bind(comp.ns.named("S", name), lambda vm, p: 0)
        playable = g.exprs.setdefault("playable", {})
        for name, ct in g.card_types.items():
            if ct.effect:
                self.compile_script(comp, doc, ["card_types", name, "effect"], ct.effect,
                                    {"me": "player", "card": "card"}, "type:" + name)
            if ct.playable_if:
                fn = self.compile_expr(comp, doc, ["card_types", name, "playable_if"], ct.playable_if,
                                       {"me": "player", "card": "card"}, want="bool",
                                       params=("card", "me"))
                if fn is not None:
                    playable[name] = fn
        for cdoc, keypath, text, ids in self.card_scripts:
            key = "card:" + ids[0]
            self.compile_script(comp, cdoc, keypath, text, {"me": "player", "card": "card"}, key)
            for other in ids[1:]:
                if key in g.programs:
                    g.programs["card:" + other] = g.programs[key]
        compile_abilities(self, comp, g)   # abilities: by moment, on card types and cards
        for name, proc in g.procedures.items():
            types = dict(proc.types)
            types.setdefault("me", "player")
            self.compile_script(comp, doc, ["procedures", name, "do"], proc.body, types, "proc:" + name)
        self.compile_flow(comp, g)
        for key, text in (("end_when", g.end_when), ("score", g.score), ("ranking", g.ranking),
                          ("evaluation", g.evaluation), ("team_wins", g.team_wins)):
            if text is None or (key == "score" and g.cooperative):
                continue
            section = "bots" if key == "evaluation" else "end"
            field = {"end_when": "when", "team_wins": "wins"}.get(key, key)
            local = {"it": "player", "me": "player"}
            if key == "evaluation":   # in a secret sequence, me's own steps (else empty)
                local["so_far"] = "list"
            if key == "team_wins":    # the team's: compile_team
                if not g.cooperative:
                    self.add(doc, ["end", "wins"], "SCHEMA-KEY", "end.wins is the team's win "
                             "of a cooperative game", hint="add `cooperative: true` to end:, "
                             "or say who wins with end.score and end.ranking")
                continue
            if key == "ranking" and g.cooperative:
                self.add(doc, ["end", "ranking"], "SCHEMA-KEY", "a cooperative game ranks no "
                         "seat: every seat has the team's score", hint="remove end.ranking; "
                         "end.wins says when the team has won")
                continue
            fn = self.compile_expr(comp, doc, [section, field], text, local,
                                   want=_WANT.get(key), params=None if key == "end_when" else ("it",))
            if fn is not None:
                g.exprs[key] = fn
        if g.cooperative:
            self.compile_team(comp, doc, g)
        for name, text in ((self.data.get("end") or {}).get("breakdown") or {}).items():
            fn = self.compile_expr(comp, doc, ["end", "breakdown", name], str(text),
                                   {"it": "player", "me": "player"}, want="num", params=("it",))
            if fn is not None:       # the score's terms, shown when the game ends
                g.score_terms[str(name)] = fn
        compile_bots(self, comp, g)      # bots.policies and hidden_types (policies.py)
        compile_metrics(self, comp, g)   # the metrics: section (build/metrics.py)
        tune_section(self, g)            # the tune: section (build/tune_decls.py)
        g.stat_fns = {name: comp.stat(name) for name in g.stats}
        g.end_when_fn = g.exprs.get("end_when")
        g.result_fn = tables.result_fn(g)
        g.zone_spec = tables.zone_spec_fn(g)
        g.card_state_resets = tables.resets_fn(g)
        g.stack_limit = tables.stack_limit_fn(g)
        g.refills_at_once = tables.refills_at_once_fn(g)
        g.discard_zone = {n: ct.discard_to for n, ct in g.card_types.items() if ct.discard_to}
        names = g.seat_names
        g.seat_label = lambda p: (names[p] if p is not None and p < len(names)
                                  else "nobody" if p is None else f"P{p + 1}")
        compile_card_labels(self, comp, g)   # each card's label, filled in once (card_labels.py)
        compile_card_details(self, comp, g)  # and its details (card_details.py)

    def compile_value_displays(self, comp, g):
        """A value's `display:` text, about `it` (each entry of a list or mapping, with its
        `key`; the value itself otherwise) and `viewer`: g.value_displays[(owner, name)]."""
        for owner, specs in (("player", g.player_values), ("game", g.game_values)):
            for name, spec in specs.items():
                if not spec.display:
                    continue
                path = ["values", owner, name, "display"]
                comp.ns.locate = self.locator(self.doc, path)
                whole = spec.type in ("list", "players", "cards", "mapping")
                names = {"it": entry_type(spec) if whole else static_type(spec), "key": "str",
                         "viewer": "player"}
                try:
                    src = ScriptCompiler(comp, names).template(
                        str(spec.display), A.Pass(line=1, col=1), at=(1, 1))
                    g.value_displays[(owner, name)] = comp.ns.expression(src, what="display")
                except (EffectSyntaxError, CompileError) as e:
                    self.report(self.doc, path, e)

    def compile_team(self, comp, doc, g):
        """A cooperative game's end.score is the team's: one number about the game, so it
        may not name `it`; a seat's score (and the bots' value of a seat) is that number."""
        if g.team_wins is None:
            self.add(doc, ["end", "cooperative"], "SCHEMA-REQUIRED", "a cooperative game needs "
                     "end.wins: the condition under which the team has won", key=True)
        else:
            fn = self.compile_expr(comp, doc, ["end", "wins"], g.team_wins, {}, want="bool")
            if fn is not None:
                g.exprs["team_wins"] = fn
        if "score" in (self.data.get("end") or {}):
            fn = self.compile_expr(comp, doc, ["end", "score"], g.score, {}, want="num")
            if fn is not None:
                g.exprs["score"] = lambda vm, it=None: fn(vm)

    def compile_status(self, comp, g):
        comp.ns.locate = self.locator(self.doc, ["status"])
        try:
            src = ScriptCompiler(comp, {"viewer": "player", "me": "player"}) \
                .template(str(g.status), A.Pass(line=1, col=1), at=(1, 1))
            g.exprs["status"] = comp.ns.expression(src, what="status")
        except (EffectSyntaxError, CompileError) as e:
            self.report(self.doc, ["status"], e)


_WANT = {"end_when": "bool", "score": "num", "evaluation": "num", "team_wins": "bool"}


