"""The documentation site builds with `mkdocs build --strict` (mkdocs.yml sets strict: a
broken link, a missing anchor or a page left out of the navigation fails), and README's
links to files of the repository point at files that exist."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_site_builds_strictly(tmp_path):
    pytest.importorskip("mkdocs", reason="the docs extra: pip install -e '.[test]'")
    out = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                          str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert out.returncode == 0, out.stdout + out.stderr
    for page in ("index.html", "tutorial/index.html", "api/index.html",
                 "guides/yaml-tour/index.html", "guides/boards/index.html",
                 "guides/saves/index.html", "reference/findings/index.html"):
        assert (tmp_path / "site" / page).is_file(), page


def test_readme_is_short_and_its_links_resolve():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        if "://" not in target:
            assert (ROOT / target).exists(), target
