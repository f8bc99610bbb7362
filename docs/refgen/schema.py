"""docs/reference/schema.md: every key of schemas/*.json under its full path, with its type,
its allowed values and its description. A mapping of names the designer chooses (zones,
counters, card types ...) is spelt NAME in a path, a list's items [] ."""
from __future__ import annotations

import json

from interpreter.errors import JSON_WORDS

from .common import GENERATED, ROOT, cell, code, table

SCHEMAS = ROOT / "schemas"
# (file, the section's title, its introduction)
FILES = [
    ("game.schema.json", "The game file",
     "`game.yaml`: the game's sections, each in its own table below."),
    ("cards.schema.json", "Included card files",
     "A YAML file named by `include:` (CSV files name the same card fields in their header)."),
    ("save.schema.json", "Save files",
     "What `rulebook play --save` writes and `--load` and `replay` read."),
]


def resolve(node: dict, root: dict) -> dict:
    """The node with a local $ref followed (its own description kept)."""
    while isinstance(node, dict) and "$ref" in node:
        target = root
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def type_text(node: dict, root: dict) -> str:
    """What kind of value a key takes, in words."""
    node = resolve(node, root)
    if "oneOf" in node:
        return ", or ".join(dict.fromkeys(type_text(b, root) for b in node["oneOf"]))
    if "const" in node:
        return code(json.dumps(node["const"]))
    if "enum" in node:
        return "one of " + ", ".join(code(json.dumps(v) if not isinstance(v, str) else v)
                                     for v in node["enum"])
    kinds = node.get("type")
    if kinds is None:
        return "any value"
    kinds = [kinds] if isinstance(kinds, str) else kinds
    words = [JSON_WORDS.get(k, k) for k in kinds]
    if "array" in kinds and isinstance(node.get("items"), dict):
        item = type_text(node["items"], root)
        words[kinds.index("array")] = f"a list of: {item}"
    return " or ".join(words)


LIMITS = [("minimum", "at least {}"), ("maximum", "at most {}"),
          ("minItems", "at least {} entries"), ("maxItems", "at most {} entries"),
          ("minLength", "at least {} characters"), ("maxLength", "at most {} characters"),
          ("maxProperties", "at most {} keys"), ("uniqueItems", "no entry twice")]


def allowed_text(node: dict, root: dict, required: bool) -> str:
    node = resolve(node, root)
    parts = ["required"] if required else []
    parts += [words.format(node[k]) for k, words in LIMITS if k in node]
    if "pattern" in node:
        parts.append("of the form " + code(node["pattern"]))
    names = (node.get("propertyNames") or {}).get("pattern")
    if names:
        parts.append("names of the form " + code(names))
    if "default" in node:
        parts.append("default " + code(json.dumps(node["default"])))
    return "; ".join(parts)


def description(node: dict, root: dict) -> str:
    node = resolve(node, root)
    text = node.get("description", "")
    forms = [resolve(b, root) for b in node.get("oneOf", [])]
    said = [f"{type_text(b, root)}: {_clause(b['description'])}" for b in forms
            if b.get("description")]
    if said:
        text += " Either " + "; or ".join(said) + "."
    return text


def _clause(text: str) -> str:
    """A sentence as a clause inside another: no final stop, no capital (but a name's)."""
    text = text.rstrip(".")
    return text[0].lower() + text[1:] if text[:2].istitle() else text


def walk(node: dict, root: dict, path: str, required: bool = False):
    """(path, node, required) of this key and every key below it, parents first."""
    node = resolve(node, root)
    if path:
        yield path, node, required
    forms = [resolve(b, root) for b in node.get("oneOf", [])] or [node]
    for form in forms:
        needed = set(form.get("required", ()))
        for key, sub in (form.get("properties") or {}).items():
            yield from walk(sub, root, f"{path}.{key}" if path else key, key in needed)
        extra = form.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            yield from walk(extra, root, f"{path}.NAME")
        items = form.get("items")
        if isinstance(items, dict) and _has_keys(resolve(items, root), root):
            yield from walk(items, root, f"{path}[]")


def _has_keys(node: dict, root: dict) -> bool:
    forms = [resolve(b, root) for b in node.get("oneOf", [])] or [node]
    return any(f.get("properties") or isinstance(f.get("additionalProperties"), dict)
               or isinstance(f.get("items"), dict) for f in forms)


def anchor(path: str) -> str:
    """A key's anchor: its path, [] left out (`cards.id`, `zones.player.NAME.visibility`)."""
    return path.replace("[]", "")


def key_rows(node: dict, root: dict, path: str = "", seen: set | None = None) -> list:
    seen = set() if seen is None else seen
    rows = []
    for p, n, req in walk(node, root, path):
        a = anchor(p)
        if a in seen:          # two forms of one value that share a key: said once
            continue
        seen.add(a)
        rows.append([f'<a id="{a}"></a>{code(p)}', cell(type_text(n, root)),
                     cell(allowed_text(n, root, req)), cell(description(n, root))])
    return rows


HEADER = ["key", "type", "allowed", "description"]


def page() -> str:
    out = ["# Schema keys\n", GENERATED.format(source="schemas/*.json"),
           "Every key a game's files and a save file may hold, under its full path: `NAME` "
           "stands for a name you choose (a zone's, a counter's, a card type's ...), `[]` for "
           "each item of a list. Editors that read JSON schemas complete and check these keys "
           "as you type (see [Editors](../guides/editors.md)); `rulebook validate` reports a "
           "key out of place as `SCHEMA-KEY` and a wrong value as `SCHEMA-TYPE`, "
           "`SCHEMA-ENUM` or `SCHEMA-VALUE` ([findings](findings.md)). Link to a key as "
           "`schema.md#PATH`, e.g. `schema.md#zones.player.NAME.visibility`.\n"]
    seen: set = set()
    for name, title, intro in FILES:
        root = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
        out.append(f"## {title}\n\n`schemas/{name}`: {intro} {root.get('description', '')}\n")
        if name == "game.schema.json":
            needed = set(root.get("required", ()))
            for key, sub in root["properties"].items():
                out.append(f"### {key}\n")
                out.append(table(HEADER, key_rows_at(sub, root, key, key in needed, seen)))
        else:
            prefix = "save" if name.startswith("save") else "file"
            out.append(table(HEADER, key_rows_under(root, prefix, seen)))
    return "\n".join(out)


def key_rows_at(node, root, key, required, seen) -> list:
    rows = key_rows(node, root, key, seen)
    if required and rows:
        rows[0][2] = cell("; ".join(x for x in ("required", rows[0][2]) if x))
    return rows


def key_rows_under(root, prefix, seen) -> list:
    """A file's keys under a prefix of their own (save.format, file.cards[].id), so their
    anchors never meet the game file's."""
    rows = key_rows({"properties": root["properties"], "required": root.get("required", [])},
                    root, prefix, seen)
    return rows[1:]            # not the file itself: the section says what it is
