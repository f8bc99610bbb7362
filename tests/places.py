"""Findings as exact places: (file, line, col, code), with the expected positions computed
from the text the test wrote, so a test pins where a finding points, not a word of it."""
from __future__ import annotations

import shutil
from pathlib import Path


def at(text: str, marker: str, token: str | None = None, nth: int = 1) -> tuple[int, int]:
    """(line, col), 1-based, of `token` (default: `marker`) on the nth line holding `marker`."""
    lines = text.splitlines()
    hits = [i for i, line in enumerate(lines) if marker in line]
    assert len(hits) >= nth, f"{marker!r} is on {len(hits)} lines"
    i = hits[nth - 1]
    assert (token or marker) in lines[i], f"{token!r} is not on the line of {marker!r}"
    return i + 1, lines[i].index(token or marker) + 1


def places(found, root) -> list:
    """Each finding as (its file relative to the game folder `root`, line, col, code), sorted."""
    root = Path(root).resolve()
    root = root.parent if root.is_file() else root
    return sorted((Path(f.file).resolve().relative_to(root).as_posix(), f.line, f.col, f.code)
                  for f in found)


def error_places(game: Path) -> list:
    """The errors validate finds in the game folder `game`, as (code, line, col) in finding
    order (a test compares them with `at` on the game.yaml it edited)."""
    from interpreter.build.game_loader import check_game
    return [(f.code, f.line, f.col) for f in check_game(str(game)) if f.severity == "error"]


def edited_copy(source: Path, tmp_path: Path, old, new) -> Path:
    """A copy of the game folder `source` in tmp_path whose game.yaml has its first `old`
    replaced by `new` (texts, or bytes for what no text can hold); `old` must be there."""
    game = tmp_path / Path(source).name
    shutil.copytree(source, game)
    path = game / "game.yaml"
    data = path.read_bytes() if isinstance(old, bytes) else path.read_text()
    assert old in data
    replaced = data.replace(old, new, 1)
    path.write_bytes(replaced) if isinstance(replaced, bytes) else path.write_text(replaced)
    return game
