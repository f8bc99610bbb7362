"""A rulebook game as an OpenSpiel Python game: pyspiel.Game and pyspiel.State over
runtime.Game (see __init__.py for what is and is not built)."""
from __future__ import annotations

import json

import pyspiel

from ..effects import rng
from ..present.views import view
from ..runtime.game import Game
from ..runtime.redaction import line_text, may_read

MAX_ACTIONS = 512         # action ids: an option's position in the seat's menu, below this
_GAMES: dict = {}         # a path -> its loaded Game (a definition never changes once loaded)

GAME_TYPE = pyspiel.GameType(
    short_name="rulebook",
    long_name="rulebook game (a YAML game definition)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=16,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"game": "examples/bust", "players": 0, "seed": 0,
                             "max_actions": MAX_ACTIONS, "chance": "sampled",
                             "returns": "win", "max_chance_outcomes": 256, "utility": ""})


def _rulebook(name: str) -> Game:
    if name not in _GAMES:
        _GAMES[name] = Game.load(name)
    return _GAMES[name]


class Settings:
    """A game's parameters as the adapter reads them (kept per parameters: OpenSpiel may hand
    a state another Python object for its game)."""

    def __init__(self, params: dict):
        params = {**GAME_TYPE.parameter_specification, **params}
        self.rb = _rulebook(str(params["game"]))
        self.players = int(params["players"]) or self.rb.g.players_min
        self.seed = int(params["seed"])
        self.max_actions = int(params["max_actions"])
        if params["chance"] not in ("sampled", "explicit"):
            raise pyspiel.SpielError(f"chance is sampled or explicit, not {params['chance']!r}")
        self.explicit = params["chance"] == "explicit"
        self.scores = params["returns"] == "score"
        # what each action led to, by the actions from the start: an exact algorithm walks
        # the same tree again and again (CFR: once per iteration); a new game starts afresh
        self.children: dict = {}

    def __deepcopy__(self, memo):       # one per game's parameters, shared by its states
        return self


class Shared:
    """Parts of a state shared by its clones and never changed in place: pyspiel copies a
    Python state's attributes with deepcopy, which must not copy these."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __deepcopy__(self, memo):
        return self


MAX_REMEMBERED = 200_000        # children remembered per game, then forgotten at once


_SETTINGS: dict = {}


def settings(params: dict) -> Settings:
    key = json.dumps(params, sort_keys=True, default=str)
    if key not in _SETTINGS:
        _SETTINGS[key] = Settings(params)
    return _SETTINGS[key]


class RulebookGame(pyspiel.Game):
    """A rulebook game for OpenSpiel: params game (a name or a path), players (0: the game's
    minimum), seed (the state's generator), max_actions, chance, returns."""

    def __init__(self, params=None):
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        spec = settings(params)
        g = spec.rb.g
        self.players = spec.players
        spec.rb.new_state(players=spec.players, seed=spec.seed)     # a bad count: SetupError
        utility = pyspiel.GameType.Utility.ZERO_SUM if self.players == 2 and \
            not g.cooperative else pyspiel.GameType.Utility.GENERAL_SUM
        if spec.scores:        # the game's scores as they are: no bound or sum known
            utility = pyspiel.GameType.Utility.GENERAL_SUM
        if params["utility"] in ("zero_sum", "general_sum"):      # as the caller knows it
            utility = pyspiel.GameType.Utility.ZERO_SUM if params["utility"] == "zero_sum" \
                else pyspiel.GameType.Utility.GENERAL_SUM
        mode = pyspiel.GameType.ChanceMode
        game_type = pyspiel.GameType(
            short_name=GAME_TYPE.short_name, long_name=GAME_TYPE.long_name,
            dynamics=GAME_TYPE.dynamics,
            chance_mode=mode.EXPLICIT_STOCHASTIC if spec.explicit else mode.SAMPLED_STOCHASTIC,
            information=GAME_TYPE.information, utility=utility,
            reward_model=GAME_TYPE.reward_model, max_num_players=GAME_TYPE.max_num_players,
            min_num_players=GAME_TYPE.min_num_players,
            provides_information_state_string=True, provides_information_state_tensor=False,
            provides_observation_string=True, provides_observation_tensor=False,
            parameter_specification=GAME_TYPE.parameter_specification)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.max_actions,
            max_chance_outcomes=int(params["max_chance_outcomes"]) if spec.explicit else 0,
            num_players=spec.players, min_utility=-1e9 if spec.scores else -1.0,
            max_utility=1e9 if spec.scores else 1.0,
            utility_sum=0.0 if utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=int(g.max_decisions))
        super().__init__(game_type, info, params)

    def new_initial_state(self):
        return RulebookState(self)

    # chance lives in each state (its seeded generator): the game itself keeps none
    def get_rng_state(self):
        return ""

    def set_rng_state(self, rng_state):
        pass

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(perfect_recall)


