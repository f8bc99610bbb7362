"""The statements that tell people something: log (to everyone, or privately), reveal (cards
shown to seats), mark and unmark (what a card's back says, and to whom). Each checks that
it names cards and players, and writes the VM call. Mixed into ScriptCompiler."""
from __future__ import annotations

from ..errors import type_words
from . import types as T


class Telling:
    def _s_Log(self, st):
        text = self.template(st.text, st, st.text_at)
        audience = ""
        if st.to is not None:     # a private line: who may read it
            to, t = self.src(st.to)
            if t not in (T.PLAYER, "list:player", T.LIST, T.ANY):
                self.c.err(st.to, "TYPE", f"a log line is told to a player or players, not "
                                          f"{type_words(t)}")
            audience = f", {to}"
        self.line("if vm.listener is not None:")
        self.line("    vm.named = []")      # the cards this line's fields name (vm.label)
        self.line(f"    vm.emit({text}{audience})")

    def _s_Reveal(self, st):
        what = self._cards_shown(st.what, "reveal shows")
        self.line(f"vm.reveal({what}{self._seats_told(st.to, 'a card is revealed to')})")

    def _s_Mark(self, st):
        what = self._cards_shown(st.what, "marks")
        if st.kind == "text":
            payload = self.template(st.text, st, st.text_at)
        elif st.kind == "attr":
            if st.text not in self.c.card_attrs:
                self.c.err(st, "REF-UNDEF", f"no card has an attribute '{st.text}' to show")
            payload = repr(st.text)
        else:
            payload = "None"
        to = self._seats_told(st.to, "a mark is known to")
        self.line(f"vm.mark({what}, {st.kind!r}, {payload}, {st.kept!r}{to})")

    def _s_Unmark(self, st):
        self.line(f"vm.unmark({self._cards_shown(st.what, 'unmark clears')})")

    def _cards_shown(self, node, verb: str) -> str:
        src, t = self.src(node)
        if t not in (T.CARD, T.LIST, T.ANY, "list:card", "list:any"):
            self.c.err(node, "TYPE", f"{verb} a card or cards, not {type_words(t)}")
        return src

    def _seats_told(self, node, what: str) -> str:
        if node is None:
            return ""
        src, t = self.src(node)
        if t not in (T.PLAYER, "list:player", T.LIST, T.ANY):
            self.c.err(node, "TYPE", f"{what} a player or players, not {type_words(t)}")
        return f", {src}"
