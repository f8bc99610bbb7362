"""Named abilities: a game declares its `moments:` once; card types and cards carry
`abilities:` (moment -> script). `play CARD [as P] ability "moment"` runs one of them (the
card's own, else its type's) and `has_ability(card, "moment")` asks whether a card has one.

A card's abilities compile to programs keyed "ability:MOMENT:card:ID" and
"ability:MOMENT:type:TYPE" (copies of a card share one program). A moment that is not
declared, as a key of `abilities:` or as a literal in `play ... ability` or `has_ability`, is a
located REF-UNDEF with a did-you-mean."""
from __future__ import annotations

from .effects import ast as A
from .errors import did_you_mean


def declared_moments(data) -> tuple:
    """`moments:` as a list of names, or a mapping name -> description."""
    spec = data.get("moments") or ()
    return tuple(str(m) for m in spec)


def check_moment(comp, node) -> None:
    """At compile time: a literal moment must be declared (the compiler's located error)."""
    if isinstance(node, A.Const) and isinstance(node.value, str) \
            and node.value not in comp.g.moments:
        comp.err(node, "REF-UNDEF", f"unknown moment '{node.value}'",
                 did_you_mean(node.value, comp.g.moments) or "declare it under moments:")


def compile_abilities(builder, comp, g) -> None:
    """Check every ability's moment and compile its script; fill g.abilities (card -> moments)."""
    own_types = {}
    for name, spec in (builder.data.get("card_types") or {}).items():
        abilities = (spec or {}).get("abilities") if isinstance(spec, dict) else None
        if isinstance(abilities, dict):
            own_types[name] = _compile(builder, comp, g, builder.doc, ["card_types", name],
                                       abilities, "type:" + name)
    for doc, keypath, abilities, ids in getattr(builder, "card_abilities", ()):
        moments = _compile(builder, comp, g, doc, keypath, abilities, "card:" + ids[0])
        for other in ids[1:]:
            for m in moments:
                key = f"ability:{m}:card:{ids[0]}"
                if key in g.programs:
                    g.programs[f"ability:{m}:card:{other}"] = g.programs[key]
        for cid in ids:
            g.abilities[cid] = frozenset(moments)
    for cid, attrs in g.cards.items():
        inherited = own_types.get(attrs["type"], ())
        if inherited:
            g.abilities[cid] = frozenset(inherited) | g.abilities.get(cid, frozenset())


def _compile(builder, comp, g, doc, keypath, abilities: dict, owner: str) -> list:
    moments = []
    for moment, text in abilities.items():
        path = keypath + ["abilities", moment]
        if moment not in g.moments:
            builder.add(doc, path, "REF-UNDEF", f"unknown moment '{moment}'",
                        did_you_mean(str(moment), g.moments) or "declare it under moments:")
            continue
        builder.compile_script(comp, doc, path, str(text), {"me": "player", "card": "card"},
                               f"ability:{moment}:{owner}")
        moments.append(moment)
    return moments
