"""What each panel of the full-screen table shows, drawn from one seat's view only (views.view):
the board, the seats' public status, the seat's own zones, its program. Plain functions from
the view to rich renderables, so the app only places them and tests can read them."""
from __future__ import annotations

import io

from rich.console import Console, Group
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from .. import terminal
from ..board_draw import legend, render_board
from ..card_details import once
from ..screen_words import words, zone_words
from ...runtime.redaction import may_read
from ...safe_text import spelled, spelled_all


def title(v: dict) -> Text:
    """The line at the top: the game, whose table this is, the phase, the game's status."""
    you = v["seat_label"] if v["seat"] is not None else "spectator"
    t = Text.assemble((v["name"], "bold"), " - ", (you, "bold green"))
    if v.get("phase"):
        t.append(f" - {words(v['phase'])}")
    if v.get("status"):
        t.append(f"   {v['status']}", style="yellow")
    return t


def fitted(text: Text, width: int, lines: int = 2) -> Text:
    """`text` wrapped to `width` in at most `lines` lines, the last one ending in an ellipsis
    when words were left out (the title line: some games' status is longer than a row, and a
    line cut mid-word hid that there was more; the Seats panel shows it whole)."""
    wrapped = text.wrap(Console(width=max(width, 8), file=io.StringIO(), markup=False),
                        max(width, 8))
    if len(wrapped) <= lines:
        return Text("\n").join(wrapped)
    kept = list(wrapped[:lines])
    last = kept[-1]
    last.rstrip()
    if last.cell_len > width - 2:    # room for the ellipsis
        last.truncate(max(width - 2, 1))
        last.rstrip()
    last.append(" \u2026", style="dim")
    return Text("\n").join(kept)


def board(v: dict):
    """Every board of the game, drawn as the plain table draws it, the drawing never wrapped
    (a map is cut at the panel's edge rather than broken) and its legend wrapped under it;
    None when there is none."""
    boards = v.get("boards") or {}
    if not boards:
        return None
    seats = [x["label"] for x in v["seats"]]
    named = len(boards) > 1     # one board: the panel's title says it
    parts = []
    for name, b in boards.items():
        drawn = list(render_board(b, v["seat_label"], seats=seats,
                                  title=words(name) if named else "").renderables)
        key = legend(b, None, seats)
        tail = [drawn.pop()] if drawn and isinstance(drawn[-1], Text) and \
            drawn[-1].plain == key else []
        parts += [unwrapped(Group(*drawn)), *tail]
    details = v.get("card_details") or {}
    opened = [p for b in boards.values() for p, cell in b["cells"].items()
              if any(c.get("card") in details for c in cell["cards"])]
    if opened:      # the board's cards open by their place, as in plain mode's words
        parts.append(Text(f"type card PLACE (card {opened[0]}): the cards there, with "
                          "their details", style="dim"))
    return Group(*parts)


def board_rows(drawn, width: int) -> int:
    """The rows the board panel's text takes at `width`: its maps, the places listed under
    a hex map, the legend."""
    if drawn is None:
        return 0
    con = Console(width=max(width, 20), file=io.StringIO(), markup=False)
    return len(con.render_lines(drawn, con.options, pad=False))


def unwrapped(renderable) -> Text:
    """A drawing as lines that never wrap (a panel narrower than a map scrolls sideways),
    without the blank columns all its lines begin with."""
    con = Console(width=max(80, width_of(renderable)), file=io.StringIO(),   # a hex map: 80
                  markup=False)
    lines = [Text.assemble(*((seg.text, seg.style) for seg in line if not seg.control))
             for line in con.render_lines(renderable, con.options, pad=False)]
    for line in lines:
        line.rstrip()
    indent = min((len(x.plain) - len(x.plain.lstrip(" ")) for x in lines if x.plain.strip()),
                 default=0)
    out = Text("\n").join(line[indent:] for line in lines)
    out.no_wrap, out.overflow = True, "crop"
    return out


def width_of(renderable) -> int:
    """The columns a drawing takes unwrapped (a hex map is drawn in 80)."""
    con = Console(width=400, markup=False)
    return Measurement.get(con, con.options, renderable).maximum


def seats(v: dict) -> Group:
    """The game's counters and roles, every seat's public status, the values this seat may
    see, and the other seats' and the table's zones (hidden cards only counted)."""
    parts = [terminal._game_line(v), terminal._players_table(v)]
    if v.get("status"):     # (the title line says it too, cut at 80x24)
        parts.insert(0, Text(v["status"], style="yellow"))
    values = terminal._values_table(v)
    if values.row_count:
        parts.append(values)
    lines = []
    for p in v["seats"]:
        if p["you"]:
            continue
        for name, z in p["zones"].items():
            if z["count"]:
                lines.append(_zone_line(p["label"], name, z))
    for name, z in v["zones"].items():
        if z["count"]:
            lines.append(_zone_line("table", name, z))
    if lines:
        parts.append(Text("\n").join(lines))
    if v["waiting"] and "options" not in v:
        parts.append(Text(f"Waiting for {', '.join(v['waiting'])}.", style="italic"))
    return Group(*parts)


