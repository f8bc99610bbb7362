"""The tutorial (docs/tutorial.md) as a reader follows it, in a fresh folder: each YAML block
titled with a file is written to that file (keeping the `$schema` line `rulebook new` wrote),
and each command of each `sh` block runs, in order, and must succeed with no traceback."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.md"
BLOCK = re.compile(r'^```(\w+)(?: title="([^"]+)")?\n(.*?)^```', re.M | re.S)
ANSWERS = "1\n" * 60          # a person at `play --plain` who always types 1


def steps() -> list:
    """('file', path, text) and ('run', command) in the page's order."""
    out = []
    for lang, title, text in BLOCK.findall(TUTORIAL.read_text(encoding="utf-8")):
        if lang == "yaml" and title:
            out.append(("file", title, text))
        elif lang == "sh":
            out += [("run", line) for line in text.splitlines()
                    if line.strip() and not line.lstrip().startswith("#")]
    return out


def write(folder: Path, name: str, text: str) -> None:
    path = folder / name
    first = path.read_text(encoding="utf-8").splitlines()[0] if path.exists() else ""
    if first.startswith("# yaml-language-server:") and not text.startswith("# yaml-language"):
        text = first + "\n" + text
    path.write_text(text, encoding="utf-8")


def test_the_tutorial_runs_as_written(tmp_path):
    plan = steps()
    assert sum(kind == "run" for kind, *_ in plan) >= 8
    assert sum(kind == "file" for kind, *_ in plan) == 2
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    for kind, *rest in plan:
        if kind == "file":
            write(tmp_path, *rest)
            continue
        (command,) = rest
        argv = shlex.split(command)
        if argv[0] == "python":
            argv[0] = sys.executable
        out = subprocess.run(argv, cwd=tmp_path, input=ANSWERS, capture_output=True,
                             text=True, env=env, timeout=600)
        said = out.stdout + out.stderr
        assert out.returncode == 0, f"{command}\n{said}"
        assert "Traceback" not in said, f"{command}\n{said}"
        if command.startswith("rulebook validate"):
            assert "0 errors, 0 warnings" in said, said
        if command.startswith("rulebook play"):       # played to its end (a win, a tie)
            assert "game over" in said, said[-2000:]