class RulebookState(pyspiel.State):
    """The rulebook state at a decision, or with chance explicit, a decision (or the setup:
    "start") waiting for the outcomes of its draws: `pending` {"what", "outs", "n"}, the
    outcomes so far and how many the next draw has."""

    def __init__(self, game: RulebookGame, s: dict | None = None, seen: list | None = None,
                 pending: dict | None = None, path: tuple = ()):
        super().__init__(game)
        self.spec = settings(game.get_parameters())
        # a rulebook state is never changed in place here (each action plays on a clone), so
        # states share theirs; `path`: the actions from the start (the children's key)
        self.node = Shared((s, seen, pending))
        self.path = path
        if s is None and pending is None:
            self._run("start", [])

    # the shared parts, read and replaced whole
    rb = property(lambda self: self.spec.rb)
    s = property(lambda self: self.node.value[0])
    seen = property(lambda self: self.node.value[1])
    pending = property(lambda self: self.node.value[2])

    def _set(self, s, seen, pending) -> None:
        self.node = Shared((s, seen, pending))

    def _run(self, what, outs: list) -> None:
        """Play `what` ("start": the setup; else (seat, option)) with these outcomes forced
        (chance explicit), or with the state's own generator (sampled)."""
        rb, spec = self.rb, self.spec
        lines: list = []          # the log lines it wrote: what seats learn of it
        try:
            with rng.forced(outs) if spec.explicit else _nothing():
                if what == "start":
                    s = rb.new_state(players=spec.players, seed=spec.seed,
                                     listener=lines.append)
                else:
                    s = rb.clone(self.s)
                    rb.apply(s, what[0], what[1], listener=lines.append)
        except rng.NeedOutcome as e:
            self._set(self.s, self.seen, {"what": what, "outs": outs, "n": e.n})
            return
        # per seat: the observations it had, oldest first (its information state); a new
        # list, as clones share the old one
        mover = None if what == "start" else what[0]
        told = [self._told(p, lines, mover, what) for p in range(spec.players)]
        self._set(s, self.seen, None)
        self._set(s, [(self.seen[p] if self.seen else []) + told[p] + [self._observe(p)]
                      for p in range(spec.players)], None)

    # --------------------------------------------------------------- the game
    def _seat(self) -> int | None:
        waiting = self.rb.waiting(self.s)
        return waiting[0] if waiting else None

    def current_player(self):
        if self.pending is not None:
            return pyspiel.PlayerId.CHANCE
        if self.rb.is_over(self.s):
            return pyspiel.PlayerId.TERMINAL
        return self._seat()

    def chance_outcomes(self):
        n = self.pending["n"]
        return [(k, 1.0 / n) for k in range(n)]

    def _legal_actions(self, player):
        if self.pending is not None:
            return list(range(self.pending["n"])) if player == pyspiel.PlayerId.CHANCE else []
        if self.rb.is_over(self.s) or player not in self.rb.waiting(self.s):
            return []
        n = self.rb.bot_option_count(self.s, player)
        if n > self.spec.max_actions:
            raise pyspiel.SpielError(f"{n} options: more than max_actions "
                                     f"({self.spec.max_actions}); load the game with more")
        return list(range(n))

    def _apply_action(self, action):
        key = self.path + (int(action),)
        known = self.spec.children.get(key) if self.spec.explicit else None
        if known is not None:
            self._set(*known)
        elif self.pending is not None:        # one more outcome of the pending draws
            self._run(self.pending["what"], self.pending["outs"] + [int(action)])
        else:
            self._run((self._seat(), int(action)), [])
        self.path = key
        if self.spec.explicit and known is None:
            if len(self.spec.children) >= MAX_REMEMBERED:
                self.spec.children.clear()
            self.spec.children[key] = (self.s, self.seen, self.pending)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"outcome {action}"
        options = self.rb.options(self.s, player) if player in self.rb.waiting(self.s) else []
        return options[action] if 0 <= action < len(options) else f"option {action}"

    def is_terminal(self):
        return self.pending is None and self.rb.is_over(self.s)

    def returns(self):
        n = self.spec.players
        if not self.is_terminal():
            return [0.0] * n
        r = self.rb.result(self.s)
        if self.spec.scores and r is not None:
            return [float(x) for x in r["scores"]]
        if r is None or r.get("draw") or r.get("capped") or not r["winners"]:
            return [0.0] * n
        return [1.0 if p in r["winners"] else -1.0 for p in range(n)]

    def __str__(self):
        return self.serialize()

    def clone(self):
        return RulebookState(self.get_game(), self.s, self.seen, self.pending, self.path)

    def __deepcopy__(self, memo):
        # pyspiel clones a Python state with deepcopy: the parts are shared, never changed
        # in place (a new rulebook state per action), and the game and its settings are one
        return self.clone()

    def serialize(self):
        return json.dumps({"state": self.rb.to_json(self.s) if self.s is not None else None,
                           "pending": self.pending})

    # ------------------------------------------------------------ what a seat sees
    def _told(self, p: int, lines: list, mover, what) -> list:
        """What seat p learnt of the last action: its own choice, and the log lines it may
        read (worded for it, as the tables word them)."""
        own = [f"you chose option {what[1]}"] if mover == p else []
        return own + [line_text(x, p) for x in lines if may_read(x, p)]

    def _observe(self, p: int) -> str:
        v = view(self.rb, self.s, p)
        v.pop("decisions", None)        # a count, not what happened
        return json.dumps(v, sort_keys=True, default=str)

    def observation_string(self, player):
        return self.seen[player][-1] if self.seen else ""

    def information_state_string(self, player):
        return "\n".join(self.seen[player]) if self.seen else ""


class _Observer:
    """Strings only (no tensor): a seat's view, or its views since the start."""

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return state.information_state_string(player) if self.perfect_recall \
            else state.observation_string(player)


def load_game(game: str, players: int = 0, chance: str = "sampled", seed: int = 0,
              max_actions: int = MAX_ACTIONS, returns: str = "win", utility: str = ""):
    """The pyspiel game of a rulebook game (a name under gamedefs/, or a path): chance
    "sampled" (inside the state) or "explicit" (every draw a chance node), returns "win"
    (+1 / -1 / 0) or "score" (the game's scores); utility "zero_sum" or "general_sum" when
    the caller knows better than the default (zero-sum for wins at two players, else
    general-sum)."""
    return RulebookGame({"game": str(game), "players": players, "seed": seed,
                         "max_actions": max_actions, "chance": chance, "returns": returns,
                         "utility": utility})


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


pyspiel.register_game(GAME_TYPE, RulebookGame)
