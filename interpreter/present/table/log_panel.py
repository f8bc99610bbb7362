"""The table's log panel: a RichLog whose lines are laid out at the panel's real width whenever
it is shown, and which keeps its newest line in view (issue 33 items 1 and 4)."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class TableLog(RichLog):
    """The log panel: its lines laid out at the panel's real width whenever it is shown. A
    RichLog keeps lines as first wrapped, and one hidden behind another tab has no width (its
    lines would wrap at min_width), so lines are written only while the panel is shown at a
    known width and laid out again when it is shown or resized. It keeps to its last line
    when its height changes (the decision panel growing under it) unless scrolled up."""

    written: list = []      # what was written, in order: texts and the news marks
    wrapped_at = 0          # the width the lines shown were laid out at (0: to lay out)
    follow = True           # keep the last line in view

    def shown_width(self) -> int:
        """The width lines are laid out at now, or 0 while hidden or not yet placed."""
        return self.scrollable_content_region.width if self.display and self._size_known \
            else 0

    def on_resize(self, event) -> None:
        super().on_resize(event)
        self.lay_out()
        if self.follow:
            self.call_after_refresh(self.to_end)

    def on_show(self, event) -> None:
        self.lay_out()
        if self.follow:
            self.call_after_refresh(self.to_end)

    def lay_out(self) -> None:
        width = self.shown_width()
        if width and width != self.wrapped_at:
            self.clear()
            for text in self.written:
                RichLog.write(self, text, scroll_end=False)
            self.wrapped_at = width

    def to_end(self) -> None:
        self.follow = True
        self.scroll_end(animate=False, immediate=True)

    def scroll_by_page(self, step: int) -> None:
        """Ctrl+Up/Down: a page; it follows new lines again once back at its end."""
        self.scroll_relative(y=step * max(1, self.size.height - 2), animate=False,
                             immediate=True)
        self.follow = self.scroll_y >= self.max_scroll_y

    def write_kept(self, text: Text) -> None:
        self.written = [*self.written, text]
        if self.wrapped_at and self.wrapped_at == self.shown_width():
            self.write(text, scroll_end=False)
        else:       # hidden: laid out when shown, at the width it is shown at
            self.wrapped_at = 0

    def clear_kept(self) -> None:
        self.written = []
        self.clear()
