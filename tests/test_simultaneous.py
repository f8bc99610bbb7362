"""Simultaneous secret choices in the one driver loop (tests/games/sealed_numbers)."""
from pathlib import Path

import pytest

from interpreter.errors import IllegalMove
from interpreter.runtime.game import Game
from interpreter.present.views import view

GAME = Path(__file__).parent / "games" / "sealed_numbers" / "game.yaml"


@pytest.fixture(scope="module")
def game():
    return Game.load(str(GAME))


def test_every_seat_decides_at_once(game):
    s = game.new_state(players=3, seed=1)
    assert game.waiting(s) == [0, 1, 2]
    assert game.prompt(s) == "round 1: your secret bid"
    assert all(game.options(s, p) == ["0", "1", "2", "3"] for p in range(3))


def test_no_seat_sees_or_depends_on_another_seats_pending_answer(game):
    s = game.new_state(players=3, seed=1)
    before = {p: (game.options(s, p), view(game, s, p)) for p in (1, 2)}
    game.apply_label(s, 0, "3")
    assert game.waiting(s) == [1, 2]            # P1 has answered, the others still decide
    for p in (1, 2):
        options, seen = before[p]
        assert game.options(s, p) == options
        now = view(game, s, p)
        # that P1 has answered is public (a sealed bid lies on the table); what is not
        assert now.pop("waiting") == ["P2", "P3"]
        assert now.pop("decisions") == seen.pop("decisions") + 1   # each answer counts
        seen.pop("waiting")
        assert now == seen
    with pytest.raises(IllegalMove, match="already decided"):
        game.apply_label(s, 0, "2")


def test_answers_are_revealed_together_and_resolved(game):
    log = []
    s = game.new_state(players=3, seed=1, listener=log.append)
    for seat, bid in ((2, "1"), (0, "3"), (1, "2")):
        game.apply_label(s, seat, bid, listener=log.append)
    assert log == ["P1 wins round 1 with 3"]
    assert [s["pl"][p]["points"] for p in range(3)] == [1, 0, 0]
    assert s["pl"][0]["coins"] == 0
    assert game.waiting(s) == [0, 1, 2] and game.options(s, 0) == ["0"]


def test_a_tie_scores_nothing_and_the_game_ends(game):
    s = game.new_state(players=2, seed=4)
    while not game.is_over(s):
        for seat in game.waiting(s):
            game.apply(s, seat, 0)
    assert game.result(s)["scores"] == [0, 0]
    assert game.result(s)["draw"] is True


SEQUENCES = Path(__file__).parent / "games" / "relay_programs"


@pytest.mark.parametrize("seed", range(6))
def test_a_seats_sequence_options_depend_on_its_own_steps_only(seed):
    """Secret sequences (`choose sequence`): after any interleaving of the seats' steps, each
    seat's options and prompt are those it has with its own steps alone."""
    import random
    game = Game.load(str(SEQUENCES))
    r = random.Random(seed)
    s = game.new_state(3, seed=seed)
    mine = {p: [] for p in range(3)}
    while True:
        seat = r.choice(game.waiting(s))
        label = r.choice(game.options(s, seat))
        game.apply_label(s, seat, label)
        mine[seat].append(label)
        if not game.prompt(s, 0).startswith("round 1"):
            break                       # every seat committed: the programs were resolved
        for p in game.waiting(s):
            alone = game.new_state(3, seed=seed)
            for step in mine[p]:
                game.apply_label(alone, p, step)
            assert game.options(s, p) == game.options(alone, p)
            assert game.prompt(s, p) == game.prompt(alone, p)
            assert view(game, s, p)["steps"] == view(game, alone, p)["steps"]


def test_a_prompt_asked_of_each_seat_reads_me_as_that_seat(tmp_path):
    """`by each of` computes each seat's options with `me` = that seat; its prompt too
    (it raised a Python error when the prompt read `me` in a phase, where `me` is none)."""
    text = GAME.read_text().replace('prompt "round {round}: your secret bid"',
                                    'prompt "round {round}: {me} bids up to {me.coins}"')
    path = tmp_path / "game.yaml"
    path.write_text(text)
    g = Game.load(str(path))
    s = g.new_state(players=3, seed=1)
    g.apply_label(s, 0, "3")
    g.apply_label(s, 1, "0")
    g.apply_label(s, 2, "0")                         # P1 wins round 1 and pays 3
    assert g.prompt(s, 0) == "round 2: P1 bids up to 0"
    assert g.prompt(s, 1) == "round 2: P2 bids up to 3"
    assert view(g, s, 2)["prompt"] == "round 2: P3 bids up to 3"
