"""Imagined worlds: the state as one seat may picture it, built without peeking.

    world = determinize(game, state, seat, rng)

Every card the seat cannot see (in a zone hidden from it, or hidden on a board by
`visible_if`) is dealt again, at random, over all the places it cannot see: types
included, so a hidden card may turn out to be of any type (or, for a game that declares
`bots: hidden_types: counted`, of any type its zone is known to hold; see determinize).
Places keep their public card state (face up, who spied), since that belongs to the
place, not the identity. The generator is reseeded from the bot's own stream, so chance
ahead is imagined too.

The world is a function of what the seat sees and of the bot's generator only: the
hidden cards are collected as a sorted set and the places in a canonical order, and
the real identities are never read except to be renamed (and, with `counted`, each unseen
zone's count of each type). Renaming is a relabelling of
the whole state (zones, locations, card state, running scripts' locals, pending
options): a local naming the card on top of a deck names the new card on top.
A pending secret choice of several seats forgets their answers and is asked again in
the imagined world, so other seats' options (built from their hidden hands) are theirs
in that world, not in the real one; a pending secret sequence forgets every other seat's
steps (decisions.forget_secrets).

Another seat's `owner` counters and values, and every `none` value, are reset to their
start: a bot plans as if nothing were known of them (the engine cannot imagine them
without knowing how they were made, and must not read them). Counters with `visibility:
none` keep their values: games use it for numbers the status line says in words.
"""
from __future__ import annotations

from ..runtime import decisions
from ..errors import RulebookError
from ..runtime.visibility import can_see, card_test
from ..runtime.state import deep_clone
from ..effects.values import plain
from ..runtime.vm import VM


# what the rules or an evaluation may raise in an impossible world (a card dealt where the
# rules never put one of its type: an action card drawn from the bag of allies)
WORLD_ERRORS = (RulebookError, TypeError, KeyError, AttributeError, ValueError, IndexError,
                ZeroDivisionError)


def hidden_places(game, s: dict, seat: int) -> list:
    """(zone key, index) of every card the seat cannot see, in a canonical order."""
    g = game.g
    vm = VM(g, s)
    tests: dict = {}
    out = []
    for key in sorted(s["z"]):
        cards = s["z"][key]
        if not cards or can_see(g, key, seat):
            continue
        test = None
        if not key[0].isdigit():    # a game zone or a board cell may have visible_if
            name = key.split(".", 1)[0]
            if name not in tests:
                tests[name] = card_test(g, vm, name, seat)
            test = tests[name]
        out.extend((key, i) for i, c in enumerate(cards) if test is None or not test(c))
    return out


def determinize(game, s: dict, seat: int, rng) -> dict:
    """A copy of s as `seat` may imagine it, drawn with `rng` (a random.Random).

    `bots: hidden_types` says what the seat knows of the unseen cards' types: `secret`
    (the default) nothing, so every unseen card may land on any unseen place; `counted`
    how many cards of each type each unseen zone holds (public in a game whose mixed decks
    reveal every card drawn and whose hands hold one type), so the cards of each type are
    dealt again over the places of that type, in random order within every zone: the
    order of a deck, which card of a type is where, are still imagined."""
    w = deep_clone(s)      # relabel changes lists in place, nested ones too: share nothing
    places = hidden_places(game, w, seat)
    z = w["z"]
    old = [z[k][i] for k, i in places]
    if getattr(game.g, "hidden_types", "secret") == "counted":
        new = _deal_counted(game.g, places, old, rng)
    else:
        new = sorted(old)
        rng.shuffle(new)
    names = {a: b for a, b in zip(old, new) if a != b}
    if names:
        relabel(w, names)
    forget_values(game.g, w, seat)
    w["rng"] = rng.getrandbits(64)
    w["seed"] = 0          # the real seed would let a bot recompute every hidden card
    kind = decisions.kind(w)
    if kind == decisions.SEQUENCE:        # forgets every other seat's steps
        decisions.forget_secrets(VM(game.g, w), seat)
    elif kind == decisions.EACH:
        ask_again(game, w, seat)
    return w


