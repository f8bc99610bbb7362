"""Bot policies declared in YAML: validated like any expression, followed rule by rule."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.bots.policy import option_values
from interpreter.errors import RulebookError
from interpreter.runtime.game import Game
from interpreter.build.game_loader import check_game
from places import at, places

ROOT = Path(__file__).resolve().parent.parent
SEALED = ROOT / "tests" / "games" / "sealed_numbers"


def sealed_with(tmp_path, bots_yaml: str) -> Path:
    """The sealed-numbers test game with a bots section appended."""
    shutil.copytree(SEALED, tmp_path / "g")
    path = tmp_path / "g" / "game.yaml"
    path.write_text(path.read_text() + bots_yaml)
    return path


MISER = """
bots:
  policies:
    miser:
      - prompt: secret bid
        when: my.coins < 3
        match: it <= 1
        maximise: it
    spender:
      otherwise: greedy
      rules:
        - match: it == me.coins
"""


def test_errors_in_a_policy_are_located(tmp_path):
    path = sealed_with(tmp_path, """
bots:
  policies:
    broken:
      - match: it <=
        maximise: it > 1
      - when: my.coinz > 1
""")
    text = path.read_text()
    line_end = (at(text, "      - match: it <=")[0], len("      - match: it <=") + 1)
    assert places(check_game(str(path)), path) == [
        ("game.yaml", *line_end, "SYNTAX"),                         # the line ends too early
        ("game.yaml", *at(text, "        maximise: it > 1", "it"), "TYPE"),   # a number is needed
        ("game.yaml", *at(text, "      - when: my.coinz > 1", "coinz"), "REF-UNDEF")]


def test_a_policy_key_the_schema_does_not_know_is_reported(tmp_path):
    path = sealed_with(tmp_path, "\nbots:\n  policies:\n    p:\n      - maximize: it\n")
    found = check_game(str(path))
    assert places(found, path) == [
        ("game.yaml", *at(path.read_text(), "      - maximize: it", "maximize"), "SCHEMA-KEY")]
    assert found[0].hint == "did you mean 'maximise'?"


def test_the_first_rule_that_applies_decides(tmp_path):
    game = Game.load(str(sealed_with(tmp_path, MISER)))
    s = game.new_state(2, 1)                 # bids 0..3: everyone starts with 3 coins
    assert option_values(s, 0) == [0, 1, 2, 3]
    spender = make_bot("policy:spender", game, 1)
    assert option_values(s, 0)[spender.choose(game, s, 0)] == 3
    s["pl"][0]["coins"] = 2                  # the miser's `when` holds now: the most <= 1
    miser = make_bot("policy:miser", game, 1)
    assert all(option_values(s, 0)[miser.choose(game, s, 0)] == 1 for _ in range(5))


def test_unknown_policy_names_the_known_ones(tmp_path):
    game = Game.load(str(sealed_with(tmp_path, MISER)))
    with pytest.raises(RulebookError, match="did you mean 'miser'"):
        make_bot("policy:misre", game, 0)
    with pytest.raises(RulebookError, match="no bot policy ''"):
        make_bot("policy", game, 0)


def test_etheria_thrifty_bids_the_fewest_cards():
    game = Game.load("etheria")
    s = game.new_state(3, 1)
    bot = make_bot("policy:thrifty", game, 3)
    values = option_values(s, 0)
    pick = values[bot.choose(game, s, 0)]
    assert pick is not None
    assert len(pick) == min(len(v) for v in values if v is not None)
