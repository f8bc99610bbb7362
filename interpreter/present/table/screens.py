"""The table's whole screens: the pass screen between two people at one device (it shows
nothing of either seat), the help, what a looking word shows (rim, a card's details), and
the result at the end of the game."""
from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table
from rich.text import Text
from textual.binding import Binding
from textual.containers import Center, Middle, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from .. import terminal
from ...safe_text import literal, spelled

# The help as (keys, what they do) rows under headings: laid out as two columns whose text
# wraps beside its keys at any width (one long line each wrapped badly at 80x24).
HELP = (
    ("Keys", None),
    ("1 2 3 ... Enter", "choose the option with that number (in a long menu too: an option "
                        "keeps its number in its group)"),
    ("a b ... Enter", "a long menu's group, by its letters: its options"),
    ("a word", "list only the options whose label contains it; Enter picks the one under "
               "the cursor (a label typed whole, or the only match, picks it)"),
    ("Up Down PgUp PgDn", "move in the options"),
    ("Escape", "clear the text typed / back to the groups"),
    ("Tab, Shift+Tab", "show the next / previous panel (board, seats, yours, log, program)"),
    ("Ctrl+Up Ctrl+Down", "scroll the panel marked 'Ctrl+Up/Down scrolls'"),
    ("F1", "this help"),
    ("Ctrl+Z / S / Q", "undo / save / quit"),
    ("Ctrl+C, Ctrl+D", "stop at once: the game is saved and the file named"),
    ("Words typed", None),
    ("help undo quit", "as their keys; done: end a program"),
    ("save [FILE]", "write a save file"),
    ("log", "the whole log as you may read it (the Log panel, scrolled to its end)"),
    ("show", "the panels drawn again from your view"),
    ("card N", "the details of the card option N names"),
    ("card PLACE", "the cards on a board's place (card c3), with their details"),
    ("card LABEL", "a card on screen (details LABEL too); card alone: every card on screen"),
    ("rim", "(a grid board) each square's distance from the rim and its worth"),
    ("", None),
    ("", "Where a number is asked (a bid), type the number itself. Undo takes back your last "
         "decision and the bots' after it, unless something was revealed or chance was used "
         "since. Escape or Enter closes this help."),
)


def help_table() -> Table:
    t = Table(box=None, show_header=False, pad_edge=False, padding=(0, 2, 0, 0), expand=True)
    t.add_column(no_wrap=True, style="bold")
    t.add_column(ratio=1)
    for keys, text in HELP:
        if text is None:
            t.add_row(Text(keys, style="bold underline"), "")
        else:
            t.add_row(keys, text)
    return t


class PassScreen(Screen):
    """Between two people's turns: a blank screen naming only who plays next. The app has
    emptied every panel before this is shown and fills them from the next seat's view only
    once it is dismissed."""

    BINDINGS = [Binding("enter", "ready", "ready")]

    def __init__(self, seat_label: str, game_name: str) -> None:
        super().__init__(id="pass")
        self.seat_label, self.game_name = spelled(seat_label), spelled(game_name)

    def compose(self):
        with Middle():
            with Center():
                yield Static(Text.assemble(
                    (self.game_name + "\n\n", "bold"), "Pass the device to ",
                    (self.seat_label, "bold magenta"), ".\nOthers, look away.\n\n"
                    "Press Enter when ready."), id="pass-text")

    def action_ready(self) -> None:
        self.dismiss(True)


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,enter,f1,q", "close", "close")]

    def compose(self):
        with VerticalScroll(id="help-box"):
            yield Static(help_table(), id="help-text")

    def on_mount(self) -> None:
        if getattr(self.app, "compact", False):     # 80x24: every column and row counts
            box = self.query_one("#help-box")
            box.styles.width, box.styles.height = "100%", "100%"

    def action_close(self) -> None:
        self.dismiss(None)


class InfoScreen(ModalScreen):
    """What a looking word shows over the table (rim, card details): drawn from the seat's
    view by the app; Escape or Enter returns to the decision, which kept its place."""

    BINDINGS = [Binding("escape,enter,q", "close", "close")]

    def __init__(self, title: str, body) -> None:
        super().__init__(id="info")
        self.title_text, self.body = spelled(title), body

    def compose(self):
        box = VerticalScroll(id="info-box")
        box.border_title = literal(self.title_text)     # a border's str is markup
        with box:
            yield Static(self.body, id="info-text")
            yield Static(Text("Escape or Enter: back to your decision.", style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)


class ResultScreen(Screen):
    """The end of the game: who won, the scores, and the last lines of the log."""

    BINDINGS = [Binding("enter,escape,q", "close", "close")]

    def __init__(self, game, result: dict, last_lines: list) -> None:
        super().__init__(id="result")
        self.game, self.result, self.last_lines = game, result, last_lines

    def compose(self):
        con = Console(file=io.StringIO(), width=76, color_system="truecolor", record=True,
                      markup=False, emoji=False, highlight=False)    # names are text
        terminal.render_result(con, self.game, self.result)
        table = Text.from_ansi(con.file.getvalue())
        with VerticalScroll(id="result-box"):
            if self.last_lines:
                yield Static(Text("\n".join(self.last_lines[-12:]), style="dim"))
            yield Static(table, id="result-text")
            yield Static(Text("Press Enter to leave the table.", style="bold"))

    def action_close(self) -> None:
        self.app.exit("over")
