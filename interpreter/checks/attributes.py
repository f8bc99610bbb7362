"""Card attributes checked across the cards of a type, before any game runs.

- ATTR-TYPE: an attribute's kind of value (whole number, text, true/false, ...) is inferred
  from the cards of a type (and the type's default); a card whose value is of another kind
  than the clear majority is the odd one out (`multiplier: four` among numbers, `1.5` in a
  CSV column of whole numbers).
- ATTR-MISSING (data): an attribute that most cards of a type have, that some lack, with no
  default in the type's `attributes`, and that an effect reads: each card lacking it.
- ATTR-MISSING (reads): `card.X` read in a card type's effect or playable_if (or a card's own
  effect) in a place where a missing value fails (arithmetic, an order comparison, a counter
  amount, a number of cards to draw, a typed parameter, a loop's collection) while some card
  that can be `card` there has no X. Tests on the card's own attributes narrow that set
  (`if card.secondary == "recruitment": recruit(me, card.look, card.keep)` is fine when every
  recruitment card has `look` and `keep`); a test on `card` this check cannot read makes
  it say nothing inside.
"""
from __future__ import annotations

import operator
import re

from .common import CARD_FIELDS, card_sources, label_fields
from ..effects import ast as A
from ..effects.ast_walk import children, walk
from ..effects.parser import EffectSyntaxError, parse_expression, parse_script
from ..errors import KIND_WORDS, Finding, kind_words
DECIMAL = re.compile(r"^\s*-?\d*\.\d+\s*$")
WHOLE = re.compile(r"^\s*-?\d+\s*$")
COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
           ">": operator.gt, ">=": operator.ge,
           "in": lambda a, b: a in b, "not in": lambda a, b: a not in b}
ORDER = {"<", "<=", ">", ">="}
NUMERIC_BUILTINS = {"min", "max", "sum", "abs", "range", "roll"}
TYPED_PARAMS = {"num", "player", "card", "str", "list:card", "list:player", "list"}


def _weight(card) -> int:
    n = card.get("count", 1)
    return n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 1


def cards_by_type(builder, g) -> dict:
    """type -> [(document, index in its list, the card's plain data)]."""
    out: dict = {}
    for doc, cards in card_sources(builder):
        for i, card in enumerate(cards if isinstance(cards, list) else []):
            if isinstance(card, dict) and isinstance(card.get("type"), str) \
                    and card["type"] in g.card_types:
                out.setdefault(card["type"], []).append((doc, i, card))
    return out


def type_findings(builder, g, by_type: dict) -> list:
    """ATTR-TYPE: the odd ones out among an attribute's values within one card type."""
    out = []
    for ctype, entries in by_type.items():
        default = g.card_types[ctype].attrs
        names = {k for _, _, c in entries for k in c if k not in CARD_FIELDS}
        for name in sorted(names, key=str):
            values = [(c[name], _weight(c), (doc, ["cards", i, name])) for doc, i, c in entries
                      if name in c]
            if name in default:
                lacking = sum(_weight(c) for _, _, c in entries if name not in c)
                values.append((default[name], max(1, lacking),
                               (builder.doc, ["card_types", ctype, "attributes", name])))
            weights: dict = {}
            for v, w, _ in values:
                weights[kind_words(v)] = weights.get(kind_words(v), 0) + w
            major = max(weights, key=weights.get)
            if len(weights) < 2 or weights[major] * 2 <= sum(weights.values()):
                continue          # one kind, or no clear majority to call the others odd
            others = weights[major]
            for v, _, (doc, path) in values:
                if kind_words(v) != major:
                    line, col = builder.at(doc, path, key=False)
                    shown = f"the text '{v}'" if isinstance(v, str) else f"{kind_words(v)} ({v!r})"
                    out.append(Finding(doc.path, line, col, "ATTR-TYPE",
                                       f"'{name}' is {shown} here, but {major} on the other "
                                       f"{ctype} cards ({others} of them)",
                                       _type_hint(v, major, doc)))
    return out


