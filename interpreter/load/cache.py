"""Where rulebook keeps what it can rebuild at any time (the effect parser's tables, parsed
YAML, the effect texts' syntax trees): data derived from a text and keyed by that whole
text, never a verdict about a file (a "this file is valid" entry would vouch for what no run
checked: the schema check runs every time).

The user's cache directory (XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS,
LOCALAPPDATA on Windows) under `rulebook/`; RULEBOOK_CACHE names another directory, or turns
the cache off with `off`. Anything that goes wrong here only costs time: no cache is used.

An entry holds plain data only (None, booleans, numbers, texts, tuples, lists, dicts) in
marshal's format, never a pickle: reading one builds values and runs nothing. Before the
data is even decoded, the entry's format version, the digest of the key it was stored
under and an integrity hash of its bytes are checked; a decoded value holding anything but
plain data is ignored too. The directory is created owner-only (0700), and a directory that
someone else owns or may write to is not used at all (with a warning).
"""
from __future__ import annotations

import hashlib
import marshal
import os
import stat
import sys
from pathlib import Path

from .. import files
from ..safe_text import spelled

OFF = ("", "0", "off", "no", "none", "false")
FORMAT = b"rulebook-cache 2\n"     # an entry's first bytes; another format is never read
MAX_FILES = 2000    # entries kept per kind; the oldest half goes when there are more
PLAIN = (type(None), bool, int, float, str)


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


def _private_dir(d: Path, create: bool) -> bool:
    """Whether `d` exists (with `create`, made 0700 when missing) and only this user may
    write in it. A folder someone else owns or may write to is refused with a warning (once
    a run): anything in it could have been planted, so no cache is used."""
    try:
        if create:
            d.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = d.stat()
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode):
        return False
    if not hasattr(os, "getuid"):
        return True
    if st.st_uid != os.getuid():    # someone else's folder could hold what they planted
        return _refuse(d, "belongs to another user")
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return _refuse(d, "may be written by other users (chmod 700 it, or remove it)")
    if create and stat.S_IMODE(st.st_mode) & 0o077:   # readable by others (an older version's
        try:                                          # 0755): made private
            os.chmod(d, 0o700)
        except OSError:
            return False
    return True


_refused: set = set()


def _refuse(d: Path, why: str) -> bool:
    if d not in _refused:
        _refused.add(d)
        print(f"warning: the cache folder {spelled(str(d))} {why}; it is not used, so loading "
              "is slower (RULEBOOK_CACHE names another folder, or 'off')", file=sys.stderr)
    return False


def _entry_path(kind: str, key: bytes, create: bool) -> Path | None:
    """Where the entry for `key` is, or None when there is no cache, or its folders are not
    private (then none is created: reading an entry creates nothing)."""
    d = cache_dir()
    if d is None:
        return None
    for folder in (d, d / kind):
        if not (_private_dir(folder, create)):
            return None
    return d / kind / _entry_name(key)


def _entry_name(key: bytes) -> str:
    return f"{hashlib.sha256(key).hexdigest()[:32]}.entry"


def _integrity(key_digest: bytes, payload: bytes) -> bytes:
    return hashlib.sha256(FORMAT + key_digest + payload).digest()


def load_doc(kind: str, key: bytes):
    """What store_doc kept under this key, or None (missing, damaged, another format or
    key, or not plain data). The key is the whole input (a file's text, with the versions
    that shape the result), so a stale entry is never found."""
    path = _entry_path(kind, key, create=False)
    if path is None:
        return None
    try:
        raw = files.read_bounded(path, 64_000_000)
    except (OSError, files.TooLarge):
        return None
    head = len(FORMAT)
    key_digest, check = raw[head:head + 32], raw[head + 32:head + 64]
    payload = raw[head + 64:]
    if raw[:head] != FORMAT or key_digest != hashlib.sha256(key).digest() \
            or check != _integrity(key_digest, payload):
        return None
    try:
        value = marshal.loads(payload)
    except Exception:   # noqa: BLE001 - damaged: parse again
        return None
    return value if is_plain(value) else None


def store_doc(kind: str, key: bytes, value) -> None:
    """Keep `value` (plain data only: anything else is not kept) under `key`."""
    if not is_plain(value):
        return
    path = _entry_path(kind, key, create=True)
    if path is None:
        return
    try:
        payload = marshal.dumps(value)
        key_digest = hashlib.sha256(key).digest()
        # atomic (a reader sees the old file or the whole new one), and a failed write
        # leaves no temporary file; no fsync: an entry lost in a crash only costs time
        files.write_bytes(path, FORMAT + key_digest + _integrity(key_digest, payload) + payload,
                          durable=False)
        _prune(path.parent)
    except Exception:   # noqa: BLE001 - a full or read-only disk only costs time
        return


def is_plain(value) -> bool:
    """Whether `value` is made of None, booleans, numbers, texts, tuples, lists and dicts
    only (walked without recursion, so a deep value cannot overflow the stack)."""
    todo = [value]
    while todo:
        v = todo.pop()
        if type(v) in PLAIN:
            continue
        if type(v) in (tuple, list):
            todo.extend(v)
        elif type(v) is dict:
            todo.extend(v.keys())
            todo.extend(v.values())
        else:
            return False
    return True


def _prune(folder: Path) -> None:
    entries = list(folder.iterdir())
    if len(entries) <= MAX_FILES:
        return
    entries.sort(key=lambda p: p.stat().st_mtime)
    for p in entries[:len(entries) // 2]:
        p.unlink(missing_ok=True)


# ------------------------------------------------------------------ the parser's tables
def lark_parser(grammar: str, build, **load_options):
    """A Lark parser for `grammar`: its tables from the cache when they are there, else
    `build()` (a new Lark, no cache of its own: Lark's cache files are pickles) whose tables
    are then kept. `load_options` are the options that hold objects (postlex), given again
    on loading since an entry holds plain data only."""
    from lark import Lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef
    import lark
    key = f"{lark.__version__}\0{sorted(load_options)}\0{grammar}".encode()
    kept = load_doc("lark", key)
    if isinstance(kept, tuple) and len(kept) == 2:
        try:
            return Lark._load_from_dict(kept[0], kept[1], **load_options)
        except Exception:   # noqa: BLE001 - damaged or from another version: build again
            pass
    parser = build()
    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        data["options"] = {k: v for k, v in data["options"].items() if k not in load_options}
        store_doc("lark", key, (data, memo))
    except Exception:   # noqa: BLE001 - not kept: only costs time
        pass
    return parser
