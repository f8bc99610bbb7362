"""The machine that runs compiled scripts over a state until someone must decide.

The state holds a stack of frames (program key, pc, locals): plain data, so a
game can be cloned, saved or hashed in the middle of any effect. The VM object
itself is a cursor over one state, rebound (bind) to the state of each decision it
runs: it keeps nothing of a state between two decisions.
"""
from __future__ import annotations

from .. import zone_keys
from ..effects import menus, rng
from ..effects.blocks import STOPS_BELOW
from . import decisions, marks, run_errors
from ..errors import GameError

ALL = object()              # a log line everyone may read


class Line(str):
    """A log line that is more than a text: a private one has its audience (seats), e.g. a
    hand drawn; one whose fields named cards has them: `named` (label, cards) as the VM
    wrote it, `marks` (label, who may see, neutral words) once judged where it was written
    (redaction.judging), so each reader reads the cards it may not see as neutral words.
    Listeners that only keep texts keep working (the text is the whole line); views, the
    terminal and --json show it only to its audience and as each reader may read it
    (redaction.may_read, line_text)."""
    audience: tuple | None
    named: tuple
    marks: tuple
    shown: dict | None

    def __new__(cls, text, to, named=(), marks=(), shown=None):
        line = super().__new__(cls, text)
        if to is ALL or to is None:
            line.audience = None
        else:
            seats = to if isinstance(to, (list, tuple)) else [to]
            line.audience = tuple(p for p in seats if type(p) is int)
        line.named = tuple(named)
        line.marks = tuple(marks)
        line.shown = shown       # {card: seats or None (all)}: what `reveal` showed
        return line


STEP_BUDGET = 1_000_000     # loop rounds and script steps one decision may take
MAX_DEPTH = 200             # frames (procedure calls, played cards) running at once


