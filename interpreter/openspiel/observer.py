"""What an OpenSpiel observer sees of a rulebook state: strings and a tensor, both made from
the seat's view (present/views.view), so they hide exactly what the table hides.

- observation string: the view as JSON (keys sorted); information-state string (perfect
  recall): the view and every log line the seat may read so far, in order (its own past
  decisions and what it was told).
- tensor, in a fixed layout: a one-hot of the observing seat; then for each seat in order,
  each declared player counter (0 when the view hides it) and the number of cards in each
  declared player zone (all its keyed parts together); then each game counter and each game zone's count.
  Not encoded: which cards are where, card state, board places, values and texts: a layout
  fixed for every state cannot hold them (the strings do)."""
from __future__ import annotations

import json

import numpy as np


def numeric(x) -> float:
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else float(bool(x))


class Observer:
    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        g = game.rb.g
        self.recall = bool(iig_obs_type.perfect_recall)
        self.n = game.players
        self.player_counters = sorted(g.player_counters)
        self.player_zones = sorted(g.player_zones)
        self.game_counters = sorted(g.game_counters)
        self.game_zones = sorted(g.game_zones)
        per_seat = len(self.player_counters) + len(self.player_zones)
        size = self.n + self.n * per_seat + len(self.game_counters) + len(self.game_zones)
        self.tensor = np.zeros(size, np.float32)
        table = len(self.game_counters) + len(self.game_zones)
        self.dict = {"seat": self.tensor[:self.n],
                     "seats": self.tensor[self.n:self.n + self.n * per_seat].reshape(
                         (self.n, per_seat)),
                     "table": self.tensor[size - table:]}

    def set_from(self, state, player):
        t = self.tensor
        t.fill(0)
        if state.s is None:
            return
        v = state.seat_view(player)
        t[player] = 1
        i = self.n
        for seat in v["seats"]:
            i = self.fill(i, seat, self.player_counters, self.player_zones)
        self.fill(i, v, self.game_counters, self.game_zones)

    def fill(self, i: int, part: dict, counter_names: list, zone_names: list) -> int:
        """A seat's (or the table's) counters and zone counts from tensor place i on; the
        place after them."""
        counters, zones = part.get("counters") or {}, part.get("zones") or {}
        for name in counter_names:
            self.tensor[i] = numeric(counters.get(name, 0))
            i += 1
        for name in zone_names:
            self.tensor[i] = cards_in(zones, name)
            i += 1
        return i

    def string_from(self, state, player):
        if state.s is None:
            return json.dumps({"seat": player, "chance": "setting up"})
        out = {"view": state.seat_view(player)}
        if self.recall:
            out["log"] = state.seat_log(player)
            out["decided"] = [i for seat, i in state.decided if seat == player]
        return json.dumps(out, sort_keys=True, default=str)


def cards_in(zones: dict, name: str) -> float:
    """The cards a view shows in a declared zone: the zone, or all its keyed parts
    (`slots.fame`, `slots.wealth` for a zone `slots` with keys)."""
    return sum(zone_count(z) for key, z in zones.items()
               if key == name or key.startswith(name + "."))


def zone_count(zone) -> float:
    """The number of cards a view shows in a zone (its list, or its count when hidden)."""
    if zone is None:
        return 0.0
    if isinstance(zone, dict):
        if "count" in zone:
            return numeric(zone["count"])
        cards = zone.get("cards")
        return float(len(cards)) if isinstance(cards, list) else 0.0
    if isinstance(zone, list):
        return float(len(zone))
    return numeric(zone)
