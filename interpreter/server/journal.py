"""Each table's journal in the data folder, tables/ID.json, rewritten atomically
(files.py) after every change, so that a server killed at any moment resumes every table:

    {"format": 1, "table": ID, "game": NAME, "definition": HASH, "kinds": [...],
     "tokens": [sha256 of each person's token, or null], "creator": sha256, "created": T,
     "ended": false, "save": <a save file's object: runtime/saves.py>}

The save holds the definition's hash, the seed and every decision; resuming replays it on
that very definition (catalog.game_of: the copy kept under defs/HASH/). Tokens are kept only
as hashes."""
from __future__ import annotations

import json
import re
from pathlib import Path

from .. import files
from ..errors import RulebookError
from ..analysis.overrides import resized
from ..runtime import saves as savefile
from ..runtime.play_session import Session
from .table import Table

FORMAT = 1
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MAX_BYTES = savefile.MAX_BYTES + 100_000


def folder(data: Path) -> Path:
    return data / "tables"


def record(table) -> dict:
    return {"format": FORMAT, "table": table.id, "game": table.name,
            "definition": table.definition, "kinds": table.kinds, "tokens": table.tokens,
            "creator": table.creator, "created": table.created, "ended": table.ended,
            "save": table.session.save_data()}


def write(data: Path, table) -> None:
    path = folder(data) / f"{table.id}.json"
    files.write_text(path, json.dumps(record(table), separators=(",", ":")) + "\n")


def load_all(data: Path, catalog) -> tuple[list, list]:
    """The tables journaled under `data` that have not ended, resumed; and the problems
    (one line each) of those that could not be."""
    tables, problems = [], []
    d = folder(data)
    if not d.is_dir():
        return tables, problems
    for path in sorted(d.glob("*.json")):
        try:
            table = load(path, catalog)
        except (RulebookError, OSError, ValueError, KeyError, TypeError) as e:
            problems.append(f"{path.name}: {e}")
            continue
        if table is not None:
            tables.append(table)
    return tables, problems


def load(path: Path, catalog):
    raw = files.read_bounded(path, MAX_BYTES)
    rec = json.loads(raw.decode("utf-8"))
    if not isinstance(rec, dict) or rec.get("format") != FORMAT or \
            not TABLE_ID.match(str(rec.get("table"))):
        raise ValueError("not a table journal of this server")
    if rec.get("ended"):
        return None
    save = rec["save"]
    problem = savefile.schema_problem(save)
    if problem:
        raise ValueError(f"its save is not usable: {problem}")
    game = resized(catalog.game_of(rec["game"], rec["definition"]), save.get("options") or {})
    session = Session.from_save(game, save)
    problem, _ = savefile.hash_problem(game, session.state, save)
    if problem:
        raise ValueError(problem)
    return Table(rec["table"], rec["game"], rec["definition"], session, rec["kinds"],
                 rec["tokens"], rec["creator"], rec.get("created"), False)
