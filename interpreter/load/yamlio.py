"""Reading YAML safely while keeping where every key and value came from."""
from __future__ import annotations

import re
from pathlib import Path

from ruamel.yaml import YAML, __version__ as ruamel_version
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.reader import ReaderError
from ruamel.yaml.events import (AliasEvent, MappingEndEvent, MappingStartEvent, ScalarEvent,
                               SequenceEndEvent, SequenceStartEvent)
from ruamel.yaml.scalarstring import FoldedScalarString, LiteralScalarString

from . import cache
from .yaml_data import from_data, to_data
from ..errors import Finding
from ..files import TooLarge, read_bounded

MAX_BYTES = 2_000_000
MAX_DEPTH = 60
MAX_NODES = 200_000
MAX_EXPANDED = MAX_BYTES    # characters of text, every alias counted as what it repeats
CACHE_FORMAT = 2    # parsed files are kept in the user's cache (load/cache.py, yaml_data.py)
# YAML's line breaks, as the parser counts lines; str.splitlines() also breaks at U+2028,
# U+2029, U+0085 and more, which a quoted value may hold: every later finding would be off
LINE_BREAK = re.compile("\r\n|\r|\n")


def yaml_lines(text: str) -> list:
    """The file's lines as the YAML parser numbers them (line n is yaml_lines(text)[n - 1])."""
    return LINE_BREAK.split(text)


class YamlDoc:
    """One parsed file: plain data plus the positions of its nodes."""

    def __init__(self, path: str, text: str, root):
        self.path = path
        self.text = text
        self.lines = yaml_lines(text)
        self.root = root

    def plain_cards(self) -> list:
        """An included file's cards: list as plain data."""
        cards = plain(self.root).get("cards") if isinstance(self.root, dict) else None
        return cards if isinstance(cards, list) else []


def read_text(path: Path, display: str, findings: list, encoding: str = "utf-8") -> str | None:
    """A game file's text, or None with a finding: unreadable, too large, or not UTF-8."""
    try:
        raw = read_bounded(path, MAX_BYTES)     # a 1.5 GB include costs no more than 2 MB
    except TooLarge as e:
        findings.append(Finding(display, 1, 1, "YAML-SIZE",
                                f"the file is {e.size} bytes; at most {MAX_BYTES} are read"))
        return None
    except OSError as e:
        findings.append(Finding(display, 1, 1, "FILE", f"cannot read the file: {e.strerror}"))
        return None
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as e:
        line, col = byte_place(raw, e.start)
        findings.append(Finding(display, line, col, "YAML-ENCODING",
                                f"not UTF-8 text ({e.reason}, byte {e.start})"))
        return None


def byte_place(raw: bytes, offset: int) -> tuple[int, int]:
    """The (line, column) of a byte offset, both from 1; the column counts characters (the
    line's bytes before it decoded, a bad byte as one)."""
    start = raw.rfind(b"\n", 0, offset) + 1
    return raw.count(b"\n", 0, offset) + 1, len(raw[start:offset].decode("utf-8", "replace")) + 1


def char_place(text: str, position: int) -> tuple[int, int]:
    """The (line, column) of a character index, both from 1."""
    return text.count("\n", 0, position) + 1, position - text.rfind("\n", 0, position)