def forget_values(g, w: dict, seat: int) -> None:
    """What is hidden from the seat is imagined as it started: another seat's `owner`
    counter and value, every `none` value. (A `none` counter is kept: games hide raw
    numbers that their status line says in words, e.g. the action points left.)"""
    for name, spec in g.player_counters.items():
        if spec.visibility == "owner":
            for p, counters in enumerate(w["pl"]):
                if p != seat:
                    counters[name] = spec.start
    for name, spec in g.game_values.items():
        if spec.visibility != "all":
            w["v"][name] = plain(spec.start, name)
    for name, spec in g.player_values.items():
        if spec.visibility == "all":
            continue
        for p, values in enumerate(w["pv"]):
            if spec.visibility == "none" or p != seat:
                values[name] = plain(spec.start, name)


def _deal_counted(g, places, old, rng) -> list:
    """The new card for every place: each zone keeps its count of each type, in a random
    order; the cards of a type are shuffled over all the places of that type."""
    cards = g.cards
    pools: dict = {}
    for c in sorted(old):
        pools.setdefault(cards[c]["type"], []).append(c)
    for pool in pools.values():
        rng.shuffle(pool)
    new = [None] * len(old)
    start = 0
    while start < len(places):       # one zone at a time (places are grouped by zone)
        end = start
        while end < len(places) and places[end][0] == places[start][0]:
            end += 1
        types = sorted(cards[c]["type"] for c in old[start:end])
        rng.shuffle(types)
        for i, t in zip(range(start, end), types):
            new[i] = pools[t].pop()
        start = end
    return new


def relabel(w: dict, names: dict) -> None:
    """Rename cards everywhere in the state (a permutation of card ids), in place."""
    for cards in w["z"].values():
        for i, c in enumerate(cards):
            if c in names:
                cards[i] = names[c]
    loc = w["loc"]
    moved = {names[c]: loc[c] for c in names}
    loc.update(moved)
    for values in (w.get("cs") or {}).values():
        _rename(values, names)
    for field in ("v", "pv"):           # values may name cards too
        if field in w:
            _rename(w[field], names)
    _rename(w["stack"], names)
    if w["pending"] is not None:
        _rename(w["pending"], names)


def _rename(x, names) -> None:
    """Rename card ids inside plain data, in place (values, and keys of mappings)."""
    items = enumerate(x) if type(x) is list else list(x.items())
    keys = None
    for k, v in items:
        t = type(v)
        if t is str:
            if v in names:
                x[k] = names[v]
        elif t is list or t is dict:
            _rename(v, names)
        if type(x) is dict and type(k) is str and k in names:
            keys = (keys or []) + [k]
    if keys:
        popped = {names[k]: x.pop(k) for k in keys}
        x.update(popped)


def ask_again(game, w: dict, seat: int) -> None:
    """Run a pending secret choice again in the world, so every seat's options are built
    from the imagined state and no answer is known. When the choice cannot be found (not
    a plain `choose ... by each of`), only the answers are forgotten."""
    decisions.forget_secrets(VM(game.g, w), seat)
    fr = w["stack"][-1] if w["stack"] else None
    if fr is None or fr["p"][0] == "@" or fr["pc"] < 1:
        return
    prog = game.g.programs.get(fr["p"])
    op = prog[fr["pc"] - 1] if prog and fr["pc"] <= len(prog) else None
    if not getattr(op, "asks_each", False):    # the compiled op of a `by each of` choice
        return
    pc, asked = fr["pc"], decisions.withdraw(w)
    fr["pc"] -= 1
    try:
        VM(game.g, w).run()
    except Exception:   # noqa: BLE001 - an impossible world: keep the renamed options
        decisions.withdraw(w)
    if not decisions.asks_again(w, asked):
        fr["pc"] = pc
        decisions.restore(w, asked)
