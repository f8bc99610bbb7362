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

from itertools import groupby, repeat
from operator import itemgetter, methodcaller

from ..runtime import decisions
from ..errors import RulebookError
from ..model import ValueSpec
from ..runtime.visibility import (attr_marks, count_shown, forget_marks, hidden_in,
                                  hides_counts, sees_whole, unseen_starts)
from .. import zone_keys
from ..runtime.state import clone, deep_clone
from ..effects.values import plain
from ..runtime.evaluation import Evaluator
from ..runtime.vm import VM
from .relabel import relabel, relabel_spots, rename_spots
from .shuffle import draw_only, shuffle


# what the rules or an evaluation may raise in an impossible world (a card dealt where the
# rules never put one of its type: an action card drawn from the bag of allies)
WORLD_ERRORS = (RulebookError, TypeError, KeyError, AttributeError, ValueError, IndexError,
                ZeroDivisionError)


def hidden_places(game, s: dict, seat: int) -> list:
    """(zone key, index) of every card the seat cannot see, in a canonical order (the rules
    of runtime/visibility.py, as the seat's view applies them)."""
    g = game.g
    z = s["z"]
    evaluator = None
    out = []
    for key in _facts_of(g).unseen_keys(z, seat):
        cards = z[key]
        if cards:
            evaluator = evaluator or Evaluator(g, s)
            out.extend(zip(repeat(key), hidden_in(g, evaluator, key, cards, seat)))
    return out


class _Facts:
    """What dealing asks of a game again and again, worked out once per game (a GameDef
    never changes once built): the sorted zone keys a seat cannot see whole (which depends
    on the game, the key and the seat only), each card's type, and each card's place in the
    sorted order of all card ids."""

    def __init__(self, g):
        self.g = g
        self.unseen: dict = {}                      # (seat, zone keys) -> sorted keys
        self.type_of = {c: a["type"] for c, a in g.cards.items()}
        self.rank = {c: i for i, c in enumerate(sorted(g.cards))}
        self.counts_hidden = hides_counts(g)

    def unseen_keys(self, z: dict, seat: int) -> tuple:
        key = (seat, tuple(z))
        keys = self.unseen.get(key)
        if keys is None:
            keys = self.unseen[key] = tuple(k for k in sorted(z)
                                            if not sees_whole(self.g, k, seat))
        return keys


_last: list = [None]      # the _Facts of the last game dealt for (a bot deals every decision)


def _facts_of(g) -> _Facts:
    facts = _last[0]
    if facts is None or facts.g is not g:
        facts = _last[0] = _Facts(g)
    return facts


def determinize(game, s: dict, seat: int, rng) -> dict:
    """A copy of s as `seat` may imagine it, drawn with `rng` (a random.Random).

    `bots: hidden_types` says what the seat knows of the unseen cards' types: `secret`
    (the default) nothing, so every unseen card may land on any unseen place; `counted`
    how many cards of each type each unseen zone holds (public in a game whose mixed decks
    reveal every card drawn and whose hands hold one type), so the cards of each type are
    dealt again over the places of that type, in random order within every zone: the
    order of a deck, which card of a type is where, are still imagined."""
    w = deep_clone(s)      # relabel changes lists in place, nested ones too: share nothing
    forget_marks(w, seat)  # only the marks the seat was told; a `known` card stays put
    if _facts_of(game.g).counts_hidden:
        imagine_counts(game.g, w, seat, rng)
    return _deal(game, w, seat, rng, hidden_places(game, w, seat))


class Dealer:
    """The imagined worlds of one position for one seat, for one decision: what every world
    shares (the copy with the marks the seat was not told forgotten, and its unseen places)
    is worked out once, so each world costs a copy and a deal. `deal(rng)` gives what
    `determinize(game, state, seat, rng)` gives, drawing the same numbers; the state must not
    change while the dealer is used (a bot's decision). Nothing hidden is kept that
    determinize would not read: the template is the state as the seat may know it.

    The copy is cheap: the template's places that name a card it deals (card state keyed by
    a card, a local holding one) are found once, when a second world is asked for
    (`relabel.rename_spots`), and from then on each world is the rules' own copy (state.clone: what the rules change
    in place) with only those containers copied again and renamed, instead of a deep copy
    and a walk of the whole state. A template
    whose pending decision is secret (its answers are forgotten, deep inside the state) or
    that shares a container between two places (the walk would rename it twice) is dealt as
    before, from a deep copy."""

    def __init__(self, game, state: dict, seat: int):
        self.game, self.state, self.seat = game, state, seat
        self.template = None
        self.spots = None            # (see relabel.rename_spots); None: every world from a deep copy
        self.dealt = 0
        if not _facts_of(game.g).counts_hidden:   # (counts imagined first: places vary)
            base = deep_clone(state)
            forget_marks(base, seat)
            self.template = (base, hidden_places(game, base, seat))

    def deal(self, rng) -> dict:
        if self.template is None:
            return determinize(self.game, self.state, self.seat, rng)
        base, places = self.template
        self.dealt += 1
        if self.dealt == 2 and decisions.kind(base) in (None, decisions.ONE):
            # (found at the second world: a decision dealing one world spares the walk)
            z = base["z"]
            self.spots = rename_spots(base, {z[k][i] for k, i in places})
        if self.spots is None:
            return _deal(self.game, deep_clone(base), self.seat, rng, places)
        return _deal(self.game, clone(base), self.seat, rng, places, self.spots)

    def serves(self, state: dict, seat: int) -> bool:
        return state is self.state and seat == self.seat


