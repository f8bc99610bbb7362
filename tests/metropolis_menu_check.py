"""Metropolis's program menu against a full resolution of each candidate step (issue 25
item 1): random games are played; at every program step of every seat, the seat's earlier
steps are resolved through the game's own `resolve_index` on a copy of the state (its bid
paid, its placements made, nobody else acting), and every action the seat could write as the
next step is checked with the rules' own `can_act` on the resolved state (the "fails if"
column of M 7; the checks M 8.4 makes on the state before an index).

- missing: an action that would succeed, not on the menu;
- extra: an offered action that would fail in the resolved state (a fee set to the value it
  already has is no failure, and is not counted as missing either). Some are uncertain to the
  seat (a pick-up in a hexagon whose control its own investment may or may not win: the
  others' investments are secret, I 22), and are offered on purpose; the rest are certain
  failures (none expected).

Used by tests/test_metropolis_menu.py (a few games) and run by hand for the figures:
`python tests/metropolis_menu_check.py 140`.
"""
from __future__ import annotations

import copy
import json
import random
import sys
from collections import Counter

from interpreter.effects.compiler import Compiler, Scope
from interpreter.effects.parser import parse_expression
from interpreter.runtime.vm import VM

from scenario import Log, clear_flow, run

_FNS: dict = {}


def _fn(game, text, types):
    key = (id(game.g), text)
    if key not in _FNS:
        _FNS[key] = Compiler(game.g).expr(parse_expression(text), Scope(game.g, types))[0]
    return _FNS[key]


def ev(game, s, text, **local):
    types = {k: ("player" if k == "p" else "any") for k in local}
    vm = VM(game.g, s)
    vm.l = dict(local)
    return _fn(game, text, types)(vm)


def key(a) -> tuple:
    """An action's identity: its kind and parameter (a shift by rail and new end)."""
    kind, param = a[0], a[1]
    if kind == "shift":
        param = param[:2]
    return kind, json.dumps(param)


def universe(game, s, seat) -> list:
    """Every action the seat could write as a step, in the resolved state s."""
    at = s["pv"][seat]["at"]
    placed = s["v"]["placed"]
    items = s["pv"][seat]["items"]
    acts = [["move", d] for d, _ in ev(game, s, "exits(v)", v=at)]
    for r in placed:
        acts += [["rail", r[0]], ["ride", r[0]]]
        if "Free Ride" in items:
            acts.append(["Free Ride", r[0]])
        if r[3] == seat:
            # a fee set to the rail's own fee changes nothing: not an action worth offering
            acts += [["fee", [r[0], f]] for f in range(game.g.constants["max_fee"] + 1)
                     if f != r[4]]
            acts += [["shift", [r[0], w]] for w, _ in ev(game, s, "chords_at(v)", v=at)]
    acts += [["invest", [f, k]] for f in ev(game, s, "faces_at(v)", v=at) for k in (1, 2, 3)]
    acts += [["pick up", None], ["drop off", "matching"], ["drop off", "all"],
             ["carriage", None], ["point", None]]
    if "Teleport" in items:
        acts += [["Teleport", v] for v in ev(game, s, "vertices()")]
    return acts


def resolved(game, s, seat):
    """A copy of s at the seat's program prompt with its bid paid, its placements made and
    its steps so far resolved by the rules, nobody else acting; None when a step failed."""
    p = s["pending"]
    steps = p["so_far"][str(seat)]
    loc = s["stack"][-1]["l"]
    c = copy.deepcopy(s)
    clear_flow(c)
    c["pl"][seat]["coins"] -= loc["bids"][seat]
    for r in loc["mine"][seat]:
        if not ev(game, c, "chord_taken(a, b)", a=r[1], b=r[2]):
            c["v"] = dict(c["v"], placed=c["v"]["placed"] + [r])
            c["pv"][seat] = dict(c["pv"][seat], unplaced=[u for u in c["pv"][seat]["unplaced"]
                                                          if u[0] != r[0]])
    progs = [[] for _ in range(c["n"])]
    progs[seat] = steps
    for i in range(len(steps)):
        run(game, c, "proc:resolve_index", {"me": None, "i": i, "progs": progs,
                                             "bids": [0] * c["n"]}, listener=Log())
        if c["pl"][seat]["failed"]:
            return None
    return c


def check(game, s, seat, tally: Counter) -> None:
    """Compare the seat's menu at this step with the resolution; count into tally."""
    game.build_menus(s, seat)           # (a step's menu is built when read)
    offered = s["pending"]["opts"][str(seat)]["vals"]
    if not offered:                     # at the program's maximum: only done / undo
        return
    c = resolved(game, s, seat)
    if c is None:
        tally["prefix failed"] += 1
        return
    tally["steps"] += 1
    on_menu = {key(a) for a in offered}
    ok = {key(a) for a in universe(game, c, seat) if ev(game, c, "can_act(p, a)", p=seat, a=a)}
    for k in ok - on_menu:
        tally["missing " + k[0]] += 1
    for a in offered:
        if not ev(game, c, "can_act(p, a)", p=seat, a=a):
            uncertain = a[0] == "pick up" and not ev(game, c, "controls_at(p, v)", p=seat,
                                                     v=c["pv"][seat]["at"])
            tally[("uncertain " if uncertain else "extra ") + a[0]] += 1


def play(game, seeds, tally: Counter | None = None) -> Counter:
    """Random games (random bots); every program step of every seat is checked."""
    tally = Counter() if tally is None else tally
    for seed in seeds:
        s = game.new_state(5, seed=seed)
        r = random.Random(seed)
        while not s["over"]:
            seat = game.waiting(s)[0]
            if s["pending"].get("seq") is not None and str(seat) in s["pending"]["so_far"] \
                    and "mine" in s["stack"][-1]["l"]:            # a program, not the pregame bid
                check(game, s, seat, tally)
            game.apply(s, seat, r.randrange(game.bot_option_count(s, seat)))
        tally["games"] += 1
    return tally


def missing(tally: Counter) -> int:
    return sum(v for k, v in tally.items() if k.startswith("missing "))


if __name__ == "__main__":
    from interpreter.runtime.game import Game  # noqa: F401 - the path is set by PYTHONPATH
    from scenario import _GAMES  # noqa: F401
    from test_metropolis_scenarios import load
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    t = play(load("metropolis"), range(n))
    print(dict(sorted(t.items())))
    print("missing in all:", missing(t))
