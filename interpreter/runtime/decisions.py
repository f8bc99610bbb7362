"""The pending decision, state["pending"]: the one module that reads and writes its raw form
(with sequence.py, which holds its secret-sequence kind). The VM opens a decision here, the
driver (game.py), views, bots, commands and state checks ask it what they need.

Three kinds:
  ONE       one seat picks one option of its menu;
  EACH      several seats pick at once, each in secret from its own menu; the script
            resumes when every seat has answered, with one value per seat (none if not asked);
  SEQUENCE  several seats each compose a list privately, step by step (sequence.py).

The raw form is plain data, saved with the state:
  {"seats": [seat...], "opts": {"seat": menu}, "var": the variable the answer goes to,
   "prompt": a text or a compiled prompt's id, "each": several seats at once?,
   "ans": {"seat": index} answers given so far}
and a sequence adds "seq", "so_far" and "taken" (see sequence.py). A menu is one of the
shapes of effects/menus.py; a secret sequence's may be null, built when read (sequence.py):
the readers that hold a VM build it (menu_of, build), those of a state alone (count, bot_count,
values, number_entry) need it built, as Game's readers see to (Game.build_menus). What needs the VM (labels written as a text about each option,
the prompt, an answer that resumes the script) takes one bound to the state; this module
imports no VM (vm.py imports it).
"""
from __future__ import annotations

from ..effects import menus
from ..errors import GameError, IllegalMove
from . import sequence
from .sequence import DONE, UNDO  # noqa: F401 - the words of a sequence's last options

ONE, EACH, SEQUENCE = "one", "each", "sequence"


# ------------------------------------------------------------------ asking
# The VM's ask methods are these (vm.ask_one(...) is ask_one(vm, ...)). Each first checks the
# game's end condition (vm.ends_now): a game ends before a seat is asked in vain.
def check_seat(vm, seat, var: str) -> None:
    """A chooser must be a seat: a rule's `by X` with X none (say `players[i]` with a bad i)
    or a non-player is a run-time error where the decision is asked, not a crash later in
    whatever reads the pending decision."""
    if type(seat) is not int or not 0 <= seat < vm.s["n"]:
        raise GameError(f"who chooses {var} is {'none' if seat is None else repr(seat)}, "
                        "not a player")


def ask_one(vm, seat: int, menu, var: str, prompt) -> None:
    """Ask one seat to pick from its menu (the common case, without a mapping). `prompt`
    is a text, or the id of a compiled prompt template (read from the waiting frame's
    locals only when someone looks at it)."""
    end_when = vm.end_when                  # (vm.ends_now, inline: this runs at every ask)
    if end_when is not None and end_when(vm):
        vm.end_game()
        return
    check_seat(vm, seat, var)
    vm.s["pending"] = {"seats": [seat], "opts": {str(seat): menu}, "var": var,
                       "prompt": prompt, "each": False, "ans": {}}


def ask_each(vm, seats, menus_by_seat: dict, var: str, prompt, each: bool = False) -> None:
    """Ask each of several seats at once, in secret (`each`: so asked even of one seat, who
    then answers with `me` bound to it, and whose answer is a list per seat). Asked of
    nobody (`by each of` an empty list), every seat's answer is none at once, as for a
    secret sequence: a decision with no seat to wait for would never settle."""
    if each and not seats:
        vm.s["stack"][-1]["l"][var] = [None] * vm.s["n"]
        return
    if not vm.ends_now():
        for seat in seats:
            check_seat(vm, seat, var)
        vm.s["pending"] = {"seats": list(seats),
                           "opts": {str(k): v for k, v in menus_by_seat.items()},
                           "var": var, "prompt": prompt, "each": each, "ans": {}}


def ask_sequence(vm, seats: list, menu: int, var: str) -> None:
    sequence.ask(vm, seats, menu, var)


# ------------------------------------------------------------------ reading
def kind(s: dict) -> str | None:
    """ONE, EACH, SEQUENCE, or None when no decision is pending."""
    p = s["pending"]
    if p is None:
        return None
    if "seq" in p:
        return SEQUENCE
    return EACH if p["each"] else ONE


def is_secret(s: dict) -> bool:
    """Whether the pending decision is of several seats at once (their answers are secret
    until it settles)."""
    p = s["pending"]
    return p is not None and p["each"]


def waiting(s: dict) -> list:
    """Seats that must decide now (empty when nothing is pending)."""
    p = s["pending"]
    if p is None:
        return []
    if not p["ans"]:                  # nobody has answered yet (always, for one seat)
        return p["seats"][:]
    return [seat for seat in p["seats"] if str(seat) not in p["ans"]]


