"""The long mutation-fuzzing run, on request: `python -m pytest -m slow tests/fuzz`
(RULEBOOK_FUZZ_CASES=N to run N cases instead of 10,000). The CI part is
tests/test_validate_mutations.py; tests/fuzz/run.py is the same run with a report."""
from __future__ import annotations

import os

import pytest

from run import fuzz


@pytest.mark.slow
def test_ten_thousand_mutated_games():
    problems, _ = fuzz(int(os.environ.get("RULEBOOK_FUZZ_CASES", "10000")), [],
                       out=lambda text: None)
    assert not problems, "\n".join(problems[:10])
