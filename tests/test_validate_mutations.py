"""Mutated game files never crash validate, and every finding points inside its file.

For every game under gamedefs/ (found by listing the directory, so new games are covered), one
of its files (game.yaml, an included card list) gets one edit a designer could make by
mistake: a line deleted or duplicated, a value retyped, a key or value renamed, a line cut
short. Validating must not raise, and each finding must name one of the game's files at a
line and column inside it.

Examples are derandomized and no example database is written, so every run checks the same
ones (RULEBOOK_PROPERTIES_SCALE=N runs N times as many, randomized, to hunt for bugs).
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.loader import check_game

GAMEDEFS = Path(__file__).resolve().parent.parent / "gamedefs"
GAMES = sorted(p.name for p in GAMEDEFS.iterdir() if (p / "game.yaml").is_file())
SCALE = float(os.environ.get("RULEBOOK_PROPERTIES_SCALE", "1"))
EXAMPLES = 40

RETYPED = ["42", "-1", "ten", "[1, 2]", "{a: 1}", "true", "", "null", '"{x}"', "*nope", "!!str 1"]
WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def game_files(root: Path) -> list:
    return sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".yml", ".csv"))


def mutate(text: str, op: str, line: int, pick: int) -> str:
    lines = text.split("\n")
    i = line % len(lines)
    src = lines[i]
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(i, src)
    elif op == "retype":
        head, sep, _ = src.partition(": ")
        lines[i] = head + (sep or ": ") + RETYPED[pick % len(RETYPED)]
    elif op == "rename":
        words = list(WORD.finditer(src))
        if words:
            w = words[pick % len(words)]
            name = w.group()
            edits = [name[1:], name[:-1] + "x", name[::-1], name + name[-1], name.upper(),
                     name[:1] + name[2:3] + name[1:2] + name[3:]]
            lines[i] = src[:w.start()] + edits[pick % len(edits)] + src[w.end():]
    elif op == "cut":
        lines[i] = src[:pick % (len(src) + 1)]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    made = {}

    def copy(game):
        if game not in made:
            root = tmp_path_factory.mktemp("mutated") / game
            shutil.copytree(GAMEDEFS / game, root)
            made[game] = root
        return made[game]
    return copy


@pytest.mark.parametrize("game", GAMES)
def test_mutated_game_files_give_located_findings(game, copies):
    root = copies(game)
    files = game_files(root)

    @settings(max_examples=max(1, int(EXAMPLES * SCALE)), deadline=None,
              derandomize=SCALE == 1, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(which=st.integers(0, len(files) - 1),
           op=st.sampled_from(["delete", "duplicate", "retype", "rename", "cut"]),
           line=st.integers(0, 10_000), pick=st.integers(0, 1000))
    def check(which, op, line, pick):
        path = files[which]
        original = path.read_text()
        path.write_text(mutate(original, op, line, pick))
        try:
            findings = check_game(str(root))
            sizes = {p.resolve(): p.read_text().split("\n") for p in files}
            for f in findings:
                where = Path(f.file).resolve()
                assert where in sizes, f.format()
                lines = sizes[where]
                assert 1 <= f.line <= len(lines), f.format()
                assert 1 <= f.col <= len(lines[f.line - 1]) + 1, f.format()
                assert f.code and f.message, f.format()
        finally:
            path.write_text(original)
    check()
