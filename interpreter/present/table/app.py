"""The full-screen table (Textual): the board, the seats, your zones, the log, your program and
the decision stay in view; at 80x24 the first four share one place, one at a time (Tab).

Everything a panel shows comes from views.view(game, state, seat) and the log lines that seat
may read, so the screen never holds more than that seat's view. The game itself is driven by
`driver` (commands/table_play.py): its bots, undo and saves are the command's, as in the
line-by-line table."""
from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static

from .. import views  # noqa: F401 - what the driver shows (tests patch views.view through it)
from ...errors import IllegalMove
from . import panels
from .decision import DecisionPanel
from ...safe_text import literal
from .log_panel import TableLog
from . import ending
from .screens import PassScreen, ResultScreen
from .typed_words import TypedWords

PANELS = ("board", "seats", "yours", "log")
WIDE = (110, 30)    # columns and rows from which every panel stays in view at once
BELOW_BOARD = 8     # wide: the rows the seats panel keeps under a tall board
MEDIUM = (100, 30)  # from here at one panel a time, the seats' standing beside the decision


class TableApp(TypedWords, App):
    CSS_PATH = "table.tcss"
    TITLE = "rulebook"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+c", "stop('interrupt')", "stop", show=False, priority=True),
        Binding("ctrl+d", "stop('eof')", "stop", show=False, priority=True),
        Binding("f1", "command('help')", "help", priority=True),
        Binding("ctrl+z", "command('undo')", "undo", priority=True),
        Binding("ctrl+s", "command('save')", "save", priority=True),
        Binding("ctrl+q", "command('quit')", "quit", priority=True),
        Binding("tab", "panel(1)", "next panel", priority=True),
        Binding("shift+tab", "panel(-1)", "previous panel", show=False, priority=True),
        Binding("ctrl+up", "scroll(-1)", "scroll", show=False, priority=True),
        Binding("ctrl+down", "scroll(1)", "scroll", show=False, priority=True),
    ]

    def __init__(self, driver, threaded: bool = True):
        super().__init__()
        self.driver = driver
        self.game = driver.session.game
        self.threaded = threaded    # bots think in a worker thread (tests may run them inline)
        self.seat = None            # the seat whose view is on screen (None: nobody's)
        self.view: dict = {}
        self.active = None          # the panel shown at 80x24, scrolled by Ctrl+Up/Down
        self.compact = True
        self.medium = False         # compact, with the seats' standing beside the decision
        self.title_text = Text()     # the title before it is fitted to the width
        self.logged: list = []      # the log lines in the log panel now
        self.news = 0               # lines new since the last decision, not yet seen (80x24)
        self.notes: list = []       # messages for the next decision
        self.said = ""              # the messages said at this decision
        self.highlit = None         # the option whose card details were last shown
        self.board_width = 0        # the board drawing's natural width
        self.board_rows = 0         # the board panel's rows: maps, places listed, legend
        self.left = (0, 0)          # (screen width, the widest left column wanted at it)
        self.seats_width = 0        # the seats' table's natural width
        self.standing_width = 0     # the seats' standing's (beside the decision, 100x30)
        self.failure = None         # an error the game raised, for the command to report

    # ------------------------------------------------------------------ layout
    def compose(self):
        yield Static("", id="title")
        yield Static("", id="tabbar")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                with VerticalScroll(id="board", classes="panel"):
                    yield Static("", id="board-text")
                with VerticalScroll(id="seats", classes="panel"):
                    yield Static("", id="seats-text")
            with Vertical(id="right"):
                with VerticalScroll(id="yours", classes="panel"):
                    yield Static("", id="yours-text")
                yield TableLog(id="log", classes="panel", wrap=True, markup=False, min_width=20,
                               highlight=False)
                with VerticalScroll(id="program", classes="panel"):
                    yield Static("", id="program-text")
                with Horizontal(id="ask"):
                    yield DecisionPanel(id="decision")
                    with VerticalScroll(id="standing", classes="panel"):
                        yield Static("", id="standing-text")
        yield Footer()

    def get_driver_class(self):
        return ending.restoring(super().get_driver_class())   # leaves no frame behind

    def on_mount(self) -> None:
        ending.listen(self)     # the terminal closed, SIGTERM: the app leaves, the game is saved
        for name, title in (("board", "Board"), ("seats", "Seats"), ("yours", "Yours"),
                            ("log", "Log"), ("program", "Your program (secret)"),
                            ("standing", "Seats")):
            self.query_one(f"#{name}").border_title = title
        self.arrange()
        self.next_turn()

    def on_resize(self, event) -> None:
        self.arrange(event.size)    # (the app's own size is still the old one here)
        self.call_after_refresh(self.fit_title)     # once the screen has its new width
        self.call_after_refresh(self.query_one(DecisionPanel).fit)   # its prompt, too

    def fit_title(self) -> None:
        """The title line fitted to the screen's width (less its padding): two rows, or one at
        80x24, where every row counts (the Seats panel shows the status whole)."""
        self.query_one("#title", Static).update(
            panels.fitted(self.title_text, self.size.width - 2, 1 if self.compact else 2))

    def shown_panels(self) -> list:
        return [p for p in PANELS if p != "board" or self.view.get("boards")]

    def arrange(self, size=None) -> None:
        """Wide: every panel at once. Compact (80x24): one of board, seats, yours and log at a
        time, above the decision; Tab shows the next."""
        w, h = size or self.size
        self.compact = w < WIDE[0] or h < WIDE[1]
        self.medium = self.compact and w >= MEDIUM[0] and h >= MEDIUM[1]
        self.screen.set_class(self.compact, "-compact")
        standing = self.query_one("#standing")
        standing.display = self.medium and bool(self.view)
        standing.styles.width = min(self.standing_width + 4, w // 2)
        names = self.shown_panels()
        if self.active not in names and self.view:     # at first the board, if any, else
            self.active = "board" if "board" in names else \
                "log" if self.logged else "yours"       # the log, or the hand

        for p in PANELS:
            widget = self.query_one(f"#{p}")
            widget.display = p in names and (not self.compact or p == self.active)
            widget.set_class(p == self.active and not self.compact, "-active")
            # the panel Ctrl+Up/Down scrolls says so
            widget.border_subtitle = literal("Ctrl+Up/Down scrolls" if p == self.active else "")
        left = [p for p in ("board", "seats") if p in names]
        if not self.compact:    # the board at its own width where it fits, never wrapped
            bar = self.fit_board(h) if "board" in names else 0
            want = max(self.board_width + 4 + bar, self.seats_width + 4) if "board" in names \
                else max(w // 2, self.seats_width + 4)    # no board: the seats' table uncut
            # never narrower than at an earlier decision at this width: the columns do not
            # jump as the longest name on the board changes
            self.left = (w, max(want, self.left[1] if self.left[0] == w else 0))
            self.query_one("#left").styles.width = max(40, min(self.left[1], w - 40))
        else:   # the stylesheet's whole width and height again after a wide layout
            self.query_one("#left").styles.width = None
            self.query_one("#board").styles.max_height = None
        on_left = bool(left) and (not self.compact or self.active in left)
        self.query_one("#left").display = on_left
        # compact: the panel shown takes what the decision leaves
        self.query_one("#left").styles.height = "1fr" if self.compact else "100%"
        self.query_one("#right").styles.height = \
            "auto" if self.compact and on_left else "1fr" if self.compact else "100%"
        self.query_one("#program").display = "steps" in self.view
        self.fit_title()
        bar = Text()
        if self.active == "log":
            self.news = 0
        for p in names:
            style = "bold reverse" if p == self.active else "dim"
            bar.append(f" {p.capitalize()} ", style=style)
            if p == "log" and self.news and self.compact:   # news the shown panel hides
                bar.append(f"+{self.news} ", style="bold yellow")
        bar.append("  ")
        bar.append("Tab panel  F1 help  ^Z undo  ^S save  ^Q quit", style="dim")
        self.query_one("#tabbar", Static).update(bar)
        decision = self.query_one(DecisionPanel)
        if getattr(decision, "options", None):
            decision.refill()      # the options' rows for this size

    def fit_board(self, h: int) -> int:
        """Wide: the board panel tall enough for all it holds (a tall hex map's places listed
        under it) where the seats keep BELOW_BOARD rows, else as much, then it scrolls; the
        columns a vertical scrollbar takes from it (2 when it scrolls)."""
        body = h - 3        # the title's two rows and the footer's
        rows = max(body * 65 // 100, min(self.board_rows + 2, body - BELOW_BOARD))
        self.query_one("#board").styles.max_height = rows
        return 2 if self.board_rows + 2 > rows else 0

    def decision_width(self) -> int:
        """The decision panel's columns: the screen's, less the standing beside it."""
        standing = self.query_one("#standing")
        return self.size.width - (int(standing.styles.width.value) if standing.display and
                                  standing.styles.width else 0)

    def action_panel(self, step: int) -> None:
        names = self.shown_panels()
        i = names.index(self.active) if self.active in names else 0
        self.active = names[(i + step) % len(names)]
        self.arrange()
        if self.active == "log":
            self.log_to_end()

    def log_to_end(self) -> None:
        """The log panel at its last line once laid out (a panel shown again, or resized by
        the program panel appearing, would otherwise keep an old place)."""
        log = self.query_one("#log", TableLog)
        log.lay_out()
        self.call_after_refresh(log.to_end)

    def action_scroll(self, step: int) -> None:
        widget = self.query_one(f"#{self.active}")
        if isinstance(widget, TableLog):
            widget.scroll_by_page(step)
            return
        widget.scroll_relative(y=step * max(1, widget.size.height - 2), animate=False)

    # ------------------------------------------------------------------ turns
    def next_turn(self) -> None:
        """Bots decide (in a worker), then the next person is asked (what they type
        meanwhile is kept for their decision)."""
        self.query_one(DecisionPanel).ask({}, keep_typed=True)
        self.query_one(DecisionPanel).say(getattr(self.driver, "waiting_words",
                                                  "The bots are thinking..."), "dim")
        if self.threaded:
            self.run_worker(self._bots, thread=True, exclusive=True, group="bots")
        else:
            try:
                self.driver.advance()
            except Exception as e:
                self.failed(e)
                return
            self.after_bots()

    def _bots(self) -> None:
        try:
            self.driver.advance()
        except Exception as e:      # the command reports it once the terminal is back
            self.call_from_thread(self.failed, e)
            return
        self.call_from_thread(self.after_bots)

    def failed(self, error: Exception) -> None:
        """A rule's run-time error (a game's bug): the app ends and the command reports the
        error as plain mode does (located, no traceback)."""
        self.failure = error
        self.exit("error")

    def after_bots(self) -> None:
        seat = self.driver.next_seat()
        if seat is None:
            self.game_over()
        elif len(self.driver.humans) > 1 and seat != self.seat and self.seat is not None:
            self.blank()
            self.push_screen(PassScreen(self.game.g.seat_label(seat), self.game.g.name),
                             lambda _: self.show(seat))
        else:
            self.show(seat)

    def blank(self) -> None:
        """Every panel emptied: the last seat's view is gone before the next one is asked."""
        self.seat, self.view, self.logged = None, {}, []
        for name in ("board", "seats", "yours", "program", "standing"):
            self.query_one(f"#{name}-text", Static).update("")
        self.query_one("#log", TableLog).clear_kept()
        self.title_text = Text()
        self.fit_title()
        self.query_one(DecisionPanel).ask({})
        self.arrange()

    def show(self, seat: int) -> None:
        """Every panel rebuilt from this seat's view (and the log lines it may read)."""
        if seat != self.seat:
            self.logged = []
        self.seat = seat
        v = self.driver.view(seat)      # views.view for that seat (a served table: its message's)
        self.view, shown = v, panels.safe(v)
        self.highlit = None     # the option under the cursor gets its card's details again
        self.title_text = panels.title(shown)
        self.fit_title()
        drawn = panels.board(shown)
        self.board_width = max((panels.width_of(x) for x in drawn.renderables
                                if x.no_wrap), default=0) if drawn else 0
        self.board_rows = panels.board_rows(drawn, self.board_width)
        self.query_one("#board-text", Static).update(drawn or "")
        self.query_one("#seats-text", Static).update(panels.seats(shown))
        self.seats_width = panels.seats_width(shown)
        self.query_one("#standing-text", Static).update(panels.standing(shown))
        self.standing_width = panels.standing_width(shown)
        self.query_one("#yours-text", Static).update(panels.yours(shown))
        self.query_one("#program-text", Static).update(panels.program(shown))
        self.fill_log(self.driver.log_lines(seat))
        self.arrange()
        self.log_to_end()
        decision = self.query_one(DecisionPanel)
        decision.ask(v, keep_typed=True)    # (blank() emptied it when the seat changed)
        # the messages for this decision ("Undone: ...", "Saved to ..."): kept above the
        # card details that highlighting an option shows, so that neither hides the other
        self.said = " ".join(self.notes)
        self.notes = []
        if self.said:
            decision.say(self.said)

    def fill_log(self, lines: list) -> None:
        log = self.query_one("#log", TableLog)
        if self.logged and lines[:len(self.logged)] == self.logged:
            new = lines[len(self.logged):]
        else:
            log.clear_kept()
            new = lines
        self.news = len(new)
        if new and self.logged:
            log.write_kept(Text("-- since your last decision --", style="dim"))
        for line in new:
            log.write_kept(Text(line))
        self.logged = lines

    def game_over(self) -> None:
        session = self.driver.session
        humans = self.driver.humans
        # on one screen: a private line only when every person watching may read it
        lines = [x for x in self.driver.log_lines(None)]
        if len(humans) == 1:
            lines = self.driver.log_lines(next(iter(humans)))
        elif humans:
            self.blank()
        result = dict(self.game.result(session.state),      # with the score's terms
                      terms=self.game.score_terms(session.state))
        self.push_screen(ResultScreen(self.game, result, lines))

    # ------------------------------------------------------------------ what the person did
    def on_decision_panel_chosen(self, message: DecisionPanel.Chosen) -> None:
        if self.seat is None:
            return
        try:
            self.driver.choose(self.seat, message.label)
        except IllegalMove as e:
            self.query_one(DecisionPanel).say(str(e))
            return
        except Exception as e:
            self.failed(e)
            return
        self.query_one(DecisionPanel).clear_entry()     # answered: not typed ahead
        self.next_turn()

    def on_decision_panel_highlighted(self, message: DecisionPanel.Highlighted) -> None:
        if message.label == self.highlit:     # the same option: what was said stays
            return
        self.highlit = message.label
        details = self.view.get("card_details") or {}
        label = message.label or ""
        found = [name for name in details if name and name in label and details[name]]
        lines = []
        for name in found[:2]:
            more, mark = panels.details(panels.safe(self.view), name)
            lines.append(f"{name}{f' ({mark})' if mark else ''}: " + "; ".join(more))
        # under the messages for this decision ("Undone: ...", "Saved to ..."), so that
        # neither hides the other; the first to go when rows are short (80x24)
        self.query_one(DecisionPanel).detail("\n".join(lines))

    def on_decision_panel_command(self, message: DecisionPanel.Command) -> None:
        self.action_command(message.word, message.arg)

    def action_stop(self, why: str) -> None:
        """Ctrl-C / Ctrl-D: the command saves the game and says where, once the screen is
        back to the terminal."""
        self.exit(why)
