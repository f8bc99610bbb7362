"""A bot's random numbers for one decision, from (bot seed, decision number) alone."""
from __future__ import annotations

import random

from ..effects.rng import GOLDEN, finalise
from ..runtime.decisions import seen_decisions

M64 = (1 << 64) - 1


def mix(seed: int, n: int) -> int:
    """A 64-bit number from two integers (splitmix64's finaliser over both): nearby seeds
    and decision numbers give unrelated results."""
    return finalise((seed * GOLDEN + n * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & M64)


def decision_stream(seed: int, state: dict, seat=None) -> random.Random:
    """A generator for the bot's choice at this position: seeded by the bot's seed and the
    number of decisions made so far as the seat may count them (state["decisions"], less
    other seats' steps in a pending secret sequence), never by anything it carries over."""
    return random.Random(mix(seed, seen_decisions(state, seat)))
