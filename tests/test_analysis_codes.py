"""The meanings of validate's codes (docs/reference/findings.yaml, from which the findings
reference page is made) are complete and have no stale entry: every code the engine's source
passes to a finding or a compile error is in it, and every entry is such a code (issue 23,
section 5: 'every error code's full meaning')."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE = re.compile(r"^[A-Z]{2,}(-[A-Z]+)*$")
# the calls that take a finding's code as a positional argument: Finding(file, line, col,
# CODE, ...), the builder's add(doc, path, CODE, ...), the compiler's err(node, CODE, ...),
# CompileError(CODE, ...) and its subclasses, the schema's and YAML reader's helpers
EMITTERS = {"Finding", "add", "err", "at", "fail", "CompileError", "StopsInside"}


def emitted_codes() -> dict:
    out = {}
    for path in (ROOT / "interpreter").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if name not in EMITTERS:
                continue
            for a in node.args:
                if isinstance(a, ast.Constant) and isinstance(a.value, str) \
                        and CODE.match(a.value):
                    out.setdefault(a.value, path.relative_to(ROOT).as_posix())
    return out


def documented_codes() -> set:
    from ruamel.yaml import YAML
    path = ROOT / "docs" / "reference" / "findings.yaml"
    return set(YAML(typ="safe").load(path.read_text(encoding="utf-8")))


def test_every_emitted_code_has_a_row_and_every_row_is_emitted():
    emitted, documented = emitted_codes(), documented_codes()
    assert len(emitted) > 30     # the collector finds the codes (not an empty comparison)
    missing = {c: where for c, where in emitted.items() if c not in documented}
    assert not missing, f"codes emitted but not in docs/reference/findings.yaml: {missing}"
    stale = documented - set(emitted)
    assert not stale, f"docs/reference/findings.yaml has codes nothing emits: {sorted(stale)}"
