"""What one seat may see: a plain dict built only from what the game declares visible.

    view(game, state, seat)   seat is 0-based; None gives a spectator (public only)

Zones: visibility "all" -> card labels; "owner" -> labels for the owner, a count for
others; "none" -> a count for everyone. Counters: "all" for everyone, "owner" for the
owner only; values (`values:`) likewise, in "values" per seat and for the game.
The pending prompt and options appear only for a seat that must decide now.
Derived stats are shown only as far as everything they read is visible (see stat_levels).
"""
from __future__ import annotations

from ..effects.values import shown
from ..runtime.evaluation import Evaluator
from ..runtime import decisions
from ..model import visible_key
from ..runtime.visibility import declared, declared_as, sees, stat_levels, zone_sight
from .. import zone_keys

_cache: dict = {}   # id(GameDef) -> (GameDef, {stat: fn}, {stat: level})


def view(game, s: dict, seat: int | None) -> dict:
    g = game.g
    label = g.card_labels
    n = s["n"]
    waiting = game.waiting(s)
    stat_fns, levels = _stats(g)
    evaluator = Evaluator(g, s)
    seats = []
    for p in range(n):
        mine = seat == p
        counters = {k: v for k, v in s["pl"][p].items()
                    if sees(g, "counter", k, p, seat)}
        stats = {}
        for name, fn in stat_fns.items():
            level = levels[name]
            if declared(level, p, seat):
                stats[name] = evaluator(fn, p)
        zones = {}
        for name, spec in g.player_zones.items():
            see, test = zone_sight(g, evaluator, name, p, seat)
            shown_as = declared_as(g, "zone", name, p)
            for key in zone_keys.group_keys(name, spec.keys, p):
                zones[zone_keys.without_seat(key)] = _zone(s["z"][key], shown_as, see, label,
                                                           test)
        seat_view = {"seat": p, "label": g.seat_label(p), "you": mine, "counters": counters,
                     "stats": stats, "zones": zones}
        if g.player_values:
            specs = g.player_values
            seat_view["values"] = {k: shown(g, specs[k], x) for k, x in s["pv"][p].items()
                                   if sees(g, "value", k, p, seat)}
        seats.append(seat_view)
    zones = {}
    for name, spec in g.game_zones.items():
        if name in g.boards or not spec.shown:     # a board is drawn; a box is out of play
            continue
        see, test = zone_sight(g, evaluator, name, None, seat)
        for key in zone_keys.group_keys(name, spec.keys):
            zones[key] = _zone(s["z"][key], declared_as(g, "zone", name, None), see, label,
                               test)
    v = {
        "game": g.id, "name": g.name, "seat": seat,
        "seat_label": g.seat_label(seat) if seat is not None else "spectator",
        "players": n, "variant": s["variant"], "phase": s["phase"],
        "decisions": decisions.seen_decisions(s, seat),    # other seats' secret steps not counted
        # game counters have no owner: only public ones are shown, to everyone
        "counters": {k: v for k, v in s["g"].items()
                     if sees(g, "counter", k, None, seat)},
        "roles": {r: (g.seat_label(p) if p is not None else None) for r, p in s["roles"].items()},
        "seats": seats, "zones": zones,
        "waiting": [g.seat_label(p) for p in waiting],
        "over": s["over"],
    }
    if g.game_values:       # like game counters: only the public ones, to everyone
        v["values"] = {k: shown(g, g.game_values[k], x) for k, x in s["v"].items()
                       if sees(g, "value", k, None, seat)}
    if g.boards:
        v["boards"] = {name: _board(g, evaluator, s, b, seat) for name, b in g.boards.items()}
    if "status" in g.exprs:
        v["status"] = evaluator(g.exprs["status"], viewer=seat, me=seat)
    if seat is not None and seat in waiting:
        v["prompt"] = game.prompt(s, seat)
        v["options"] = game.options(s, seat)
        if decisions.kind(s) == decisions.SEQUENCE:   # this seat's own steps so far
            v["steps"] = game.steps(s, seat)
        number = number_input(game, s, seat)
        if number:
            v["number"] = number
    if s["over"] and s["result"]:
        r = s["result"]
        v["result"] = {"winners": [g.seat_label(p) for p in r["winners"]],
                       "scores": {g.seat_label(p): x for p, x in enumerate(r["scores"])},
                       "draw": r.get("draw", len(r["winners"]) != 1)}
    return v


