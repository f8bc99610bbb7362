"""The machine that runs compiled scripts over a state until someone must decide.

The state holds a stack of frames (program key, pc, locals): plain data, so a
game can be cloned, saved or hashed in the middle of any effect. The VM object
itself is a short-lived cursor over one state.
"""
from __future__ import annotations

from . import options, rng
from .effects.compiler import POPPED, PUSHED, WAIT
from .errors import GameError


class VM:
    __slots__ = ("g", "s", "l", "listener", "events")

    def __init__(self, game, state, listener=None, events=None):
        self.g = game
        self.s = state
        self.l = {}
        self.listener = listener
        self.events = events   # hook(analytics): None, or events(kind, card, a, b) per move/play

    # ---------------------------------------------------------------- running
    def run(self) -> None:
        """Run until a decision is pending or the game is over."""
        s = self.s
        stack = s["stack"]
        programs = self.g.programs
        mechanics = self.g.mechanics
        while stack and s["pending"] is None and not s["over"]:
            fr = stack[-1]
            key = fr["p"]
            self.l = fr["l"]
            if key[0] == "@":
                mechanics[key[1:]].step(self, fr)
                continue
            prog = programs[key]
            end = len(prog)
            pc = fr["pc"]
            # Run this frame's ops until one waits, pushes or pops (those set the
            # frame's pc themselves) or the program ends.
            while pc < end:
                pc = prog[pc](self, fr)
                if pc < 0:
                    break
            else:
                fr["pc"] = pc
                self.ret(None)
        if not stack and not s["over"]:
            self.end_game()

    def push(self, key: str, local: dict, ret_var=None) -> None:
        self.s["stack"].append({"p": key, "pc": 0, "l": local, "r": ret_var})

    def ret(self, value) -> None:
        stack = self.s["stack"]
        fr = stack.pop()
        if fr.get("r") and stack:
            stack[-1]["l"][fr["r"]] = value

    def play(self, card: str, who) -> bool:
        """Push the card's own effect, else its type's, run as `who`; False when it has none."""
        programs = self.g.programs
        key = "card:" + card
        if key not in programs:
            key = "type:" + self.g.cards[card]["type"]
            if key not in programs:
                return False
        if self.events is not None:   # hook(analytics): a card's effect runs
            self.events("play", card, who, None)
        self.push(key, {"me": who, "card": card})
        return True

    # -------------------------------------------------------------- decisions
    def ask(self, seats, options: dict, var: str, prompt, each: bool = False) -> None:
        """Ask one seat (or several at once, `each`) to pick among [label, value] options.

        `prompt` is a text, or the id of a compiled prompt template (read from the
        waiting frame's locals only when someone looks at it)."""
        s = self.s
        if self.g.exprs.get("end_when") and self.g.exprs["end_when"](self):
            self.end_game()
            return
        s["pending"] = {"seats": list(seats), "opts": {str(k): v for k, v in options.items()},
                        "var": var, "prompt": prompt, "each": each, "ans": {}}

    def prompt(self) -> str:
        p = self.s["pending"]
        if p is None:
            return ""
        if isinstance(p["prompt"], str):
            return p["prompt"]
        self.l = self.s["stack"][-1]["l"]
        return self.g.prompt_fns[p["prompt"]](self)

    def answer(self, seat: int, index: int) -> None:
        s = self.s
        p = s["pending"]
        p["ans"][str(seat)] = index
        s["decisions"] += 1          # every seat's answer is a decision, secret ones too
        if s["decisions"] > self.g.max_decisions:
            raise GameError(f"the game passed {self.g.max_decisions} decisions without ending")
        if len(p["ans"]) < len(p["seats"]):
            return
        fr = s["stack"][-1]
        if p["each"]:
            values = [None] * s["n"]
            for k, i in p["ans"].items():
                values[int(k)] = options.value(p["opts"][k], i)
            fr["l"][p["var"]] = values
        else:
            k = str(p["seats"][0])
            fr["l"][p["var"]] = options.value(p["opts"][k], p["ans"][k])
        s["pending"] = None
        self.run()

    # ------------------------------------------------------------------ state
    def add(self, p: int, name: str, delta: int) -> None:
        counters = self.s["pl"][p]
        v = counters[name] + delta
        lo = self.g.player_counters[name].min
        if lo is not None and v < lo:
            v = lo
        counters[name] = v

    def set_counter(self, p: int, name: str, value: int) -> None:
        lo = self.g.player_counters[name].min
        counters = self.s["pl"][p]
        counters[name] = value if lo is None or value >= lo else lo

    def move(self, card: str, dest: str) -> None:
        s = self.s
        z = s["z"]
        if dest not in z:
            raise GameError(f"no zone {dest!r}")
        limit = self.g.stack_limit(dest)
        if limit is not None and len(z[dest]) >= limit and s["loc"][card] != dest:
            raise GameError(f"{dest} already holds {limit} cards, its limit")
        src = s["loc"][card]
        z[src].remove(card)
        z[dest].append(card)
        s["loc"][card] = dest
        if self.events is not None:   # hook(analytics): a card changes zone
            self.events("move", card, src, dest)
        resets = self.g.card_state_resets(dest)
        if resets:
            self.reset_card_state(card, resets)

    def set_card_state(self, card: str, name: str, value) -> None:
        """A card's state value; the start value is stored as no entry (the state stays small)."""
        if card not in self.g.cards:
            raise GameError(f"{card!r} is not a card")
        values = self.s["cs"][name]
        if value == self.g.card_state[name].start:
            values.pop(card, None)
        else:
            values[card] = list(value) if type(value) is list else value

    def reset_card_state(self, card: str, names) -> None:
        cs = self.s["cs"]
        for name in names:
            cs[name].pop(card, None)

    def draw(self, n: int, src: str, dest: str) -> int:
        """Move up to n cards from the top of src (random from a bag); returns how many."""
        s = self.s
        z, loc = s["z"], s["loc"]
        spec = self.g.zone_spec(src)
        resets = self.g.card_state_resets(dest)
        drawn = 0
        for _ in range(n):
            pile = z[src]
            if not pile and spec.refill_from:
                refill = spec.refill_from
                for c in z[refill]:
                    loc[c] = src
                pile.extend(z[refill])
                z[refill].clear()
                rng.shuffle(s, pile)
            if not pile:
                break
            c = pile.pop(rng.below(s, len(pile))) if spec.bag else pile.pop()
            z[dest].append(c)
            loc[c] = dest
            if self.events is not None:   # hook(analytics): a card changes zone
                self.events("move", c, src, dest)
            if resets:
                self.reset_card_state(c, resets)
            drawn += 1
        return drawn

    def shuffle(self, key: str) -> None:
        rng.shuffle(self.s, self.s["z"][key])

    def discard(self, card: str) -> None:
        dest = self.g.discard_zone.get(self.g.cards[card]["type"])
        if dest is None:
            raise GameError(f"cards of type {self.g.cards[card]['type']!r} have no discard zone")
        self.move(card, dest)

    def end_game(self) -> None:
        s = self.s
        s["over"] = True
        s["pending"] = None
        s["result"] = self.g.result_fn(self)

    # ---------------------------------------------------------------- display
    def label(self, v, t: str = "any") -> str:
        return options.label_of(self.g, v, t)

    def emit(self, text: str) -> None:
        if self.listener is not None:
            self.listener(text)
