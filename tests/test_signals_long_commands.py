"""Real signals on every long command (issue 32's figures: the probe sent SIGINT and
SIGTERM to each). simulate is tested with both in tests/test_hardening_runs.py (with worker
processes); here simulate, compare and sweep, in one process each: they stop within seconds, say what
they finished as a partial run, exit 128 + the signal's number, print no traceback and leave
no temporary file. Slow: each run waits for games to finish before the signal."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from child_signals import as_a_shell_starts_it

ROOT = Path(__file__).resolve().parent.parent
STRONG = str(ROOT / "tests" / "games" / "strong_card")

COMMANDS = {
    "compare": ["compare", STRONG, "-n", "50000", "--b-option", "head_start=3"],
    "sweep": ["sweep", STRONG, "-n", "50000", "--set", "cards.crown.value=1,6,20"],
    "simulate": ["simulate", STRONG, "-n", "50000"],
}
SIGNALS = {"SIGINT": (signal.SIGINT, 130), "SIGTERM": (signal.SIGTERM, 143)}


@pytest.mark.slow
@pytest.mark.parametrize("sig", list(SIGNALS))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_signal_stops_a_long_command_with_a_partial_run(tmp_path, command, sig):
    number, status = SIGNALS[sig]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, str(ROOT / "cli.py"), *COMMANDS[command],
                             "--jobs", "1", "--no-cards", "--json", "--report", "r.html"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=as_a_shell_starts_it)
    try:
        time.sleep(8)                          # loaded, and some games played
        assert proc.poll() is None, proc.communicate()
        os.kill(proc.pid, number)
        sent = time.monotonic()
        out, err = proc.communicate(timeout=60)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == status, err
    assert "Traceback" not in err and took < 30
    assert f"interrupted ({sig})" in err, err
    if command == "simulate":                  # the games finished are the run
        result = json.loads(out)
        assert result["interrupted"]["signal"] == sig and result["games"] > 0
        assert (tmp_path / "r.html").exists()
    else:                                      # stopped in side A or in the first value
        assert "no comparison" in err or "no value finished, no table" in err, err
    assert not list(tmp_path.glob(".*.tmp"))
