"""Texts on their way to a terminal or a screen: shown, never obeyed.

A game's names, labels and log texts, and a save's fields, are written by someone else; an
escape sequence in one (ESC [2J, a title change, a bidi override) must not reach the
terminal as a command. Every printed text passes through spelled(), which leaves ordinary
text untouched (the same bytes as before) and spells each control character out.

On a rich or Textual widget a plain str is read as markup: `[reverse]` styles it, `[/]`
stops the table with a MarkupError, `[@click=app.save('f')]` runs the table's action when
clicked. So every text on its way to a widget is a rich Text made by literal(): spelled, cut
to a length, never parsed (a Text is literal). Names are bounded where a game is loaded
(NAME_LIMIT, LABEL_LIMIT: checks/names.py) and cut where shown (cut)."""
from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, C1 controls (U+0085 among them), the bidi marks,
# embeddings, overrides and isolates, and the line and paragraph separators
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                      "\u202a-\u202e\u2066-\u2069]")
# in a name (one line) a tab or a newline is out of place too
NAME_CONTROLS = re.compile(CONTROLS.pattern[:-1] + "\t\n]")


NAME_LIMIT = 60      # characters of a name a game declares (a seat, a card, a zone, a board)
LABEL_LIMIT = 200    # characters of a card type's label template as written
ELLIPSIS = "\u2026"


def spelled(text) -> str:
    """The text with each control character written as \\xNN or \\uNNNN; tabs and newlines
    stay (a log text or a finding's excerpt has lines). Idempotent."""
    text = text if isinstance(text, str) else str(text)
    if CONTROLS.search(text) is None:
        return text
    return CONTROLS.sub(_escape, text)


def _escape(m) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def spelled_all(data):
    """spelled() over every text in nested dicts, lists and tuples (keys too): a view or a
    report spelled out before it is laid out, so columns keep their widths."""
    if isinstance(data, str):
        return spelled(data)
    if isinstance(data, dict):
        return {spelled_all(k): spelled_all(v) for k, v in data.items()}
    if type(data) in (list, tuple):
        return type(data)(spelled_all(x) for x in data)
    return data


def control_in_name(text: str) -> str | None:
    """The first control character (newline and tab too) of a name, spelled out, or None."""
    m = NAME_CONTROLS.search(text) if isinstance(text, str) else None
    return None if m is None else ("\\t" if m.group() == "\t" else "\\n" if m.group() == "\n"
                                   else _escape(m))


def cut(text, limit: int | None) -> str:
    """The text whole when it has at most `limit` characters (None: no limit), else its first
    limit - 1 and an ellipsis, so a long name cannot fill a screen."""
    text = text if isinstance(text, str) else str(text)
    if limit is None or len(text) <= limit:
        return text
    return text[:max(limit - 1, 0)].rstrip() + ELLIPSIS


def literal(text, style="", limit: int | None = None):
    """The one way a text reaches a rich or Textual widget: a rich Text holding it literally
    (never read as markup), its control characters spelled out, cut to `limit` characters.
    A Text passes through with its styles (it was made here or from literal parts)."""
    from rich.text import Text      # (validate and the layers below never draw)
    if isinstance(text, Text):
        return text
    return Text(cut(spelled(text), limit), style=style)
