"""views.view shows a seat exactly what the game declares visible to it, and nothing more."""
from __future__ import annotations

import copy
import random
import re

import pytest

from interpreter.present import views
from interpreter.runtime.game import Game
from interpreter.runtime import visibility
from interpreter.model import CounterSpec
from scenario import strings


@pytest.fixture(scope="module")
def metras():
    return Game.load("metras")


def card_finder(game):
    """A function text -> the cards named in it, by id or by label: one set of ids per name
    (a label that copies share names one card of them: which one, the text does not say)."""
    g = game.g
    token_to_cards = {}
    for cid, label in g.card_labels.items():
        token_to_cards.setdefault(cid, set()).add(cid)
        token_to_cards.setdefault(label, set()).add(cid)
    # longest first, so "servant-10" is found as itself and not as "servant-1"
    tokens = sorted(token_to_cards, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w#-])(?:" + "|".join(map(re.escape, tokens)) + r")(?![\w-])")
    return lambda text: [frozenset(token_to_cards[m]) for m in pattern.findall(text)]


def hidden_from(game, s, seat):
    """The cards in zones this seat may not look into."""
    g = game.g
    hidden = set()
    for key, cards in s["z"].items():
        spec = g.zone_spec(key)
        if spec.visibility == "all":
            continue
        owner = int(key.split(".")[0]) if key[0].isdigit() else None
        if spec.visibility == "owner" and owner is not None and owner == seat:
            continue
        hidden.update(cards)
    return hidden


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (3, 7), (4, 11)])
def test_no_view_ever_shows_hidden_cards_or_other_seats_options(metras, players, seed):
    game = metras
    find = card_finder(game)
    s = game.new_state(players, seed)
    rng = random.Random(seed)
    steps = 0
    while True:
        waiting = game.waiting(s)
        for seat in [None, *range(players)]:
            v = views.view(game, s, seat)
            hidden = hidden_from(game, s, seat)
            # a name leaks when every card it may name is hidden from the seat
            leaked = [sorted(ids) for text in strings(v) for ids in find(text) if ids <= hidden]
            assert not leaked, f"step {steps}: seat {seat} sees {leaked}"
            if seat is not None and seat in waiting:
                assert v["options"] == game.options(s, seat)
                assert v["prompt"] == game.prompt(s)
            else:
                assert "options" not in v and "prompt" not in v
        if game.is_over(s):
            break
        seat = waiting[0]
        game.apply(s, seat, rng.randrange(len(game.options(s, seat))))
        steps += 1
    assert steps > 50


def test_hidden_zones_give_counts_and_visible_zones_give_labels(metras):
    s = metras.new_state(3, 5)
    v = views.view(metras, s, 0)
    assert v["zones"]["ally_bag"] == {"visibility": "none", "count": len(s["z"]["ally_bag"])}
    assert "cards" not in v["zones"]["early_deck"]
    labels = [metras.g.card_labels[c] for c in s["z"]["servant_supply"]]
    assert v["zones"]["servant_supply"]["cards"] == labels
    assert "cards" in v["seats"][0]["zones"]["looking"]
    assert "cards" not in v["seats"][1]["zones"]["looking"]
    assert v["seats"][0]["you"] and not v["seats"][1]["you"]


def test_a_seat_sees_its_own_looking_zone_only(metras):
    # play until some seat has tiles in its (owner-only) looking zone
    rng = random.Random(3)
    for seed in range(20):
        s = metras.new_state(3, seed)
        while not metras.is_over(s):
            owners = [p for p in range(3) if s["z"][f"{p}.looking"]]
            if owners:
                p = owners[0]
                mine = views.view(metras, s, p)["seats"][p]["zones"]["looking"]
                other = views.view(metras, s, (p + 1) % 3)["seats"][p]["zones"]["looking"]
                assert mine["cards"] == [metras.g.card_labels[c] for c in s["z"][f"{p}.looking"]]
                assert other == {"visibility": "owner", "count": len(s["z"][f"{p}.looking"])}
                return
            seat = metras.waiting(s)[0]
            metras.apply(s, seat, rng.randrange(len(metras.options(s, seat))))
    pytest.fail("no playout put a tile in a looking zone")


def test_owner_only_counters_are_shown_to_their_owner_only(metras):
    game = Game(copy.copy(metras.g))
    game.g.player_counters = dict(metras.g.player_counters)
    game.g.player_counters["tokens"] = CounterSpec("tokens", visibility="owner")
    s = game.new_state(3, 1)
    v = views.view(game, s, 1)
    assert "tokens" in v["seats"][1]["counters"]
    assert "tokens" not in v["seats"][0]["counters"]
    assert "IP" in v["seats"][0]["counters"]
    spectator = views.view(game, s, None)
    assert all("tokens" not in p["counters"] for p in spectator["seats"])


def test_stats_are_public_when_they_read_public_zones(metras):
    levels = visibility.stat_levels(metras.g)
    assert levels == {"fame": "all", "wealth": "all", "exploration": "all", "espionage": "all"}
    s = metras.new_state(3, 1)
    assert set(views.view(metras, s, None)["seats"][2]["stats"]) == set(levels)


def test_a_stat_reading_an_owner_zone_is_private():
    game = Game.load("metras")
    g = copy.copy(game.g)
    g.stats = dict(g.stats, secret="count(it.looking)")
    assert visibility.stat_levels(g)["secret"] == "owner"
    g.stats = dict(g.stats, deep="it.fame + count(ally_bag)")
    assert visibility.stat_levels(g)["deep"] == "none"


def test_spectator_and_result(metras):
    s = metras.new_state(3, 2)
    rng = random.Random(0)
    while not metras.is_over(s):
        seat = metras.waiting(s)[0]
        metras.apply(s, seat, rng.randrange(len(metras.options(s, seat))))
    v = views.view(metras, s, None)
    assert v["seat_label"] == "spectator" and v["over"]
    assert v["result"]["winners"] == [metras.g.seat_label(p) for p in s["result"]["winners"]]
    assert v["waiting"] == []
