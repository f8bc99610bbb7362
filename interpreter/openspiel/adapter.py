"""A rulebook game as an OpenSpiel Python game (pyspiel.Game / pyspiel.State).

- Players: OpenSpiel's player p is the rulebook seat p. A secret choice of several seats is
  one joint move of a SIMULTANEOUS game (joint.py), or with dynamics="sequential" asked
  seat by seat (waiting()[0] first): no seat's information state holds another's pending
  answer, as in OpenSpiel's turn-based view of a simultaneous move.
- serialize / deserialize_state: a rulebook save (serial.py).
- Chance, two ways. `sampled`: the game's own generator, seeded by the `seed` parameter, runs
  inside the state (SAMPLED_STOCHASTIC). `explicit`: every draw of the generator (a die, each
  step of a Fisher-Yates shuffle, a card drawn from a bag) is a chance node whose outcomes
  0..n-1 are equally likely (EXPLICIT_STOCHASTIC): the rules run with the outcomes chosen so
  far forced (effects/rng.forced), and a draw past them makes the state a chance node.
- Actions: when every option of a decision has a whole-number value below max_actions (a
  number choice, a column, a bid), the action id is that value; otherwise it is the option's
  place in the menu. action_to_string is the option's label as the seat reads it.
- Information states: the seat's view (present/views.view: the same redaction as the table)
  with the log lines it may read, as JSON; observations: the view alone. The tensor (see
  observer.py) holds what a view gives in a fixed layout.
- Utility: score - the mean score (zero-sum) by default, `utility=win` for +1 a sole winner
  and -1/(n-1) the others; a cooperative game's team score for every seat (identical)."""
from __future__ import annotations

import json

import pyspiel

from ..analysis.overrides import resized
from ..effects import rng
from ..errors import RulebookError
from ..runtime.game import Game
from ..runtime.redaction import line_text, may_read
from ..present.views import view
from . import joint, serial
from .observer import Observer

PARAMS = {"game": "", "players": 0, "chance": "sampled", "seed": 0, "dynamics": "auto",
          "options": "{}", "variant": "", "max_actions": 256, "max_chance_outcomes": 0,
          "utility": "score", "max_utility": 1000.0}

GAME_TYPE = pyspiel.GameType(
    short_name="rulebook", long_name="A rulebook game declared in YAML",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=20, min_num_players=1,
    provides_information_state_string=True, provides_information_state_tensor=True,
    provides_observation_string=True, provides_observation_tensor=True,
    parameter_specification=PARAMS)


def game_type(rb: Game, chance: str, utility: str, simultaneous: bool = False):
    """The registered type with this game's chance mode, utility and dynamics."""
    T = pyspiel.GameType
    return T(short_name="rulebook", long_name=f"rulebook: {rb.g.name}",
             dynamics=T.Dynamics.SIMULTANEOUS if simultaneous else T.Dynamics.SEQUENTIAL,
             chance_mode=(T.ChanceMode.EXPLICIT_STOCHASTIC if chance == "explicit"
                          else T.ChanceMode.SAMPLED_STOCHASTIC),
             information=T.Information.IMPERFECT_INFORMATION,
             utility=(T.Utility.IDENTICAL if rb.g.cooperative else
                      T.Utility.ZERO_SUM if utility == "score" else T.Utility.CONSTANT_SUM),
             reward_model=T.RewardModel.TERMINAL,
             max_num_players=rb.g.players_max, min_num_players=rb.g.players_min,
             provides_information_state_string=True, provides_information_state_tensor=True,
             provides_observation_string=True, provides_observation_tensor=True,
             parameter_specification=PARAMS)