def _deal(game, w: dict, seat: int, rng, places: list, spots=None) -> dict:
    """determinize's deal over the copy w: the unseen `places` dealt again, values the seat
    cannot know forgotten, the generator reseeded, a pending secret choice asked again.
    `spots` (Dealer): w is a state.clone, renamed only there (relabel.relabel_spots)."""
    z = w["z"]
    old = [z[k][i] for k, i in places]
    if game.g.hidden_types == "counted":
        new = _deal_counted(game.g, places, old, rng)
    else:
        new = sorted(old)
        shuffle(rng, new)
    if w.get("mk"):
        _keep_marks_true(game.g, w, seat, old, new, rng)
    names = {a: b for a, b in zip(old, new) if a != b}
    if names:
        _deal_to_places(w, places, new)
        if spots is None:
            relabel(w, names)
        else:
            relabel_spots(w, names, spots)
    forget_values(game.g, w, seat)
    w["rng"] = rng.getrandbits(64)
    w["seed"] = 0          # the real seed would let a bot recompute every hidden card
    kind = decisions.kind(w)
    if kind == decisions.SEQUENCE:        # forgets every other seat's steps
        decisions.forget_secrets(VM(game.g, w), seat)
    elif kind == decisions.EACH:
        ask_again(game, w, seat)
    return w


def imagine_counts(g, w: dict, seat: int, rng) -> None:
    """Spread again the cards of the seats' `hide_count` zones the seat may not count: for
    each such zone name, the seat knows how many cards all those zones hold together (cards
    are neither created nor lost), not which seat holds how many, so every card lands in one
    of them at random. Before the deal, so the places dealt over are imagined too. A zone
    holding a card the seat may see (a `known` mark) keeps its cards and count."""
    z = w["z"]
    groups: dict = {}
    for key in sorted(z):
        owner, name, _ = zone_keys.parse(key)
        if owner is not None and not count_shown(g, name, owner, seat):
            groups.setdefault(name, []).append(key)
    evaluator = Evaluator(g, w)
    for keys in groups.values():
        keys = [k for k in keys if len(hidden_in(g, evaluator, k, z[k], seat)) == len(z[k])]
        if len(keys) < 2:
            continue
        cards = sorted(c for k in keys for c in z[k])
        for k in keys:
            z[k].clear()
        for c in cards:
            k = rng.choice(keys)
            z[k].append(c)
            w["loc"][c] = k


def _keep_marks_true(g, w: dict, seat: int, old: list, new: list, rng) -> None:
    """Where a place's card carries `mark ... shows ATTR` (told to the seat), deal there a
    card with that value: each card dealt against its place's marks is swapped with one,
    drawn at random, that fits there and whose own place it fits. Where practical: when
    no swap fits, the world keeps the mismatch (it never reads the real card)."""
    cards = g.cards
    counted = g.hidden_types == "counted"    # (a swap keeps each zone's count of types)
    wants = [attr_marks(w, c, seat) for c in old]      # a place's marks: its real card's

    def fits(card, want) -> bool:
        return all(cards[card].get(a) == v for a, v in want)
    for i, want in enumerate(wants):
        if not want or fits(new[i], want):
            continue
        js = [j for j in range(len(new)) if j != i and fits(new[j], want)
              and fits(new[i], wants[j])
              and (not counted or cards[new[j]]["type"] == cards[new[i]]["type"])]
        if js:
            j = rng.choice(js)
            new[i], new[j] = new[j], new[i]


def forget_values(g, w: dict, seat: int) -> None:
    """What is hidden from the seat is imagined as it started (visibility.unseen_starts)."""
    for holder, name, spec in unseen_starts(g, w, seat):
        holder[name] = plain(spec.start, name) if isinstance(spec, ValueSpec) else spec.start


_pop = methodcaller("pop")


def _deal_counted(g, places, old, rng) -> list:
    """The new card for every place: each zone keeps its count of each type, in a random
    order; the cards of a type are shuffled over all the places of that type."""
    facts = _facts_of(g)
    type_of = facts.type_of
    pools: dict = {}
    for c in sorted(old, key=facts.rank.__getitem__):     # sorted(old), by precomputed ranks
        t = type_of[c]
        pool = pools.get(t)
        if pool is None:
            pools[t] = [c]
        else:
            pool.append(c)
    for pool in pools.values():
        shuffle(rng, pool)
    new: list = []
    start = 0
    for _, run in groupby(places, itemgetter(0)):    # one zone at a time (places are grouped)
        end = start + len(list(run))
        types = sorted(map(type_of.__getitem__, old[start:end]))
        if types[0] == types[-1]:    # one type: the pool's last cards, as pop() gives them
            draw_only(rng, len(types))
            pool = pools[types[0]]
            new.extend(reversed(pool[-len(types):]))
            del pool[-len(types):]
        else:
            shuffle(rng, types)
            new.extend(map(_pop, map(pools.__getitem__, types)))    # pools[t].pop() in turn
        start = end
    return new


def _deal_to_places(w: dict, places: list, new: list) -> None:
    """Put the new cards in their places, and their locations with them: a card lies in one
    place only (the state's check holds loc to be the inverse of z), so the old card of a
    place is the only one renamed there."""
    z = w["z"]
    start = 0
    for key, run in groupby(places, itemgetter(0)):
        at = [i for _, i in run]
        end = start + len(at)
        cards = z[key]
        if len(at) == len(cards):        # the whole zone is hidden: 0, 1, ... in order
            cards[:] = new[start:end]
        else:
            for i, c in zip(at, new[start:end]):
                cards[i] = c
        start = end
    w["loc"].update(zip(new, map(itemgetter(0), places)))


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
