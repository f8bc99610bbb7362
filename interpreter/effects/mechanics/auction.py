"""Open auction: an opener names a first bid on a lot, the others raise (or undercut) or pass in
a fixed order, a player who passes is out, the last one left wins.

Parameters (from the effect that calls it; all but the first three optional):
  lot        the card on offer (shown in prompts and logs)
  opener     the player who opens; must open when they can afford to
  bidders    the players taking part (the opener is always in)
  currency   the player counter bids are limited by (default "IP"); none: bids are not
             limited by anything a player holds (e.g. a price the winner will receive)
  minimum    the lowest bid (default 0)
  maximum    the highest bid (default none: only the currency limits it; a descending
             auction needs one of the two)
  direction  "up": each bid is above the last, the highest wins (default);
             "down": each bid is below the last, the lowest wins
  order      "clockwise": clockwise round the table from the opener (default);
             "listed": the order of `bidders` as given, starting from the opener
  overbid    "refuse": no bid above what the bidder holds (default);
             "penalty" (ascending, with a currency): one bid above it is offered and punished when made: the bidder
             pays everything held, takes no part in the restarted auction, and the same
             lot is auctioned again from the start (by the next bidder if the opener
             was the one punished)
  refund     none (default): a player who passes pays nothing;
             a percentage 0-100: a player who drops out after bidding pays their last
             bid less this share of it (the refund rounds down), in `currency`
  standing   none (default), or the name of a game value the auction keeps up to date
             with the standing bid, {"lot": card, "high": bid, "leader": seat}, and sets
             to none when it ends: what every player at the table sees, for rules and
             bots' evaluations (a bid changes nothing else an expression can read)
Returns {"winner": seat or none, "price": bid}; none when every bidder was out before
anyone bid (only after penalties, or when nobody can afford the minimum). Paying the price
and what winning means are the caller's.
Every bid, pass and penalty is logged in words.
"""
from __future__ import annotations

from ...errors import GameError
from ..menus import count, number_range, value

ANS = "$ans"
CHOICES = {"direction": ("up", "down"), "order": ("clockwise", "listed"),
           "overbid": ("refuse", "penalty")}
DEFAULTS = {"currency": "IP", "minimum": 0, "maximum": None, "direction": "up",
            "order": "clockwise", "overbid": "refuse", "refund": None, "standing": None}


class OpenAuction:
    params = ("lot", "opener", "bidders", "currency", "minimum", "overbid", "maximum",
              "direction", "order", "refund", "standing")
    required = ("lot", "opener", "bidders")
    returns = {"winner": "player", "price": "num"}
    choices = CHOICES            # checked at load where a call gives them as texts

    def prompts(self) -> dict:
        """The prompt templates it asks with, by name (registered when a game is built)."""
        return {"open_auction": _prompt}

    def step(self, vm, fr) -> None:
        l = fr["l"]
        if "$active" not in l:
            _check(l)
            l["$out"] = []                    # punished by an overbid: out of every restart
            self._start(vm, l)
        elif ANS in l:
            self._take(vm, l, l.pop(ANS))
        while "$done" not in l:
            opts = self._options(vm, l)
            if count(opts) == 1:              # nothing to decide (only "pass", or one bid)
                vm.forced()
                self._take(vm, l, value(opts, 0), forced=True)
                continue
            seat = l["$next"]
            vm.ask_one(seat, opts, ANS, vm.g.named_prompt("open_auction", _prompt))
            return
        _stand(vm, l, None)
        vm.ret({"winner": l["$leader"], "price": l["$high"] if l["$high"] is not None else 0})

    # ------------------------------------------------------------------ the rounds
    def _start(self, vm, l) -> None:
        """Everyone not punished takes part again, in order from the opener (or, if the opener
        was punished, from the next one after them)."""
        n = vm.s["n"]
        opener = l["opener"]
        listed = [p for p in l["bidders"]]
        if opener not in listed:
            listed.insert(0, opener)
        if l["order"] == "clockwise":
            listed.sort(key=lambda p: (p - opener) % n)
        else:                                 # the given order, rotated to the opener
            i = listed.index(opener)
            listed = listed[i:] + listed[:i]
        l["$active"] = [p for p in listed if p not in l["$out"]]
        l["$bids"] = {}                       # seat -> last bid (for refunds)
        l["$high"] = None
        l["$leader"] = None
        l["$next"] = l["$active"][0] if l["$active"] else None
        l.pop("$done", None)
        _stand(vm, l, None)
        if not l["$active"]:
            l["$done"] = True

    def _take(self, vm, l, bid, forced: bool = False) -> None:
        seat = l["$next"]
        active = l["$active"]
        logged = vm.listener is not None      # (log lines are written only when read)
        who = vm.g.seat_label(seat) if logged else ""
        i = active.index(seat)
        if bid is None:                       # a pass: out of this auction
            if logged:
                vm.emit(_pass_text(vm, l, who, forced))
            self._drop(vm, l, seat)
            active.remove(seat)
            l["$next"] = active[i % len(active)] if active else None
        else:
            cur = l["currency"]
            held = vm.s["pl"][seat][cur] if cur is not None else None
            if held is not None and bid > held:   # the overbid penalty
                vm.add(seat, cur, -held)
                vm.emit(f"{who} bids {bid} with only {held} {cur}: the penalty - {who} pays "
                        f"all {held} {cur}, gets nothing, and the auction for "
                        f"{vm.label(l['lot'], 'card')} starts again without {who}")
                l["$out"].append(seat)
                self._start(vm, l)
                return
            if logged:
                unit = f" {cur}" if cur is not None else ""
                if l["$high"] is None:
                    vm.emit(f"{who} opens the auction for {vm.label(l['lot'], 'card')} at "
                            f"{bid}{unit}")
                else:
                    vm.emit(f"{who} bids {bid}{unit}")
            l["$high"], l["$leader"] = bid, seat
            l["$bids"][str(seat)] = bid
            _stand(vm, l, {"lot": l["lot"], "high": bid, "leader": seat})
            l["$next"] = active[(i + 1) % len(active)]
        if not active:
            l["$done"] = True
        elif len(active) == 1 and l["$leader"] == active[0]:
            l["$done"] = True

    def _drop(self, vm, l, seat) -> None:
        """A player who drops out after bidding pays their bid less the refund."""
        bid = l["$bids"].get(str(seat))
        if l["refund"] is None or not bid or l["currency"] is None:
            return
        back = bid * l["refund"] // 100
        held = vm.s["pl"][seat][l["currency"]]
        pay = min(bid - back, held)
        vm.add(seat, l["currency"], -pay)
        vm.emit(f"{vm.g.seat_label(seat)} drops out and pays {pay} of their bid of {bid} "
                f"{l['currency']} ({back} refunded)")

    # ------------------------------------------------------------------ the question
    def _options(self, vm, l):
        seat = l["$next"]
        cur = l["currency"]
        held = vm.s["pl"][seat][cur] if cur is not None else None
        up = l["direction"] == "up"
        opening = l["$high"] is None
        if up:
            low = l["minimum"] if opening else l["$high"] + 1
            high = l["maximum"] if l["maximum"] is not None else held
            if held is not None and high is not None:
                high = min(high, held)
        else:
            low = l["minimum"]
            high = l["maximum"] if opening else l["$high"] - 1
            if opening and high is None:
                high = held
            elif held is not None and high is not None:
                high = min(high, held)
        verb = "open at" if opening else "bid"
        # the opener must open; with no bid they can afford, they are out
        pre = [] if opening and low <= high else [["pass", None]]
        post = []
        if l["overbid"] == "penalty" and held:   # (never at 0: it would cost nothing)
            over = max(low, held + 1)
            post.append([f"{verb} {over} (more than your {held} {cur}: penalty)", over])
        return number_range(low, max(low - 1, high), verb + " {}", pre, post)


