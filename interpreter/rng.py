"""A seeded random number generator whose whole state is one integer in the game state.

SplitMix64: tiny, fast, and its state clones and serialises as a plain int, so
the same seed and the same decisions give the same game, byte for byte.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1


def next_u64(state: dict) -> int:
    x = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK
    state["rng"] = x
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(state: dict, n: int) -> int:
    """A uniform integer in [0, n)."""
    if n <= 1:
        return 0
    # rejection sampling keeps it unbiased
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        r = next_u64(state)
        if r < limit:
            return r % n


def shuffle(state: dict, items: list) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
