"""A seeded random number generator whose whole state is one integer in the game state.

SplitMix64: tiny, fast, and its state clones and serialises as a plain int, so
the same seed and the same decisions give the same game, byte for byte.

Seeding has versions, recorded in the state ("rngv", absent for version 1) and in saves
("generator"), so a game saved before a change still replays with its own stream:
  1  state = seed * GOLDEN + C. The generator steps by GOLDEN too, so seed s + 1 replayed
     seed s's stream shifted by one draw: nearby seeds were not independent.
  2  state = the first 8 bytes of SHA-256 of the seed: nearby seeds start at unrelated
     points of the cycle (two streams of a million draws overlap with odds ~2**-44).
"""
from __future__ import annotations

import contextlib
import contextvars
import hashlib
import secrets

_MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
VERSION = 2                 # the seeding of new games
VERSIONS = (1, 2)           # every seeding a save may name
SEED_BITS = 128             # a seed is a whole number with |seed| < 2**128

_seeding = contextvars.ContextVar("rulebook_rng_seeding", default=VERSION)


def next_u64(state: dict) -> int:
    x = (state["rng"] + GOLDEN) & _MASK
    state["rng"] = x
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def finalise(z: int) -> int:
    """SplitMix64's finaliser: a 64-bit number whose every bit depends on every bit of z (the
    bots' mix of a seed with a decision number). It is the generator's own last step, run on
    a throwaway state, so that it is written once and drawing pays no extra call."""
    return next_u64({"rng": (z - GOLDEN) & _MASK})


class NeedOutcome(BaseException):
    """A draw inside `forced` found no forced outcome left: `n`, how many outcomes it has
    (equally likely). A BaseException, so that no rule's error handling takes it for a bug."""

    def __init__(self, n: int):
        super().__init__(n)
        self.n = n


_forced = contextvars.ContextVar("rulebook_rng_forced", default=None)


@contextlib.contextmanager
def forced(outcomes: list):
    """Inside, each draw below(n) takes the next of `outcomes` (a whole number below its n)
    instead of the generator's, and raises NeedOutcome(n) when they run out: how exact
    analysis walks every outcome of a game's chance (interpreter/openspiel, chance
    'explicit': it replays a decision with a growing list). A shuffle draws as Fisher-Yates
    does: below(k + 1) for k from the last position down."""
    token = _forced.set([list(outcomes), 0])
    try:
        yield
    finally:
        _forced.reset(token)


def below(state: dict, n: int) -> int:
    """A uniform integer in [0, n)."""
    if n <= 1:
        return 0
    f = _forced.get()
    if f is not None:
        outcomes, i = f
        if i >= len(outcomes):
            raise NeedOutcome(n)
        f[1] = i + 1
        if not 0 <= outcomes[i] < n:
            raise ValueError(f"forced outcome {outcomes[i]!r} is not below {n}")
        return outcomes[i]
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


def _digest64(*parts: int) -> int:
    """64 well-mixed bits from whole numbers of any size (no decimal text: fast, unbounded)."""
    h = hashlib.sha256(b"rulebook-rng")
    for p in parts:
        h.update(p.to_bytes(p.bit_length() // 8 + 1, "little", signed=True) + b"|")
    return int.from_bytes(h.digest()[:8], "little")


def seed_state(seed: int, version: int | None = None) -> int:
    """The generator's first state for a seed, under a seeding version (default: the one
    in use, see `seeding`)."""
    v = version or _seeding.get()
    if v == 1:
        return (seed * GOLDEN + 0x632BE59BD9B4E019) & _MASK
    return _digest64(seed)


def seed_fields(seed: int) -> dict:
    """The state's generator fields for a new game: its state, and its seeding version
    when that is not 1 (so a version-1 state is exactly what it always was)."""
    v = _seeding.get()
    return {"rng": seed_state(seed, v), **({"rngv": v} if v != 1 else {})}


@contextlib.contextmanager
def seeding(version: int):
    """New games made inside use this seeding version (a save's, to replay it)."""
    if version not in VERSIONS:
        raise ValueError(f"unknown generator version {version!r}")
    token = _seeding.set(version)
    try:
        yield
    finally:
        _seeding.reset(token)


def derive_seed(run_seed: int, index: int) -> int:
    """Game `index`'s seed in a run of many games (simulate): a hash of both, so games of
    one run, and runs of nearby seeds, share no stream."""
    return _digest64(run_seed, index)


def seed_problem(seed) -> str:
    """Why a value cannot be a seed, or ''."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        return "not a whole number"
    if seed.bit_length() > SEED_BITS:
        return f"too large (a seed is a whole number below 2**{SEED_BITS})"
    return ""


def new_seed() -> int:
    """A fresh seed from the operating system's entropy: 64 bits nobody can guess."""
    return secrets.randbits(64)
