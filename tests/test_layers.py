"""The house plan holds: the pipeline's packages import downward only (the contract in
pyproject.toml's [tool.importlinter]), checked by import-linter on every test run."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_layers_import_downward_only():
    run = subprocess.run([sys.executable, "-c",
                          "import sys; from importlinter.cli import lint_imports_command; "
                          "sys.exit(lint_imports_command())",
                          "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " 0 broken" in run.stdout
