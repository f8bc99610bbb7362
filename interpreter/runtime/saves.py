"""Save files: a game's parameters and its decisions by label, replayed to rebuild it.

    {"format": 2, "game": "<game id>", "source": "<name under gamedefs/ or path>",
     "game_hash": "<sha256 of the definition>", "generator": 2, "players": 4, "seed": 1,
     "variant": "standard", "options": {}, "decisions": [[1, "<a label>"], ...],
     "state_hash": "..."}

Seats in "decisions" are 1-based, as everywhere a person reads them. Keeping decisions
rather than the state makes a save small, readable and a replay check of the engine.
A save file is untrusted input: it is read within size and depth limits and checked against
schemas/save.schema.json field by field here (`read`); only then does Session.from_save
(play_session.py) replay it, on the very definition it was played on (its hash) with the
generator it was played with (rng.py's versions), its players, variant and options checked
by Game.new_state like any new game's. Format 1 saves (no source, hash nor generator) still
load.
"""
from __future__ import annotations

import json
import re
import shlex
from functools import lru_cache
from pathlib import Path

from .. import files
from ..errors import JSON_WORDS, SaveFileError
from ..load.documents import GAMEDEFS, ROOT

FORMAT = 2
MAX_BYTES = 16_000_000      # a million decisions of short labels
MAX_DEPTH = 8               # the format itself nests 3 deep
MAX_DIGITS = 60             # in one JSON number (a seed is below 2**128: 39 digits)
SCHEMA_PATH = ROOT / "schemas" / "save.schema.json"


def make(game, state, players, seed, variant, options, decisions) -> dict:
    g = game.g
    return {"format": FORMAT, "game": g.id, "source": source_of_game(g),
            "game_hash": g.definition_hash, "generator": state.get("rngv", 1),
            "players": players, "seed": seed, "variant": variant,
            "options": dict(options or {}),
            "decisions": [[seat + 1, label] for seat, label in decisions],
            "state_hash": game.position_hash(state)}


def source_of_game(g) -> str:
    """How a save names where its game came from: a game's name when it lies under
    gamedefs/ (saves move between checkouts), else its game.yaml's absolute path."""
    path = Path(g.path).resolve()
    if path.name == "game.yaml" and path.parent.parent == GAMEDEFS.resolve():
        return path.parent.name
    return str(path)


def play_command(g, save_path) -> str:
    """The command that continues a saved game, as a shell runs it: the game by its name
    under gamedefs/, else by its game.yaml's path (a game played from ./mygame is no name),
    every part quoted."""
    return shlex.join(["rulebook", "play", source_of_game(g), "--load", str(save_path)])


def replay_command(g, save_path) -> str:
    """The command that replays a save: a game outside gamedefs/ is given with --game (a
    save's path is never loaded on its own), every part quoted."""
    source = source_of_game(g)
    return shlex.join(["rulebook", "replay", str(save_path)]
                      + ([] if source == Path(g.path).parent.name else ["--game", source]))


def source_of(data: dict) -> str:
    """The game a (checked) save names: format 1 saves name it by id, under gamedefs/."""
    return data.get("source") or data["game"]


def write(path: str, data: dict) -> None:
    """Write a save atomically (files.py): a full disk or a kill keeps the earlier save;
    a failure raises FileWriteError (an OSError) naming the file."""
    with files.atomic_file(path) as f:
        json.dump(data, f, indent=1)
        f.write("\n")


# ------------------------------------------------------------------ reading
def read(path: str) -> dict:
    """Read and check a save file; SaveFileError says what is wrong, naming the field."""
    data = parse(_read_text(path), path)
    problem = schema_problem(data)
    if problem:
        raise SaveFileError(f"'{path}' is not a usable save file: {problem}")
    return data


