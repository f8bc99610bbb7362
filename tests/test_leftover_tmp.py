"""Issue 32 item 10: hidden `.NAME.XXXXXXXX.tmp` files stayed after a SIGKILL mid-write and
were never cleaned. The next write into that folder removes such leftovers of its own once
they are a day old, and nothing else."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from interpreter import files

ROOT = Path(__file__).resolve().parent.parent
DAY = files.LEFTOVER_AGE

WRITER = """
import sys, time
from interpreter import files
with files.atomic_file(sys.argv[1]) as f:
    f.write("half a save")
    f.flush()
    print("writing", flush=True)
    time.sleep(600)
"""


def age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


@pytest.fixture(autouse=True)
def fresh_sweeps(monkeypatch):
    monkeypatch.setattr(files, "_swept", set())


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX kill")
def test_a_killed_writers_leftover_goes_at_the_next_write_into_its_folder(tmp_path):
    save = tmp_path / "game-save.json"
    save.write_text("the earlier save")
    p = subprocess.Popen([sys.executable, "-c", WRITER, str(save)], cwd=ROOT,
                         stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "writing"
        os.kill(p.pid, signal.SIGKILL)
        p.wait(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
        p.stdout.close()
    [left] = [f for f in tmp_path.iterdir() if f.name != save.name]
    assert files.LEFTOVER.match(left.name) and save.read_text() == "the earlier save"
    files.write_text(tmp_path / "other.json", "x")       # a fresh leftover may be a write
    assert left.exists()                                 # in progress: kept
    age(left, DAY + 60)
    files._swept.clear()                                 # a later run
    files.write_text(tmp_path / "other.json", "y")
    assert not left.exists()
    assert sorted(f.name for f in tmp_path.iterdir()) == ["game-save.json", "other.json"]


def test_only_its_own_old_leftovers_are_removed(tmp_path):
    names = {
        ".s.json.0123abcd.tmp": True,        # its own pattern, a day old: removed
        ".x.0123abcd.tmp": True,
        ".s.json.0123abcd.tmp.keep": False,  # other names: kept whatever their age
        ".s.json.tmp": False,
        "s.json.0123abcd.tmp": False,
        ".s.json.0123ABCZ.tmp": False,
        ".notes.tmp": False,
    }
    for name in names:
        (tmp_path / name).write_text("x")
        age(tmp_path / name, 2 * DAY)
    young = tmp_path / ".s.json.89abcdef.tmp"
    young.write_text("a write in progress")
    age(young, DAY - 600)
    folder = tmp_path / ".d.json.0123abcd.tmp"          # a folder by that name: kept
    folder.mkdir()
    age(folder, 2 * DAY)
    if hasattr(os, "symlink"):                           # a link by that name: kept
        os.symlink(tmp_path / ".notes.tmp", tmp_path / ".l.json.0123abcd.tmp")
    files.write_text(tmp_path / "s.json", "saved")
    left = {f.name for f in tmp_path.iterdir()}
    for name, goes in names.items():
        assert (name not in left) == goes, name
    assert young.name in left and folder.name in left and "s.json" in left


def test_a_folder_is_swept_once_a_process(tmp_path, monkeypatch):
    calls = []
    real = os.scandir
    monkeypatch.setattr(os, "scandir", lambda p: calls.append(p) or real(p))
    for i in range(5):
        files.write_text(tmp_path / f"f{i}.json", "x")
    assert len(calls) == 1
