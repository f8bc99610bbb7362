"""Card attributes checked across the cards of a type (interpreter/checks/attributes.py): odd kinds
of values, cards lacking what their siblings have, and reads of card.X that some card that
can be `card` there lacks. The broken-game corpus (tests/broken/79-83) holds the located
cases; these tests hold the rules around them, chiefly what must NOT be reported."""
from __future__ import annotations

import textwrap

from interpreter.build.game_loader import check_game

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
    return [(f.code, f.line, f.message) for f in check_game(str(tmp_path))
            if f.severity == "error"]


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
    assert [(code, line) for code, line, _ in found] == [("ATTR-MISSING", 12)]
    assert "3 of the 5 cards" in found[0][2] and "a-1, a-2, a-3" in found[0][2]


def test_values_of_another_kind_and_quoted_numbers(tmp_path):
    cards = CARDS.replace("look: 3}", 'look: "3"}')
    found = findings(tmp_path, "gain gold card.look if card.kind == \"scout\" else 0",
                     cards=cards + "  - {id: d, type: unit, zone: deck, kind: scout, look: 4}\n")
    assert [(code, line) for code, line, _ in found] == [("ATTR-TYPE", 14)]
    assert "the text '3'" in found[0][2]


def test_a_type_default_counts_among_the_values(tmp_path):
    found = findings(tmp_path, "gain gold card.look",
                     attributes="attributes: {look: none}", cards=CARDS.replace(
                         "count: 3, kind: plain}", "count: 3, kind: plain, look: 1}"))
    assert [(code, line) for code, line, _ in found] == [("ATTR-TYPE", 8)]


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
    assert sorted((code, line) for code, line, _ in found) == [("ATTR-MISSING", 8),
                                                               ("ATTR-MISSING", 12)]