def _zone_line(where: str, name: str, z: dict) -> Text:
    """"P2 hand 3 hidden cards": a zone's name said once (not "table table Shen Hao")."""
    cards = terminal._cards(z)
    said = zone_words(where, name, cards.plain)
    return Text.assemble((where, "bold"), " ", *([(said, "dim"), " "] if said else []), cards)


def standing(v: dict) -> Table:
    """Every seat's counters, stats and roles (the Seats panel's table turned: a row per
    counter, a column per seat, so that it stays narrow), shown beside the decision from
    100x30, where one panel at a time is shown above it."""
    seats = v["seats"]
    t = Table(box=None, pad_edge=False, header_style="bold")
    t.add_column("")
    for p in seats:
        t.add_column(Text(p["label"], style="bold green" if p["you"] else "bold"),
                     justify="right")
    for key in ("counters", "stats"):
        for name in dict.fromkeys(k for p in seats for k in p[key]):
            t.add_row(Text(words(name), style="dim"),
                      *(Text(str(p[key].get(name, "?"))) for p in seats))
    roles = v.get("roles") or {}
    if roles:
        t.add_row(Text("roles", style="dim"), *(Text(", ".join(
            words(r) for r, who in roles.items() if who == p["label"])) for p in seats))
    return t


def standing_width(v: dict) -> int:
    return width_of(standing(v))


def seats_width(v: dict) -> int:
    """The columns the seats' table takes with no header cut ("exploration", "favorite")."""
    return width_of(terminal._players_table(v))


def details(v: dict, label: str) -> tuple[list, str]:
    """A card's detail lines and its mark ("remembered", "face up" or "") from the view's
    card_details, when the view has them; ([], "") otherwise. Accepts a list of lines or a
    mapping with the lines and a flag."""
    found = (v.get("card_details") or {}).get(label)
    if found is None:
        return [], ""
    if isinstance(found, dict):
        lines = found.get("lines") or found.get("details") or []
        remembered = found.get("remembered")
        mark = "" if remembered is None else ("remembered" if remembered else "face up")
        return [str(x) for x in lines], mark
    return [str(x) for x in found], ""


def _card_lines(v: dict, label: str, n: int = 1, said: set | None = None) -> Text:
    lines, mark = details(v, label)
    lines = lines if said is None else once(lines, said)    # a type's text once a list
    t = Text(f"{n} x " if n > 1 else "", style="cyan")    # as plain mode counts them
    t.append(label, style="bold")
    if mark:
        t.append(f" ({mark})", style="magenta" if mark == "remembered" else "green")
    for line in lines:
        t.append("\n    " + line, style="dim")
    return t


def yours(v: dict) -> Group:
    """This seat's own zones: every card it may see, one a line, with its details when the
    view gives them; its own counters and values."""
    me = next((p for p in v["seats"] if p["you"]), None)
    if me is None:
        return Group(Text("(a spectator holds nothing)", style="dim"))
    parts = []
    empty = [words(name) for name, z in me["zones"].items() if not z["count"]]
    for name, z in me["zones"].items():
        if not z["count"]:
            continue
        head = Text.assemble((words(name), "bold cyan"), f" ({z['count']})")
        parts.append(head)
        if "cards" not in z:
            parts.append(Text(f"  {terminal.plural(z['count'], 'hidden card')}", style="dim"))
        elif not any(c in (v.get("card_details") or {}) for c in z["cards"]):
            parts.append(Text("  ").append_text(terminal._cards(z)))   # no details: one line
        else:   # alike cards once, counted ("4 x Rainbow"): a hand of six reads in three
            counts: dict = {}
            for label in z["cards"]:
                counts[label] = counts.get(label, 0) + 1
            said: set = set()
            for label, n in counts.items():
                parts.append(Text("  ").append_text(_card_lines(v, label, n, said)))
    if empty:
        parts.append(Text(f"empty: {', '.join(empty)}", style="dim"))
    return Group(*parts)


def program(v: dict) -> Text:
    """A secret sequence's steps so far (this seat's own, private to it)."""
    steps = v.get("steps")
    if steps is None:
        return Text("")
    if not steps:
        return Text("(no step yet)", style="dim")
    return Text("\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1)))


def safe(v: dict) -> dict:
    """The view with every text made visible (control characters spelled out)."""
    return spelled_all(v)


def log_lines(log: list, seat) -> list:
    """The whole log as this seat may read it: a private line only for its audience."""
    return [spelled(str(x)) for x in log if may_read(x, seat)]
