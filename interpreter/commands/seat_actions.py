"""What a person asks of the game besides a decision, at either table: undo and save, with
the words both tables say (play.py's line-by-line table, table_play.py's full-screen one)."""
from __future__ import annotations

import os

from ..present.undo import undo_note   # noqa: F401 - the tables' undo, for both tables
from ..runtime import saves as savefile


def save_note(session, arg, save_path) -> str:
    """`save [FILE]` for a person (both tables); a bad path does not end the game."""
    path = arg or save_path or session.saved_to or free_path(session.game.g.id)
    try:
        session.save(path)
    except OSError as e:
        return f"Cannot save to {path}: {e.strerror or e}"
    return f"Saved to {path}. Continue later with: {savefile.play_command(session.game.g, path)}"


def free_path(game_id: str) -> str:
    """A save file name in the current directory that no file has yet (it names the game,
    never the seed, which a seat must not learn during the game)."""
    path, i = f"{game_id}-save.json", 1
    while os.path.exists(path):
        i += 1
        path = f"{game_id}-save-{i}.json"
    return path

