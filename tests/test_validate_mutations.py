"""Mutated games never crash or hang validate or play, and every finding points inside its file.

For every game (gamedefs/, tests/games/, benchmarks/games/: found by listing, so new games are
covered), CASES seeded mutated copies (tests/fuzz/mutator.py: one file gets one edit a designer
could make by mistake) go through validate, and those that still load play a few short random
games. Validate must not raise or hang, and each finding must name one of the game's files at a
line and column inside it; play may stop with the engine's own error, never a Python exception.

Each case is reproducible from (game, index). The cases are the same in every run;
RULEBOOK_PROPERTIES_SCALE=N runs N times as many. The long run (10,000 cases) is
`python -m pytest -m slow tests/fuzz` or `python tests/fuzz/run.py`.
"""
from __future__ import annotations

import os
import shutil

import pytest

from fuzz.mutator import HOSTILE, game_dirs, game_files, reuse_unchanged_parses, run_case

SCALE = float(os.environ.get("RULEBOOK_PROPERTIES_SCALE", "1"))
# Cases per game in the default run, and in all (the slow run plays the rest): a case costs
# 0.2-0.5 s of CPU (validate, then a few short games); with thirty-six games (2026-11-28) the
# default run keeps this file near three minutes of CPU on the project machine, within
# CI's 15 minutes for the whole suite.
CASES = {"big": 12, "small": 25}
ALL_CASES = {"big": 60, "small": 150}
GAMES = game_dirs()
IDS = [f"{d.parent.name}/{d.name}" for d in GAMES]


def cases_for(root, table=CASES) -> int:
    big = root.parent.name == "gamedefs"
    return max(1, int(table["big" if big else "small"] * SCALE))


def _mutated_cases(root, tmp_path, cases) -> None:
    copy = tmp_path / root.name
    shutil.copytree(root, copy)
    files = game_files(copy)
    problems = []
    with reuse_unchanged_parses():
        for i in cases:
            problems += run_case(copy, files, i)
    assert not problems, "\n".join(problems[:5])


@pytest.mark.parametrize("root", GAMES, ids=IDS)
def test_mutated_games_give_located_findings_and_play_without_crashing(root, tmp_path):
    _mutated_cases(root, tmp_path, range(cases_for(root)))


@pytest.mark.slow
@pytest.mark.parametrize("root", GAMES, ids=IDS)
def test_more_mutated_games(root, tmp_path):
    """The cases after the default run's, up to ALL_CASES per game."""
    _mutated_cases(root, tmp_path, range(cases_for(root), cases_for(root, ALL_CASES)))


HOSTILE_CASES = {"big": 8, "small": 4}


@pytest.mark.parametrize("root", GAMES, ids=IDS)
def test_hostile_edits_give_located_findings_and_never_read_outside(root, tmp_path):
    """Issue 26's inputs: a long text aliased up to 60 times, a board far too large, an
    include outside the folder (absolute, '..', a symbolic link out), a control character
    in a name. Each gives located findings (none with a raw control character), or a game
    that still plays."""
    copy = tmp_path / root.name
    shutil.copytree(root, copy)
    files = game_files(copy)
    n = max(1, int(HOSTILE_CASES["big" if root.parent.name == "gamedefs" else "small"] * SCALE))
    problems = []
    with reuse_unchanged_parses():
        for i in range(n):
            problems += run_case(copy, files, i, ops=HOSTILE)
    assert not problems, "\n".join(problems[:5])
