"""random.Random.shuffle, the same draws and the same order, at about 60% of its cost.

Dealing an imagined world (bots/worlds.py) shuffles a hundred cards or more, and the bots'
choices, pinned by seed, depend on every draw. Random.shuffle calls the Python method
_randbelow(n) for each card, which draws getrandbits(n.bit_length()) until the draw is below
n; the loop below does the same draws without that call. An import-time check compares the
two on lists of many lengths (the order and the generator's state after); where they
disagree (a Python whose Random shuffles otherwise), or for any other generator class,
rng.shuffle itself is used.
"""
from __future__ import annotations

import random


def _shuffle_inline(rng, x: list) -> None:
    bits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        x[i], x[j] = x[j], x[i]


def _draw_inline(rng, size: int) -> None:
    bits = rng.getrandbits
    for n in range(size, 1, -1):
        k = n.bit_length()
        while bits(k) >= n:
            pass


def _agrees() -> bool:
    """Whether this Python's Random.shuffle draws as _shuffle_inline does."""
    for size in (*range(40), 100, 257, 1000):
        a, b = random.Random(size), random.Random(size)
        xa, xb = list(range(size)), list(range(size))
        a.shuffle(xa)
        _shuffle_inline(b, xb)
        if xa != xb or a.getstate() != b.getstate():
            return False
        _draw_inline(b, size)
        a.shuffle(xa)
        if a.getstate() != b.getstate():
            return False
    return True


_SAME = _agrees()


def shuffle(rng, x: list) -> None:
    """rng.shuffle(x): the same order and generator state after, faster for random.Random."""
    if _SAME and type(rng) is random.Random:
        _shuffle_inline(rng, x)
    else:
        rng.shuffle(x)


def draw_only(rng, size: int) -> None:
    """The draws of rng.shuffle on a list of `size` equal items, whose order it cannot change."""
    if _SAME and type(rng) is random.Random:
        _draw_inline(rng, size)
    else:
        rng.shuffle([None] * size)
