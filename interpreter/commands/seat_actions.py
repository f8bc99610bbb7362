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


def quit_note(session, save_path) -> str:
    """`quit` at either table: the game is saved as Ctrl-C and Ctrl-D save it (to --save, else
    the file it was loaded from or last saved to, else a new file) and the note says where.
    Saving without asking: a question at quit is one more thing to answer wrong, and the
    file named is one command from deleted. A game with no decision yet has nothing to lose."""
    if not session.decisions and not (save_path or session.saved_to):
        return "Quit: no decision was made, so nothing was saved."
    path = save_path or session.saved_to
    if session.unchanged_in(path):
        return (f"Quit. The game is in {path} (no decision since it was saved). Continue "
                f"later with: " + savefile.play_command(session.game.g, path))
    return "Quit. " + save_note(session, "", save_path)


def free_path(game_id: str) -> str:
    """A save file name in the current directory that no file has yet (it names the game,
    never the seed, which a seat must not learn during the game)."""
    path, i = f"{game_id}-save.json", 1
    while os.path.exists(path):
        i += 1
        path = f"{game_id}-save-{i}.json"
    return path

