"""The decision panel: the prompt, the options with their numbers, a line to type in (a number,
a label, a word that filters the options, a command), arrow keys and Enter. It reads the typed
text as the plain table does (present/typed.py) and says what it means by a message; the app
decides. A view's `groups` (a long menu in groups) are asked first, then the group's options
(a short menu, or groups of one option each, are listed whole: asked_in_groups)."""
from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..option_groups import only_option
from ..menu_text import number_hint
from ..terminal import plural
from ..typed import (containing, exact_label, group_keys, numbers_of, option_number,
                     subset_bounds, typed_group, typed_number, whole)
from ...errors import did_you_mean
from ...safe_text import literal, spelled
from .compose_set import ComposingSet
from .panels import fitted

PROMPT_LIMIT = 400  # characters of a prompt shown: a long text must not hide the options

COMMANDS = ("help", "undo", "save", "quit", "log", "show", "rim", "card", "details")


SHORT = 8      # a menu this short is listed whole (80x24 shows this many options at once)
MESSAGE_LINES = 4   # compact: a message's lines at most (a save's path and how to go on)


def asked_in_groups(v: dict) -> list:
    """The view's groups the table asks first, or []: none for a short menu, nor when each
    group holds one option (say, bids grouped by points where each point total is one bid),
    where a group step would only add a key press, nor for a number prompt (the number typed
    is the value: a group's number would collide with it)."""
    groups = [g for g in (v.get("groups") or []) if g and g[1]]
    options = v.get("options") or []
    if v.get("number") or len(options) <= SHORT or len(groups) >= len(options):
        return []
    return groups


def _lines(text, width: int) -> int:
    """The rows a text takes wrapped to a width (at least 1)."""
    if not isinstance(text, Text) or not text.plain:
        return 1
    return max(1, len(text.wrap(Console(width=width, markup=False), width)))


