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


def test_validate_imports_neither_rich_nor_the_bots_and_checks_the_schema_each_time(tmp_path):
    mods, roots = modules(tmp_path)
    assert mods == ""                        # no bots, no play command
    assert roots == "False True"             # no rich; the schema was checked
    assert modules(tmp_path)[1] == "False True"    # and checked again: no verdict is cached
    assert len(list((tmp_path / "lark").iterdir())) == 2, "the parser's tables were not cached"
    assert len(list((tmp_path / "yaml").iterdir())) == 4   # game.yaml and its 3 card files


def test_a_damaged_cache_is_ignored_and_rewritten(tmp_path):
    modules(tmp_path)
    for f in tmp_path.glob("*/*.entry"):
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
    assert cache.cache_dir() is None
    cache.store_doc("yaml", b"key", 1)
    assert cache.load_doc("yaml", b"key") is None


# ------------------------------------------------------------------ issue 26, item 9
class _Opens:
    """A pickle that, once loaded, creates the file `path` (what a planted entry could do)."""

    def __init__(self, path):
        self.path = str(path)

    def __reduce__(self):
        return (open, (self.path, "w"))


def test_planted_entries_run_nothing_and_the_game_still_validates(tmp_path):
    """The issue's planted pickle ran code during validate. Every entry a validate reads is
    replaced by a pickle (with a valid header and hash, and at the names the earlier pickle
    cache and Lark's own cache used): nothing runs, the entries are ignored."""
    import hashlib
    import pickle
    from interpreter.effects import parser
    store, marker = tmp_path / "c", tmp_path / "RAN"
    modules(store)
    planted = pickle.dumps(_Opens(marker))
    entries = list(store.glob("*/*.entry"))
    assert len(entries) >= 7    # 4 YAML files, 2 parser tables, the syntax trees
    for f in entries:
        head = f.read_bytes()[:len(cache.FORMAT) + 32]
        f.write_bytes(head + cache._integrity(head[len(cache.FORMAT):], planted) + planted)
        f.with_suffix(".pickle").write_bytes(planted)
    digest = hashlib.sha256(parser.GRAMMAR.encode()).hexdigest()[:16]
    for start in ("start", "expression"):
        (store / f"lark-{start}-{digest}.cache").write_bytes(b"x\n" + planted)
    assert modules(store)[0] == ""
    assert not marker.exists()


def test_a_wrong_value_under_the_right_key_is_ignored(tmp_path, monkeypatch):
    """A well-formed entry with the right key and a wrong value gave false errors on a
    correct game: the integrity hash no longer matches, so the file is parsed again."""
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "c"))
    game = tmp_path / "game.yaml"
    game.write_text("game:\n  id: x\n")
    read_yaml(game, "g", [])
    [entry] = (tmp_path / "c" / "yaml").iterdir()
    raw = entry.read_bytes()
    wrong = raw.replace(b"id", b"xx")
    assert wrong != raw
    entry.write_bytes(wrong)
    assert plain(read_yaml(game, "g", []).root) == {"game": {"id": "x"}}
    cache.store_doc("kind", b"key", {"a": [1, (2, "3")]})
    [entry] = (tmp_path / "c" / "kind").iterdir()
    entry.write_bytes(entry.read_bytes()[:-1] + b"4")
    assert cache.load_doc("kind", b"key") is None
    assert cache.load_doc("kind", b"another key") is None


def test_only_plain_data_is_kept_or_read(tmp_path, monkeypatch):
    """marshal can hold code objects: one is never returned, even with a valid hash."""
    import marshal
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "c"))
    cache.store_doc("kind", b"key", {"f": compile("1", "x", "eval")})
    assert not (tmp_path / "c" / "kind").exists()
    cache.store_doc("kind", b"key", [1])
    [entry] = (tmp_path / "c" / "kind").iterdir()
    code = marshal.dumps(compile("open('RAN', 'w')", "x", "exec"))
    head = entry.read_bytes()[:len(cache.FORMAT) + 32]
    entry.write_bytes(head + cache._integrity(head[len(cache.FORMAT):], code) + code)
    assert cache.load_doc("kind", b"key") is None


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_the_cache_folder_is_owner_only_and_a_shared_one_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "c"))
    cache.store_doc("kind", b"key", 1)
    for d in (tmp_path / "c", tmp_path / "c" / "kind"):
        assert d.stat().st_mode & 0o777 == 0o700
    assert cache.load_doc("kind", b"key") == 1
    readable = tmp_path / "readable"         # one's own folder that others may read: tightened
    readable.mkdir()
    readable.chmod(0o755)
    monkeypatch.setenv("RULEBOOK_CACHE", str(readable))
    cache.store_doc("kind", b"key", 1)
    assert readable.stat().st_mode & 0o777 == 0o700 and cache.load_doc("kind", b"key") == 1
    if os.getuid() == 0:                     # someone else's folder: never used
        theirs = tmp_path / "theirs"
        theirs.mkdir()
        os.chown(theirs, 65534, 65534)
        monkeypatch.setenv("RULEBOOK_CACHE", str(theirs))
        cache.store_doc("kind", b"key", 1)
        assert list(theirs.iterdir()) == [] and cache.load_doc("kind", b"key") is None