def _type_hint(v, major: str, doc) -> str:
    if isinstance(v, str) and DECIMAL.match(v) and major == KIND_WORDS[int]:
        return f"numbers are whole in this language: {v.strip()} is read as a text"
    if isinstance(v, float) and major == KIND_WORDS[int]:
        return "numbers are whole in this language: write a whole number"
    if isinstance(v, str) and WHOLE.match(v):
        return "it is quoted, so it is a text: remove the quotes"
    return f"write {major} here, like the others"


def missing_findings(builder, g, by_type: dict, used: set) -> tuple:
    """ATTR-MISSING on the data: the few cards of a type that lack what the others have.
    Returns (findings, {(type, attribute)} reported)."""
    out, reported = [], set()
    for ctype, entries in by_type.items():
        default = g.card_types[ctype].attrs
        names = {k for _, _, c in entries for k in c if k not in CARD_FIELDS}
        for name in sorted(names, key=str):
            if name in default or name not in used:
                continue
            have = sum(_weight(c) for _, _, c in entries if name in c)
            lack = [(doc, i, c) for doc, i, c in entries if name not in c]
            if not lack or sum(_weight(c) for _, _, c in lack) >= have:
                continue          # absent from most: an optional attribute (see the reads)
            reported.add((ctype, name))
            for doc, i, c in lack:
                line, col = _blank_at(builder, doc, i, name)
                out.append(Finding(doc.path, line, col, "ATTR-MISSING",
                                   f"this {ctype} card ({c.get('id', f'card {i + 1}')}) has no "
                                   f"'{name}', which the other {ctype} cards ({have}) have and "
                                   "the game reads",
                                   f"give it a '{name}', or give the type a default: "
                                   f"card_types.{ctype}.attributes.{name}"))
    return out, reported


def _blank_at(builder, doc, i, name) -> tuple:
    """Where a card lacks an attribute: its empty CSV cell, else the card itself."""
    blank = getattr(doc, "blanks", {}).get((i, name))
    return blank if blank else builder.at(doc, ["cards", i])


# ------------------------------------------------------------------ reads of card.X
class Unknown(Exception):
    """A test on `card` this check cannot evaluate."""


def _mentions_card(tree) -> bool:
    return any(isinstance(node, A.Name) and node.name == "card" for node in walk(tree))


def _binds_card(tree) -> bool:
    """Whether a script rebinds `card` anywhere (then what `card` is cannot be followed)."""
    return any(isinstance(node, (A.Assign, A.Choose, A.ForEach, A.Comprehension, A.CallStmt,
                                 A.Draw))
               and node.var == "card" for node in walk(tree))


def _value(node, attrs: dict):
    if isinstance(node, A.Const):
        return node.value
    if isinstance(node, A.Attr) and isinstance(node.obj, A.Name) and node.obj.name == "card":
        return attrs.get(node.name)
    if isinstance(node, A.ListExpr):
        return [_value(x, attrs) for x in node.items]
    if isinstance(node, A.Compare):
        try:
            return COMPARE[node.op](_value(node.left, attrs), _value(node.right, attrs))
        except TypeError:
            raise Unknown from None
    if isinstance(node, A.Not):
        return not _value(node.operand, attrs)
    raise Unknown


def narrow(test, cands, attrs: dict, truth: bool):
    """The cards (ids) among cands for which `test` is truth; None when that cannot be told."""
    if cands is None or not _mentions_card(test):
        return cands
    if isinstance(test, A.Not):
        return narrow(test.operand, cands, attrs, not truth)
    if isinstance(test, A.BoolOp):
        left = narrow(test.left, cands, attrs, truth)
        right = narrow(test.right, cands, attrs, truth)
        if left is None or right is None:
            return None
        both = (test.op == "and") == truth      # and-true, or-false: both sides hold
        return left & right if both else left | right
    try:
        return frozenset(c for c in cands if bool(_value(test, attrs[c])) == truth)
    except Unknown:
        return None


