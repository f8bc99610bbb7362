"""docs/reference/language.md: every statement, operator, builtin, board builtin, mechanic and
name of the effect language. Meanings and examples come from docs/reference/language.yaml;
what the code knows comes from the code: the statements and expression rules from the
grammar, each builtin's signature and result type from its registry."""
from __future__ import annotations

import re
import sys

from ruamel.yaml import YAML

from .common import GENERATED, ROOT, cell, code, short, table

ENTRIES = ROOT / "docs" / "reference" / "language.yaml"
GRAMMAR = ROOT / "interpreter" / "effects" / "grammar.lark"
# small games whose boards give each shape's builtins (the builtins are made per board)
BOARD_GAMES = {"grid": ROOT / "tests" / "games" / "stones",
               "hex": ROOT / "tests" / "games" / "hex_trains"}


def entries() -> dict:
    return YAML(typ="safe").load(ENTRIES.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- what the code knows

def grammar_statements() -> list:
    """The statement rules: the alternatives of _simple_stmt and _compound_stmt."""
    text = GRAMMAR.read_text(encoding="utf-8")
    out = []
    for rule in ("_simple_stmt", "_compound_stmt"):
        body = re.search(rf"^{rule}:(.*?)(?=^\S)", text, re.S | re.M).group(1)
        out += re.findall(r"[a-z_]+", body)
    return out


def grammar_expressions() -> dict:
    """The expression rules (the aliases `-> name` and `call`) and the operator tokens of
    the rules that take one (binop, compare)."""
    text = GRAMMAR.read_text(encoding="utf-8")
    part = text[text.index("// --------------------------------------------------------------- "
                           "expressions"):]
    rules = set(re.findall(r"->\s*(\w+)", part)) | {"call"}
    tokens = {"compare": re.findall(r'"([^"]+)"', re.search(r"^COMPARE:(.*)$", part,
                                                              re.M).group(1)),
              "binop": [re.search(rf'^{t}:\s*"(.)"', part, re.M).group(1)
                        for t in ("PLUS", "MINUS", "STAR", "SLASH", "PERCENT")]}
    return {"rules": rules, "tokens": tokens}


def builtin_signatures() -> dict:
    """name -> (how a call is written, its result in words) for the builtins."""
    from interpreter.effects.builtins import BUILTINS
    from interpreter.effects.calls import SPECIAL_SIGNATURES
    from interpreter.effects.signature import Signature
    out = {name: (Signature.of_python(name, fn).call_form(), _result(rt))
           for name, (fn, rt, _) in BUILTINS.items()}
    out.update({name: (sig.call_form(), "") for name, sig in SPECIAL_SIGNATURES.items()})
    return out


def board_signatures() -> dict:
    """name -> (how a call is written, its result in words, the shapes that have it)."""
    from interpreter.boards.geometry import board_functions
    from interpreter.build.game_loader import load_game
    from interpreter.effects.signature import Signature
    out: dict = {}
    for shape, path in BOARD_GAMES.items():
        g = load_game(str(path))
        board = next(b for b in g.boards.values() if b.shape == shape)
        for name, (fn, rt, _) in board_functions(board).items():
            form = Signature.of_python(name, fn).call_form()
            out.setdefault(name, [form, _result(rt), []])[2].append(shape)
    return {n: (form, rt, " and ".join(shapes) if len(shapes) == 1 else "every shape")
            for n, (form, rt, shapes) in out.items()}


def mechanic_signatures() -> dict:
    from interpreter.effects.mechanics import MECHANICS
    out = {}
    for name, mech in MECHANICS.items():
        defaults = getattr(sys.modules[type(mech).__module__], "DEFAULTS", {})
        parts = [p if p in mech.required else f"{p}={_literal(defaults.get(p))}"
                 for p in mech.params]
        returns = ", ".join(f"{k}: {_result(v)}" for k, v in getattr(mech, "returns", {}).items())
        out[name] = (f"{name}({', '.join(parts)})", f"a mapping {{{returns}}}" if returns else "")
    return out


def word_registries() -> dict:
    from interpreter.effects.names import CARD_FIELDS, GAME_WORDS, PLAYER_FIELDS
    return {"words": GAME_WORDS, "player_fields": PLAYER_FIELDS, "card_fields": CARD_FIELDS}


def _literal(v) -> str:
    return "none" if v is None else f'"{v}"' if isinstance(v, str) else str(v).lower() \
        if isinstance(v, bool) else str(v)


def _result(rt: str) -> str:
    from interpreter.errors import type_words
    return {"elem": "an element", "list": "a list", "any": "a value"}.get(rt) or type_words(rt)


# ---------------------------------------------------------------- the page

def _example(text: str) -> str:
    return f"```\n{text.rstrip()}\n```" if "\n" in text else code(text)


def _block(title: str, signature: str, result: str, meaning: str, example: str,
           anchor: str) -> str:
    head = f"### {title} {{#{anchor}}}\n\n```text\n{_spelt(signature)}\n```\n"
    body = meaning + (f" Gives {result}." if result else "") + "\n"
    ex = example.rstrip()
    shown = f"```text\n{ex}\n```\n" if "\n" in ex else f"Example: {code(ex)}\n"
    return "\n".join([head, body, shown])


def _spelt(form: str) -> str:
    """A signature with Python's words for nothing and truth in the language's."""
    return re.sub(r"=(None|True|False)\b", lambda m: "=" + m.group(1).lower(), form)


def statement_title(rule: str) -> str:
    """A statement's name in the tables: its rule without _stmt, in words."""
    return {"assign": "NAME = EXPR", "choose_seq": "choose sequence", "call_stmt": "call",
            "set_stmt": "set", "end_stmt": "end game", "choose_one": "choose one",
            "choose_number": "choose number"}.get(rule, rule.removesuffix("_stmt"))


def page() -> str:
    e = entries()
    out = ["# The effect language\n", GENERATED.format(
               source="docs/reference/language.yaml and the language's registries"),
           "Every statement, operator, builtin and name of the effect language that phases, "
           "procedures, card effects, stats and conditions are written in; the "
           "[guide](../guides/effects.md) tells how they fit together. Signatures of "
           "builtins are read from the code: `x=1` is a parameter with its default, "
           "`xs...` takes any number of arguments. Arguments go by position or by name "
           "(`join(xs, sep=\", \")`), and every call is checked at load.\n"]
    out.append("## Statements\n\nOne per line; blocks by indentation, like Python.\n")
    out.append(table(["statement", "what it does"],
                     [[f"[{code(statement_title(k))}](#stmt-{k})",
                       cell(short(v["meaning"]))] for k, v in e["statements"].items()]))
    for k, v in e["statements"].items():
        out.append(_block(statement_title(k), v["signature"], "",
                          v["meaning"], v["example"], f"stmt-{k}"))
    out.append("## Expressions and operators\n\nFrom the loosest binding to the tightest: "
               "`where` and the other collection words, `a if c else b`, `or`, `and`, `not`, "
               "comparisons, `+ -`, `* / %`, unary `-`, then members, indexes and calls.\n")
    out.append(table(["form", "what it gives"],
                     [[f"[{code(v['signature'])}](#expr-{_slug(k)})", cell(short(v["meaning"]))]
                      for k, v in e["expressions"].items()]))
    for k, v in e["expressions"].items():
        out.append(_block(k, v["signature"], "", v["meaning"], v["example"],
                          f"expr-{_slug(k)}"))
    sigs = builtin_signatures()
    out.append("## Builtins\n")
    for k, v in e["builtins"].items():
        form, result = sigs[k]
        out.append(_block(f"{k}", form, result, v["meaning"], v["example"], k))
    boards = board_signatures()
    out.append("## Board builtins\n\nIn a game with `boards:`; `board=\"NAME\"` picks another "
               "board than the first. See the [YAML tour](../guides/yaml-tour.md) for boards "
               "and the [guide](../guides/effects.md) for how each shape counts steps.\n")
    for k, v in e["board"].items():
        form, result, shapes = boards[k]
        out.append(_block(f"{k}", form, result, f"*{shapes}.* " + v["meaning"], v["example"], k))
    mechs = mechanic_signatures()
    out.append("## Mechanics\n\nRule blocks with parameters, called like procedures.\n")
    for k, v in e["mechanics"].items():
        form, result = mechs[k]
        out.append(_block(k, form, result, v["meaning"], v["example"], k))
    titles = {"words": ("Names the language binds", "word"),
              "player_fields": ("A player's fields", "player"),
              "card_fields": ("A card's fields", "card")}
    for section, (title, prefix) in titles.items():
        out.append(f"## {title}\n")
        out.append(table(["name", "meaning", "example"],
                         [[f'<a id="{prefix}-{k}"></a>{code(k)}', cell(v["meaning"]),
                           code(v["example"])] for k, v in e[section].items()]))
    return "\n".join(out)


def _slug(key: str) -> str:
    words = {"+": "plus", "-": "minus", "*": "times", "/": "divide", "%": "remainder",
             "==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
    return words.get(key, key.replace(" ", "-"))
