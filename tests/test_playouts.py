"""One random-playout test, applied to every game under gamedefs/ and every player count.

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

import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest

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
DECISION_BOUND = 20000


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


def option_count(game, s, seat) -> int:
    count = getattr(game, "option_count", None)
    return count(s, seat) if count else len(game.options(s, seat))


class Checker:
    def __init__(self, game, s):
        self.game = game
        self.cards = Counter(list(game.g.cards))
        self.n = s["n"]

    def counters(self, s, where):
        for k, v in s["g"].items():
            if isinstance(v, int):
                assert v >= 0, f"{where}: game counter {k} = {v}"
        for p, counters in enumerate(s["pl"]):
            for k, v in counters.items():
                if isinstance(v, int):
                    assert v >= 0, f"{where}: P{p + 1}'s {k} = {v}"

    def cards_kept(self, s, where):
        held = Counter(c for zone in s["z"].values() for c in zone)
        if held != self.cards:
            lost = sorted((self.cards - held).elements())
            made = sorted((held - self.cards).elements())
            raise AssertionError(f"{where}: cards lost {lost[:10]}, created or doubled {made[:10]}")
        assert len(s["loc"]) == len(self.cards), f"{where}: loc has {len(s['loc'])} cards"
        for key, zone in s["z"].items():
            for c in zone:
                assert s["loc"][c] == key, f"{where}: {c} is in {key} but loc says {s['loc'][c]}"


def seeds(name: str) -> int:
    if "RULEBOOK_PLAYOUTS" in os.environ:
        return PLAYOUTS
    return SETTINGS.get(name, {}).get("seeds", PLAYOUTS)


def play(game, players: int, seed: int, *, every_step=False, round_trip=False, stop_at=None):
    """One random game; returns (state, decisions made). With stop_at, stops after that many
    decisions and returns the state and the bot's generator too."""
    options = SETTINGS.get(game.g.id, {}).get("options")
    s = game.new_state(players=players, seed=seed, options=options)
    bot = random.Random(seed)
    check = Checker(game, s)
    steps = 0
    while not game.is_over(s):
        where = f"seed {seed}, decision {steps}"
        check.counters(s, where)
        if every_step:
            check.cards_kept(s, where)
        if round_trip:
            text = game.to_json(s)
            back = game.from_json(text)
            assert back == s, f"{where}: the JSON round trip changed the state"
            s = back
        if stop_at is not None and steps == stop_at:
            return s, bot, steps
        seats = game.waiting(s)
        assert seats, f"{where}: the game is not over but nobody must decide"
        seat = seats[0]
        k = option_count(game, s, seat)
        assert k > 0, f"{where}: P{seat + 1} must decide but has no option"
        game.apply(s, seat, bot.randrange(k))
        steps += 1
        assert steps <= DECISION_BOUND, f"seed {seed}: no end after {DECISION_BOUND} decisions"
    check.counters(s, f"seed {seed}, end")
    check.cards_kept(s, f"seed {seed}, end")
    return s, bot, steps


def finish(game, s, bot):
    steps = 0
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        game.apply(s, seat, bot.randrange(option_count(game, s, seat)))
        steps += 1
        assert steps <= DECISION_BOUND
    return s


@pytest.mark.parametrize("name,players", configurations())
def test_random_playouts(name, players):
    game = load(name)
    lengths = []
    for seed in range(seeds(name)):
        s, _, steps = play(game, players, seed, every_step=seed < EVERY_STEP_GAMES)
        lengths.append(steps)
        assert s["decisions"] == steps
        res = game.result(s)
        # a game stopped by its cap (end game as capped) has no winner and is no draw; a
        # cooperative game's team may lose together (its result says so)
        assert res is not None and (res["winners"] or (s.get("capped") and res["capped"]
                                                       and not res["draw"])
                                    or res.get("team", {}).get("won") is False), \
            f"seed {seed}: no winner in {res}"
        assert set(res["winners"]) <= set(range(players))
        assert len(res["scores"]) == players
        assert json.loads(game.to_json(s)) == s          # plain data to the end
        if seed < ROUND_TRIP_GAMES:
            # the same seed, replayed through a JSON round trip at every step
            again, _, steps2 = play(game, players, seed, round_trip=True)
            assert steps2 == steps
            assert game.state_hash(again) == game.state_hash(s)
            # a clone taken mid-game continues to the same end, and leaves the original alone
            mid, bot, _ = play(game, players, seed, stop_at=steps // 2)
            before = game.state_hash(mid)
            copy = game.clone(mid)
            bot_copy = random.Random()
            bot_copy.setstate(bot.getstate())
            finish(game, copy, bot_copy)
            assert game.state_hash(mid) == before
            assert game.state_hash(finish(game, mid, bot)) == game.state_hash(s)
            assert game.state_hash(copy) == game.state_hash(s)
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


def swap_hidden(game, s, seat, rnd):
    """The state with two cards the seat cannot see swapped (places, and the card state the
    places show), or None when it sees all but one."""
    from interpreter.runtime.visibility import visible_cards
    seen = visible_cards(game, s, seat)
    # a marked card is known to be what its mark says (a hint "blue"): not interchangeable
    marked = set(s.get("mk") or ())
    hidden = sorted(c for c in s["loc"] if c not in seen and c not in marked)
    if len(hidden) < 2:
        return None
    a, b = rnd.sample(hidden, 2)
    t = game.clone(s)
    za, zb = t["loc"][a], t["loc"][b]
    ia, ib = t["z"][za].index(a), t["z"][zb].index(b)
    t["z"][za][ia], t["z"][zb][ib] = b, a
    t["loc"][a], t["loc"][b] = zb, za
    for values in t.get("cs", {}).values():
        va, vb = values.pop(a, None), values.pop(b, None)
        if vb is not None:
            values[a] = vb
        if va is not None:
            values[b] = va
    return t


@pytest.mark.parametrize("name", game_names())
def test_no_view_depends_on_what_the_seat_cannot_see(name):
    """At states reached by random play, a seat's view (and its options, when it decides) is
    the same when two cards it cannot see trade places: what it is shown depends only on
    what it may see."""
    from interpreter.present.views import view
    game = load(name)
    players = game.g.players_max
    for seed in range(3):
        rnd = random.Random(seed)
        s, _, steps = play(game, players, seed, stop_at=None)
        for stop in sorted({steps // 4, steps // 2, (3 * steps) // 4}):
            mid, _, _ = play(game, players, seed, stop_at=stop)
            for seat in range(players):
                t = swap_hidden(game, mid, seat, rnd)
                if t is None:
                    continue
                assert view(game, t, seat) == view(game, mid, seat), \
                    f"{name} seed {seed}, decision {stop}: P{seat + 1}'s view changed"
                if seat in game.waiting(mid):
                    assert game.options(t, seat) == game.options(mid, seat)
