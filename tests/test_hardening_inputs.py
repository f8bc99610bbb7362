"""Memory and time from small files (issue 26, items 5 and 6): an alias counts as what it
repeats, and a board's size is checked before anything of it is built."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.boards.hex import hexboard, vertex_count
from interpreter.boards.grid import grid
from interpreter.boards.tables import MAX_PLACES
from interpreter.build.game_loader import check_game
from interpreter.load.yamlio import MAX_EXPANDED, read_yaml
from places import at, edited_copy

ROOT = Path(__file__).resolve().parent.parent
HEX_GAME = ROOT / "tests" / "games" / "hex_trains"


def capped_child(code: str, cwd, memory: int) -> subprocess.CompletedProcess:
    """Python code in a child process that may use at most `memory` bytes of address space."""
    def cap():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RULEBOOK_CACHE": "off"}
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300, preexec_fn=cap, stdin=subprocess.DEVNULL)


# ------------------------------------------------------------------ item 5
def test_a_long_text_aliased_150000_times_is_refused_early_under_a_memory_cap(tmp_path):
    """The issue's 1.6 MB file: one 1 MB text anchored once and aliased 150,000 times was
    copied once per alias (a MemoryError traceback under 2 GB). Now YAML-SIZE, at the alias
    that passes the limit, in a child that may use 1 GB."""
    game = tmp_path / "game.yaml"
    line3 = "notes: [&b '" + "x" * 1_000_000 + "'" + ", *b" * 150_000 + "]\n"
    game.write_text("game:\n  id: bomb\n" + line3)
    assert 1_500_000 < game.stat().st_size < 2_000_000
    third = line3.index("*b") + 1      # the first alias: 2 MB of text and the keys
    code = ("from cli import main\nmain(['validate', 'game.yaml'])\n")
    out = capped_child(code, tmp_path, 1_000_000_000)
    assert "Traceback" not in out.stderr and "MemoryError" not in out.stderr + out.stdout
    assert out.returncode == 1
    assert out.stdout.splitlines()[0] == (
        f"game.yaml:3:{third}: error YAML-SIZE the file expands to more than {MAX_EXPANDED:,} "
        "characters of text (an alias repeats a long value too often) (write the value "
        "once, or fewer aliases) (see docs/reference/findings.md#YAML-SIZE)")


def test_aliases_within_the_limit_still_load(tmp_path):
    game = tmp_path / "g.yaml"
    game.write_text("a: &t '" + "y" * 1000 + "'\nb: [*t, *t, *t]\n")
    findings = []
    doc = read_yaml(game, "g.yaml", findings)
    assert findings == [] and doc.root["b"][2] == "y" * 1000


# ------------------------------------------------------------------ item 6
def test_a_board_too_large_is_refused_before_anything_is_built():
    """rows [3, 4, 5, 100000000, 3]: refused at once (it was 2.8 GB and growing after 300 s),
    by the builder itself, whatever the schema said."""
    with pytest.raises(ValueError, match=r"100,000,015 hexes; a board has at most 10,000"):
        hexboard("map", [3, 4, 5, 100_000_000, 3])
    with pytest.raises(ValueError, match="places"):
        grid("g", 1000, 1000)
    with pytest.raises(ValueError, match="vertices"):      # 6,000 hexes, over 12,000 corners
        hexboard("map", [60] * 100)
    assert len(hexboard("map", [60] * 100, places="faces").cells) == 6000


def test_a_huge_board_in_a_game_is_a_located_finding_even_past_a_schema_error(tmp_path):
    """The schema refuses a row of 100,000,000 hexes; the builder still runs after a schema
    error (to show every mistake), and now refuses the board before making its names."""
    text = (HEX_GAME / "game.yaml").read_text()
    rows = next(line for line in text.splitlines() if "rows:" in line)
    game = edited_copy(HEX_GAME, tmp_path, rows, rows.split("rows:")[0] +
                       "rows: [3, 4, 5, 100000000, 3]")
    code = f"from cli import main\nmain(['validate', {str(game)!r}])\n"
    out = capped_child(code, tmp_path, 1_000_000_000)
    assert "Traceback" not in out.stderr and out.returncode == 1
    line, col = at((game / "game.yaml").read_text(), "rows: [3, 4, 5, 100000000, 3]", "[3,")
    assert f"game.yaml:{line}:{col}: error SCHEMA-VALUE the board " in out.stdout
    assert "would have 100,000,015 hexes; a board has at most 10,000 places" in out.stdout


def test_board_tables_grow_with_the_board_and_distances_are_made_per_source():
    b = hexboard("map", [60] * 60)                           # 7,440 vertices
    assert len(b.cells) == vertex_count([60] * 60) == 7440 <= MAX_PLACES
    table = b.distance["edges"]
    assert dict.__len__(table) == 0                          # no row made yet
    first, last = b.cells[0], b.cells[-1]
    assert table[first][last] == table[last][first] > 0
    assert dict.__len__(table) == 2                          # the rows read, and no others
    assert table["A.se"] is table[b.vertex("A.se")]          # any spelling of a vertex
    faces = hexboard("map", [3, 4, 5, 4, 3], places="faces")
    assert faces.adjacency["sides"]["J"] == ("E", "F", "I", "K", "N", "O")   # the centre
    assert sorted(len(s) for s in faces.adjacency["sides"].values()).count(6) == 7


# ------------------------------------------------------------------ item 8
METRAS = ROOT / "gamedefs" / "metras"


def with_procedures(tmp_path, *bodies) -> Path:
    text = "".join(f"  p{i}:\n    do: |\n" + "".join(f"      {line}\n" for line in body)
                   for i, body in enumerate(bodies))
    return edited_copy(METRAS, tmp_path, "procedures:\n", "procedures:\n" + text)


def test_60000_one_line_statements_are_one_located_finding_not_minutes(tmp_path):
    """The issue's 1.9 MB of one-line statements took 18 s and 880 MB to validate; past the
    game's budget of effect lines the text is reported at its place and not compiled (here
    in a child that may use 1 GB)."""
    game = with_procedures(tmp_path, [f"v{i % 50} = {i} + {i % 7} * 3 - 100" for i in range(60_000)])
    assert 1_800_000 < (game / "game.yaml").stat().st_size < 2_000_000
    code = f"from cli import main\nmain(['validate', {str(game)!r}])\n"
    out = capped_child(code, tmp_path, 1_000_000_000)
    assert "Traceback" not in out.stderr and out.returncode == 1
    line, col = at((game / "game.yaml").read_text(), "v0 = 0 + 0")
    assert out.stdout.splitlines() == [
        f"metras/game.yaml:{line}:{col}: error EFFECT-SIZE the game's effect texts pass "
        "10,000 lines here; this text and the ones after it are not compiled (split the "
        "game, or write repeated rules once (a procedure, a loop)) "
        "(see docs/reference/findings.md#EFFECT-SIZE)", "1 error, 0 warnings"]


def test_the_budget_counts_every_text_of_the_game(tmp_path, monkeypatch):
    """With the budget set just above what metras needs plus one small procedure, metras
    with that procedure passes, and with a second one it does not: every text counts."""
    from interpreter.build import texts
    used = {}
    real = texts.GameCompiler.over_budget

    def count(self, *a):
        out = real(self, *a)
        used["n"] = self.effect_lines
        return out
    monkeypatch.setattr(texts.GameCompiler, "over_budget", count)
    check_game(str(METRAS))
    monkeypatch.setattr(texts.GameCompiler, "over_budget", real)
    monkeypatch.setattr(texts, "MAX_EFFECT_LINES", used["n"] + 4)   # "a = 1" x 3 and its end
    one = with_procedures(tmp_path / "one", ["a = 1"] * 3)
    two = with_procedures(tmp_path / "two", ["a = 1"] * 3, ["b = 2"] * 3)
    assert not [f for f in check_game(str(one)) if f.severity == "error"]
    assert [f.code for f in check_game(str(two)) if f.severity == "error"] == ["EFFECT-SIZE"]
