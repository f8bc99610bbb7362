"""Named abilities: a game declares its `moments:` once; card types and cards carry
`abilities:` (moment -> script). `play CARD [as P] ability "moment"` runs one of them (the
card's own, else its type's) and `has_ability(card, "moment")` asks whether a card has one.

A card's abilities compile to programs keyed "ability:MOMENT:card:ID" and
"ability:MOMENT:type:TYPE" (copies of a card share one program). A moment that is not
declared, as a key of `abilities:` or as a literal in `play ... ability` or `has_ability`, is a
located REF-UNDEF with a did-you-mean."""
from __future__ import annotations

from . import ast as A
from . import types as T
from ..errors import did_you_mean, type_words


def declared_moments(data):
    """`moments:` as a list of names, or a mapping name -> description. None when it is
    neither (the schema reported it): then no moment is checked, rather than every one
    reported unknown."""
    spec = data.get("moments")
    if spec is None:
        return ()
    if not isinstance(spec, (list, dict)) or not all(isinstance(m, str) for m in spec):
        return None
    return tuple(dict.fromkeys(spec))


def moment_findings(builder) -> None:
    """A moment listed twice is a DUP-NAME at its second place (a mapping cannot repeat)."""
    spec = builder.data.get("moments")
    if isinstance(spec, list):
        for i, m in enumerate(spec):
            if isinstance(m, str) and spec.index(m) < i:
                builder.add(builder.doc, ["moments", i], "DUP-NAME",
                            f"the moment '{m}' is listed twice", key=False)


def check_moment(comp, node, t: str = T.STR) -> None:
    """At compile time: a moment is a text (t: its static type), and a literal one must be
    declared (the compiler's located error)."""
    if t not in (T.STR, T.ANY):
        comp.err(node, "TYPE", f"a moment is named by a text, not {type_words(t)}")
    if isinstance(node, A.Const) and isinstance(node.value, str) \
            and comp.g.moments is not None and node.value not in comp.g.moments:
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
        if g.moments is not None and moment not in g.moments:
            builder.add(doc, path, "REF-UNDEF", f"unknown moment '{moment}'",
                        did_you_mean(str(moment), g.moments) or "declare it under moments:")
            continue
        builder.compile_script(comp, doc, path, str(text), {"me": "player", "card": "card"},
                               f"ability:{moment}:{owner}")
        moments.append(moment)
    return moments
