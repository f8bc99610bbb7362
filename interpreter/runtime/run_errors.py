"""Errors at run time (a designer's rule failing on some state), reported where they come
from: the YAML place of the failing statement or expression, the game's seed and the decision
number, so the designer can reproduce the game."""
from __future__ import annotations

from ..errors import GameError


# Python errors a rule meets on a value of the wrong kind, in a designer's words: (error
# class, a piece of its message or None for any, what it means). The first match is used.
PLAIN = [
    (KeyError, "None", "none was used as a card, a player or a key"),
    (TypeError, "not NoneType", "none was used as a player or a list position"),
    (KeyError, None, "a name read before it was set (see validate's UNSET warnings), or a "
                     "key that is not there"),
    (TypeError, "not str", "a text was used as a player or a list position"),
    (TypeError, "indices must be integers", "a list position is not a whole number"),
    (TypeError, "can only concatenate", "+ joins values of different kinds (a text and a "
                                        "number: write the number in a {field})"),
    (TypeError, "has no len()", "a value that is not a collection was counted"),
    (TypeError, "cannot be interpreted as an integer", "a count or a position is not a whole number"),
    (TypeError, "not supported between", "two values of different kinds were compared or ordered"),
    (TypeError, "unsupported operand", "arithmetic on a value that is not a number"),
    (TypeError, "not subscriptable", "a value that is not a list or a mapping was indexed"),
    (TypeError, "not iterable", "a value that is not a collection was walked through"),
    (AttributeError, None, "a value of the wrong kind was used"),
]


def as_game_error(e: Exception) -> GameError:
    """A rule that hits a Python error (a bad value in a game definition) is a GameError,
    said in plain words where the error is a common one (PLAIN)."""
    if isinstance(e, GameError):
        return e
    if isinstance(e, RecursionError):
        return GameError("the rules recursed without end")
    detail = f"{type(e).__name__}: {e}"
    plain = next((words for kind, piece, words in PLAIN
                  if isinstance(e, kind) and (piece is None or piece in str(e))), None)
    return GameError(f"a rule failed: {plain} ({detail})" if plain else f"a rule failed: {detail}")


def place_of(e: Exception, g) -> str:
    """The innermost generated code the error passed through, as "file:line:col" ('' if
    none: the error came from the engine itself)."""
    where = ""
    tb = e.__traceback__
    table = g.code_where
    while tb is not None:
        entry = table.get(tb.tb_frame.f_code.co_filename)
        if entry is not None and tb.tb_lineno in entry[1]:
            locate, lines = entry
            where = locate(*lines[tb.tb_lineno])
        tb = tb.tb_next
    return where


def place_of_code(fn, g) -> str:
    """Where a generated function (a compiled op) comes from: its first line's place, as
    "file:line:col" ('' if it has none)."""
    code = getattr(fn, "__code__", None)
    entry = g.code_where.get(code.co_filename) if code is not None else None
    if not entry or not entry[1]:
        return ""
    locate, lines = entry
    return locate(*lines[min(lines)])


def located(e: Exception, g, s: dict) -> GameError:
    """The error as a GameError naming its place, the seed and the decision number."""
    err = as_game_error(e)
    if getattr(err, "seed", None) is not None:       # already located
        return err
    where = getattr(err, "where", "") or place_of(e, g)    # placed when raised, or by its code
    text = f"{err} (seed {s.get('seed')}, decision {s.get('decisions')})"
    out = GameError(f"{where}: {text}" if where else text)
    out.where, out.seed, out.decision = where, s.get("seed"), s.get("decisions")
    return out
