"""The few helpers generated code calls (see codegen.py): what does not fit in one Python
expression, or must raise a rule's error in words."""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from .. import zone_keys
from ..errors import GameError, did_you_mean
from . import menus
from .menus import choice, subset_menu, unique

FIRST = itemgetter(0)
LOOP_LIMIT = 10000          # the most times one loop may run


def div(a, b):
    if b == 0:
        raise GameError("division by zero")
    return a // b


def mod(a, b):
    if b == 0:
        raise GameError("division by zero")
    return a % b


MAX_NUMBER = 1 << 63        # numbers the rules make stay within +-2**63


def mul(a, b):
    """a * b when neither is a written number: x = x * x in a loop must not grow without end."""
    v = a * b
    if type(v) is int and not -MAX_NUMBER <= v <= MAX_NUMBER:
        raise GameError(f"{a} * {b} is beyond the largest number a rule may make (2**63)")
    return v


def power(a, b):
    """a ** b on whole numbers, b >= 0, within the rules' bound (2**63)."""
    if type(a) is not int or type(b) is not int or type(a) is bool or type(b) is bool:
        raise GameError(f"** needs whole numbers, not {a!r} and {b!r}")
    if b < 0:
        raise GameError(f"{a} ** {b}: the power must be 0 or more (numbers are whole)")
    v = a ** b if abs(a) <= 1 or b <= 64 else None
    if v is None or abs(v) > MAX_NUMBER:
        raise GameError(f"{a} ** {b} is beyond the largest number a rule may make (2**63)")
    return v


def index(o, k):
    try:
        if type(o) is dict and type(k) is int:
            k = str(k)          # mappings keep text keys: a seat is kept as its digits
        return o[k]
    except (KeyError, IndexError, TypeError):
        if isinstance(o, list) and isinstance(k, int):
            return None         # a position past the end reads as none (README: `default`)
        if isinstance(o, list) and k is None:
            raise GameError("a list position is none (xs[i] with i none)") from None
        raise GameError(f"{o!r} has no entry {k!r}") from None


def mapping(pairs):
    """{KEY: VALUE, ...}: keys kept as texts (a seat as its digits), as in the state."""
    out = {}
    for k, v in pairs:
        if type(k) is str:
            out[k] = v
        elif type(k) is int and type(k) is not bool:
            out[str(k)] = v
        else:
            raise GameError(f"a mapping's key is a text or a whole number, not {k!r}")
    return out


def counter_named(vm, name):
    """A player counter's name computed by the rules (p.counter(r), gain counter(r) ...)."""
    counters = vm.g.player_counters
    if type(name) is not str or name not in counters:
        hint = did_you_mean(name, counters) if type(name) is str else ""
        raise GameError(f"players have no counter {name!r}"
                        + (f" ({hint})" if hint else f" (their counters: {', '.join(counters)})"))
    return name


MAX_SUBSET_OPTIONS = 4096      # choose any of X: at most this many sets offered to bots


def subsets_between(xs, least, most, s=None):
    """choose any of X at least A at most B: the sets of X's items (by position, in X's
    order) of A to B items, smallest first: the options of one decision. Past
    MAX_SUBSET_OPTIONS sets, a sample of them (subset_sample); a person still composes
    any set (menus.composed_index)."""
    from itertools import combinations
    xs = list(xs)
    if type(least) is not int or (most is not None and type(most) is not int):
        raise GameError(f"choose any: at least/at most are whole numbers, not {least!r}, {most!r}")
    hi = len(xs) if most is None else min(most, len(xs))
    lo = max(least, 0)
    if menus.subset_total(len(xs), lo, hi) > MAX_SUBSET_OPTIONS:
        return [[xs[i] for i in c] for c in subset_sample(len(xs), lo, hi, s)]
    out = []
    for k in range(lo, hi + 1):
        out += [list(c) for c in combinations(xs, k)]
    return out


def subset_sample(n: int, lo: int, hi: int, s) -> list:
    """MAX_SUBSET_OPTIONS sets of lo to hi positions of n, in the whole menu's order, that
    every size has its share of: sizes with few sets (none, one item, all) whole, the
    budget left split evenly among the others, each drawn uniformly. Seeded by a hash of
    the game's generator and the decision number: the same game gives the same sample,
    a bot reads nothing of the generator in it, and it draws nothing from the game."""
    import hashlib
    seed = hashlib.sha256(f"{s['rng'] if s else 0}/{s['decisions'] if s else 0}/{n}/{lo}/{hi}"
                          .encode()).digest()
    return _sample(int.from_bytes(seed[:16], "big"), n, lo, hi)