class RulebookGame(pyspiel.Game):
    def __init__(self, params=None):
        p = {**PARAMS, **(params or {})}
        if p["chance"] not in ("sampled", "explicit"):
            raise RulebookError(f"chance {p['chance']!r}: 'sampled' or 'explicit'")
        if p["utility"] not in ("score", "win"):
            raise RulebookError(f"utility {p['utility']!r}: 'score' or 'win'")
        if p["dynamics"] not in ("auto", "sequential", "simultaneous"):
            raise RulebookError(f"dynamics {p['dynamics']!r}: 'auto', 'sequential' or "
                                "'simultaneous'")
        if not p["game"]:
            raise RulebookError('name the game: pyspiel.load_game("rulebook", {"game": NAME})')
        self.options = json.loads(p["options"]) if p["options"] else {}
        # a board sized by an option is built when the game loads: loaded with that option
        self.rb = resized(Game.load(str(p["game"])), self.options)
        g = self.rb.g
        self.players = int(p["players"]) or g.players_min
        self.variant = p["variant"] or None
        self.explicit = p["chance"] == "explicit"
        self.utility = p["utility"]
        self.max_actions = int(p["max_actions"])
        self.seed = int(p["seed"])
        # secret choices of several seats as joint moves (joint.py): where the game has any
        self.simultaneous = p["dynamics"] == "simultaneous" or \
            (p["dynamics"] == "auto" and joint.has_secret_choices(g))
        self.rb.new_state(self.players, 0, self.variant, self.options) if not self.explicit \
            else None    # a bad player count, variant or option fails here, in words
        chance_outcomes = int(p["max_chance_outcomes"]) or max(64, len(g.cards))
        bound = float(p["max_utility"])
        info = pyspiel.GameInfo(
            num_distinct_actions=self.max_actions, max_chance_outcomes=chance_outcomes,
            num_players=self.players, min_utility=-bound, max_utility=bound,
            utility_sum=0.0 if self.utility == "score" and not g.cooperative else None,
            max_game_length=int(min(g.max_decisions, 100_000)))
        super().__init__(game_type(self.rb, p["chance"], self.utility, self.simultaneous),
                         info, p)

    def new_initial_state(self):
        return RulebookState(self)

    def __deepcopy__(self, memo):
        """A game never changes: state.clone() copies a state's fields, the game is shared."""
        return self

    def deserialize_state(self, text: str):
        """The state serialize() wrote (SaveFileError, in words, for any other text)."""
        return serial.deserialize(self, text, self.new_initial_state)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return Observer(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                        params)


