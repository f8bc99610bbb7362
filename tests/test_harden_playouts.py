"""Long random playouts of the newer games across many seeds, variants and options, with the
shared invariants of tests/test_playouts.py (counters never negative, cards neither created
nor lost and `loc` agreeing with the zones at every step, whoever must decide has options,
the game ends within the bound and names its result), plus a JSON round trip and a
mid-game clone on every tenth seed and, on a few seeds, views that do not depend on hidden
cards.

    python -m pytest -m slow tests/test_harden_playouts.py        # 300 seeds per setting
    RULEBOOK_HARDEN_SEEDS=1000 python -m pytest -m slow tests/test_harden_playouts.py

The fast (default) variant plays 2 seeds per setting, so a new setting is checked in CI too.
"""
from __future__ import annotations

import os
import random

import pytest

from interpreter.analysis import playout_checks as checks
from scenario import load

SLOW_SEEDS = int(os.environ.get("RULEBOOK_HARDEN_SEEDS", "300"))
# (game, players, variant, options): the settings random play goes through.
SETTINGS = [
    ("meta", 2, "open", {"turn_cap": 40}),
    ("meta", 2, "foundry", {"turn_cap": 40}),
    ("meta", 2, "open", {"turn_cap": 40, "counterattack": "range",
                         "prototype_blueprint_focus": False}),
    ("meta", 2, "foundry", {"turn_cap": 0}),         # no cap: games end by a Generator at 0
    ("metropolis", 5, None, None),
]


def ids(setting) -> str:
    game, players, variant, options = setting
    return f"{game}-{players}p-{variant}-" + ",".join(f"{k}={v}" for k, v in (options or {}).items())


def playouts(setting, seeds: range) -> list:
    """Plays every seed; returns the game lengths. Any failure names the seed."""
    name, players, variant, options = setting
    game = load(name)
    # random players may take very long with no cap (M.E.T.A. seed 1191: 48,731 decisions,
    # 6,424 rounds): the bound is the game's own guard, max_decisions
    setting = {"options": options, "variant": variant, "bound": game.g.max_decisions}

    def play(seed, **kw):
        return checks.play(game, players, seed, **setting, **kw)
    lengths = []
    for seed in seeds:
        s, _, steps = play(seed, every_step=True)
        res = game.result(s)
        assert res is not None and len(res["scores"]) == players, f"seed {seed}: {res}"
        assert res["winners"] or res["draw"] or res.get("capped"), \
            f"seed {seed}: neither a winner, a draw nor a cap"
        if options and options.get("turn_cap") == 0:
            assert not s.get("capped"), f"seed {seed}: capped with no cap"
        if seed % 10 == 0:
            again, _, steps2 = play(seed, round_trip=True)
            assert steps2 == steps and game.state_hash(again) == game.state_hash(s)
            mid, bot, _ = play(seed, stop_at=steps // 2)
            copy = game.clone(mid)
            assert game.state_hash(checks.finish(game, copy, bot, setting["bound"])) \
                == game.state_hash(s)
        if seed % 100 == 0:
            views_ignore_hidden_cards(game, players, seed, steps, play)
        lengths.append(steps)
    return lengths


def views_ignore_hidden_cards(game, players, seed, steps, play):
    from interpreter.present.views import view
    rnd = random.Random(seed)
    for stop in (steps // 3, (2 * steps) // 3):
        mid, _, _ = play(seed, stop_at=stop)
        for seat in range(players):
            t = checks.swap_hidden(game, mid, seat, rnd)
            if t is not None:
                assert view(game, t, seat) == view(game, mid, seat), \
                    f"seed {seed}, decision {stop}: P{seat + 1}'s view shows a hidden card"


@pytest.mark.parametrize("setting", SETTINGS, ids=ids)
def test_a_few_playouts_of_each_setting(setting):
    assert min(playouts(setting, range(2))) > 0


@pytest.mark.slow
@pytest.mark.parametrize("setting", SETTINGS, ids=ids)
def test_hundreds_of_playouts_of_each_setting(setting):
    lengths = playouts(setting, range(1000, 1000 + SLOW_SEEDS))
    assert len(lengths) == SLOW_SEEDS and min(lengths) > 0
