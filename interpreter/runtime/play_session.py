"""One game being played: the state, the decisions made (by label), undo and saving.

Every decision goes through `decide`, by label, so a game played here and the same
game replayed from its save file take exactly the same path.
"""
from __future__ import annotations

from ..errors import IllegalMove, RulebookError, SaveFileError
from . import decisions
from .visibility import reveal
from . import saves as savefile


class Session:
    def __init__(self, game, players=None, seed=0, variant=None, options=None):
        self.game = game
        self.log: list = []        # every line the rules emitted, in order
        if players is not None and players < 1:   # 0 would silently mean "the minimum"
            raise RulebookError(f"{game.g.name} needs at least one player, not {players}")
        try:
            self.state = game.new_state(players, seed, variant, options, self.log.append)
        except (ValueError, TypeError) as e:   # an option value of the wrong kind
            raise SaveFileError(f"the game options cannot be used: {e}") from None
        self.players = self.state["n"]
        self.seed = seed
        self.variant = self.state["variant"]
        self.options = dict(options or {})
        self.decisions: list = []  # (seat, label), seats 0-based
        self.before: list = []     # the state before each decision, for undo
        self.marks: list = []      # len(log) before each decision, to take back its lines
        self.saved_to = None       # the file this game was last saved to

    @classmethod
    def from_save(cls, game, data: dict) -> "Session":
        """Rebuild a game from a save file's parameters and decisions (the hash is the
        caller's to check)."""
        if data["game"] != game.g.id:
            raise SaveFileError(f"the save file is a game of '{data['game']}', not '{game.g.id}'")
        session = cls(game, data["players"], data["seed"], data.get("variant"),
                      data.get("options") or {})
        for i, (seat1, label) in enumerate(data["decisions"]):
            seat = seat1 - 1
            if not 0 <= seat < session.players:
                raise SaveFileError(f"decision {i + 1}: there is no seat {seat1}")
            try:
                session.decide(seat, label)
            except IllegalMove as e:
                raise SaveFileError(f"decision {i + 1} ({game.g.seat_label(seat)}: {label!r}) "
                                    f"cannot be replayed: {e}") from None
        return session

    # ------------------------------------------------------------------ play
    def decide(self, seat: int, choice) -> str:
        """Apply one decision (label or index); returns the label. IllegalMove if refused.
        The label is what the session records (saves replay labels); it is turned into an
        index here, once."""
        game, s = self.game, self.state
        if isinstance(choice, int):
            options = game.options(s, seat)
            if not 0 <= choice < len(options):
                raise IllegalMove(f"option {choice + 1} is out of range: there are "
                                  f"{len(options)} options")
            index, choice = choice, options[choice]
        else:
            index = game.index_of(s, seat, choice)
        # applied to a copy, kept only once whole: an error or a Ctrl-C inside a decision
        # leaves the game as it was before it (so it can still be saved)
        after, mark = game.clone(s), len(self.log)
        try:
            game.apply(after, seat, index, self.log.append)
        except BaseException:
            del self.log[mark:]
            raise
        self.state = after
        self.decisions.append((seat, choice))
        self.before.append(s)
        self.marks.append(mark)
        return choice

    def undo(self, seat: int, humans) -> int:
        """Take back `seat`'s last decision and every bot decision after it; returns how
        many decisions were undone. Refused (IllegalMove) when another person has decided
        since, or when anything hidden was revealed since (see `revealed_since`). In an open
        secret sequence where the seat has no step left (steps go with "undo last"), its
        answers to it do not count: undo takes back the seat's decision before the sequence
        (not an "undo last", which would bring a step back)."""
        label = self.game.g.seat_label
        empty = decisions.kind(self.state) == decisions.SEQUENCE and \
            not decisions.composing(self.state, seat)
        end = self.sequence_start() if empty else None
        last = max((i for i, (p, _) in enumerate(self.decisions[:end]) if p == seat),
                   default=None)
        if last is None:
            raise IllegalMove(f"{label(seat)} has no decision to undo")
        for p, _ in self.decisions[last + 1:]:
            if p in humans and p != seat:
                raise IllegalMove(f"cannot undo: {label(p)} has decided since")
        why = self.revealed_since(last)
        if why:
            raise IllegalMove(f"cannot undo: since that decision {why}, and what was seen "
                              "cannot be unseen")
        self.state = self.before[last]
        undone = len(self.decisions) - last
        del self.log[self.marks[last]:]
        del self.decisions[last:], self.before[last:], self.marks[last:]
        return undone

    def sequence_start(self):
        """The index of the first answer to the secret sequence open now (its answers are the
        last ones: the pending decision counts them in "taken"), or None when none is open."""
        taken = decisions.sequence_answers(self.state)
        return None if taken is None else max(0, len(self.decisions) - taken)

    def revealed_since(self, first: int) -> str:
        """Why decisions `first`.. cannot be taken back, or "": the generator moved (a
        shuffle or a roll whose outcome would repeat), or one of them revealed something to
        a seat (visibility.reveal: a card it could not see, or secret simultaneous answers)."""
        if self.before[first]["rng"] != self.state["rng"]:
            return "chance was used (a shuffle, a random draw or a roll)"
        states = self.before[first:] + [self.state]
        for before, after in zip(states, states[1:]):
            why = reveal(self.game, before, after)
            if why:
                return why
        return ""

    # ------------------------------------------------------------------ save
    def save_data(self) -> dict:
        return savefile.make(self.game, self.state, self.players, self.seed, self.variant,
                             self.options, self.decisions)

    def save(self, path: str) -> None:
        savefile.write(path, self.save_data())
        self.saved_to = path

    def result_json(self) -> dict:
        r = self.game.result(self.state) or {}
        return {"game": self.game.g.id, "winners": [p + 1 for p in r.get("winners", [])],
                "scores": r.get("scores", []), "draw": r.get("draw", False),
                "seed": self.seed, "variant": self.variant, "players": self.players,
                "decisions": len(self.decisions), "state_hash": self.game.position_hash(self.state),
                "over": self.game.is_over(self.state)}
