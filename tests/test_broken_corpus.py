"""The broken-game corpus: every directory under tests/broken/ is a small game with mistakes.

Its game.yaml starts with comment lines `# expect: LINE:COL CODE` (in game.yaml) or
`# expect: FILE:LINE:COL CODE` (in another file of the case). Validating the case must give
exactly those findings: each at its exact position, and nothing else (no cascades).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.build.game_loader import check_game

CORPUS = Path(__file__).resolve().parent / "broken"
CASES = sorted(p for p in CORPUS.iterdir() if (p / "game.yaml").is_file())
EXPECT = re.compile(rb"^# expect: (?:(\S+):)?(\d+):(\d+) ([A-Z-]+)\s*$")


def expectations(case: Path) -> set:
    out = set()
    for raw in (case / "game.yaml").read_bytes().splitlines():
        if not raw.startswith(b"#"):
            break
        m = EXPECT.match(raw)
        if m:
            file = (m.group(1) or b"game.yaml").decode()
            out.add((file, int(m.group(2)), int(m.group(3)), m.group(4).decode()))
    return out


def test_the_corpus_is_large_enough():
    assert len(CASES) >= 40
    assert all(expectations(c) for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_broken_game(case):
    found = check_game(str(case))
    got = {(Path(f.file).resolve().relative_to(case.resolve()).as_posix(), f.line, f.col, f.code)
           for f in found}
    assert got == expectations(case), "\n".join(f.format() for f in found)
    for f in found:
        assert f.message and "is not valid under any of the given schemas" not in f.message
