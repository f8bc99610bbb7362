"""Issue 23's language gaps (section 4), each with the designer's own words: numbered cards
that pass validate --strict, fields in every text a person reads, `continue`, procedures
that compute a value, draw's handle on the cards drawn, refilling a draw pile, a reversible
direction of play, names that need an acting player, lists joined, copies changed by --set,
YAML's comma and CSV hints."""
from __future__ import annotations

from pathlib import Path

from interpreter.build.game_loader import check_game

GAMES = Path(__file__).parent / "games"


# 1. numbered cards: the COUNT check counts what `range` makes, and `range` is no attribute
def test_numbered_cards_pass_strict_validation():
    # tests/games/language: 12 red cards from one range line and 2 x 2 blue ones, start_count 16
    assert check_game(str(GAMES / "language" / "game.yaml")) == []


def test_a_numbered_deck_of_the_wrong_size_is_counted_by_what_range_makes(tmp_path):
    from places import edited_copy
    game = edited_copy(GAMES / "language", tmp_path, "start_count: 16", "start_count: 52")
    found = check_game(str(game / "game.yaml"))
    assert [(f.code, f.message) for f in found] == [
        ("COUNT", "the zone 'deck' should start with 52 cards (start_count), but the card "
                  "lists put 16 there")]


# 13. a CSV column nobody reads: hints name card attributes and card fields, nothing else
def _csv_column_finding(tmp_path, header_old, header_new):
    import shutil
    game = tmp_path / header_new.strip(",\n")
    shutil.copytree(GAMES / "csv_deck", game)
    csv = game / "cards.csv"
    csv.write_text(csv.read_text().replace(header_old, header_new, 1))
    return [f for f in check_game(str(game / "game.yaml")) if f.code == "CSV-COLUMN"]


def test_a_csv_column_hint_never_names_a_counter_or_procedure(tmp_path):
    # 'golds' is one letter from the counter 'gold': not an attribute, so not offered
    found = _csv_column_finding(tmp_path, ",strength\n", ",strength,golds\n")
    assert len(found) == 1 and found[0].message.startswith("the column 'golds'")
    assert "gold'" not in found[0].hint
    assert found[0].hint == "card fields: id, type, zone, count, name, text"


def test_a_misspelt_csv_column_is_told_the_attribute_it_resembles(tmp_path):
    found = _csv_column_finding(tmp_path, ",strength\n", ",strenght\n")
    assert [f.hint for f in found] == ["did you mean 'strength'?"]
    found = _csv_column_finding(tmp_path, ",count,", ",cont,")
    assert [f.hint for f in found] == ["did you mean 'count'?"]