def number_input(game, s: dict, seat: int) -> dict | None:
    """When a seat's options are a number in a range (a bid), how a person types it:
    {"lo", "hi", "fmt", "others": [[label, value]...]} (the options outside the range, e.g.
    "pass", or a number the rules punish); None for any other kind of choice."""
    return decisions.number_entry(s, seat)


def _zone(cards, visibility, see, label, card_test=None) -> dict:
    z = {"visibility": visibility, "count": len(cards)}
    if see:
        z["cards"] = [label[c] if card_test is None or card_test(c) else HIDDEN for c in cards]
    return z


HIDDEN = "(hidden)"   # a card whose identity this seat may not see


def _board(g, evaluator, s, board, seat) -> dict:
    """A board as a seat sees it: per place its stack, bottom first (each card shows its
    label only if the seat may see it, and its public card state), its features, and the
    markers (player values holding a place) this seat may see. A grid's cell also has its
    position and rim distance; a hex board gives what rebuilds its geometry (rows, faces)."""
    _, see = zone_sight(g, evaluator, board.name, None, seat)
    public = [(name, spec) for name, spec in g.card_state.items()]
    cs = s.get("cs", {})
    cells = {}
    for cell in board.cells:
        stack = []
        for c in s["z"][board.zone_key[cell]]:
            entry = {"card": g.card_labels[c] if see is None or see(c) else None}
            for name, spec in public:
                entry[name] = shown(g, spec, cs[name].get(c, spec.start))   # seats by name
            stack.append(entry)
        if board.shape == "grid":
            col, row = board.position[cell]
            cells[cell] = {"col": col, "row": row, "rim": board.rim[cell], "cards": stack}
            if board.rim_worth:
                cells[cell]["worth"] = board.rim_worth[board.rim[cell]]
        else:
            cells[cell] = {"cards": stack}
        if board.features[cell]:
            cells[cell]["features"] = dict(board.features[cell])
    # which features the board uses, for its legend: hidden cards, seat marks
    hides = visible_key(board.name, None) in g.exprs
    marks = any(spec.type == "players" for _, spec in public)
    if board.shape == "grid":
        out = {"shape": board.shape, "rows": board.rows, "cols": board.cols}
        if board.rim_worth:
            out["rim_says"] = board.rim_says
    else:
        out = {"shape": board.shape}
    out.update(stack_limit=board.stack_limit, hides=hides, marks=marks, cells=cells,
               # card state drawn beside the cards (show: true), its start as cards show it
               shown={name: shown(g, spec, spec.start) for name, spec in public if spec.show})
    if board.shape != "grid":
        out.update(rows=list(board.rows), orientation=board.orientation, places=board.places,
                   faces=list(board.face_names), remove=list(board.removed),
                   face_features={f: dict(x) for f, x in board.features.items()
                                  if f in board.corners and x})
    markers = _markers(g, s, board, seat)
    if markers:
        out["markers"] = markers
    return out


def _markers(g, s, board, seat) -> dict:
    """place (or hex face) -> [[who, value name], ...]: the board's `markers:` values this
    seat may see. A player value marks with its seat the place it holds, each place of a list
    it holds, each key of a mapping it holds (where the entry is not none, 0 or false); a game
    value marks the place or the places of a list it holds with its name (who: none), and each
    key of a mapping with the player the entry names (a controller per hexagon)."""
    out = {}
    for name in board.markers:
        if name in g.player_values:
            held = [(p, s["pv"][p].get(name)) for p in range(s["n"])
                    if sees(g, "value", name, p, seat)]
        elif name in g.game_values and sees(g, "value", name, None, seat):
            held = [(None, s["v"].get(name))]
        else:
            continue
        for p, value in held:
            if isinstance(value, dict) and p is not None:     # the seat's own entries
                marks = [(k, p) for k, x in value.items() if x not in (None, 0, False)]
            elif isinstance(value, dict):                     # entries naming seats
                marks = [(k, x) for k, x in value.items() if type(x) is int]
            else:
                marks = [(x, p) for x in (value if isinstance(value, list) else [value])]
            for where, who in marks:
                place = board.feature_key(where) if isinstance(where, str) else None
                if place is not None:
                    out.setdefault(place, []).append(
                        [g.seat_label(who) if who is not None else None, name])
    return out


# ------------------------------------------------------------------ stats
def _stats(g):
    hit = _cache.get(id(g))
    if hit is None or hit[0] is not g:
        hit = _cache[id(g)] = (g, dict(g.stat_fns), stat_levels(g))
    return hit[1], hit[2]
