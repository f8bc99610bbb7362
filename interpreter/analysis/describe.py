"""rulebook describe: the game for a person, as a Markdown rules sheet generated from the
same YAML the engine runs (descriptions, labels, the scripts themselves)."""
from __future__ import annotations

import json
import re

from ..runtime.visibility import declared_as, in_words
from ..load.documents import load_documents, resolve_game_path

HIDDEN_ATTRS = {"id", "type", "zone", "count", "name", "effect", "description", "abilities"}


def rules_sheet(game) -> str:
    """Markdown for a loaded (so valid) Game."""
    g = game.g
    findings: list = []
    document, data = load_documents(resolve_game_path(g.path), findings)
    out = []
    info = data.get("game") or {}
    out += [f"# {prose(g.name)}", ""]
    if info.get("description"):
        out += [prose(str(info["description"]).strip()), ""]
    out += [f"**Players:** {g.players_min}" + (f"-{g.players_max}" if g.players_max !=
                                              g.players_min else ""), ""]
    out += section("Variants", [f"**{prose(k)}**{' (default)' if k == g.default_variant else ''}"
                                f": {prose(v)}" for k, v in g.variants.items()])
    out += section("Options", [option(k, v) for k, v in (data.get("options") or {}).items()])
    out += components(g, data)
    out += section("Card types", [card_type(name, spec) for name, spec in
                                  (data.get("card_types") or {}).items()], bullets=False)
    out += cards(g, data, document)
    out += script_section("Setup", data.get("setup"))
    out += flow(data)
    out += script_section("When the rounds are over", data.get("finish"))
    out += ending(data)
    out += section("Procedures", [named_script(k, v.get("do", ""), v.get("description"))
                                  for k, v in (data.get("procedures") or {}).items()],
                   bullets=False)
    out += section("Metrics", [f"**{prose(k)}**: {metric_text(v)}"
                               for k, v in (data.get("metrics") or {}).items()])
    return "\n".join(out).rstrip() + "\n"


# what starts raw HTML in Markdown (a tag, a comment, a declaration) and a character reference
_HTML_START = re.compile(r"<(?=[A-Za-z/!?])")
_REFERENCE = re.compile(r"&(?=#?\w+;)")
# Markdown's own markup in a text: links and images ([...](...), ![...](...), [x]: url),
# emphasis, code, strike-through, table cells, a backslash; an underscore only where it can
# start or end emphasis (turn_cap stays as written); bare URLs that GFM makes links of
_MARKDOWN = re.compile(r"[\\`*\[\]~|]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])"
                       r"|(?<=[A-Za-z0-9]):(?=//)|(?<=\b[wW]{3})\.")
# what makes a line a heading, a quote, a list item or a heading's underline
_LINE_START = re.compile(r"^([ \t]*)([#>+=-]|\d+)", re.M)


def prose(text) -> str:
    """A text from the YAML in the sheet's prose, shown as written and never obeyed by
    whatever renders the Markdown: HTML in it (<script>, <img onerror=...>) is escaped, and
    so is Markdown's own markup (a tracking image ![](url), a [link](javascript:...), a
    heading or a list made by a line's start), with a backslash, which renders as nothing.
    Only a '<' or '&' that would start markup is escaped, so "x < 3" and "A & B" read as
    before."""
    text = _HTML_START.sub("&lt;", _REFERENCE.sub("&amp;", str(text)))
    text = _MARKDOWN.sub(lambda m: "\\" + m.group(0), text)
    return _LINE_START.sub(_line_start, text)


def _line_start(m) -> str:
    lead, mark = m.group(1), m.group(2)
    if not mark[0].isdigit():
        return lead + "\\" + mark
    # "1." or "1)" starts a numbered list: the backslash goes before its punctuation
    after = m.string[m.end():m.end() + 1]
    return lead + mark + ("\\" if after in (".", ")") else "")


def code_span(text) -> str:
    """Inline code that no backtick in the text can close early (CommonMark: a longer run of
    backticks as the delimiter); its content is shown as written."""
    text = str(text)
    if "`" not in text:
        return f"`{text}`"
    fence = "`" * (max(map(len, re.findall("`+", text))) + 1)
    return f"{fence} {text} {fence}"


def option(name: str, v) -> str:
    if not isinstance(v, dict):
        return f"**{prose(name)}** (default {prose(v)})"
    return f"**{prose(name)}** (default {prose(v.get('default'))})" + \
        (f": {prose(v['description'])}" if v.get("description") else "")


def metric_text(v) -> str:
    """A declared metric as the sheet says it: its description and what it measures."""
    if isinstance(v, str):
        return f"{code_span(v)} at the end of a game"
    what = f"{code_span(v['value'])} at the end of a game" if "value" in v else \
        f"cards {prose(v.get('count'))}" + (f" where {code_span(v['where'])}"
                                            if v.get("where") else "")
    return (prose(v["description"]) + f" ({what})") if v.get("description") else what


def section(title: str, items: list, bullets: bool = True) -> list:
    if not items:
        return []
    out = [f"## {title}", ""]   # titles are the sheet's own words
    out += [f"- {i}" for i in items] if bullets else [x for i in items for x in (i, "")]
    return out + ([""] if bullets else [])


def code(text) -> list:
    """A fenced block that no line of the text can close early (a longer fence)."""
    text = str(text).rstrip()
    runs = re.findall("`{3,}", text)
    fence = "`" * (max(map(len, runs)) + 1) if runs else "```"
    return [fence, text, fence]


def script_section(title: str, text) -> list:
    return [f"## {title}", "", *code(text), ""] if text else []


