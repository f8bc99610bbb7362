"""jsonschema errors -> findings in plain words, at the key or value they are about.

A value that may take several forms (`oneOf`/`anyOf`: a number or a mapping, a list or a
mapping, mappings told apart by a `kind`-like key) is never reported as "not valid under
any of the given schemas": the form the designer meant is picked — by the value's type,
then by a discriminating key whose value is a `const` in each form, then by which keys are
present — and the errors inside that form are reported. Nothing here knows a section by
name, so a new section with alternatives is covered as soon as the schema describes it.
"""
from __future__ import annotations

from ..errors import JSON_WORDS, Finding, describe_datum, did_you_mean
from .yamlio import key_pos, locate

def dotted(path) -> str:
    """cards[3].count, counters.player.IP.start"""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "the top level"


def type_words(t) -> str:
    if isinstance(t, list):
        words = [JSON_WORDS.get(x, x) for x in t]
        return " or ".join(words)
    return JSON_WORDS.get(t, str(t))


def schema_findings(doc, errors) -> list:
    """Findings for jsonschema errors (iter_errors) about `doc`'s data, without repeats."""
    out, seen = [], set()
    for err in errors:
        for f in explain(doc, err):
            key = (f.line, f.col, f.code, f.message)
            if key not in seen:
                seen.add(key)
                out.append(f)
    return out


def explain(doc, err) -> list:
    path = list(err.absolute_path)
    where = getattr(doc, "place", dotted)(path)
    v = err.validator
    inst = err.instance

    def at(code, message, hint="", key=False, pos=None):
        line, col = pos or locate(doc, path, key=key)
        return [Finding(doc.path, line, col, code, message, hint)]

    if v in ("oneOf", "anyOf"):
        return _alternatives(doc, err, path, where)
    if v == "additionalProperties" and isinstance(inst, dict):
        props = err.schema.get("properties", {})
        allowed = list(props)
        node = _node(doc, path)
        out = []
        for extra in [k for k in inst if k not in props]:
            split = _split_at_comma(doc, node, extra)
            if split:
                out += at("SCHEMA-KEY", split[0], split[1],
                          pos=key_pos(node, extra) if node is not None else None)
                continue
            hint = did_you_mean(extra, allowed) or (f"allowed here: {', '.join(allowed)}"
                                                    if allowed else "")
            out += at("SCHEMA-KEY", f"unknown key '{extra}' in {where}", hint,
                      pos=key_pos(node, extra) if node is not None else None)
        return out
    if v == "required":
        missing = [k for k in err.validator_value if isinstance(inst, dict) and k not in inst]
        props = err.schema.get("properties", {})
        out = []
        for name in missing:
            desc = (props.get(name) or {}).get("description", "")
            out += at("SCHEMA-REQUIRED", f"{where}: the key '{name}' is missing",
                      f"{name}: {desc}" if desc else "", key=True)
        return out
    if v == "type":
        return at("SCHEMA-TYPE", f"{where}: expected {type_words(err.validator_value)}, "
                                 f"got {describe_datum(inst)}")
    if v in ("enum", "const"):
        allowed = err.validator_value if v == "enum" else [err.validator_value]
        words = ", ".join(str(x) for x in allowed)
        return at("SCHEMA-ENUM", f"{where}: expected {'one of ' if len(allowed) > 1 else ''}"
                                 f"{words}, got {describe_datum(inst)}",
                  did_you_mean(str(inst), [str(x) for x in allowed]))
    if v in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        word = {"minimum": "at least", "exclusiveMinimum": "more than", "maximum": "at most",
                "exclusiveMaximum": "less than"}[v]
        return at("SCHEMA-VALUE", f"{where}: expected {word} {err.validator_value}, got {inst}")
    if v == "pattern":
        desc = err.schema.get("description", "")
        return at("SCHEMA-VALUE", f"{where}: {inst!r} does not have the form "
                                  f"{err.validator_value}", desc)
    if v in ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"):
        word = "at least" if v.startswith("min") else "at most"
        what = {"Items": "entries", "Length": "characters", "Properties": "keys"}[v[3:]]
        return at("SCHEMA-VALUE", f"{where}: expected {word} {err.validator_value} {what}")
    if v == "uniqueItems":
        return at("SCHEMA-VALUE", f"{where}: an entry appears twice")
    return at("SCHEMA", f"{where}: {err.message}")


