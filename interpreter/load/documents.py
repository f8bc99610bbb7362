"""A game's documents: where a game is (a name under gamedefs/ or a path), its YAML read with
positions kept, its included card files, schema findings, and the hash of its definition.
build/game_loader.py turns them into a GameDef.

Every problem becomes a Finding with file:line:col; all of them are collected and
raised together as one GameDefError, so a designer sees every mistake at once.
"""
from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path

from ..errors import Finding, RulebookError, did_you_mean
from .schema_errors import schema_findings
from .csv_cards import read_csv
from .yamlio import MAX_BYTES, YamlDoc, item_pos, key_pos, plain, read_yaml
from ..files import TooLarge, read_bounded

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_PATH = ROOT / "schemas" / "game.schema.json"
GAMEDEFS = ROOT / "gamedefs"


@lru_cache(maxsize=1)
def schema_bytes() -> bytes:
    return SCHEMA_PATH.read_bytes()


@lru_cache(maxsize=1)
def validator():
    """The one schema validator, built once (jsonschema is imported only when a file has
    to be validated: see schema_clean)."""
    import jsonschema
    schema = json.loads(schema_bytes())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def is_path(ref: str) -> bool:
    """Game names and paths are told apart by their form, never by what exists: a path
    contains a '/' (or the system's separator) or ends in .yaml / .yml; anything else is the
    name of a game under gamedefs/."""
    seps = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    return any(c in ref for c in seps) or ref.lower().endswith((".yaml", ".yml"))


def game_names() -> list:
    return sorted(d.name for d in GAMEDEFS.iterdir() if (d / "game.yaml").is_file()) \
        if GAMEDEFS.is_dir() else []


def resolve_game_path(ref: str) -> Path:
    """A game name under gamedefs/, or a path: a game directory or a game.yaml file."""
    ref = str(ref)
    if is_path(ref):
        p = Path(ref)
        if p.is_dir():
            if (p / "game.yaml").is_file():
                return p / "game.yaml"
            raise RulebookError(f"no game at '{ref}': the folder has no game.yaml")
        if p.is_file():
            return p
        raise RulebookError(f"no game at '{ref}': no such file or folder")
    candidate = GAMEDEFS / ref / "game.yaml"
    if ref not in ("", ".", "..") and candidate.is_file():
        return candidate
    known = game_names()
    hint = did_you_mean(ref, known)
    here = (f"; to use '{ref}' in the current directory, write ./{ref}"
            if Path(ref).exists() else "")
    raise RulebookError(f"no game '{ref}': not one of {', '.join(known) or 'no games'} under "
                        f"gamedefs/ (a path contains a '/' or ends in .yaml){here}"
                        + (f" ({hint})" if hint else ""))


def shadowing(ref: str) -> Finding | None:
    """A warning when a game's name is also a file or folder in the current directory: the
    name means the game under gamedefs/, never what happens to lie here."""
    if is_path(ref) or not Path(ref).exists():
        return None
    kind = "folder" if Path(ref).is_dir() else "file"
    return Finding(ref, 1, 1, "NAME-CLASH", f"'{ref}' names the game under gamedefs/; the "
                   f"{kind} '{ref}' in the current directory is not used",
                   f"write ./{ref} to use it", severity="warning")


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class Document:
    """The game file plus the files it includes, with a way to locate any value."""

    def __init__(self, main: YamlDoc):
        self.main = main
        self.includes: list[YamlDoc] = []
        self.files: list[Path] = []     # absolute paths of every file read, in order


# The schema check runs on every load, never skipped on the cache's word: an entry saying
# "this file is valid" is a verdict anyone able to write the cache folder could plant for
# a file with errors (issue 32); the check costs about 0.1 s.
def game_schema_findings(doc: YamlDoc, data) -> list:
    return schema_findings(doc, validator().iter_errors(data))


@lru_cache(maxsize=1)
def card_validator():
    import jsonschema
    schema = json.loads(schema_bytes())["$defs"]["cards"]
    return jsonschema.Draft202012Validator(schema)


def card_file_findings(doc: YamlDoc, cards) -> list:
    """Findings for an included file's cards: list (validated like the game file's)."""
    errors = []
    for err in card_validator().iter_errors(cards):
        err.path.appendleft("cards")
        errors.append(err)
    return schema_findings(doc, errors)