class DecisionPanel(ComposingSet, Vertical):
    """Shows one pending decision of one seat; empty while nothing is asked of it."""

    BINDINGS = [
        Binding("up", "move(-1)", "up", show=False),
        Binding("down", "move(1)", "down", show=False),
        Binding("pageup", "move(-10)", show=False),
        Binding("pagedown", "move(10)", show=False),
        Binding("escape", "back", "back", show=False),
    ]

    class Chosen(Message):
        """An option picked: its label exactly as the menu has it."""
        def __init__(self, label: str) -> None:
            super().__init__()
            self.label = label

    class Command(Message):
        """A command typed or keyed: help, undo, save [FILE], quit, log, show, rim, card [N],
        details LABEL, done (too early)."""
        def __init__(self, word: str, arg: str = "") -> None:
            super().__init__()
            self.word, self.arg = word, arg

    def compose(self):
        yield Static("", id="prompt")
        yield Input(placeholder="type a number, a word to filter, or help", id="entry")
        yield OptionList(id="options", markup=False)
        yield Static("", id="note")

    def on_mount(self) -> None:
        self.options: list = []     # the menu's labels, as the game has them
        self.number = None          # a number prompt's range (views.number_input)
        self.groups: list = []      # [[name, [option indices]]] from the view, if any
        self.group = None           # the group opened, or None
        self.shown: list = []       # ids of the items listed: "o3" option 3, "g1" group 1
        self.subset = None          # a choose-any decision: its items (views' "subset")
        self.picked: set = set()    # the items kept so far (0-based), while composing
        self.border_title = "Your decision"

    # ------------------------------------------------------------------ what is asked
    def ask(self, v: dict, keep_typed: bool = False) -> None:
        """A new decision (from the seat's view), or nothing (v without options). The line
        stays open while nothing is asked (the bots think): what the person typed then is
        kept for the decision that comes (`keep_typed`), never for another seat's."""
        ahead = self.query_one("#entry", Input).value if keep_typed else ""
        self.options = list(v.get("options") or [])
        self.number = v.get("number")
        self.groups = asked_in_groups(v)
        self.group = None
        self.subset = v.get("subset") if self.options else None
        self.picked = set()
        self.shown = None   # listed again below (an empty menu clears the list)
        prompt = literal(v.get("prompt", ""), "bold yellow", PROMPT_LIMIT) if self.options \
            else Text("")
        if self.number:
            prompt.append("\n" + number_hint(self.number), style="yellow")
        if self.subset:     # composed item by item: the items listed, not the sets
            prompt.append(f"\nType an item's number (or Enter on it) to keep it or leave it, "
                          f"then done ({subset_bounds(self.subset)} items).", style="yellow")
        self.prompt = prompt    # whole; fitted to the rows the panel has (fit)
        self.query_one("#prompt", Static).update(prompt)
        entry = self.query_one("#entry", Input)
        entry.value = ahead
        entry.cursor_position = len(ahead)
        self.details = Text("")
        self.say("")
        self.refill()
        entry.focus()
        # the option under the cursor, whose card details the app shows (the cursor may
        # not have moved from the last decision's row, which sends no event)
        self.post_message(self.Highlighted(self.highlighted_label()))

    def say(self, text: str, style: str = "magenta") -> None:
        """A message under the options (kept until the next one or the next decision); it
        replaces the card details shown (they come back with the next option highlighted)."""
        self.note = literal(text, style)
        self.details = Text("")
        self.fit()

    def detail(self, text: str) -> None:
        """The highlighted option's card details, under the message: the first lines dropped
        when rows are short (80x24)."""
        self.details = literal(text, "cyan")
        self.fit()

    def fit(self) -> None:
        """Compact (80x24): the panel at most about a third of the screen (BUDGET), exactly as
        tall as its prompt (cut to a few lines), typed line, options, message and card
        details, so the panel above (the hand, the board) keeps the rest; when rows are short
        the highlighted option's details go first, then options beyond a few (the list
        scrolls). Wide: the prompt, options and note whole."""
        olist = self.query_one("#options", OptionList)
        note = self.query_one("#note", Static)
        message = getattr(self, "note", Text(""))
        details = getattr(self, "details", Text(""))
        prompt = getattr(self, "prompt", Text(""))
        if not self.app.compact:
            self.query_one("#prompt", Static).update(prompt)
            note.update(literal(Text("\n").join(x for x in (message, details) if x.plain)))
            olist.styles.height = "1fr"
            self.styles.height = "1fr"
            return
        width = max(20, self.app.decision_width() - 4)
        height = self.app.size.height
        budget = max(8, height // 3 + 1)
        most = 3 if height < 30 else 4      # a prompt's lines; a message's: MESSAGE_LINES
        if prompt.plain and _lines(prompt, width) > most:
            prompt = fitted(prompt, width, most)
        self.query_one("#prompt", Static).update(prompt)
        if message.plain and _lines(message, width) > MESSAGE_LINES:
            message = fitted(message, width, MESSAGE_LINES)
        fixed = 2 + _lines(prompt, width) + 1 + (_lines(message, width) if message.plain
                                                  else 0)
        cap = 3 if self.number else budget    # a number is typed, not looked for
        need = sum(_lines(self._item(x), width) for x in (self.shown or [])[:cap])
        rows = max(1, min(need, cap, max(budget - fixed, 2)))
        spare = budget - fixed - rows
        shown = [message] if message.plain else []
        if details.plain and spare > 0:
            shown.append(details if _lines(details, width) <= spare else
                         fitted(details, width, spare))
        text = Text("\n").join(shown)
        note.update(text)
        olist.styles.height = rows
        self.styles.height = fixed - (_lines(message, width) if message.plain else 0) + rows \
            + (_lines(text, width) if text.plain else 0)

    # ------------------------------------------------------------------ the list
    def refill(self) -> None:
        """The items for the typed text: a filter lists the options containing it (over the
        whole menu); digits keep the list and highlight that number; else a group's options,
        or the groups, or the whole menu."""
        text = self.query_one("#entry", Input).value.strip()
        digits = text.isascii() and text.isdigit()
        keyed = typed_group(text, self.groups) if text and self.groups and self.group is None \
            else None
        if self.subset:     # the items, each kept or not, then done
            items = [f"o{i}" for i in range(1, len(self.subset["items"]) + 1)] + ["done"]
        elif text and not digits and keyed is None and \
                text.split(" ")[0].lower() not in COMMANDS:
            items = [f"o{i}" for i, _ in containing(text, self.options)]
        elif self.groups and self.group is None:
            items = [f"g{k}" for k in range(1, len(self.groups) + 1)]
        elif self.group is not None:
            items = [f"o{i + 1}" for i in self.groups[self.group][1]]
        else:
            items = [f"o{i}" for i in range(1, len(self.options) + 1)]
        olist = self.query_one("#options", OptionList)
        if items != self.shown:
            self.shown = items
            olist.clear_options()
            olist.add_options([Option(self._item(x), id=x) for x in items])
        self.fit()
        if digits and (hit := self._number_item(int(text[:12]))) is not None:
            olist.highlighted = hit
        elif keyed is not None and f"g{keyed + 1}" in items:    # a group's letters
            olist.highlighted = items.index(f"g{keyed + 1}")
        elif items:
            olist.highlighted = 0 if olist.highlighted is None else \
                min(olist.highlighted, len(items) - 1)

    def _item(self, key: str) -> Text:
        if self.subset:
            return self._subset_item(key)
        width = len(str(len(self.options)))
        if key[0] == "g":   # a group: its letters (never a number an option has), or the
            k = int(key[1:]) - 1        # option of a group of one with its number
            name, members = self.groups[k]
            if (only := only_option(self.groups[k])) is not None:
                return Text.assemble((f"{only + 1:>{width}}", "bold"), " ",
                                     spelled(self.options[only]))
            return Text.assemble((f"{group_keys(self.groups)[k]:>{width}}", "bold"), " ",
                                 (spelled(str(name)), "cyan"),
                                 (f"  ({plural(len(members), 'option')}: "
                                  f"{numbers_of(members)})", "dim"))
        i = int(key[1:])
        if self.number:     # a number prompt: its options are typed as their numbers
            return Text(spelled(self.options[i - 1]))
        return Text.assemble((f"{i:>{width}}", "bold"), " ", spelled(self.options[i - 1]))

    def _number_item(self, n: int):
        """The row listing option n (at the group step: its group's row), the option that
        is the number n at a number prompt, or None."""
        if self.number:
            label = typed_number(self.number, n)
            want = f"o{self.options.index(label) + 1}" if label in self.options else None
            return self.shown.index(want) if want in self.shown else None
        if f"o{n}" in self.shown:
            return self.shown.index(f"o{n}")
        k = next((k for k, (_, ixs) in enumerate(self.groups) if n - 1 in ixs), None)
        want = f"g{k + 1}" if k is not None else None
        return self.shown.index(want) if want in self.shown else None

    def highlighted(self):
        olist = self.query_one("#options", OptionList)
        i = olist.highlighted
        return self.shown[i] if i is not None and i < len(self.shown) else None

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.refill()
        self.post_message(self.Highlighted(self.highlighted_label()))

    class Highlighted(Message):
        """The option under the cursor changed (the app shows its card's details)."""
        def __init__(self, label) -> None:
            super().__init__()
            self.label = label

    def highlighted_label(self):
        key = self.highlighted()
        if self.subset:     # an item: its card's details
            return self.subset["items"][int(key[1:]) - 1] if key and key[0] == "o" else None
        return self.options[int(key[1:]) - 1] if key and key[0] == "o" else None

    def on_option_list_option_highlighted(self, event) -> None:
        event.stop()
        self.post_message(self.Highlighted(self.highlighted_label()))

    def on_option_list_option_selected(self, event) -> None:
        """A click, or Enter while the list has the focus."""
        event.stop()
        self.pick(event.option.id)

    def action_move(self, step: int) -> None:
        olist = self.query_one("#options", OptionList)
        if not self.shown:
            return
        i = olist.highlighted if olist.highlighted is not None else -1 if step > 0 else 0
        olist.highlighted = max(0, min(len(self.shown) - 1, i + step))

    def action_back(self) -> None:
        """Escape: the typed text cleared, else back from a group to the groups."""
        entry = self.query_one("#entry", Input)
        if entry.value:
            entry.value = ""
        elif self.group is not None:
            self.group = None
            self.refill()

    def pick(self, key) -> None:
        if key is None:
            return
        if self.subset:     # an item kept or left, or the set answered
            if key == "done":
                self.compose_done()
            else:
                self.toggle(int(key[1:]) - 1)
            return
        if key[0] == "g" and (only := only_option(self.groups[int(key[1:]) - 1])) is not None:
            key = f"o{only + 1}"    # a group of one option: no second step
        if key[0] == "g":
            self.group = int(key[1:]) - 1
            self.query_one("#entry", Input).value = ""
            self.query_one("#options", OptionList).highlighted = 0
            self.refill()
            self.say(f"{self.groups[self.group][0]}: choose an option (Escape: the groups)",
                     "dim")
            return
        self.post_message(self.Chosen(self.options[int(key[1:]) - 1]))

    # ------------------------------------------------------------------ Enter
    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.options:
            return
        text = event.value.strip()
        options = self.options
        word, _, arg = text.partition(" ")
        if not text:
            self.pick(self.highlighted())
        elif self.subset and self.typed_for_set(text):   # an item's number, or done
            pass
        elif self.number and whole(text) is not None:          # a bid: the number itself
            label = typed_number(self.number, whole(text))
            if label is None:
                self.clear_entry()
                self.say(f"{text[:12]} is not allowed. {number_hint(self.number)}")
            else:
                self.post_message(self.Chosen(label))
        elif text.isascii() and text.isdigit():     # an option's number, at either step
            if (n := option_number(text, len(options))) is None:
                self.clear_entry()
                self.say(self._no_such(text))
            else:
                self.post_message(self.Chosen(options[n - 1]))
        elif (exact := exact_label(text, options)) is not None:
            self.post_message(self.Chosen(exact))
        elif self.group is None and self.groups and \
                (k := typed_group(text, self.groups)) is not None:
            self.pick(f"g{k + 1}")
        elif word.lower() in COMMANDS:
            self.query_one("#entry", Input).value = ""      # done with: the menu comes back
            self.post_message(self.Command(word.lower(), arg.strip()))
        elif containing(text, options):     # the options listed: the one under the cursor
            self.pick(self.highlighted())
        else:
            self.post_message(self.Command("unknown", text))

    def clear_entry(self) -> None:
        """A refused number cleared (the message repeats it), so the next one typed is not
        written after it ("3" refused, then "1" read as 31)."""
        self.query_one("#entry", Input).value = ""

    def _no_such(self, text: str) -> str:
        """Why a typed number picks nothing: the options' numbers."""
        shown = text if len(text) <= 12 else text[:12] + "..."
        return f"There is no option {shown}: choose 1 to {len(self.options)}."

    def not_an_option(self, text: str, steps_short: str = "") -> None:
        """Typed text that is no option, no command (the app adds what a sequence lacks)."""
        if steps_short:     # a refused `done`: not left in the line as a filter
            self.clear_entry()
            self.say(steps_short)
            return
        hint = did_you_mean(text, list(self.options) + list(COMMANDS)) if len(text) < 200 \
            else ""
        shown = text if len(text) <= 60 else text[:60] + "..."
        self.say(f"'{shown}' is not an option" + (f" ({hint})" if hint else "") +
                 ": type a number, a word of a label, or help.")