def _read_text(path: str) -> str:
    try:
        p = Path(path)
        if p.is_dir() or (p.exists() and not p.is_file()):
            raise SaveFileError(f"'{path}' is not a save file (not a regular file)")
        with open(p, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SaveFileError(f"no save file '{path}'") from None
    except OSError as e:
        raise SaveFileError(f"cannot read '{path}': {e.strerror or e}") from None
    if len(raw) > MAX_BYTES:
        raise SaveFileError(f"'{path}' is not a usable save file: it is larger than "
                            f"{MAX_BYTES:,} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveFileError(f"'{path}' is not a save file (not UTF-8 text: {e.reason})") from None


class _Huge:
    """A JSON number too long to be read as one (it would cost time, or fail in int())."""

    def __init__(self, digits: int):
        self.digits = digits


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')


def depth_of(text: str) -> int:
    """How deep brackets nest in JSON text, strings aside (json.loads would recurse)."""
    depth = deepest = 0
    for ch in re.sub(r"[^\[\]{}]", "", _STRINGS.sub("", text)):
        depth += 1 if ch in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def parse(text: str, path: str):
    bad = f"'{path}' is not a usable save file"
    depth = depth_of(text)
    if depth > MAX_DEPTH:
        raise SaveFileError(f"{bad}: values nested {depth} deep; a save file nests at most "
                            f"{MAX_DEPTH} deep")

    def number(s: str):
        return _Huge(len(s)) if len(s) > MAX_DIGITS else (int(s) if s.lstrip("-").isdigit()
                                                          else float(s))

    def no_constant(name):
        raise SaveFileError(f"{bad}: {name} is not a JSON value")

    def unique_keys(pairs):
        seen = {}
        for k, v in pairs:
            if k in seen:
                raise SaveFileError(f"{bad}: the field '{_cut(k)}' appears twice in one object")
            seen[k] = v
        return seen
    try:
        return json.loads(text, parse_int=number, parse_float=number,
                          parse_constant=no_constant, object_pairs_hook=unique_keys)
    except json.JSONDecodeError as e:
        raise SaveFileError(f"'{path}' is not a save file (not valid JSON: {e})") from None
    except (RecursionError, ValueError) as e:   # depth is checked above; belt and braces
        raise SaveFileError(f"{bad}: {e}") from None


# ------------------------------------------------------------------ the schema
@lru_cache(maxsize=1)
def validator():
    import jsonschema
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def schema_problem(data) -> str:
    """The first problem (in field order) with a parsed save file, naming its field; ''."""
    if not isinstance(data, dict):
        return "it is not a JSON object"
    errors = sorted(validator().iter_errors(data), key=lambda e: [str(p) for p in e.path])
    if errors:
        return schema_error_words(errors[0])
    where = _fraction_at(data, [])   # JSON Schema counts 3.0 as an integer; Python does not
    return f"field '{field_name(where)}': expected a whole number, got {shown(_at(data, where))}" \
        if where is not None else ""


def _fraction_at(v, path):
    """The path of the first number written with a fraction or exponent (the format has none)."""
    if isinstance(v, float):
        return path
    items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
    for k, x in items:
        found = _fraction_at(x, path + [k])
        if found is not None:
            return found
    return None


def _at(v, path):
    for k in path:
        v = v[k]
    return v


def field_name(path) -> str:
    path = list(path)
    if len(path) >= 2 and path[0] == "decisions":
        what = {0: " (its seat)", 1: " (its label)"}.get(path[2], "") if len(path) > 2 else ""
        return f"decision {path[1] + 1}{what}"
    return ".".join(str(p) for p in path) or "the file"


def shown(v) -> str:
    if isinstance(v, _Huge):
        return f"a number of {v.digits} digits"
    if isinstance(v, bool):
        return str(v).lower()
    if v is None:
        return "null"
    if isinstance(v, str):
        return f"the text '{_cut(v)}'" if len(v) <= 40 else f"a text of {len(v)} characters"
    if isinstance(v, (dict, list)):
        return "an object" if isinstance(v, dict) else f"a list of {len(v)}"
    return _cut(repr(v))


def schema_error_words(err) -> str:
    v, inst, want = err.validator, err.instance, err.validator_value
    where = f"field '{field_name(err.path)}'"
    if v == "required":
        missing = next((k for k in want if k not in inst), want[0])
        return f"field '{field_name([*err.path, missing])}' is missing"
    if v == "additionalProperties":
        extra = sorted(k for k in inst if k not in err.schema.get("properties", {}))
        return f"unknown field '{_cut(extra[0])}'" + (f" in {where}" if err.path else "")
    if v == "type":
        words = " or ".join(JSON_WORDS.get(t, t) for t in ([want] if isinstance(want, str)
                                                             else want))
        return f"{where}: expected {words}, got {shown(inst)}"
    if v in ("enum", "const"):
        allowed = want if v == "enum" else [want]
        return f"{where}: expected {' or '.join(map(str, allowed))}, got {shown(inst)}"
    if v in ("minimum", "maximum"):
        return f"{where}: {shown(inst)} is out of range ({v} {_cut(str(want))})"
    if v == "pattern":
        return f"{where}: {shown(inst)} is not of the expected form"
    if v in ("maxItems", "maxLength", "maxProperties"):
        return f"{where}: longer than the limit of {want}"
    if v in ("minItems", "minLength"):
        return f"{where}: shorter than {want}"
    return f"{where}: {_cut(err.message, 200)}"


def _cut(text: str, n: int = 40) -> str:
    text = str(text)
    return text if len(text) <= n else text[:n - 3] + "..."


# ------------------------------------------------------------------ after the replay
def hash_problem(game, state, data: dict):
    """Whether the replayed state matches the save: (problem or '', note or '').
    Format 2 keeps the position hash (independent of how the rules were compiled); a
    format-1 save kept the whole state's hash, made by an older engine whose compiled
    programs counted their steps differently, so a mismatch there is only a note."""
    want = data["state_hash"]
    if data.get("format", 1) >= 2:
        got = game.position_hash(state)
        if got != want:
            return (f"replaying its decisions gives state {got}, the file says {want}", "")
        return "", ""
    if game.state_hash(state) == want or game.position_hash(state) == want:
        return "", ""
    return "", ("every decision replayed; the file's state hash was made by an older engine "
                "(format 1) and cannot be compared")
