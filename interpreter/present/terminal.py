"""Rich rendering of views, results and reports. Draws only; decides nothing.

Everything shown to a seat comes from views.view(), so the screen can never show
more than the seat's view holds.
"""
from __future__ import annotations

import re

from rich.console import Console, RenderHook
from rich.panel import Panel
from rich.rule import Rule
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from ..safe_text import literal, spelled, spelled_all

# boards are drawn by board_draw.py; named here too for the commands and tests that use them
from .board_draw import BACK, legend, render_board  # noqa: F401
from .card_details import once
from .screen_words import named, short, words, zone_words

MAX_EVENTS = 14     # log lines in the events panel
MAX_ENTRIES = 16    # cards listed for one zone before only its top is shown

HELP = """Type the number of an option, its label (any case), or a part of a label that
only one option has; where a number is asked for (a bid), type the number itself.
Commands:
  help         this text; help rules: how to play this game, on one screen
  show         draw the table again
  undo         take back your last decision (and the bots' decisions after it),
               unless something was revealed or chance was used since; while
               you compose a sequence (one pass of the terminal per seat),
               its last step ("undo last"); "done" commits the sequence
  a word       list the options whose label contains it (one only: it is chosen)
  a long menu  comes in groups: type a group's letter (or name) to see its
               options; an option keeps its number at both steps, and its number
               picks it at either; back returns to the groups
  card N       the details of the card option N names (details LABEL: of a
               card on screen)
  rim          (games with a grid board) each square's distance from the rim
  log [N|all]  the game's log as you may read it: the last 40 lines, the last N,
               or all of it
  save [FILE]  write a save file (continue: rulebook play GAME --load FILE)
  quit         stop playing (saves first when --save was given)
  Ctrl-C       stop at once; the game is saved and the file named (Ctrl-D too)"""


def console(quiet: bool = False) -> Console:
    """A console that prints every text as it is: no markup, no emoji codes, so nothing a
    person types or a designer writes ("[/bold]", ":x:") can be misread or raise. Styles
    are given only as rich objects (Text, Rule, Panel) built here."""
    # made per command so that it writes to the sys.stdout of that moment (tests swap it)
    con = _Console(quiet=quiet, highlight=False, soft_wrap=False, markup=False, emoji=False)
    con.push_render_hook(_Visible())
    return con


class _Console(Console):
    def on_broken_pipe(self) -> None:
        """rich exits 1 when the reader goes (`| head -1`); the commands decide instead
        (commands/common.py: quietly, status 0, when it is stdout's reader)."""
        self.quiet = True
        raise BrokenPipeError


class _Visible(RenderHook):
    """The last guard: whatever a command prints, each text it writes has its control
    characters made visible (safe_text.spelled), and only rich's own styles and cursor
    moves reach the terminal as codes. The views and results are made visible before they
    are laid out (spelled_all below), so this changes nothing in what they print."""

    def process_renderables(self, renderables):
        return [_VisibleRenderable(r) for r in renderables]


class _VisibleRenderable:
    def __init__(self, renderable):
        self.renderable = renderable

    def __rich_console__(self, console, options):
        for seg in console.render(self.renderable, options):
            if seg.control or spelled(seg.text) is seg.text:
                yield seg
            else:
                yield Segment(spelled(seg.text), seg.style)


# ------------------------------------------------------------------ a seat's view
def render_view(con: Console, v: dict, events: list) -> None:
    v, events = spelled_all(v), [spelled(x) for x in events]
    you = v["seat_label"]
    title = f"{v['name']} - {you if v['seat'] is not None else 'spectator'}"
    if v.get("phase"):
        title += f" - {v['phase']}"
    con.print(Rule(Text(title), style="bold cyan"))
    if v.get("status"):
        con.print(Text(v["status"], style="bold yellow"))
    con.print(_game_line(v))
    for name, board in (v.get("boards") or {}).items():
        con.print(render_board(board, v["seat_label"], title=name,
                               seats=[x["label"] for x in v["seats"]]))
    con.print(_players_table(v))
    values = _values_table(v)
    if values.row_count:
        con.print(values)
    zones = _zones_table(v)
    if zones.row_count:
        con.print(zones)
    if events:
        recent = events[-MAX_EVENTS:]
        more = len(events) - len(recent)
        lines = ([f"... {plural(more, 'earlier line')} (type log to read them)"] if more
                 else []) + recent
        con.print(Panel(Text("\n".join(lines)), title="Since your last decision",
                        title_align="left", border_style="dim"))
    if v["waiting"] and "options" not in v:
        con.print(literal(f"Waiting for {', '.join(v['waiting'])}."))