class VM:
    __slots__ = ("g", "s", "l", "listener", "steps", "events", "end_when", "named",
                 "revealed")

    def __init__(self, game, state, listener=None, events=None):
        self.g = game
        self.end_when = game.end_when_fn
        self.s = state
        self.l = {}
        self.listener = listener
        self.steps = STEP_BUDGET     # loop rounds and ops left for this decision
        self.events = events         # None, or events(kind, card, a, b): simulate's card stats
        self.named = []              # (label, cards) the texts made since cleared named
        self.revealed = None         # {card: seats or None}: `reveal`s of this decision

    def bind(self, state, listener=None, events=None) -> "VM":
        """The VM made ready for one decision of `state`, as if new."""
        self.s = state
        self.l = {}
        self.listener = listener
        self.steps = STEP_BUDGET
        self.events = events
        self.named = []
        self.revealed = None
        return self

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
                if pc < STOPS_BELOW:
                    break
                self.steps -= 1
                if self.steps < 0:
                    self.over_budget(prog[pc] if pc < end else prog[-1])
            else:
                fr["pc"] = pc
                self.ret(None)
        if not stack and not s["over"]:
            self.end_game()

    def push(self, key: str, local: dict, ret_var=None) -> None:
        stack = self.s["stack"]
        if len(stack) >= MAX_DEPTH:
            raise GameError(f"recursion deeper than {MAX_DEPTH} calls (a procedure or card "
                            "that calls itself without end?)")
        stack.append({"p": key, "pc": 0, "l": local, "r": ret_var})

    def over_budget(self, op=None) -> None:
        """The step budget is spent. Called by a compiled loop, the error is placed by its
        code (run_errors.located); called here between ops, at the statement of the op about
        to run (inside the loop that ran too long), since the VM's own frame has no place."""
        err = GameError(f"one decision took more than {STEP_BUDGET} steps (loop rounds and "
                        "script steps): is a loop endless, or nested too deep?")
        err.where = run_errors.place_of_code(op, self.g) if op is not None else ""
        raise err

    def ret(self, value) -> None:
        stack = self.s["stack"]
        fr = stack.pop()
        if fr.get("r") and stack:
            stack[-1]["l"][fr["r"]] = value

    def play(self, card: str, who, ability=None) -> bool:
        """Push the card's own effect, else its type's, run as `who`; False when it has none.
        With `ability` (a moment's name): the card's own ability at that moment, else its
        type's (abilities.py compiles them)."""
        programs = self.g.programs
        prefix = "" if ability is None else f"ability:{ability}:"
        key = prefix + "card:" + card
        if key not in programs:
            key = prefix + "type:" + self.g.cards[card]["type"]
            if key not in programs:
                return False
        if self.events is not None:   # a card's effect runs
            self.events("play", card, who, None)
        self.push(key, {"me": who, "card": card})
        return True

    # -------------------------------------------------------------- decisions
    # The generated code and the mechanics ask through these; decisions.py keeps the
    # pending decision, and checks the game's end condition before anyone is asked.
    ask = decisions.ask_each          # vm.ask(seats, {seat: menu}, var, prompt, each=False)
    ask_one = decisions.ask_one       # vm.ask_one(seat, menu, var, prompt)

    def ask_seq(self, seats, menu: int, var: str) -> None:
        """Each seat composes a sequence privately, step by step (see sequence.py)."""
        decisions.ask_sequence(self, seats, menu, var)

    def ends_now(self) -> bool:
        """The game's end condition, checked once per decision, before anyone is asked (so a
        game ends before a seat is asked in vain; what it reads can only change while the
        rules run, between two decisions): True when it held and the game ended."""
        end_when = self.end_when
        if end_when is not None and end_when(self):
            self.end_game()
            return True
        return False

    def forced(self) -> None:
        """A choice with one option was taken without asking: counted for simulate."""
        s = self.s
        s["forced"] = s.get("forced", 0) + 1

    # ------------------------------------------------------------------ state
    # Each statement that changes a counter goes through one of these, so a counter's
    # declared bounds (min, max) hold everywhere.
    def bounded(self, spec, v):
        if spec.min is not None and v < spec.min:
            return spec.min
        if spec.max is not None and v > spec.max:
            return spec.max
        return v

    def gain(self, p: int, name: str, delta) -> None:
        """gain/lose: change a player's counter by delta, kept within its bounds."""
        try:
            counters = self.s["pl"][p]
        except (TypeError, IndexError):
            self.not_a_player(p, name)
        counters[name] = self.bounded(self.g.player_counters[name], counters[name] + delta)

    @staticmethod
    def not_a_player(p, name: str):
        """A counter changed for what is no player (a phase or the setup runs with `me`
        none: `gain gold 1` there names no one)."""
        raise GameError(f"the counter '{name}' of {'none' if p is None else repr(p)}: that is "
                        "not a player (with no `to PLAYER`/`from PLAYER`, the player is `me`, "
                        "which a phase or the setup does not have)")

    add = gain

    def steal(self, thief: int, victim: int, name: str, amount) -> int:
        """Take up to `amount` from the victim, never below the victim's minimum; the thief
        gains what was taken (within the thief's maximum, the rest is lost). Returns it."""
        spec = self.g.player_counters[name]
        have = self.s["pl"][victim][name]
        floor = spec.min if spec.min is not None else 0
        taken = max(0, min(amount, have - floor))
        self.gain(victim, name, -taken)
        self.gain(thief, name, taken)
        return taken

    def set_counter(self, p: int, name: str, value) -> None:
        try:
            counters = self.s["pl"][p]
        except (TypeError, IndexError):
            self.not_a_player(p, name)
        counters[name] = self.bounded(self.g.player_counters[name], value)

    def set_game_counter(self, name: str, value) -> None:
        self.s["g"][name] = self.bounded(self.g.game_counters[name], value)

    def move_all(self, what, dest: str) -> None:
        """move X to Z: one card, a list of cards, or nothing (none)."""
        if type(what) is list:
            for c in list(what):
                self.move(c, dest)
        elif what is not None:
            self.move(what, dest)

    def discard_all(self, what) -> None:
        if type(what) is list:
            for c in list(what):
                self.discard(c)
        elif what is not None:
            self.discard(what)

    def move(self, card: str, dest: str) -> None:
        """Put a card on top of a zone (the one implementation of moving a card)."""
        s = self.s
        z, loc = s["z"], s["loc"]
        pile = z.get(dest)
        if pile is None:
            raise GameError(f"no zone {dest!r}")
        src = loc.get(card)
        if src is None:
            raise GameError(f"{card!r} is not a card")
        g = self.g
        limit = g.stack_limit(dest)
        if limit is not None and len(pile) >= limit and src != dest:
            raise GameError(f"{dest} already holds {limit} cards, its limit")
        z[src].remove(card)
        pile.append(card)
        loc[card] = dest
        marks = s.get("mk")
        if marks and card in marks and src != dest:
            self.moved_marks(card)
        if self.events is not None:   # a card changes zone
            self.events("move", card, src, dest)
        resets = g.card_state_resets(dest)
        if resets:
            self.reset_card_state(card, resets)
        if not z[src] and g.refills_at_once(src) is not None:
            self.refill(src, g.refills_at_once(src))

    def discard(self, card: str) -> None:
        """A card to its type's discard zone."""
        cards = self.g.cards
        if card not in cards:
            raise GameError(f"{card!r} is not a card")
        dest = self.g.discard_zone.get(cards[card]["type"])
        if dest is None:
            raise GameError(f"cards of type {cards[card]['type']!r} have no discard zone")
        self.move(card, dest)

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

    def draw(self, n: int, src: str, dest: str, got: list | None = None) -> int:
        """Move up to n cards from the top of src (random from a bag); returns how many
        (and appends them to `got`, a script's handle on the cards drawn)."""
        if type(n) is not int:
            raise GameError(f"draw needs a whole number of cards, not {n!r}")
        s = self.s
        z, loc = s["z"], s["loc"]
        spec = self.g.zone_spec(src)
        resets = self.g.card_state_resets(dest)
        drawn = 0
        for _ in range(n):
            pile = z[src]
            if not pile and spec.refill_from:
                self.refill(src, spec)
            if not pile:
                break
            c = pile.pop(rng.below(s, len(pile))) if spec.bag else pile.pop()
            z[dest].append(c)
            loc[c] = dest
            marks = s.get("mk")
            if marks and c in marks:
                self.moved_marks(c)
            if self.events is not None:   # a card changes zone
                self.events("move", c, src, dest)
            if resets:
                self.reset_card_state(c, resets)
            drawn += 1
            if got is not None:
                got.append(c)
        if not z[src] and spec.refill_from and spec.refill_when == "empty":
            self.refill(src, spec)           # as soon as it empties, not at the next draw
        return drawn

    def refill(self, key: str, spec) -> None:
        """Shuffle the zone's refill_from pile into the empty zone `key`, but for that pile's
        top refill_keep cards (a player zone refills from the same player's zone:
        "0.workshop" <- "0.scrapyard")."""
        s = self.s
        z, loc = s["z"], s["loc"]
        source = z[zone_keys.make(zone_keys.seat_of(key), spec.refill_from)]
        back = source[:max(0, len(source) - spec.refill_keep)]
        marked = s.get("mk") or ()
        for c in back:
            loc[c] = key
            if c in marked:
                self.moved_marks(c)
        z[key].extend(back)
        del source[:len(back)]
        rng.shuffle(s, z[key])

    def sort_zone(self, key: str, by) -> None:
        """Reorder a zone's cards by by(card), smallest first (stable); none moves zones."""
        pile = self.s["z"][key]
        pile[:] = [c for _, c in sorted(((by(c), i), c) for i, c in enumerate(pile))]

    def shuffle(self, key: str) -> None:
        rng.shuffle(self.s, self.s["z"][key])

    def end_game(self) -> None:
        s = self.s
        s["over"] = True
        s["pending"] = None
        s["result"] = self.g.result_fn(self)

    # ---------------------------------------------------------------- display
    def label(self, v, t: str = "any") -> str:
        """A value as a text's field names it; the cards it names are noted (self.named) so
        that the text is shown to each seat as it may see them (runtime/visibility.py)."""
        text = menus.label_of(self.g, v, t)
        cards = menus.named_cards(self.g, v, t)
        if cards:
            self.named.append((text, cards))
        return text

    def reveal(self, cards, to=ALL) -> None:
        """`reveal CARDS [to P]`: the log lines of this decision may name these cards to
        everyone (or to P); nothing else changes (runtime/visibility.py judges lines)."""
        cards = cards if type(cards) is list else [cards]
        seats = None if to is ALL else Line("", to).audience
        shown = self.revealed = dict(self.revealed or {})
        for card in cards:
            if type(card) is str:
                was = shown.get(card, ())
                shown[card] = None if seats is None or was is None else tuple(set(was) |
                                                                               set(seats))

    # `mark` and `unmark`, and what a card's marks become when it changes zone (marks.py)
    mark = marks.mark
    unmark = marks.unmark
    moved_marks = marks.moved
    shown = marks.shown         # the builtin shown(card, ATTR [, seat])

    def emit(self, text: str, to=ALL) -> None:
        """A log line for the listener; `to`: the seat or seats who alone may read it. A
        line whose fields named cards keeps them (label, cards): the listener Game binds
        judges, as the line is written, who may see each (redaction.judging)."""
        named, self.named = self.named, []
        if self.listener is not None:
            if named:
                self.listener(Line(text, to, named, shown=self.revealed))
            else:
                self.listener(text if to is ALL else Line(text, to))
