"""A program a test starts gets every signal at its default, as a shell starts it in the
foreground: a run started in the background (`pytest &` in a script) has SIGINT ignored, an
ignored signal stays ignored across exec, and Python then installs no Ctrl-C handler, so a
test sending SIGINT would wait for nothing. A blocked signal stays blocked across fork and
exec too (a library may block some for a moment while it starts a process), so the mask is
cleared as well."""
from __future__ import annotations

import signal

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)


def as_a_shell_starts_it() -> None:
    """For subprocess's preexec_fn, or a forked child before exec."""
    for sig in SIGNALS:
        signal.signal(sig, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
