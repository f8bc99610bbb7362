"""Generic pieces first used by Etheria: YAML functions, per-card effects, bundles() and
labels of collections, each on a tiny game written here."""
from __future__ import annotations


import pytest

from interpreter.errors import GameDefError
from interpreter.runtime.game import Game
from places import at, places
from scenario import clear_flow, evaluate, run

GAME = """\
# yaml-language-server: $schema=../../schemas/game.schema.json
game: {id: tiny, name: Tiny, players: {min: 2, max: 2}}
zones:
  player: {hand: {visibility: owner}}
  game: {deck: {}, pile: {}}
counters:
  player: {gold: {start: 0}}
card_types:
  gem:
    label: "{colour}"
    discard_to: pile
    effect: gain gold card.value
cards:
  - {id: red, count: 3, type: gem, zone: deck, colour: Red, value: 1}
  - {id: blue, count: 2, type: gem, zone: deck, colour: Blue, value: 2}
  - id: star
    type: gem
    zone: deck
    colour: Gold
    value: 5
    effect: |
      gain gold card.value * 2
functions:
  worth:
    params: {cs: cards}
    returns: number
    expr: sum(c.value for c in cs)
  richest:
    params: [a, b]
    expr: a if worth(a.hand) >= worth(b.hand) else b
setup: |
  pass
"""


def tiny(tmp_path, text=GAME):
    path = tmp_path / "game.yaml"
    path.write_text(text)
    return Game.load(str(path))


def test_functions_compute_values_and_restore_the_callers_names(tmp_path):
    game = tiny(tmp_path)
    s = clear_flow(game.new_state(players=2))
    assert evaluate(game, s, "worth(zone(\"deck\"))") == 3 * 1 + 2 * 2 + 5
    # a parameter named like a caller's local does not change it
    assert evaluate(game, s, "[worth([c]) for c in zone(\"deck\")]", types={"cs": "any"},
                    cs="kept") == [1, 1, 1, 2, 2, 5]
    assert evaluate(game, s, "richest(p, next_player(p))", p=0) == 0


def test_function_errors_point_at_the_function_or_the_call(tmp_path):
    bad = GAME.replace("expr: sum(c.value for c in cs)", "expr: sum(c.valeu for c in cs)")
    with pytest.raises(GameDefError) as e:
        tiny(tmp_path, bad)
    assert places(e.value.findings, tmp_path) == [
        ("game.yaml", *at(bad, "expr: sum(c.valeu", "valeu"), "REF-UNDEF")]
    assert e.value.findings[0].hint == "did you mean 'value'?"
    bad = GAME.replace("worth(a.hand) >= worth(b.hand)", "worth(a.hand, 1) >= worth(b.hand)")
    with pytest.raises(GameDefError, match=r"worth\(\) takes 1 argument") as e:
        tiny(tmp_path, bad)
    assert places(e.value.findings, tmp_path) == [
        ("game.yaml", *at(bad, "worth(a.hand, 1)", "worth"), "ARGS")]


def test_a_cards_own_effect_replaces_its_types(tmp_path):
    game = tiny(tmp_path)
    s = clear_flow(game.new_state(players=2))
    run(game, s, "type:gem", {"me": 0, "card": "red-1"})
    assert s["pl"][0]["gold"] == 1
    assert "card:star" in game.g.programs
    from interpreter.runtime.vm import VM
    vm = VM(game.g, s)
    s["over"] = False
    assert vm.play("star", 1) and vm.play("red-2", 1)   # the star's own, the red's type's
    vm.run()
    assert s["pl"][1]["gold"] == 10 + 1
    assert "effect" not in game.g.cards["star"]       # the script is not an attribute


def test_bundles_are_every_distinct_combination_by_an_attribute(tmp_path):
    game = tiny(tmp_path)
    s = clear_flow(game.new_state(players=2))
    combos = evaluate(game, s, "bundles(zone(\"deck\"), \"colour\")")
    # (3 red + 1) x (2 blue + 1) x (1 gold + 1) - the empty one = 23
    assert len(combos) == 23
    assert combos[0] == ["blue-1"] and combos[-1] == ["blue-1", "blue-2", "star", "red-1",
                                                        "red-2", "red-3"]
    assert [len(b) for b in combos] == sorted(len(b) for b in combos)   # fewest first
    labels = evaluate(game, s, "[label(b) for b in bundles(zone(\"deck\"), \"colour\")]")
    assert len(set(labels)) == 23
    assert labels[:3] == ["1 Blue", "1 Gold", "1 Red"]
    assert "2 Blue + 1 Gold + 3 Red" in labels
    assert evaluate(game, s, "bundles([], \"colour\")") == []
