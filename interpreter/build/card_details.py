"""Card details: what a person reads when they open a card (its cost, stats, abilities,
text). A card type may declare its `details:`, a list of texts with {expression} fields over
its card's attributes and the game's constants (made like labels, card_labels.py); without
one, a card's details are its type's description and its attributes (`cost 3`), but for
those that say nothing (none, "", false, the type's default) or that its label shows. Filled in once per card when the game is built:
g.card_details maps a card id to its lines (a line that fills in empty is left out)."""
from __future__ import annotations

import re

from ..effects.menus import label_of
from ..effects.templates import fields
from ..errors import did_you_mean
from .card_labels import _BuildCursor, _compile, _fill

# attributes every card has that its label or the zone it lies in already says
_UNSAID = ("id", "type", "name", "zone")


def compile_card_details(builder, comp, g) -> None:
    ids_of: dict = {}
    for cid, attrs in g.cards.items():
        ids_of.setdefault(attrs["type"], []).append(cid)
    lines = {}       # card type -> [fill function or None (an error, reported)]
    for ctype, ids in ids_of.items():
        declared = g.card_types[ctype].details
        if declared is not None:
            lines[ctype] = [_compile(builder, comp, g, ctype, ids, str(text),
                                     ["card_types", ctype, "details", i])
                            for i, text in enumerate(declared)]
    cursor = _BuildCursor(g)
    for cid, attrs in g.cards.items():
        ctype = attrs["type"]
        if ctype not in lines:
            g.card_details[cid] = _default(g, attrs)
            continue
        fills = lines[ctype]
        out = []
        for fn in fills:
            if fn is not None:
                text = _fill(builder, fn, cursor, attrs, {})
                if text != attrs["id"] and text.strip():
                    out.append(text)
        g.card_details[cid] = tuple(out)
    count_by_findings(builder, g)


def count_by_findings(builder, g) -> None:
    """A zone's `count_by:` names an attribute some card has (REF-UNDEF when none does)."""
    attrs = {k for a in g.cards.values() for k in a}
    for owner, zones in (("player", g.player_zones), ("game", g.game_zones)):
        for name, spec in zones.items():
            if spec.count_by is not None and spec.count_by not in attrs:
                builder.add(builder.doc, ["zones", owner, name, "count_by"], "REF-UNDEF",
                            f"count_by: no card has the attribute '{spec.count_by}'",
                            did_you_mean(str(spec.count_by), attrs), key=False)


def _default(g, attrs: dict) -> tuple:
    """A card without declared details: its type's description, and the attributes that
    say something a person does not read already: not those at the type's default value
    (`ability: none` on every noble), not "none" or empty ones, and not those whose value its
    label shows ("symbol 9, suit ♣" beside 9♣, "colour Red" beside Red)."""
    ctype = g.card_types[attrs["type"]]
    label = str(g.card_labels.get(attrs["id"], ""))
    in_label = _label_names(ctype.label)
    out = [ctype.description] if ctype.description else []
    own = attrs.get("description")
    if isinstance(own, str) and own.strip() and own != ctype.description:
        out.append(own.strip())            # the card's own text, as written
    said = [k.replace('_', ' ') if x is True else f"{k.replace('_', ' ')} {label_of(g, x)}"
            for k, x in attrs.items()
            if k not in _UNSAID and k != "description" and x not in (None, "", False, "none")
            and type(x) not in (list, dict) and not _at_default(ctype, k, x)
            and k not in in_label and not _shown_in(label, x, label_of(g, x))]
    if said:
        out.append(", ".join(said))
    return tuple(out)


def _at_default(ctype, key: str, value) -> bool:
    return key in ctype.attrs and ctype.attrs[key] == value and type(ctype.attrs[key]) is \
        type(value)


def _label_names(template) -> set:
    """The names the label's {fields} read: attributes the label says ("#{number} Court")."""
    try:
        return {w for kind, source, _ in fields(str(template or "")) if kind == "field"
                for w in re.findall(r"[A-Za-z_]\w*", source)}
    except ValueError:       # a broken label: reported where labels are made
        return set()


def _shown_in(label: str, value, text: str) -> bool:
    """The label shows the text value as a whole word ("Red" in "Red", not in "Redeem"): a
    card named by its `name` or by a label without fields. (A bare number may be another
    attribute's, so only the label's fields say a number.)"""
    return isinstance(value, str) and bool(text) and \
        re.search(rf"(?<!\w){re.escape(text)}(?!\w)", label) is not None
