"""Cross-references and consistency of a game definition, driven by tables.

- REFERENCES: YAML values that name something defined elsewhere (REF-UNDEF when unknown).
- DEFINITIONS: named things a game defines; one that nothing uses is an ORPHAN warning.
- start_count on a game zone: the card lists must start that many cards there (COUNT).
- Card attributes (YAML) and CSV columns that nothing reads (ORPHAN warning, CSV-COLUMN error).
- Card attributes across the cards of a type: odd kinds, missing values (attributes.py).
- Locals read where they may have no value yet (unset.py, a warning).
- A board's `features:` name its places, its `markers:` values (REF-UNDEF when not).

A new YAML section is covered by adding rows to REFERENCES (its fields that name other
things) and DEFINITIONS (the names it defines), and, when its own names are used in a
new way, by adding them to `used` in `usage()`.
"""
from __future__ import annotations

from . import attributes as attr_checks, names as name_checks, plain_texts, unset as unset_checks
from .common import (ANY_COUNTER, CARD_FIELDS, attribute_reads, card_sources, label_fields, matches,
                     names_used, text_names_used)
from .. import zone_keys
from ..errors import Finding, did_you_mean
from ..effects import board_sizes
from ..effects.names import PLAYER_FIELDS
from ..load.csv_cards import CsvDoc

# (path with "*" for any key and "[]" for any list item, what it names, names valid there)
REFERENCES = [
    (("zones", "game", "*", "refill_from"), "game zone", lambda g: g.game_zones),
    # a player zone refills from a zone of the same player (a personal discard pile)
    (("zones", "player", "*", "refill_from"), "player zone", lambda g: g.player_zones),
    (("card_types", "*", "discard_to"), "zone", lambda g: g.game_zones),
    (("rounds", "counter"), "game counter", lambda g: g.game_counters),
    (("game", "default_variant"), "variant", lambda g: g.variants),
]

# (path to a mapping or list of names, what each is). Stats are not here: every view and the
# terminal's table show them, so a stat no script reads is still used.
DEFINITIONS = [
    (("procedures",), "procedure"),
    (("functions",), "function"),
    (("constants",), "constant"),
    (("options",), "option"),
    (("counters", "player"), "player counter"),
    (("counters", "game"), "game counter"),
    (("values", "player"), "player value"),
    (("values", "game"), "game value"),
    (("zones", "player"), "player zone"),
    (("zones", "game"), "game zone"),
    (("card_types",), "card type"),
    (("roles",), "role"),
]


def reference_findings(builder, g) -> list:
    out = []
    for pattern, what, names in REFERENCES:
        valid = names(g)
        for path, value in matches(builder.data, pattern):
            if isinstance(value, str) and value not in valid:
                line, col = builder.at(builder.doc, path, key=False)
                kind = defined_as(builder.data, value)      # a name of another kind
                out.append(Finding(builder.doc.path, line, col, "REF-UNDEF",
                                   f"unknown {what} '{value}'", did_you_mean(value, valid)
                                   or (f"'{value}' is a {kind}" if kind else "")))
    return out


def defined_as(data, name: str) -> str | None:
    """What kind of thing the YAML defines under that name (DEFINITIONS), if any."""
    for pattern, kind in DEFINITIONS:
        for _, section in matches(data, pattern):
            if isinstance(section, (dict, list)) and name in section:
                return kind
    return None


def board_findings(builder, g) -> list:
    """`features:` of a board name its places (any spelling of one): an unknown place is a
    REF-UNDEF at its key, with the nearest place's name."""
    out = []
    for name, spec in (builder.data.get("boards") or {}).items():
        board = g.boards.get(name)
        if board is None or board.broken or not isinstance(spec, dict):
            continue         # a stand-in has no places to check against (its error is said)
        values = [*g.player_values, *g.game_values]
        markers = spec.get("markers")
        for i, m in enumerate(markers if isinstance(markers, list) else ()):
            if m not in values:
                line, col = builder.at(builder.doc, ["boards", name, "markers", i], key=False)
                out.append(Finding(builder.doc.path, line, col, "REF-UNDEF",
                                   f"markers: '{m}' is not a player or game value",
                                   did_you_mean(str(m), values)))
        shows = spec.get("shows")
        if isinstance(shows, str) and shows not in g.game_values:
            line, col = builder.at(builder.doc, ["boards", name, "shows"], key=False)
            out.append(Finding(builder.doc.path, line, col, "REF-UNDEF",
                               f"shows: '{shows}' is not a game value",
                               did_you_mean(shows, g.game_values) or
                               "declare it under values: game: (a mapping place -> number)"))
        out += _feature_variant_findings(builder, g, name, spec)
        links = spec.get("links")
        for i, link in enumerate(links if isinstance(links, list) else ()):
            m = link.get("value") if isinstance(link, dict) else None
            if m is not None and m not in values:
                line, col = builder.at(builder.doc, ["boards", name, "links", i, "value"],
                                       key=False)
                out.append(Finding(builder.doc.path, line, col, "REF-UNDEF",
                                   f"links: '{m}' is not a player or game value",
                                   did_you_mean(str(m), values)))
        if not isinstance(spec.get("features"), dict):
            continue
        seen = {}
        for where in spec["features"]:
            key = board.feature_key(where)
            if key is not None and key in seen:      # "B.sw" after "A.se": one vertex
                line, col = builder.at(builder.doc, ["boards", name, "features", where])
                out.append(Finding(builder.doc.path, line, col, "DUP-NAME",
                                   f"'{where}' and '{seen[key]}' are one place ({key}): "
                                   "give its features once", ""))
            seen.setdefault(key, where)
            if key is None:
                line, col = builder.at(builder.doc, ["boards", name, "features", where])
                out.append(Finding(builder.doc.path, line, col, "REF-UNDEF",
                                   f"'{where}' is not a place of {name}",
                                   did_you_mean(str(where), [*board.features, *board.alias])))
    return out


