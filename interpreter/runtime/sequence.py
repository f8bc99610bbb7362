"""Secret sequences (`xs = choose sequence of MENU by each of SEATS length MIN to MAX`).

Each seat composes a list of choices privately and at its own pace; the script resumes when
every seat has committed, with one list per seat in `xs` (none for a seat not asked).

The pending decision is a simultaneous one ("each": True) with two more entries: "seq", the
id of the compiled menu (GameDef.seq_fns: MENU, MIN and MAX read with `me` = the seat and
`so_far` = its steps so far), and "so_far", seat -> its steps. A seat's options are its
menu's values, then "done" once its minimum is reached (only "done" at its maximum: the
commit is forced, but still answered, so that a person can review the last step and undo
it; a bot has one option there), then "undo last" while its sequence is not empty; "taken" counts each seat's answers (steps,
undos, done), which are decisions but whose number is the seat's secret until the
sequence settles (see seen_decisions). An answer changes only that seat's entries,
so a seat's menu never depends on another seat's pending steps; entries are replaced,
never changed in place, because clones of a state share a pending decision's parts
(state.clone). "ans" holds the seats that committed (the length of their sequence).

A seat's menu is built when it is read, not when it changes: the ask and each step leave
it UNBUILT (null), and build() computes it from the waiting frame, `me` and the seat's
steps. Nothing else changes while the decision waits (the script is paused; another
seat's steps change only its own entries), so a menu built late is the one an eager
build would have made. A bot's lookahead applies a step and scores the position after it
without reading the menu there (most of a greedy decision in a game of programs, before).
Readers build through decisions.py (and Game, which builds before it hashes or saves a
state), so saves and hashes hold built menus. A menu that fails is an error where it is
read (the table builds every menu after a decision, so a person's failing step is undone).
This module is the pending decision's secret-sequence kind: only decisions.py calls it.
"""
from __future__ import annotations

from ..effects import menus as O
from ..errors import GameError, describe_value

DONE, UNDO = "done", "undo last"
_MISSING = object()
# a seat's menu not built yet (see the module); IMAGINED: one of an imagined world's other
# seats (forget_others), where a menu that fails leaves the seat only "done"
UNBUILT, IMAGINED = None, "imagined"


def ask(vm, seats: list, menu: int, var: str) -> None:
    """Open the decision (nobody has a step yet); with no seats, every seat gets none."""
    s = vm.s
    fr = s["stack"][-1]
    if not seats:
        fr["l"][var] = [None] * s["n"]
        return
    if vm.ends_now():
        return
    so_far = {str(seat): [] for seat in seats}
    p = {"seats": list(dict.fromkeys(seats)), "opts": {}, "var": var,
         "prompt": vm.g.seq_fns[menu][3], "each": True, "ans": {}, "seq": menu,
         "so_far": so_far, "taken": {key: 0 for key in so_far}}
    p["opts"] = dict.fromkeys(so_far, UNBUILT)        # built when read (see build)
    s["pending"] = p


def built(p: dict, key: str) -> bool:
    """Whether the seat's menu is built (or the seat is not asked)."""
    return type(p["opts"].get(key, p)) is dict


def build(vm, p: dict, key: str) -> dict:
    """The seat's menu, built now if it is not yet (from the state vm is bound to, which
    holds p). The menus are replaced, never changed in place: clones share them."""
    menu = p["opts"][key]
    if type(menu) is dict:
        return menu
    seat, steps = int(key), p["so_far"][key]
    if menu == IMAGINED:
        menu = _imagined(vm, p, seat, steps)
    else:
        menu = spec(vm, p, seat, steps)
    p["opts"] = dict(p["opts"], **{key: menu})
    return menu


def spec(vm, p: dict, seat: int, so_far: list) -> dict:
    """The seat's options after `so_far`: its menu (empty at its maximum), "done" from its
    minimum on. "undo last" is added by the driver (see count, labels)."""
    fn, t, lab, _, line = vm.g.seq_fns[p["seq"]]
    values, lo, hi = evaluate(vm, fn, seat, so_far)
    k = len(so_far)
    done = DONE if k >= lo else None
    if not values and done is None:
        raise GameError(f"line {line}: {vm.label(seat, 'player')} has no option to continue "
                        f"{p['var']} ({k} chosen, at least {lo} needed)")
    return O.choice(values, t, done, lab, vm.g.seq_groups.get(p["seq"]))


