"""Card labels are texts with {expression} fields, like every other text: a field reads its
card's attributes and the game's constants (`{ranks[rank - 2]}{suit}`, `{number + 1}`); each
type's label is compiled once and filled in once per card when the game is built. A label
naming what its cards lack, or a malformed field, is a located LABEL finding."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.build.game_loader import check_game
from interpreter.runtime.game import Game

GAME = Path(__file__).parent / "games" / "card_labels"


@pytest.fixture(scope="module")
def game():
    return Game.load(str(GAME))


def test_expression_fields_over_attributes_and_constants(game):
    labels = game.g.card_labels
    assert [labels[f"s{r}"] for r in (2, 10, 11, 14)] == ["2♠", "10♠", "J♠", "A♠"]
    assert labels["h12"] == "Q♥"
    assert [labels[f"t{n}"] for n in range(3)] == ["token 1 of 3", "token 2 of 3",
                                                   "token 3 of 3 (last)"]


def test_the_labels_name_the_cards_in_play(game):
    lines: list = []
    s = game.new_state(players=2, seed=3, listener=lines.append)
    pick = random.Random(3)
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        hand = s["z"][f"{seat}.hand"]
        assert game.options(s, seat) == [game.g.card_labels[c] for c in hand]
        game.apply(s, seat, pick.randrange(game.option_count(s, seat)), listener=lines.append)
    kept = [str(x) for x in lines if " keeps " in str(x)]
    assert len(kept) == 4
    for line in kept:     # "{c}" and "{c.label}" of a log line give the card's label
        name = line.split(" keeps ")[1].split(" (")[0]
        assert line.endswith(f" ({name})") and name in game.g.card_labels.values()


def test_a_label_reads_what_it_names():
    """The constant and the attribute that only labels read are used: no ORPHAN for them."""
    findings = [f for f in check_game(str(GAME)) if "'range'" not in f.message]
    assert findings == []


# ------------------------------------------------------------------ findings
HEAD = """\
game: {id: t, name: T, players: {min: 2, max: 2}}
constants: {ranks: [two, three, four]}
counters: {player: {gold: {start: 0}}}
zones: {game: {deck: {}}}
card_types:
  unit:
"""
TAIL = """\
cards:
  - {id: a, type: unit, zone: deck, rank: 2, suit: x}
  - {id: b, type: unit, zone: deck, rank: 3}
setup: |
  for each c in deck:
      log "{c}"
"""


def label_findings(tmp_path, label: str):
    (tmp_path / "game.yaml").write_text(HEAD + f"    label: {label}\n" + TAIL, encoding="utf-8")
    return [(f.line, f.col, f.code, f.message, f.hint) for f in check_game(str(tmp_path))
            if f.code == "LABEL"]


def test_a_misspelt_attribute_is_located_with_a_hint(tmp_path):
    #        label: "{ranks[rnak - 2]}"   <- col 12 is the quote, 20 the misspelt name
    assert label_findings(tmp_path, '"{ranks[rnak - 2]}"') == [
        (7, 20, "LABEL", "the label names 'rnak', which no unit card has",
         "did you mean 'rank'?")]


def test_an_attribute_some_cards_lack(tmp_path):
    # suit is on a only: the LABEL stands (ATTR-MISSING reports only what most cards have)
    assert label_findings(tmp_path, '"{rank}{suit}"') == [
        (7, 20, "LABEL", "the label names 'suit', which card b does not have", "")]


@pytest.mark.parametrize("label,col,message", [
    ('"{rank +}"', 20, "in the label's field {rank +}: "),
    ('"{rank"', 13, "this '{' opens a field that is never closed"),
    ('"rank}"', 17, "a '}' closes no field"),
    ('"{gold}"', 14, "the label names 'gold', which no unit card has"),
    ('"{deck}"', 14, ("the label reads the game zone 'deck'; a label is made once, when the "
                      "game is built, from its card's attributes and the game's constants")),
    ('"{rank < \'x\'}"', 21, "a text cannot be compared with '<'"),
])
def test_a_malformed_field_is_located(tmp_path, label, col, message):
    (found,) = label_findings(tmp_path, label)
    assert found[:3] == (7, col, "LABEL") and found[3].startswith(message), found


def test_a_label_that_cannot_be_filled_in_at_build(tmp_path):
    """A function reading the game's state has no state to read when the cards are made."""
    (tmp_path / "game.yaml").write_text(
        HEAD + '    label: "{rich()}"\n' + TAIL
        + 'functions: {rich: {expr: "me.gold"}}\n', encoding="utf-8")
    (found,) = [f for f in check_game(str(tmp_path)) if f.code == "LABEL"]
    assert (found.line, found.col) == (7, 12)
    assert found.message.startswith("the label of card a cannot be filled in when the game "
                                    "is built")
