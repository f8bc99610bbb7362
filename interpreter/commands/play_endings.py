"""Every way a `rulebook play` session can end without the game's own end: what it is called,
the status the command exits with, and the signals that end it. Whatever ends it (Ctrl-C,
Ctrl-D or the input running out, the terminal closed (SIGHUP), SIGTERM, quit, a failure
inside a table), the game so far is saved first and the message names the file (play.py's
`interrupted`); a game loaded from a file is saved back to that file.

At the line-by-line table a signal raises `Ended` where the command is (as Ctrl-C raises
KeyboardInterrupt): a decision being applied is taken back whole (Session.decide applies
to a copy), so the saved game is the one before it. At the full-screen table the app
listens for the same signals and leaves (present/table/ending.py); the command then saves."""
from __future__ import annotations

import contextlib
import signal
import sys
import threading

# outcome -> (what the message calls it, the exit status: 128 + the signal's number, as a
# shell reports a process a signal ended; Ctrl-D too, since the game did not end)
ENDINGS = {
    "interrupt": ("Interrupted", 130),
    "eof": ("Input ended", 130),
    "crash": ("The table stopped", 130),
    "hangup": ("The terminal closed", 129),
    "terminate": ("Stopped (SIGTERM)", 143),
}
# the signals that end a session, by the outcome each is
SIGNALS = {"SIGHUP": "hangup", "SIGTERM": "terminate"}


class Ended(BaseException):
    """A signal ended the session (a BaseException, as KeyboardInterrupt: no `except
    Exception` on the way may swallow it)."""

    def __init__(self, outcome: str) -> None:
        super().__init__(outcome)
        self.outcome = outcome


def _raise(signum, _frame):
    if isinstance(sys.exc_info()[1], (EOFError, KeyboardInterrupt, Ended)):
        return      # the session is ending already (the input ended as the terminal closed)
    raise Ended(SIGNALS[signal.Signals(signum).name])


@contextlib.contextmanager
def signals_end_play():
    """While the session lasts, SIGHUP and SIGTERM raise Ended where the command is (the main
    thread only: elsewhere Python cannot set handlers); the handlers before are restored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {}
    for name in SIGNALS:
        sig = getattr(signal, name, None)
        if sig is not None:
            before[sig] = signal.signal(sig, _raise)
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def hold() -> None:
    """From here on the signals wait: the game is being saved (after Ctrl-D the terminal's
    hangup comes a moment later, and must not stop the save it caused)."""
    if threading.current_thread() is threading.main_thread():
        for name in (*SIGNALS, "SIGINT"):
            sig = getattr(signal, name, None)
            if sig is not None:
                signal.signal(sig, signal.SIG_IGN)


def listening_again():
    """The handlers set again (the full-screen table's event loop resets them to the
    default when it closes, and the game is saved after it)."""
    if threading.current_thread() is threading.main_thread():
        for name in SIGNALS:
            sig = getattr(signal, name, None)
            if sig is not None:
                signal.signal(sig, _raise)
