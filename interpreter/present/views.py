"""What one seat may see: a plain dict built only from what the game declares visible.

    view(game, state, seat)   seat is 0-based; None gives a spectator (public only)

Zones: visibility "all" -> card labels; "owner" -> labels for the owner, a count for
others; "none" -> a count for everyone. Counters: "all" for everyone, "owner" for the
owner only; values (`values:`) likewise, in "values" per seat and for the game.
The pending prompt and options appear only for a seat that must decide now.
Derived stats are shown only as far as everything they read is visible (see stat_levels).
"""
from __future__ import annotations

from ..effects.menus import label_of
from ..effects.values import shown
from ..runtime.evaluation import Evaluator
from ..runtime import decisions
from ..runtime.redaction import Reader
from ..runtime.visibility import (board_hides, count_shown, declared, declared_as, mark_words,
                                  sees, stat_levels, zone_sight)
from .. import zone_keys
from .card_details import card_details
from .option_groups import menu_groups

_cache: dict = {}   # id(GameDef) -> (GameDef, {stat: fn}, {stat: level})


def view(game, s: dict, seat: int | None) -> dict:
    g = game.g
    label = g.card_labels
    n = s["n"]
    waiting = game.waiting(s)
    stat_fns, levels = _stats(g)
    evaluator = Evaluator(g, s)
    # public knowledge about cards (`mark`), as this seat was told it
    told = (lambda card: mark_words(s, card, seat)) if s.get("mk") else None
    seats = []
    for p in range(n):
        mine = seat == p
        counters = {k: v for k, v in s["pl"][p].items()
                    if sees(g, "counter", k, p, seat) and g.player_counters[k].shown}
        stats = {}
        for name, fn in stat_fns.items():
            level = levels[name]
            if declared(level, p, seat):
                stats[name] = evaluator(fn, p)
        zones = {}
        for name, spec in g.player_zones.items():
            see, test = zone_sight(g, evaluator, name, p, seat)
            shown_as = declared_as(g, "zone", name, p)
            counted = count_shown(g, name, p, seat)
            for key in zone_keys.group_keys(name, spec.keys, p):
                zones[zone_keys.without_seat(key)] = _zone(s["z"][key], shown_as, see, label,
                                                           test, counted, told, g, spec)
        seat_view = {"seat": p, "label": g.seat_label(p), "you": mine, "counters": counters,
                     "stats": stats, "zones": zones}
        if g.player_values:
            specs = g.player_values
            seat_view["values"] = {k: _value(g, evaluator, ("player", k), specs[k], x, seat)
                                   for k, x in s["pv"][p].items()
                                   if sees(g, "value", k, p, seat) and specs[k].shown}
        seats.append(seat_view)
    zones = {}
    for name, spec in g.game_zones.items():
        if name in g.boards or not spec.shown:     # a board is drawn; a box is out of play
            continue
        see, test = zone_sight(g, evaluator, name, None, seat)
        counted = count_shown(g, name, None, seat)
        for key in zone_keys.group_keys(name, spec.keys):
            zones[key] = _zone(s["z"][key], declared_as(g, "zone", name, None), see, label,
                               test, counted, told, g, spec)
    v = {
        "game": g.id, "name": g.name, "seat": seat,
        "seat_label": g.seat_label(seat) if seat is not None else "spectator",
        "players": n, "variant": s["variant"], "phase": s["phase"],
        "decisions": decisions.seen_decisions(s, seat),    # other seats' secret steps not counted
        # game counters have no owner: only public ones are shown, to everyone
        "counters": {k: v for k, v in s["g"].items()
                     if sees(g, "counter", k, None, seat) and g.game_counters[k].shown},
        "roles": {r: (g.seat_label(p) if p is not None else None) for r, p in s["roles"].items()},
        "seats": seats, "zones": zones,
        "waiting": [g.seat_label(p) for p in waiting],
        "over": s["over"],
    }
    if g.game_values:       # like game counters: only the public ones, to everyone
        v["values"] = {k: _value(g, evaluator, ("game", k), g.game_values[k], x, seat)
                       for k, x in s["v"].items()
                       if sees(g, "value", k, None, seat) and g.game_values[k].shown}
    if g.boards:
        v["boards"] = {name: _board(g, evaluator, s, b, seat) for name, b in g.boards.items()}
    if "status" in g.exprs:
        evaluator.vm.named = []      # the cards it names, as this seat may see them
        text = evaluator(g.exprs["status"], viewer=seat, me=seat)
        v["status"] = Reader(g, s, seat).text(text, evaluator.vm.named)
    if seat is not None and seat in waiting:
        v["prompt"] = game.prompt(s, seat)
        v["options"] = game.options(s, seat)
        number = number_input(game, s, seat)
        # a long menu asked in two steps (option_groups.py); never a number prompt, whose
        # typed number is the value itself (group numbers would collide with it)
        groups = None if number else option_groups(game, s, seat, v["options"])
        if groups is not None:
            v["groups"] = groups
        if decisions.kind(s) == decisions.SEQUENCE:   # this seat's own steps so far
            v["steps"] = game.steps(s, seat)
        if number:
            v["number"] = number
        subset = game.subset(s, seat)
        if subset:              # choose any of: the items a person composes the set from
            v["subset"] = subset
    if g.card_details:      # what opening a card shows, for the cards on this screen
        v["card_details"] = card_details(game, s, seat, v)
    if s["over"] and s["result"]:
        r = s["result"]
        v["result"] = {"winners": [g.seat_label(p) for p in r["winners"]],
                       "scores": {g.seat_label(p): x for p, x in enumerate(r["scores"])},
                       "draw": r.get("draw", len(r["winners"]) != 1),
                       "capped": r.get("capped", False),
                       **({"team": r["team"]} if "team" in r else {})}
        terms = game.score_terms(s)     # end.breakdown: shown to everyone at the end
        if terms:
            v["result"]["terms"] = {g.seat_label(p): t for p, t in enumerate(terms)}
    return v


