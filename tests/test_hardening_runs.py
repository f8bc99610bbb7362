"""Stopping a run (issue 26, item 3): Ctrl-C or SIGTERM on `simulate --jobs 2` ends the
workers within a second or two, reports the games finished so far as a partial run (said
plainly), writes them, and leaves no process behind. The tests end only processes they
started, by their PID."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not Path("/proc/self").exists() or not hasattr(os, "killpg"),
                                reason="reads children from /proc (Linux)")


def children(pid: int) -> set:
    """Every live descendant of `pid`."""
    out, todo = set(), [pid]
    while todo:
        p = todo.pop()
        try:
            kids = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        for k in map(int, kids):
            if k not in out:
                out.add(k)
                todo.append(k)
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def start_run(tmp_path, *extra) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RULEBOOK_CACHE": "off"}
    return subprocess.Popen([sys.executable, str(ROOT / "cli.py"), "simulate", "metras", "-n",
                             "20000", "--jobs", "2", "--no-cards", *extra], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)     # its own group: a "terminal" of its own


def wait_for_workers(proc, n: int = 2, timeout: float = 120) -> set:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        kids = children(proc.pid)
        if len(kids) >= n:
            return kids
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.2)
    raise AssertionError("the workers never started")


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_an_interrupted_run_stops_its_workers_reports_and_writes_a_partial_run(tmp_path, how):
    proc = start_run(tmp_path, "--json", "--jsonl", "out.jsonl")
    kids = set()
    try:
        kids = wait_for_workers(proc)
        time.sleep(4)                          # some games finish
        kids |= children(proc.pid)
        if how == "ctrl-c":                    # a terminal sends it to the whole group
            os.killpg(proc.pid, signal.SIGINT)
        else:                                  # `kill PID`: the run alone
            os.kill(proc.pid, signal.SIGTERM)
        sent = time.monotonic()
        out, err = proc.communicate(timeout=60)
        took = time.monotonic() - sent
    finally:
        for pid in [proc.pid, *kids]:          # only what this test started
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert proc.returncode == (130 if how == "ctrl-c" else 143), err
    assert "Traceback" not in err
    assert took < 15                           # seconds, not the rest of 20,000 games
    assert not [k for k in kids if alive(k)], "a worker outlived the run"
    result = json.loads(out)
    part = result["interrupted"]
    assert part["signal"] == ("SIGINT" if how == "ctrl-c" else "SIGTERM")
    assert part["planned"] == 20000 and part["finished"] == result["games"] < 20000
    assert f"a partial run: {part['finished']} of 20000 games finished" in err
    lines = (tmp_path / "out.jsonl").read_text().splitlines()
    assert len(lines) == part["finished"]
    assert [json.loads(x)["index"] for x in lines] == sorted(json.loads(x)["index"] for x in lines)
    assert not list(tmp_path.glob(".*.tmp"))
