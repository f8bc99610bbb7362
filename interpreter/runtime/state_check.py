"""Can this game definition run this plain-data state? (a saved state, before it is trusted)

    check(gamedef, state)     returns None, or raises SaveFileError naming the first problem

It checks the structure the engine relies on (see state.py for the layout, vm.py for
what the machine reads): every field's type, counters, zones and card locations, roles,
the stack of frames and the pending decision, each against the game definition. It does
not judge whether a position is reachable by the rules, nor the values inside a frame's
locals (any JSON value).
"""
from __future__ import annotations

from .. import zone_keys
from ..effects import rng
from . import decision_check
from .decision_check import is_int, is_seat, seats_text
from . import state as S
from ..effects import values as V
from ..errors import SaveFileError, describe_value
from ..load import game_options

FIELDS = ("format", "game", "n", "variant", "options", "seed", "rng", "g", "pl", "z", "loc",
          "roles", "stack", "pending", "over", "result", "decisions", "phase")
FRAME_FIELDS = ("p", "pc", "l", "r")
RNG_LIMIT = 2 ** 64


class _Damaged(Exception):
    """One structural problem; check() turns it into a SaveFileError."""


def check(g, s) -> None:
    """Refuse (SaveFileError) a state that is not one `g` can run."""
    _identity(g, s)
    try:
        _fields(g, s)
        _counters(g, s)
        _zones(g, s)
        _card_state(g, s)
        _marks(g, s)
        problem = V.state_problem(g, s)      # values: see values.py
        if problem:
            raise _Damaged(problem)
        _roles(g, s)
        _stack(g, s)
        _pending(g, s)
    except _Damaged as e:
        raise SaveFileError(f"the saved state is damaged: {e}") from None


def _identity(g, s) -> None:
    """Is it a state at all, of this game and of this format?"""
    if not isinstance(s, dict):
        raise SaveFileError("the saved state is not a state of this tool (not a JSON object)")
    missing = [k for k in FIELDS if k not in s]
    if missing:
        raise SaveFileError("the saved state is incomplete or not a state of this tool: "
                            f"it has no {', '.join(repr(k) for k in missing)}")
    if s["game"] != g.id:
        raise SaveFileError(f"the saved state is of game '{s['game']}', not '{g.id}'")
    if s["format"] != S.FORMAT or not is_int(s["format"]):
        raise SaveFileError(f"the saved state has format {s['format']!r}; this version reads "
                            f"{S.FORMAT}")


# --------------------------------------------------------------------- the top level
def _fields(g, s) -> None:
    n = s["n"]
    if not is_int(n):
        raise _Damaged(f"'n' is {describe_value(n)}, not a number of players")
    if not g.players_min <= n <= g.players_max:
        raise _Damaged(f"it has {n} players; {g.name} is for {g.players_min}-{g.players_max}")
    if not (isinstance(s["variant"], str) and s["variant"] in g.variants):
        raise _Damaged(f"'variant' is {describe_value(s['variant'])}, not one of "
                       f"{', '.join(g.variants)}")
    if not (isinstance(s["options"], dict) and set(s["options"]) == set(g.options)):
        raise _Damaged(f"'options' are {describe_value(s['options'])}; the game's options are "
                       f"{sorted(g.options) or 'none'}")
    for name, value in s["options"].items():   # each as its declaration says (game_options)
        why = game_options.problem(g.option_specs[name], value)
        if why:
            raise _Damaged(f"option '{name}': {why}")
    if rng.seed_problem(s["seed"]):
        raise _Damaged(f"'seed' is {describe_value(s['seed'])}: {rng.seed_problem(s['seed'])}")
    if not (is_int(s["rng"]) and 0 <= s["rng"] < RNG_LIMIT):
        raise _Damaged(f"'rng' is {describe_value(s['rng'])}, not a generator state "
                       "(a whole number in [0, 2**64))")
    if not (is_int(s["decisions"]) and s["decisions"] >= 0):
        raise _Damaged(f"'decisions' is {describe_value(s['decisions'])}, not a count")
    if not isinstance(s["over"], bool):
        raise _Damaged(f"'over' is {describe_value(s['over'])}, not true or false")
    if not (s["phase"] is None or isinstance(s["phase"], str)):
        raise _Damaged(f"'phase' is {describe_value(s['phase'])}, not a name or null")
    if "forced" in s and not (is_int(s["forced"]) and s["forced"] >= 0):
        raise _Damaged(f"'forced' is {describe_value(s['forced'])}, not a count")
    if "rngv" in s and not (is_int(s["rngv"]) and s["rngv"] in rng.VERSIONS[1:]):
        raise _Damaged(f"'rngv' is {describe_value(s['rngv'])}, not a generator version "
                       f"({', '.join(map(str, rng.VERSIONS[1:]))}; absent for 1)")
    for flag in ("capped", "drawn"):
        if flag in s and not isinstance(s[flag], bool):
            raise _Damaged(f"'{flag}' is {describe_value(s[flag])}, not true or false")
    if not (s["result"] is None or isinstance(s["result"], dict)):
        raise _Damaged(f"'result' is {describe_value(s['result'])}, not an object or null")