def _split_at_comma(doc, node, key):
    """(message, hint) when an unknown key is the rest of a text YAML split at a comma:
    in a `{...}` mapping an unquoted comma ends a value, so `{description: a, b}` is the
    key `description` with the value `a` and a key `b` with no value. None otherwise."""
    if node is None or not isinstance(key, str) or node.get(key, 0) is not None:
        return None
    flow = getattr(getattr(node, "fa", None), "flow_style", lambda: False)()
    if not flow:
        return None
    keys = list(node)
    i = keys.index(key)
    line, col = key_pos(node, key)
    lines = (getattr(doc, "text", "") or "").split("\n")
    before = "\n".join(lines[:line - 1] + [lines[line - 1][:col - 1] if line <= len(lines)
                                             else ""]).rstrip()
    if i == 0 or not before.endswith(",") or not isinstance(node[keys[i - 1]], str):
        return None
    prev = keys[i - 1]
    return (f"unknown key '{key}': YAML split the text of '{prev}' at a comma (in a {{...}} "
            f"mapping an unquoted comma ends a value), so '{key}' became a key of its own",
            f"quote the whole text: {prev}: \"{node[prev]}, {key}\"")


def _node(doc, path):
    node = doc.root
    try:
        for p in path:
            node = node[p]
    except (KeyError, IndexError, TypeError):
        return None
    return node


# bool before int: True is an int to Python, a boolean to JSON
_JSON_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"),
               (list, "array"), (dict, "object"))


def _json_type(x) -> str:
    return next((name for py, name in _JSON_TYPES if isinstance(x, py)), "null")


def _accepts_type(schema: dict, inst) -> bool:
    t = schema.get("type")
    if t is None:
        return True
    types = t if isinstance(t, list) else [t]
    jt = _json_type(inst)
    return jt in types or (jt == "integer" and "number" in types)


def _consts(schema: dict) -> dict:
    """The discriminating keys of one form: {key: value} for properties with a const."""
    return {k: p["const"] for k, p in (schema.get("properties") or {}).items()
            if isinstance(p, dict) and "const" in p}


def _alternatives(doc, err, path, where) -> list:
    forms = err.validator_value
    inst = err.instance
    by_form: dict = {}
    for e in err.context or ():
        by_form.setdefault(e.schema_path[0], []).append(e)
    fitting = [i for i, s in enumerate(forms) if isinstance(s, dict) and _accepts_type(s, inst)]
    if not fitting:
        kinds = []
        for s in forms:
            w = type_words(s.get("type")) if isinstance(s, dict) and "type" in s else "another form"
            if w not in kinds:
                kinds.append(w)
        line, col = locate(doc, path, key=False)
        return [Finding(doc.path, line, col, "SCHEMA-TYPE",
                        f"{where}: expected {' or '.join(kinds)}, got {describe_datum(inst)}")]
    if isinstance(inst, dict) and len(fitting) > 1:
        # a discriminating key (a const in every form) names the intended form
        keys = set.intersection(*[set(_consts(forms[i])) for i in fitting])
        for key in sorted(keys):
            values = [_consts(forms[i])[key] for i in fitting]
            chosen = [i for i in fitting if _consts(forms[i])[key] == inst.get(key)]
            if chosen:
                fitting = chosen
                break
            line, col = locate(doc, path + [key], key=key not in inst)
            if key not in inst:
                return [Finding(doc.path, line, col, "SCHEMA-REQUIRED",
                                f"{where}: the key '{key}' is missing; it says which form this is",
                                f"{key}: one of {', '.join(map(str, values))}")]
            return [Finding(doc.path, line, col, "SCHEMA-ENUM",
                            f"{where}.{key}: expected one of {', '.join(map(str, values))}, "
                            f"got {describe_datum(inst[key])}",
                            did_you_mean(str(inst[key]), [str(v) for v in values]))]
    if len(fitting) > 1 and isinstance(inst, dict):
        # the form whose keys the value uses most, then the one with the fewest problems
        def score(i):
            props = forms[i].get("properties") or {}
            return (-sum(1 for k in inst if k in props), len(by_form.get(i, [])))
        fitting.sort(key=score)
    errs = by_form.get(fitting[0], [])
    if not errs:   # valid under more than one form (oneOf)
        line, col = locate(doc, path, key=False)
        return [Finding(doc.path, line, col, "SCHEMA", f"{where}: fits more than one form; "
                                                       "make it unambiguous")]
    out = []
    for e in errs:
        out += explain(doc, e)
    return out
