"""Per-card statistics: how often each card was acquired and played, by which seat, and
the win rate of the seats that acquired / played it against the seats that did not.

Copies of one card (same attributes but the id, e.g. `pebble-1`, `pebble-2`) count as one
card. The unit is a seat in a game: "acquired" means that seat acquired at least one copy.
A card that every seat (or no seat) had shows no difference. A card is flagged when the 95% interval of its win-rate difference leaves out zero
(with many cards, expect about one in twenty flagged by chance: read the flags as leads).
"""
from __future__ import annotations

from .intervals import rate_difference, wilson


def card_groups(g) -> dict:
    """Card instance id -> the name of its group of copies."""
    by_attrs = {}
    for cid, attrs in g.cards.items():
        key = tuple(sorted((k, repr(v)) for k, v in attrs.items() if k != "id"))
        by_attrs.setdefault(key, []).append(cid)
    out = {}
    for ids in by_attrs.values():
        name = common_base(ids)
        for cid in ids:
            out[cid] = name if name is not None else cid
    return out


def common_base(ids: list):
    """`pebble` for [pebble-1, pebble-2]; None when the copies do not share such a base."""
    if len(ids) == 1:
        return ids[0]
    bases = {i.rsplit("-", 1)[0] for i in ids if "-" in i and i.rsplit("-", 1)[1].isdigit()}
    return bases.pop() if len(bases) == 1 and all("-" in i for i in ids) else None


def seat_won(r: dict, p: int) -> bool:
    """Whether seat p won game record r: as its sole winner, or with its team in a
    cooperative game (where every seat wins or none does)."""
    return p in r["winners"] if "team" in r else r["winners"] == [p]


def card_summary(g, done: list, players: int) -> list:
    groups = card_groups(g)
    labels = {}
    for cid, name in groups.items():
        labels.setdefault(name, g.card_labels.get(cid, name))
    units = len(done) * players
    wins_total = sum(1 for r in done for p in range(players) if seat_won(r, p))
    rows = {}
    for kind in ("acquired", "played"):
        # per card group: events by seat, and the (game, seat) units that had it
        events, had = {}, {}
        for gi, r in enumerate(done):
            for cid, seats in r[kind].items():
                name = groups.get(cid, cid)
                by_seat = events.setdefault(name, [0] * players)
                for p in seats:
                    if p is not None and 0 <= p < players:
                        by_seat[p] += 1
                        had.setdefault(name, set()).add((gi, p))
        for name, by_seat in events.items():
            units_with = had.get(name, set())
            n1 = len(units_with)
            k1 = sum(1 for gi, p in units_with if seat_won(done[gi], p))
            n0, k0 = units - n1, wins_total - k1
            d, lo, hi = rate_difference(k1, n1, k0, n0)
            if n0 == 0 or n1 == 0:   # every seat had it (a starting card): nothing to compare
                d, lo, hi = 0.0, -1.0, 1.0
            row = rows.setdefault(name, {"card": name, "label": labels.get(name, name)})
            row[kind] = {"count": sum(by_seat), "by_seat": by_seat,
                         "games": len({gi for gi, _ in units_with}),
                         "win_rate_with": k1 / n1 if n1 else 0.0,
                         "interval_with": list(wilson(k1, n1)),
                         "win_rate_without": k0 / n0 if n0 else 0.0,
                         "interval_without": list(wilson(k0, n0)),
                         "delta": d, "delta_interval": [lo, hi],
                         "flag": "strong" if lo > 0 else "weak" if hi < 0 else ""}
    key = (lambda row: -(row.get("acquired") or row.get("played"))["delta"])
    return sorted(rows.values(), key=key)


def column_meanings(g) -> dict:
    """What each column of the per-card table means for this game: its declared card_stats
    zones (else the defaults) and its kind of win (a sole winner, or the team's)."""
    declared = g.card_stats
    acquired, played = declared.get("acquired"), declared.get("played")
    win = "the team's win rate" if g.cooperative else "the win rate (sole winner)"
    out = {
        "acquired": (f"times the card entered a seat's {' or '.join(acquired)} from elsewhere"
                     if acquired else "times the card entered one of a seat's zones from "
                     "outside that seat's zones (dealt, drawn, bought, taken or passed to it)"),
        "played": (f"times the card entered {' or '.join(played)} (counted for the seat "
                   "owning that zone, or whose zone it left)" if played else
                   "times the card's effect ran (play)"),
        "win rate with": f"{win} of the seats that acquired the card in a game (one count "
                         "per seat and game; for a card never acquired: that played it)",
        "without": f"{win} of every other seat of those games",
        "difference": "with - without, and its 95% interval; 'strong' or 'weak' when the "
                      "interval leaves out 0 (about one card in twenty by chance)",
    }
    if declared.get("description"):
        out["about"] = declared["description"]
    return out
