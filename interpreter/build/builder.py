"""Plain data (validated by the schema) -> GameDef, with every script compiled once."""
from __future__ import annotations

from pathlib import Path

from ..checks import consistency as checks
from ..effects.abilities import declared_moments, moment_findings
from .cards import CardLoader
from .texts import GameCompiler
from ..effects.parser import EffectSyntaxError
from ..effects.types import PARAM_TYPES
from ..errors import Finding, did_you_mean
from .flow import FlowCompiler
from .how_to_play import compile_how_to_play
from ..boards.geometry import board_functions, build_board, spec_errors, stand_in
from ..effects import board_sizes
from ..effects.builtins import BUILTINS, SPECIAL
from ..effects.mechanics import MECHANICS
from ..model import CardStateSpec, CardType, CounterSpec, Function, GameDef, Procedure, ZoneSpec
from .value_decls import load_values, none_words
from ..load.yamlio import locate, text_position


class Builder(CardLoader, GameCompiler, FlowCompiler):
    def __init__(self, path: Path, document, data: dict):
        self.path = path
        self.doc = document.main
        self.document = document
        self.data = data
        self.findings: list = []
        self.parsed: list = []       # every script's and expression's syntax tree, for usage checks
        self.scripts: list = []      # (doc, keypath, statements, given names) per script
        self.skipped_attrs: set = set()   # attributes of cards not loaded (another error)
        self.label_gaps: dict = {}   # (card type, attribute) -> its LABEL finding (card_labels.py)
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

    # ------------------------------------------------------------ the game
    def build(self):
        d = self.data
        info = d.get("game") or {}
        players = info.get("players") or {}
        g = GameDef(
            id=str(info.get("id", self.path.parent.name)),
            name=str(info.get("name", self.path.parent.name)),
            path=str(self.path),
            # beyond the schema's bounds (reported there) the build goes on with a sane value,
            # so that a typo like max: 100000000 cannot make tables per seat eat all memory
            players_min=_bounded(players.get("min"), 2, MAX_PLAYERS),
            players_max=_bounded(players.get("max", players.get("min")), 2, MAX_PLAYERS),
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
                                           min=spec.get("min", 0), max=spec.get("max"),
                                           description=spec.get("description", ""),
                                           shown=spec.get("shown", True) is not False)
        g.stats = {k: (str(v.get("expr", "0")) if isinstance(v, dict) else str(v))
                   for k, v in (d.get("stats") or {}).items()}
        zones = d.get("zones") or {}
        for owner, target in (("player", g.player_zones), ("game", g.game_zones)):
            for name, spec in (zones.get(owner) or {}).items():
                spec = spec or {}
                target[name] = ZoneSpec(name, owner, spec.get("visibility", "all"),
                                        tuple(spec.get("keys") or ()), bool(spec.get("bag", False)),
                                        spec.get("refill_from"), spec.get("description", ""),
                                        spec.get("visible_if"), spec.get("count_by"),
                                        bool(spec.get("show_details", False)),
                                        refill_keep=spec.get("refill_keep", 0)
                                        if type(spec.get("refill_keep", 0)) is int else 0,
                                        refill_when=spec.get("refill_when", "draw"),
                                        hide_count=bool(spec.get("hide_count")),
                                        shown=bool(spec.get("shown", True)))
                for key in ("refill_keep", "refill_when"):    # they say how it refills
                    if key in spec and not spec.get("refill_from"):
                        self.add(self.doc, ["zones", owner, name, key], "SCHEMA-VALUE",
                                 f"'{key}' says how '{name}' refills, and it has no "
                                 "refill_from: name the zone its cards come back from")
                if spec.get("refill_from") == name:     # an empty pile cannot refill itself
                    self.add(self.doc, ["zones", owner, name, "refill_from"], "SCHEMA-VALUE",
                             f"'{name}' refills from itself: name the zone its cards come "
                             "back from (a discard pile)", key=False)
        self.load_boards(g)
        for name, spec in (d.get("card_state") or {}).items():
            spec = spec if isinstance(spec, dict) else {"start": spec}
            kept = spec.get("kept_in")
            # `start: none` is none, as in scripts and in values (value_load.py)
            g.card_state[name] = CardStateSpec(name, none_words(spec.get("start")),
                                               tuple(kept) if kept is not None else None,
                                               spec.get("type", "any"), spec.get("description", ""),
                                               bool(spec.get("show", False)))
        g.status = d.get("status")
        g.moments = declared_moments(d)
        moment_findings(self)
        g.roles = tuple(d.get("roles") or ())
        for name, spec in (d.get("card_types") or {}).items():
            spec = spec or {}
            g.card_types[name] = CardType(name, dict(spec.get("attributes") or {}),
                                          spec.get("effect"), spec.get("playable_if"),
                                          spec.get("discard_to"), spec.get("label"),
                                          spec.get("sort_by"), _texts(spec.get("details")),
                                          str(spec.get("description") or ""))
        for name, spec in (d.get("procedures") or {}).items():
            params = spec.get("params") or ()
            types = ({k: PARAM_TYPES[v] for k, v in params.items()} if isinstance(params, dict)
                     else {k: "any" for k in params})
            g.procedures[name] = Procedure(name, tuple(types), spec.get("do", ""), types)
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
        g.cooperative = end.get("cooperative") is True
        g.team_wins = end.get("wins")
        g.evaluation = (d.get("bots") or {}).get("evaluation")
        g.bot_samples = int((d.get("bots") or {}).get("samples", 1))
        g.bot_follow_ups = (d.get("bots") or {}).get("follow_ups", "any")
        g.max_decisions = int(info.get("max_decisions", 100000))
        compile_how_to_play(self, g)         # declared, or a summary (how_to_play.py)
        load_values(self, g)
        self.check_names(g)
        self.load_cards(g)
        self.check_card_state_and_functions(g)
        self.compile_all(g)
        self.register_mechanic_prompts(g)
        errors = self.schema_errors or any(f.severity == "error" for f in self.findings)
        self.findings.extend(checks.all_findings(self, g, errors))
        return g

    @staticmethod
    def size_names(g) -> dict:
        """What a board's size expressions may read: plain constants and options' values."""
        return {**{k: v for k, v in g.constants.items() if not isinstance(v, dict)},
                **g.options}

    def load_boards(self, g):
        """Each board becomes a group of game zones, one per cell, plus its geometry."""
        for name, spec in (self.data.get("boards") or {}).items():
            if name in g.game_zones:
                self.add(self.doc, ["boards", name], "DUP-NAME",
                         f"'{name}' is both a game zone and a board")
                continue
            unworked = []
            if isinstance(spec, dict):      # sizes from constants and options
                g.board_options |= board_sizes.names_read(spec) & set(g.options)
                spec, unworked = board_sizes.resolved(spec, self.size_names(g))
                for key, message in unworked:
                    self.add(self.doc, ["boards", name, key], "SCHEMA-VALUE", message,
                             "write a number, or an expression of constants and options",
                             key=False)
            problems = spec_errors(spec) if not unworked else [((), None, "", "", True)]
            for path, code, message, hint, _ in problems:
                if code is not None:
                    self.add(self.doc, ["boards", name, *path], code, message, hint, key=False)
            fatal = any(p[-1] for p in problems)
            board = stand_in(name, spec) if fatal else build_board(name, spec)
            g.boards[name] = board
            if not fatal and isinstance(spec.get("rim_worth"), dict):
                self.rim_worth(g, name, board, spec["rim_worth"])
            g.game_zones[name] = ZoneSpec(name, "game", "all", board.cells,
                                          description=board.description,
                                          visible_if=board.visible_if)

    def rim_worth(self, g, name, board, spec):
        """A grid's rim_worth: the constant it names, a list of numbers (one per distance)."""
        const = spec.get("constant")
        values = g.constants.get(const)
        deepest = max(board.rim.values(), default=0)
        if not isinstance(values, list) or len(values) <= deepest:
            self.add(self.doc, ["boards", name, "rim_worth", "constant"], "REF-UNDEF",
                     f"rim_worth needs a constant list with an entry for each distance from "
                     f"the rim (0 to {deepest}); '{const}' is not one",
                     did_you_mean(str(const), list(g.constants)), key=False)
            return
        board.rim_worth = tuple(values)
        board.rim_says = str(spec.get("says", ""))

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
        for board in g.boards.values():      # a grid's builtins, or a hex board's
            taken |= set(board_functions(board))
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

MAX_PLAYERS = 1000      # the schema's bound


def _bounded(v, default, most):
    return v if type(v) is int and 1 <= v <= most else default


def build_game(path, document, data, schema_errors=False):
    b = Builder(path, document, data)
    b.schema_errors = schema_errors
    g = b.build()
    return g, b.findings


def _texts(value):
    """A list of texts as declared (the schema reports anything else: then none)."""
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return tuple(value)
    return None
