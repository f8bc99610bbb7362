"""rulebook describe GAME --for players: the game as rules a player reads, in words only: its
How to play (build/how_to_play.py), the components, how the cards start, a round's phases
and the scoring. No effect code: scripts and expressions are for designers (`describe`
without --for, describe.py), so a part declared only as code is named, not quoted."""
from __future__ import annotations

from collections import Counter

from ..build.how_to_play import summary
from ..load.documents import load_documents, resolve_game_path
from .describe import components, prose, section


def players_sheet(game) -> str:
    """Markdown for a loaded (so valid) Game, for the people who play it."""
    g = game.g
    findings: list = []
    _, data = load_documents(resolve_game_path(g.path), findings)
    players = f"{g.players_min}" if g.players_min == g.players_max else \
        f"{g.players_min}-{g.players_max}"
    out = [f"# {prose(g.name)}", "", f"**Players:** {players}", "",
           "## How to play", "", *_lines(g.how_to_play), ""]
    rest = section("Variants", [f"**{prose(k)}**{' (default)' if k == g.default_variant else ''}"
                                f": {prose(v)}" for k, v in g.variants.items()])
    rest += components(g, data)
    rest += section("Card types", [f"**{prose(name)}**: {prose(spec.get('description'))}"
                                  for name, spec in (data.get("card_types") or {}).items()
                                  if isinstance(spec, dict) and spec.get("description")])
    rest += section("Setup", _setup(g))
    rest += _round(g, data)
    rest += section("End and scoring", _scoring(g, data))
    out += _words_only(rest)
    return "\n".join(out).rstrip() + "\n"


def _lines(text: str) -> list:
    """The how-to-play text as Markdown that keeps its author's line breaks."""
    return [prose(x) + ("  " if x.strip() and not x.startswith(("- ", "* ")) else "")
            for x in str(text).splitlines()]


def _words_only(lines: list) -> list:
    """Without the code marks a visibility condition or a description may hold."""
    return [x.replace("`", "") for x in lines]


def _setup(g) -> list:
    """How many cards of each type start where, from the card list."""
    where: dict = {}
    for cid, zone in g.card_start.items():
        where.setdefault(zone, Counter())[g.cards[cid]["type"]] += 1
    return [f"**{prose(zone.replace('_', ' '))}**: " + ", ".join(
        f"{n} {prose(t.replace('_', ' '))}" for t, n in counts.items())
        for zone, counts in where.items()]


def _round(g, data) -> list:
    rounds = data.get("rounds") or {}
    phases = [ph for ph in rounds.get("phases") or [] if isinstance(ph, dict)]
    if not phases:
        return []
    count = rounds.get("count")
    count = g.constants.get(count, count) if isinstance(count, str) else count
    out = ["## A round", "",
           f"The game lasts {count} rounds." if isinstance(count, int) and count < 10 ** 5
           else "Rounds go on until the game ends.", ""]
    for i, ph in enumerate(phases, 1):
        out.append(f"{i}. **{prose(ph.get('name'))}**" + (
            f": {prose(ph['description'])}" if ph.get("description") else ""))
    return out + [""]


def _scoring(g, data) -> list:
    """The ending and scoring in the words of the generated summary (the descriptions of
    what the score reads), and the declared score terms."""
    said = [x for x in summary(g, data).splitlines()
            if x.startswith(("The game", "The highest", "Everyone"))]
    end = data.get("end") or {}
    for name in (end.get("breakdown") or {}):
        said.append(f"Counted in the score: {prose(str(name).replace('_', ' '))}.")
    return [prose(x) for x in said]
