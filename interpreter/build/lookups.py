"""Lookups the running game needs, built once from the GameDef: the result, zone specs by
key, card state reset per zone, stack limits, zones that refill as soon as they empty."""
from __future__ import annotations

from .. import zone_keys


def result_fn(g):
    if g.cooperative:
        return team_result_fn(g)

    def result(vm):
        n = vm.s["n"]
        score = g.exprs.get("score")
        rank = g.exprs.get("ranking")
        scores = [score(vm, p) if score else 0 for p in range(n)]
        keys = [rank(vm, p) if rank else [scores[p]] for p in range(n)]
        order = sorted(range(n), key=lambda p: keys[p], reverse=True)
        best = keys[order[0]]
        winners = [p for p in order if keys[p] == best]
        if vm.s.get("capped"):    # `end game as capped`: stopped, neither won nor drawn
            return {"winners": [], "scores": scores, "ranking": order, "draw": False,
                    "capped": True}
        if vm.s.get("drawn"):     # `end game as draw`: a draw by the rules
            winners = []
        return {"winners": winners, "scores": scores, "ranking": order,
                "draw": len(winners) != 1}
    return result


def team_result_fn(g):
    """A cooperative game's result: every seat wins (end.wins held when it ended) or none
    does, each with the team's score; `team` holds the team's score and win. A cap or a
    draw is the team's too: no seat wins."""
    def result(vm):
        s, n = vm.s, vm.s["n"]
        score, wins = g.exprs.get("score"), g.exprs.get("team_wins")
        team = score(vm) if score else 0
        stopped = s.get("capped") or s.get("drawn")
        won = bool(wins(vm)) if wins and not stopped else False
        out = {"winners": list(range(n)) if won else [], "scores": [team] * n,
               "ranking": list(range(n)), "draw": bool(s.get("drawn")),
               "team": {"score": team, "won": won}}
        if s.get("capped"):
            out["capped"] = True
        return out
    return result


class Lookup(dict):
    """key -> value computed once by `make` on first use, then read at dict speed."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


def zone_spec_fn(g):
    """zone key -> its ZoneSpec (called as a function: the lookup's __getitem__)."""
    def make(key):
        seat, name, _ = zone_keys.parse(key)
        return g.game_zones[name] if seat is None else g.player_zones[name]
    return Lookup(make).__getitem__


def resets_fn(g):
    """zone key -> the card state names a card loses on entering it."""
    kept = {name: set(spec.kept_in) for name, spec in g.card_state.items()
            if spec.kept_in is not None}

    def make(key):
        base = zone_keys.group_name(key)
        return tuple(n for n, zones in kept.items() if base not in zones)
    return Lookup(make).__getitem__


def stack_limit_fn(g):
    """zone key -> the most cards it may hold (a board cell's stack limit), or None."""
    limits = {b.zone_key[c]: b.stack_limit for b in g.boards.values() if b.stack_limit
              for c in b.cells}
    return limits.get


def refills_at_once_fn(g):
    """zone key -> its ZoneSpec when it refills as soon as it empties (refill_when: empty),
    else None; asked only when a zone has just lost its last card."""
    def make(key):
        seat, name, _ = zone_keys.parse(key)
        spec = (g.game_zones if seat is None else g.player_zones).get(name)
        return spec if spec is not None and spec.refill_from and \
            spec.refill_when == "empty" else None
    return Lookup(make).__getitem__