def asked(s: dict, seat: int) -> bool:
    """Whether the pending decision has a menu for the seat (answered or not)."""
    p = s["pending"]
    return p is not None and str(seat) in p["opts"]


def count(s: dict, seat: int) -> int:
    """How many options the seat has now: its menu's, and a secret sequence's "undo last"
    once the seat has a step to take back. Every option counted here may be applied."""
    p = s["pending"]
    key = str(seat)
    menu = p["opts"].get(key) if p is not None else None
    if menu is None:
        return _absent(p, key)
    n = menus.count(menu)
    return n + sequence.undo_offered(p, key) if "seq" in p else n


def bot_count(s: dict, seat: int) -> int:
    """The options a bot picks among: the first ones, count() without a secret sequence's
    "undo last" (a bot composes its sequence at once, never stepping back). Elsewhere the
    two are equal."""
    p = s["pending"]
    menu = p["opts"].get(str(seat)) if p is not None else None
    return _absent(p, str(seat)) if menu is None else menus.count(menu)


def values(s: dict, seat: int) -> list:
    """The values of the seat's bot options (bot_count of them): what each option means."""
    menu = s["pending"]["opts"][str(seat)]
    if menu is None:
        _absent(s["pending"], str(seat))
    return menus.values(menu)


def number_entry(s: dict, seat: int) -> dict | None:
    """How a person may type the seat's option as a number (see menus.number_entry)."""
    p = s["pending"]
    menu = p["opts"].get(str(seat)) if p else None
    if menu is None:
        _absent(p, str(seat))
        return None
    return menus.number_entry(menu)


def _absent(p, key: str) -> int:
    """0 options for a seat not asked; a seat whose menu is not built yet is the caller's
    mistake (a reader of a state alone reads built menus: Game.build_menus)."""
    if p is not None and key in p["opts"]:
        raise RuntimeError(f"seat {key}'s menu is read before it was built "
                           "(build it first: Game.build_menus)")
    return 0


def unbuilt(s: dict, seat=None) -> bool:
    """Whether the pending secret sequence has a menu to build (the seat's, or any)."""
    p = s["pending"]
    if p is None or "seq" not in p:
        return False
    if seat is not None:
        return not sequence.built(p, str(seat))
    return not all(type(m) is dict for m in p["opts"].values())


def build(vm, seat=None) -> None:
    """Build the pending secret sequence's menus that are not built yet: the seat's, or
    every seat's (vm bound to the state; see sequence.build). A rule that fails there
    fails here."""
    p = vm.s["pending"]
    if p is None or "seq" not in p:
        return
    for key in ([str(seat)] if seat is not None else list(p["opts"])):
        if key in p["opts"]:
            sequence.build(vm, p, key)


def menu_of(vm, seat):
    """The seat's menu in the state vm is bound to (None when it is not asked), built if
    it was not yet."""
    p = vm.s["pending"]
    key = str(seat)
    m = p["opts"].get(key) if p is not None else None
    if m is None and p is not None and key in p["opts"]:
        m = sequence.build(vm, p, key)
    return m


def steps(s: dict, seat) -> list:
    """The seat's steps so far in a pending secret sequence ([] when none is pending): its
    secret, and what a bot's evaluation reads as `so_far`."""
    p = s["pending"]
    if p is None or "so_far" not in p:
        return []
    return p["so_far"].get(str(seat), [])


def composing(s: dict, seat) -> bool:
    """Whether a secret sequence is pending and the seat has taken a step of it."""
    return bool(steps(s, seat))


def seen_decisions(s: dict, seat) -> int:
    """The decisions made so far as `seat` may count them: without the answers other seats
    gave in a pending secret sequence (how long they hesitated, how long their programs are)."""
    p = s["pending"]
    if p is None or "seq" not in p:
        return s["decisions"]
    key = str(seat)
    return s["decisions"] - sum(n for k, n in p["taken"].items() if k != key)


def sequence_answers(s: dict) -> int | None:
    """How many answers (steps, undos, commits) the pending secret sequence has taken in all,
    or None when none is pending: they are the last decisions made."""
    p = s["pending"]
    if not p or "seq" not in p:
        return None
    return sum(p["taken"].values())