@lru_cache(maxsize=64)      # a bot's lookahead meets the same decision once per option
def _sample(seed: int, n: int, lo: int, hi: int) -> tuple:
    import random
    from math import comb
    rng = random.Random(seed)
    sizes = sorted(range(lo, hi + 1), key=lambda k: (comb(n, k), k))
    budget, take = MAX_SUBSET_OPTIONS, {}
    for left, k in zip(range(len(sizes), 0, -1), sizes):    # the smallest classes first
        take[k] = min(comb(n, k), budget // left)
        budget -= take[k]
    out = []
    for k in range(lo, hi + 1):
        total = comb(n, k)
        if take[k] == total:
            ranks = range(total)
        else:
            picked: set = set()
            while len(picked) < take[k]:
                picked.add(rng.randrange(total))
            ranks = sorted(picked)
        out += [tuple(menus.combination_at(n, k, r)) for r in ranks]
    return tuple(out)


def first(xs):
    return xs[0] if xs else None


def last(xs):
    return xs[-1] if xs else None


def ranked(keyed):
    """[(key, x)] -> the x's, best key first; equal keys keep the collection's order."""
    keyed.sort(key=FIRST, reverse=True)
    return [x for _, x in keyed]


def ordered(keyed):
    """[(key, x)] -> the x's, smallest key first; equal keys keep the collection's order."""
    keyed.sort(key=FIRST)
    return [x for _, x in keyed]


def append(local, name, value):
    xs = local.get(name)
    if type(xs) is not list:
        raise GameError(f"append needs '{name}' to be a list, not {xs!r}")
    xs.append(value)


def set_item(xs, key, value):
    """set xs[k] = v on a list (an existing position) or a mapping."""
    if type(xs) is list:
        if type(key) is not int or not -len(xs) <= key < len(xs):
            raise GameError(f"a list of {len(xs)} has no position {key!r}")
        xs[key] = value
    elif type(xs) is dict:
        xs[str(key)] = value     # mappings keep text keys: the state is JSON
    else:
        raise GameError(f"{xs!r} is not a list or a mapping")


def best_by(keyed, lowest):
    """[(key, x)] -> the x with the highest (lowest) key, the first among equals; none if empty."""
    best = None
    for k, x in keyed:
        if best is None or (k < best[0] if lowest else k > best[0]):
            best = (k, x)
    return None if best is None else best[1]


def dyn_member(vm, v, name, on_player, on_card):
    """NAME of a value whose type is known only at run time: a player (seat number), a card
    (id) or a record (mapping)."""
    if isinstance(v, dict):
        return v.get(name)
    if isinstance(v, bool) or v is None:
        raise GameError(f"{v!r} has no '{name}'")
    if isinstance(v, int):
        if on_player is None:
            raise GameError(f"players have no '{name}'")
        return on_player(vm, v)
    if isinstance(v, str):
        if on_card is None:
            raise GameError(f"cards have no '{name}'")
        return on_card(vm, v)
    raise GameError(f"{v!r} has no '{name}'")


def group_key(table, k, name):
    try:
        return table[k]
    except (KeyError, TypeError):
        raise GameError(f"'{name}' has no zone {k!r}") from None


def can_play(vm, rules, cards, card, player):
    test = rules.get(cards[card].get("type"))
    return True if test is None else test(vm, card, player)


def card_attr(s, cards, starts, card, key):
    """attr(card, "name"): a card-state value (`card_state:`, with its start) or the card's
    own attribute, as `card.name` reads either."""
    if key in starts:
        return s["cs"][key].get(card, starts[key])
    try:
        return cards[card].get(key)
    except (KeyError, TypeError):
        raise GameError(f"attr() reads a card's attribute, and {card!r} is no card (a player's "
                        "counter by a computed name is p.counter(NAME))") from None


def zone_checked(key, valid):
    if key not in valid:
        raise GameError(f"unknown zone {key!r}")
    return key


def player_zone_checked(p, key, valid):
    if key not in valid:
        raise GameError(f"unknown player zone {key!r}")
    return zone_keys.make(p, key)


def repeat_count(n):
    """`repeat N`: N times, within the loop budget (never silently fewer). Its errors get the
    statement's file:line:col from run_errors.located (the call stands in its code)."""
    if type(n) is not int:
        raise GameError(f"repeat needs a whole number, not {n!r}")
    if n > LOOP_LIMIT:
        raise GameError(f"repeat {n} is more than the loop budget of {LOOP_LIMIT}")
    return max(n, 0)


def broken(*args):
    raise GameError("a function with a compile error was called")


# The helpers that read nothing but their arguments (state_free.py)
PURE_HELPERS = frozenset({"mul", "div", "mod", "power", "index", "mapping", "first", "last",
                          "ranked", "ordered", "best_by", "group_key", "card_zone",
                          "card_owner", "GameError", "broken"})

HELPERS = {"mul": mul, "div": div, "mod": mod, "index": index, "first": first, "last": last,
           "mapping": mapping, "power": power, "counter_named": counter_named,
           "subsets_between": subsets_between, "subset_menu": subset_menu,
           "ranked": ranked, "best_by": best_by,
           # card.zone and card.owner: generated code passes the card's zone key
           "card_zone": zone_keys.without_seat, "card_owner": zone_keys.seat_of,
           "dyn_member": dyn_member, "group_key": group_key,
           "can_play": can_play, "card_attr": card_attr, "zone_checked": zone_checked, "broken": broken,
           "player_zone_checked": player_zone_checked, "repeat_count": repeat_count,
           "choice": choice, "unique": unique, "ordered": ordered, "append": append,
           "set_item": set_item,
           "GameError": GameError}
