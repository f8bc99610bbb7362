"""Golden bot decisions: every game under gamedefs/ and examples/, played from a fixed seed by
random, greedy and ismcts (the game's search settings at a small budget) in every seat; the
choices made and the state hash after them must stay the same through every speed change.

The default run plays the first PREFIX decisions of each game; the slow test plays every game
to its end (a digest of the choices and the final state hash). A change meant to change play
regenerates them, said in its commit:

    RULEBOOK_UPDATE_GOLDEN=1 python -m pytest -n 0 tests/test_bot_golden.py -m 'slow or not slow'
"""
from __future__ import annotations

import json
import os

import pytest

from bot_golden_cases import GAMES, KINDS, ROOT, digest, load_game, play

PREFIX = 100
FILE = ROOT / "tests" / "golden" / "bot_decisions.json"
FULL = ROOT / "tests" / "golden" / "bot_decisions_full.json"


def first_difference(a: str, b: str) -> str:
    xs, ys = a.split(","), b.split(",")
    for n, (x, y) in enumerate(zip(xs, ys)):
        if x != y:
            return f"decision {n}: {x} before, {y} now"
    return f"lengths {len(xs)} before, {len(ys)} now"


def check(path, make_record) -> None:
    got = {}
    for folder, name, players in GAMES:
        game = load_game(folder, name)
        for kind in KINDS:
            got[f"{name} {kind}"] = make_record(game, players, kind)
    if os.environ.get("RULEBOOK_UPDATE_GOLDEN") == "1":
        path.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
        return
    want = json.loads(path.read_text())
    assert sorted(want) == sorted(got)
    bad = []
    for case, rec in got.items():
        if rec != want[case]:
            why = first_difference(want[case]["choices"], rec["choices"]) \
                if "choices" in rec else "digest"
            bad.append(f"{case}: {why}")
    assert not bad, "bot decisions changed (see the module's docstring):\n" + "\n".join(bad)


def test_the_first_decisions_of_every_game_by_every_bot_are_the_golden_ones():
    check(FILE, lambda game, players, kind: play(game, players, kind, PREFIX))


@pytest.mark.slow
def test_whole_games_by_every_bot_are_the_golden_ones():
    def record(game, players, kind):
        r = play(game, players, kind, None)
        return {"digest": digest(r), "decisions": r["choices"].count(",") + 1,
                "state_hash": r["state_hash"]}
    check(FULL, record)
