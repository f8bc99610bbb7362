"""A seat's pending decision and its options' labels. Labels that a game writes as a text
about each option (`labelled "..."`) are computed here, from the state the decision waits
in; the shapes of a menu (how many options, the value of each) are effects/menus.py's."""
from __future__ import annotations

from ..effects.menus import label_of, unique
from ..errors import GameError
from . import evaluation


def labels(spec, g, state=None, seat=None) -> list:
    """Every option's label. A choice `labelled` by the game (its "lab": the id of a compiled
    label text about `it`) is labelled from the state it waits in, only when asked."""
    if type(spec) is list:
        return [o[0] for o in spec]
    if "vals" in spec:
        t = spec["t"]
        if spec.get("lab") is not None:
            out = labelled(spec, g, state, seat)
        else:
            out = [label_of(g, v, t) for v in spec["vals"]]
        if spec["other"] is not None:
            out.append(spec["other"])
        return unique(out) if spec.get("lab") is None else out
    fmt = spec["fmt"]
    return ([o[0] for o in spec["pre"]] + [fmt.format(v) for v in range(spec["lo"], spec["hi"] + 1)]
            + [o[0] for o in spec["post"]])


def labelled(spec, g, state, seat=None, distinct=True) -> list:
    lab = spec["lab"]
    if not (type(lab) is int and 0 <= lab < len(g.label_fns)) or state is None:
        raise GameError(f"these options name a label text ({lab!r}) this game does not have")
    names = dict(state["stack"][-1]["l"]) if state["stack"] else {}
    p = state.get("pending")
    if p is not None and p["each"] and seat is not None:
        names["me"] = seat          # a simultaneous choice: each seat's labels with its own me
        if "so_far" in p:           # a secret sequence: and its own steps (sequence.py)
            names["so_far"] = p["so_far"].get(str(seat), [])
    out = evaluation.Evaluator(g, state).each(g.label_fns[lab], spec["vals"], names)
    return unique(out) if distinct else out
