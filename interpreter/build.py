"""Plain data (validated by the schema) -> GameDef, with every script compiled once."""
from __future__ import annotations

from pathlib import Path

from . import checks
from .effects import ast as A
from .effects.compiler import Compiler, Scope, bind_it
from .effects.parser import EffectSyntaxError, parse_expression, parse_script
from .effects.script import ScriptCompiler
from .errors import CompileError, Finding, did_you_mean
from .boards import BOARD_FUNCTIONS, build_board, cell_name
from .effects.builtins import BUILTINS, SPECIAL
from .mechanics import MECHANICS
from .model import CardStateSpec, CardType, CounterSpec, Function, GameDef, Procedure, ZoneSpec
from .yamlio import locate, text_position
from .analysis.metrics import compile_metrics   # hook(analytics): the metrics: section


PARAM_TYPES = {"player": "player", "card": "card", "number": "num", "text": "str",
               "cards": "list:card", "players": "list:player", "list": "list", "any": "any"}


class Builder:
    def __init__(self, path: Path, document, data: dict):
        self.path = path
        self.doc = document.main
        self.document = document
        self.data = data
        self.findings: list = []
        self.parsed: list = []       # every script's and expression's syntax tree, for usage checks
        self.skipped_attrs: set = set()   # attributes of cards not loaded (another error)
        self.schema_errors = False

    # ------------------------------------------------------------ positions
    def at(self, doc, keypath, key=True):
        return locate(doc, keypath, key)

    def add(self, doc, keypath, code, message, hint="", severity="error", key=True):
        line, col = self.at(doc, keypath, key)
        self.findings.append(Finding(doc.path, line, col, code, message, hint, severity))

    def text_pos(self, doc, keypath, line, col):
        """File position of (line, col) inside the text stored at keypath."""
        return text_position(doc, keypath, line, col)

    def report(self, doc, keypath, e):
        """A syntax or compile error (or several) inside the text at keypath."""
        if isinstance(e, EffectSyntaxError):
            line, col = self.text_pos(doc, keypath, e.line, e.col)
            self.findings.append(Finding(doc.path, line, col, "SYNTAX", e.message,
                                         excerpt=e.excerpt()))
            return
        for one in getattr(e, "all", [e]):
            line, col = self.text_pos(doc, keypath, one.line, one.col)
            self.findings.append(Finding(doc.path, line, col, one.code, one.message, one.hint))

    # ------------------------------------------------------------ compiling text
    def compile_script(self, comp, doc, keypath, text, local_types, key):
        try:
            stmts = parse_script(text)
            self.parsed.append(stmts)
            ops = ScriptCompiler(comp, local_types).compile(stmts)
        except (EffectSyntaxError, CompileError) as e:
            self.report(doc, keypath, e)
            return
        except RecursionError:
            self.add(doc, keypath, "SYNTAX", "the script is nested too deeply to compile", key=False)
            return
        comp.g.programs[key] = ops

    def compile_expr(self, comp, doc, keypath, text, local_types, want=None):
        try:
            node = parse_expression(str(text))
            self.parsed.append(node)
            fn, t = comp.expr(node, Scope(comp.g, local_types))
            if want is not None and t not in ("any", want):
                text = str(text)
                lead = text[:len(text) - len(text.lstrip())]   # the expression's first character
                line, col = self.text_pos(doc, keypath, lead.count("\n") + 1,
                                          len(lead.split("\n")[-1]) + 1)
                self.findings.append(Finding(doc.path, line, col, "TYPE",
                                             f"this gives {_type_word(t)}; {_type_word(want)} "
                                             "is needed here"))
            return fn
        except (EffectSyntaxError, CompileError) as e:
            self.report(doc, keypath, e)
        except RecursionError:
            self.add(doc, keypath, "SYNTAX", "the expression is nested too deeply to compile",
                     key=False)
        return None

    # ------------------------------------------------------------ the game
    def build(self):
        d = self.data
        info = d.get("game") or {}
        players = info.get("players") or {}
        g = GameDef(
            id=str(info.get("id", self.path.parent.name)),
            name=str(info.get("name", self.path.parent.name)),
            path=str(self.path),
            players_min=int(players.get("min", 2)),
            players_max=int(players.get("max", players.get("min", 2))),
        )
        g.variants = dict(info.get("variants") or {"standard": "the rules as written"})
        g.default_variant = info.get("default_variant") or next(iter(g.variants))
        g.seat_names = tuple(info.get("seat_names") or ())
        g.options = {k: v.get("default") if isinstance(v, dict) else v
                     for k, v in (d.get("options") or {}).items()}
        g.constants = dict(d.get("constants") or {})
        counters = d.get("counters") or {}
        for owner, target in (("player", g.player_counters), ("game", g.game_counters)):
            for name, spec in (counters.get(owner) or {}).items():
                spec = spec if isinstance(spec, dict) else {"start": spec}
                target[name] = CounterSpec(name, spec.get("start", 0), spec.get("visibility", "all"),
                                           spec.get("min", 0), spec.get("description", ""))
        g.stats = {k: (str(v.get("expr", "0")) if isinstance(v, dict) else str(v))
                   for k, v in (d.get("stats") or {}).items()}
        zones = d.get("zones") or {}
        for owner, target in (("player", g.player_zones), ("game", g.game_zones)):
            for name, spec in (zones.get(owner) or {}).items():
                spec = spec or {}
                target[name] = ZoneSpec(name, owner, spec.get("visibility", "all"),
                                        tuple(spec.get("keys") or ()), bool(spec.get("bag", False)),
                                        spec.get("refill_from"), spec.get("description", ""),
                                        spec.get("visible_if"))
        self.load_boards(g)
        for name, spec in (d.get("card_state") or {}).items():
            spec = spec if isinstance(spec, dict) else {"start": spec}
            kept = spec.get("kept_in")
            g.card_state[name] = CardStateSpec(name, spec.get("start"),
                                               tuple(kept) if kept is not None else None,
                                               spec.get("type", "any"), spec.get("description", ""))
        g.status = d.get("status")
        g.roles = tuple(d.get("roles") or ())
        for name, spec in (d.get("card_types") or {}).items():
            spec = spec or {}
            g.card_types[name] = CardType(name, dict(spec.get("attributes") or {}),
                                          spec.get("effect"), spec.get("playable_if"),
                                          spec.get("discard_to"), spec.get("label"))
        for name, spec in (d.get("procedures") or {}).items():
            params = spec.get("params") or ()
            types = ({k: PARAM_TYPES[v] for k, v in params.items()} if isinstance(params, dict)
                     else {k: "any" for k in params})
            g.procedures[name] = Procedure(name, tuple(types), spec.get("do", ""))
            g.procedures[name].types = types
        for name, spec in (d.get("functions") or {}).items():
            params = spec.get("params") or ()
            types = ({k: PARAM_TYPES[v] for k, v in params.items()} if isinstance(params, dict)
                     else {k: "any" for k in params})
            g.functions[name] = Function(name, tuple(types), types, str(spec.get("expr", "0")),
                                         PARAM_TYPES.get(spec.get("returns"), "any"))
        g.mechanics = dict(MECHANICS)
        g.setup = d.get("setup") or ""
        g.rounds = d.get("rounds") or {}
        g.finish = d.get("finish") or ""
        end = d.get("end") or {}
        g.end_when = end.get("when")
        g.score = end.get("score", "0")
        g.ranking = end.get("ranking")
        g.evaluation = (d.get("bots") or {}).get("evaluation")
        g.bot_samples = int((d.get("bots") or {}).get("samples", 1))
        g.max_decisions = int(info.get("max_decisions", 100000))
        self.check_names(g)
        self.load_cards(g)
        self.check_card_state_and_functions(g)
        self.compile_all(g)
        self.register_mechanic_prompts(g)
        errors = self.schema_errors or any(f.severity == "error" for f in self.findings)
        self.findings.extend(checks.all_findings(self, g, errors))
        return g

    def load_boards(self, g):
        """Each board becomes a group of game zones, one per cell, plus its geometry."""
        for name, spec in (self.data.get("boards") or {}).items():
            if name in g.game_zones:
                self.add(self.doc, ["boards", name], "DUP-NAME",
                         f"'{name}' is both a game zone and a board")
                continue
            remove = spec.get("remove")
            if isinstance(remove, list):
                cells = {cell_name(c, r) for c in range(int(spec["cols"]))
                         for r in range(int(spec["rows"]))}
                for i, cell in enumerate(remove):
                    if cell not in cells:
                        self.add(self.doc, ["boards", name, "remove", i], "REF-UNDEF",
                                 f"'{cell}' is not a cell of a {spec['rows']}x{spec['cols']} grid",
                                 did_you_mean(str(cell), cells), key=False)
            board = build_board(name, spec)
            g.boards[name] = board
            g.game_zones[name] = ZoneSpec(name, "game", "all", board.cells,
                                          description=board.description,
                                          visible_if=board.visible_if)

    def check_card_state_and_functions(self, g):
        """Card state names must not hide card attributes; functions must not hide builtins."""
        attrs = {k for a in g.cards.values() for k in a} | {"zone", "owner", "label"}
        zones = set(g.game_zones) | set(g.player_zones)
        for name, spec in g.card_state.items():
            if name in attrs:
                self.add(self.doc, ["card_state", name], "DUP-NAME",
                         f"'{name}' is both a card attribute and a card state; card.{name} "
                         "must mean one thing")
            for i, z in enumerate(spec.kept_in or ()):
                if z not in zones:
                    self.add(self.doc, ["card_state", name, "kept_in", i], "REF-UNDEF",
                             f"unknown zone '{z}'", did_you_mean(z, zones), key=False)
        taken = set(BUILTINS) | set(SPECIAL) | set(g.procedures) | set(g.mechanics)
        if g.boards:
            taken |= set(BOARD_FUNCTIONS)
        for name in g.functions:
            if name in taken:
                self.add(self.doc, ["functions", name], "DUP-NAME",
                         f"'{name}' is already a builtin, procedure or mechanic")

    def register_mechanic_prompts(self, g):
        """A pending decision keeps its prompt's id: a mechanic's prompts get theirs now, after
        the scripts' prompts, so an id in a saved state means the same in every process."""
        for mechanic in g.mechanics.values():
            for name, fn in getattr(mechanic, "prompts", dict)().items():
                g.named_prompt(name, fn)

    def check_names(self, g):
        seen = {}
        groups = (("player counter", ["counters", "player"], g.player_counters),
                  ("stat", ["stats"], g.stats),
                  ("player zone", ["zones", "player"], g.player_zones))
        for what, path, names in groups:
            for n in names:
                if n in seen:
                    self.add(self.doc, path + [n], "DUP-NAME",
                             f"'{n}' is both a {seen[n]} and a {what}; player.{n} must mean one thing")
                seen[n] = what
        gseen = {}
        ggroups = (("game counter", ["counters", "game"], g.game_counters),
                   ("role", ["roles"], {r: 1 for r in g.roles}),
                   ("game zone", ["zones", "game"], g.game_zones),
                   ("constant", ["constants"], g.constants),
                   ("option", ["options"], g.options))
        for what, path, names in ggroups:
            for n in names:
                if n in gseen:
                    self.add(self.doc, path + ([n] if what != "role" else []), "DUP-NAME",
                             f"'{n}' is both a {gseen[n]} and a {what}")
                gseen[n] = what

    def start_zones(self, g) -> list:
        return [f"{z}.{k}" for z, s in g.game_zones.items() for k in s.keys] + \
               [z for z, s in g.game_zones.items() if not s.keys]

    def load_cards(self, g):
        self.card_scripts = []
        sources = [(self.doc, self.data.get("cards") or [])]
        for inc in self.document.includes:
            sources.append((inc, inc.plain_cards()))
        where = {}
        for doc, cards in sources:
            for i, card in enumerate(cards):
                if not isinstance(card, dict):
                    continue
                cid = str(card.get("id", f"card{i + 1}"))
                ctype = card.get("type")
                if ctype not in g.card_types or card.get("zone") not in self.start_zones(g):
                    self.skipped_attrs.update(card)
                if ctype not in g.card_types:
                    self.add(doc, ["cards", i, "type"], "REF-UNDEF", f"unknown card type '{ctype}'",
                             did_you_mean(str(ctype), g.card_types), key=False)
                    continue
                zone = card.get("zone")
                valid = self.start_zones(g)
                if zone not in valid:
                    self.add(doc, ["cards", i, "zone"], "REF-UNDEF",
                             f"unknown starting zone '{zone}' (cards start in a game zone)",
                             did_you_mean(str(zone), valid), key=False)
                    continue
                count = card.get("count", 1)
                count = count if isinstance(count, int) and not isinstance(count, bool) else 1
                attrs = dict(g.card_types[ctype].attrs)
                attrs.update({k: v for k, v in card.items() if k not in ("count", "zone", "effect")})
                attrs["type"] = ctype
                ids = [cid] if count == 1 else [f"{cid}-{k}" for k in range(1, count + 1)]
                if "effect" in card:   # a card's own effect, compiled with the others
                    self.card_scripts.append((doc, ["cards", i, "effect"], str(card["effect"]),
                                              ids))
                for inst in ids:
                    if inst in where:
                        self.add(doc, ["cards", i, "id"], "DUP-ID",
                                 f"card id '{inst}' is used twice (first at {where[inst]})", key=False)
                        continue
                    line, col = self.at(doc, ["cards", i])
                    where[inst] = f"{doc.path}:{line}"
                    attrs_i = dict(attrs)
                    attrs_i["id"] = inst
                    g.cards[inst] = attrs_i
                    g.card_start[inst] = zone
        g.card_labels = {}
        bad_labels = set()
        for cid, attrs in g.cards.items():
            template = g.card_types[attrs["type"]].label
            if template:
                try:
                    g.card_labels[cid] = template.format(**attrs)
                except (KeyError, IndexError, ValueError) as e:
                    if (attrs["type"], str(e)) not in bad_labels:   # once per type and field
                        bad_labels.add((attrs["type"], str(e)))
                        self.add(self.doc, ["card_types", attrs["type"], "label"], "LABEL",
                                 f"the label names {e}, which card {cid} does not have",
                                 did_you_mean(str(e).strip("'"), attrs), key=False)
                    g.card_labels[cid] = cid
            else:
                g.card_labels[cid] = attrs.get("name", cid)

    def compile_all(self, g):
        comp = Compiler(g)
        comp.card_attrs.update(a for a in self.skipped_attrs if isinstance(a, str))
        doc = self.doc
        # functions first: a broken one is reported here, once; its uses then see a stand-in
        for name, spec in g.functions.items():
            comp.function(name)
            if name in comp.function_errors:
                self.report(doc, ["functions", name, "expr"], comp.function_errors[name])
            else:
                self.parsed.append(parse_expression(spec.expr))   # for the usage checks
        for name, spec in g.game_zones.items():
            if spec.visible_if:
                where = ["boards", name, "visible_if"] if name in g.boards else \
                    ["zones", "game", name, "visible_if"]
                fn = self.compile_expr(comp, doc, where, spec.visible_if,
                                       {"card": "card", "viewer": "player"})
                if fn is not None:
                    g.exprs["visible:" + name] = fn
        if g.status:
            self.compile_status(comp, g)
        for name, text in g.stats.items():
            path = ["stats", name, "expr"] if isinstance((self.data.get("stats") or {}).get(name),
                                                        dict) else ["stats", name]
            fn = self.compile_expr(comp, doc, path, text, {"it": "player"}, want="num")
            if fn is not None:
                try:
                    comp.stat(name)
                except (CompileError, EffectSyntaxError):
                    fn = None
            if fn is None:   # reported once, here; its uses elsewhere are not errors too
                comp.stat_fns[name] = lambda vm, p: 0
        playable = g.exprs.setdefault("playable", {})
        for name, ct in g.card_types.items():
            if ct.effect:
                self.compile_script(comp, doc, ["card_types", name, "effect"], ct.effect,
                                    {"me": "player", "card": "card"}, "type:" + name)
            if ct.playable_if:
                fn = self.compile_expr(comp, doc, ["card_types", name, "playable_if"], ct.playable_if,
                                       {"me": "player", "card": "card"}, want="bool")
                if fn is not None:
                    playable[name] = _bind_card(fn)
        for cdoc, keypath, text, ids in self.card_scripts:
            key = "card:" + ids[0]
            self.compile_script(comp, cdoc, keypath, text, {"me": "player", "card": "card"}, key)
            for other in ids[1:]:
                if key in g.programs:
                    g.programs["card:" + other] = g.programs[key]
        for name, proc in g.procedures.items():
            types = dict(proc.types)
            types.setdefault("me", "player")
            self.compile_script(comp, doc, ["procedures", name, "do"], proc.body, types, "proc:" + name)
        self.compile_flow(comp, g)
        for key, text in (("end_when", g.end_when), ("score", g.score), ("ranking", g.ranking),
                          ("evaluation", g.evaluation)):
            if text is None:
                continue
            section = "bots" if key == "evaluation" else "end"
            field = {"end_when": "when"}.get(key, key)
            fn = self.compile_expr(comp, doc, [section, field], text, {"it": "player", "me": "player"},
                                   want=_WANT.get(key))
            if fn is None:
                continue
            if key == "end_when":
                g.exprs[key] = fn
            else:
                g.exprs[key] = bind_it(fn)
        compile_metrics(self, comp, g)   # hook(analytics): the metrics: section
        g.stat_fns = {name: fn for name, fn in comp.stat_fns.items() if name in g.stats}
        g.result_fn = _result_fn(g)
        g.zone_spec = _zone_spec_fn(g)
        g.card_state_resets = _resets_fn(g)
        g.stack_limit = _stack_limit_fn(g)
        g.discard_zone = {n: ct.discard_to for n, ct in g.card_types.items() if ct.discard_to}
        names = g.seat_names
        g.seat_label = lambda p: (names[p] if p is not None and p < len(names)
                                  else "nobody" if p is None else f"P{p + 1}")

    def compile_status(self, comp, g):
        try:
            g.exprs["status"] = ScriptCompiler(comp, {"viewer": "player", "me": "player"}) \
                .template(str(g.status), A.Pass(line=1, col=1), at=(1, 1))
        except (EffectSyntaxError, CompileError) as e:
            self.report(self.doc, ["status"], e)

    def compile_flow(self, comp, g):
        doc = self.doc
        if g.setup:
            self.compile_script(comp, doc, ["setup"], g.setup, {"me": "player"}, "setup")
        if g.finish:
            self.compile_script(comp, doc, ["finish"], g.finish, {"me": "player"}, "finish")
        body = []
        phases = g.rounds.get("phases") or []
        for i, ph in enumerate(phases):
            key = f"phase:{ph['name']}"
            self.compile_script(comp, doc, ["rounds", "phases", i, "do"], ph.get("do", ""),
                                {"me": "player"}, key)
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
            g.programs["flow"] = ScriptCompiler(comp, {"me": "player"}).compile(stmts)
        except CompileError as e:
            self.add(doc, ["rounds"], e.code, e.message, e.hint)


