"""The words a person types at the full-screen table that are no option (help, quit, log,
show, rim, card, details, save, undo, and text that names nothing): what each does, from
the seat's view. A part of TableApp (its mixin), kept apart from the layout and turns."""
from __future__ import annotations

from ...boards.geometry import answer_spelling
from ...runtime.decisions import DONE
from . import inspect, panels
from .decision import DecisionPanel
from .rules_screen import RulesScreen
from .screens import InfoScreen


class TypedWords:
    def action_command(self, word: str, arg: str = "") -> None:
        decision = self.query_one(DecisionPanel)
        seat = self.seat
        if word == "help" and isinstance(self.screen, RulesScreen):   # F1 again: the keys
            self.screen.action_keys()
        elif word == "help":     # How to play, then (F1 again) the keys
            self.push_screen(RulesScreen(self.game.g.name, self.game.g.how_to_play))
        elif word == "quit":
            self.exit("quit")
        elif seat is None:
            return
        elif word == "log":
            self.active = "log"
            self.arrange()
            self.log_to_end()
            decision.say("The whole log, as you may read it, is in the Log panel "
                         "(Ctrl+Up/Down scrolls it).", "dim")
        elif word == "show":
            self.notes.append("The panels are drawn again from your view (Tab: the next "
                              "panel).")
            self.show(seat)
        elif word in ("rim", "card", "details"):
            self.look(word, arg)
        elif word == "save":
            self.said = self.driver.save(arg)     # kept above any card details shown next
            decision.say(self.said)
        elif word == "undo":
            self.notes.append(self.driver.undo(seat))
            self.next_turn()
        else:   # typed text that is no option and no command
            self.unknown(seat, arg)

    def look(self, word: str, arg: str) -> None:
        """rim, card N / PLACE / LABEL, details LABEL: shown over the table from this seat's
        view; the decision keeps its place and typed text underneath."""
        shown = panels.safe(self.view)
        if word == "rim":
            body, said = inspect.rim(shown)
            title = "Distances from the rim"
        else:
            body, said = inspect.cards(shown, arg)
            title = "Card details"
        if body is None:
            self.query_one(DecisionPanel).say(said)
        else:
            self.push_screen(InfoScreen(title, body))

    def unknown(self, seat: int, text: str) -> None:
        state = self.driver.session.state
        options = self.game.options(state, seat)
        meant = answer_spelling(self.game.g, text, options)    # a hex corner's other name
        if meant is not None:
            self.on_decision_panel_chosen(DecisionPanel.Chosen(meant))
            return
        short = ""
        if text.lower() == DONE and (need := self.game.steps_needed(state, seat)):
            has = len(self.game.steps(state, seat))
            short = (f"Not done yet: your sequence has {has} step{'s' * (has != 1)} and "
                     f"needs {need} more step{'s' * (need != 1)} before done.")
        self.query_one(DecisionPanel).not_an_option(text, short)
