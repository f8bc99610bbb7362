"""No peeking: two states a seat cannot tell apart give the same choice, for every bot kind.

The second state is made here, independently of the bots' determiniser: the cards the
seat's view hides are permuted (across every hidden place; for a game declaring
`bots: hidden_types: counted`, keeping each hidden zone's count of each type, which that
game declares public), other seats' secret answers are changed, and the generator is
reseeded. Its view must equal the first's, its hidden cards must differ, and every bot
with the same seed must choose the same option in both.
"""
from __future__ import annotations

import random

import pytest

from interpreter.bots import make_bot
from interpreter.bots.worlds import determinize
from interpreter.runtime.game import Game
from interpreter.runtime.state import deep_clone
from interpreter.present.views import HIDDEN, view

# game, players, the bots to try (a policy where the game declares one)
CASES = [("metras", 3, ["policy:courtier"]), ("etheria", 3, ["policy:thrifty"]),
         ("metscri", 2, [])]
BOTS = ["random", "greedy", "ismcts:iterations=25,depth=8",
        "ismcts:iterations=12,depth=0,prior=3,prior_at=all"]


@pytest.fixture(scope="module")
def games():
    return {name: Game.load(name) for name, _, _ in CASES}


def hidden_positions(game, s, seat) -> list:
    """(zone key, index) of each card the seat's view hides, read from the view itself."""
    v = view(game, s, seat)
    out = []
    for short, z in v["zones"].items():
        out += [(short, i) for i in range(z["count"])
                if "cards" not in z or z["cards"][i] == HIDDEN]
    for p, seat_view in enumerate(v["seats"]):
        for short, z in seat_view["zones"].items():
            if "cards" not in z:
                out += [(f"{p}.{short}", i) for i in range(z["count"])]
    for name, b in (v.get("boards") or {}).items():
        for cell, c in b["cells"].items():
            key = game.g.boards[name].zone_key[cell]
            out += [(key, i) for i, entry in enumerate(c["cards"]) if entry["card"] is None]
    return out


def rename(x, names):
    if isinstance(x, str):
        return names.get(x, x)
    if isinstance(x, list):
        return [rename(v, names) for v in x]
    if isinstance(x, dict):
        return {rename(k, names): rename(v, names) for k, v in x.items()}
    return x


def other_world(game, s, seat, rng) -> dict:
    """A state the seat cannot tell from s (see the module's docstring)."""
    b = deep_clone(s)          # relabelled in place below: shares nothing with s
    places = hidden_positions(game, b, seat)
    old = [b["z"][k][i] for k, i in places]
    new = old[:]
    if game.g.hidden_types == "counted":
        by_zone, by_type = {}, {}
        for j, (k, _) in enumerate(places):
            by_zone.setdefault(k, []).append(j)
        for js in by_zone.values():           # reorder each zone, types and all
            cards = [new[j] for j in js]
            rng.shuffle(cards)
            for j, c in zip(js, cards):
                new[j] = c
        for j, c in enumerate(new):
            by_type.setdefault(game.g.cards[c]["type"], []).append(j)
        for js in by_type.values():           # cards of one type change places anywhere
            cards = [new[j] for j in js]
            rng.shuffle(cards)
            for j, c in zip(js, cards):
                new[j] = c
    else:
        rng.shuffle(new)
    names = dict(zip(old, new))
    for key in ("z", "loc", "cs", "stack", "pending"):
        if key in b:
            b[key] = rename(b[key], names)
    b["rng"] = rng.getrandbits(64)
    b["seed"] = rng.randrange(10**6)
    p = b["pending"]
    for k in p["ans"]:                        # other seats' secret answers
        p["ans"][k] = rng.randrange(len(game.options(s, int(k))) or 1) \
            if str(seat) != k else p["ans"][k]
    return b


def decision_points(game, players, seed, count):
    """Some states from a random game, one decision apart or more, with the seat to move."""
    rng = random.Random(seed)
    s = game.new_state(players, seed)
    out = []
    while not game.is_over(s) and len(out) < count:
        seat = game.waiting(s)[0]
        if game.option_count(s, seat) > 1 and rng.random() < 0.25:
            out.append((game.clone(s), seat))
        game.apply(s, seat, rng.randrange(game.option_count(s, seat)))
    return out


