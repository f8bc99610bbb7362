"""Debian's chromium driven by Playwright's Python package (its own browser is never
downloaded: `executable_path`). CI (.ci/run installs chromium) fails without it rather than
skipping; elsewhere the browser tests are skipped with the reason."""
from __future__ import annotations

import os
import shutil

import pytest


def chromium_path() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail("no chromium on the CI machine: .ci/run installs Debian's 'chromium'")
    pytest.skip("no chromium on this machine: install Debian's 'chromium' package")


def launch(playwright):
    return playwright.chromium.launch(executable_path=chromium_path(),
                                      args=["--no-sandbox", "--disable-gpu"])
