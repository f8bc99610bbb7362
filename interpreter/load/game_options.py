"""Game options' declared types and ranges (`options:` in YAML), and the one check of every
value given for one: by Game.new_state (so by a session, a save file's replay and every
simulation), by the state check, and by the command line's --option (through `parse`).

An option's type is declared (`type: number | text | truth`) or that of its default; a
number lies in [min, max] (default +-LIMIT: no option can ask for a billion rounds), a text
among its `choices` when it declares them. validate reports a declaration that contradicts
itself (a default outside its own range) at the option.

Values come in two forms. Text typed by a person (`--option turn_cap=50`) is read by `parse`
("true", "yes", "1" / "false", "no", "0" for a truth option; digits for a number). A value
given in Python (`new_state(options=...)`, a save file's JSON) is checked, never converted:
a truth option takes True or False, a number option an int (not a bool, not 3.0), a text
option a str; so the text "false" for a truth option is refused there, not read as true."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import DECLARED_WORDS, Finding, RulebookError, did_you_mean
from .yamlio import locate, plain, read_yaml

LIMIT = 10 ** 9
TYPES = {"number": int, "text": str, "truth": bool}
WORDS = {name: DECLARED_WORDS[name] for name in ("number", "text", "truth")}
TRUE, FALSE = ("true", "yes", "1"), ("false", "no", "0")


class SetupError(RulebookError):
    """A game cannot start with this setup: an unknown option or a value its declaration
    refuses (and, from Game.new_state, a player count or variant the game does not have).
    `field` names the setting as a save file does (players, variant, options.NAME) and
    `reason` says what is wrong without naming it, for a caller that names it its own way
    (a save file's field, the command line's --option)."""

    def __init__(self, field: str, reason: str, subject: str = ""):
        super().__init__(f"{subject}: {reason}" if subject else reason)
        self.field, self.reason = field, reason


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
    """An option type's name for a value, or '' (a float, a list, None: no option's)."""
    if isinstance(value, bool):
        return "truth"
    return "number" if isinstance(value, int) else "text" if isinstance(value, str) else ""


def specs_from(data) -> dict:
    """name -> OptionSpec, from the game file's plain data (already schema-checked)."""
    out = {}
    for name, v in ((data or {}).get("options") or {}).items():
        d = v if isinstance(v, dict) else {"default": v}
        default = d.get("default")
        t = d.get("type") or type_of(default) or "text"   # null: refused by the schema
        out[name] = OptionSpec(name, t, default, d.get("min", -LIMIT), d.get("max", LIMIT),
                               tuple(d.get("choices") or ()))
    return out


def problem(spec: OptionSpec, value) -> str:
    """Why a (JSON) value cannot be this option's value, or ''."""
    if type_of(value) != spec.type:
        return f"expected {spec.allowed()}, got {_shown(value)}"
    if spec.type == "number" and not spec.lo <= value <= spec.hi:
        return f"expected {spec.allowed()}, got {_shown(value)}"
    if spec.choices and value not in spec.choices:
        return f"expected {spec.allowed()}, got {_shown(value)}"
    return ""


def spec_named(game_name: str, specs: dict, name) -> OptionSpec:
    """The declaration of option `name`; SetupError (with a did-you-mean and the list of the
    game's options) when the game has none of that name."""
    if isinstance(name, str) and name in specs:
        return specs[name]
    shown = _cut(str(name))
    hint = did_you_mean(shown, list(specs))
    have = "; ".join(f"{k} ({s.allowed()}, default {_plain(s.default)})"
                     for k, s in specs.items()) or "none"
    raise SetupError(f"options.{shown}", f"{game_name} has no option '{shown}'"
                     + (f" ({hint})" if hint else "") + f"; its options: {have}")


def values(game_name: str, specs: dict, given) -> dict:
    """Every option's value for a new game: its default unless `given` (Python values,
    checked and never converted, see above) sets it; SetupError names the first option that
    is unknown or whose value does not fit its declaration."""
    out = {name: spec.default for name, spec in specs.items()}
    for name, value in (given or {}).items():
        spec = spec_named(game_name, specs, name)
        why = problem(spec, value)
        if why:
            if isinstance(value, str) and spec.type != "text":
                why += (" (a value given in Python is not converted: text from a person is "
                        "read by game_options.parse, as --option does)")
            raise SetupError(f"options.{name}", why, f"option '{name}' of {game_name}")
        out[name] = value
    return out


def parse(spec: OptionSpec, text: str):
    """A value typed by a person (--option NAME=TEXT) -> the option's value; SetupError
    says why not."""
    t = text.strip()
    if spec.type == "truth":
        if t.lower() not in TRUE + FALSE:
            raise SetupError(f"options.{spec.name}", f"'{_cut(text)}' is not true or false")
        return t.lower() in TRUE
    if spec.type == "number":
        body = t[1:] if t[:1] in "+-" else t
        if not (body.isascii() and body.isdigit()) or len(body) > 12:
            raise SetupError(f"options.{spec.name}", f"'{_cut(text)}' is not {spec.allowed()}")
        value = int(t)
    else:
        value = text
    why = problem(spec, value)
    if why:
        raise SetupError(f"options.{spec.name}", why)
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


def _plain(value) -> str:
    """A value as a person would type it after --option NAME=."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _shown(value) -> str:
    if isinstance(value, str):
        return f"the text '{_cut(value)}'"
    text = "null" if value is None else str(value).lower() if isinstance(value, bool) else \
        repr(value)
    return text if len(text) <= 40 else f"a value of {len(text)} characters"


def parse_scalar(text: str):
    """A value typed on the command line (--set, tune's --param) read as a YAML scalar would
    be: a whole or real number, true/false, none, or else the text itself."""
    t = str(text).strip()
    low = t.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("none", "null"):
        return None
    for kind in (int, float):
        try:
            return kind(t)
        except ValueError:
            pass
    return t


def descriptions(path: str) -> dict:
    """The `description` of each option, read from the game file (a loaded game keeps only
    the defaults)."""
    doc = read_yaml(Path(path), path, [])
    data = plain(doc.root) if doc is not None else None
    options = data.get("options") if isinstance(data, dict) else None
    if not isinstance(options, dict):
        return {}
    return {k: str(v["description"]) for k, v in options.items()
            if isinstance(v, dict) and v.get("description")}