def read_yaml(path: Path, display: str, findings: list) -> YamlDoc | None:
    """Parse a YAML file; problems are appended to `findings` (never raised).

    A first pass over the parser's events (no objects are built) refuses tags, alias bombs
    and trees nested too deeply, and finds duplicate keys with both positions; only then is
    the file built, with duplicates allowed (the first one wins) so that the rest of the
    file is still checked."""
    text = read_text(path, display, findings)
    if text is None:
        return None
    key = f"{CACHE_FORMAT}\0{ruamel_version}\0{text}".encode()
    root = from_data(cache.load_doc("yaml", key))
    if root is not None:   # this very text, parsed before without a finding
        return YamlDoc(display, text, root)
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = True
    try:
        problems = check_events(YAML(typ="safe", pure=True).parse(text))   # no comment handling: faster
        fatal = [p for p in problems if p.code != "YAML-DUPKEY"]
        for p in problems:
            p.file = display
            findings.append(p)
        if fatal:
            return None
        root = yaml.load(text)
        if not problems and root is not None:
            kept = to_data(root)
            if kept is not None:
                cache.store_doc("yaml", key, kept)
    except MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        msg = (e.problem or str(e)).strip()
        hint = (e.context or "").strip()
        opened = e.context_mark
        if opened is not None and mark is not None and "flow" in hint and opened.line < mark.line:
            # a bracket left open: everything after it reads as inside it; point at it
            ch = yaml_lines(text)[opened.line][opened.column:opened.column + 1] or "bracket"
            msg = f"the '{ch}' opened here is never closed (line {line}: {msg})"
            line, col, hint = opened.line + 1, opened.column + 1, f"close it with '{_closer(ch)}'"
        elif opened is not None and opened is not mark and hint:
            hint += f" (line {opened.line + 1})"
        findings.append(Finding(display, line, col, "YAML-SYNTAX", msg, hint))
        return None
    except ReaderError as e:   # a character YAML does not allow (NUL, most controls): its place
        line, col = char_place(text, e.position)
        findings.append(Finding(display, line, col, "YAML-SYNTAX",
                                f"unacceptable character #x{e.character:04x}: {e.reason}"))
        return None
    except YAMLError as e:
        findings.append(Finding(display, 1, 1, "YAML-SYNTAX", str(e).strip().splitlines()[0]))
        return None
    except RecursionError:
        findings.append(Finding(display, 1, 1, "YAML-DEPTH", "the file is nested too deeply"))
        return None
    return YamlDoc(display, text, root)


def _closer(ch: str) -> str:
    return {"{": "}", "[": "]"}.get(ch, ch)


class _Open:
    """A mapping or list being read: its expanded size (values and characters), and a
    mapping's keys so far."""
    __slots__ = ("anchor", "size", "chars", "keys", "is_map", "n")

    def __init__(self, anchor, is_map):
        self.anchor, self.is_map, self.size, self.keys, self.n = anchor, is_map, 1, {}, 0
        self.chars = 0


def check_events(events) -> list:
    """Findings (file left empty) for tags, alias bombs, depth and duplicate keys. The size
    limits count the document as expanded: an alias counts as all the values and text of
    what it repeats (one 1 MB text aliased 150,000 times is 150 GB once built)."""
    out = []
    stack: list = []
    sizes: dict = {}     # anchor -> (how many values it stands for, their characters)
    total = chars = 0

    def at(ev):
        return ev.start_mark.line + 1, ev.start_mark.column + 1

    def fail(ev, code, msg, hint=""):
        line, col = at(ev)
        out.append(Finding("", line, col, code, msg, hint))
        return out

    def added(ev, size, text, new=True):
        """A value of `size` values and `text` characters is complete; `new` unless they
        were counted already."""
        nonlocal total, chars
        if new:
            total += size
            chars += text
        if stack:
            top = stack[-1]
            top.size += size
            top.chars += text
            if top.is_map:
                if top.n % 2 == 0 and isinstance(ev, ScalarEvent):   # a key
                    first = top.keys.get(ev.value)
                    if first is not None:
                        line, col = at(ev)
                        out.append(Finding("", line, col, "YAML-DUPKEY",
                                           f"the key '{ev.value}' appears twice in this mapping; "
                                           f"its first place is line {first[0]}, column {first[1]}",
                                           "the first one is used; remove or rename one"))
                    else:
                        top.keys[ev.value] = at(ev)
                top.n += 1

    for ev in events:
        tag = getattr(ev, "tag", None)
        if tag is not None and str(tag) not in ("!", ""):
            shown = str(tag).replace("tag:yaml.org,2002:", "!!")
            return fail(ev, "YAML-TAG", f"the tag {shown} is not allowed; write plain values",
                        "quote a value to keep it a text")
        if isinstance(ev, (MappingStartEvent, SequenceStartEvent)):
            if len(stack) >= MAX_DEPTH:
                return fail(ev, "YAML-DEPTH", f"values nested more than {MAX_DEPTH} deep")
            stack.append(_Open(ev.anchor, isinstance(ev, MappingStartEvent)))
        elif isinstance(ev, (MappingEndEvent, SequenceEndEvent)):
            done = stack.pop()
            if done.anchor is not None:
                sizes[done.anchor] = (done.size, done.chars)
            total += 1
            added(ev, done.size, done.chars, new=False)
        elif isinstance(ev, ScalarEvent):
            if ev.anchor is not None:
                sizes[ev.anchor] = (1, len(ev.value))
            added(ev, 1, len(ev.value))
        elif isinstance(ev, AliasEvent):
            added(ev, *sizes.get(ev.anchor, (1, 0)))
        if total > MAX_NODES:
            return fail(ev, "YAML-SIZE", f"the file expands to more than {MAX_NODES} values "
                                         "(aliases that repeat aliases: an alias bomb?)")
        if chars > MAX_EXPANDED:
            return fail(ev, "YAML-SIZE", f"the file expands to more than {MAX_EXPANDED:,} "
                                         "characters of text (an alias repeats a long value "
                                         "too often)", "write the value once, or fewer aliases")
    return out


