"""TEXT (a warning): a text people read as written that holds a `{field}`.

Log lines, prompts, option labels (`labelled`, `otherwise`), card labels, the status line and
texts in scripts fill their `{expression}` fields; a description, a name, a card's printed
`text` or `notes` is shown as written, so a field there would reach a person as `{cost}`.
Validate says so at the text, rather than leave the braces to be found at the table."""
from __future__ import annotations

import re

from ..errors import Finding
from .common import card_sources

# keys whose texts are shown as written, wherever they appear in the game file
PLAIN_KEYS = ("description", "notes", "name", "text", "how_to_play")
# `{` a name or expression `}`, not `{{`: what a designer means as a field
FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][^{}]*)\}(?!\})")


def _plain_texts(data, path=()):
    """(path, text) of every plain text under PLAIN_KEYS (and seat names) in plain data."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k in PLAIN_KEYS and isinstance(v, str):
                yield list(path) + [k], v
            elif k == "seat_names" and isinstance(v, list):
                yield from ((list(path) + [k, i], x) for i, x in enumerate(v)
                            if isinstance(x, str))
            elif k not in ("cards",):            # cards: per file, below
                yield from _plain_texts(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _plain_texts(v, path + (i,))


def findings(builder) -> list:
    out = []

    def check(doc, path, text):
        m = FIELD.search(text)
        if m is None:
            return
        line, col = builder.at(doc, path, key=False)
        out.append(Finding(doc.path, line, col, "TEXT",
                           f"'{path[-1]}' is shown as written, so '{{{m.group(1)}}}' reaches "
                           "people with its braces: only log lines, prompts, option labels, "
                           "card labels, the status line and texts in scripts fill fields",
                           "write the value itself, or {{ and }} for braces",
                           severity="warning"))

    for path, text in _plain_texts(builder.data):
        check(builder.doc, path, text)
    for doc, cards in card_sources(builder):
        for i, card in enumerate(cards if isinstance(cards, list) else []):
            for field in ("name", "text"):
                if isinstance(card, dict) and isinstance(card.get(field), str):
                    check(doc, ["cards", i, field], card[field])
    return out