def named_script(name: str, text: str, description=None) -> str:
    head = f"**{prose(name)}**" + (f": {prose(description)}" if description else "")
    return "\n".join([head, "", *code(text)]) if text else head


def components(g, data) -> list:
    items = []
    counters = data.get("counters") or {}
    for owner in ("player", "game"):
        for name, spec in (counters.get(owner) or {}).items():
            spec = spec if isinstance(spec, dict) else {"start": spec}
            items.append(f"**{prose(name)}** ({'each player' if owner == 'player' else 'the game'}"
                         f", starts at {prose(spec.get('start', 0))})"
                         + (f": {prose(spec['description'])}" if spec.get("description") else ""))
    for owner, specs in (("player", g.player_values), ("game", g.game_values)):
        for name, spec in specs.items():
            visibility = declared_as(g, "value", name, 0 if owner == "player" else None)
            seen = "" if visibility == "all" else ", " + in_words(visibility)
            start = "none" if spec.start is None else json.dumps(spec.start)
            items.append(f"**{prose(name)}** ({'each player' if owner == 'player' else 'the game'}"
                         f", starts as {prose(start)}{seen})"
                         + (f": {prose(spec.description)}" if spec.description else ""))
    for name, spec in (data.get("stats") or {}).items():
        text = spec.get("description") if isinstance(spec, dict) else None
        items.append(f"**{prose(name)}** (each player, worked out)"
                     + (f": {prose(text)}" if text else ""))
    zones = data.get("zones") or {}
    for owner in ("player", "game"):
        for name, spec in (zones.get(owner) or {}).items():
            spec = spec or {}
            seen = in_words(spec.get("visibility", "all"), spec.get("visible_if"),
                            code_span)
            where = "each player" if owner == "player" else "on the table"
            bag = ", a bag" if spec.get("bag") else ""
            bag += ", how many it holds hidden too" if spec.get("hide_count") else ""
            items.append(f"**{prose(name)}** ({where}, {seen}{bag})"
                         + (f": {prose(spec['description'])}" if spec.get("description") else ""))
    for name, board in g.boards.items():
        items.append(f"**{prose(name)}**: {prose(board.description or 'a board')}")
    for role in g.roles:
        items.append(f"**{prose(role)}**: a role (a pawn held by one player)")
    return section("Components", items)


def card_type(name: str, spec: dict) -> str:
    spec = spec or {}
    lines = [f"### {prose(name)}"]
    if spec.get("description"):
        lines += ["", prose(spec["description"])]
    if spec.get("playable_if"):
        lines += ["", f"Playable when {code_span(spec['playable_if'])}."]
    if spec.get("effect"):
        lines += ["", "Effect:", "", *code(spec["effect"])]
    for moment, text in (spec.get("abilities") or {}).items():
        lines += ["", f"Ability at {prose(moment)}:", "", *code(text)]
    return "\n".join(lines)


def cards(g, data, document) -> list:
    lists = [data.get("cards") or []] + [inc.plain_cards() for inc in document.includes]
    rows = {}
    for entries in lists:
        for card in entries:
            if not isinstance(card, dict):
                continue
            count = card.get("count", 1)
            cid = str(card.get("id"))
            first = cid if count == 1 else f"{cid}-1"
            label = g.card_labels.get(first, cid)
            attrs = ", ".join(f"{k} {v}" for k, v in card.items() if k not in HIDDEN_ATTRS)
            line = prose(label) + (f" x{prose(count)}" if count != 1 else "") + \
                (f" ({prose(attrs)})" if attrs else "")
            if card.get("description"):
                line += f": {prose(card['description'])}"
            if card.get("effect"):
                line += "; effect: " + code_span(' / '.join(str(card['effect']).strip()
                                                            .splitlines()))
            for moment, text in (card.get("abilities") or {}).items():   # named abilities
                line += f"; {prose(moment)}: " + code_span(' / '.join(str(text).strip()
                                                                       .splitlines()))
            rows.setdefault(str(card.get("type")), []).append(line)
    out = []
    if rows:
        out += ["## Cards", ""]
        for ctype, lines in rows.items():
            out += [f"### {prose(ctype)} ({len(lines)} entries)", ""]
            out += [f"- {x}" for x in lines] + [""]
    return out


def flow(data) -> list:
    rounds = data.get("rounds") or {}
    phases = rounds.get("phases") or []
    if not phases:
        return []
    count = rounds.get("count")
    out = ["## A round", "",
           (f"The game lasts {count} rounds." if isinstance(count, int) else
            f"Rounds: {code_span(count)}." if count else "Rounds go on until the game ends.")
           + (f" The round number is kept in {prose(rounds['counter'])}."
              if rounds.get("counter") else ""), ""]
    for i, ph in enumerate(phases, 1):
        out.append(f"### {i}. {prose(ph.get('name'))}")
        if ph.get("description"):
            out += ["", prose(ph["description"])]
        out += ["", *code(ph.get("do", "")), ""]
    return out


def ending(data) -> list:
    end = data.get("end") or {}
    items = []
    if end.get("when"):
        items.append(f"The game ends at once when {code_span(end['when'])}.")
    if end.get("cooperative") is True:
        items.append("Cooperative: every player wins or loses together.")
        items.append(f"The team's score: {code_span(end.get('score', '0'))}.")
        if end.get("wins"):
            items.append(f"The team wins when the game ends with {code_span(end['wins'])}; "
                         "otherwise every player loses.")
        return section("End and scoring", items)
    items.append(f"Score: {code_span(end.get('score', '0'))}.")
    if end.get("ranking"):
        items.append("Ranking (ties broken by the later entries): "
                     f"{code_span(end['ranking'])}.")
    return section("End and scoring", items)
