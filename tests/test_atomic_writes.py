"""Nothing lost on a full disk or a kill (issue 26, items 1, 2, 4 and 7): every file the engine
writes goes through files.atomic_file, and game files are read within their size limit.

Faults are injected three ways: os.replace patched to raise ENOSPC; a child process whose
file size limit (RLIMIT_FSIZE) makes a write fail part way, as a full disk does; and a child
killed with SIGKILL while it writes."""
from __future__ import annotations

import errno
import inspect
import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from interpreter import files
from interpreter.files import FileWriteError
from interpreter.load import cache
from interpreter.load.csv_cards import read_csv
from interpreter.load.documents import load_documents
from interpreter.load.yamlio import MAX_BYTES, read_yaml
from interpreter.runtime import saves as savefile

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(not hasattr(signal, "SIGKILL") or sys.platform == "win32",
                                reason="resource limits and SIGKILL are POSIX")


def full_disk(monkeypatch, suffix=""):
    """os.replace fails as on a full disk, for targets ending in `suffix`."""
    real = os.replace

    def replace(src, dst, *a, **k):
        if str(dst).endswith(suffix):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(src, dst, *a, **k)
    monkeypatch.setattr(os, "replace", replace)


def leftovers(folder: Path) -> list:
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith(".tmp"))


def child(code: str, cwd, limit: int | None = None, **env) -> subprocess.CompletedProcess:
    """Run Python code in a child whose files may grow to at most `limit` bytes (a write
    past it fails with EFBIG, as one on a full disk fails with ENOSPC)."""
    def limited():
        import resource
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # fail the write, do not kill
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1", **env}
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=full_env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300,
                          preexec_fn=limited if limit else None)


def cli(*args) -> str:
    return "from cli import main\nmain(%r)\n" % [str(a) for a in args]


def a_save(decisions: int, label: str = "a") -> dict:
    return {"format": 2, "game": "g", "source": "g", "game_hash": "0" * 64, "generator": 2,
            "players": 2, "seed": 1, "variant": "standard", "options": {},
            "decisions": [[1 + i % 2, f"{label} {i}"] for i in range(decisions)],
            "state_hash": "x"}


A_SAVE = inspect.getsource(a_save)     # the children build the same saves


