"""Asking a person at the terminal: show their seat's view, read a number, label or command."""
from __future__ import annotations

import os
import select
import sys

from rich.text import Text

from ..present import menu_text, terminal
from ..present import views
from ..present.option_groups import only_option
from ..runtime.redaction import line_text, may_read
from ..runtime.decisions import DONE
from ..boards.geometry import answer_spelling
from ..build.how_to_play import WIDTH, wrapped
from ..errors import did_you_mean
from ..safe_text import spelled
from ..present.typed import (card_named, containing, exact_label, option_number,  # noqa: F401
                             subset_answer, subset_bounds, typed_group, typed_number,
                             whole)

DETAILS = ("card", "details")     # a card's details: `card N` or `details LABEL`
COMMANDS = ("help", "show", "rim", "log", "undo", "save", "quit") + DETAILS
LOG_PAGE = 40   # log lines `log` shows without a number: the last screenful or so


class Human:
    """The terminal side of every human seat in one game (hot-seat: they share it)."""

    def __init__(self, con, session, humans):
        self.con = con
        self.session = session
        self.humans = humans
        self.seen = {p: 0 for p in humans}   # log lines each seat has been shown
        self.start = dict(self.seen)          # where the events on screen begin
        self.shown_at: dict = {}              # seat -> decisions made when last shown
        self.last = None                      # the seat whose view is on screen
        self.notes: list = []                 # messages to show under the next screen

    def note(self, text: str) -> None:
        self.notes.append(text)

    def ask(self, seat: int):
        """Returns ("choose", label) or (command, argument). Anything typed gets an answer."""
        con, game = self.con, self.session.game
        if len(self.humans) > 1 and self.last != seat:
            # hot seat: wipe the screen and its scrollback, so that this seat cannot scroll
            # up to the last one's hand
            terminal.pass_screen(con, game.g.seat_label(seat), game.g.name)
            read(con, "")
        self.last = seat
        self.group = None                     # the group of a long menu opened, by index
        self.picked: set = set()              # a choose-any's items kept so far
        self.show(seat)
        while True:
            state = self.session.state
            options = game.options(state, seat)
            number = views.number_input(game, state, seat)
            groups = None if number else views.option_groups(game, state, seat, options)
            if groups is not None and self.group is not None and self.group >= len(groups):
                self.group = None
            text = read(con, f"{game.g.seat_label(seat)}> ").strip()
            if not text:
                continue
            word, _, arg = text.partition(" ")
            subset = views.view(game, state, seat).get("subset")
            if subset and (text.isascii() and text.isdigit() or text.lower() == DONE):
                answer = self.compose(seat, subset, options, text)
                if answer is not None:
                    return "choose", answer
            elif number and whole(text) is not None:   # a bid: the number itself
                label = typed_number(number, whole(text))
                if label is not None:
                    return "choose", label
                say(con, f"{text[:12]} is not allowed. {menu_text.number_hint(number)}")
            elif number and text.lstrip("-").isascii() and text.lstrip("-").isdigit():
                say(con, f"{text[:12]}... is not allowed. {menu_text.number_hint(number)}")
            elif text.isascii() and text.isdigit():   # not "²", which isdigit() accepts
                # an option's number, at either step of a grouped menu (typed.py)
                if (i := option_number(text, len(options))) is not None:
                    return "choose", options[i - 1]
                shown = text if len(text) <= 12 else text[:12] + "..."
                say(con, f"There is no option {shown}: choose 1 to {len(options)}.")
            elif (exact := exact_label(text, options)) is not None:
                return "choose", exact
            elif groups and (k := typed_group(text, groups)) is not None:
                if (only := only_option(groups[k])) is not None:
                    return "choose", options[only]          # a group of one: its option
                self.open_group(seat, k)
            elif groups and text.lower() == "back":
                self.group = None
                menu_text.render_options(con, views.view(game, state, seat))
            elif (meant := answer_spelling(game.g, text, options)) is not None:   # "B.sw"
                return "choose", meant                                          # for "A.se"
            elif word.lower() in COMMANDS:
                if word.lower() in DETAILS:
                    self.show_details(seat, arg.strip())
                elif word.lower() == "help" and arg.strip().lower() == "rules":
                    say(con, spelled(game.g.name) + ": how to play\n\n"
                        + "\n".join(wrapped(spelled(game.g.how_to_play), WIDTH)))
                elif word.lower() == "help":
                    say(con, terminal.HELP)
                elif word.lower() == "show":
                    self.show(seat, again=True)
                elif word.lower() == "rim":
                    self.show_rim(seat)
                elif word.lower() == "log":
                    self.show_log(seat, arg.strip())
                else:
                    return word.lower(), arg.strip()
            elif text.lower() == DONE and (short := game.steps_needed(state, seat)):
                has = terminal.plural(len(game.steps(state, seat)), "step")
                say(con, f"Not done yet: your sequence has {has} and needs "
                         f"{terminal.plural(short, 'more step')} before done.")
            elif len(found := containing(text, options)) == 1:   # the only label with it
                return "choose", found[0][1]
            else:
                self.not_an_option(text, options, number)

    def compose(self, seat: int, subset: dict, options: list, text: str):
        """One step of composing a choose-any set: a number keeps or leaves that item,
        done answers with the set (the option holding it) when its size is allowed."""
        con, items = self.con, subset["items"]
        if text.lower() == DONE:
            answer = subset_answer(subset, options, self.picked)
            if answer is None:
                say(con, f"Keep {subset_bounds(subset)} items: "
                         f"{terminal.plural(len(self.picked), 'item')} kept now.")
            return answer
        k = int(text.lstrip("0") or "0") if len(text) <= 6 else 0
        if not 1 <= k <= len(items):
            say(con, f"There is no item {text[:12]}: choose 1 to {len(items)}, then done.")
            return None
        self.picked ^= {k - 1}
        menu_text.render_options(con, views.view(self.session.game, self.session.state, seat),
                                self.picked)
        return None

    def not_an_option(self, text: str, options: list, number=None) -> None:
        """Typed text that is no option: the options containing it (a filter for long
        menus), else a hint."""
        con = self.con
        found = containing(text, options)
        if found:   # the count comes last, so that it stays on screen under a long list
            for i, o in found:
                con.print(Text.assemble((f"{i:>3}", "bold"), " ", o))
            say(con, f"{terminal.plural(len(found), 'option')} containing '{text}' (above): "
                     "type its number.")
            return
        hint = did_you_mean(text, list(options) + list(COMMANDS)) if len(text) < 200 else ""
        shown = text if len(text) <= 60 else text[:60] + "..."
        how = menu_text.number_hint(number) if number else \
            f"type 1 to {len(options)}, a label, a word of a label, or help."
        say(con, f"'{shown}' is not an option" + (f" ({hint})" if hint else "") + ": " + how)

    def show(self, seat: int, again: bool = False) -> None:
        log = self.session.log
        # shown again after a command that changed nothing (save, show): keep its events
        again = again or self.shown_at.get(seat) == len(self.session.decisions)
        self.shown_at[seat] = len(self.session.decisions)
        if not again:
            self.start[seat] = self.seen[seat]
        start = min(self.start[seat], len(log))   # an undo may have shortened the log
        v = views.view(self.session.game, self.session.state, seat)
        if self.con.is_terminal:   # one screen per decision; the events panel keeps the story
            self.con.clear()
        terminal.render_view(self.con, v, [line_text(x, seat) for x in log[start:]
                                            if may_read(x, seat)])
        self.seen[seat] = len(log)
        for text in self.notes:   # soft-wrapped: a command in a note copies as one line
            self.con.print(Text(text, style="magenta"), soft_wrap=True)
        self.notes.clear()
        menu_text.render_options(self.con, v)
        if self.group is not None and v.get("groups") and self.group < len(v["groups"]):
            menu_text.render_group(self.con, v, self.group)

    def open_group(self, seat: int, k: int) -> None:
        """Step two of a grouped menu: the options of group k."""
        self.group = k
        menu_text.render_group(self.con, views.view(self.session.game, self.session.state,
                                                   seat), k)

    def show_details(self, seat: int, arg: str) -> None:
        """A card's details (`card N`: the card of option N, at either step of a grouped
        menu; `details LABEL` or `card LABEL`: a card shown in this seat's view), from the
        view's card_details only: never a card this seat may not see."""
        con = self.con
        v = views.view(self.session.game, self.session.state, seat)
        details = v.get("card_details") or {}
        label = arg
        if whole(arg) is not None and "options" in v:
            i = option_number(arg, len(v["options"]))
            label = v["options"][i - 1] if i is not None else ""
        found = card_named(label, details, whole(arg) is not None) if label else None
        if found is None:
            hint = did_you_mean(arg, list(details)) if arg and len(arg) < 200 else ""
            say(con, "Type card N (option N's card) or details LABEL (a card on screen)"
                     + (f"; {hint}" if hint else "."))
            return
        con.print(terminal.card_details(found, details[found]))

    def show_log(self, seat: int, arg: str) -> None:
        """The game's log as this seat may read it (private lines only for their audience):
        the last LOG_PAGE lines, the last N (`log N`) or all of them (`log all`)."""
        con = self.con
        lines = [line_text(x, seat) for x in self.session.log if may_read(x, seat)]
        n = whole(arg) if arg else LOG_PAGE
        if arg.lower() == "all":
            n = len(lines)
        elif n is None or n < 1:
            shown = arg if len(arg) <= 20 else arg[:20] + "..."
            say(con, f"'{shown}': type log (the last {LOG_PAGE} lines), log N (the last N) "
                     "or log all.")
            return
        if not lines:
            say(con, "The log is empty so far.")
            return
        first = max(0, len(lines) - n)
        for line in lines[first:]:
            say(con, str(line))
        more = "; log all: every line, log N: the last N" if first else ""
        say(con, f"(log lines {first + 1} to {len(lines)} of {len(lines)}{more})")

    def show_rim(self, seat: int) -> None:
        """Each board square's distance from the rim (0 on the rim), and what it is worth
        when the board declares rim_worth."""
        v = views.view(self.session.game, self.session.state, seat)
        boards = {k: b for k, b in (v.get("boards") or {}).items() if b["shape"] == "grid"}
        if not boards:      # a hex map has no rim
            say(self.con, "This game has no grid board.")
        for name, board in boards.items():
            says = f", and after the colon {board['rim_says']}" if board.get("rim_says") else ""
            self.con.print(terminal.render_board(board, v["seat_label"],
                                                 title=f"{name}: distance from the rim{says}",
                                                 rim=True))


def say(con, text: str) -> None:
    """A plain line: text typed by a person or written by a designer is never markup."""
    con.print(Text(text))


def read(con, prompt: str) -> str:
    """One line of input; EOFError and KeyboardInterrupt reach the caller."""
    con.print(Text(prompt), end="")
    line_ready(sys.stdin)
    return input()


def line_ready(stream, poll: float = 0.25) -> None:
    """Wait, in Python, until the terminal `stream` has a line to read. A signal (SIGTERM,
    Ctrl-C) that arrives after Python's last look at its signals and before input() blocks
    in the system's read would wait for the next Enter: its handler runs only between
    Python steps. Each look here is such a step, so a signal is answered within `poll`
    seconds. Only a terminal: a pipe's lines may already sit in Python's buffer, where
    select cannot see them (and no person waits at a pipe)."""
    try:
        fd = stream.fileno()
        if os.name != "posix" or not os.isatty(fd):
            return
    except (AttributeError, OSError, ValueError):
        return
    while not select.select([fd], [], [], poll)[0]:
        pass
