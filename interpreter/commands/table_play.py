"""`rulebook play` at the full-screen table: the driver the app (present/table) asks to let
the bots move, make a person's decision, undo and save, with the same rules and words as the
line-by-line table (play.py)."""
from __future__ import annotations

import sys
import threading

from ..present import views
from ..present.table.panels import log_lines
from ..runtime.play_session import Session
from .seat_actions import save_note, undo_note


class TableDriver:
    """The game between the app and the session: bots decide here, never in the app."""

    def __init__(self, session: Session, bots: dict, humans: set, save_path=None):
        self.session, self.bots, self.humans, self.save_path = session, bots, humans, save_path
        # the bots' worker may still be deciding when the app has left (a signal, Ctrl-C):
        # stop() waits for that decision and ends the worker's turn, so the game saved
        # after it is whole and no bot decides after the save
        self.lock, self.stopped = threading.Lock(), False

    def advance(self) -> None:
        """Bots decide until a person must, or the game is over, or the table has stopped."""
        game = self.session.game
        while not game.is_over(self.session.state):
            waiting = game.waiting(self.session.state)
            seat = next((p for p in waiting if p in self.bots), None)
            if seat is None:
                return
            choice = self.bots[seat].choose(game, self.session.state, seat)
            with self.lock:
                if self.stopped:
                    return
                self.session.decide(seat, choice)

    def stop(self) -> None:
        with self.lock:
            self.stopped = True

    def next_seat(self):
        """The person to ask now, or None when the game is over."""
        game = self.session.game
        if game.is_over(self.session.state):
            return None
        return game.waiting(self.session.state)[0]

    def view(self, seat):
        """What the table shows a seat: views.view (a served table's driver: its message's)."""
        return views.view(self.session.game, self.session.state, seat)

    def log_lines(self, seat) -> list:
        """The log as the seat may read it (None: lines every seat may read)."""
        return log_lines(self.session.log, seat)

    def choose(self, seat: int, label: str) -> None:
        self.session.decide(seat, label)

    def undo(self, seat: int) -> str:
        return undo_note(self.session, seat, self.humans)

    def save(self, arg: str) -> str:
        return save_note(self.session, arg, self.save_path)


def wanted(plain: bool, moves_path, as_json: bool, humans: set) -> bool:
    """The full-screen table: on a terminal (stdin, stdout and stderr), with a person to play, and
    none of --plain, --moves, --json."""
    return (not plain and moves_path is None and not as_json and bool(humans)
            and sys.stdin.isatty() and sys.stdout.isatty()
            and sys.stderr.isatty())    # Textual draws on stderr


def play_at_table(session, bots, humans, save_path) -> str:
    """Runs the app; returns "over", "quit", "interrupt" (Ctrl-C, SIGINT), "eof" (Ctrl-D),
    "hangup" (the terminal closed), "terminate" (SIGTERM) or "crash" (the app failed:
    Textual has shown why)."""
    from ..present.table import TableApp
    driver = TableDriver(session, bots, humans, save_path)
    app = TableApp(driver)
    try:
        outcome = app.run()
    finally:
        driver.stop()
    if app.failure is not None:     # reported by the command as in plain mode
        raise app.failure
    if outcome is None and app.return_code:     # the app itself failed: save, say where
        return "crash"
    return outcome or "quit"
