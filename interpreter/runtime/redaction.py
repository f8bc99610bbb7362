"""Texts naming cards, as each reader may read them: an option label, a prompt, a status line
or a log line that names a card (a `{field}` holding it) names it only to the seats that may
see it (visibility.zone_sight answers that); the others read a neutral word ("card 2" for an
option, "a card" in a text). A log line is judged when it is written: the seats that may
see each card it names then (Judge, line_text); a private line is read by its audience only
(may_read)."""
from __future__ import annotations

from .. import zone_keys
from ..effects import menus
from .evaluation import Evaluator
from .visibility import zone_sight
from .vm import Line


def may_read(line, seat) -> bool:
    """Whether a seat (None: a spectator) may read a log line: a private line (vm.Line)
    only its audience."""
    audience = getattr(line, "audience", None)
    return audience is None or seat in audience


A_CARD = "a card"     # what a text says of a card its reader may not see


def card_sight(g, s: dict, seat):
    """card -> may `seat` see its identity now, by the zone it lies in (zone_sight's rule);
    a card in no zone is hidden. Lazy: a text naming no card costs nothing, and each zone
    is asked once."""
    loc = s["loc"]
    sight: dict = {}
    evaluator = []

    def sees_card(card) -> bool:
        key = loc.get(card)
        if key is None:
            return False
        got = sight.get(key)
        if got is None:
            if not evaluator:
                evaluator.append(Evaluator(g, s))
            owner, name, _ = zone_keys.parse(key)
            got = sight[key] = zone_sight(g, evaluator[0], name, owner, seat)
        shows, test = got
        return shows and (test is None or bool(test(card)))
    return sees_card


def readers(s: dict, audience) -> list:
    """Who may read a text told to `audience` (None: everyone, a spectator included)."""
    return [None, *range(s["n"])] if audience is None else list(audience)


def who_sees(g, s: dict, named: list, audience=None, shown=None) -> list:
    """For each (label, cards) a text names (in its order): (label, the readers who may see
    every one of those cards in state `s`, the neutral words for the others). What a Line
    keeps, so that each reader's text is made when read (line_text). `shown`: {card: the
    seats a `reveal` showed it to (None: all)} in the decision at hand."""
    out = []
    sights = {}
    shown = shown or {}

    def sees(seat, card) -> bool:
        if card in shown and (shown[card] is None or seat in shown[card]):
            return True
        if seat not in sights:
            sights[seat] = card_sight(g, s, seat)
        return sights[seat](card)
    for label, cards in named:
        seen = [seat for seat in readers(s, audience) if all(sees(seat, c) for c in cards)]
        words = A_CARD if len(cards) == 1 else f"{len(cards)} cards"
        out.append((label, frozenset(seen), words))
    return out


def redact(text: str, marks: list, *seats) -> str:
    """`text` as read by every one of `seats` at once: each named card some of them may not
    see becomes its neutral words. `marks` are who_sees's, in the text's order; a label not
    found where expected (a text that named it only in a condition) is skipped."""
    out, pos = [], 0
    for label, seen, words in marks:
        at = text.find(label, pos) if label else -1
        if at < 0:
            continue
        hidden = any(seat not in seen for seat in seats)
        out.append(text[pos:at] + (words if hidden else label))
        pos = at + len(label)
    return "".join(out) + text[pos:] if out else text


class Judge:
    """The listener a game's VM writes to during one decision (or setup). A line whose
    fields named cards (vm.Line.named) is judged as it is written: each card is named to
    the readers who may see it then, or who could at the start of the decision, or once it
    has run (settle: a card logged as it is played from a hand to the table, or as it
    leaves the table for a hidden pile, is no secret), or to whom a `reveal` showed it.
    A line every reader may read whole is passed on plain."""

    def __init__(self, g, s: dict, listener, before: dict | None = None):
        self.g, self.s, self.listener, self.before = g, s, listener, before
        self.judged: list = []

    def __call__(self, line) -> None:
        named = getattr(line, "named", ())
        if named:
            shown = line.shown
            marks = who_sees(self.g, self.s, named, line.audience, shown)
            n = len(readers(self.s, line.audience))
            if any(len(seen) < n for _, seen, _ in marks):
                line = Line(str(line), line.audience, named, marks, shown)
                self.judged.append(line)
            elif line.audience is None and not shown:
                line = str(line)
            else:       # (what a reveal showed stays on the line: it is why it may say it)
                line = Line(str(line), line.audience, shown=shown)
        self.listener(line)

    def settle(self) -> None:
        """Widen the marks of this decision's lines (the listener holds the same objects):
        a card seen at the start or the end of the decision may be named."""
        for line in self.judged:
            for s in (self.before, self.s):
                if s is not None and line.marks:
                    wider = who_sees(self.g, s, line.named, line.audience, line.shown)
                    line.marks = tuple((label, seen | more, words) for (label, seen, words),
                                       (_, more, _) in zip(line.marks, wider))
            if all(len(seen) == len(readers(self.s, line.audience))
                   for _, seen, _ in line.marks):
                line.marks = ()
        self.judged = []


def judging(g, s: dict, listener, before: dict | None = None) -> Judge:
    """The Judge of one decision's lines (Game.new_state and Game.apply bind it)."""
    return Judge(g, s, listener, before)


def line_text(line, *seats) -> str:
    """A log line as all of `seats` (None: a spectator) read it together: the cards it
    names that one of them could not see when it was written are neutral words. Only for
    seats that may read it (may_read)."""
    marks = getattr(line, "marks", ())
    return redact(str(line), marks, *seats) if marks else str(line)


class Reader:
    """The texts of a pending decision as one seat (None: a spectator) may read them:
    decisions.py asks it for option labels, step labels and the prompt."""

    def __init__(self, g, s: dict, seat):
        self.g, self.s, self.seat = g, s, seat
        self._sight = None

    def sees(self, card) -> bool:
        if self._sight is None:
            self._sight = card_sight(self.g, self.s, self.seat)
        return self._sight(card)

    def options(self, values: list, labels: list, t: str = "any") -> list:
        """A menu's labels, one per value (label_of's): an option whose value is or holds a
        card the seat may not see is "card N" (its place in the menu), so no label names a
        hidden card and every label still names one option."""
        out = list(labels)
        for i, v in enumerate(values):
            cards = menus.named_cards(self.g, v, t)
            if cards and not all(self.sees(c) for c in cards):
                out[i] = f"card {i + 1}"
        return out

    def text(self, text: str, named: list) -> str:
        """A text made now (a label text, a prompt, the status line) naming these (label,
        cards) of vm.label: the cards the seat may not see are neutral words."""
        if not named:
            return text
        marks = [(label, frozenset([self.seat]) if all(self.sees(c) for c in cards)
                  else frozenset(), A_CARD if len(cards) == 1 else f"{len(cards)} cards")
                 for label, cards in named]
        return redact(text, marks, self.seat)
