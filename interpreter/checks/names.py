"""NAME-CONTROL: a name with a control character in it (an escape sequence, a bidi override,
a line break). Such a name is shown with its controls spelled out (safe_text.spelled), never
sent to the terminal raw; the warning says so at the name, since it is almost always a
mistake or a prank.

NAME-LONG (an error): a name longer than safe_text.NAME_LIMIT characters (a card label's
template: LABEL_LIMIT). A 3,000-character seat name filled the decision panel at 80x24 and
hid every option; every screen is laid out for names of a line or less."""
from __future__ import annotations

from ..errors import Finding
from ..safe_text import LABEL_LIMIT, NAME_LIMIT, control_in_name
from .common import card_sources, matches

# (path with "*" for any key and "[]" for any list item, what it is, "key" or "value")
NAMES = [
    (("game", "name"), "the game's name", "value"),
    (("game", "seat_names", "[]"), "a seat name", "value"),
    (("game", "variants", "*"), "a variant", "key"),
    (("options", "*"), "an option", "key"),
    (("counters", "player", "*"), "a player counter", "key"),
    (("counters", "game", "*"), "a game counter", "key"),
    (("values", "player", "*"), "a player value", "key"),
    (("values", "game", "*"), "a game value", "key"),
    (("stats", "*"), "a stat", "key"),
    (("zones", "player", "*"), "a player zone", "key"),
    (("zones", "game", "*"), "a game zone", "key"),
    (("boards", "*"), "a board", "key"),
    (("roles", "*"), "a role", "key"),
    (("roles", "[]"), "a role", "value"),
    (("card_types", "*"), "a card type", "key"),
    (("card_types", "*", "label"), "a card label", "value"),
    (("rounds", "phases", "[]", "name"), "a phase", "value"),
]
CARD_NAMES = (("id", "a card id"), ("name", "a card name"))


def findings(builder) -> list:
    out = []

    def check(doc, path, what, name, key):
        bad = control_in_name(name)
        if bad is not None:
            line, col = builder.at(doc, path, key=key)
            out.append(Finding(doc.path, line, col, "NAME-CONTROL",
                               f"{what} holds the control character {bad}",
                               "it is shown spelled out; remove it from the name",
                               severity="warning"))
        limit = LABEL_LIMIT if what == "a card label" else NAME_LIMIT
        if isinstance(name, str) and len(name) > limit:
            line, col = builder.at(doc, path, key=key)
            out.append(Finding(doc.path, line, col, "NAME-LONG",
                               f"{what} has {len(name):,} characters, more than {limit}",
                               f"shorten it: a name is shown on one line, and a longer one "
                               f"would be cut ('{name[:24]}...')"))

    for pattern, what, where in NAMES:
        for path, name in matches(builder.data, pattern, keys=True):
            check(builder.doc, path, what, name, where == "key")
    for doc, cards in card_sources(builder):
        for i, card in enumerate(cards if isinstance(cards, list) else []):
            for field, what in CARD_NAMES:
                if isinstance(card, dict) and field in card:
                    check(doc, ["cards", i, field], what, card[field], False)
    return out