def _value(g, evaluator, key: tuple, spec, x, seat):
    """A value as the view shows it: in words when it declares a `display:` text (each
    entry of a list or mapping filled in, joined with '; '), else as data (shown)."""
    fn = g.value_displays.get(key)
    if fn is None:
        return shown(g, spec, x)
    if type(x) is list:
        parts = [evaluator(fn, it=e, key=None, viewer=seat) for e in x]
    elif type(x) is dict:
        parts = [evaluator(fn, it=e, key=k, viewer=seat) for k, e in x.items()]
    else:
        return evaluator(fn, it=x, key=None, viewer=seat)
    return "; ".join(parts) or "none"


def option_groups(game, s: dict, seat: int, options: list) -> list | None:
    """The groups a person's menu is shown in ([[name, [option index...]]...]), or None:
    the game's declared grouping, else a long menu's by first words (option_groups.py)."""
    return menu_groups(game.groups(s, seat), options)


def number_input(game, s: dict, seat: int) -> dict | None:
    """When a seat's options are a number in a range (a bid), how a person types it:
    {"lo", "hi", "fmt", "others": [[label, value]...]} (the options outside the range, e.g.
    "pass", or a number the rules punish); None for any other kind of choice."""
    game.build_menus(s, seat)
    return decisions.number_entry(s, seat)


def _zone(cards, visibility, see, label, card_test=None, counted=True, told=None, g=None,
          spec=None) -> dict:
    """A zone as a seat sees it; `told(card)`: what marks tell the seat of a card, shown
    after it ("(hidden) [red]"), so a hidden zone lists its backs when one is marked;
    `spec.count_by`: counted by an attribute; `spec.show_details`: listed with details."""
    z = {"visibility": visibility}
    if counted:         # (hide_count: how many is secret too)
        z["count"] = len(cards)
    words = [told(c) for c in cards] if told is not None else []
    if see or any(words):
        z["cards"] = [label[c] if see and (card_test is None or card_test(c)) else HIDDEN
                      for c in cards]
        for i, w in enumerate(words):
            if w:
                z["cards"][i] += f" [{'; '.join(w)}]"
    if see and spec is not None and spec.count_by:      # "Red 3, Green 2" (count_by:)
        z["counts"] = _counts(g, spec.count_by, [c for c in cards
                                                 if card_test is None or card_test(c)])
        unseen = len(cards) - sum(n for _, n in z["counts"])
        if unseen:
            z["counts"].append([HIDDEN, unseen])
    if see and spec is not None and spec.show_details:  # listed with card_details
        z["details"] = True
    return z


def _counts(g, attribute: str, cards: list) -> list:
    """[[value, how many], ...]: the cards counted by one attribute's value (as people read
    it), the values in the order the game's card lists first give them."""
    counts: dict = {}
    for c in cards:
        value = g.cards[c].get(attribute)
        counts[value] = counts.get(value, 0) + 1
    order = {}
    for attrs in g.cards.values():
        order.setdefault(attrs.get(attribute), len(order))
    return [[label_of(g, v), counts[v]] for v in sorted(counts, key=lambda v: order.get(v, 0))]


HIDDEN = "(hidden)"   # a card whose identity this seat may not see


