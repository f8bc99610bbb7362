"""Issue 32 item 11: a flat sum of 100,000 terms was refused as "nested too deeply" while
50,000 nested parentheses validated (after 15 s). One bound, measured before parsing and
worded for what it counts: each bracket is a level, and each operator of a chain."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.build.game_loader import check_game
from interpreter.effects.parse_errors import MAX_LEVELS, EffectSyntaxError, levels
from interpreter.effects.parser import parse_expression, parse_script

REFILL = Path(__file__).parent / "games" / "refill" / "game.yaml"   # line 27: score: "0"


@pytest.mark.parametrize("text,n", [
    ("1" + " + 1" * 99_999, 99_999),                  # a flat sum of 100,000 terms
    ("(" * 50_000 + "1" + ")" * 50_000, 50_000),      # 50,000 nested parentheses
    ("min(" * 300 + "1" + ")" * 300, 300),
    ("-" * 201 + "1", 201),
], ids=["flat sum", "nested parentheses", "nested calls", "201 minus signs"])
def test_a_flat_sum_and_nested_brackets_meet_the_same_bound_in_the_same_words(text, n):
    assert levels(text) == n
    with pytest.raises(EffectSyntaxError) as e:
        parse_expression(text)
    assert e.value.message.startswith(f"the text nests {n:,} levels deep; at most "
                                      f"{MAX_LEVELS} are read (each bracket is a level, and "
                                      "each operator of a chain like a + b + c)")
    with pytest.raises(EffectSyntaxError, match=f"nests {n:,} levels deep"):
        parse_script(f"x = {text}")


@pytest.mark.parametrize("text", ["1" + " + 1" * (MAX_LEVELS - 1), "(" * MAX_LEVELS + "1" +
                                  ")" * MAX_LEVELS, "min(1 + 2, 3 + 4, 5) + [x * 2 for x in y]"],
                         ids=["sum", "parentheses", "mixed"])
def test_texts_within_the_bound_are_read(text):
    assert levels(text) <= MAX_LEVELS
    parse_expression(text)


def test_chains_end_at_commas_and_at_a_statement_line_end():
    assert levels("max(" + ", ".join(["1 + 1"] * 500) + ")") == 2
    parse_script("x = 1 + 1\n" * 500)
    assert levels("x = 1 + 1 + 1\ny = 2\n" * 300) == 2
    assert levels('log "((((((( + + +"') == 0     # quoted text is not counted


@pytest.mark.parametrize("score", ["1" + " + 1" * 99_999, "(" * 50_000 + "1" + ")" * 50_000],
                         ids=["flat sum", "nested parentheses"])
def test_validate_reports_both_at_their_place(tmp_path, score):
    game = tmp_path / "deep" / "game.yaml"
    game.parent.mkdir()
    game.write_text(REFILL.read_text().replace('score: "0"', f'score: "{score}"'))
    found = [f for f in check_game(str(game)) if f.severity == "error"]
    assert [(f.code, f.line) for f in found] == [("SYNTAX", 27)], [f.format()[:300] for f in found]
    assert "levels deep; at most 200 are read" in found[0].message
