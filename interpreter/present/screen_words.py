"""How names and values from the YAML read on the screen: one wording for counters, values,
card state and board features (the views keep the keys and data; only the screen says words)."""
from __future__ import annotations

SHORT = 240     # the longest a value is shown on the table (wrapped to the screen)


def words(key: str) -> str:
    """A name as people read it: "resource_discard" -> "resource discard",
    "nobles.ready" -> "nobles (ready)"."""
    name, _, part = key.partition(".")
    name = name.replace("_", " ")
    return f"{name} ({part.replace('_', ' ')})" if part else name


def zone_words(where: str, name: str, cards: str = "") -> str:
    """A zone's name beside where it lies and what it holds, said once: the game zone
    "table" on the table reads "table Shen Hao", not "table table Shen Hao", and a zone
    "family" holding "family servant A" reads "P2 family servant A" (empty: the place or
    the cards say it)."""
    said = words(name)
    return "" if said == where or cards.startswith(said + " ") else said


def short(x, top: bool = True) -> str:
    """A value in few characters: a mapping as "key value, ..." without its empty entries
    (none, 0, nothing: coins per area, a controller per area), a list as "a, b", none as
    "-", nested ones in brackets."""
    if x is None:
        text = "-"
    elif isinstance(x, bool):
        text = "yes" if x else "no"
    elif isinstance(x, dict):
        text = ", ".join(f"{k} {short(y, False)}" for k, y in x.items()
                         if y not in (None, 0, [], {}) or y is False) or "(none)"
        text = text if top else f"{{{text}}}"
    elif isinstance(x, list):
        text = ", ".join(short(y, False) for y in x) or "(none)"
        text = text if top else f"[{text}]"
    else:
        text = str(x)
    return text if len(text) <= SHORT or not top else text[:SHORT - 3] + "..."


def named(name: str, value) -> str:
    """A named value in words: "damage 1", "controller P2", "exhausted" (a flag that is
    true says only its name), "seen by P1, P2" (a list)."""
    return words(name) if value is True else f"{words(name)} {short(value)}"
