"""The pending decision in words (runtime/decisions.py owns the decision): the labels of a
seat's options and of its steps so far, the question asked, and the option a label names.
What the game words with its own texts (a compiled label about `it`, a prompt template) is
worded from the state the decision waits in, only when asked; `reader` (a
redaction.Reader for the seat) words the cards the seat may not see neutrally.
"""
from __future__ import annotations

from ..effects import menus
from ..errors import GameError, IllegalMove, did_you_mean
from . import decisions, sequence
from .sequence import UNDO


def labels(vm, seat: int, reader=None) -> list:
    """The seat's options' labels (the state vm is bound to). A choice labelled by the
    game (a compiled label text about `it`) is labelled from the state it waits in, only
    when asked; a secret sequence's "undo last" comes last. `reader` (a
    redaction.Reader for the seat; Game passes one) words the cards the seat may not see
    neutrally."""
    p = vm.s["pending"]
    key = str(seat)
    menu = decisions.menu_of(vm, seat)
    if menu is None:
        return []
    lab = menus.labelled_by(menu)
    if lab is None:
        out = menus.labels(vm.g, menu, reader.options if reader is not None else None)
    else:
        out = menus.with_other(menu, _labelled(vm, lab, menu["vals"], seat, reader))
    if "seq" in p and sequence.undo_offered(p, key):
        out.append(UNDO)
    return out


def index_of(vm, seat: int, label: str, reader=None) -> int:
    """The index of the option labelled `label` (a label received from a person, a save or
    a replay, as labels(vm, seat, reader) words it); IllegalMove when the seat may not
    decide now or has no such option."""
    s = vm.s
    decisions.refusal(vm.g, s, seat)
    options = labels(vm, seat, reader)
    if label in options:
        return options.index(label)
    menu = decisions.menu_of(vm, seat)
    positions = menus.parse_composed(label) if menu is not None else None
    if positions is not None and (i := menus.composed_index(menu, positions)) is not None:
        return i            # a set composed item by item (a sample may not list it)
    hint = did_you_mean(str(label), options)
    raise IllegalMove(f"'{label}' is not a legal option for {prompt(vm, seat)}"
                      + (f" ({hint})" if hint else ""))


def step_labels(vm, seat: int, reader=None) -> list:
    """How a seat's steps so far read (its own secret: shown only to it)."""
    s = vm.s
    p = s["pending"]
    if p is None or "seq" not in p or str(seat) not in p["so_far"]:
        return []
    _, t, lab, _, _ = vm.g.seq_fns[p["seq"]]
    done = p["so_far"][str(seat)]
    if lab is None:
        out = [menus.label_of(vm.g, v, t) for v in done]
        return reader.options(done, out, t) if reader is not None else out
    return _labelled(vm, lab, done, seat, reader, distinct=False)


def steps_needed(vm, seat: int) -> int:
    """How many more steps a seat's pending secret sequence needs before "done" is offered
    (0 when none is pending, or its minimum is reached)."""
    p = vm.s["pending"]
    if p is None or "seq" not in p or str(seat) not in p["so_far"]:
        return 0
    so_far = p["so_far"][str(seat)]
    _, lo, _ = sequence.evaluate(vm, vm.g.seq_fns[p["seq"]][0], seat, so_far)
    return max(0, lo - len(so_far))


def _labelled(vm, lab, vals: list, seat, reader=None, distinct: bool = True) -> list:
    g = vm.g
    if not (type(lab) is int and 0 <= lab < len(g.label_fns)):
        raise GameError(f"these options name a label text ({lab!r}) this game does not have")
    bind_locals(vm, seat)
    fn = g.label_fns[lab]
    if reader is None:
        out = [fn(vm, v) for v in vals]
    else:       # each label as the seat may read it: the cards it names (vm.label) judged
        out = []
        for v in vals:
            vm.named = []
            out.append(reader.text(fn(vm, v), vm.named))
    return menus.unique(out) if distinct else out


def bind_locals(vm, seat) -> None:
    """The names an option's label or group reads: the waiting frame's locals, and for a
    simultaneous choice the seat's own `me` (and a secret sequence's `so_far`)."""
    s = vm.s
    vm.l = dict(s["stack"][-1]["l"]) if s["stack"] else {}
    p = s["pending"]
    if p is not None and p["each"] and seat is not None:
        vm.l["me"] = seat          # a simultaneous choice: each seat's labels with its own me
        if "so_far" in p:          # a secret sequence: and its own steps (sequence.py)
            vm.l["so_far"] = p["so_far"].get(str(seat), [])


def prompt(vm, seat=None, reader=None) -> str:
    """The pending decision's question (a secret choice's or sequence's, as `seat` reads
    it: `me` is that seat; a spectator, None, reads the first seat's; `reader` words the
    cards it names that the seat may not see neutrally)."""
    s = vm.s
    p = s["pending"]
    if p is None:
        return ""
    if isinstance(p["prompt"], str):
        return p["prompt"]
    if "seq" in p:
        vm.l = sequence.prompt_locals(s, p, seat)
    elif p["each"]:     # asked of each seat: `me` is the seat reading it, as in its options
        vm.l = dict(s["stack"][-1]["l"], me=p["seats"][0] if seat is None else seat)
    else:
        vm.l = s["stack"][-1]["l"]
    vm.named = []
    text = vm.g.prompt_fns[p["prompt"]](vm)
    return reader.text(text, vm.named) if reader is not None else text