def _check(l) -> None:
    """Defaults filled in; a parameter value no auction knows is a clear error."""
    for k, v in DEFAULTS.items():
        if k not in l:                        # not given (a given none stays none)
            l[k] = v
    for k, allowed in CHOICES.items():
        if l[k] not in allowed:
            raise GameError(f"open_auction: {k}={l[k]!r} is not one of "
                            + ", ".join(repr(a) for a in allowed))
    r = l["refund"]
    if r is not None and not (isinstance(r, int) and 0 <= r <= 100):
        raise GameError(f"open_auction: refund={r!r} must be a percentage from 0 to 100")
    if l["overbid"] == "penalty" and (l["direction"] != "up" or l["currency"] is None):
        raise GameError("open_auction: overbid='penalty' needs direction 'up' and a currency")
    if l["direction"] == "down" and l["maximum"] is None and l["currency"] is None:
        raise GameError("open_auction: a descending auction needs a maximum or a currency")


def _stand(vm, l, standing) -> None:
    """The standing bid in the game value named by `standing` (none: no value kept)."""
    name = l.get("standing")
    if name is None:
        return
    if name not in vm.g.game_values:
        raise GameError(f"open_auction: standing={name!r} names no game value (declare it "
                        "under values: game:)")
    vm.s["v"][name] = standing


def _pass_text(vm, l, who: str, forced: bool) -> str:
    if not forced:
        return f"{who} passes"
    if l["$high"] is None:
        return f"{who} cannot afford the opening bid of {l['minimum']} and is out"
    cur = l["currency"]
    held = vm.s["pl"][l["$next"]][cur] if cur is not None else None
    beat = "outbid" if l["direction"] == "up" else "undercut"
    return (f"{who} cannot {beat} {l['$high']}" + (f" with {held} {cur}" if held is not None
                                                   else "") + " and passes")


def _prompt(vm) -> str:
    l = vm.l
    seat = l["$next"]
    cur = l["currency"]
    lot = vm.label(l["lot"], "card")
    best = "high" if l["direction"] == "up" else "low"
    state = "no bid yet" if l["$high"] is None else \
        f"{best} bid {l['$high']} by {vm.g.seat_label(l['$leader'])}"
    held = f" (you have {vm.s['pl'][seat][cur]} {cur})" if cur is not None else ""
    return f"{vm.g.seat_label(seat)}: auction for {lot}: {state}{held}"
