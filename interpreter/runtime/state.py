"""State: plain data only (dicts, lists, ints, strings), so it clones, saves and hashes.

Layout:
  n, variant, options, seed   the game's parameters
  rng                         the seeded generator's whole state (one int)
  g                           game counters         pl  one dict of counters per seat
  z                           zone key -> card ids (last = top); player zones are "seat.name"
  loc                         card id -> zone key   roles  role -> seat
  cs                          card state (declared card_state only): name -> {card: value}
                              holding only values that differ from the start value
  v, pv                       (only for a game declaring values) game values: name -> JSON,
                              player values: one dict per seat; never changed in place
                              (values.py), so a clone copies only these dicts
  capped                      (only once set) the game was stopped by a cap (end game as capped)
  drawn                       (only once set) the game was ended as a draw (end game as draw)
  stack, pending              running scripts (frames) and the decision they wait for
  over, result, decisions, phase
"""
from __future__ import annotations

import hashlib
import json
import marshal

from .. import zone_keys
from ..effects import rng
from ..effects.values import plain

FORMAT = 1


def initial_state(g, n: int, seed: int, variant: str, options: dict) -> dict:
    z = {k: [] for k in zone_keys.all_keys(g, n)}
    loc = {}
    for cid, zone in g.card_start.items():
        z[zone].append(cid)
        loc[cid] = zone
    return {
        "format": FORMAT, "game": g.id, "n": n, "variant": variant, "options": dict(options),
        "seed": seed, **rng.seed_fields(seed),   # generator state + its version
        "g": {k: c.start for k, c in g.game_counters.items()},
        "pl": [{k: c.start for k, c in g.player_counters.items()} for _ in range(n)],
        "z": z, "loc": loc, "roles": {r: None for r in g.roles},
        "stack": [{"p": "flow", "pc": 0, "l": {"me": None}, "r": None}],
        "pending": None, "over": False, "result": None, "decisions": 0, "phase": None,
        # card state: name -> {card: value}, only for values other than the declared start
        **({"cs": {k: {} for k in g.card_state}} if g.card_state else {}),
        **_values(g, n),
    }


def _values(g, n: int) -> dict:
    """The values' fields, present only when the game declares values (so a game without
    them keeps its states, hashes and saves unchanged)."""
    out = {}
    if g.game_values:
        out["v"] = {k: plain(v.start, k) for k, v in g.game_values.items()}
    if g.player_values:
        out["pv"] = [{k: plain(v.start, k) for k, v in g.player_values.items()} for _ in range(n)]
    return out


def clone(state: dict) -> dict:
    """An independent copy, made knowing the layout: what the rules change in place (zones,
    counters, locations, card state, frames' locals and their lists) is copied; what is never
    changed once made (a pending decision's options, the result, texts) is shared.
    (Copies are made by C loops, map and zip: a greedy bot clones once per option.)"""
    c = state.copy()
    z = state["z"]
    c["z"] = dict(zip(z, map(list.copy, z.values())))
    c["loc"] = state["loc"].copy()
    c["pl"] = list(map(dict.copy, state["pl"]))
    c["g"] = state["g"].copy()
    c["roles"] = state["roles"].copy()
    c["options"] = state["options"].copy()
    c["stack"] = list(map(_frame, state["stack"]))
    p = state["pending"]
    if p is not None:
        c["pending"] = dict(p, ans=p["ans"].copy(), seats=p["seats"][:])
    if "cs" in state:
        c["cs"] = {k: v.copy() for k, v in state["cs"].items()}
    if "pv" in state:       # values are replaced, never changed in place: one level suffices
        c["pv"] = list(map(dict.copy, state["pv"]))
    if "v" in state:
        c["v"] = state["v"].copy()
    return c


_CHANGED_IN_PLACE = frozenset((list, dict))


def _frame(fr: dict) -> dict:
    # a frame's locals may be changed in place (append, set xs[i]) one level deep: a list or
    # mapping a local holds is copied; what lies deeper is never changed in place
    c = fr.copy()
    local = c["l"] = fr["l"].copy()
    for k, v in fr["l"].items():
        if type(v) in _CHANGED_IN_PLACE:
            local[k] = v.copy()
    return c


# Zones and locations are flat (card ids and zone keys, never shared with another part of
# the state): copied directly; the rest, of any depth, goes through marshal in one piece,
# so lists shared inside it (a local and a pending option's value) stay shared in the copy.
_FLAT = ("z", "loc")


def deep_clone(state: dict) -> dict:
    """A copy sharing nothing (for code that may change any part of a state)."""
    rest = state.copy()
    for k in _FLAT:
        del rest[k]
    c = state.copy()
    c.update(marshal.loads(marshal.dumps(rest)))
    z = state["z"]
    c["z"] = dict(zip(z, map(list.copy, z.values())))
    c["loc"] = state["loc"].copy()
    return c


def to_json(state: dict) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def from_json(text: str) -> dict:
    return json.loads(text)


def position_hash(state: dict) -> str:
    """A hash of the game's position that does not depend on how the engine compiled the
    rules: frames are named by program and locals, without their pc or the engine's own
    temporaries ($-names). Save files keep it, so a faster engine still replays them."""
    stack = [{"p": fr["p"], "r": fr.get("r"),
              "l": {k: v for k, v in fr["l"].items() if not k.startswith("$")}}
             for fr in state["stack"]]
    return hashlib.sha256(to_json(dict(state, stack=stack)).encode()).hexdigest()[:16]


def state_hash(state: dict) -> str:
    return hashlib.sha256(to_json(state).encode()).hexdigest()[:16]
