"""The one driver API used by humans, bots, tests, replays and simulations.

    game = Game.load("some-game")       # a name under gamedefs/, or a path
    state = game.new_state(players=4, seed=1)
    while not game.is_over(state):
        seat = game.waiting(state)[0]          # one seat, or several for a secret choice
        options = game.options(state, seat)    # stable, readable labels
        game.apply(state, seat, 0)             # an option's index
    game.result(state)

Chance (shuffles, draws, dice) is resolved inside the state by its seeded
generator, so the same seed and the same decisions give the same game.

In a secret sequence (`choose sequence`, see sequence.py) a seat stays in waiting() while
it composes: each apply() is one step, "done" or "undo last"; prompt(state, seat) and
steps(state, seat) are that seat's own, and bots pick among bot_option_count() options.

apply() takes an index; a label (typed by a person, read from a save or a replay) is turned
into one once, where it arrives: apply_label(), or index_of() then apply(). The pending
decision itself is decisions.py's.
"""
from __future__ import annotations

from . import decision_groups, decision_words, decisions
from . import state as S
from . import state_check
from ..errors import (GameError, RulebookError, SaveFileError, describe_value,
                      did_you_mean)
from ..load import game_options
from ..load.game_options import SetupError
from .run_errors import located
from ..build.game_loader import load_game
from .redaction import Reader, judging
from .evaluation import Evaluator
from .vm import VM


