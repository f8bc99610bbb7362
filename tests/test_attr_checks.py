"""Card attributes checked across the cards of a type (interpreter/checks/attributes.py): odd kinds
of values, cards lacking what their siblings have, and reads of card.X that some card that
can be `card` there lacks. The broken-game corpus (tests/broken/79-83) holds the located
cases; these tests hold the rules around them, chiefly what must NOT be reported."""
from __future__ import annotations

import textwrap

from interpreter.build.game_loader import check_game
from places import at

GAME = """\
game: {{id: t, name: T, players: {{min: 2, max: 2}}}}
counters: {{player: {{gold: {{start: 0}}}}}}
zones: {{game: {{deck: {{}}, pile: {{}}}}}}
functions: {{has_bonus: {{params: {{c: card}}, returns: number, expr: "1"}}}}
procedures: {{pay: {{params: {{n: number}}, do: "gain gold n"}}}}
card_types:
  unit:
    {attributes}
    effect: |
{effect}
cards:
{cards}
setup: |
  for each c in deck:
      play c as first(players)
"""
CARDS = """\
  - {id: a, type: unit, zone: deck, count: 3, kind: plain}
  - {id: b, type: unit, zone: deck, kind: scout, look: 2}
  - {id: c, type: unit, zone: deck, kind: scout, look: 3}
"""


def findings(tmp_path, effect, cards=CARDS, attributes="label: '{id}'", extra=""):
    (tmp_path / "game.yaml").write_text(GAME.format(
        effect=textwrap.indent(textwrap.dedent(effect).strip("\n"), " " * 6),
        cards=cards, attributes=attributes) + extra)
    return [(f.code, f.line, f.col, f.message) for f in check_game(str(tmp_path))
            if f.severity == "error"]


def written(tmp_path) -> str:
    return (tmp_path / "game.yaml").read_text()


def test_reads_under_a_test_on_the_card_are_not_reported(tmp_path):
    assert findings(tmp_path, """
        if card.kind == "plain":
            gain gold 1
        elif card.kind == "scout":
            gain gold card.look * 2
        if card.kind in ["scout"] and card.look > 1:
            pay(card.look)
        x = card.look if card.kind != "plain" else 0
        gain gold (card.look or 0)
        if card.look == 3:
            gain gold 1
        """) == []


def test_a_test_it_cannot_read_silences_the_read_inside_only(tmp_path):
    found = findings(tmp_path, """
        if has_bonus(card) > 0:
            gain gold card.look
        pay(card.look)
        """)
    assert found == [("ATTR-MISSING", *at(written(tmp_path), "pay(card.look)", "look"),
                      ("card.look is used here as a value, but 3 of the 5 cards that can be "
                       "`card` here have no 'look' (a-1, a-2, a-3)"))]


def test_values_of_another_kind_and_quoted_numbers(tmp_path):
    cards = CARDS.replace("look: 3}", 'look: "3"}')
    found = findings(tmp_path, "gain gold card.look if card.kind == \"scout\" else 0",
                     cards=cards + "  - {id: d, type: unit, zone: deck, kind: scout, look: 4}\n")
    assert found == [("ATTR-TYPE", *at(written(tmp_path), 'look: "3"', '"3"'),
                      ("'look' is the text '3' here, but a whole number on the other unit "
                       "cards (2 of them)"))]


def test_a_type_default_counts_among_the_values(tmp_path):
    found = findings(tmp_path, "gain gold card.look",
                     attributes="attributes: {look: none}", cards=CARDS.replace(
                         "count: 3, kind: plain}", "count: 3, kind: plain, look: 1}"))
    assert [f[:3] for f in found] == [("ATTR-TYPE", *at(written(tmp_path), "{look: none}",
                                                        "none"))]


def test_a_default_makes_an_optional_attribute_safe_to_read(tmp_path):
    assert findings(tmp_path, "gain gold card.look", attributes="attributes: {look: 0}") == []


def test_no_clear_majority_is_no_odd_one_out(tmp_path):
    cards = ("  - {id: a, type: unit, zone: deck, kind: plain, look: 1}\n"
             "  - {id: b, type: unit, zone: deck, kind: plain, look: one}\n")
    assert findings(tmp_path, "pass", cards=cards) == []


def test_playable_if_and_a_cards_own_effect_are_read_too(tmp_path):
    cards = CARDS.replace("kind: plain}", "kind: plain, effect: 'gain gold card.look'}")
    found = findings(tmp_path, "pass", cards=cards,
                     attributes="playable_if: card.look > 1")
    text = written(tmp_path)
    assert sorted(f[:3] for f in found) == [
        ("ATTR-MISSING", *at(text, "playable_if: card.look", "look")),
        ("ATTR-MISSING", *at(text, "effect: 'gain gold card.look'", "look'"))]
