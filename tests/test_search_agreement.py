"""benchmarks/search_agreement.py: the search's choices beside greedy's, counted by kind of
option, add up; a search that cannot be anything but greedy agrees everywhere."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.search_agreement import agreement  # noqa: E402
from interpreter.runtime.game import Game          # noqa: E402


def test_the_tallies_add_up_over_the_decisions_asked():
    game = Game.load("examples/four_in_a_line")
    same, asked, kinds = agreement(game, None, "ismcts:iterations=6,depth=2", 8, 3)
    assert asked == 8
    assert sum(t[1] for t in kinds.values()) == asked
    assert sum(t[0] for t in kinds.values()) == same
    assert 0 <= same <= asked


def test_a_search_of_one_iteration_ranked_by_the_prior_chooses_as_greedy():
    """With the prior at the root and a single iteration the search's choice is the
    option greedy ranks best: one playout cannot pull it below the second against 1000
    virtual visits. So nearly every choice agrees; not all, since each bot imagines the
    hidden cards from its own stream (a different world can rank two options the other
    way) and breaks ties its own way (seeded: 11 of 12 here)."""
    game = Game.load("metras")
    same, asked, _ = agreement(game, 3, "ismcts:iterations=1,depth=0,prior=1000", 12, 5)
    assert asked == 12
    assert same == 11