def _board(g, evaluator, s, board, seat) -> dict:
    """A board as a seat sees it: per place its stack, bottom first (each card shows its
    label only if the seat may see it, and its public card state), its features, and the
    markers (player values holding a place) this seat may see. A grid's cell also has its
    position and rim distance; a hex board gives what rebuilds its geometry (rows, faces)."""
    _, see = zone_sight(g, evaluator, board.name, None, seat)
    # a card this seat sees on a board that hides cards: lying open to all, or known to it
    # alone (remembered, peeked at): "known" is "all" or "you"
    _, everyone = zone_sight(g, evaluator, board.name, None, None) if see is not None \
        else (None, None)
    public = [(name, spec) for name, spec in g.card_state.items()]
    cs = s.get("cs", {})
    says = _says(g, s, board, seat)
    cells = {}
    for cell in board.cells:
        stack = []
        for c in s["z"][board.zone_key[cell]]:
            entry = {"card": g.card_labels[c] if see is None or see(c) else None}
            if everyone is not None and entry["card"] is not None:
                entry["known"] = "all" if everyone(c) else "you"
            words = mark_words(s, c, seat)
            if words:
                entry["marks"] = words
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
        feats = _features(board, board.features[cell], s["variant"])
        if feats:
            cells[cell]["features"] = feats
        if cell in says:
            cells[cell]["shows"] = says[cell]
    # which features the board uses, for its legend: hidden cards, seat marks
    hides = board_hides(g, board.name)
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
                   face_features={f: _features(board, x, s["variant"])
                                  for f, x in board.features.items()
                                  if f in board.corners and _features(board, x, s["variant"])})
    markers = _markers(g, s, board, seat)
    if markers:
        out["markers"] = markers
    if getattr(board, "shows", None):
        out["shows"] = board.shows
    links = _links(g, s, board, seat)
    if links:
        out["links"] = links
    return out


def _links(g, s, board, seat) -> list:
    """[[place, place, who, value name], ...]: the entries of the board's `links:` values
    this seat may see that join two of its places (a rail between two corners), `who` the
    owning seat's label (none when the entry names none)."""
    out = []
    for link in board.links:
        name = link["value"]
        a, b = (link.get("ends") or [0, 1])[:2]
        owner = link.get("owner")
        held = _held(g, s, name, seat)
        for p, entries in held:
            for e in entries if isinstance(entries, list) else ():
                if not (isinstance(e, list) and max(a, b) < len(e)):
                    continue
                ends = [board.feature_key(x) if isinstance(x, str) else None for x in (e[a], e[b])]
                who = e[owner] if owner is not None and owner < len(e) else p
                if None not in ends:
                    out.append([*ends, g.seat_label(who) if type(who) is int else None, name])
    return out


def _held(g, s, name: str, seat) -> list:
    """[(owner seat or none, value)] of a value drawn on a board (links, markers), as far as
    this seat may see it: each seat's for a player value, the game's for a game value."""
    if name in g.player_values:
        return [(p, s["pv"][p].get(name)) for p in range(s["n"])
                if sees(g, "value", name, p, seat)]
    if name in g.game_values and sees(g, "value", name, None, seat):
        return [(None, s["v"].get(name))]
    return []


SAYS_WIDTH = 6      # what a place shows: a number, or a text cut to this many characters


def _says(g, s, board, seat) -> dict:
    """place -> the short text the board's `shows:` value gives it (a game value, a mapping
    of places to numbers or texts), as far as this seat may see the value; none and false
    show nothing."""
    name = getattr(board, "shows", None)
    out = {}
    for _, value in (_held(g, s, name, seat) if name else ()):
        for k, x in (value.items() if isinstance(value, dict) else ()):
            place = board.feature_key(k) if isinstance(k, str) else None
            if place is not None and x is not None and x is not False:
                out[place] = str(x)[:SAYS_WIDTH]
    return out


def _features(board, feats: dict, variant: str) -> dict:
    """A place's features in this variant (feature_variants: those of other variants out)."""
    only = board.feature_variants
    return {k: x for k, x in feats.items() if k not in only or variant in only[k]}


def _markers(g, s, board, seat) -> dict:
    """place (or hex face) -> [[who, value name], ...]: the board's `markers:` values this
    seat may see. A player value marks with its seat the place it holds, each place of a list
    it holds, each key of a mapping it holds (where the entry is not none, 0 or false); a game
    value marks the place or the places of a list it holds with its name (who: none), and each
    key of a mapping with the player the entry names (a controller per hexagon)."""
    out = {}
    for name in board.markers:
        held = _held(g, s, name, seat)
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
