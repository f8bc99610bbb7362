"""One random-playout test, applied to every game under gamedefs/ and every player count
(the checks themselves: interpreter/analysis/playout_checks.py, which a game made by
`rulebook new` runs too).

A random bot (random.Random(seed).randrange over the options) plays RULEBOOK_PLAYOUTS
seeded games (default 200) per game and player count, and the invariants every game
must keep are checked:
  - at every step: no counter (player or game) is negative; whoever must decide has options;
  - cards are neither created nor lost, and s["loc"] agrees with s["z"]: at every step for
    the first EVERY_STEP_GAMES seeds, at the end for all;
  - JSON round trip (from_json(to_json(s)) == s) at every step for the first
    ROUND_TRIP_GAMES seeds, continuing from the round-tripped state each time, which must
    end in the same decisions count and final hash as the plain run of that seed;
  - the same seed gives the same game (and so does a clone taken mid-game);
  - the game ends (is_over) within the decision bound, and its result names winners;
  - no seat's view or options change when two cards it cannot see trade places.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from interpreter.analysis import playout_checks as checks
from interpreter.errors import RulebookError
from scenario import load

ROOT = Path(__file__).resolve().parent.parent
GAMEDEFS = ROOT / "gamedefs"
EXAMPLES = ROOT / "examples"       # the cookbook's games (README "Cookbook") play here too
PLAYOUTS = int(os.environ.get("RULEBOOK_PLAYOUTS", "200"))
# Per game: seeds per player count (RULEBOOK_PLAYOUTS, when set, applies to every game) and
# game options for the random playouts. Random bots never reach Metscri's goal, so its games
# run to the turn cap: a lower cap keeps the suite's budget (the rules are the same).
# Metropolis's five-seat games are long (about 600 decisions): fewer seeds. M.E.T.A.'s random
# bots rarely bring a Generator to 0 either: 20 seeds capped at 15 rounds.
SETTINGS = {"metscri": {"seeds": 6, "options": {"turn_cap": 30}},
            "meta": {"seeds": 20, "options": {"turn_cap": 15}},
            "metropolis": {"seeds": 8}}
EVERY_STEP_GAMES = 50
ROUND_TRIP_GAMES = 10


def game_names() -> list:
    """The games under gamedefs/ by name, then the cookbook's under examples/ by path."""
    return (sorted(d.name for d in GAMEDEFS.iterdir() if (d / "game.yaml").is_file())
            + sorted(f"examples/{d.name}" for d in EXAMPLES.iterdir()
                     if (d / "game.yaml").is_file()))


def configurations() -> list:
    """(game, player count) for every game and every count it allows. A game that does not
    load still gets one case, which fails with its findings (and the others still run)."""
    out = []
    for name in game_names():
        try:
            g = load(name).g
        except RulebookError:
            out.append(pytest.param(name, 0, id=f"{name}-load"))
            continue
        for n in range(g.players_min, g.players_max + 1):
            out.append(pytest.param(name, n, id=f"{name}-{n}p"))
    return out


def seeds(name: str) -> int:
    if "RULEBOOK_PLAYOUTS" in os.environ:
        return PLAYOUTS
    return SETTINGS.get(name, {}).get("seeds", PLAYOUTS)


def play(game, players: int, seed: int, **kw):
    return checks.play(game, players, seed, options=SETTINGS.get(game.g.id, {}).get("options"),
                       **kw)


@pytest.mark.parametrize("name,players", configurations())
def test_random_playouts(name, players):
    game = load(name)
    lengths = []
    for seed in range(seeds(name)):
        s, _, steps = play(game, players, seed, every_step=seed < EVERY_STEP_GAMES)
        lengths.append(steps)
        assert s["decisions"] == steps
        checks.check_result(game, s, players, seed)
        if seed < ROUND_TRIP_GAMES:
            # the same seed, replayed through a JSON round trip at every step; a clone
            # taken mid-game continues to the same end and leaves the original alone
            checks.check_replays(game, players, seed, s, steps,
                                 SETTINGS.get(game.g.id, {}).get("options"))
    assert min(lengths) > 0


@pytest.mark.parametrize("name", game_names())
def test_same_seed_same_game(name):
    game = load(name)
    players = game.g.players_max
    for seed in (0, 1, 12345):
        a, _, da = play(game, players, seed)
        b, _, db = play(game, players, seed)
        assert da == db
        assert game.state_hash(a) == game.state_hash(b)
        assert game.to_json(a) == game.to_json(b)


@pytest.mark.parametrize("name", game_names())
def test_no_view_depends_on_what_the_seat_cannot_see(name):
    """At states reached by random play, a seat's view (and its options, when it decides) is
    the same when two cards it cannot see trade places: what it is shown depends only on
    what it may see."""
    game = load(name)
    for seed in range(3):
        checks.check_views(game, game.g.players_max, seed,
                           SETTINGS.get(game.g.id, {}).get("options"))
