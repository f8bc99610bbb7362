"""The value types of the effect language: one table for their names and which converts to
which (their words for people are errors.py's TYPE_WORDS).

A static type is a short tag:
  num, bool, str, player, card, none, any        scalars (any: known only at run time)
  list, list:T                                   lists (of T)
  group                                          a group of zones read as a list of lists
  pgroup:NAME                                    a player's keyed zone group before a key
  rec:MECHANIC                                   the record a mechanic returns
"""
from __future__ import annotations

NUM, BOOL, STR, PLAYER, CARD, NONE, ANY = "num", "bool", "str", "player", "card", "none", "any"
LIST, GROUP = "list", "group"
SCALARS = frozenset({NUM, BOOL, STR, PLAYER, CARD, NONE})

# The types a YAML `params:` / `returns:` entry may name, and the tag each stands for.
PARAM_TYPES = {"player": PLAYER, "card": CARD, "number": NUM, "text": STR,
               "cards": "list:card", "players": "list:player", "list": LIST, "any": ANY}

def list_of(t: str) -> str:
    return "list:" + t


def elem(t: str) -> str:
    """The element type of a list type (any when unknown)."""
    return t[5:] if t.startswith("list:") else ANY


def is_list(t: str) -> bool:
    return t.startswith(LIST)


def fits(want: str, got: str) -> bool:
    """Whether a value of static type `got` may be passed where `want` is declared."""
    if want == ANY or got in (ANY, NONE) or want == got:
        return True
    if is_list(want) and is_list(got):
        return want == LIST or got == LIST
    return False


def join(a: str, b: str) -> str:
    """The type of a value that is either an `a` or a `b`."""
    return a if a == b else ANY


def of_value(v) -> str:
    """The static type of a literal or constant value."""
    if isinstance(v, bool):
        return BOOL
    if isinstance(v, int):
        return NUM
    if isinstance(v, str):
        return STR
    if v is None:
        return NONE
    if isinstance(v, list):
        kinds = {of_value(x) for x in v}
        return list_of(kinds.pop()) if len(kinds) == 1 else LIST
    return ANY