def load_documents(path: Path, findings: list):
    """Read game.yaml and its includes; returns (Document, merged plain data) or (None, None)."""
    main = read_yaml(path, display_path(path), findings)
    if main is None:
        return None, None
    if not isinstance(main.root, dict):
        findings.append(Finding(main.path, 1, 1, "SCHEMA-TYPE", "a game file must be a mapping "
                                "of sections (game:, zones:, cards:, ...)"))
        return None, None
    sections = json.loads(schema_bytes())["properties"]
    if not any(str(k) in sections for k in main.root):
        # not a game at all (a configuration, a list of secrets): none of its values is
        # quoted, since the file was never meant to be shown
        findings.append(Finding(main.path, 1, 1, "SCHEMA-TYPE", "this is not a game file: it "
                                "has none of a game's sections (game:, zones:, cards:, ...)"))
        return None, None
    document = Document(main)
    document.files.append(path.resolve())
    findings.extend(game_schema_findings(main, plain(main.root)))
    data = plain(main.root)
    includes = data.get("include") or []
    if not isinstance(includes, list):
        return document, data
    for i, inc in enumerate(includes):
        if not isinstance(inc, str):
            continue
        line, col = item_pos(main.root["include"], i)
        target = (path.parent / inc)
        outside = outside_folder(path.parent, inc)
        if outside:
            findings.append(Finding(main.path, line, col, "REF-FILE", f"included file "
                                    f"{excerpt(inc)} {outside}; a game reads files inside "
                                    "its own folder only", "move the file into the game's folder"))
            continue
        if target.exists() and not target.is_file():    # never opened: a FIFO would block
            findings.append(Finding(main.path, line, col, "REF-FILE", f"included file '{inc}' "
                                    "is not a regular file (a directory, a pipe or a device)"))
            continue
        if not target.is_file():
            here = sorted(str(p.relative_to(path.parent)) for p in path.parent.rglob("*")
                          if p.suffix in (".yaml", ".yml", ".csv") and p != path)[:200]
            findings.append(Finding(main.path, line, col, "REF-FILE", f"included file '{inc}' "
                                    "does not exist", did_you_mean(inc, here)))
            continue
        if target.suffix.lower() == ".csv":
            sub = read_csv(target, display_path(target), findings)
        else:
            sub = read_yaml(target, display_path(target), findings)
        if sub is None:
            continue
        if not isinstance(sub.root, dict) or set(sub.root) - {"cards"}:
            extra = [k for k in sub.root if k != "cards"] if isinstance(sub.root, dict) else []
            where = key_pos(sub.root, extra[0]) if extra else (1, 1)
            extra = [str(k) for k in extra]     # a key may be a number or null
            findings.append(Finding(sub.path, where[0], where[1], "SCHEMA-KEY",
                                    "an included file holds one key, cards:" +
                                    (f" (found {excerpt(extra[0], 20)})" if extra else ""),
                                    did_you_mean(extra[0], ["cards"]) if extra else ""))
            continue
        findings.extend(card_file_findings(sub, plain(sub.root).get("cards") or []))
        document.includes.append(sub)
        document.files.append(target.resolve())
    return document, data


def outside_folder(folder: Path, inc: str) -> str:
    """Why the included path `inc` leaves the game's folder ('' when it stays inside): an
    absolute path, or one whose real path (every '..' and symlink resolved) is not under the
    folder's real path. Nothing outside is opened, so its content is never quoted."""
    if Path(inc).is_absolute() or os.path.isabs(inc) or Path(inc).drive:
        return "is an absolute path"
    base = Path(os.path.realpath(folder))
    real = Path(os.path.realpath(folder / inc))
    if real != base and base not in real.parents:
        return "leaves the game's folder" + (" (through a symbolic link)"
                                              if ".." not in Path(inc).parts else "")
    return ""


def excerpt(text: str, width: int = 40) -> str:
    """A value read from a file, quoted in a finding: at most `width` characters of it."""
    return repr(text) if len(text) <= width else repr(text[:width]) + "..."


def definition_hash(files) -> str:
    """SHA-256 of the definition's files (game.yaml, then its includes, in order): a save
    names the definition it was played on by this. Read within the files' size limit again:
    a file replaced by a huge one since it was checked costs no more."""
    h = hashlib.sha256()
    for f in files:
        try:
            data = read_bounded(f, MAX_BYTES)
        except TooLarge as e:
            raise RulebookError(f"'{f}' grew to {e.size} bytes while the game was read; "
                                f"at most {MAX_BYTES} are read") from None
        h.update(len(data).to_bytes(8, "little") + data)
    return h.hexdigest()