# ------------------------------------------------------------------ usage
def usage(builder, g) -> set:
    """Every name the scripts, expressions and YAML references use."""
    names, strings = set(), set()
    names_used(builder.parsed, names, strings)
    text_names_used(str(g.status or ""), names, strings)
    for s in strings:           # zone("decks." + r), open_auction(currency="IP")
        names.add(s)
        names.add(s.split(".")[0])
    for pattern, _, _ in REFERENCES:
        for _, value in matches(builder.data, pattern):
            if isinstance(value, str):
                names.add(value)
    for spec in (builder.data.get("boards") or {}).values():    # values drawn as markers
        if isinstance(spec, dict):
            markers = spec.get("markers")
            names.update(m for m in (markers if isinstance(markers, list) else ())
                         if isinstance(m, str))
            names.update(board_sizes.names_read(spec))      # rows: "size", cols: ...
            if isinstance(spec.get("shows"), str):
                names.add(spec["shows"])
    count = (builder.data.get("rounds") or {}).get("count")
    if isinstance(count, str):      # `count: prize_count` reads a constant
        text_names_used("{" + count + "}", names, strings)
    for attrs in g.cards.values():
        names.add(attrs["type"])
    for zone in g.card_start.values():
        names.add(zone_keys.group_name(zone))
    return names


def orphan_findings(builder, g, used: set) -> list:
    out = []
    for path, what in DEFINITIONS:
        defs = builder.data
        for p in path:
            defs = defs.get(p) if isinstance(defs, dict) else None
        items = list(defs.items()) if isinstance(defs, dict) else \
            list(enumerate(defs)) if isinstance(defs, list) else []
        for key, value in items:
            name = value if isinstance(defs, list) else key
            if not isinstance(name, str) or name in used \
                    or what == "player counter" and ANY_COUNTER in used:
                continue
            line, col = builder.at(builder.doc, list(path) + [key])
            out.append(Finding(builder.doc.path, line, col, "ORPHAN",
                               f"the {what} '{name}' is never used", "remove it, or use it",
                               severity="warning"))
    return out


def attribute_findings(builder, g, used: set, warn: bool = True) -> list:
    """Card attributes nothing reads: a warning in a YAML list, an error for a CSV column."""
    known = used | label_fields(g) | CARD_FIELDS
    for ct in g.card_types.values():
        known |= set(ct.attrs)
    out, warned = [], set()
    # hints name attributes only: what cards carry, what labels and `x.NAME` read, never
    # a procedure, a counter or a zone that happens to be spelt alike
    attributes = (attribute_reads(builder.parsed) | label_fields(g) | card_attribute_names(g)) \
        - player_side_names(g) - CARD_FIELDS
    for doc, cards in card_sources(builder):
        if isinstance(doc, CsvDoc):
            for name, line, col in doc.header:
                if name and name not in known:
                    out.append(Finding(doc.path, line, col, "CSV-COLUMN",
                                       f"the column '{name}' of {doc.path} is not a card field, "
                                       "and no effect, label or card type reads it",
                                       did_you_mean(name, (attributes | CSV_FIELDS) - {name})
                                       or "card fields: id, type, zone, count, name, text"))
            continue
        for i, card in enumerate(cards if isinstance(cards, list) and warn else []):
            if not isinstance(card, dict):
                continue
            for name in card:
                if name in known or name in warned:
                    continue
                warned.add(name)
                line, col = builder.at(doc, ["cards", i, name])
                out.append(Finding(doc.path, line, col, "ORPHAN",
                                   f"no effect, label or card type reads the card attribute "
                                   f"'{name}'", did_you_mean(name, attributes - {name})
                                   or "remove it, or declare it in its card type's attributes",
                                   severity="warning"))
    return out


# the card fields a spreadsheet column may be (count included: it makes copies)
CSV_FIELDS = {"id", "type", "zone", "count", "name", "text"}


def card_attribute_names(g) -> set:
    """Every attribute a card or a card type carries (numbered ones included)."""
    names = {k for attrs in g.cards.values() for k in attrs}
    for ct in g.card_types.values():
        names |= set(ct.attrs)
    return names


