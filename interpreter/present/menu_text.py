"""The line-by-line table's menus: a decision's options numbered, its declared or automatic
groups keyed by letters, a subset being composed, and how a number prompt is typed. Draws
only (terminal.py draws the rest of a seat's view)."""
from __future__ import annotations

from rich.columns import Columns
from rich.console import Console, Group
from rich.text import Text

from ..safe_text import spelled_all
from .option_groups import only_option
from .terminal import plural
from .typed import group_keys, numbers_of, subset_bounds


def render_subset(con: Console, v: dict, picked=()) -> None:
    """A choose-any decision: its items numbered, [x] on those kept so far, and how to
    answer (a number adds or removes an item, done keeps the set)."""
    sub = v["subset"]
    con.print(Text(v["prompt"], style="bold yellow"))
    con.print(_numbered([f"[{'x' if i in picked else ' '}] {item}"
                         for i, item in enumerate(sub["items"])], con))
    con.print(Text(f"Type an item's number to keep it or leave it, then done "
                   f"({subset_bounds(sub)} "
                   "items); or type the set as it reads, e.g. " +
                   ", ".join(sub["items"][:2]) + ".", style="yellow"))


def render_options(con: Console, v: dict, picked=()) -> None:
    """The prompt and the numbered options (a choice of a number: how to type it). When the
    options are taller than the screen (the prompt would scroll away above them), the prompt
    is said again below them."""
    v = spelled_all(v)
    prompt = Text(v["prompt"], style="bold yellow")
    if "steps" in v:    # a secret sequence: the seat's own program so far, private to it
        steps = v["steps"]
        con.print(Text.assemble(("Your sequence so far: ", "bold"), "  ".join(
            f"{i}. {step}" for i, step in enumerate(steps, 1)) or "(empty)"))
    if v.get("number"):
        con.print(prompt)
        con.print(Text(number_hint(v["number"])))
        return
    if v.get("subset"):      # choose any of: the items, each kept or not, then done
        render_subset(con, v, picked)
        return
    if v.get("groups"):     # a long menu: its groups first (choose_in_group: the options)
        con.print(prompt)
        con.print(_keyed(group_rows(v["groups"], v["options"]), con))
        con.print(Text(f"Type a group's letter to see its options, or an option's number, a "
                       f"label or a word of one ({plural(len(v['options']), 'option')} in "
                       "all).", style="yellow"))
        return
    _options(con, prompt, v["options"])


def group_rows(groups: list, options: list) -> list:
    """(key, text) of each group as the tables list it: a group of one option is that option
    with its number; another its letters, name, size and its options' numbers."""
    keys = group_keys(groups)
    rows = []
    for k, g in enumerate(groups):
        if (only := only_option(g)) is not None:
            rows.append((str(only + 1), options[only]))
        else:
            rows.append((keys[k], f"{g[0]} ({plural(len(g[1]), 'option')}: "
                                  f"{numbers_of(g[1])})"))
    return rows


def render_group(con: Console, v: dict, k: int) -> None:
    """The options of the seat's group k (0-based), with their numbers in the whole menu."""
    v = spelled_all(v)
    name, ixs = v["groups"][k]
    prompt = Text(v["prompt"], style="bold yellow")
    prompt.append(f" - {name}", style="bold")
    _options(con, prompt, v["options"], ixs)
    con.print(Text("Type a number, a label, or back for the groups.", style="dim"))


def _numbered(items: list, con: Console, numbers: list | None = None):
    """Numbered lines (the numbers given, else 1 to N), in columns when there are many and
    two columns fit."""
    return _keyed(list(zip(map(str, numbers or range(1, len(items) + 1)), items)), con)


def _keyed(rows: list, con: Console):
    """(key, text) lines, keys right-aligned, in columns when there are many and two fit."""
    width = max((len(k) for k, _ in rows), default=1)
    lines = [Text.assemble((f"{k:>{width}}", "bold"), " ", o) for k, o in rows]
    widest = max((len(o) for _, o in rows), default=0) + width + 1
    if len(rows) > 10 and 2 * widest + 3 <= con.width:   # two columns or more fit
        return Columns(lines, column_first=True, padding=(0, 3))
    return Group(*lines)


def _options(con: Console, prompt: Text, options: list, ixs: list | None = None) -> None:
    """The prompt and the options (those at indices `ixs` only, with their numbers in the
    whole menu)."""
    if ixs is not None:
        block = _numbered([options[i] for i in ixs], con, [i + 1 for i in ixs])
        options = [options[i] for i in ixs]
    else:
        block = _numbered(options, con)
    con.print(prompt)
    con.print(block)
    height = 1 + len(con.render_lines(block, pad=False))
    if height > con.height - 1:   # one line is the input's
        again = prompt.copy()
        again.append(f"  ({plural(len(options), 'option')} above: type a number, a label, "
                     "or a word to list the options that contain it)", style="yellow")
        con.print(again)


def number_hint(number: dict) -> str:
    """How to answer a choice of a number: "Type a number from 4 to 10, or: pass"."""
    text = f"Type a number from {number['lo']} to {number['hi']}"
    others = [label for label, _ in number["others"]]
    return text + (", or: " + " | ".join(others) if others else "") + "."
