"""The language's conveniences for a designer writing a new game: numbered cards from a
range, escaped quotes and text literals inside {fields}, texts with fields as values,
`append`, `set xs[i]`, `lowest by`/`highest by`/`ordered by`, `zip`, `sort ZONE by`,
sorted() on cards by their sort key or label, `otherwise ... if`."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.runtime.game import Game
from tests.places import at, places
from tests.scenario import evaluate, run_script

GAME = Path(__file__).parent / "games" / "language" / "game.yaml"


@pytest.fixture(scope="module")
def game():
    return Game.load(str(GAME))


def test_cards_from_a_range(game):
    cards = game.g.cards
    assert [c for c in cards if c.startswith("r")] == [f"r{k}" for k in range(1, 13)]
    assert cards["r7"]["rank"] == 7 and cards["r7"]["colour"] == "red"
    # without {rank} in the id the value is appended; count copies each value
    assert sorted(c for c in cards if c.startswith("b")) == ["b10-1", "b10-2", "b9-1", "b9-2"]
    assert game.g.card_labels["b9-2"] == "blue 9"


@pytest.mark.parametrize("text,value", [
    ('"{join([1, 2], \\", \\")}"', "1, 2"),
    ("'{join([1, 2], \", \")}'", "1, 2"),
    ('"say \\"hi\\""', 'say "hi"'),
    ('"{{braces}} stay"', "{braces} stay"),
    ('"{me} has {me.score} points"', "P1 has 0 points"),
    ("[3, 1, 2] lowest by it", 1),
    ("[3, 1, 2] highest by 0 - it", 1),
    ("[[1, 'a'], [0, 'b']] lowest by first(it)", [0, "b"]),
    ("[] lowest by it", None),
    ("[3, 1, 2] ordered by it", [1, 2, 3]),
    ("[3, 1, 2] ranked by it", [3, 2, 1]),
    ("zip([1, 2], ['a', 'b'])", [[1, "a"], [2, "b"]]),
    ("range(3)", [1, 2, 3]),
    ('plural(1, "card")', "1 card"), ('plural(2, "card")', "2 cards"),
    ('"{plural(2, \'die\', \'dice\')} rolled"', "2 dice rolled"),
    ("range(2, 4)", [2, 3, 4]),
    ('sorted(["r10", "r9", "b9-1"])', ["b9-1", "r9", "r10"]),   # by rank, then label
])
def test_expression(game, text, value):
    s = game.new_state(players=2, seed=1)
    assert evaluate(game, s, text, me=0) == value


def run(game, text, **local):
    return run_script(game, text, **local)


def test_append_and_set_an_element(game):
    s = run(game, "xs = [1]\nappend 2 to xs\nset xs[0] = 5\nchoose_me = choose one of xs")
    assert s["pending"]["opts"]["0"]["vals"] == [5, 2]


def test_sort_a_zone_by_an_expression(game):
    s = run(game, "sort deck by 0 - it.rank")
    ranks = [game.g.cards[c]["rank"] for c in s["z"]["deck"]]
    assert ranks == sorted(ranks, reverse=True)
    held = [c for z in s["z"].values() for c in z]
    assert sorted(held) == sorted(game.g.cards) and len(s["z"]["0.hand"]) == 3   # no card moved


def test_otherwise_offered_only_when_its_condition_holds(game):
    s = game.new_state(players=2, seed=1)
    assert game.options(s, 0)[-1] != "pass" and len(game.options(s, 0)) == 3
    s = run(game, "draw 6 from deck to me.hand\n"
                  "c = choose one of me.hand otherwise \"pass\" if count(me.hand) > 5")
    assert game.options(s, 0)[-1] == "pass"
    assert len(game.options(s, 0)) == len(s["z"]["0.hand"]) + 1 == 10


def test_a_game_in_stages():
    """Stage one runs until its condition holds after a round, stage two its count of
    rounds; the round counter runs on."""
    game = Game.load(str(Path(__file__).parent / "games" / "stages" / "game.yaml"))
    s = game.new_state(players=2, seed=1)
    # income: P2 earns 2 a round, so 3 rounds (P2 at 6) end the stage
    assert (s["pl"][0]["gold"], s["pl"][1]["gold"]) == (3, 6)
    assert s["g"]["round"] == 4 and s["phase"] == "spend"
    while not game.is_over(s):   # two rounds of spending (a choice of 0..0 is not asked)
        seat = game.waiting(s)[0]
        game.apply(s, seat, game.option_count(s, seat) - 1)     # spend everything
    assert s["decisions"] == 2 and s["forced"] == 2
    assert game.is_over(s) and s["g"]["round"] == 5
    assert [p["spent"] for p in s["pl"]] == [3, 6]


def test_a_broken_rounds_count_is_located_not_a_traceback(tmp_path):
    from interpreter.build.game_loader import check_game
    text = (Path(__file__).parent / "games" / "stages" / "game.yaml").read_text()
    text = text.replace("      count: 2\n", "      count: \"2 +\"\n")
    (tmp_path / "game.yaml").write_text(text)
    line, col = at(text, '      count: "2 +"', "+")
    assert places(check_game(str(tmp_path)), tmp_path) == [("game.yaml", line, col + 1, "SYNTAX")]
