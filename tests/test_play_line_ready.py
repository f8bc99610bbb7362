"""The line-by-line table waits for a typed line in Python (commands/human.line_ready), so a
signal that arrives just before the wait is answered within a fraction of a second instead
of waiting for the next Enter (CI once saw SIGTERM at the prompt wait 60 s for a line)."""
from __future__ import annotations

import os
import signal

import pytest

from interpreter.commands.human import line_ready

pytestmark = pytest.mark.skipif(os.name != "posix" or not hasattr(signal, "setitimer"),
                                reason="a POSIX terminal and interval timers")


class Rang(Exception):
    pass


class Stream:
    def __init__(self, fd):
        self.fd = fd

    def fileno(self):
        return self.fd


@pytest.fixture
def terminal():
    main, side = os.openpty()        # side: the program's end, a terminal (isatty)
    yield main, Stream(side)
    os.close(main)
    os.close(side)


@pytest.fixture
def alarm():
    def ring(_signum, _frame):
        raise Rang
    before = signal.signal(signal.SIGALRM, ring)
    yield
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, before)


def test_a_typed_line_ends_the_wait(terminal):
    main, side = terminal
    os.write(main, b"3\n")
    line_ready(side)
    assert os.read(side.fd, 100) == b"3\n"


def test_a_signal_while_waiting_reaches_the_caller(terminal, alarm):
    _main, side = terminal
    signal.setitimer(signal.ITIMER_REAL, 0.2)
    with pytest.raises(Rang):
        line_ready(side)           # nothing is ever typed: only the handler ends the wait


def test_no_look_blocks_longer_than_the_poll(terminal, monkeypatch):
    """The race itself cannot be timed from a test: a signal landing after Python's last
    look and before a system call blocks. What closes it is that no call blocks for long:
    every look at the terminal has a timeout of at most `poll`, so a handler that is due
    runs within it. A line typed after a while ends the wait."""
    import select as select_module
    import threading
    main, side = terminal
    real, timeouts = select_module.select, []

    def look(*args):
        timeouts.append(args[3] if len(args) > 3 else None)
        return real(*args)
    monkeypatch.setattr("interpreter.commands.human.select.select", look)
    typist = threading.Timer(0.3, os.write, (main, b"done\n"))
    typist.start()
    line_ready(side, poll=0.05)
    typist.join()
    assert len(timeouts) >= 3 and all(t is not None and t <= 0.05 for t in timeouts)


def test_a_pipe_is_read_as_before(alarm):
    """A pipe is not waited on: its lines may already be in Python's buffer."""
    r, w = os.pipe()
    signal.setitimer(signal.ITIMER_REAL, 2)     # a wait on the pipe fails here, not hangs
    try:
        line_ready(Stream(r))      # returns at once, though nothing was written
    finally:
        os.close(r)
        os.close(w)