def player_side_names(g) -> set:
    """Names a member access `x.NAME` reads on a player or a card's state, not an attribute."""
    return (set(g.player_counters) | set(g.player_values) | set(g.stats) | set(g.player_zones)
            | set(PLAYER_FIELDS) | set(g.card_state))


def count_findings(builder, g) -> list:
    """start_count of a game zone (or of each zone of a group) against the card lists."""
    out = []
    started: dict = {}     # every listed card counts, even one with another mistake
    for _, cards in card_sources(builder):
        for card in cards:
            if isinstance(card, dict) and isinstance(card.get("zone"), str):
                n = card.get("count", 1)
                n = n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 1
                n *= numbered_count(card)
                started[card["zone"]] = started.get(card["zone"], 0) + n
    zones = ((builder.data.get("zones") or {}).get("game") or {})
    for name, spec in zones.items():
        want = spec.get("start_count") if isinstance(spec, dict) else None
        if not isinstance(want, int) or isinstance(want, bool):
            continue
        for zone in zone_keys.group_keys(name, spec.get("keys")):
            have = started.get(zone, 0)
            if have != want:
                line, col = builder.at(builder.doc, ["zones", "game", name, "start_count"],
                                       key=False)
                out.append(Finding(builder.doc.path, line, col, "COUNT",
                                   f"the zone '{zone}' should start with {want} cards "
                                   f"(start_count), but the card lists put {have} there",
                                   "a card missing or listed twice? copies count (count: N)"))
    return out


def numbered_count(card: dict) -> int:
    """How many cards one list entry numbers (`range: {attribute, from, to}`): 1 without
    one, or with one the schema reports."""
    spec = card.get("range")
    if not isinstance(spec, dict):
        return 1
    lo, hi = spec.get("from"), spec.get("to")
    if type(lo) is not int or type(hi) is not int or hi < lo:
        return 1
    return hi - lo + 1


def phase_findings(builder, g) -> list:
    out, seen = [], {}
    for i, ph in enumerate((builder.data.get("rounds") or {}).get("phases") or []):
        name = ph.get("name") if isinstance(ph, dict) else None
        if not isinstance(name, str):
            continue
        if name in seen:
            line, col = builder.at(builder.doc, ["rounds", "phases", i, "name"], key=False)
            out.append(Finding(builder.doc.path, line, col, "DUP-NAME",
                               f"two phases are named '{name}' (the first is phase "
                               f"{seen[name] + 1}); names must differ"))
        else:
            seen[name] = i
    return out


def player_count_findings(builder) -> list:
    """players.min above players.max: no game could ever start."""
    players = (builder.data.get("game") or {}).get("players")
    if not isinstance(players, dict):
        return []
    lo, hi = players.get("min"), players.get("max")
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (lo, hi)) or lo <= hi:
        return []
    line, col = builder.at(builder.doc, ["game", "players", "max"], key=False)
    return [Finding(builder.doc.path, line, col, "SCHEMA-VALUE",
                    f"players.max ({hi}) is below players.min ({lo}): no game could start",
                    "max is the most players, min the fewest")]


def all_findings(builder, g, errors_so_far: bool) -> list:
    """The table-driven checks. Warnings about unused things, and deck counts, wait until the
    game has no other error: a misspelt name makes what it meant look unused or missing."""
    used = usage(builder, g)
    out = reference_findings(builder, g) + phase_findings(builder, g) + \
        player_count_findings(builder) + board_findings(builder, g)
    errors_so_far = errors_so_far or any(f.severity == "error" for f in out)
    out += attribute_findings(builder, g, used, warn=not errors_so_far)
    out += attr_checks.all_findings(builder, g, used)
    out += name_checks.findings(builder) + plain_texts.findings(builder)
    if not errors_so_far:
        out += count_findings(builder, g) + orphan_findings(builder, g, used)
        out += unset_checks.findings(builder, g)
    return out


def _feature_variant_findings(builder, g, name: str, spec: dict) -> list:
    """`feature_variants:` names features the board's `features:` give, and variants the
    game declares (REF-UNDEF when not)."""
    only = spec.get("feature_variants")
    if not isinstance(only, dict):
        return []
    feats = {k for f in (spec.get("features") or {}).values() if isinstance(f, dict) for k in f}
    out = []
    for feature, variants in only.items():
        if feature not in feats:
            line, col = builder.at(builder.doc, ["boards", name, "feature_variants", feature])
            out.append(Finding(builder.doc.path, line, col, "REF-UNDEF",
                               f"feature_variants: '{feature}' is no feature of board {name}",
                               did_you_mean(str(feature), feats)))
        for i, v in enumerate(variants if isinstance(variants, list) else ()):
            if v not in g.variants:
                line, col = builder.at(builder.doc, ["boards", name, "feature_variants",
                                                     feature, i], key=False)
                out.append(Finding(builder.doc.path, line, col, "REF-UNDEF",
                                   f"feature_variants: '{v}' is not a variant of this game",
                                   did_you_mean(str(v), g.variants)))
    return out
