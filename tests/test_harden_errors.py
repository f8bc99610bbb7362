"""Errors the mutation fuzzer found in play of the new games, and their fixes: each wrong
value is a located finding at validate time, or a run-time error in plain words with its
place, seed and decision number (never a bare Python error)."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from interpreter.errors import GameDefError, GameError
from interpreter.runtime.game import Game
from interpreter.runtime.run_errors import as_game_error
from places import at, edited_copy, places

META = Path(__file__).resolve().parent.parent / "gamedefs" / "meta"


def meta_copy(tmp_path, old, new) -> Path:
    return edited_copy(META, tmp_path, old, new)


def line_of(game: Path, text: str) -> int:
    return next(i for i, l in enumerate((game / "game.yaml").read_text().splitlines(), 1)
                if text in l)


def test_draw_of_a_list_is_a_located_type_finding(tmp_path):
    game = meta_copy(tmp_path, "  start_hand: 3\n", "  start_hand: [1, 2]\n")
    with pytest.raises(GameDefError) as e:
        Game.load(str(game))
    text = (game / "game.yaml").read_text()
    assert places(e.value.findings, game) == [
        ("game.yaml", *at(text, "draw start_hand from", "start_hand"), "TYPE")]
    assert e.value.findings[0].message == "draw takes a number of cards, not a list"


def play_until_error(game, seed: int, decisions: int = 400) -> GameError:
    s, r = game.new_state(2, seed=seed), random.Random(seed)
    with pytest.raises(GameError, match=rf"\(seed {seed}, decision \d+\)$") as e:
        for _ in range(decisions):
            seat = game.waiting(s)[0]
            game.apply(s, seat, r.randrange(game.option_count(s, seat)))
    return e.value


def test_none_used_as_a_card_is_said_in_plain_words_with_place_seed_and_decision(tmp_path):
    """A slip the fuzzer made (`a[100]` for `a[1]`: a position past the end is none): the
    purchase reads `c.cost` of none."""
    game = meta_copy(tmp_path, "purchase(p, a[1], false)", "purchase(p, a[100], false)")
    err = play_until_error(Game.load(str(game)), seed=0)
    text = str(err)
    assert "none was used as a card, a player or a key (KeyError: None)" in text
    assert text.startswith(f"{game / 'game.yaml'}:{line_of(game, 'total = c.cost')}:")
    assert "(seed 0, decision " in text and err.seed == 0 and err.decision > 0


def test_a_player_zone_of_none_is_said_in_plain_words(tmp_path):
    """A construct scrapped twice (a line duplicated): the second time it has no controller
    (its card state reset to its start off the arena), so `q.scrapyard` has no player."""
    game = meta_copy(tmp_path, "          do_action(p, a)\n",
                     "          do_action(p, a)\n          do_action(p, a)\n")
    err = play_until_error(Game.load(str(game)), seed=0)
    # (none, or the text "none" where the card state's start is read as a text)
    assert "was used as a player or a list position" in str(err)
    assert "(seed 0, decision " in str(err)


@pytest.mark.parametrize("error,words", [
    (KeyError(None), "none was used as a card, a player or a key (KeyError: None)"),
    (TypeError("'<' not supported between instances of 'str' and 'int'"),
     "two values of different kinds were compared or ordered"),
    (TypeError("'list' object cannot be interpreted as an integer"),
     "a count or a position is not a whole number"),
    (KeyError("fee1"), "a name read before it was set (see validate's UNSET warnings)"),
    (TypeError('can only concatenate str (not "int") to str'), "+ joins values of different kinds"),
    (TypeError("object of type 'int' has no len()"), "a value that is not a collection was counted"),
    (TypeError("list indices must be integers or slices, not list"),
     "a list position is not a whole number"),
    (ZeroDivisionError("division by zero"), "a rule failed: ZeroDivisionError: division by zero"),
])
def test_python_errors_in_rules_are_given_plain_words(error, words):
    text = str(as_game_error(error))
    assert text.startswith("a rule failed: ") and words in text


def test_a_counter_changed_in_a_phase_without_a_player_names_the_missing_player(tmp_path):
    """`gain spent n` (its `to p` cut off) in a phase: the player is `me`, which a phase does
    not have; validate says so at the line (issue 23 §4.9: before, play failed with "the
    counter 'spent' of none")."""
    game = tmp_path / "stages"
    shutil.copytree(Path(__file__).resolve().parent / "games" / "stages", game)
    text = (game / "game.yaml").read_text()
    assert "gain spent n to p\n" in text
    (game / "game.yaml").write_text(text.replace("gain spent n to p\n", "gain spent n\n"))
    with pytest.raises(GameDefError) as e:
        Game.load(str(game))
    [found] = e.value.findings
    assert (found.line, found.code) == (line_of(game, "gain spent n"), "REF-UNDEF")
    assert "with no player named, this statement is about the acting player's" in found.message
    assert found.hint.startswith("name the player: gain X N to P")


def test_none_given_as_a_place_is_named_none_as_the_language_says_it():
    """(hex_trains mutated: `None is not a vertex of map`.)"""
    from interpreter.boards.tables import not_a_place
    assert str(not_a_place(None, "vertex", "map")) == "none is not a vertex of map"
    assert str(not_a_place("Z.q", "vertex", "map")) == "'Z.q' is not a vertex of map"