def settles_secrets(before: dict, after: dict) -> bool:
    """Whether the answer that took `before` to `after` settled a decision of several seats
    at once, revealing their secret answers to each other (a secret sequence settles only
    when its last seat commits)."""
    p, q = before["pending"], after["pending"]
    return p is not None and p["each"] and len(p["seats"]) > 1 and \
        len(p["ans"]) + 1 == len(p["seats"]) and \
        ("seq" not in p or q is None or len(q["ans"]) < len(p["ans"]))


# ------------------------------------------------------------------ answering
def refusal(g, s: dict, seat: int) -> None:
    """IllegalMove, saying why, unless the seat must decide now."""
    if s["over"]:
        raise IllegalMove("the game is over")
    p = s["pending"]
    if p is None or str(seat) not in p["opts"]:
        who = ", ".join(g.seat_label(x) for x in waiting(s))
        raise IllegalMove(f"it is not {g.seat_label(seat)}'s decision (waiting for {who})")
    if str(seat) in p["ans"]:
        raise IllegalMove(f"{g.seat_label(seat)} has already decided")


def answer(vm, seat: int, index: int) -> bool:
    """Take the seat's answer, option `index`; True when the decision is settled (its
    value bound in the waiting frame, nothing pending) and the script may resume with
    vm.run(). IllegalMove when the seat may not decide now or has no such option."""
    s = vm.s
    p = s["pending"]
    key = str(seat)
    menu = p["opts"].get(key) if p is not None else None
    if menu is None or key in p["ans"]:
        refusal(vm.g, s, seat)
        menu = sequence.build(vm, p, key)          # (a secret sequence's, not built yet)
    if "seq" in p:
        n = menus.count(menu) + sequence.undo_offered(p, key)
    elif "vals" in menu:               # (count, inline: the common case)
        n = len(menu["vals"]) + (menu["other"] is not None)
    else:
        n = menus.count(menu)
    if not (type(index) is int and 0 <= index < n) and not menus.is_composed(menu, index):
        raise IllegalMove(f"option {index!r} is out of range: there are {n} options"
                          if type(index) is int else
                          f"an answer is an option's index (0 to {n - 1}), not {index!r} "
                          "(a label is answered with Game.apply_label)")
    s["decisions"] += 1          # every seat's answer is a decision, secret ones too
    if s["decisions"] > vm.g.max_decisions:
        raise GameError(f"the game passed {vm.g.max_decisions} decisions without ending")
    fr = s["stack"][-1]
    if not p["each"]:
        if "vals" in menu:            # (menus.value, inline: the common case)
            vals = menu["vals"]
            fr["l"][p["var"]] = vals[index] if index < len(vals) else menus.value(menu, index)
        else:
            fr["l"][p["var"]] = menus.value(menu, index)
    elif "seq" in p:              # one step of a secret sequence (see sequence.py)
        if not sequence.answer(vm, p, seat, index):
            return False
        fr["l"][p["var"]] = sequence.result(p, s["n"])
    else:
        ans = p["ans"]
        ans[key] = index
        if len(ans) < len(p["seats"]):
            return False
        opts = p["opts"]
        values = [None] * s["n"]
        for k, i in ans.items():
            values[int(k)] = menus.value(opts[k], i)
        fr["l"][p["var"]] = values
    s["pending"] = None
    return True


# ------------------------------------------------------------------ imagined worlds
def forget_secrets(vm, seat: int) -> None:
    """The pending decision as `seat` may imagine it in a world (the state vm is bound to)
    where what it cannot know is dealt anew: another seat's secret answers are forgotten
    (a secret sequence's steps too: see sequence.forget_others)."""
    s = vm.s
    p = s["pending"]
    if p is None or not p["each"]:
        return
    if "seq" in p:
        s["decisions"] = seen_decisions(s, seat)    # their steps were never counted
        sequence.forget_others(vm, p, seat)
    else:
        p["ans"] = {}


def withdraw(s: dict):
    """Take the pending decision away (to ask it again), returned as a token for restore."""
    p = s["pending"]
    s["pending"] = None
    return p


def restore(s: dict, token) -> None:
    s["pending"] = token


def asks_again(s: dict, token) -> bool:
    """Whether the decision pending now is the secret choice `token` (withdrawn), asked
    again: the same seats, the same variable."""
    p, q = token, s["pending"]
    return q is not None and p is not None and q["each"] and q["seats"] == p["seats"] \
        and q["var"] == p["var"]


def state_problem(g, s: dict) -> str:
    """What is wrong with a loaded state's pending secret sequence ("" when nothing, or when
    none is pending); the rest of the pending decision is state_check's."""
    p = s["pending"]
    return sequence.state_problem(g, p) if isinstance(p, dict) and "seq" in p else ""