def evaluate(vm, fn, seat: int, so_far: list):
    """fn over the waiting frame's locals with `me` and `so_far` bound, then unbound."""
    local = vm.s["stack"][-1]["l"]
    saved = local.get("me", _MISSING), local.get("so_far", _MISSING)
    local["me"], local["so_far"] = seat, so_far
    vm.l = local
    try:
        return fn(vm)
    finally:
        for name, old in zip(("me", "so_far"), saved):
            if old is _MISSING:
                local.pop(name, None)
            else:
                local[name] = old


def undo_offered(p: dict, key: str) -> bool:
    return bool(p["so_far"].get(key))


def answer(vm, p: dict, seat: int, index: int) -> bool:
    """Apply one step of a seat (a menu value, "done" or "undo last"); True when every seat
    has committed and the script may resume."""
    key = str(seat)
    p["taken"] = dict(p["taken"], **{key: p["taken"][key] + 1})
    opts = build(vm, p, key)
    n = len(opts["vals"])
    so_far = p["so_far"][key]
    if index == n + (opts["other"] is not None):     # undo last
        so_far = so_far[:-1]
    elif index == n:                                  # done
        p["ans"][key] = len(so_far)                   # (ans is copied by clone)
        return len(p["ans"]) == len(p["seats"])
    else:
        so_far = so_far + [opts["vals"][index]]
    p["so_far"] = dict(p["so_far"], **{key: so_far})
    p["opts"] = dict(p["opts"], **{key: UNBUILT})     # built when read (see build)
    return False




def result(p: dict, n: int) -> list:
    values = [None] * n
    for key, steps in p["so_far"].items():
        values[int(key)] = steps
    return values





def prompt_locals(s: dict, p: dict, seat) -> dict:
    """The waiting frame's locals as a sequence's prompt reads them: `me` and `so_far` of
    the seat asking (a spectator, None, reads no steps)."""
    local = dict(s["stack"][-1]["l"])
    local["me"] = seat
    local["so_far"] = p["so_far"].get(str(seat), []) if seat is not None else []
    return local


def forget_others(vm, p: dict, seat: int) -> None:
    """The sequence as `seat` may imagine it (bots/worlds.py): every other seat has taken
    no step and committed nothing, and every seat's options are built from the imagined
    state vm is bound to; the seat keeps its own steps. A menu that fails in an impossible
    world leaves that seat only "done" (it acts on nothing it could know). The seat's own
    menu is built now (it decides in this world, and its lookahead clones the world); the
    others' when read (IMAGINED)."""
    own = str(seat)
    so_far = {key: (steps if key == own else []) for key, steps in p["so_far"].items()}
    p["so_far"], p["ans"] = so_far, {}
    p["taken"] = {key: (n if key == own else 0) for key, n in p["taken"].items()}
    opts = dict.fromkeys(so_far, IMAGINED)
    if own in opts:
        opts[own] = _imagined(vm, p, seat, so_far[own])
    p["opts"] = opts


def _imagined(vm, p: dict, seat: int, steps: list) -> dict:
    """The seat's menu in an imagined world: only "done" where it fails (forget_others)."""
    try:
        return spec(vm, p, seat, steps)
    except Exception:   # noqa: BLE001 - an impossible world, see forget_others
        return O.choice([], vm.g.seq_fns[p["seq"]][1], DONE)


def state_problem(g, p: dict) -> str:
    """What is wrong with a pending secret sequence of a loaded state ("" when nothing): its
    menu, each seat's steps and answer count, the seats committed (state_check's part)."""
    seq, so_far, ans, taken = p["seq"], p.get("so_far"), p["ans"], p.get("taken")
    if not (_count(seq) and seq < len(g.seq_fns)):
        return f"the pending sequence is {describe_value(seq)}, not one of the game's " \
               f"{len(g.seq_fns)} sequences"
    if not all(spec is UNBUILT or isinstance(spec, dict) and "vals" in spec
               for spec in p["opts"].values()):
        return "the pending sequence's options are not choices among values (or null: " \
               "built when read)"
    if not (isinstance(so_far, dict) and set(so_far) == set(p["opts"])
            and all(isinstance(v, list) for v in so_far.values())):
        return f"the pending sequence's steps are {describe_value(so_far)}, not a list per seat"
    if not (isinstance(taken, dict) and set(taken) == set(so_far)
            and all(_count(v) for v in taken.values())):
        return f"the pending sequence's answer counts are {describe_value(taken)}"
    if not (isinstance(ans, dict) and all(k in so_far and ans[k] == len(so_far[k]) for k in ans)):
        return f"the seats that committed their sequences are {describe_value(ans)}"
    if len(ans) >= len(p["seats"]):
        return "every seat has committed, but the decision is still pending"
    return ""


def _count(v) -> bool:
    return type(v) is int and v >= 0
