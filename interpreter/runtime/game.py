"""The one driver API used by humans, bots, tests, replays and simulations.

    game = Game.load("some-game")       # a name under gamedefs/, or a path
    state = game.new_state(players=4, seed=1)
    while not game.is_over(state):
        seat = game.waiting(state)[0]          # one seat, or several for a secret choice
        options = game.options(state, seat)    # stable, readable labels
        game.apply(state, seat, options[0])    # by label or index
    game.result(state)

Chance (shuffles, draws, dice) is resolved inside the state by its seeded
generator, so the same seed and the same decisions give the same game.

In a secret sequence (`choose sequence`, see sequence.py) a seat stays in waiting() while
it composes: each apply() is one step, "done" or "undo last"; prompt(state, seat) and
steps(state, seat) are that seat's own, and bots pick among bot_option_count() options.
"""
from __future__ import annotations

from ..effects import menus as O
from . import decisions
from . import sequence
from . import state as S
from . import state_check
from ..errors import (GameError, IllegalMove, RulebookError, SaveFileError, describe_value,
                      did_you_mean)
from ..load import game_options
from ..load.game_options import SetupError
from .run_errors import located
from ..build.game_loader import load_game
from .vm import VM


class Game:
    def __init__(self, gamedef):
        self.g = gamedef

    @classmethod
    def load(cls, name_or_path: str) -> "Game":
        return cls(load_game(name_or_path))

    @property
    def name(self) -> str:
        return self.g.name

    # ------------------------------------------------------------ lifecycle
    def new_state(self, players: int | None = None, seed: int = 0, variant: str | None = None,
                  options: dict | None = None, listener=None, events=None) -> dict:
        """A new game: `players` (default the game's minimum), `variant` (default the
        game's), `options` {name: value} over the declared defaults. Option values are Python
        values, checked against their declarations and never converted (game_options says
        why; text from a person goes through game_options.parse first). SetupError (a
        RulebookError) names a player count, variant or option the game does not have."""
        g = self.g
        n = g.players_min if players is None else players
        if type(n) is not int or not g.players_min <= n <= g.players_max:
            sizes = (f"{g.players_min}" if g.players_min == g.players_max
                     else f"{g.players_min}-{g.players_max}")
            raise SetupError("players", f"{g.name} is for {sizes} players, not "
                             f"{describe_value(n)}")
        variant = variant or g.default_variant
        if not isinstance(variant, str) or variant not in g.variants:
            hint = did_you_mean(str(variant), g.variants)
            raise SetupError("variant", f"{g.name} has no variant {describe_value(variant)}; "
                             f"it has {', '.join(g.variants)}" + (f" ({hint})" if hint else ""))
        opts = game_options.values(g.name, g.option_specs, options)
        s = S.initial_state(g, n, seed, variant, opts)
        try:
            VM(g, s, listener, events).run()
        except GameError as e:
            raise located(e, g, s) from e
        except RulebookError:
            raise
        except Exception as e:   # noqa: BLE001
            raise located(e, g, s) from e
        return s

    def is_over(self, s: dict) -> bool:
        return s["over"]

    def result(self, s: dict) -> dict | None:
        return s["result"]

    def waiting(self, s: dict) -> list:
        """Seats that must decide now (empty when the game is over)."""
        p = s["pending"]
        if p is None:
            return []
        if not p["ans"]:                  # nobody has answered yet (always, for one seat)
            return p["seats"][:]
        return [seat for seat in p["seats"] if str(seat) not in p["ans"]]

    def prompt(self, s: dict, seat: int | None = None) -> str:
        """The pending decision's question (for a secret sequence, as `seat` reads it)."""
        return VM(self.g, s).prompt(seat)

    def options(self, s: dict, seat: int) -> list:
        """The legal options' labels for one seat; they never depend on another seat's
        pending secret answer."""
        p = s["pending"]
        if p is None or str(seat) not in p["opts"]:
            return []
        if "seq" in p:
            return sequence.labels(p, str(seat), self.g, s)
        return decisions.labels(p["opts"][str(seat)], self.g, s, seat)

    def option_count(self, s: dict, seat: int) -> int:
        """How many options a seat has (cheaper than their labels)."""
        p = s["pending"]
        spec = p["opts"].get(str(seat)) if p is not None else None
        if spec is None:
            return 0
        return O.count(spec) if "seq" not in p else sequence.count(p, str(seat))

    def bot_option_count(self, s: dict, seat: int) -> int:
        """The options a bot picks among: the first ones, every option but a secret
        sequence's "undo last" (a bot composes its sequence at once, never stepping back)."""
        p = s["pending"]
        spec = p["opts"].get(str(seat)) if p is not None else None
        return 0 if spec is None else O.count(spec)

    def steps(self, s: dict, seat: int) -> list:
        """A seat's steps so far in a pending secret sequence, as labels (its secret)."""
        return sequence.step_labels(self.g, s, seat)

    def apply(self, s: dict, seat: int, choice, listener=None, events=None) -> None:
        """Apply one seat's decision, by label or index; raises IllegalMove with the reason."""
        p = s["pending"]
        key = str(seat)
        opts = p["opts"].get(key) if p is not None and not s["over"] else None
        if opts is None or key in p["ans"]:
            self._refuse(s, seat)
        if type(choice) is int:
            n = O.count(opts) if "seq" not in p else sequence.count(p, key)
            if not 0 <= choice < n:
                raise IllegalMove(f"option {choice} is out of range: there are {n} options")
            index = choice
        else:
            labels = self.options(s, seat)
            if choice not in labels:
                hint = did_you_mean(str(choice), labels)
                raise IllegalMove(f"'{choice}' is not a legal option for {self.prompt(s, seat)}"
                                  + (f" ({hint})" if hint else ""))
            index = labels.index(choice)
        try:
            VM(self.g, s, listener, events).answer(seat, index)
        except GameError as e:
            raise located(e, self.g, s) from e
        except RulebookError:
            raise
        except Exception as e:   # noqa: BLE001 - any Python error here is a rule's fault
            raise located(e, self.g, s) from e

    def _refuse(self, s: dict, seat: int):
        if s["over"]:
            raise IllegalMove("the game is over")
        p = s["pending"]
        if p is None or str(seat) not in p["opts"]:
            who = ", ".join(self.g.seat_label(x) for x in self.waiting(s))
            raise IllegalMove(f"it is not {self.g.seat_label(seat)}'s decision (waiting for {who})")
        raise IllegalMove(f"{self.g.seat_label(seat)} has already decided")

    # ------------------------------------------------------------ plain data
    clone = staticmethod(S.clone)
    to_json = staticmethod(S.to_json)
    state_hash = staticmethod(S.state_hash)
    position_hash = staticmethod(S.position_hash)

    def from_json(self, text: str) -> dict:
        try:
            s = S.from_json(text)
        except ValueError as e:
            raise SaveFileError(f"the saved state is not valid JSON: {e}") from None
        self.check_state(s)
        return s

    def check_state(self, s) -> None:
        """Refuse (SaveFileError) a state this game cannot run, before it can crash anything:
        another game's or format's, or one damaged anywhere in its structure."""
        state_check.check(self.g, s)
