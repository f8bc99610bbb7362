"""Open ascending auction: an opener names a lot and a first bid, the others raise or pass
in clockwise order, a player who passes is out, the last one left wins.

Parameters (from the effect that calls it):
  lot       the card on offer (shown in prompts)
  opener    the player who opens; must open (at `minimum` or more)
  bidders   the players taking part (the opener is always in)
  currency  the player counter bids are paid in (default "IP")
  minimum   the lowest opening bid (default 0)
  overbid   "refuse": no bid above what the bidder holds (default);
            "penalty": a bid above it is allowed, and punished when made:
            the bidder pays everything held, and the same lot is auctioned
            again from the start by the same opener
Returns {"winner": seat, "price": bid}; the caller decides what winning means.
"""
from __future__ import annotations

from ..options import count, number_range, value

ANS = "$ans"


class OpenAscendingAuction:
    params = ("lot", "opener", "bidders", "currency", "minimum", "overbid")
    required = ("lot", "opener", "bidders")
    returns = {"winner": "player", "price": "num"}

    def prompts(self) -> dict:
        """The prompt templates it asks with, by name (registered when a game is built)."""
        return {"open_auction": _prompt}

    def step(self, vm, fr) -> None:
        l = fr["l"]
        if "$active" not in l:
            self._start(vm, l)
        elif ANS in l:
            bid = l.pop(ANS)
            self._take(vm, l, bid)
        if "$done" in l:
            vm.ret({"winner": l["$leader"], "price": l["$high"]})
            return
        self._ask(vm, l)

    # ------------------------------------------------------------------
    def _start(self, vm, l) -> None:
        n = vm.s["n"]
        opener = l["opener"]
        taking_part = set(l["bidders"]) | {opener}
        l.setdefault("currency", "IP")
        l.setdefault("minimum", 0)
        l.setdefault("overbid", "refuse")
        l["$active"] = [(opener + i) % n for i in range(n) if (opener + i) % n in taking_part]
        l["$high"] = None
        l["$leader"] = None
        l["$next"] = opener
        l.pop("$done", None)

    def _take(self, vm, l, bid) -> None:
        seat = l["$next"]
        active = l["$active"]
        if bid is None:                       # pass: out of this auction
            i = active.index(seat)
            active.remove(seat)
            l["$next"] = active[i % len(active)] if active else None
        else:
            held = vm.s["pl"][seat][l["currency"]]
            if bid > held:                    # the overbid penalty
                vm.add(seat, l["currency"], -held)
                vm.emit(f"{vm.g.seat_label(seat)} bid {bid} with only {held} "
                        f"{l['currency']}: pays {held} and the auction starts again")
                self._start(vm, l)
                return
            l["$high"], l["$leader"] = bid, seat
            i = active.index(seat)
            l["$next"] = active[(i + 1) % len(active)]
        if len(active) == 1 and l["$leader"] == active[0]:
            l["$done"] = True

    def _ask(self, vm, l) -> None:
        seat = l["$next"]
        cur = l["currency"]
        held = vm.s["pl"][seat][cur]
        if l["$high"] is None:
            low, pre, verb = l["minimum"], [], "open at"
        else:
            low, pre, verb = l["$high"] + 1, [["pass", None]], "bid"
        post = []
        if l["overbid"] == "penalty" and held > 0:
            over = max(low, held + 1)
            post.append([f"{verb} {over} (more than your {held} {cur}: penalty)", over])
        hi = held
        if not pre and low > held and not post:   # cannot even open: opens at the minimum anyway
            hi = low
        opts = number_range(low, hi, verb + " {}", pre, post)
        if count(opts) == 1:
            self._take(vm, l, value(opts, 0))
            return
        vm.ask([seat], {seat: opts}, ANS, vm.g.named_prompt("open_auction", _prompt))


def _prompt(vm) -> str:
    l = vm.l
    high = "no bid yet" if l["$high"] is None else \
        f"high bid {l['$high']} by {vm.g.seat_label(l['$leader'])}"
    return f"{vm.g.seat_label(l['$next'])}: auction for {vm.label(l['lot'], 'card')}: {high}"
