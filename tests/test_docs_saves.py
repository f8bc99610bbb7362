"""The saves guide (docs/guides/saves.md) as a reader follows it: its commands run, in order,
in a fresh folder holding the repository's examples, and each `text` block after them is
what the matching replay printed (its lines, up to a `...`)."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "guides" / "saves.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.M | re.S)


def test_the_saves_guide_runs_as_written(tmp_path):
    blocks = BLOCK.findall(GUIDE.read_text(encoding="utf-8"))
    commands = [line.split("#")[0].strip() for line in blocks[0][1].splitlines()]
    assert blocks[0][0] == "sh" and len(commands) == 5
    printed = [text for lang, text in blocks[1:4]]
    assert [lang for lang, _ in blocks[1:4]] == ["text"] * 3
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    env = {**os.environ,
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    outputs = []
    for command in commands:
        out = subprocess.run(shlex.split(command), cwd=tmp_path, stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, env=env, timeout=300)
        said = out.stdout + out.stderr
        assert out.returncode == 0 and "Traceback" not in said, f"{command}\n{said}"
        outputs.append(out.stdout)
    for shown, got in zip(printed, outputs[2:]):
        lines = [line for line in shown.splitlines() if line != "..."]
        assert got.splitlines()[:len(lines)] == lines, (
            f"the guide shows\n{shown}\nreplay printed\n{got}")
