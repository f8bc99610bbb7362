"""One table of a server: a Session (runtime/play_session.py) with its seats' kinds, their
tokens' hashes and its bots. Every change goes through here under the table's lock, in a
worker thread (never on the event loop), and is journaled before it is answered; what a seat
is sent is messages.message (views.view for that seat and nothing else).

A client names a decision by its number (the `decisions` its view counts) and an option by
its index; a stale number changes nothing (Stale, answered with the current message)."""
from __future__ import annotations

import hashlib
import hmac
import threading
import time

from ..bots import make_bot
from ..errors import IllegalMove, RulebookError
from ..present.undo import undo_note
from ..runtime import decisions
from ..runtime.game import Game
from . import messages

HUMAN = "human"


def token_hash(token: str) -> str:
    """What the journal keeps of a token (the token itself is never written nor logged)."""
    return hashlib.sha256(str(token).encode("utf-8", "replace")).hexdigest()


class Refused(Exception):
    """A request the table refuses: `status` (409 stale, 410 ended, 422 illegal) and words."""

    def __init__(self, status: int, words: str):
        super().__init__(words)
        self.status, self.words = status, words


class Table:
    def __init__(self, tid: str, name: str, definition: str, session, kinds: list,
                 tokens: list, creator: str, created: float | None = None,
                 ended: bool = False):
        self.id, self.name, self.definition = tid, name, definition
        self.session = session
        self.game = session.game
        self.kinds = list(kinds)
        self.tokens = list(tokens)          # per seat: sha256 of its token, or None (a bot)
        self.creator = creator              # sha256 of the creator's token
        self.created = created or time.time()
        self.ended = ended
        self.failure = ""                   # a rule's run-time error: the table stops
        self.humans = {p for p, k in enumerate(self.kinds) if k == HUMAN}
        # the bots think on games of their own (Game.apply keeps an idle VM per Game)
        bot_game = Game(self.game.g)
        self.bots = {p: make_bot(k, bot_game, session.seed * 1009 + p)
                     for p, k in enumerate(self.kinds) if k != HUMAN}
        self.bot_game = bot_game
        self.lock = threading.RLock()
        # changes with every decision and undo; starts from the clock, so that it still grows
        # after a restart (a page keeps only messages newer than the one it shows)
        self.version = time.time_ns() // 1000
        self.connected: dict = {}           # seat (0-based; None: spectators) -> sockets
        self.journal = None                 # called with the table after every change
        # seat -> (the decision number it was asked its question at, the question): a click
        # on a number from then on answers the same question (another seat's answer
        # meanwhile moved the number on, not the question), an older one is stale
        self.asked: dict = {}
        self._track(new=True)

    # ------------------------------------------------------------------ who asks
    def seat_of(self, k, token) -> int | None:
        """The 0-based seat a (1-based K, token) pair opens, or None: the only way in."""
        if type(k) is not int or not 1 <= k <= len(self.tokens) or not isinstance(token, str):
            return None
        want = self.tokens[k - 1]
        if want is None or not hmac.compare_digest(want, token_hash(token)):
            return None
        return k - 1

    def is_creator(self, token) -> bool:
        return isinstance(token, str) and hmac.compare_digest(self.creator, token_hash(token))

    # ------------------------------------------------------------------ changes
    def decide(self, seat: int, number, option) -> dict:
        """A person's decision: its number must be the current one, the option an index of
        its options. Returns the seat's message after it."""
        with self.lock:
            self._open()
            s = self.session.state
            asked = self.asked.get(seat)
            if seat not in self.game.waiting(s) or asked is None or \
                    not asked[0] <= number <= decisions.seen_decisions(s, seat):
                raise Refused(409, "that decision is not the current one: nothing was changed "
                                   "(the current view is attached)")
            count = self.game.option_count(s, seat)
            if type(option) is not int or not 0 <= option < count:
                raise Refused(422, f"there is no option {_shown(option)}: the options are "
                                   f"numbered 0 to {count - 1}")
            try:
                self.session.decide(seat, option)
            except IllegalMove as e:
                raise Refused(422, str(e)) from None
            except RulebookError as e:      # a rule failed: the game stays as it was
                self.failure = str(e)
                raise Refused(500, f"the game's rules failed: {e}") from None
            self._changed()
            return messages.message(self, seat)

    def undo(self, seat: int) -> dict:
        """The seat's undo, as the terminal's tables allow it; the words go in "note"."""
        with self.lock:
            self._open()
            note = undo_note(self.session, seat, self.humans)
            self._changed(new=True)
            return {**messages.message(self, seat), "note": note}

    def bot_step(self) -> bool:
        """One bot decision if a bot must decide (thought over a copy, outside the lock, and
        applied only if nothing changed meanwhile); False when no bot must."""
        with self.lock:
            if self.ended or self.failure or self.game.is_over(self.session.state):
                return False
            s = self.session.state
            seat = next((p for p in self.game.waiting(s) if p in self.bots), None)
            if seat is None:
                return False
            version, snapshot = self.version, self.game.clone(s)
        choice = self.bots[seat].choose(self.bot_game, snapshot, seat)
        with self.lock:
            if version != self.version or self.ended:
                return True         # a person decided meanwhile: think again
            try:
                self.session.decide(seat, choice)
            except RulebookError as e:
                self.failure = str(e)
                return False
            self._changed()
        return True

    def end(self) -> None:
        with self.lock:
            self.ended = True
            self._changed()

    def _open(self) -> None:
        if self.ended:
            raise Refused(410, "this table was ended by its creator")
        if self.failure:
            raise Refused(500, f"the game's rules failed: {self.failure}")

    def _changed(self, new: bool = False) -> None:
        self.version += 1
        self._track(new)
        if self.journal is not None:
            self.journal(self)

    def _track(self, new: bool = False) -> None:
        """Which question each waiting seat is asked since when (see `asked`); `new`: every
        question is new (an undo, a start)."""
        s, game = self.session.state, self.game
        last = self.session.decisions[-1][0] if self.session.decisions else None
        asked = {}
        for p in game.waiting(s):
            question = (game.prompt(s, p), tuple(game.options(s, p)))
            old = self.asked.get(p)
            if new or old is None or old[1] != question or last == p:
                asked[p] = (decisions.seen_decisions(s, p), question)
            else:
                asked[p] = old
        self.asked = asked

    # ------------------------------------------------------------------ what is shown
    def message(self, seat) -> dict:
        with self.lock:
            return messages.message(self, seat)

    def summary(self, current: bool) -> dict:
        """The lobby's line for a running table (public: no token, no seed)."""
        s = self.session.state
        return {"table": self.id, "game": self.name, "players": self.session.players,
                "kinds": self.kinds, "over": bool(s["over"]), "ended": self.ended,
                "waiting": [p + 1 for p in self.game.waiting(s)],
                "decisions": decisions.seen_decisions(s, None),
                "older_definition": not current, "created": int(self.created),
                "spectate": f"/table/{self.id}/spectate"}


def _shown(x) -> str:
    text = repr(x) if not isinstance(x, str) else f"'{x}'"
    return text if len(text) <= 20 else text[:17] + "..."
