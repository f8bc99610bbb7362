"""Loading a game whole: locate and read its documents (load/), build and check its
GameDef (builder.py), attach its option declarations, sources and definition hash; the
syntax trees of a clean game are kept in the user's cache."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from ..effects import ast, parser, tree_data
from ..effects.parser import parsed_trees, preload
from ..errors import Finding, GameDefError, RulebookError
from ..load import cache, game_options
from ..load.documents import (definition_hash, game_schema_findings, load_documents,
                              resolve_game_path, shadowing)
from .builder import build_game


def load_game(name_or_path: str, transform=None):
    """Load, check and compile a game. Raises GameDefError with every finding.
    `transform(document, data)` may change the plain data first (simulate --set).

    The builder runs even when the schema found errors, so that one run shows every
    mistake; a builder tripping over data the schema already refused adds nothing."""
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
    trees_key = _trees_key(document.files) if not findings else None
    if trees_key is not None:
        _preload_trees(trees_key)
    try:
        game, more = build_game(path, document, data, schema_errors)
    except Exception:
        if not schema_errors:
            raise
        raise GameDefError(findings) from None
    taken = {(f.file, f.line, f.col) for f in findings}
    findings.extend(f for f in more if (f.file, f.line, f.col) not in taken)
    specs = game_options.specs_from(data)
    if not schema_errors:
        findings.extend(game_options.findings(document.main, data, specs))
    if any(f.severity == "error" for f in findings):
        raise GameDefError(findings)
    clash = shadowing(str(name_or_path))
    game.warnings = sorted(findings + ([clash] if clash else []), key=Finding.sort_key)
    game.option_specs = specs                       # declared types and ranges
    game.sources = document.files                   # every file the definition was read from
    game.definition_hash = definition_hash(document.files)
    if trees_key is not None and not findings:
        _store_trees(trees_key)
    return game


# The effect texts' syntax trees of a clean game, kept in the user's cache like its YAML:
# keyed by the grammar, the code that builds the trees and the definition's files, so any
# edit of either parses anew (a tree from an older parser may lack a newer node's field).
def _trees_key(files) -> bytes:
    return (_parser_hash() + definition_hash(files)).encode()


@lru_cache(maxsize=1)
def _parser_hash() -> str:
    h = hashlib.sha256(parser.GRAMMAR.encode())
    for module in (parser, ast):
        h.update(Path(module.__file__).read_bytes())
    return h.hexdigest()


def _preload_trees(key: bytes) -> None:
    trees = tree_data.from_data(cache.load_doc("trees", key))
    if trees:
        preload(trees)


def _store_trees(key: bytes) -> None:
    if cache.load_doc("trees", key) is None:
        kept = tree_data.to_data(parsed_trees())
        if kept is not None:
            cache.store_doc("trees", key, kept)


def check_game(name_or_path: str) -> list:
    """Every finding for a game (errors and warnings, sorted), never raising for a bad game."""
    try:
        game = load_game(name_or_path)
    except GameDefError as e:
        return e.findings
    except RulebookError as e:
        return [Finding(str(name_or_path), 1, 1, "FILE", str(e))]
    return list(game.warnings)
