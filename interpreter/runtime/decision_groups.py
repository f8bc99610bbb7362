"""A pending decision's options in the groups its game declares (`grouped by EXPR`): what
the tables ask first when a menu is long; and a choose-any decision's items, which a person
composes one by one. Only people read it: bots and saves see the options as ever
(runtime/decisions.py owns the decision itself)."""
from __future__ import annotations

from ..effects import menus
from ..errors import GameError
from . import decision_words, decisions, sequence
from .sequence import UNDO


def groups(vm, seat: int) -> list | None:
    """The seat's options in the groups its game declares (`grouped by EXPR`), or None:
    [[name, [option index...]]...], groups in order of appearance, options in menu order;
    `otherwise`'s option (a sequence's "done") and "undo last" are groups of their own.
    Only people read it: bots and saves see the options as ever."""
    p = vm.s["pending"]
    menu = decisions.menu_of(vm, seat)
    grp = menus.grouped_by(menu) if menu is not None else None
    if grp is None:
        return None
    g = vm.g
    if not (type(grp) is int and 0 <= grp < len(g.group_fns)):
        raise GameError(f"these options name a grouping ({grp!r}) this game does not have")
    decision_words.bind_locals(vm, seat)
    fn = g.group_fns[grp]
    names = [fn(vm, v) for v in menu["vals"]]
    if menu["other"] is not None:
        names.append(menu["other"])
    if "seq" in p and sequence.undo_offered(p, str(seat)):
        names.append(UNDO)           # a secret sequence's "undo last": a group of its own
    out: dict = {}
    for i, name in enumerate(names):
        out.setdefault(name, []).append(i)
    return [[name, ixs] for name, ixs in out.items()]


def subset_entry(vm, seat: int, reader=None) -> dict | None:
    """A choose-any decision as a person composes it item by item: {"items": labels (worded
    as the options are), "at_least", "at_most"}, and "sampled" when the menu lists a sample
    of the sets (any set is still answered: menus.composed_label); None for any other kind
    of choice."""
    menu = decisions.menu_of(vm, seat)
    if menu is None or "any" not in menu:
        return None
    items, lo, hi = menu["any"]
    t = menu["t"][5:] if menu["t"].startswith("list:") else "any"
    labels = menus.labels(vm.g, menus.choice(items, t), reader.options if reader else None)
    entry = {"items": labels, "at_least": lo, "at_most": hi}
    if menus.sampled(menu):     # bots are offered a sample: a set is answered by its items
        entry["sampled"] = True
    return entry