def test_syntax_trees_and_parser_tables_come_back_from_plain_data(tmp_path):
    """The trees of a clean game and the parser's tables, read back from the cache, parse
    and compile alike (a cold run and a warm one give the same findings and the same
    playouts' first options)."""
    code = ("from interpreter.runtime.game import Game\n"
            "from interpreter.effects.parser import parse_script\n"
            "g = Game.load('gamedefs/metras')\n"
            "s = g.new_state(3, 7)\n"
            "print(len(g.g.cards), [o for o in g.options(s, g.waiting(s)[0])][:3])\n"
            "print(parse_script('x = 1\\nlog \"{x}\"'))\n")
    cold = run_py(code, tmp_path)
    assert list((tmp_path / "trees").iterdir()) and list((tmp_path / "lark").iterdir())
    assert run_py(code, tmp_path) == cold


# ------------------------------------------------------------------ issue 32, item 6
def test_a_second_load_of_every_game_file_is_a_cache_hit(tmp_path, monkeypatch):
    """With ruamel.yaml 0.19 every entry failed to decode (a new CommentedMap's lc.data is
    None), so each run parsed every file again and rewrote its entry. The second read of
    every YAML file of every game must come from the cache: the parser is not called, and
    the values and places are those of the first read."""
    from interpreter.load import yamlio
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "c"))
    paths = sorted((ROOT / "gamedefs").glob("*/**/*.yaml"))
    assert len(paths) >= 10
    fresh = {p: read_yaml(p, p.name, []) for p in paths}
    assert len(list((tmp_path / "c" / "yaml").iterdir())) == len({p.read_text() for p in paths})

    class NoParse:
        calls = 0

        def __init__(self, *a, **k):
            NoParse.calls += 1
            raise AssertionError("parsed again: the cache did not hit")

    monkeypatch.setattr(yamlio, "YAML", NoParse)
    for p, first in fresh.items():
        again = read_yaml(p, p.name, [])
        assert plain(again.root) == plain(first.root)
        _same_places(again.root, first.root)
    assert NoParse.calls == 0


def _same_places(a, b):
    """Every mapping's and list's place, and every key's and item's, alike in both trees."""
    todo = [(a, b)]
    while todo:
        x, y = todo.pop()
        if not hasattr(y, "lc"):
            continue
        assert (x.lc.line, x.lc.col) == (y.lc.line, y.lc.col)
        if isinstance(y, dict):
            for k in y:
                assert x.lc.key(k) == y.lc.key(k) and x.lc.value(k) == y.lc.value(k)
                todo.append((x[k], y[k]))
        else:
            for i, item in enumerate(y):
                assert x.lc.item(i) == y.lc.item(i)
                todo.append((x[i], item))


# ------------------------------------------------------------------ issue 32, item 5
SCHEMA_ERRORS = "game:\n  id: x\n  name: X\n  players: 2\n  no_such_key: 1\nzones: 7\n"


def test_a_planted_schema_ok_entry_does_not_hide_schema_errors(tmp_path, monkeypatch):
    """An entry saying "this file passed the schema" (keyed, as main kept it, by the
    schema's and the file's whole text, with a valid integrity hash) was believed: validate
    said 0 errors for a game with schema errors. No verdict is read from the cache now."""
    from interpreter.build.game_loader import check_game
    from interpreter.load.documents import schema_bytes
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "c"))
    game = tmp_path / "g" / "game.yaml"
    game.parent.mkdir()
    game.write_text(SCHEMA_ERRORS)
    want = [(f.code, f.line) for f in check_game(str(game)) if f.severity == "error"]
    assert [c for c, _ in want if c.startswith("SCHEMA")], want
    cache.store_doc("schema-ok", b"\0".join([b"game", schema_bytes(), SCHEMA_ERRORS.encode()]), True)
    assert cache.load_doc("schema-ok", b"\0".join([b"game", schema_bytes(),
                                                   SCHEMA_ERRORS.encode()])) is True
    assert [(f.code, f.line) for f in check_game(str(game)) if f.severity == "error"] == want
    out = subprocess.run([sys.executable, "cli.py", "validate", str(game)], cwd=ROOT,
                         env={**os.environ, "RULEBOOK_CACHE": str(tmp_path / "c")},
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and "0 errors" not in out.stdout + out.stderr


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
@pytest.mark.parametrize("mode", [0o770, 0o707, 0o777])
def test_a_cache_folder_others_may_write_is_refused_with_a_warning(tmp_path, monkeypatch,
                                                                   capsys, mode):
    """A cache folder open to other users' writes was tightened and used: what they planted
    before would be read. It is refused (no entry read or written) and a warning says why."""
    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setenv("RULEBOOK_CACHE", str(shared))
    cache.store_doc("kind", b"key", 1)                    # while private: an entry
    shared.chmod(mode)
    assert cache.load_doc("kind", b"key") is None
    cache.store_doc("kind", b"other", 2)
    assert shared.stat().st_mode & 0o777 == mode          # left as it is, not used
    assert len(list((shared / "kind").iterdir())) == 1    # the new one was not written
    err = capsys.readouterr().err
    assert err.count("warning: the cache folder") == 1    # once a run, not once an entry
    assert "may be written by other users" in err and str(shared) in err
    sub = tmp_path / "sub"                                # the kind's folder is checked too
    monkeypatch.setenv("RULEBOOK_CACHE", str(sub))
    cache.store_doc("kind", b"key", 1)
    (sub / "kind").chmod(0o777)
    assert cache.load_doc("kind", b"key") is None
    assert "may be written by other users" in capsys.readouterr().err