_WANT = {"end_when": "bool", "score": "num", "evaluation": "num"}


def _type_word(t: str) -> str:
    words = {"num": "a number", "bool": "true or false", "str": "a text", "player": "a player",
             "card": "a card", "group": "a group of zones", "none": "nothing", "list": "a list"}
    if t.startswith("list:"):
        return f"a list of {t[5:]}s"
    return words.get(t, f"a {t}")


def _bind_card(fn):
    def playable(vm, card, player):
        l = vm.l
        saved = (l.get("me"), l.get("card"))
        l["me"], l["card"] = player, card
        try:
            return fn(vm)
        finally:
            l["me"], l["card"] = saved
    return playable


def _result_fn(g):
    def result(vm):
        n = vm.s["n"]
        score = g.exprs.get("score")
        rank = g.exprs.get("ranking")
        scores = [score(vm, p) if score else 0 for p in range(n)]
        keys = [rank(vm, p) if rank else [scores[p]] for p in range(n)]
        order = sorted(range(n), key=lambda p: keys[p], reverse=True)
        best = keys[order[0]]
        winners = [p for p in order if keys[p] == best]
        if vm.s.get("capped"):
            winners = []
        return {"winners": winners, "scores": scores, "ranking": order,
                "draw": len(winners) != 1}
    return result