@pytest.mark.parametrize("name,players,extra", CASES)
def test_indistinguishable_states_get_the_same_choice_from_every_bot(games, name, players, extra):
    game = games[name]
    rng = random.Random(7)
    differed = 0
    points = decision_points(game, players, 3, 4 if name == "metscri" else 6)
    assert points
    for a, seat in points:
        b = other_world(game, a, seat, rng)
        assert view(game, b, seat) == view(game, a, seat)
        differed += b["z"] != a["z"]
        # the determiniser sees one and the same world from both
        wa = determinize(game, a, seat, random.Random(1))
        wb = determinize(game, b, seat, random.Random(1))
        assert game.state_hash(wa) == game.state_hash(wb)
        for spec in BOTS + extra:
            if spec == "greedy" and name == "metscri" and game.g.bot_samples > 1:
                spec = "greedy"   # slow but still a few ms per option: keep it
            ca = make_bot(spec, game, 11).choose(game, a, seat)
            cb = make_bot(spec, game, 11).choose(game, b, seat)
            assert ca == cb, (spec, game.prompt(a))
    assert differed >= len(points) // 2   # the hidden cards really were different


def test_a_secret_choice_is_asked_again_in_the_imagined_world(games):
    """Etheria's sealed bids: other seats' options come from their imagined hands, their
    answers are forgotten, and the bot's own options are unchanged."""
    game = games["etheria"]
    s = game.new_state(3, 1)
    assert s["pending"]["each"]
    game.apply(s, 1, 0)                       # P2 has answered, secretly
    w = determinize(game, s, 0, random.Random(2))
    assert w["pending"]["ans"] == {}
    assert game.options(w, 0) == game.options(s, 0)
    hand = set(w["z"]["2.hand"])
    for bid in w["pending"]["opts"]["2"]["vals"]:
        assert set(bid) <= hand               # P3's bids are made of its imagined hand


def test_worlds_keep_counts_public_state_and_the_seats_own_cards(games):
    game = games["metscri"]
    s = decision_points(game, 2, 5, 3)[-1][0]
    w = determinize(game, s, 0, random.Random(3))
    assert {k: len(v) for k, v in w["z"].items()} == {k: len(v) for k, v in s["z"].items()}
    assert w["z"]["0.hand"] == s["z"]["0.hand"]
    assert all(w["loc"][c] == k for k, cs in w["z"].items() for c in cs)
    # card state belongs to the place: the same values at the same places
    for name, values in s["cs"].items():
        for c, value in values.items():
            k = s["loc"][c]
            assert w["cs"][name].get(w["z"][k][s["z"][k].index(c)]) == value
    assert w["rng"] != s["rng"]


class PeekingBot:
    """A cheat for checking the check: its choice depends on the hidden cards."""

    def choose(self, game, state, seat):
        hidden = [state["z"][k][i] for k, i in hidden_positions(game, state, seat)]
        text = "".join(hidden)    # in the order of the places: which card is where
        return sum(i * ord(ch) for i, ch in enumerate(text)) % game.option_count(state, seat)


def test_the_property_catches_a_bot_that_peeks(games):
    game = games["metras"]
    rng = random.Random(7)
    caught = 0
    for a, seat in decision_points(game, 3, 3, 6):
        b = other_world(game, a, seat, rng)
        caught += PeekingBot().choose(game, a, seat) != PeekingBot().choose(game, b, seat)
    assert caught >= 2


@pytest.mark.parametrize("name,players", [("metras", 3), ("etheria", 3)])
def test_with_secret_types_the_world_ignores_every_hidden_type(games, name, players):
    """With `hidden_types: secret`, states whose hidden cards differ even in type (a noble
    where a resource was) give one and the same imagined world."""
    import copy
    game = Game(copy.copy(games[name].g))
    game.g.hidden_types = "secret"
    rng = random.Random(4)
    for a, seat in decision_points(game, players, 8, 4):
        b = other_world(game, a, seat, rng)
        assert view(game, b, seat) == view(game, a, seat)
        counts = [sorted(game.g.cards[c]["type"] for c in s["z"][k]) for s in (a, b)
                  for k in ("early_deck" if name == "metras" else "noble_deck",)]
        wa = determinize(game, a, seat, random.Random(9))
        wb = determinize(game, b, seat, random.Random(9))
        assert game.state_hash(wa) == game.state_hash(wb)
    assert counts[0] != counts[1]    # the types really moved between places
