"""Reading YAML safely while keeping where every key and value came from."""
from __future__ import annotations

from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq, TaggedScalar
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scalarstring import FoldedScalarString, LiteralScalarString

from .errors import Finding

MAX_BYTES = 2_000_000
MAX_DEPTH = 60
MAX_NODES = 200_000


class YamlDoc:
    """One parsed file: plain data plus the positions of its nodes."""

    def __init__(self, path: str, text: str, root):
        self.path = path
        self.text = text
        self.lines = text.splitlines()
        self.root = root


def read_yaml(path: Path, display: str, findings: list) -> YamlDoc | None:
    """Parse a YAML file; problems are appended to `findings` (never raised)."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        findings.append(Finding(display, 1, 1, "FILE", f"cannot read the file: {e.strerror}"))
        return None
    if len(raw) > MAX_BYTES:
        findings.append(Finding(display, 1, 1, "YAML-SIZE",
                                f"the file is {len(raw)} bytes; at most {MAX_BYTES} are read"))
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        findings.append(Finding(display, 1, 1, "YAML-ENCODING", f"not UTF-8 text ({e.reason})"))
        return None
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    try:
        root = yaml.load(text)
    except MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        code = "YAML-DUPKEY" if "duplicate key" in str(e.problem or "") else "YAML-SYNTAX"
        msg = (e.problem or str(e)).strip()
        if code == "YAML-DUPKEY":
            msg = f"duplicate key: {msg.split('found duplicate key')[-1].strip()}"
        findings.append(Finding(display, line, col, code, msg, e.context or ""))
        return None
    except YAMLError as e:
        findings.append(Finding(display, 1, 1, "YAML-SYNTAX", str(e).strip().splitlines()[0]))
        return None
    except RecursionError:
        findings.append(Finding(display, 1, 1, "YAML-DEPTH", "the file is nested too deeply"))
        return None
    problem = _check_tree(root)
    if problem:
        line, col, code, msg = problem
        findings.append(Finding(display, line, col, code, msg))
        return None
    return YamlDoc(display, text, root)


def _check_tree(root):
    """Refuse tags, aliases that blow up, and trees too deep or too large."""
    seen = 0
    stack = [(root, 0, None)]
    visited = set()
    while stack:
        node, depth, where = stack.pop()
        seen += 1
        if seen > MAX_NODES:
            return (1, 1, "YAML-SIZE", f"the file expands to more than {MAX_NODES} values "
                                       "(an alias bomb?)")
        if depth > MAX_DEPTH:
            line, col = where or (1, 1)
            return (line, col, "YAML-DEPTH", f"values nested more than {MAX_DEPTH} deep")
        if isinstance(node, TaggedScalar) or (hasattr(node, "tag") and getattr(node.tag, "value", None)
                                              and not isinstance(node, (str, int, float))):
            tag = getattr(node.tag, "value", None) or str(node.tag)
            line, col = where or (1, 1)
            return (line, col, "YAML-TAG", f"the tag {tag} is not allowed; write plain values")
        if isinstance(node, CommentedMap):
            if id(node) in visited:
                continue
            visited.add(id(node))
            for k, v in node.items():
                pos = key_pos(node, k)
                stack.append((v, depth + 1, pos))
        elif isinstance(node, CommentedSeq):
            if id(node) in visited:
                continue
            visited.add(id(node))
            for i, v in enumerate(node):
                stack.append((v, depth + 1, item_pos(node, i)))
    return None


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