# ------------------------------------------------------------------ 1. saves
def test_a_failed_rename_keeps_the_earlier_save_and_names_the_file(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    savefile.write(str(path), a_save(3))
    before = path.read_bytes()
    full_disk(monkeypatch)
    with pytest.raises(FileWriteError) as e:
        savefile.write(str(path), a_save(50, "new"))
    assert str(e.value) == (f"cannot write '{path}': No space left on device "
                            "(the earlier file is unchanged)")
    assert isinstance(e.value, OSError)          # callers catching OSError still do
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == [] and [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_a_new_file_that_cannot_be_written_leaves_nothing(tmp_path, monkeypatch):
    full_disk(monkeypatch)
    with pytest.raises(FileWriteError, match="nothing was written"):
        files.write_text(tmp_path / "new.json", "{}\n")
    assert list(tmp_path.iterdir()) == []


@posix_only
def test_a_save_running_out_of_disk_part_way_keeps_the_earlier_one(tmp_path):
    path = tmp_path / "s.json"
    savefile.write(str(path), a_save(3))
    before = path.read_bytes()
    out = child("""
from interpreter.runtime import saves
{A_SAVE}try:
    saves.write({path!r}, a_save(2000, "new"))
except OSError as e:
    print(e)
""".format(A_SAVE=A_SAVE, path=str(path)), tmp_path, limit=4096)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (f"cannot write '{path}': File too large "
                                  "(the earlier file is unchanged)")
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == []


@posix_only
def test_continuing_a_save_into_itself_on_a_full_disk_keeps_it(tmp_path):
    """The issue's reproduction: `play --load s.json --save s.json` on a full disk left 4,096
    bytes of invalid JSON; now the earlier save stays, loadable, and the error names it."""
    save = tmp_path / "s.json"
    first = child(cli("play", "metras", "--humans", 1, "--seed", 4, "--save", save),
                  tmp_path)                                    # no input: saved at once
    assert "Input ended: the game is saved to" in first.stderr, first.stderr
    before = save.read_bytes()
    assert len(before) < 4096
    out = child(cli("play", "metras", "--load", save, "--save", save, "--humans", 0),
                tmp_path, limit=4096, RULEBOOK_CACHE="off")
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    assert f"error: cannot write '{save}': File too large (the earlier file is unchanged)" \
        in out.stderr
    assert save.read_bytes() == before
    savefile.read(str(save))
    assert leftovers(tmp_path) == []


def test_save_at_a_prompt_on_a_full_disk_names_the_file_and_plays_on(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    full_disk(monkeypatch, "s.json")
    r = CliRunner().invoke(main, ["play", "metras", "--seed", "4", "--save", "s.json"],
                           input="save\nquit\n")
    assert "Cannot save to s.json: No space left on device (nothing was written)" in r.output
    assert r.output.rstrip().endswith("error: cannot write 's.json': No space left on device "
                                      "(nothing was written)")
    assert r.exit_code == 1 and list(tmp_path.iterdir()) == []


KILLED_WRITER = """
import sys
from interpreter.runtime import saves
{A_SAVE}path = sys.argv[1]
versions = [a_save(60_000, "old"), a_save(60_000, "new")]
saves.write(path, versions[0])
print("ready", flush=True)
i = 1
while True:
    saves.write(path, versions[i % 2])
    i += 1
""".format(A_SAVE=A_SAVE)


@posix_only
@pytest.mark.parametrize("delay", [0.05, 0.4])
def test_a_save_killed_mid_write_is_the_old_or_the_new_one(tmp_path, delay):
    """A child writes a 2 MB save over and over (each write takes most of a second in
    json.dump); killed with SIGKILL at any moment, the file is one whole save."""
    path = tmp_path / "s.json"
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(path)], cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data in (a_save(60_000, "old"), a_save(60_000, "new"))


def test_a_save_keeps_its_symlink_and_its_permissions(tmp_path):
    real = tmp_path / "real.json"
    savefile.write(str(real), a_save(1))
    os.chmod(real, 0o600)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    savefile.write(str(link), a_save(2))
    assert link.is_symlink() and json.loads(real.read_text())["decisions"][1] == [2, "a 1"]
    assert real.stat().st_mode & 0o777 == 0o600


# ------------------------------------------------------------------ 2. --jsonl and --report
def simulate(tmp_path, *more):
    return CliRunner().invoke(main, ["simulate", "metras", "-n", "3", "-j", "1", "--json",
                                     "--jsonl", str(tmp_path / "out.jsonl"),
                                     "--report", str(tmp_path / "r.html"), *map(str, more)])


def test_a_jsonl_that_cannot_be_written_still_shows_the_summary(tmp_path, monkeypatch):
    (tmp_path / "out.jsonl").write_text("earlier run\n")
    full_disk(monkeypatch, ".jsonl")
    r = simulate(tmp_path)
    assert r.exit_code == 1
    assert json.loads(r.stdout)["games"] == 3                  # the run is not lost
    assert r.stderr == (f"error: cannot write '{tmp_path / 'out.jsonl'}': No space left on "
                        "device (the earlier file is unchanged)\n")
    assert (tmp_path / "out.jsonl").read_text() == "earlier run\n"
    assert (tmp_path / "r.html").read_text().startswith("<!DOCTYPE html>")
    assert leftovers(tmp_path) == []


def test_a_report_that_cannot_be_written_is_named(tmp_path, monkeypatch):
    full_disk(monkeypatch, ".html")
    r = simulate(tmp_path)
    assert r.exit_code == 1 and json.loads(r.stdout)["games"] == 3
    assert f"cannot write '{tmp_path / 'r.html'}': No space left on device (nothing was " \
           "written)" in r.stderr
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 3
    assert not (tmp_path / "r.html").exists() and leftovers(tmp_path) == []


@posix_only
def test_simulate_on_a_full_disk_prints_its_summary_and_names_both_files(tmp_path):
    """The issue's reproduction: "cannot use: No space left on device", no file named and no
    summary; now the summary, then each file that failed."""
    out = child(cli("simulate", "metras", "-n", 5, "-j", 1, "--json", "--jsonl", "out.jsonl",
                    "--report", "r.html"), tmp_path, limit=2048, RULEBOOK_CACHE="off")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert json.loads(out.stdout)["games"] == 5
    assert out.stderr == ("error: cannot write 'out.jsonl': File too large (nothing was "
                          "written); cannot write 'r.html': File too large (nothing was "
                          "written)\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


# ------------------------------------------------------------------ 4. the cache
def test_a_cache_entry_that_cannot_be_written_leaves_no_temporary_file(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path))
    full_disk(monkeypatch)
    cache.store_doc("yaml", b"a key", {"a": 1})                 # quietly: it only costs time
    assert leftovers(tmp_path) == [] and cache.load_doc("yaml", b"a key") is None
    monkeypatch.undo()
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path))
    cache.store_doc("yaml", b"a key", {"a": 1})
    assert cache.load_doc("yaml", b"a key") == {"a": 1}


@posix_only
def test_validate_on_a_full_cache_disk_leaves_no_temporary_files(tmp_path):
    """The issue counted 23 .tmp files after one run on a full cache disk."""
    store = tmp_path / "cache"
    for _ in range(2):    # the second run reads what the first could write
        out = child(cli("validate", "gamedefs/metras"), ROOT, limit=1024,
                    RULEBOOK_CACHE=str(store))
        assert out.returncode == 0 and out.stdout == "0 errors, 0 warnings\n", out.stderr
    assert leftovers(store) == []


# ------------------------------------------------------------------ 7. reading within limits
def huge(path: Path, size: int = 300_000_000) -> Path:
    with open(path, "wb") as f:      # sparse: no disk space, but stat says 300 MB
        f.truncate(size)
    return path


def peak_while(fn):
    tracemalloc.start()
    try:
        result = fn()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("reader, name", [(read_yaml, "big.yaml"), (read_csv, "big.csv")])
def test_a_huge_file_is_refused_before_it_is_read(tmp_path, reader, name):
    findings = []
    doc, peak = peak_while(lambda: reader(huge(tmp_path / name), name, findings))
    assert doc is None
    assert [(f.code, f.message) for f in findings] == [
        ("YAML-SIZE", f"the file is 300000000 bytes; at most {MAX_BYTES} are read")]
    assert peak < 5_000_000, peak


def test_a_huge_include_costs_no_more_than_the_limit(tmp_path):
    huge(tmp_path / "cards.yaml")
    game = tmp_path / "game.yaml"
    game.write_text("include: [cards.yaml]\n")
    findings = []
    _, peak = peak_while(lambda: load_documents(game, findings))
    assert ("cards.yaml", "YAML-SIZE") in [(Path(f.file).name, f.code) for f in findings]
    assert peak < 20_000_000, peak


def test_a_file_without_a_size_is_read_no_further_than_the_limit():
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    with pytest.raises(files.TooLarge) as e:
        files.read_bounded("/dev/zero", 1000)
    assert e.value.size == 1001
