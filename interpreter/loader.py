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
from .yamlio import YamlDoc, item_pos, key_pos, locate, plain, read_yaml

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


def schema_findings(doc: YamlDoc, data, schema_root="#") -> list:
    out = []
    for err in sorted(validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        out.append(_schema_finding(doc, err))
    return out


@lru_cache(maxsize=1)
def card_validator():
    schema = json.loads(SCHEMA_PATH.read_text())["$defs"]["cards"]
    return jsonschema.Draft202012Validator(schema)


def card_file_findings(doc: YamlDoc, cards) -> list:
    """Findings for an included file's cards: list (validated like the game file's)."""
    out = []
    for err in card_validator().iter_errors(cards):
        err.path.appendleft("cards")
        out.append(_schema_finding(doc, err))
    return out


def _schema_finding(doc: YamlDoc, err) -> Finding:
    path = list(err.absolute_path)
    line, col = locate(doc, path)
    where = "/".join(str(p) for p in path) or "the top level"
    v = err.validator
    hint = ""
    if v == "additionalProperties":
        allowed = list(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in err.schema.get("properties", {})]
        key = extra[0] if extra else "?"
        if extra and isinstance(err.instance, dict):
            node = doc.root
            try:
                for p in path:
                    node = node[p]
                line, col = key_pos(node, key)
            except Exception:
                pass
        hint = did_you_mean(key, allowed) or f"allowed here: {', '.join(allowed)}"
        return Finding(doc.path, line, col, "SCHEMA-KEY", f"unknown key '{key}' in {where}", hint)
    if v == "required":
        return Finding(doc.path, line, col, "SCHEMA-REQUIRED", f"{where}: {err.message}")
    if v == "type":
        return Finding(doc.path, line, col, "SCHEMA-TYPE",
                       f"{where} must be {_type_words(err.validator_value)}, "
                       f"not {_type_name(err.instance)}")
    if v == "enum":
        options = ", ".join(map(str, err.validator_value))
        return Finding(doc.path, line, col, "SCHEMA-ENUM", f"{where} is {err.instance!r}; "
                       f"it must be one of {options}", did_you_mean(str(err.instance),
                                                                    map(str, err.validator_value)))
    if v in ("oneOf", "anyOf"):
        # the alternatives the value has the right type for say what is wrong with it
        fitting = [e for e in err.context if e.validator != "type" or len(e.relative_path)]
        if fitting:
            return _schema_finding(doc, jsonschema.exceptions.best_match(fitting))
        return Finding(doc.path, line, col, "SCHEMA", f"{where} has an unexpected shape: "
                       f"{_best_context(err)}")
    return Finding(doc.path, line, col, "SCHEMA", f"{where}: {err.message}")


def _best_context(err) -> str:
    best = jsonschema.exceptions.best_match(err.context) if err.context else None
    return best.message if best is not None else err.message


def _type_words(t):
    names = {"object": "a mapping", "array": "a list", "string": "a text", "integer": "a whole number",
             "number": "a number", "boolean": "true or false", "null": "empty"}
    if isinstance(t, list):
        return " or ".join(names.get(x, x) for x in t)
    return names.get(t, t)


def _type_name(x):
    if isinstance(x, bool):
        return "true/false"
    if isinstance(x, int):
        return f"the number {x}"
    if isinstance(x, str):
        return f"the text {x!r}"
    if isinstance(x, list):
        return "a list"
    if isinstance(x, dict):
        return "a mapping"
    return "empty"


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
    for f in schema_findings(main, plain(main.root)):
        findings.append(f)
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
            findings.append(Finding(main.path, line, col, "REF-FILE", f"included file '{inc}' "
                                    "does not exist"))
            continue
        sub = read_yaml(target, display_path(target), findings)
        if sub is None:
            continue
        if not isinstance(sub.root, dict) or set(sub.root) - {"cards"}:
            extra = sorted(set(sub.root) - {"cards"}) if isinstance(sub.root, dict) else []
            where = key_pos(sub.root, extra[0]) if extra else (1, 1)
            findings.append(Finding(sub.path, where[0], where[1], "SCHEMA-KEY",
                                    "an included file holds one key, cards:" +
                                    (f" (found '{extra[0]}')" if extra else "")))
            continue
        for f in card_file_findings(sub, plain(sub.root).get("cards") or []):
            findings.append(f)
        document.includes.append(sub)
    return document, data


def load_game(name_or_path: str):
    """Load, check and compile a game. Raises GameDefError with every finding."""
    from .build import build_game
    path = resolve_game_path(name_or_path)
    findings: list = []
    document, data = load_documents(path, findings)
    errors = [f for f in findings if f.severity == "error"]
    if document is None or errors:
        raise GameDefError(findings)
    game, more = build_game(path, document, data)
    findings.extend(more)
    if any(f.severity == "error" for f in findings):
        raise GameDefError(findings)
    game.warnings = [f for f in findings if f.severity == "warning"]
    return game


def check_game(name_or_path: str) -> list:
    """Every finding for a game (errors and warnings), never raising for a bad game."""
    from .errors import RulebookError
    try:
        game = load_game(name_or_path)
    except GameDefError as e:
        return e.findings
    except RulebookError as e:
        return [Finding(str(name_or_path), 1, 1, "FILE", str(e))]
    return list(game.warnings)
