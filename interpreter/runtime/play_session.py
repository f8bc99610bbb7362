"""One game being played: the state, the decisions made (by label), undo and saving.

Every decision goes through `decide`, by label, so a game played here and the same
game replayed from its save file take exactly the same path.
"""
from __future__ import annotations

from pathlib import Path

from ..effects import rng
from ..errors import IllegalMove, SaveFileError
from ..load.documents import display_path
from ..load.game_options import SetupError
from . import decisions
from .visibility import reveal
from . import saves as savefile


class Session:
    def __init__(self, game, players=None, seed=0, variant=None, options=None):
        """A new game; Game.new_state checks the players, variant and options (SetupError)."""
        self.game = game
        self.log: list = []        # every line the rules emitted, in order
        self.state = game.new_state(players, seed, variant, options, self.log.append)
        self.players = self.state["n"]
        self.seed = seed
        self.variant = self.state["variant"]
        self.options = dict(options or {})
        self.decisions: list = []  # (seat, label), seats 0-based
        self.before: list = []     # the state before each decision, for undo
        self.marks: list = []      # len(log) before each decision, to take back its lines
        self.saved_to = None       # the file this game was last saved to
        self.saved_decisions = None    # the decisions that file holds (None: not saved)

    @classmethod
    def from_save(cls, game, data: dict) -> "Session":
        """The game a save file (read and checked by saves.read) describes, on `game`,
        replayed with the save's generator. Refused (SaveFileError, naming the field) when
        the save is of another game or another definition of it, when Game.new_state refuses
        its players, variant or options, or when a decision cannot be replayed. Whether the
        replay reaches the saved state is the caller's to ask (saves.hash_problem)."""
        g = game.g
        if data["game"] != g.id:
            raise SaveFileError(f"the save file is a game of '{data['game']}', not '{g.id}'")
        want = data.get("game_hash")
        if want and want != g.definition_hash:
            raise SaveFileError(
                f"the save file was played on another definition of {g.id}: its hash is "
                f"{want[:12]}..., {display_path(Path(g.path))} (with its included files) now "
                f"hashes to {g.definition_hash[:12]}... The rules or cards changed since, so "
                f"its decisions would not replay the same game; replay it on the definition "
                f"it was played on (--game PATH)")
        with rng.seeding(data.get("generator", 1)):
            try:
                session = cls(game, data["players"], data["seed"], data.get("variant"),
                              data.get("options") or {})
            except SetupError as e:
                raise SaveFileError(f"field '{e.field}': {e.reason}") from None
            for i, (seat1, label) in enumerate(data["decisions"]):
                session._replay(i, seat1 - 1, label)
        return session

    def _replay(self, i: int, seat: int, label: str) -> None:
        """Decision i of a save file, as SaveFileError when it cannot be made."""
        if not 0 <= seat < self.players:
            raise SaveFileError(f"decision {i + 1}: there is no seat {seat + 1}")
        try:
            self.decide(seat, label)
        except IllegalMove as e:
            raise SaveFileError(f"decision {i + 1} ({self.game.g.seat_label(seat)}: "
                                f"{label!r}) cannot be replayed: {e}") from None

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
            game.build_menus(after)  # a menu the rules fail to build fails this decision
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
        self.saved_to, self.saved_decisions = path, list(self.decisions)

    def unchanged_in(self, path) -> bool:
        """Whether the file `path` already holds this game as it is (saved or loaded there,
        no decision made or undone since)."""
        return path is not None and path == self.saved_to and \
            self.saved_decisions == self.decisions

    def result_json(self) -> dict:
        r = self.game.result(self.state) or {}
        return {"game": self.game.g.id, "winners": [p + 1 for p in r.get("winners", [])],
                "scores": r.get("scores", []), "draw": r.get("draw", False),
                "capped": r.get("capped", False), **({"team": r["team"]} if "team" in r else {}),
                "seed": self.seed, "variant": self.variant, "players": self.players,
                "decisions": len(self.decisions), "state_hash": self.game.position_hash(self.state),
                "over": self.game.is_over(self.state)}
