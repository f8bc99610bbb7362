"""Renaming cards in an imagined world: a permutation of card ids applied wherever the state
names them (card state, marks, values, running scripts' locals, the pending decision), so a
local naming the card on top of a deck names the new card on top. Either over a whole copy
(relabel), or over a copy that shares the rest with its template (rename_spots, then
relabel_spots: only the containers that name a dealt card are copied and renamed)."""
from __future__ import annotations


class _Shared(Exception):
    """A container reached twice in a state's walk."""


def rename_spots(w: dict, cards: set):
    """The paths (keys from the state's root) of every container that relabel would rename
    in, for a permutation of `cards`: those naming one of them as a value or a key, in the
    order relabel's walk renames them (a container after everything inside it, so a path
    never passes a key already renamed). None when a container that holds such a name is
    reached twice (a list shared by a local and a pending option: relabel renames it twice);
    one that holds none may be shared, as nothing in it is renamed."""
    out: list = []
    seen: dict = {}            # id of a container walked -> whether anything in it is renamed

    def walk(x, path: tuple) -> bool:
        got = seen.get(id(x))
        if got is not None:
            if got:
                raise _Shared
            return False
        is_dict = type(x) is dict
        here = inside = False
        for k, v in (x.items() if is_dict else enumerate(x)):
            t = type(v)
            if t is str:
                here = here or v in cards
            elif t is list or t is dict:
                inside = walk(v, path + (k,)) or inside
        if here or (is_dict and not cards.isdisjoint(x)):
            out.append(path)
            here = True
        seen[id(x)] = here or inside
        return here or inside
    try:
        for name, values in (w.get("cs") or {}).items():
            walk(values, ("cs", name))
        for field in ("mk", "v", "pv", "stack", "pending"):
            if w.get(field):
                walk(w[field], (field,))
    except _Shared:
        return None
    return out


def relabel_spots(w: dict, names: dict, spots: list) -> None:
    """relabel over a copy made by state.clone: each container on a spot's path is copied
    (once) before it changes, so the template it shares the rest with stays as it was."""
    copied: set = set()
    for path in spots:
        x = w
        for k in path:
            child = x[k]
            if id(child) not in copied:
                child = x[k] = dict(child) if type(child) is dict else list(child)
                copied.add(id(child))
            x = child
        _rename_here(x, names)


def relabel(w: dict, names: dict) -> None:
    """Rename cards (a permutation of card ids) in place wherever else the state may name
    them: card state, values, running scripts' locals, the pending decision."""
    for values in (w.get("cs") or {}).values():
        _rename(values, names)
    if w.get("mk"):                     # marks stay with their places
        _rename(w["mk"], names)
    for field in ("v", "pv"):           # values may name cards too
        if field in w:
            _rename(w[field], names)
    _rename(w["stack"], names)
    if w["pending"] is not None:
        _rename(w["pending"], names)


def _rename(x, names) -> None:
    """Rename card ids inside plain data, in place (values, and keys of mappings)."""
    is_dict = type(x) is dict
    for k, v in (list(x.items()) if is_dict else enumerate(x)):
        t = type(v)
        if t is str:
            if v in names:
                x[k] = names[v]
        elif t is list or t is dict:
            _rename(v, names)
    if is_dict and not names.keys().isdisjoint(x):    # keys naming cards move to the end
        keys = [k for k in x if type(k) is str and k in names]
        x.update({names[k]: x.pop(k) for k in keys})


def _rename_here(x, names) -> None:
    """_rename of one container's own values and keys (what lies inside it is renamed
    through its own spot)."""
    if type(x) is dict:
        for k, v in list(x.items()):
            if type(v) is str and v in names:
                x[k] = names[v]
        if not names.keys().isdisjoint(x):
            keys = [k for k in x if type(k) is str and k in names]
            x.update({names[k]: x.pop(k) for k in keys})
    else:
        for i, v in enumerate(x):
            if type(v) is str and v in names:
                x[i] = names[v]
