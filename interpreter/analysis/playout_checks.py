"""The invariants every game keeps under random play: the shared random-playout checks.

The suite runs them on every game here (tests/test_playouts.py), and a game made with
`rulebook new` runs them from its own test file (`check_game`). A random bot
(random.Random(seed).randrange over the options) plays seeded games, and a broken invariant
raises AssertionError naming the seed and the decision:
  - at every step: no counter (player or game) is negative; whoever must decide has options;
  - cards are neither created nor lost, and s["loc"] agrees with s["z"];
  - JSON round trip at every step, continuing from the round-tripped state, which must end
    in the same decisions and final hash as the plain run of that seed;
  - the same seed gives the same game (and so does a clone taken mid-game);
  - the game ends within the decision bound, and its result names winners (or is capped, or
    a cooperative team's loss);
  - no seat's view or options change when two cards it cannot see trade places.
"""
from __future__ import annotations

import json
import random
from collections import Counter

DECISION_BOUND = 20000


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


def play(game, players: int, seed: int, *, options=None, variant=None, every_step=False,
         round_trip=False, stop_at=None, bound=DECISION_BOUND):
    """One random game; returns (state, bot's generator, decisions made). With stop_at, stops
    after that many decisions."""
    s = game.new_state(players=players, seed=seed, options=options, variant=variant)
    bot = random.Random(seed)
    check = Checker(game, s)
    steps = 0
    while not game.is_over(s):
        where = f"seed {seed}, decision {steps}"
        check.counters(s, where)
        if every_step:
            check.cards_kept(s, where)
        if round_trip:
            back = game.from_json(game.to_json(s))
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
        assert steps <= bound, f"seed {seed}: no end after {bound} decisions"
    check.counters(s, f"seed {seed}, end")
    check.cards_kept(s, f"seed {seed}, end")
    return s, bot, steps


def finish(game, s, bot, bound=DECISION_BOUND):
    steps = 0
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        game.apply(s, seat, bot.randrange(option_count(game, s, seat)))
        steps += 1
        assert steps <= bound
    return s


def check_result(game, s, players: int, seed: int):
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


def check_replays(game, players: int, seed: int, s, steps: int, options=None):
    """The same seed through a JSON round trip at every step, and a clone taken mid-game,
    reach the same end; the clone leaves the original alone."""
    again, _, steps2 = play(game, players, seed, options=options, round_trip=True)
    assert steps2 == steps
    assert game.state_hash(again) == game.state_hash(s)
    mid, bot, _ = play(game, players, seed, options=options, stop_at=steps // 2)
    before = game.state_hash(mid)
    copy = game.clone(mid)
    bot_copy = random.Random()
    bot_copy.setstate(bot.getstate())
    finish(game, copy, bot_copy)
    assert game.state_hash(mid) == before
    assert game.state_hash(finish(game, mid, bot)) == game.state_hash(s)
    assert game.state_hash(copy) == game.state_hash(s)


def swap_hidden(game, s, seat, rnd):
    """The state with two cards the seat cannot see swapped (places, and the card state the
    places show), or None when it sees all but one."""
    from ..runtime.visibility import visible_cards
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


def check_views(game, players: int, seed: int, options=None):
    """At a quarter, half and three quarters of a random game, each seat's view (and its
    options when it decides) is unchanged when two cards it cannot see trade places."""
    from ..present.views import view
    rnd = random.Random(seed)
    _, _, steps = play(game, players, seed, options=options)
    for stop in sorted({steps // 4, steps // 2, (3 * steps) // 4}):
        mid, _, _ = play(game, players, seed, options=options, stop_at=stop)
        for seat in range(players):
            t = swap_hidden(game, mid, seat, rnd)
            if t is None:
                continue
            assert view(game, t, seat) == view(game, mid, seat), \
                f"seed {seed}, decision {stop}: P{seat + 1}'s view changed"
            if seat in game.waiting(mid):
                assert game.options(t, seat) == game.options(mid, seat)


def check_game(game, *, seeds: int = 20, options=None, round_trips: int = 3,
               every_step: int = 20, view_seeds: int = 2) -> int:
    """Every invariant above at every player count the game allows; returns games played."""
    played = 0
    for players in range(game.g.players_min, game.g.players_max + 1):
        for seed in range(seeds):
            s, _, steps = play(game, players, seed, options=options,
                               every_step=seed < every_step)
            played += 1
            assert s["decisions"] == steps and steps > 0
            check_result(game, s, players, seed)
            if seed < round_trips:
                check_replays(game, players, seed, s, steps, options)
        for seed in range(view_seeds):
            a, _, da = play(game, players, seed, options=options)
            b, _, db = play(game, players, seed, options=options)
            assert da == db and game.to_json(a) == game.to_json(b), f"seed {seed}: not the same game"
            check_views(game, players, seed, options)
    return played
