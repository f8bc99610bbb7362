"""Loading fast: the parser's tables, parsed YAML and a clean schema check are kept in the
cache directory, and a command imports only what it uses. (Tests never assert on time: they
check what is built, read and imported.)"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.load import cache
from interpreter.load.yamlio import plain, read_yaml

ROOT = Path(__file__).resolve().parent.parent
METRAS = ROOT / "gamedefs" / "metras"


def modules(cache_dir) -> tuple:
    """(bots and play modules imported, 'rich? jsonschema?') after `validate gamedefs/metras`."""
    lines = run_py(VALIDATE_AND_LIST_MODULES, cache_dir).splitlines()
    mods = next(x for x in lines if x.startswith("MODS"))[4:].strip()
    roots = next(x for x in lines if x.startswith("ROOTS"))[6:]
    return mods, roots


def run_py(code: str, cache_dir) -> str:
    env = {**os.environ, "RULEBOOK_CACHE": str(cache_dir)}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    return out.stdout


VALIDATE_AND_LIST_MODULES = """
import sys
from cli import main
try:
    main(["validate", "gamedefs/metras"])
except SystemExit as e:
    assert e.code in (0, None), e.code
roots = {m.split(".")[0] for m in sys.modules}
print("MODS", " ".join(sorted(m for m in sys.modules if m.startswith("interpreter.bots")
                       or m.startswith("interpreter.commands.play"))))
print("ROOTS", "rich" in roots, "jsonschema" in roots)
"""


def test_validate_imports_neither_rich_nor_the_bots_and_skips_a_known_clean_schema(tmp_path):
    mods, roots = modules(tmp_path)
    assert mods == ""                        # no bots, no play command
    assert roots == "False True"             # no rich; the schema was checked
    assert modules(tmp_path)[1] == "False False"   # the same clean files: no jsonschema at all
    assert any(tmp_path.glob("lark-start-*.cache")), "the parser's tables were not cached"
    assert len(list((tmp_path / "yaml").iterdir())) == 4   # game.yaml and its 3 card files


def test_a_damaged_cache_is_ignored_and_rewritten(tmp_path):
    modules(tmp_path)
    for f in [*tmp_path.glob("*.cache"), *tmp_path.glob("*/*.pickle")]:
        f.write_bytes(b"not a cache" * 10)
    assert modules(tmp_path)[1] == "False True"
    code = ("from interpreter.effects.parser import parse_script; "
            "print(len(parse_script('x = 1\\nlog \"{x}\"')))")
    assert run_py(code, tmp_path).strip() == "2"


def test_cached_yaml_keeps_values_and_positions_and_follows_edits(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "c"))
    game = tmp_path / "game.yaml"
    shutil.copy(METRAS / "game.yaml", game)
    fresh = read_yaml(game, "g", [])
    again = read_yaml(game, "g", [])          # from the cache
    assert len(list((tmp_path / "c" / "yaml").iterdir())) == 1
    assert plain(again.root) == plain(fresh.root)
    for key in fresh.root:
        assert again.root.lc.key(key) == fresh.root.lc.key(key)
    game.write_text(game.read_text().replace("game:", "game:\n  extra: 1", 1))
    edited = read_yaml(game, "g", [])
    assert edited.root["game"]["extra"] == 1


def test_a_file_with_findings_is_never_cached(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "c"))
    bad = tmp_path / "game.yaml"
    bad.write_text("a: 1\na: 2\n")
    for _ in range(2):
        findings = []
        read_yaml(bad, "g", findings)
        assert [(f.line, f.col, f.code) for f in findings] == [(2, 1, "YAML-DUPKEY")]
    assert not (tmp_path / "c" / "yaml").exists()


@pytest.mark.parametrize("value", ["off", "0", ""])
def test_the_cache_can_be_turned_off(monkeypatch, value):
    monkeypatch.setenv("RULEBOOK_CACHE", value)
    assert cache.cache_dir() is None and cache.cache_file("x") is None
    assert cache.lark_cache("grammar", "start") is False
