"""How the full-screen table ends, whatever ends it: the signals that end a session (the
terminal closed, SIGTERM, SIGINT) make the app leave as Ctrl-C does, so the command saves
the game and says where (commands/play_endings.py); and the terminal is left as it was
before the table opened, with nothing of the table on it.

Why the screen is blanked before the alternate screen is left: when the window grew while
the table was open (80x24 to 120x40), tmux shrinks the alternate screen back to the old
size on leaving it and pushes the rows above the cursor into the normal screen's history,
then pulls them back into view as it grows the window again: the last frame (the Yours
panel: one seat's hand, in hot seat) was left above the prompt, 4 times in 4. A blank
screen with the cursor at its top pushes nothing."""
from __future__ import annotations

import asyncio
import queue
import signal
import threading

SIGNALS = (("SIGHUP", "hangup"), ("SIGTERM", "terminate"), ("SIGINT", "interrupt"))
BLANK = "\x1b[0m\x1b[H\x1b[2J"     # no style, cursor home, erase the screen
HUNG_UP = threading.Event()     # the terminal is gone: nothing more is written to it


def listen(app) -> None:
    """Each signal makes the app leave with its outcome (the event loop's own handlers, so
    the app ends as from a key). Only where the app's loop may set them (the main thread)."""
    try:
        loop = asyncio.get_running_loop()
        for name, outcome in SIGNALS:
            sig = getattr(signal, name, None)
            if sig is not None:
                loop.add_signal_handler(sig, _leave, app, outcome)
    except (RuntimeError, ValueError, NotImplementedError):     # not the main thread
        pass


def _leave(app, outcome: str) -> None:
    if outcome == "hangup":
        HUNG_UP.set()
    app.exit(outcome)


def restoring(driver_class):
    """The terminal driver Textual picked, blanking the screen before it leaves the
    alternate screen (see above). A driver without an alternate screen is left as it is."""
    from textual.drivers.linux_driver import LinuxDriver
    if not issubclass(driver_class, LinuxDriver):
        return driver_class

    class Restoring(driver_class):
        def stop_application_mode(self) -> None:
            self.write(BLANK)
            super().stop_application_mode()

        def write(self, data: str) -> None:
            """Nothing is written once the terminal is gone: Textual's writer thread dies
            on the first write to a closed terminal, and its queue, full, then blocked the
            app for ever (the game unsaved)."""
            writer = self._writer_thread
            if HUNG_UP.is_set() or writer is None or not writer.is_alive():
                return
            super().write(data)

        def close(self) -> None:
            writer = self._writer_thread
            if writer is not None and (HUNG_UP.is_set() or not writer.is_alive()):
                try:        # the writer ends without waiting for a terminal that is gone
                    writer._queue.put_nowait(None)
                except queue.Full:
                    pass
                return
            super().close()

    return Restoring
