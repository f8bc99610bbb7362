"""One error hierarchy, and the words its messages use. Every finding carries where it is and
what to do about it; every message names a type, a wrong value and a likely misspelling the
same way (the tables and helpers at the end of this module)."""
from __future__ import annotations

from dataclasses import dataclass
from difflib import get_close_matches
from typing import Iterable

from .safe_text import spelled


# The documentation page that explains every finding's code, one entry (#CODE) per code.
FINDINGS_PAGE = "docs/reference/findings.md"


@dataclass
class Finding:
    """One problem in a game definition, located at file:line:col (1-based)."""
    file: str
    line: int
    col: int
    code: str
    message: str
    hint: str = ""
    severity: str = "error"   # "error" | "warning"
    excerpt: str = ""         # e.g. an expression line with a caret under the column

    @property
    def docs(self) -> str:
        """The reference entry that explains the code (made by docs/gen_reference.py)."""
        return f"{FINDINGS_PAGE}#{self.code}"

    def format(self) -> str:
        text = f"{self.file}:{self.line}:{self.col}: {self.severity} {self.code} {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        text += f" (see {self.docs})"
        if self.excerpt:
            text += "\n" + self.excerpt
        return spelled(text)   # names and texts quoted from a file reach a terminal

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "col": self.col, "severity": self.severity,
                "code": self.code, "message": self.message, "hint": self.hint, "docs": self.docs}

    def sort_key(self):
        return (self.file, self.line, self.col, self.code)


class RulebookError(Exception):
    """Base of every error the tool reports to a person (never a traceback)."""


class GameDefError(RulebookError):
    """A game definition has errors; `findings` lists all of them."""

    def __init__(self, findings: list[Finding]):
        self.findings = sorted(findings, key=Finding.sort_key)
        super().__init__("\n".join(f.format() for f in self.findings))


class CompileError(RulebookError):
    """An error in one effect or expression, positioned relative to its text."""

    def __init__(self, code: str, message: str, line: int = 1, col: int = 1, hint: str = "",
                 excerpt: str = ""):
        self.code, self.message, self.line, self.col = code, message, line, col
        self.hint, self.excerpt = hint, excerpt
        super().__init__(f"{line}:{col}: {code} {message}")


class CompileErrors(CompileError):
    """Several statements of one script have errors; the first is this error's own."""

    def __init__(self, errors: list):
        first = errors[0]
        super().__init__(first.code, first.message, first.line, first.col, first.hint,
                         first.excerpt)
        self.all = list(errors)


class IllegalMove(RulebookError):
    """A decision that is not among the legal options; the reason names what failed."""


class GameError(RulebookError):
    """The rules reached a position they do not cover (a bug in a game definition)."""


class SaveFileError(RulebookError):
    """A save or replay file that cannot be used."""


# ---------------------------------------------------------------- words for messages

# A type of the effect language (effects/types.py's tags) as a message says it.
TYPE_WORDS = {"num": "a number", "str": "a text", "bool": "true or false", "player": "a player",
              "card": "a card", "none": "nothing", "group": "a group of zones", "list": "a list",
              "any": "a value"}
_PLURALS = {"num": "numbers", "str": "texts", "bool": "true or false values",
            "player": "players", "card": "cards", "group": "groups of zones", "list": "lists",
            "any": "values"}

# A type a YAML declaration names (a value's, an option's `type:`) as a message says it.
DECLARED_WORDS = {"number": "a whole number", "text": "a text", "truth": "true or false",
                  "player": "a player", "card": "a card", "list": "a list",
                  "players": "a list of players", "cards": "a list of cards",
                  "mapping": "a mapping", "any": "any value"}

# A JSON schema type (a game file's or a save's fields) as a message says it.
JSON_WORDS = {"object": "a mapping", "array": "a list", "string": "a text",
              "integer": "a whole number", "number": "a number", "boolean": "true or false",
              "null": "nothing"}

# What kind of data a YAML or CSV field holds (card attributes).
KIND_WORDS = {bool: "true or false", int: "a whole number", float: "a number with a fraction",
              str: "a text", list: "a list", dict: "a mapping", type(None): "nothing (null)"}


def type_words(t: str) -> str:
    """A static type in words with its article: "a number", "a list of cards"."""
    if t.startswith("list:"):
        return "a list of " + _plural(t[5:])
    return TYPE_WORDS.get(t) or ("an " if t[:1] in "aeiou" else "a ") + t


def _plural(t: str) -> str:
    return "lists of " + _plural(t[5:]) if t.startswith("list:") else _PLURALS.get(t, t + "s")


def kind_words(v) -> str:
    """The kind of a datum from a game's files: "a whole number", "a text"."""
    return KIND_WORDS.get(type(v), "a value")


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """A 'did you mean ...' hint naming the closest valid candidate, or ''."""
    close = get_close_matches(name, sorted(set(candidates)), n=1, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in candidates}
        if name.lower() in lowered:
            close = [lowered[name.lower()]]
    return f"did you mean '{close[0]}'?" if close else ""


def describe_value(v, width: int = 60) -> str:
    """A wrong value in a message: none, true and false as the language says them, anything
    else as its repr, cut short (a damaged save may hold a long one)."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "true" if v else "false"
    text = repr(v)
    return text if len(text) <= width else f"{type(v).__name__} {text[:width - 10]}..."


def describe_datum(x) -> str:
    """A wrong datum found in a game's file, as a schema finding says it: "the number 3",
    "the text 'x'", "a list"."""
    if isinstance(x, bool):
        return f"'{str(x).lower()}'"
    if isinstance(x, (int, float)):
        return f"the number {x}"
    if isinstance(x, str):    # a short excerpt: the file may hold what is not to be shown
        return f"the text {x!r}" if len(x) <= 40 else f"a text of {len(x)} characters ({x[:24]!r}...)"
    if isinstance(x, list):
        return "a list"
    if isinstance(x, dict):
        return "a mapping"
    return "nothing"
