"""Bounds on what one client may send: a request body's size, and a rate per client
(a token bucket keyed by the seat's token hash, or the address for requests without one),
so that a flood from one client is refused or slowed for that client only."""
from __future__ import annotations

import json
import time

MAX_BODY = 16_384       # bytes in a request body or a websocket message
MAX_DEPTH = 8           # brackets nested in a request's JSON (the API nests 3 deep)
RATE = 20.0             # requests a second, sustained, per client
BURST = 60.0            # requests at once before the rate applies
MAX_KEYS = 10_000       # buckets kept; the oldest go first


class TooMuch(Exception):
    """A request refused for its size (413) or its rate (429), or malformed (400)."""

    def __init__(self, status: int, words: str):
        super().__init__(words)
        self.status, self.words = status, words


class Buckets:
    def __init__(self, rate: float = RATE, burst: float = BURST):
        self.rate, self.burst = rate, burst
        self.state: dict = {}       # key -> (tokens, last time)

    def wait(self, key) -> float:
        """Take one token for `key`: 0 when there was one, else the seconds until there is
        (the request is then refused or delayed, the bucket left as it was)."""
        now = time.monotonic()
        tokens, last = self.state.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens >= 1:
            self.state[key] = (tokens - 1, now)
            if len(self.state) > MAX_KEYS:
                for k in list(self.state)[:MAX_KEYS // 2]:
                    del self.state[k]
            return 0.0
        self.state[key] = (tokens, now)
        return (1 - tokens) / self.rate


def parse(raw: bytes):
    """A request body's JSON (an object), within the size and depth limits; TooMuch if not."""
    if len(raw) > MAX_BODY:
        raise TooMuch(413, f"the request is larger than {MAX_BODY} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise TooMuch(400, "the request is not UTF-8 text") from None
    depth = deepest = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    if deepest > MAX_DEPTH:
        raise TooMuch(400, f"the request nests {deepest} deep; at most {MAX_DEPTH}")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise TooMuch(400, f"the request is not valid JSON ({str(e)[:80]})") from None
    if not isinstance(data, dict):
        raise TooMuch(400, "the request must be a JSON object")
    return data


def _no_constant(name):
    raise ValueError(f"{name} is not a JSON value")
