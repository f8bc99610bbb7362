"""Choosing a subset from a powerset too large to list (issue 37): bots are offered a
sample of the sets (every size from `at least` to `at most` has its share, the same game
gives the same sample, and it is seeded by a hash of the game's generator without drawing
from it), and a person still answers with any set, named by its items' positions."""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.effects import menus
from interpreter.effects.runtime import MAX_SUBSET_OPTIONS, subset_sample
from interpreter.errors import IllegalMove
from interpreter.runtime.game import Game

MANY = str(Path(__file__).parent / "games" / "keep_many")


@pytest.fixture(scope="module")
def many():
    return Game.load(MANY)


def test_ranks_name_every_set_in_the_whole_menus_order():
    n, lo, hi = 6, 1, 4
    whole = [list(c) for k in range(lo, hi + 1) for c in combinations(range(n), k)]
    assert menus.subset_total(n, lo, hi) == len(whole)
    for r, c in enumerate(whole):
        assert menus.subset_rank(n, lo, hi, c) == r and menus.subset_unrank(n, lo, hi, r) == c
    assert menus.subset_rank(n, lo, hi, []) is None and menus.subset_unrank(n, lo, hi, 56) is None
    label = menus.composed_label(["3", "3 #2", "5"], [2, 0])
    assert label == "3, 5 (items 1, 3)" and menus.parse_composed(label) == [0, 2]
    assert menus.composed_label(["a"], []) == "nothing (items none)"
    assert menus.parse_composed("nothing (items none)") == []
    assert menus.parse_composed("3, 5") is None


def test_the_sample_gives_every_size_its_share_and_is_the_same_for_the_same_game():
    s = {"rng": 12345, "decisions": 7}
    sample = subset_sample(14, 1, 14, s)
    assert len(sample) == MAX_SUBSET_OPTIONS == len(set(sample))
    sizes = Counter(len(c) for c in sample)
    assert sorted(sizes) == list(range(1, 15))          # every size from at least to at most
    for k in (1, 2, 12, 13, 14):                         # the small classes whole
        assert sizes[k] == comb(14, k)
    assert max(sizes.values()) - min(sizes[k] for k in sizes if sizes[k] < comb(14, k)) <= 1
    assert sample == tuple(sorted(sample, key=lambda c: (len(c), c)))   # the menu's order
    assert subset_sample(14, 1, 14, dict(s)) == sample
    assert subset_sample(14, 1, 14, {"rng": 12346, "decisions": 7}) != sample
    assert subset_sample(14, 1, 14, {"rng": 12345, "decisions": 8}) != sample
    bounded = subset_sample(20, 3, 5, s)
    assert {len(c) for c in bounded} == {3, 4, 5} and len(bounded) == MAX_SUBSET_OPTIONS


def test_a_large_choice_offers_a_sample_and_draws_nothing_from_the_game(many):
    s = many.new_state(players=2, seed=5)
    menu = s["pending"]["opts"]["0"]
    assert menus.sampled(menu) and many.bot_option_count(s, 0) == MAX_SUBSET_OPTIONS
    again = many.new_state(players=2, seed=5)
    assert again["pending"]["opts"] == s["pending"]["opts"] and again["rng"] == s["rng"]
    other = many.new_state(players=2, seed=6)
    assert other["pending"]["opts"]["0"]["vals"] != menu["vals"]


def test_a_person_answers_with_a_set_the_sample_left_out(many):
    s = many.new_state(players=2, seed=5)
    menu = s["pending"]["opts"]["0"]
    items = menu["any"][0]
    want = next(c for c in (menus.combination_at(14, 7, r) for r in range(comb(14, 7)))
                if [items[i] for i in c] not in menu["vals"])
    label = menus.composed_label([str(x) for x in items], want)
    i = many.index_of(s, 0, label)
    assert i >= many.option_count(s, 0)
    many.apply(s, 0, i)
    kept = [items[j] for j in want]           # scored as the rules score that set
    worth = 2 * len(set(kept)) + kept.count(6) - sum(1 for d in kept if d < 3)
    assert s["pl"][0]["score"] == worth and s["pending"]["opts"].get("1") is not None
    with pytest.raises(IllegalMove):        # out of the bounds: no set
        many.index_of(many.new_state(players=2, seed=5), 0, "nothing (items none)")
    with pytest.raises(IllegalMove):        # past every set
        many.apply(many.new_state(players=2, seed=5), 0, 4096 + 16383)


# the search bot's game takes ~25 s (a sample of 4096 sets scored at every node): -m slow
@pytest.mark.parametrize("kind", ["random",
                                  pytest.param("ismcts:iterations=30", marks=pytest.mark.slow),
                                  pytest.param("greedy", marks=pytest.mark.slow)])
def test_bots_play_a_large_choice_to_the_end_and_the_same_seed_gives_the_same_game(many, kind):
    def play(seed):
        s = many.new_state(players=2, seed=seed)
        bots = [make_bot(kind, many, 100 + p) for p in range(2)]
        while not s["over"]:
            seat = many.waiting(s)[0]
            many.apply(s, seat, bots[seat].choose(many, s, seat))
        return many.state_hash(s), s["decisions"]
    first = play(3)
    assert first[1] == 4 and play(3) == first


def test_the_plain_table_keeps_a_set_the_sample_left_out(many):
    from test_cli import run as cli
    s = many.new_state(players=2, seed=5)
    menu = s["pending"]["opts"]["0"]
    items = menu["any"][0]
    want = next(c for c in (menus.combination_at(14, 7, r) for r in range(comb(14, 7)))
                if [items[i] for i in c] not in menu["vals"])
    typed = "".join(f"{i + 1}\n" for i in want)
    r = cli("play", MANY, "--seed", 5, "--humans", 1, "--bots", "random", "--plain",
            input=typed + "done\nquit\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 0, r.output
    assert f"P1 keeps {', '.join(str(items[i]) for i in want)} for" in out

