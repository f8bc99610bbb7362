"""Card lists (the game file's and included YAML or CSV files) -> card instances with their
attributes and starting zones (their labels: card_labels.py). Mixed into the Builder."""
from __future__ import annotations

from .. import zone_keys
from ..errors import did_you_mean


class CardLoader:
    def start_zones(self, g) -> list:
        keyed = [k for z, s in g.game_zones.items() if s.keys
                 for k in zone_keys.group_keys(z, s.keys)]
        return keyed + [z for z, s in g.game_zones.items() if not s.keys]

    def load_cards(self, g):
        self.card_scripts = []
        self.card_abilities = []
        sources = [(self.doc, self.data.get("cards") or [])]
        for inc in self.document.includes:
            sources.append((inc, inc.plain_cards()))
        where = {}
        for doc, cards in sources:
            for i, card in enumerate(cards):
                if not isinstance(card, dict):
                    continue
                cid = str(card.get("id", f"card{i + 1}"))
                ctype = card.get("type")
                if ctype not in g.card_types or card.get("zone") not in self.start_zones(g):
                    self.skipped_attrs.update(card)
                if ctype not in g.card_types:
                    self.add(doc, ["cards", i, "type"], "REF-UNDEF", f"unknown card type '{ctype}'",
                             did_you_mean(str(ctype), g.card_types), key=False)
                    continue
                zone = card.get("zone")
                valid = self.start_zones(g)
                if zone not in valid:
                    self.add(doc, ["cards", i, "zone"], "REF-UNDEF",
                             f"unknown starting zone '{zone}' (cards start in a game zone)",
                             did_you_mean(str(zone), valid), key=False)
                    continue
                count = card.get("count", 1)
                if not (type(count) is int and 1 <= count <= 10000):   # the schema reports it
                    count = 1
                attrs = dict(g.card_types[ctype].attrs)
                attrs.update({k: v for k, v in card.items()
                              if k not in ("count", "zone", "effect", "range", "abilities")})
                attrs["type"] = ctype
                made = []     # (instance id, its attributes)
                for key, value, base in _numbered(card, cid):
                    values = dict(attrs, **({key: value} if key else {}))
                    made += [(base if count == 1 else f"{base}-{k}", values)
                             for k in range(1, count + 1)]
                ids = [inst for inst, _ in made]
                if "effect" in card:   # a card's own effect, compiled with the others
                    self.card_scripts.append((doc, ["cards", i, "effect"], str(card["effect"]),
                                              ids))
                if isinstance(card.get("abilities"), dict):   # compiled by abilities.py
                    self.card_abilities.append((doc, ["cards", i], card["abilities"], ids))
                for inst, attrs in made:
                    if inst in where:
                        self.add(doc, ["cards", i, "id"], "DUP-ID",
                                 f"card id '{inst}' is used twice (first at {where[inst]})", key=False)
                        continue
                    line, col = self.at(doc, ["cards", i])
                    where[inst] = f"{doc.path}:{line}"
                    attrs_i = dict(attrs)
                    attrs_i["id"] = inst
                    g.cards[inst] = attrs_i
                    g.card_start[inst] = zone
        # labels are texts with {fields}: compiled and filled in with the other texts
        # (card_labels.py)


def _numbered(card: dict, cid: str):
    """(attribute, value, id) per card a list entry makes: one, or one per value of its
    `range` ({attribute, from, to}, both ends included)."""
    spec = card.get("range")
    if not isinstance(spec, dict):
        return [(None, None, cid)]
    key, lo, hi = spec.get("attribute"), spec.get("from"), spec.get("to")
    if not (isinstance(key, str) and type(lo) is int and type(hi) is int) or hi - lo > 10000:
        return [(None, None, cid)]        # the schema reports it
    mark = "{" + key + "}"
    return [(key, v, cid.replace(mark, str(v)) if mark in cid else f"{cid}{v}")
            for v in range(lo, hi + 1)]