class ReadScan:
    """Walks one script or expression with the set of cards `card` can be."""

    def __init__(self, g, report, known: set):
        self.g = g
        self.known = known          # attributes some card has
        self.report = report        # report(node, attribute, cards lacking it, how many)

    def test(self, node, cands, truth):
        return narrow(node, cands, self.g.cards, truth)

    def stmts(self, body, cands):
        for st in body or ():
            self.stmt(st, cands)

    def stmt(self, st, cands):
        if isinstance(st, A.If):
            rest = cands
            for test, body in st.branches:
                self.expr(test, rest, safe=True)
                self.stmts(body, self.test(test, rest, True))
                rest = self.test(test, rest, False)
            self.stmts(st.orelse, rest)
        elif isinstance(st, A.While):
            self.expr(st.test, cands, safe=True)
            self.stmts(st.body, cands)
        elif isinstance(st, (A.ForEach, A.Repeat)):
            self.expr(st.coll if isinstance(st, A.ForEach) else st.count, cands, safe=False)
            self.stmts(st.body, cands)
        elif isinstance(st, (A.Gain, A.Lose, A.Steal)):
            self.expr(st.amount, cands, safe=False)
            self.expr(getattr(st, "who", None) or getattr(st, "victim", None), cands, True)
        elif isinstance(st, A.Draw):
            self.expr(st.count, cands, safe=False)
        elif isinstance(st, A.Choose):
            for part in (st.coll, st.low, st.high):
                self.expr(part, cands, safe=False)
        elif isinstance(st, A.SetStmt):
            counter = isinstance(st.target, (A.Name, A.Attr)) and (
                getattr(st.target, "name", None) in self.g.game_counters
                or getattr(st.target, "name", None) in self.g.player_counters)
            self.expr(st.expr, cands, safe=not counter)
        elif isinstance(st, A.CallStmt):
            self.expr(st.call, cands, safe=True)
        elif isinstance(st, (A.Assign, A.Return)):
            self.expr(st.expr, cands, safe=True)

    def params(self, name: str) -> dict:
        spec = self.g.procedures.get(name) or self.g.functions.get(name)
        return spec.types if spec is not None else {}

    def expr(self, node, cands, safe: bool):
        if node is None or cands is None:
            return
        if isinstance(node, A.Attr):
            if isinstance(node.obj, A.Name) and node.obj.name == "card":
                if not safe and node.name in self.known and node.name not in CARD_FIELDS:
                    cards = self.g.cards
                    lacking = [c for c in cands if node.name not in cards[c]]
                    if lacking:
                        self.report(node, node.name, lacking, len(cands))
                return
            self.expr(node.obj, cands, True)
        elif isinstance(node, (A.BinOp, A.Neg)):
            for part in ((node.left, node.right) if isinstance(node, A.BinOp) else (node.operand,)):
                self.expr(part, cands, False)
        elif isinstance(node, A.Compare):
            self.expr(node.left, cands, node.op not in ORDER)
            self.expr(node.right, cands, node.op not in ORDER and node.op not in ("in", "not in"))
        elif isinstance(node, A.BoolOp):
            self.expr(node.left, cands, True)
            self.expr(node.right, self.test(node.left, cands, node.op == "and"), True)
        elif isinstance(node, A.Not):
            self.expr(node.operand, cands, True)
        elif isinstance(node, A.CondExpr):
            self.expr(node.test, cands, True)
            self.expr(node.then, self.test(node.test, cands, True), safe)
            self.expr(node.other, self.test(node.test, cands, False), safe)
        elif isinstance(node, A.Call):
            types = self.params(node.func)
            names = list(types)
            for i, arg in enumerate(node.args):
                typed = i < len(names) and types[names[i]] in TYPED_PARAMS
                self.expr(arg, cands, not (typed or node.func in NUMERIC_BUILTINS))
            for k, arg in node.kwargs.items():
                self.expr(arg, cands, types.get(k) not in TYPED_PARAMS)
        elif isinstance(node, A.Comprehension) and node.var == "card":
            return
        elif isinstance(node, (A.ListExpr, A.Index)):     # holding none is no failure yet
            for x in (node.items if isinstance(node, A.ListExpr) else (node.obj, node.key)):
                self.expr(x, cands, True)
        else:
            for x in children(node):
                self.expr(x, cands, False)