class Game:
    _idle = None     # the VM that runs decisions, while no decision runs (see apply)

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
        for name in sorted(g.board_options):   # a board is built when the game loads
            if opts.get(name) != g.options.get(name):
                raise SetupError(f"options.{name}", (
                    f"option '{name}' sizes a board, which was built when {g.name} was "
                    f"loaded with {name}={describe_value(g.options.get(name))}: load the game "
                    f"again with {name}={describe_value(opts.get(name))} (as play and "
                    f"simulate --option do) to play on that board"))
        s = S.initial_state(g, n, seed, variant, opts)
        try:
            judge = judging(g, s, listener) if listener is not None else None
            vm = VM(g, s, judge, events)
            vm.run()
            decisions.build(vm)     # its menus, as a state to save and hash (see to_json)
            if judge is not None:
                judge.settle()
        except Exception as e:   # noqa: BLE001 - any Python error here is a rule's fault
            _relocate(e, g, s)
        return s

    def is_over(self, s: dict) -> bool:
        return s["over"]

    def result(self, s: dict) -> dict | None:
        return s["result"]

    def score_terms(self, s: dict) -> list:
        """Each seat's score in the terms its game declares (end.breakdown), as
        [{term: value}] per seat, once the game is over (the end shows them to everyone);
        [] when none are declared or the game goes on."""
        if not s["over"] or not self.g.score_terms:
            return []
        ev = Evaluator(self.g, s)
        return [{name: ev(fn, p, me=p) for name, fn in self.g.score_terms.items()}
                for p in range(s["n"])]

    # Seats that must decide now (empty when the game is over); how many options a seat has
    # (cheaper than their labels); the options a bot picks among (every option but a secret
    # sequence's "undo last"): see decisions.py. They run at every decision: waiting is
    # bound directly, the counts first build a secret sequence's menu (sequence.py).
    waiting = staticmethod(decisions.waiting)

    def option_count(self, s: dict, seat: int) -> int:
        p = s["pending"]
        if p is not None and "seq" in p:       # (a secret sequence's menu: built when read)
            self.build_menus(s, seat)
        return decisions.count(s, seat)

    def bot_option_count(self, s: dict, seat: int) -> int:
        p = s["pending"]
        if p is not None and "seq" in p:
            self.build_menus(s, seat)
        return decisions.bot_count(s, seat)

    def option_values(self, s: dict, seat: int) -> list:
        """The values of the seat's bot options (what each of bot_option_count means)."""
        self.build_menus(s, seat)
        return decisions.values(s, seat)

    def build_menus(self, s: dict, seat: int | None = None) -> None:
        """Build what the pending decision left to build when read (a secret sequence's
        menus: runtime/sequence.py), the seat's or every seat's. Game's readers do it
        first; so does a caller that reads a state's menus itself (decisions.values), or
        that must know at once whether the rules fail there (a session's decision). A rule
        that fails there raises here, located as in apply."""
        if decisions.unbuilt(s, seat):
            self._located(s, lambda vm: decisions.build(vm, seat))

    def _located(self, s: dict, fn):
        """fn(a VM bound to s), its errors located (the seed, the decision, the YAML place)."""
        try:
            return fn(VM(self.g, s))
        except Exception as e:   # noqa: BLE001 - any Python error here is a rule's fault
            _relocate(e, self.g, s)

    def prompt(self, s: dict, seat: int | None = None) -> str:
        """The pending decision's question as `seat` reads it (a secret sequence's is its own;
        a card it may not see is "a card": runtime/visibility.py)."""
        # worded for the seat asked (without one: the first seat asked, whose question it is)
        waiting = decisions.waiting(s)
        reader = seat if seat is not None or not waiting else waiting[0]
        return decision_words.prompt(VM(self.g, s), seat, Reader(self.g, s, reader))

    def options(self, s: dict, seat: int) -> list:
        """The legal options' labels for one seat; they never depend on another seat's
        pending secret answer."""
        self.build_menus(s, seat)
        return decision_words.labels(VM(self.g, s), seat, Reader(self.g, s, seat))

    def groups(self, s: dict, seat: int) -> list | None:
        """The seat's options in the groups its game declares (`grouped by`), or None."""
        self.build_menus(s, seat)
        return decision_groups.groups(VM(self.g, s), seat)

    def steps(self, s: dict, seat: int) -> list:
        """A seat's steps so far in a pending secret sequence, as labels (its secret)."""
        return decision_words.step_labels(VM(self.g, s), seat, Reader(self.g, s, seat))

    def subset(self, s: dict, seat: int) -> dict | None:
        """A choose-any decision as a person composes it: its items and bounds, or None."""
        self.build_menus(s, seat)
        return decision_groups.subset_entry(VM(self.g, s), seat, Reader(self.g, s, seat))

    def steps_needed(self, s: dict, seat: int) -> int:
        """How many more steps a seat's pending secret sequence needs before "done"."""
        return decision_words.steps_needed(VM(self.g, s), seat)

    def apply(self, s: dict, seat: int, index: int, listener=None, events=None) -> None:
        """Apply one seat's decision, its option `index` (0 <= index < option_count); raises
        IllegalMove with the reason. A label goes through apply_label (or index_of)."""
        # One VM runs every decision, rebound to the state at hand; a decision started
        # while another runs (a listener that plays on) gets its own.
        judge = None
        if listener is not None:     # a line naming cards is judged as it is written
            listener = judge = judging(self.g, s, listener, S.clone(s))
        vm = self._idle
        if vm is None:
            vm = VM(self.g, s, listener, events)
        else:
            self._idle = None
            vm.bind(s, listener, events)
        try:
            if decisions.answer(vm, seat, index):
                vm.run()
            if judge is not None:
                judge.settle()
        except Exception as e:   # noqa: BLE001 - any Python error here is a rule's fault
            _relocate(e, self.g, s)
        finally:
            vm.s = vm.l = vm.listener = vm.events = None     # keeps nothing of this state
            vm.named, vm.revealed = [], None
            self._idle = vm

    def index_of(self, s: dict, seat: int, label: str) -> int:
        """The index of the seat's option labelled `label`; IllegalMove with the reason
        (not the seat's decision, or no such option, with a hint) otherwise."""
        self.build_menus(s, seat)
        return decision_words.index_of(VM(self.g, s), seat, label, Reader(self.g, s, seat))

    def apply_label(self, s: dict, seat: int, label: str, listener=None, events=None) -> None:
        """apply() of the option labelled `label` (as a person, a save or a replay names it)."""
        self.apply(s, seat, self.index_of(s, seat, label), listener, events)

    # ------------------------------------------------------------ plain data
    # A state is saved and hashed with its menus built (as they were before menus were
    # built when read), so its text and hashes do not depend on who read what.
    clone = staticmethod(S.clone)

    def to_json(self, s: dict) -> str:
        self.build_menus(s)
        return S.to_json(s)

    def state_hash(self, s: dict) -> str:
        self.build_menus(s)
        return S.state_hash(s)

    def position_hash(self, s: dict) -> str:
        self.build_menus(s)
        return S.position_hash(s)

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


def _relocate(e: Exception, g, s: dict):
    """Raise what a failure while the rules ran becomes: a rule's fault (a GameError, or any
    Python error) located (the seed, the decision, the YAML place); any other RulebookError
    (an illegal move, a bad setup) as it is."""
    if isinstance(e, RulebookError) and not isinstance(e, GameError):
        raise e
    raise located(e, g, s) from e
