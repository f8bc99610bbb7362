"""Lookups the running game needs, built once from the GameDef: the result, zone specs by
key, card state reset per zone, stack limits."""
from __future__ import annotations


def result_fn(g):
    def result(vm):
        n = vm.s["n"]
        score = g.exprs.get("score")
        rank = g.exprs.get("ranking")
        scores = [score(vm, p) if score else 0 for p in range(n)]
        keys = [rank(vm, p) if rank else [scores[p]] for p in range(n)]
        order = sorted(range(n), key=lambda p: keys[p], reverse=True)
        best = keys[order[0]]
        winners = [p for p in order if keys[p] == best]
        if vm.s.get("capped"):
            winners = []
        return {"winners": winners, "scores": scores, "ranking": order,
                "draw": len(winners) != 1}
    return result


def zone_spec_fn(g):
    cache = {}

    def spec(key):
        s = cache.get(key)
        if s is None:
            if key[0].isdigit():
                s = g.player_zones[key.split(".")[1]]
            else:
                s = g.game_zones[key.split(".")[0]]
            cache[key] = s
        return s
    return spec


def _base(key):
    """A zone key's zone name: "board.d4" -> "board", "2.hand" -> "hand"."""
    parts = key.split(".")
    return parts[1] if parts[0].isdigit() else parts[0]


def resets_fn(g):
    """zone key -> the card state names a card loses on entering it (cached)."""
    cache = {}
    kept = {name: set(spec.kept_in) for name, spec in g.card_state.items()
            if spec.kept_in is not None}

    def resets(key):
        r = cache.get(key)
        if r is None:
            base = _base(key)
            r = cache[key] = tuple(n for n, zones in kept.items() if base not in zones)
        return r
    return resets


def stack_limit_fn(g):
    """zone key -> the most cards it may hold (a board cell's stack limit), or None."""
    limits = {b.zone_key[c]: b.stack_limit for b in g.boards.values() if b.stack_limit
              for c in b.cells}
    return limits.get
