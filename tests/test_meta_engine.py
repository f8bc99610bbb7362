"""Engine pieces the M.E.T.A. game asked for, tested on a tiny game of their own
(tests/games/abilities): a player zone refilled from the same player's zone, named abilities
by moment, and a board card drawn with its public card state."""
from __future__ import annotations

import shutil
from pathlib import Path

from interpreter.runtime.game import Game
from interpreter.build.game_loader import check_game
from interpreter.runtime.state import initial_state
from interpreter.runtime.vm import VM

GAME = Path(__file__).parent / "games" / "abilities" / "game.yaml"


def fresh(players=2, seed=1):
    """The state before setup: every card in the supply, nothing running."""
    game = Game.load(str(GAME))
    s = initial_state(game.g, players, seed, "standard", dict(game.g.options))
    s["stack"] = []
    return game, s, VM(game.g, s)


def ability(vm, card, seat, moment):
    """Play one ability to its end (an empty stack then ends the bare state: reopen it)."""
    vm.s["over"] = False
    ran = vm.play(card, seat, moment)
    vm.run()
    return ran


def broken(tmp_path, old, new):
    folder = tmp_path / "g"
    shutil.copytree(GAME.parent, folder)
    path = folder / "game.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    return [f for f in check_game(str(path)) if f.severity == "error"]


def said(found) -> list:
    """Each finding (all in the game's game.yaml) as line, col, code, message and hint."""
    assert all(Path(f.file).name == "game.yaml" for f in found)
    return [(f.line, f.col, f.code, f.message, f.hint) for f in found]


# ------------------------------------------------------------ per-player refill (G6)
def test_a_player_draw_pile_refills_from_that_players_own_discards():
    game, s, vm = fresh()
    for c in ("coin-1", "coin-2"):
        vm.move(c, "0.discards")
    vm.move("coin-3", "1.discards")
    assert s["z"]["0.deck"] == []
    # P1's empty deck takes P1's own discards, never P2's
    assert vm.draw(3, "0.deck", "0.hand") == 2
    assert sorted(s["z"]["0.hand"]) == ["coin-1", "coin-2"]
    assert s["z"]["0.discards"] == [] and s["z"]["1.discards"] == ["coin-3"]
    assert all(s["loc"][c] == "0.hand" for c in s["z"]["0.hand"])
    # both empty: the draw stops short
    assert vm.draw(1, "0.deck", "0.hand") == 0


def test_a_player_zones_refill_must_name_a_player_zone(tmp_path):
    found = broken(tmp_path, "refill_from: discards", "refill_from: discrads")
    assert said(found) == [(16, 43, "REF-UNDEF", "unknown player zone 'discrads'",
                            "did you mean 'discards'?")]
    # a game zone is not the same player's zone
    found = broken(tmp_path / "b", "refill_from: discards", "refill_from: supply")
    assert said(found) == [(16, 43, "REF-UNDEF", "unknown player zone 'supply'",
                            "'supply' is a game zone")]


def test_whole_games_keep_every_card_with_own_refills():
    game = Game.load(str(GAME))
    for seed in range(5):
        s = game.new_state(players=2, seed=seed)
        assert game.is_over(s)
        assert sum(len(z) for z in s["z"].values()) == 6


# ------------------------------------------------------------ named abilities (G8)
def test_play_runs_the_cards_own_ability_else_its_types():
    game, s, vm = fresh()
    assert ability(vm, "miner", 0, "arrive")
    assert s["pl"][0]["gold"] == 3          # the card's own arrive
    assert ability(vm, "worker-1", 1, "arrive")
    assert s["pl"][1]["gold"] == 1          # the type's arrive
    assert not ability(vm, "worker-1", 1, "tick")   # none: nothing runs
    assert not ability(vm, "coin-1", 1, "arrive")
    assert [p["gold"] for p in s["pl"]] == [3, 1]


def test_has_ability_reads_own_and_type_abilities():
    g = Game.load(str(GAME)).g
    assert g.abilities["miner"] == {"arrive", "tick"}
    assert g.abilities["worker-2"] == {"arrive"}
    assert "coin-1" not in g.abilities


def test_a_start_of_turn_ability_acts_every_round_and_the_counter_max_holds():
    game = Game.load(str(GAME))
    s = game.new_state(players=2, seed=1)
    assert game.is_over(s)
    assert [p["gold"] for p in s["pl"]] == [4, 0]     # the miner ticked twice for P1
    game, s, vm = fresh()
    s["pl"][0]["gold"] = 7
    ability(vm, "miner", 0, "arrive")
    assert s["pl"][0]["gold"] == 8                   # gold's max: the rest of the gain is lost


def test_an_undeclared_moment_is_a_located_error_with_did_you_mean(tmp_path):
    found = broken(tmp_path, "      tick: gain gold 2 to me", "      tik: gain gold 2 to me")
    assert said(found) == [(36, 7, "REF-UNDEF", "unknown moment 'tik'", "did you mean 'tick'?")]


def test_a_misspelt_moment_in_play_or_has_ability_is_located(tmp_path):
    found = broken(tmp_path, 'play u as p ability "tick"', 'play u as p ability "tock"')
    assert said(found) == [(49, 37, "REF-UNDEF", "unknown moment 'tock'", "did you mean 'tick'?")]
    found = broken(tmp_path / "b", 'has_ability(it, "tick")', 'has_ability(it, "tic")')
    assert said(found) == [(48, 57, "REF-UNDEF", "unknown moment 'tic'", "did you mean 'tick'?")]


# ------------------------------------------------------------ board cards with state (G12)
def test_a_board_card_is_listed_with_its_shown_state_off_its_start():
    from interpreter.present.board_cards import card_lines
    board = {"shown": {"controller": None, "damage": 0, "exhausted": False},
             "cells": {"c7": {"row": 6, "col": 2, "cards": [     # the view's order: top row first
                          {"card": None, "controller": "P2", "damage": 0, "exhausted": False}]},
                       "c2": {"row": 1, "col": 2, "cards": [
                          {"card": "Rivet Brawler 2/3", "controller": "P1", "damage": 1,
                           "exhausted": True, "face_up": True}]},
                       "a1": {"row": 0, "col": 0, "cards": [
                          {"card": "Quiet", "controller": None, "damage": 0, "exhausted": False}]}}}
    assert card_lines(board) == ["c7 ##: controller P2",
                                 "c2 Rivet Brawler 2/3: controller P1, damage 1, exhausted"]
    assert card_lines({"cells": board["cells"]}) == []      # nothing declared shown


def test_the_arena_view_and_terminal_show_units_with_owner_damage_and_exhaustion():
    import io
    from rich.console import Console
    from interpreter.present import terminal, views
    game = Game.load("meta")
    s = game.new_state(players=2, seed=5)
    vm = VM(game.g, s)
    vm.move("rivet-brawler-1-1", "arena.c3")
    vm.set_card_state("rivet-brawler-1-1", "controller", 1)
    vm.set_card_state("rivet-brawler-1-1", "damage", 2)
    vm.set_card_state("rivet-brawler-1-1", "exhausted", True)
    v = views.view(game, s, 0)
    entry = v["boards"]["arena"]["cells"]["c3"]["cards"][0]
    assert entry["controller"] == "P2" and entry["damage"] == 2     # type: player -> a seat
    out = io.StringIO()
    Console(file=out, width=100, markup=False).print(
        terminal.render_board(v["boards"]["arena"], "P1", title="arena"))
    text = out.getvalue()
    assert "c3 Rivet Brawler 2/3: controller P2, damage 2, exhausted" in text