def _game_line(v: dict) -> Text:
    parts = [named(k, val) for k, val in v["counters"].items()]
    parts += [f"{words(role)}: {who or '-'}" for role, who in v["roles"].items()]
    parts.append(f"variant {v['variant']}")
    return Text("   ".join(parts), style="bold")


def _players_table(v: dict) -> Table:
    t = Table(box=None, pad_edge=False, header_style="bold")
    seats = v["seats"]
    counters = list(dict.fromkeys(k for p in seats for k in p["counters"]))
    stats = list(dict.fromkeys(k for p in seats for k in p["stats"]))
    t.add_column("seat")
    for k in counters:
        t.add_column(literal(words(k)), justify="right")
    for k in stats:
        t.add_column(literal(words(k)), justify="right", style="cyan")
    t.add_column("roles")
    roles = v["roles"]
    for p in seats:
        name = p["label"] + (" (you)" if p["you"] else "")
        row = [Text(name, style="bold green" if p["you"] else "")]
        row += [Text(str(p["counters"].get(k, "?"))) for k in counters]
        row += [Text(str(p["stats"].get(k, "?"))) for k in stats]
        row.append(Text(", ".join(words(r) for r, who in roles.items() if who == p["label"])))
        t.add_row(*row)
    return t


def _zones_table(v: dict) -> Table:
    t = Table(box=None, pad_edge=False, show_header=False)
    t.add_column("where", style="bold", no_wrap=True)
    t.add_column("zone", style="dim", no_wrap=True)
    t.add_column("cards")
    details = v.get("card_details") or {}
    for p in v["seats"]:
        first = True
        for name, z in p["zones"].items():
            if z.get("count", 1):     # (no count: how many is secret, so always listed)
                cards = _cards(z, details)
                t.add_row(Text(p["label"] if first else ""),
                          Text(zone_words(p["label"], name, cards.plain)), cards)
                first = False
    first = True
    for name, z in v["zones"].items():
        if z.get("count", 1):
            cards = _cards(z, details)
            t.add_row("table" if first else "", Text(zone_words("table", name, cards.plain)),
                      cards)
            first = False
    return t


def card_details(label: str, lines: list) -> Text:
    """One card opened: its label, then its detail lines."""
    text = Text(label, style="bold")
    for line in lines or ["(no details)"]:
        text.append("\n  " + line)
    return text


def _values_table(v: dict) -> Table:
    """The values (`values:`) this seat may see: per seat, then the game's, one line each
    in a short form ("north 2, south 1")."""
    t = Table(box=None, pad_edge=False, show_header=False)
    t.add_column("where", style="bold", no_wrap=True)
    t.add_column("values")
    for p in v["seats"]:
        if p.get("values"):
            t.add_row(Text(p["label"]), Text("   ".join(f"{words(k)}: {short(x)}"
                                                        for k, x in p["values"].items())))
    if v.get("values"):
        t.add_row(Text("table"), Text("   ".join(f"{words(k)}: {short(x)}"
                                                 for k, x in v["values"].items())))
    return t


def _cards(z: dict, details: dict | None = None) -> Text:
    if "cards" not in z:
        if "count" not in z:
            return Text("hidden cards (how many is secret)", style="italic dim")
        return Text(f"{plural(z['count'], 'hidden card')}", style="italic dim")
    if "counts" in z:       # counted by an attribute (count_by:): "Red 3, Green 2"
        return Text(", ".join(f"{value} {n}" for value, n in z["counts"]))
    if z.get("details") and details:   # each card with its details (show_details:)
        counts: dict = {}
        for label in z["cards"]:
            counts[label] = counts.get(label, 0) + 1
        text = Text()
        said: set = set()       # a line an earlier card showed (its type's text): once
        for i, (label, n) in enumerate(counts.items()):
            text.append(("\n" if i else "") + (f"{n} x " if n > 1 else "") + label, style="bold")
            if lines := once(details.get(label), said):
                text.append(": " + "; ".join(lines))
        return text
    entries = _grouped(z["cards"])
    if len(entries) <= MAX_ENTRIES:
        return Text("; ".join(entries))
    # a long pile (a discard pile): its top, which is the end of the list. Sliced before
    # grouping, and only neighbours grouped, so that exactly that many cards are listed,
    # the top one last (grouped over the whole pile, a copy lower down drew others in)
    top = MAX_ENTRIES // 2
    text = Text(f"{z['count']} cards, top {top}: ", style="dim")
    text.append("; ".join(_runs(z["cards"][-top:])))
    return text


