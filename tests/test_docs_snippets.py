"""Every Python snippet of docs/api.md runs as written (each in a fresh namespace); a snippet
that needs a library rulebook does not depend on (pandas) is skipped when it is missing."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "docs" / "api.md"]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)
OPTIONAL = {"pandas"}


def snippets():
    for page in PAGES:
        for i, code in enumerate(BLOCK.findall(page.read_text(encoding="utf-8"))):
            yield pytest.param(code, id=f"{page.stem}-{i + 1}")


@pytest.mark.parametrize("code", list(snippets()))
def test_snippet_runs(code, capsys):
    for name in OPTIONAL:
        if re.search(rf"^import {name}\b", code, re.M) and importlib.util.find_spec(name) is None:
            pytest.skip(f"needs {name} (not a rulebook dependency): pip install {name}")
    exec(compile(code, "<docs snippet>", "exec"), {"__name__": "__docs__"})
    if "print(" in code:
        assert capsys.readouterr().out.strip()  # what it prints is shown
