"""`rulebook play` in a pseudo-terminal, for tests/test_play_endings.py: started as at a real
terminal (the full-screen table needs stdin, stdout and stderr on one), typed to, resized,
hung up or signalled, and what it wrote read back."""
from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

from child_signals import as_a_shell_starts_it

ROOT = Path(__file__).resolve().parent.parent


class Played:
    def __init__(self, args, cwd, size=(80, 24)) -> None:
        """`rulebook ARGS` started in `cwd` on a new terminal of `size` (columns, rows)."""
        self.out = b""
        self.pid, self.fd = pty.fork()
        if self.pid == 0:     # the child: this terminal is its controlling one
            try:
                os.chdir(cwd)
                os.environ.update(TERM="xterm-256color", COLUMNS=str(size[0]),
                                  LINES=str(size[1]))
                os.environ.pop("TEXTUAL", None)
                as_a_shell_starts_it()      # every signal at its default (child_signals.py)
                os.execv(sys.executable, [sys.executable, str(ROOT / "cli.py"), *args])
            finally:
                os._exit(127)
        self.resize(size)
        self.closed = False

    def resize(self, size) -> None:
        cols, rows = size
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def read(self, seconds: float, until: bytes | None = None, after: int = 0) -> bool:
        """What the program writes, for at most `seconds`, or until `until` appears after
        byte `after` of all it wrote; True when it did."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if until is not None and until in self.out[after:]:
                return True
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:         # the program ended and its terminal with it
                    return until is not None and until in self.out[after:]
                if not chunk:
                    return until is not None and until in self.out[after:]
                self.out += chunk
        return until is not None and until in self.out[after:]

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def hang_up(self) -> None:
        """The terminal closed, as when its window is: the kernel sends SIGHUP."""
        os.close(self.fd)
        self.closed = True

    def signal(self, sig) -> None:
        os.kill(self.pid, sig)

    def wait(self, seconds: float = 60) -> int:
        """The exit status (128 + N for signal N, as a shell says), reading what is left."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if not self.closed:
                self.read(0.2)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                if not self.closed:
                    self.read(0.5)
                    os.close(self.fd)
                    self.closed = True
                code = os.waitstatus_to_exitcode(status)
                return 128 - code if code < 0 else code
        self.signal(signal.SIGKILL)
        os.waitpid(self.pid, 0)
        raise AssertionError(f"rulebook did not end within {seconds} s (a hang)")

    def text(self) -> str:
        return self.out.decode("utf-8", "replace")