def read_findings(builder, g, skip: set) -> list:
    """ATTR-MISSING at reads of card.X in the scripts that know which cards `card` can be."""
    own = {}
    for doc, keypath, text, ids in getattr(builder, "card_scripts", []):
        own.update({i: (doc, keypath, text) for i in ids})
    jobs = []
    for name, ct in g.card_types.items():
        cards = frozenset(c for c, a in g.cards.items() if a.get("type") == name)
        played = frozenset(c for c in cards if c not in own)
        if ct.effect and played:
            jobs.append((builder.doc, ["card_types", name, "effect"], ct.effect, played, name, 1))
        if ct.playable_if and cards:
            jobs.append((builder.doc, ["card_types", name, "playable_if"], ct.playable_if, cards,
                         name, 0))
    done = set()
    for cid, (doc, keypath, text) in own.items():
        if (doc.path, tuple(keypath)) not in done and cid in g.cards:
            done.add((doc.path, tuple(keypath)))
            jobs.append((doc, keypath, text, frozenset([cid]), g.cards[cid]["type"], 1))
    known = {k for a in g.cards.values() for k in a}   # others: REF-UNDEF from the compiler
    jobs = [j for j in jobs if _may_miss(g, j[2], j[3], known)]
    trees = {(d.path, tuple(k)): t for d, k, t, _ in builder.scripts}
    out = []
    for doc, keypath, text, cands, ctype, script in jobs:
        tree = trees.get((doc.path, tuple(keypath))) if script else None
        try:
            if tree is None:      # parsed by the builder already, but for expressions
                tree = parse_script(str(text)) if script else parse_expression(str(text))
        except (EffectSyntaxError, RecursionError):
            continue              # reported by the compiler
        if _binds_card(tree):
            continue

        def report(node, attr, lacking, among, doc=doc, keypath=keypath, ctype=ctype):
            if (ctype, attr) in skip:
                return            # the cards lacking it are reported already
            line, col = builder.text_pos(doc, keypath, node.line, node.col)
            some = ", ".join(sorted(lacking)[:3]) + (", ..." if len(lacking) > 3 else "")
            out.append(Finding(doc.path, line, col, "ATTR-MISSING",
                               f"card.{attr} is used here as a value, but {len(lacking)} of the "
                               f"{among} cards that can be `card` here have no '{attr}' ({some})",
                               f"give card_types.{ctype}.attributes a default for '{attr}', or "
                               f"read it only under a test on the card's attributes (if card.kind == ...)"))
        scan = ReadScan(g, report, known)
        if script:
            scan.stmts(tree, cands)
        else:
            scan.expr(tree, cands, safe=True)
    return out


READ = re.compile(r"\bcard\.([A-Za-z_][A-Za-z_0-9]*)")


def _may_miss(g, text, cands, known: set) -> bool:
    """Whether the text reads card.X for an X some candidate lacks (else no need to parse)."""
    names = (set(READ.findall(str(text))) & known) - CARD_FIELDS
    return any(n not in g.cards[c] for n in names for c in cands)


def drop_label_duplicates(builder, reported: set) -> None:
    """A label naming an attribute some cards lack gives a LABEL error at the label; when
    those cards are reported themselves (ATTR-MISSING), that one says it better."""
    drop = {id(f) for key, f in builder.label_gaps.items() if key in reported}
    builder.findings[:] = [f for f in builder.findings if id(f) not in drop]


def all_findings(builder, g, used: set) -> list:
    by_type = cards_by_type(builder, g)
    out = type_findings(builder, g, by_type)
    missing, reported = missing_findings(builder, g, by_type, used | label_fields(g))
    drop_label_duplicates(builder, reported)
    return out + missing + read_findings(builder, g, reported)

