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

from child_signals import as_a_shell_starts_it

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
                            start_new_session=True,     # its own group: a "terminal" of its own
                            preexec_fn=as_a_shell_starts_it)


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


# ------------------------------------------------------------------ item 2: --jsonl streams
class _G:
    id = "g"

    @staticmethod
    def seat_label(p):
        return f"P{p + 1}"


def _rec(i, r=0):
    return {"index": i, "rotation": r, "winners": [i % 2], "scores": [1, 2]}


def test_jsonl_lines_are_written_as_games_finish_in_the_runs_order(tmp_path):
    """Records arrive as workers finish them; each line goes to the temporary file once the
    games before it are written (so the run never holds the lines), and the target appears
    only at the end, whole."""
    from interpreter.commands.simulation import JsonlStream
    target = tmp_path / "out.jsonl"
    target.write_text("the earlier file\n")
    order = {(i, r): 2 * i + r for i in range(3) for r in range(2)}
    stream = JsonlStream(str(target), _G, order)
    [tmp] = tmp_path.glob(".out.jsonl.*.tmp")
    stream(_rec(1, 0))                              # early: waits for (0, 0) and (0, 1)
    stream(_rec(0, 1))
    stream.file.flush()
    assert tmp.read_text() == ""
    stream(_rec(0, 0))
    stream.file.flush()
    assert [json.loads(x)["index"] for x in tmp.read_text().splitlines()] == [0, 0, 1]
    assert target.read_text() == "the earlier file\n"
    for i, r in [(2, 1), (1, 1), (2, 0)]:
        stream(_rec(i, r))
    assert stream.finish() == []
    rows = [json.loads(x) for x in target.read_text().splitlines()]
    assert [(x["index"], x["rotation"]) for x in rows] == sorted(order)
    assert rows[1] == {"game": "g", "index": 0, "rotation": 1, "winners": [0],
                       "scores": [1, 2], "winner": "P1", "game_metrics": {}}
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_jsonl_that_fails_mid_run_keeps_the_earlier_file_and_the_run_goes_on(tmp_path,
                                                                              monkeypatch):
    from interpreter.commands import simulation
    target = tmp_path / "out.jsonl"
    target.write_text("the earlier file\n")
    stream = simulation.JsonlStream(str(target), _G, {(i, 0): i for i in range(5)})
    stream(_rec(0))

    def full(*a):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(stream.file, "write", full)
    stream(_rec(1))                                 # fails: the stream stops, quietly
    stream(_rec(2))
    assert stream.finish() == ["cannot write '%s': No space left on device (the earlier file "
                               "is unchanged)" % target]
    assert target.read_text() == "the earlier file\n" and not list(tmp_path.glob(".*.tmp"))


def test_an_interrupted_run_writes_the_games_it_finished_with_gaps_closed(tmp_path):
    from interpreter.commands.simulation import JsonlStream
    stream = JsonlStream(str(tmp_path / "o.jsonl"), _G, {(i, 0): i for i in range(6)})
    for i in (0, 2, 3, 5):                          # 1 and 4 never finished
        stream(_rec(i))
    assert stream.finish() == []
    assert [json.loads(x)["index"] for x in (tmp_path / "o.jsonl").read_text().splitlines()] \
        == [0, 2, 3, 5]


def test_a_run_that_fails_leaves_no_temporary_file(tmp_path):
    from interpreter.commands.simulation import JsonlStream
    (tmp_path / "o.jsonl").write_text("kept\n")
    stream = JsonlStream(str(tmp_path / "o.jsonl"), _G, {(0, 0): 0})
    stream.discard()
    assert (tmp_path / "o.jsonl").read_text() == "kept\n" and not list(tmp_path.glob(".*.tmp"))
