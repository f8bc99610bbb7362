"""F1 at the table: the game's How to play (g.how_to_play, build/how_to_play.py) on one
screen at 80x24; F1 again shows the keys (screens.HelpScreen), Escape or Enter goes back to
the decision, which kept its place."""
from __future__ import annotations

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...build.how_to_play import WIDTH, wrapped
from ...safe_text import literal, spelled
from .screens import HelpScreen


class RulesScreen(ModalScreen):
    DEFAULT_CSS = """
    #rules-box { width: 100%; height: 100%; border: round $accent; background: $surface;
                 padding: 0 1; }
    """
    BINDINGS = [Binding("escape,enter,q", "close", "close"),
                Binding("f1,k", "keys", "keys", priority=True)]

    def __init__(self, game_name: str, text: str) -> None:
        super().__init__(id="rules")
        self.game_name, self.text = spelled(game_name), spelled(text)

    def compose(self):
        box = VerticalScroll(id="rules-box")
        box.border_title = literal(f"How to play {self.game_name}")   # a border's str is markup
        box.border_subtitle = "F1 the keys - Escape or Enter: back"
        with box:
            yield Static(literal("\n".join(wrapped(self.text, WIDTH))), id="rules-text")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_keys(self) -> None:
        self.dismiss(None)
        self.app.push_screen(HelpScreen())
