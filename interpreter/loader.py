"""YAML (positions kept) -> schema validation -> static checks and compilation -> GameDef.

Every problem becomes a Finding with file:line:col; all of them are collected and
raised together as one GameDefError, so a designer sees every mistake at once.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import jsonschema

from .errors import Finding, GameDefError, did_you_mean
from .schema_errors import schema_findings
from .csvcards import read_csv
from .yamlio import YamlDoc, item_pos, key_pos, plain, read_yaml

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "schemas" / "game.schema.json"
GAMEDEFS = ROOT / "gamedefs"


@lru_cache(maxsize=1)
def validator():
    """The one schema validator, built once."""
    schema = json.loads(SCHEMA_PATH.read_text())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def resolve_game_path(name_or_path: str) -> Path:
    """A game name under gamedefs/, a game directory, or a game.yaml file."""
    p = Path(name_or_path)
    if p.is_dir():
        return p / "game.yaml"
    if p.is_file():
        return p
    candidate = GAMEDEFS / name_or_path / "game.yaml"
    if candidate.is_file():
        return candidate
    from .errors import RulebookError
    known = sorted(d.name for d in GAMEDEFS.iterdir() if (d / "game.yaml").is_file()) \
        if GAMEDEFS.is_dir() else []
    hint = did_you_mean(name_or_path, known)
    raise RulebookError(f"no game '{name_or_path}': not a path, and not one of "
                        f"{', '.join(known) or 'no games'} under gamedefs/"
                        + (f" ({hint})" if hint else ""))


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


def game_schema_findings(doc: YamlDoc, data) -> list:
    return schema_findings(doc, validator().iter_errors(data))


@lru_cache(maxsize=1)
def card_validator():
    schema = json.loads(SCHEMA_PATH.read_text())["$defs"]["cards"]
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
    document = Document(main)
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
                                    (f" (found '{extra[0]}')" if extra else ""),
                                    did_you_mean(extra[0], ["cards"]) if extra else ""))
            continue
        findings.extend(card_file_findings(sub, plain(sub.root).get("cards") or []))
        document.includes.append(sub)
    return document, data


def load_game(name_or_path: str, transform=None):
    """Load, check and compile a game. Raises GameDefError with every finding.
    `transform(document, data)` may change the plain data first (simulate --set).

    The builder runs even when the schema found errors, so that one run shows every
    mistake; a builder tripping over data the schema already refused adds nothing."""
    from .build import build_game
    path = resolve_game_path(name_or_path)
    findings: list = []
    document, data = load_documents(path, findings)
    if document is None:
        raise GameDefError(findings)
    if transform is not None:
        transform(document, data)
        if not findings:   # the changed values are checked like written ones
            findings.extend(game_schema_findings(document.main, data))
    schema_errors = any(f.severity == "error" for f in findings)
    try:
        game, more = build_game(path, document, data, schema_errors)
    except Exception:
        if not schema_errors:
            raise
        raise GameDefError(findings) from None
    taken = {(f.file, f.line, f.col) for f in findings}
    findings.extend(f for f in more if (f.file, f.line, f.col) not in taken)
    if any(f.severity == "error" for f in findings):
        raise GameDefError(findings)
    game.warnings = sorted(findings, key=Finding.sort_key)
    return game


def check_game(name_or_path: str) -> list:
    """Every finding for a game (errors and warnings, sorted), never raising for a bad game."""
    from .errors import RulebookError
    try:
        game = load_game(name_or_path)
    except GameDefError as e:
        return e.findings
    except RulebookError as e:
        return [Finding(str(name_or_path), 1, 1, "FILE", str(e))]
    return list(game.warnings)
