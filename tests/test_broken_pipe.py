"""Issue 32 item 11: `rulebook simulate ... | head -1` exited 1 on the broken pipe (rich's
console and click both turn it into status 1, validate into "error: cannot use: Broken
pipe"). Every command that prints a lot exits 0 and says nothing when its reader has gone,
as Unix tools do. The reader is gone before the command starts (the pipe's read end is
closed), so the very first write breaks, whatever the command's output size."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = [
    ["list"],
    ["validate", "metras"],
    ["describe", "metras"],
    ["describe", "metras", "--format", "markdown"],
    ["simulate", "metscri", "-n", "2"],
    ["simulate", "metscri", "-n", "2", "--json"],
    ["compare", "metscri", "-n", "2", "--b-option", "turn_cap=5"],
    ["sweep", "metscri", "-n", "2", "--set", "options.turn_cap.default=4,5"],
    ["replay", "SAVE", "--show-log"],
    ["replay", "SAVE"],
]


def closed_pipe_run(args):
    read_end, write_end = os.pipe()
    os.close(read_end)                      # the reader is gone: `| head -0`
    try:
        return subprocess.run([sys.executable, "cli.py", *args], cwd=ROOT, stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=300)
    finally:
        os.close(write_end)


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    f = tmp_path_factory.mktemp("save") / "s.json"
    out = subprocess.run([sys.executable, "cli.py", "play", "metscri", "--bots", "random",
                          "--humans", "0", "--save", str(f), "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and f.exists(), out.stderr
    return f


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(a) for a in COMMANDS])
def test_a_reader_that_stops_reading_ends_the_command_quietly(args, save):
    args = [str(save) if a == "SAVE" else a for a in args]
    out = closed_pipe_run(args)
    assert (out.returncode, out.stderr) == (0, "")


def test_other_errors_still_fail(tmp_path):
    """Only stdout's reader going is quiet: a command's real error keeps its status 1."""
    out = closed_pipe_run(["simulate", str(tmp_path / "nothing_here"), "-n", "1"])
    assert out.returncode == 1 and "error" in out.stderr
