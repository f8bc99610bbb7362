"""How to play: the rules for players on one screen (game.how_to_play), shown by F1 at the
table, by `help rules` in plain mode and first by `rulebook describe GAME --for players`.

A game declares it as a text; without one a summary is made here from what the YAML says
(its name, description, players, rounds and scoring). "One screen" is 80x24 less the table's
frame and title: at most ROWS lines once wrapped at WIDTH columns; a longer text is reported
(HOWTO, a warning at the text) rather than found scrolled at the table."""
from __future__ import annotations

import re
import textwrap

WIDTH = 76       # columns inside the help screen's frame at 80 columns
ROWS = 20        # lines below the title at 24 rows


def wrapped(text: str, width: int = WIDTH) -> list:
    """The text's paragraphs and bullets ("- ") wrapped at `width`: lines of one paragraph
    flow together, a blank line or a bullet starts another, and a bullet's own lines (indented
    under it) continue under its first word."""
    blocks: list = []          # [indent, words] per paragraph or bullet; None: a blank line
    for line in str(text).rstrip().splitlines():
        body = line.strip()
        if not body:
            blocks.append(None)
        elif body.startswith(("- ", "* ")) or not blocks or blocks[-1] is None:
            blocks.append([2 if body.startswith(("- ", "* ")) else 0, body])
        elif blocks[-1][0] and not line.startswith(" "):    # a paragraph after a bullet
            blocks.append([0, body])
        else:
            blocks[-1][1] += " " + body
    out = []
    for block in blocks:
        if block is None:
            out.append("")
            continue
        hang, body = block
        out += textwrap.wrap(body, max(width, hang + 10), subsequent_indent=" " * hang,
                             break_on_hyphens=False) or [""]
    return out


def compile_how_to_play(builder, g) -> None:
    """g.how_to_play: the declared text, or a generated summary; a HOWTO warning when the
    declared text is longer than one screen."""
    info = builder.data.get("game") or {}
    declared = info.get("how_to_play")
    if isinstance(declared, str) and declared.strip():
        g.how_to_play = declared.strip()
        rows = len(wrapped(g.how_to_play))
        if rows > ROWS:
            builder.add(builder.doc, ["game", "how_to_play"], "HOWTO",
                        f"how_to_play takes {rows} lines at {WIDTH} columns, more than one "
                        f"screen at 80x24 ({ROWS} lines)",
                        "say less, or leave details to `rulebook describe --for players`",
                        severity="warning", key=False)
    else:
        g.how_to_play = summary(g, builder.data)


def summary(g, data: dict) -> str:
    """A one-screen summary for a game without how_to_play, from its declarations."""
    info = data.get("game") or {}
    players = f"{g.players_min}" if g.players_min == g.players_max else \
        f"{g.players_min} to {g.players_max}"
    out = [f"{g.name}: {str(info['description']).strip()}" if info.get("description")
           else g.name, "", f"Players: {players}."]
    count = (data.get("rounds") or {}).get("count")
    count = g.constants.get(count, count) if isinstance(count, str) else count
    end = data.get("end") or {}
    if isinstance(count, int):
        out.append(f"The game lasts {count} rounds"
                   + (", unless it ends sooner." if end.get("when") else "."))
    elif end.get("when"):
        out.append("The game ends as soon as its end condition holds.")
    goal = _goal(data, end)
    if goal:
        out.append(goal)
    out += ["", "At the table: type an option's number, or a word of its label, then Enter.",
            "F1: these rules and the keys. The whole rules: `rulebook describe "
            + g.id + " --for players`."]
    return "\n".join(out)


def _goal(data: dict, end: dict) -> str:
    """The scoring in words: the descriptions of what the score reads (a function, stat,
    counter or value it names), else the names themselves."""
    if end.get("cooperative") is True:
        return "Everyone plays as one team: the team wins or loses together."
    score = str(end.get("score") or "")
    if not score or score == "0":
        return ""
    said = _described(data, score)
    return ("The highest score wins. Score: " + "; ".join(said)) if said else \
        "The highest score wins."


def _described(data: dict, expr: str) -> list:
    described = {}
    for name, spec in (data.get("functions") or {}).items():
        described[name] = spec.get("description") if isinstance(spec, dict) else None
    for section in ("counters", "values"):
        for owner in ("player", "game"):
            for name, spec in ((data.get(section) or {}).get(owner) or {}).items():
                described[name] = spec.get("description") if isinstance(spec, dict) else None
    for name, spec in (data.get("stats") or {}).items():
        described[name] = spec.get("description") if isinstance(spec, dict) else None
    out = []
    for word in dict.fromkeys(re.findall(r"[A-Za-z_]\w*", expr)):
        if word in described:
            text = described[word]
            out.append(str(text).strip().rstrip(".") + "." if text else
                       word.replace("_", " ") + ".")
    return out
