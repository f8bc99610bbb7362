"""The bots' shuffle draws exactly as random.Random.shuffle: the same order and the same
generator state after, so imagined worlds (and the bots' seeded choices) are unchanged."""
from __future__ import annotations

import random

import pytest

from interpreter.bots import shuffle as S


def test_the_fast_path_is_taken_on_this_python():
    assert S._SAME, "Random.shuffle draws otherwise here: the bots deal at the old cost"


@pytest.mark.parametrize("seed", range(20))
def test_shuffle_gives_random_shuffles_order_and_leaves_the_same_state(seed):
    for size in (*range(30), 64, 65, 200):
        a, b = random.Random(seed * 1000 + size), random.Random(seed * 1000 + size)
        xa, xb = [f"c{i}" for i in range(size)], [f"c{i}" for i in range(size)]
        a.shuffle(xa)
        S.shuffle(b, xb)
        assert xb == xa and b.getstate() == a.getstate(), size


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 129])
def test_draw_only_draws_what_a_shuffle_of_that_many_draws(size):
    a, b = random.Random(size), random.Random(size)
    a.shuffle(list(range(size)))
    S.draw_only(b, size)
    assert b.getstate() == a.getstate()


def test_another_generator_class_shuffles_its_own_way():
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()

    x = [1, 2, 3, 4]
    S.shuffle(Reversing(1), x)
    assert x == [4, 3, 2, 1]
    rng = Reversing(1)
    before = rng.getstate()
    S.draw_only(rng, 5)                 # its shuffle draws nothing: neither does this
    assert rng.getstate() == before
