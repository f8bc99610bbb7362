"""The search bot's `secret_key`: what names the child of a secret choice of several seats.

`joint` (the default): the tuple of every seat's pick, so the other seats' sealed picks,
which the searching seat cannot see, split the tree. `own`: the searching seat's pick
alone, the others' hidden as unseen cards are, so the statistics of every imagined answer
meet in one child and the tree grows through several secret choices (a program of secret
steps, a round's sealed bid and what follows). Measured on the drafting test game
(tests/games/draft_sets: three seats pick a card each in secret every round)."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.bots.ismcts import IsmctsBot
from interpreter.errors import RulebookError
from interpreter.runtime.game import Game

DRAFT = str(Path(__file__).parent / "games" / "draft_sets")


@pytest.fixture(scope="module")
def draft():
    return Game.load(DRAFT)


def depth(node) -> int:
    return 1 + max((depth(kid) for kid in node.kids.values()), default=0)


def searched(game, key: str, iterations: int = 120):
    s = game.new_state(3, 4)
    assert game.waiting(s) == [0, 1, 2] and s["pending"]["each"]
    bot = IsmctsBot(game, 2, iterations=iterations, depth=0, secret_key=key)
    bot.choose(game, s, 0)
    return game, s, bot


def test_own_key_names_a_secret_choices_child_by_the_seats_own_pick(draft):
    game, s, bot = searched(draft, "own")
    root = bot.tree
    mine = set(game.options(s, 0))
    assert root.kids and all(len(key) == 1 and key[0] in mine for key in root.kids)
    # every iteration through an own pick met the same child, whatever the others picked
    # there: the pick's visits are the one that added the child plus those that went on
    for (label,), kid in root.kids.items():
        visits = root.tables[0][label][0]
        assert visits == 1 + sum(n for n, _, _ in kid.tables[0].values()), label
    # the others still choose by their own statistics at the root (decoupled)
    assert set(root.tables) == {0, 1, 2}


def test_joint_key_splits_on_every_seats_pick_and_stays_shallow(draft):
    _, _, joint = searched(draft, "joint")
    assert all(len(key) == 3 for key in joint.tree.kids)
    _, _, own = searched(draft, "own")
    # the same budget: merged hidden picks reach further down the game
    assert depth(own.tree) > depth(joint.tree) >= 2


def test_own_key_plays_legal_options_and_repeats_with_the_same_seed(draft):
    def picks():
        s = draft.new_state(3, 9)
        bot = make_bot("ismcts:iterations=30,depth=0,secret_key=own", draft, 5)
        others = make_bot("random", draft, 6)
        out = []
        while not draft.is_over(s):
            seat = draft.waiting(s)[0]
            i = (bot if seat == 0 else others).choose(draft, s, seat)
            assert 0 <= i < draft.option_count(s, seat)
            if seat == 0:
                out.append(draft.options(s, seat)[i])
            draft.apply(s, seat, i)
        return out
    first = picks()
    assert len(first) == 6 and first == picks()


def test_secret_key_takes_joint_or_own(draft):
    assert make_bot("ismcts", draft, 0).secret_key == "joint"
    with pytest.raises(RulebookError, match="choose one of joint, own"):
        make_bot("ismcts:secret_key=mine", draft, 0)