class RulebookState(pyspiel.State):
    def __init__(self, game: RulebookGame):
        super().__init__(game)
        self.sg = game
        self.s = None                 # the rulebook state, once its next draw is known
        self.lines: list = []         # every log line so far: its text for each reader
        self.decided: list = []       # (seat, option index) of every decision
        self.moves: list = []         # the decisions of each move: one, or a joint move's
        self.op = None                # explicit chance: the move waiting for outcomes
        self.base = None              # ... the state it starts from
        self.given: list = []         # ... and the outcomes chosen for it so far
        self.chances: list = []       # the outcomes chosen for each settled move (serial.py)
        self.chance_n = 0             # outcomes of the pending draw (0: not a chance node)
        self.run(("start",))

    # ------------------------------------------------------------ running the rules
    def run(self, op) -> None:
        """Start the game or apply a decision; with explicit chance, up to the first draw
        whose outcome is not chosen yet (the state is then a chance node)."""
        self.op, self.base, self.given = op, self.s, []
        self.attempt()

    def attempt(self) -> None:
        g = self.sg
        lines: list = []
        s = None if self.op[0] == "start" else self.sg.rb.clone(self.base)
        try:
            with (rng.forced(self.given) if g.explicit else _nothing()):
                if self.op[0] == "start":
                    s = g.rb.new_state(g.players, g.seed, g.variant, g.options,
                                       listener=lines.append)
                else:
                    for seat, index in self.op[1]:     # one decision, or a joint move's
                        g.rb.apply(s, seat, index, listener=lines.append)
        except rng.NeedChance as e:
            if e.n > g.max_chance_outcomes():
                raise RulebookError(f"a draw of {e.n} outcomes: above max_chance_outcomes "
                                    f"({g.max_chance_outcomes()}); give it as a parameter")
            self.chance_n = e.n
            return
        self.s, self.chance_n, self.op = s, 0, None
        self.chances.append(list(self.given))
        # each line as each reader reads it (None: may not), fixed now that the move is
        # settled: plain tuples, which copy with the state
        readers = [None, *range(g.players)]
        self.lines += [tuple(line_text(line, r) if may_read(line, r) else None
                             for r in readers) for line in lines]

    # ------------------------------------------------------------ OpenSpiel's questions
    def current_player(self):
        if self.chance_n:
            return pyspiel.PlayerId.CHANCE
        if self.s["over"]:
            return pyspiel.PlayerId.TERMINAL
        if self.sg.simultaneous and joint.is_joint(self.s):
            return pyspiel.PlayerId.SIMULTANEOUS
        return self.sg.rb.waiting(self.s)[0]

    def ids(self, seat: int) -> list:
        """The action id of each of the seat's options (see the module)."""
        vals = self.sg.rb.option_values(self.s, seat)
        if all(type(v) is int and 0 <= v < self.sg.max_actions for v in vals) \
                and len(set(vals)) == len(vals):
            return list(vals)
        if len(vals) > self.sg.max_actions:
            raise RulebookError(f"a decision of {len(vals)} options: above max_actions "
                                f"({self.sg.max_actions}); give it as a parameter")
        return list(range(len(vals)))

    def _legal_actions(self, player):
        if self.chance_n or self.s["over"]:
            return []
        if self.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            return joint.legal(self, player)
        if player != self.current_player():
            return []
        return sorted(self.ids(player))

    def chance_outcomes(self):
        p = 1.0 / self.chance_n
        return [(k, p) for k in range(self.chance_n)]

    def _apply_action(self, action):
        if self.chance_n:
            self.given.append(int(action))
            self.attempt()
            return
        seat = self.current_player()
        self.move([(seat, self.ids(seat).index(int(action)))])

    def _apply_actions(self, actions):
        """A joint move: one action per player (joint.py)."""
        self.move(joint.answers(self, actions))

    def move(self, answers: list) -> None:
        self.decided += answers
        self.moves.append(len(answers))
        self.run(("apply", answers))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action} of {self.chance_n}"
        if joint.waits(self, player):
            return joint.WAIT
        labels = self.sg.rb.options(self.s, player)
        return labels[self.ids(player).index(int(action))]

    def is_terminal(self):
        return not self.chance_n and self.s["over"]

    def returns(self):
        n = self.sg.players
        if not self.is_terminal():
            return [0.0] * n
        result = self.sg.rb.result(self.s)
        if "team" in result:
            return [float(result["team"]["score"])] * n
        if self.sg.utility == "win":
            w = result["winners"]
            if len(w) != 1:
                return [0.0] * n
            return [1.0 if p == w[0] else -1.0 / (n - 1) for p in range(n)]
        scores = [float(x) for x in result["scores"]]
        mean = sum(scores) / n
        return [x - mean for x in scores]

    # ------------------------------------------------------------ what a seat knows
    def seat_view(self, seat) -> dict:
        return view(self.sg.rb, self.s, seat)

    def seat_log(self, seat) -> list:
        at = 0 if seat is None else seat + 1
        return [line[at] for line in self.lines if line[at] is not None]

    def serialize(self) -> str:
        """The state as a rulebook save (and explicit chance's outcomes): see serial.py."""
        return serial.serialize(self)

    def __str__(self):
        if self.s is None:
            return "chance (setting up)"
        return json.dumps({"decisions": self.s["decisions"], "log": self.seat_log(None)[-5:]})


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def load_game(game: str, players: int = 0, chance: str = "sampled", **options):
    """The pyspiel game of a rulebook game (a name under gamedefs/ or a path); extra keyword
    arguments are game options, or the adapter's parameters (seed, utility, max_actions,
    max_chance_outcomes, variant)."""
    params = {k: options.pop(k) for k in list(options) if k in PARAMS}
    return RulebookGame({"game": game, "players": players, "chance": chance,
                         "options": json.dumps(options), **params})


def register() -> None:
    """pyspiel.load_game("rulebook", {...}) makes a RulebookGame (once per process)."""
    if "rulebook" not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, RulebookGame)