def _counters(g, s) -> None:
    _counter_set(s["g"], g.game_counters, "the game")
    pl, n = s["pl"], s["n"]
    if not isinstance(pl, list):
        raise _Damaged(f"'pl' is {describe_value(pl)}, not a list of players' counters")
    if len(pl) != n:
        raise _Damaged(f"'pl' holds the counters of {len(pl)} players, not {n}")
    for p, counters in enumerate(pl):
        _counter_set(counters, g.player_counters, f"player {p + 1}")


def _counter_set(values, specs: dict, who: str) -> None:
    """Exactly the counters of `specs`, each a whole number."""
    if not isinstance(values, dict):
        raise _Damaged(f"the counters of {who} are {describe_value(values)}")
    for name in specs:
        if name not in values:
            raise _Damaged(f"{who} has no counter '{name}'")
        if not is_int(values[name]):
            raise _Damaged(f"{who}'s counter '{name}' is {describe_value(values[name])}, "
                           "not a whole number")
    if len(values) != len(specs):
        extra = next(k for k in values if k not in specs)
        raise _Damaged(f"{who} has a counter {extra!r} the game does not have")


def _zones(g, s) -> None:
    """z has exactly the game's zones, every card is in one of them exactly once, and
    loc is the inverse of z."""
    z, loc = s["z"], s["loc"]
    if not isinstance(z, dict):
        raise _Damaged(f"'z' is {describe_value(z)}, not the zones")
    keys = zone_keys.all_keys(g, s["n"])
    for key in keys:
        if key not in z:
            raise _Damaged(f"zone '{key}' is missing")
    if len(z) != len(keys):
        extra = next(k for k in z if k not in keys)
        raise _Damaged(f"there is a zone {extra!r} the game does not have")
    where = {}
    for key, cards in z.items():
        if not isinstance(cards, list):
            raise _Damaged(f"zone '{key}' is {describe_value(cards)}, not a list of cards")
        for c in cards:
            if not (isinstance(c, str) and c in g.cards):
                raise _Damaged(f"zone '{key}' holds {describe_value(c)}, not a card of this game")
            if c in where:
                raise _Damaged(f"card '{c}' is both in '{where[c]}' and in '{key}'")
            where[c] = key
    if len(where) != len(g.cards):
        raise _Damaged(f"card '{next(c for c in g.cards if c not in where)}' is in no zone")
    if not isinstance(loc, dict):
        raise _Damaged(f"'loc' is {describe_value(loc)}, not the cards' locations")
    if loc != where:
        _loc_difference(loc, where)


def _loc_difference(loc: dict, where: dict) -> None:
    """Name the first card whose location in loc is not the zone that holds it."""
    for c, key in where.items():
        if loc.get(c) != key:
            raise _Damaged(f"'loc' puts card '{c}' in {describe_value(loc.get(c))}, "
                           f"but it is in '{key}'")
    extra = next(c for c in loc if c not in where)
    raise _Damaged(f"'loc' has {describe_value(extra)}, not a card of this game")


