"""Functions an effect may call. Each takes the VM first (for player count, cards, state).

The language is closed: these and the game's own names are all an effect can reach.
"""
from __future__ import annotations

from itertools import combinations, product

from ..errors import GameError
from . import ast as A
from . import rng
from .ast_walk import walk


def _count(vm, x):
    return len(x) if x is not None else 0


def _first(vm, xs):
    return xs[0] if xs else None


def _last(vm, xs):
    return xs[-1] if xs else None


# The direction of play: 1 clockwise, -1 counterclockwise (a game reverses it by keeping it in
# a counter or value: `set direction = 0 - direction`); 2 skips a player.
def _clockwise(vm, start, direction=1):
    n = vm.s["n"]
    step = -1 if direction < 0 else 1
    return [(start + step * i) % n for i in range(n)]


def _counterclockwise(vm, start, direction=1):
    return _clockwise(vm, start, -direction)


def _next(vm, p, direction=1):
    return (p + direction) % vm.s["n"]


def _prev(vm, p, direction=1):
    return (p - direction) % vm.s["n"]


def _flatten(vm, group):
    out = []
    for part in group:
        out.extend(part)
    return out


def _min(vm, *xs):
    if len(xs) == 1 and isinstance(xs[0], list):
        xs = xs[0]
    return min(xs) if xs else 0


def _max(vm, *xs):
    if len(xs) == 1 and isinstance(xs[0], list):
        xs = xs[0]
    return max(xs) if xs else 0


def _sum(vm, xs):
    return sum(xs)


MAX_RANGE = 100_000         # the longest list range() makes
MAX_SIDES = 1 << 62         # the most sides a die may have


def _range(vm, a, b=None):
    """range(n): 1..n; range(a, b): a..b; both ends included."""
    if b is None:
        a, b = 1, a
    if type(a) is not int or type(b) is not int:
        raise GameError(f"range() needs whole numbers, not {a!r} and {b!r}")
    if b - a >= MAX_RANGE:
        raise GameError(f"range({a}, {b}) would make {b - a + 1} numbers, more than the "
                        f"limit of {MAX_RANGE}")
    return list(range(a, b + 1))


def _abs(vm, x):
    return abs(x)


def _any(vm, xs):
    return any(xs)


def _all(vm, xs):
    return all(xs)


def _unique(vm, xs):
    out = []
    for x in xs:
        if x not in out:
            out.append(x)
    return out


def _sort(vm, xs):
    """Numbers and texts in their order; cards by their type's `sort_by` attribute, then by
    label (never by their id's text: `c10` before `c9` means nothing to a player)."""
    cards = vm.g.cards
    if xs and all(type(x) is str and x in cards for x in xs):
        key = vm.g.card_sort_key
        return sorted(xs, key=key)
    return sorted(xs)


def _plural(vm, n, word, words=None):
    """plural(1, "card") -> "1 card", plural(3, "card") -> "3 cards" (words: an irregular
    plural, plural(2, "die", "dice"))."""
    return f"{n} {word if n == 1 else (words or str(word) + 's')}"


def _zip(vm, xs, ys):
    """Pairs of the elements at the same position: zip([1, 2], ["a", "b"]) -> [[1, "a"], [2, "b"]]."""
    return [[x, y] for x, y in zip(xs, ys)]


def _reverse(vm, xs):
    return list(reversed(xs))


def _others(vm, xs, x):
    return [y for y in xs if y != x]


def _bundles(vm, cards, attribute):
    """Every distinct non-empty sub-collection of `cards` when cards with the same value of
    `attribute` are interchangeable: one bundle per combination of how many of each value.
    A bundle takes the first cards of each value, in the collection's order; bundles come
    fewest cards first, values in sorted order, so labels and order are stable."""
    attrs = vm.g.cards
    groups: dict = {}
    for c in cards:
        groups.setdefault(str(attrs[c].get(attribute)), []).append(c)
    piles = [groups[k] for k in sorted(groups)]
    # every count of each value, most of the first value first; a stable sort by size then
    # keeps that order among bundles of one size
    combos = sorted(product(*[range(len(p), -1, -1) for p in piles]), key=sum)
    return [[c for pile, n in zip(piles, combo) for c in pile[:n]] for combo in combos[1:]]


def _roll(vm, sides):
    """A die roll from the state's seeded generator: 1..sides."""
    if type(sides) is not int or not 1 <= sides <= MAX_SIDES:
        raise GameError(f"roll() needs a number of sides from 1 to 2**62, not {sides!r}")
    return 1 + rng.below(vm.s, sides)


def _count_arg(n, fn):
    if type(n) is not int:
        raise GameError(f"{fn}() needs a whole number of elements, not {n!r}")
    return max(n, 0)


def _take(vm, xs, n):
    """The first n elements (all of them when there are fewer)."""
    return list(xs[:_count_arg(n, "take")])


def _drop(vm, xs, n):
    """All but the first n elements."""
    return list(xs[_count_arg(n, "drop"):])


def _shuffled(vm, xs):
    """A copy in a random order, from the state's seeded generator (like roll())."""
    out = list(xs)
    rng.shuffle(vm.s, out)
    return out


def _sample(vm, xs, n):
    """n distinct elements (by position) drawn at random from the state's generator, in the
    order drawn: the first n of a partial shuffle."""
    out = list(xs)
    n = _count_arg(n, "sample")
    if n > len(out):
        raise GameError(f"sample() cannot draw {n} from a list of {len(out)}")
    for i in range(n):
        j = i + rng.below(vm.s, len(out) - i)
        out[i], out[j] = out[j], out[i]
    return out[:n]


