"""A bot's random numbers for one decision, from (bot seed, decision number) alone."""
from __future__ import annotations

import random

from ..runtime.decisions import seen_decisions

M64 = (1 << 64) - 1


def mix(seed: int, n: int) -> int:
    """A 64-bit number from two integers (splitmix64's finaliser over both): nearby seeds
    and decision numbers give unrelated results."""
    x = (seed * 0x9E3779B97F4A7C15 + n * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & M64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & M64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & M64
    return x ^ (x >> 31)


def decision_stream(seed: int, state: dict, seat=None) -> random.Random:
    """A generator for the bot's choice at this position: seeded by the bot's seed and the
    number of decisions made so far as the seat may count them (state["decisions"], less
    other seats' steps in a pending secret sequence), never by anything it carries over."""
    return random.Random(mix(seed, seen_decisions(state, seat)))
