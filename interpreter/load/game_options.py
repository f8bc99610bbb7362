"""Game options' declared types and ranges (`options:` in YAML), and the check of every value
given for one, from the command line (--option) or from a save file.

An option's type is declared (`type: number | text | truth`) or that of its default; a
number lies in [min, max] (default +-LIMIT: no option can ask for a billion rounds), a text
among its `choices` when it declares them. validate reports a declaration that contradicts
itself (a default outside its own range) at the option."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import DECLARED_WORDS, Finding
from .yamlio import locate

LIMIT = 10 ** 9
TYPES = {"number": int, "text": str, "truth": bool}
WORDS = {name: DECLARED_WORDS[name] for name in ("number", "text", "truth")}
TRUE, FALSE = ("true", "yes", "1"), ("false", "no", "0")


@dataclass(frozen=True)
class OptionSpec:
    name: str
    type: str             # number | text | truth
    default: object
    lo: int = -LIMIT
    hi: int = LIMIT
    choices: tuple = ()

    def allowed(self) -> str:
        if self.type == "number":
            return f"a whole number from {self.lo} to {self.hi}"
        if self.choices:
            return "one of " + ", ".join(self.choices)
        return WORDS[self.type]


def type_of(value) -> str:
    if isinstance(value, bool):
        return "truth"
    return "number" if isinstance(value, int) else "text"


def specs_from(data) -> dict:
    """name -> OptionSpec, from the game file's plain data (already schema-checked)."""
    out = {}
    for name, v in ((data or {}).get("options") or {}).items():
        d = v if isinstance(v, dict) else {"default": v}
        default = d.get("default")
        t = d.get("type") or type_of(default)
        out[name] = OptionSpec(name, t, default, d.get("min", -LIMIT), d.get("max", LIMIT),
                               tuple(d.get("choices") or ()))
    return out


def problem(spec: OptionSpec, value) -> str:
    """Why a (JSON) value cannot be this option's value, or ''."""
    if type_of(value) != spec.type or value is None:
        return f"expected {spec.allowed()}, got {_shown(value)}"
    if spec.type == "number" and not spec.lo <= value <= spec.hi:
        return f"expected {spec.allowed()}, got {_shown(value)}"
    if spec.choices and value not in spec.choices:
        return f"expected {spec.allowed()}, got {_shown(value)}"
    return ""


def parse(spec: OptionSpec, text: str):
    """A value typed at the command line -> the option's value; ValueError says why not."""
    t = text.strip()
    if spec.type == "truth":
        if t.lower() not in TRUE + FALSE:
            raise ValueError(f"'{_cut(text)}' is not true or false")
        return t.lower() in TRUE
    if spec.type == "number":
        body = t[1:] if t[:1] in "+-" else t
        if not (body.isascii() and body.isdigit()) or len(body) > 12:
            raise ValueError(f"'{_cut(text)}' is not {spec.allowed()}")
        value = int(t)
    else:
        value = text
    why = problem(spec, value)
    if why:
        raise ValueError(why)
    return value


def findings(doc, data, specs: dict) -> list:
    """A declaration that contradicts itself, located at the option."""
    out = []
    raw = (data or {}).get("options") or {}
    for name, spec in specs.items():
        decl = raw.get(name)
        keys = set(decl) if isinstance(decl, dict) else set()
        where = ["options", name] + (["default"] if "default" in keys else [])
        if spec.type != "number" and keys & {"min", "max"}:
            out.append(_at(doc, ["options", name], f"option '{name}': min and max are for "
                           f"number options, this one is {WORDS[spec.type]}"))
        elif spec.type != "text" and "choices" in keys:
            out.append(_at(doc, ["options", name], f"option '{name}': choices are for text "
                           f"options, this one is {WORDS[spec.type]}"))
        elif spec.lo > spec.hi:
            out.append(_at(doc, ["options", name], f"option '{name}': min {spec.lo} is above "
                           f"max {spec.hi}"))
        elif problem(spec, spec.default):
            out.append(_at(doc, where, f"option '{name}': its default does not fit its own "
                           f"declaration: {problem(spec, spec.default)}"))
    return out


def _at(doc, path, message) -> Finding:
    line, col = locate(doc, path)
    return Finding(doc.path, line, col, "SCHEMA-VALUE", message)


def _cut(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _shown(value) -> str:
    if isinstance(value, str):
        return f"the text '{_cut(value)}'"
    text = "null" if value is None else str(value).lower() if isinstance(value, bool) else \
        repr(value)
    return text if len(text) <= 40 else f"a value of {len(text)} characters"