_COPY = re.compile(r"(?<=\w)-\d+\b")


def _grouped(labels: list) -> list:
    """Copies of one card (instance ids "servant-1", "servant-2", ...) shown once with a count,
    so that a supply of 18 servants takes one line."""
    counts: dict = {}
    for lab in labels:
        key = _COPY.sub("", lab)
        counts.setdefault(key, []).append(lab)
    return [f"{len(v)} x {k}" if len(v) > 2 else "; ".join(v) for k, v in counts.items()]


def _runs(labels: list) -> list:
    """Neighbouring copies of one card shown once with a count, the order kept."""
    out: list = []
    for lab in labels:
        key = _COPY.sub("", lab)
        if out and out[-1][0] == key:
            out[-1][1].append(lab)
        else:
            out.append((key, [lab]))
    return [f"{len(v)} x {k}" if len(v) > 2 else "; ".join(v) for k, v in out]


def plural(n: int, word: str, words: str | None = None) -> str:
    """'1 card', '2 cards' (words: an irregular plural)."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


# home, erase the screen, erase the scrollback (xterm's ESC[3J, understood by the common
# terminals; rich's clear() sends only the first two)
WIPE = "\x1b[H\x1b[2J\x1b[3J"


def wipe(con: Console) -> None:
    """Clear the screen and the terminal's scrollback: nothing above can be scrolled back to."""
    if con.is_terminal:
        con.file.write(WIPE)
        con.file.flush()


def pass_screen(con: Console, seat_label: str, game_name: str = "") -> None:
    """Between two people's turns at one device: the last screen, scrollback included, is
    wiped before the next person is asked to take the device."""
    wipe(con)
    seat_label, game_name = spelled(seat_label), spelled(game_name)
    con.print(Panel(Text.assemble("Pass the device to ", (seat_label, "bold"), ".\n"
                                  "Others, look away. Press Enter when ready."),
                    title=Text(game_name) if game_name else None, border_style="magenta"))


# ------------------------------------------------------------------ results
def render_result(con: Console, game, result: dict) -> None:
    """Who won and the scores, with each seat's score terms when `result` holds them
    ("terms": Game.score_terms, one {term: value} per seat)."""
    def label(p):
        return spelled(game.g.seat_label(p))
    winners, team = result["winners"], result.get("team")
    if team is not None:   # a cooperative game: the team wins or loses together
        headline = (f"The team wins with {team['score']}!" if team["won"] else
                    f"The team loses, with {team['score']}.")
    elif result.get("capped"):
        headline = "The game was stopped by its cap: no winner."
    elif not winners and result.get("draw"):
        headline = "The game is a draw."
    elif not winners:
        headline = "The game ends with no winner."
    elif len(winners) == 1:
        headline = f"{label(winners[0])} wins!"
    else:
        headline = "Shared victory: " + ", ".join(label(p) for p in winners)
    con.print(Rule(Text(spelled(f"{game.g.name}: game over")), style="bold cyan"))
    con.print(Text(headline, style="bold green"))
    t = Table(box=None, header_style="bold")
    t.add_column("rank", justify="right")
    t.add_column("seat")
    t.add_column("score", justify="right")
    terms = result.get("terms") or []      # the score's declared terms (end.breakdown)
    for name in (terms[0] if terms else ()):
        t.add_column(Text(spelled(words(name))), justify="right")
    for rank, p in enumerate(result.get("ranking") or range(len(result["scores"])), 1):
        t.add_row(Text(str(rank)), Text(label(p)), Text(str(result["scores"][p])),
                  *(Text(short(x)) for x in (terms[p].values() if terms else ())))
    con.print(t)
