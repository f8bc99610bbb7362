"""Save files: a game's parameters and its decisions by label, replayed to rebuild it.

    {"format": 1, "game": "<game id>", "players": 4, "seed": 1, "variant": "standard",
     "options": {}, "decisions": [[1, "<an option's label>"], ...], "state_hash": "..."}

Seats in "decisions" are 1-based, as everywhere a person reads them. Keeping decisions
rather than the state makes a save small, readable and a replay check of the engine.
"""
from __future__ import annotations

import json

from ..errors import SaveFileError

FORMAT = 1


def make(game, state, players, seed, variant, options, decisions) -> dict:
    return {"format": FORMAT, "game": game.g.id, "players": players, "seed": seed,
            "variant": variant, "options": dict(options or {}),
            "decisions": [[seat + 1, label] for seat, label in decisions],
            "state_hash": game.state_hash(state)}


def write(path: str, data: dict) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


def read(path: str) -> dict:
    """Read and check the shape of a save file; SaveFileError says what is wrong."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        raise SaveFileError(f"no save file '{path}'") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveFileError(f"cannot read '{path}': {e}") from None
    except json.JSONDecodeError as e:
        raise SaveFileError(f"'{path}' is not a save file (not valid JSON: {e})") from None
    problem = _shape_problem(data)
    if problem:
        raise SaveFileError(f"'{path}' is not a usable save file: {problem}")
    return data


def _shape_problem(d) -> str:
    if not isinstance(d, dict):
        return "it is not a JSON object"
    if d.get("format") != FORMAT:
        return f"format {d.get('format')!r}; this version reads format {FORMAT}"
    checks = [("game", str), ("players", int), ("seed", int), ("decisions", list),
              ("state_hash", str)]
    for key, kind in checks:
        if not isinstance(d.get(key), kind) or isinstance(d.get(key), bool):
            return f"'{key}' is missing or not a {kind.__name__}"
    if d.get("variant") is not None and not isinstance(d["variant"], str):
        return "'variant' is not a text"
    if not isinstance(d.get("options", {}), dict):
        return "'options' is not an object"
    for i, x in enumerate(d["decisions"]):
        if not (isinstance(x, list) and len(x) == 2 and isinstance(x[0], int)
                and not isinstance(x[0], bool) and isinstance(x[1], str)):
            return f"decision {i + 1} is not a [seat, label] pair"
    return ""