def locate(doc: YamlDoc, path, key: bool = True) -> tuple:
    """(line, col) at a JSON path inside a YAML document: of the last key (or, with
    key=False, of its value); as deep as the path exists."""
    node = doc.root
    line, col = 1, 1
    for part in path:
        try:
            if isinstance(part, int):
                line, col = item_pos(node, part)
            else:
                line, col = key_pos(node, part) if key else value_pos(node, part)
            node = node[part]
        except Exception:
            break
    return line, col


def key_pos(node, key):
    """(line, col), 1-based, of a mapping's key."""
    try:
        line, col = node.lc.key(key)
        return line + 1, col + 1
    except Exception:
        return node_pos(node)


def value_pos(node, key):
    try:
        line, col = node.lc.value(key)
        return line + 1, col + 1
    except Exception:
        return key_pos(node, key)


def item_pos(node, index):
    try:
        line, col = node.lc.item(index)
        return line + 1, col + 1
    except Exception:
        return node_pos(node)


def node_pos(node):
    try:
        return node.lc.line + 1, node.lc.col + 1
    except Exception:
        return 1, 1


def is_block_scalar(value) -> bool:
    return isinstance(value, (LiteralScalarString, FoldedScalarString))


def plain(node):
    """ruamel's round-trip objects -> plain dicts, lists and scalars."""
    if isinstance(node, dict):
        return {str(k): plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain(v) for v in node]
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return str(node)


def text_position(doc: YamlDoc, keypath, line: int, col: int) -> tuple:
    """File (line, col) of (line, col), 1-based, inside the text scalar at keypath.

    The scalar's own position plus the offset in its text: the text is walked alongside
    the file from where the scalar starts, skipping what YAML strips (a block's
    indentation, quotes, the line breaks a folded or plain scalar turns into spaces)."""
    node = doc.root
    try:
        for part in keypath[:-1]:
            node = node[part]
        last = keypath[-1]
        value = node[last]
        vline, vcol = item_pos(node, last) if isinstance(last, int) else value_pos(node, last)
    except Exception:
        return locate(doc, keypath)
    text = str(value)
    lines = text.split("\n")
    line = max(1, min(line, len(lines)))
    target = sum(len(s) + 1 for s in lines[:line - 1]) + col - 1
    past_end = target >= len(text) or text[target] == "\n"
    if past_end:   # just after the last character of a line: one column after it
        target -= 1
        if target < 0 or (target < len(text) and text[target] == "\n"):
            return (vline + (1 if is_block_scalar(value) else 0), vcol)
    src = doc.lines
    r, c = vline - 1, vcol - 1
    if is_block_scalar(value):
        r, c = r + 1, 0                      # the text starts on the line after | or >
    elif r < len(src) and c < len(src[r]) and src[r][c] in "\"'":
        c += 1                               # after the opening quote
    for i in range(target + 1):
        ch = text[i]
        while r < len(src):
            s = src[r]
            if c >= len(s):                  # a line break in the file
                r, c = r + 1, 0
                if ch in "\n ":
                    break
                continue
            if s[c] == ch:
                c += 1
                break
            if s[c] in " \t" or ch == "\n":  # indentation, or folding
                c += 1
                continue
            c += 1                           # an escape: keep walking
            break
    found = (r + 1, c) if c > 0 else (r, len(src[r - 1]) if r > 0 else 1)
    return (found[0], found[1] + 1) if past_end else found