def _card_state(g, s) -> None:
    """cs (only for a game with card_state): name -> {card id: value}, the game's names."""
    if not g.card_state:
        if "cs" in s:
            raise _Damaged("it has card state ('cs'), which this game does not declare")
        return
    cs = s.get("cs")
    if not isinstance(cs, dict) or set(cs) != set(g.card_state):
        raise _Damaged(f"'cs' is {describe_value(cs)}; the game's card state is "
                       f"{sorted(g.card_state)}")
    for name, values in cs.items():
        if not isinstance(values, dict):
            raise _Damaged(f"card state '{name}' is {describe_value(values)}, not a map of cards")
        for c in values:
            if c not in g.cards:
                raise _Damaged(f"card state '{name}' names {describe_value(c)}, not a card of "
                               "this game")


def _marks(g, s) -> None:
    """mk (only once a card was marked): card id -> [[kind, payload, seats or null, kept]]."""
    if "mk" not in s:
        return
    marks = s["mk"]
    if not isinstance(marks, dict):
        raise _Damaged(f"'mk' is {describe_value(marks)}, not the cards' marks")
    for c, ms in marks.items():
        if c not in g.cards:
            raise _Damaged(f"a mark is on {describe_value(c)}, not a card of this game")
        for m in ms if isinstance(ms, list) else [None]:
            if not (isinstance(m, list) and len(m) == 4 and m[0] in ("text", "known", "attr")
                    and (m[2] is None or (isinstance(m[2], list)
                                          and all(is_seat(p, s["n"]) for p in m[2])))
                    and isinstance(m[3], bool)):
                raise _Damaged(f"the marks on {c} are {describe_value(ms)}, not marks "
                               "([kind, what, seats, kept])")


def _roles(g, s) -> None:
    roles, n = s["roles"], s["n"]
    if not isinstance(roles, dict):
        raise _Damaged(f"'roles' is {describe_value(roles)}, not the roles")
    for r in g.roles:
        if r not in roles:
            raise _Damaged(f"role '{r}' is missing")
        if not (roles[r] is None or is_seat(roles[r], n)):
            raise _Damaged(f"role '{r}' is held by {describe_value(roles[r])}, not a seat or "
                           f"null; {seats_text(n)}")
    if len(roles) != len(g.roles):
        extra = next(r for r in roles if r not in g.roles)
        raise _Damaged(f"there is a role {extra!r} the game does not have")


# ------------------------------------------------------------------- running scripts
def _stack(g, s) -> None:
    stack = s["stack"]
    if not isinstance(stack, list):
        raise _Damaged(f"'stack' is {describe_value(stack)}, not a list of frames")
    for i, frame in enumerate(stack):
        _frame(g, frame, f"frame {i} of the stack")


def _frame(g, fr, where: str) -> None:
    """{"p": program key or "@" + mechanic, "pc": position, "l": locals, "r": None or the
    caller's variable that receives the return value}."""
    if not (isinstance(fr, dict) and all(k in fr for k in FRAME_FIELDS)):
        raise _Damaged(f"{where} is {describe_value(fr)}, not a frame {{p, pc, l, r}}")
    key, pc = fr["p"], fr["pc"]
    is_mechanic = isinstance(key, str) and key[:1] == "@" and key[1:] in g.mechanics
    if not (is_mechanic or isinstance(key, str) and key in g.programs):
        raise _Damaged(f"{where} runs {describe_value(key)}, a rule this game does not have")
    if not (is_int(pc) and pc >= 0):
        raise _Damaged(f"{where} is at {describe_value(pc)}, not a position")
    if not is_mechanic and pc > len(g.programs[key]):
        raise _Damaged(f"{where} is at step {pc} of '{key}', which has "
                       f"{len(g.programs[key])}")
    if not (isinstance(fr["l"], dict) and all(isinstance(k, str) for k in fr["l"])):
        raise _Damaged(f"{where} has locals {describe_value(fr['l'])}, not an object")
    if not (fr["r"] is None or isinstance(fr["r"], str)):
        raise _Damaged(f"{where} returns into {describe_value(fr['r'])}, not a variable name")


def _pending(g, s) -> None:
    """The pending decision: decision_check.py checks it against the layout decisions.py
    owns."""
    problem = decision_check.problem(g, s)
    if problem:
        raise _Damaged(problem)