def _zone_spec_fn(g):
    cache = {}

    def spec(key):
        s = cache.get(key)
        if s is None:
            if key[0].isdigit():
                s = g.player_zones[key.split(".")[1]]
            else:
                s = g.game_zones[key.split(".")[0]]
            cache[key] = s
        return s
    return spec


def _base(key):
    """A zone key's zone name: "board.d4" -> "board", "2.hand" -> "hand"."""
    parts = key.split(".")
    return parts[1] if parts[0].isdigit() else parts[0]


def _resets_fn(g):
    """zone key -> the card state names a card loses on entering it (cached)."""
    cache = {}
    kept = {name: set(spec.kept_in) for name, spec in g.card_state.items()
            if spec.kept_in is not None}

    def resets(key):
        r = cache.get(key)
        if r is None:
            base = _base(key)
            r = cache[key] = tuple(n for n, zones in kept.items() if base not in zones)
        return r
    return resets


def _stack_limit_fn(g):
    """zone key -> the most cards it may hold (a board cell's stack limit), or None."""
    limits = {b.zone_key[c]: b.stack_limit for b in g.boards.values() if b.stack_limit
              for c in b.cells}
    return limits.get


def build_game(path, document, data, schema_errors=False):
    b = Builder(path, document, data)
    b.schema_errors = schema_errors
    g = b.build()
    return g, b.findings
