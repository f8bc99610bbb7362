"""`choose ... by each of SEATS` with no seat in SEATS (found by Metropolis's placement
questions, asked only of the seats holding a rail): every seat's answer is none at once and
the script goes on; before, a decision waiting for nobody was left pending and the game
stalled with no one to ask."""
from __future__ import annotations

import pytest

from scenario import load, run_script


@pytest.mark.parametrize("choice", ["choose number from 0 to 3", "choose one of [1, 2]"])
def test_a_choice_asked_of_nobody_answers_none(choice):
    game = load("metras")
    s = run_script(game, f"""
xs = {choice} by each of (players where false) prompt "asked of nobody"
ys = {choice} by each of (players where it == me) prompt "asked of one"
""", players=3)
    assert s["pending"] is not None and s["pending"]["seats"] == [0]   # the second question
    assert s["stack"][-1]["l"]["xs"] == [None, None, None]
