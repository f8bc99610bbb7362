"""Where rulebook keeps what it can rebuild at any time (the effect parser's tables).

The user's cache directory (XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS,
LOCALAPPDATA on Windows) under `rulebook/`; RULEBOOK_CACHE names another directory, or turns
the cache off with `off`. Anything that goes wrong here only costs time: no cache is used.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
from pathlib import Path

from .. import files

OFF = ("", "0", "off", "no", "none", "false")


def cache_dir() -> Path | None:
    env = os.environ.get("RULEBOOK_CACHE")
    if env is not None:
        return None if env.strip().lower() in OFF else Path(env)
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache")
    return base / "rulebook"


def cache_file(name: str) -> str | None:
    """A path for a cache file (its directory created), or None when there is no cache."""
    d = cache_dir()
    if d is None:
        return None
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return str(d / name)


def lark_cache(grammar: str, start: str):
    """Lark's `cache=` for a grammar: a file named by the grammar's hash (Lark checks its own
    hash of grammar, options and versions inside it and rebuilds a stale or damaged file),
    or False when there is no cache directory."""
    digest = hashlib.sha256(grammar.encode()).hexdigest()[:16]
    return cache_file(f"lark-{start}-{digest}.cache") or False


MAX_FILES = 2000    # parsed documents kept; the oldest half goes when there are more


def _doc_path(kind: str, key: bytes) -> Path | None:
    d = cache_dir()
    if d is None:
        return None
    return d / kind / f"{hashlib.sha256(key).hexdigest()[:32]}.pickle"


def load_doc(kind: str, key: bytes):
    """What store_doc kept under this key, or None. The key is the whole input (a file's
    text, with the versions that shape the result), so a stale entry is never found."""
    path = _doc_path(kind, key)
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            stored_key, value = pickle.load(f)
    except Exception:   # noqa: BLE001 - missing, damaged or from another version: parse again
        return None
    return value if stored_key == key else None


def store_doc(kind: str, key: bytes, value) -> None:
    path = _doc_path(kind, key)
    if path is None:
        return
    try:
        data = pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL)
        path.parent.mkdir(parents=True, exist_ok=True)
        # atomic (a reader sees the old file or the whole new one), and a failed write
        # leaves no temporary file; no fsync: an entry lost in a crash only costs time
        files.write_bytes(path, data, durable=False)
        _prune(path.parent)
    except Exception:   # noqa: BLE001 - a full or read-only disk only costs time
        return


def _prune(folder: Path) -> None:
    entries = list(folder.iterdir())
    if len(entries) <= MAX_FILES:
        return
    entries.sort(key=lambda p: p.stat().st_mtime)
    for p in entries[:len(entries) // 2]:
        p.unlink(missing_ok=True)