def _index_of(vm, xs, x):
    """The position of the first x in xs (0 for the first, as xs[i] counts), none if absent."""
    for i, y in enumerate(xs):
        if y == x:
            return i
    return None


def _keys(vm, m):
    """A mapping's keys (texts), in the order they were first set."""
    if type(m) is not dict:
        raise GameError(f"keys() needs a mapping, not {m!r}")
    return list(m)


def _join(vm, xs, sep=" "):
    """The elements as one text: join(["c3", "d4"], ", ") -> "c3, d4"."""
    return str(sep).join(vm.label(x) for x in xs)


MAX_SUBSETS = 1 << 16       # subsets()/combinations() make at most this many lists


def _subsets(vm, xs):
    """Every sub-list of xs (elements by position, in xs's order), smallest first: [] first,
    xs itself last. Equal elements at two positions give equal lists twice."""
    xs = list(xs)
    if len(xs) > 16:
        raise GameError(f"subsets() of {len(xs)} elements would make {2 ** len(xs)} lists "
                        f"(at most {MAX_SUBSETS}: 16 elements)")
    return [list(c) for k in range(len(xs) + 1) for c in combinations(xs, k)]


def _combinations(vm, xs, k):
    """Every sub-list of k elements of xs (by position, in xs's order)."""
    xs, k = list(xs), _count_arg(k, "combinations")
    n, total = len(xs), 1
    for i in range(min(k, max(n - k, 0))):
        total = total * (n - i) // (i + 1)
        if total > MAX_SUBSETS:
            raise GameError(f"combinations() of {k} among {n} would make more than "
                            f"{MAX_SUBSETS} lists")
    return [list(c) for c in combinations(xs, k)]


# name -> (function, result type, argument count range)
def _shown(vm, card, attribute, seat=None):
    """shown(c, "colour" [, p]): what a `mark ... shows colour` told everyone (or seat p)
    of card c, none if nothing (the VM reads its marks: runtime/marks.py)."""
    return vm.shown(card, attribute, seat)


BUILTINS = {
    "count": (_count, "num", (1, 1)),
    "first": (_first, "elem", (1, 1)),
    "last": (_last, "elem", (1, 1)),
    "top": (_last, "elem", (1, 1)),
    "bottom": (_first, "elem", (1, 1)),
    "clockwise": (_clockwise, "list:player", (1, 2)),
    "counterclockwise": (_counterclockwise, "list:player", (1, 2)),
    "next_player": (_next, "player", (1, 2)),
    "previous_player": (_prev, "player", (1, 2)),
    "cards_in": (_flatten, "list:card", (1, 1)),
    "min": (_min, "num", (1, 99)),
    "max": (_max, "num", (1, 99)),
    "sum": (_sum, "num", (1, 1)),
    "range": (_range, "list:num", (1, 2)),
    "abs": (_abs, "num", (1, 1)),
    "any": (_any, "bool", (1, 1)),
    "all": (_all, "bool", (1, 1)),
    "unique": (_unique, "list", (1, 1)),
    "sorted": (_sort, "list", (1, 1)),
    "reversed": (_reverse, "list", (1, 1)),
    "without": (_others, "list", (2, 2)),
    "zip": (_zip, "list:list", (2, 2)),
    "plural": (_plural, "str", (2, 3)),
    "bundles": (_bundles, "list:list:card", (2, 2)),
    "roll": (_roll, "num", (1, 1)),
    "join": (_join, "str", (1, 2)),
    "take": (_take, "list", (2, 2)),
    "drop": (_drop, "list", (2, 2)),
    "shuffled": (_shuffled, "list", (1, 1)),
    "sample": (_sample, "list", (2, 2)),
    "index_of": (_index_of, "num", (2, 2)),
    "subsets": (_subsets, "list:list", (1, 1)),
    "combinations": (_combinations, "list:list", (2, 2)),
    "keys": (_keys, "list:str", (1, 1)),
    "shown": (_shown, "any", (2, 3)),
}

# Builtins that need the compiler's help (zones by name, card rules): see compiler.py.
SPECIAL = ("zone", "can_play", "attr", "holder", "label", "has_ability")

# Calls over `X where C` or `X until C` that the compiler writes as one loop building no list
# (codegen.LOOPS): (builtin, the argument's node) -> the loop's kind.
FOLDS = {("count", "Until"): "count_until", ("count", "Where"): "count_where",
         ("first", "Where"): "first_where", ("bottom", "Where"): "first_where",
         ("any", "Where"): "any_where", ("all", "Where"): "all_where"}
# The loops that stop at their answer, leaving the condition unread on later elements.
STOPS_AT_ANSWER = {"first_where", "any_where", "all_where"}
# Builtins that draw from the state's random generator.
RANDOM = {"roll", "shuffled", "sample"}
# Builtins that read the state (its seat count, its generator, what was shown, the seats'
# names); the others read only their arguments and the game's fixed data, so a function
# built of those alone may keep its answers (state_free.py)
READS_STATE = frozenset(RANDOM | {"clockwise", "counterclockwise", "next_player",
                                  "previous_player", "shown", "join"})


def stops_early(cond, functions) -> bool:
    """May first/any/all stop reading `cond` at their answer? Only when the condition draws
    no random number (no roll, shuffle or sample; no game function, which might; no text
    with {fields}): then stopping changes no draw, only spares the work. The tree-walker
    (treewalk.py) stops at the same place."""
    for node in walk(cond):
        if isinstance(node, (A.Call, A.CallComp)) \
                and (node.func in RANDOM or node.func in functions):
            return False
        if isinstance(node, A.Const) and isinstance(node.value, str) and "{" in node.value:
            return False
    return True
