"""Progressive widening (`ismcts:prior=K,widen=W`): a seat that has chosen v times at a node
picks only among the ceil(W * (v+1)^widen_power) options the prior ranks best there
(interpreter/bots/widening.py). Off by default: every existing budget plays as before (the
golden bot decisions, tests/test_bot_golden.py)."""
from __future__ import annotations

import random

import pytest

from interpreter.bots import make_bot
from interpreter.bots import widening
from interpreter.bots.ismcts import IsmctsBot
from interpreter.errors import RulebookError
from interpreter.runtime.game import Game
from interpreter.present.views import view
from test_bots_worlds import other_world


@pytest.fixture(scope="module")
def metras():
    return Game.load("metras")


def wide_menu(game, players: int = 3, seed: int = 2, least: int = 6):
    """A position of a greedy game where the seat to move has at least `least` options."""
    s = game.new_state(players, seed)
    greedy = make_bot("greedy", game, 4)
    while True:
        seat = game.waiting(s)[0]
        if game.bot_option_count(s, seat) >= least:
            return s, seat
        game.apply(s, seat, greedy.choose(game, s, seat))


def real_visits(table: dict, prior: int) -> dict:
    return {label: v - prior for label, (v, _, _) in table.items()}


# ------------------------------------------------------------------ the rule itself
def test_width_grows_as_the_power_of_the_visits():
    assert [widening.width(2, 0.5, v) for v in (0, 3, 8, 15)] == [2, 4, 6, 8]
    assert widening.width(1, 1.0, 4) == 5
    assert widening.width(1, 0.1, 0) == 1


def test_candidates_are_the_best_ranked_in_menu_order_unranked_last():
    labels = ["a", "b", "c", "d", "e"]
    ranks = {"a": 0.2, "b": 1.0, "c": 0.0, "d": 0.7}      # e: never scored here
    assert widening.candidates(labels, ranks, 2) == [1, 3]
    assert widening.candidates(labels, ranks, 4) == [0, 1, 2, 3]
    assert widening.candidates(labels, ranks, 9) == [0, 1, 2, 3, 4]
    # ties keep the menu's order
    assert widening.candidates(labels, dict.fromkeys(labels, 0.5), 3) == [0, 1, 2]


# ------------------------------------------------------------------ in the search
def test_a_root_with_few_visits_tries_only_its_best_ranked_options(metras):
    s, seat = wide_menu(metras)
    # a weak prior and a wide exploration: left alone, UCB would spread the visits
    iterations, prior, c = 8, 1, 5.0
    bot = IsmctsBot(metras, 1, iterations=iterations, depth=0, prior=prior, c=c, widen=1)
    bot.choose(metras, s, seat)
    root = bot.tree
    ranks = root.ranks[seat]
    labels = metras.options(s, seat)[:metras.bot_option_count(s, seat)]
    assert set(ranks) == set(labels)
    # the root was chosen from `iterations` times: at most ceil(1 * 8^0.5) = 3 candidates
    k = widening.width(1, 0.5, iterations - 1)
    assert k == 3 < len(labels)
    allowed = {labels[i] for i in widening.candidates(labels, ranks, k)}
    tried = {label for label, n in real_visits(root.tables[seat], prior).items() if n > 0}
    assert tried and tried <= allowed
    assert root.seen[seat] == iterations
    # the same budget without widening spreads over more options (the test can fail)
    plain = IsmctsBot(metras, 1, iterations=iterations, depth=0, prior=prior, c=c)
    plain.choose(metras, s, seat)
    spread = {label for label, n in real_visits(plain.tree.tables[seat], prior).items()
              if n > 0}
    assert not spread <= allowed


def test_widening_reaches_inner_nodes_with_prior_at_all(metras):
    s, seat = wide_menu(metras)
    bot = IsmctsBot(metras, 3, iterations=40, depth=0, prior=3, prior_at="all", widen=1,
                    widen_power=0.25)
    bot.choose(metras, s, seat)
    checked = 0
    stack = [bot.tree]
    while stack:
        node = stack.pop()
        stack.extend(node.kids.values())
        for p, ranks in node.ranks.items():
            table, seen = node.tables[p], node.seen.get(p, 0)
            if len(ranks) < 2 or not seen:
                continue
            # every option picked here was among the best-ranked of the widest menu allowed
            k = widening.width(1, 0.25, seen - 1)
            best = sorted(ranks.values(), reverse=True)[:k]
            for label, n in real_visits(table, 3).items():
                if n > 0:
                    assert ranks[label] >= best[-1], (label, ranks, seen)
            checked += node is not bot.tree
    assert checked >= 1


def test_same_seed_same_choice_with_widening(metras):
    s, seat = wide_menu(metras)
    spec = "ismcts:iterations=30,depth=0,prior=5,prior_at=all,widen=2"
    picks = {make_bot(spec, metras, 9).choose(metras, metras.clone(s), seat) for _ in range(2)}
    assert len(picks) == 1


def test_indistinguishable_states_get_the_same_choice_with_widening(metras):
    """No peeking: the ranks that prune the tree are scored in imagined worlds only."""
    rng = random.Random(5)
    spec = "ismcts:iterations=20,depth=0,prior=3,prior_at=all,widen=1"
    differed = 0
    for seed in (2, 6):
        a, seat = wide_menu(metras, seed=seed, least=4)
        b = other_world(metras, a, seat, rng)
        assert view(metras, b, seat) == view(metras, a, seat)
        differed += b["z"] != a["z"]
        assert make_bot(spec, metras, 11).choose(metras, a, seat) == \
            make_bot(spec, metras, 11).choose(metras, b, seat)
    assert differed


# ------------------------------------------------------------------ bad values
@pytest.mark.parametrize("spec,message", [
    ("ismcts:widen=2", "widen=2 needs prior=K"),
    ("ismcts:prior=5,widen=-1", "widen=-1 is too small"),
    ("ismcts:prior=5,widen=two", "widen=two: not a whole number"),
    ("ismcts:prior=5,widen=2,widen_power=0", "widen_power=0 is too small"),
    ("ismcts:prior=5,widen=2,widen_power=1.5", "widen_power=1.5 is too large"),
    ("ismcts:prior=5,widen=2,widen_power=nan", "widen_power=nan: not a number"),
])
def test_bad_widening_settings_are_clear_errors(metras, spec, message):
    with pytest.raises(RulebookError, match=message):
        make_bot(spec, metras, 0)


def test_widening_is_off_by_default_and_zero_is_off(metras):
    assert make_bot("ismcts", metras, 0).widen == 0
    assert make_bot("ismcts:prior=5,widen=0", metras, 0).widen == 0


def test_a_bad_widening_in_yaml_is_a_located_error(bust_with_search):
    from interpreter.build.game_loader import load_game
    path, line = bust_with_search("iterations=50,widen=3")
    with pytest.raises(RulebookError) as e:
        load_game(str(path))
    assert f"game.yaml:{line}:" in str(e.value) and "needs prior" in str(e.value)
