"""Card lists (the game file's and included YAML or CSV files) -> card instances with their
attributes, starting zones and display labels. Mixed into the Builder."""
from __future__ import annotations

from .errors import did_you_mean


class CardLoader:
    def start_zones(self, g) -> list:
        return [f"{z}.{k}" for z, s in g.game_zones.items() for k in s.keys] + \
               [z for z, s in g.game_zones.items() if not s.keys]

    def load_cards(self, g):
        self.card_scripts = []
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
                count = count if isinstance(count, int) and not isinstance(count, bool) else 1
                attrs = dict(g.card_types[ctype].attrs)
                attrs.update({k: v for k, v in card.items() if k not in ("count", "zone", "effect")})
                attrs["type"] = ctype
                ids = [cid] if count == 1 else [f"{cid}-{k}" for k in range(1, count + 1)]
                if "effect" in card:   # a card's own effect, compiled with the others
                    self.card_scripts.append((doc, ["cards", i, "effect"], str(card["effect"]),
                                              ids))
                for inst in ids:
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
        g.card_labels = {}
        bad_labels = set()
        for cid, attrs in g.cards.items():
            template = g.card_types[attrs["type"]].label
            if template:
                try:
                    g.card_labels[cid] = template.format(**attrs)
                except (KeyError, IndexError, ValueError) as e:
                    if (attrs["type"], str(e)) not in bad_labels:   # once per type and field
                        bad_labels.add((attrs["type"], str(e)))
                        self.add(self.doc, ["card_types", attrs["type"], "label"], "LABEL",
                                 f"the label names {e}, which card {cid} does not have",
                                 did_you_mean(str(e).strip("'"), attrs), key=False)
                    g.card_labels[cid] = cid
            else:
                g.card_labels[cid] = attrs.get("name", cid)
