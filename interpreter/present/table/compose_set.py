"""Composing a set at the full-screen table (a choose-any decision: views' "subset"): its
items listed each kept ([x]) or not, a number or Enter on a row keeps or leaves one, what is
kept said as it changes, and done answers with the set (refused, with the bounds, when its
size is out of them). A part of DecisionPanel (its mixin), kept apart from the menus."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList

from ..terminal import plural
from ..typed import subset_answer, subset_bounds
from ...safe_text import spelled


class ComposingSet:
    def typed_for_set(self, text: str) -> bool:
        """Typed text read while composing: done, or an item's number (True: it was one)."""
        if text.lower() == "done":
            self.compose_done()
            return True
        if not (text.isascii() and text.isdigit()):
            return False
        self.clear_entry()
        n = int(text.lstrip("0") or "0") if len(text) <= 6 else 0
        if 1 <= n <= len(self.subset["items"]):
            self.toggle(n - 1)
        else:
            self.say(f"There is no item {text[:12]}: choose 1 to "
                     f"{len(self.subset['items'])}, then done.")
        return True

    def _subset_item(self, key: str) -> Text:
        """An item of a set being composed, [x] when kept; or the row that answers."""
        items = self.subset["items"]
        width = len(str(len(items)))
        if key == "done":
            return Text.assemble((f"{'':>{width}} done", "bold"),
                                 (f"  keep the {plural(len(self.picked), 'item')} marked "
                                  f"({subset_bounds(self.subset)})", "dim"))
        i = int(key[1:]) - 1
        mark = "[x]" if i in self.picked else "[ ]"
        return Text.assemble((f"{i + 1:>{width}}", "bold"), " ",
                             (mark, "bold green" if i in self.picked else "dim"), " ",
                             spelled(items[i]))

    def toggle(self, i: int) -> None:
        """Item i (0-based) kept, or left if it was: the list and the kept set said again."""
        self.picked ^= {i}
        olist = self.query_one("#options", OptionList)
        for row, key in enumerate(self.shown or []):
            olist.replace_option_prompt_at_index(row, self._item(key))
        kept = [self.subset["items"][k] for k in sorted(self.picked)]
        self.say(f"Kept: {', '.join(kept) if kept else 'nothing'} "
                 f"({plural(len(kept), 'item')}; {subset_bounds(self.subset)} to keep). "
                 "Then done.", "green")

    def compose_done(self) -> None:
        """done: the set kept answers the decision, when its size is within the bounds."""
        answer = subset_answer(self.subset, self.options, self.picked)
        self.clear_entry()
        if answer is None:
            self.say(f"Keep {subset_bounds(self.subset)} items: "
                     f"{plural(len(self.picked), 'item')} kept now.")
            return
        self.post_message(self.Chosen(answer))

