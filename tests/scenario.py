"""Helpers for scenario tests: set up a position by hand, then run one rule of the game.

    s = fresh(game, players=4, seed=1)      # a new state, setup run up to its first decision
    clear_flow(s)                           # nothing runs but what a test pushes
    clear_board(game, s)                    # every tile back to its supply (optional)
    place(s, game, "ally28", "0.slots.espionage")
    set_counter(s, game, 1, "IP", 6)
    log = run(game, s, "type:theft", {"me": 0, "card": "A04"})
    decide(game, s, "P2")

Program keys: "type:<card type>" for a card's effect (locals {"me": seat, "card": id}),
"proc:<procedure>" (locals: "me" and the procedure's parameters), "phase:<name>"
(locals {"me": None}).  When the pushed frame finishes, the stack is empty and the
VM ends the game (it computes a result): harmless in a scenario, and `run` starts the
next rule with the game reopened.
"""
from __future__ import annotations

import random
from pathlib import Path

from interpreter.runtime.game import Game
from interpreter.runtime.vm import VM

REPO = Path(__file__).resolve().parent.parent
# every game the repository ships (the rulebook games and the cookbook's), by game.yaml
SHIPPED = sorted([*(REPO / "gamedefs").glob("*/game.yaml"),
                  *(REPO / "examples").glob("*/game.yaml")])
# and the small games the tests declare
TEST_GAMES = sorted((REPO / "tests" / "games").glob("*/game.yaml"))


class Log(list):
    """The rule log lines a listener received."""

    def __call__(self, text: str) -> None:
        self.append(text)


def fresh(game: Game, players: int = 4, seed: int = 0, variant: str | None = None,
          listener=None) -> dict:
    """A new state: the setup has run up to its first decision."""
    return game.new_state(players=players, seed=seed, variant=variant, listener=listener)


def clear_flow(state: dict) -> dict:
    """Empty the stack and the pending decision, so only what a test pushes runs."""
    state["stack"] = []
    state["pending"] = None
    state["over"] = False
    state["result"] = None
    return state


def clear_board(game: Game, state: dict) -> None:
    """Send every card held by a player, and every revealed mission or market card,
    back to the zone it started in."""
    start = game.g.card_start
    for card, zone in list(state["loc"].items()):
        if zone[0].isdigit() or zone in ("market", "missions"):
            place(state, game, card, start[card])


def place(state: dict, game: Game, card: str, zone_key: str) -> None:
    """Move one card to a zone key ("0.slots.fame", "market", ...)."""
    VM(game.g, state).move(card, zone_key)


def place_all(state: dict, game: Game, cards, zone_key: str) -> None:
    for c in cards:
        place(state, game, c, zone_key)


def set_counter(state: dict, game: Game, seat, name: str, value: int) -> None:
    """A player's counter (seat given) or a game counter (seat None)."""
    if seat is None:
        state["g"][name] = value
    else:
        VM(game.g, state).set_counter(seat, name, value)


def set_turn(state: dict, turn: int) -> None:
    """The turn number, which is also the ally/servant limit per branch."""
    state["g"]["turn"] = turn


_STATS: dict = {}


def stat(game: Game, state: dict, seat: int, name: str) -> int:
    """A player's derived stat (fame, wealth, ...) as the rules compute it."""
    from interpreter.effects.compiler import Compiler
    key = (id(game.g), name)
    if key not in _STATS:
        _STATS[key] = Compiler(game.g).stat(name)
    vm = VM(game.g, state)
    vm.l = {"me": seat}
    return _STATS[key](vm, seat)


def ip(state: dict, seat: int) -> int:
    return state["pl"][seat]["IP"]


def zone(state: dict, key: str) -> list:
    return list(state["z"][key])


def run(game: Game, state: dict, program_key: str, local: dict | None = None,
        listener=None) -> Log:
    """Push one frame and run until a decision is pending or the frame has finished.

    Returns the log lines emitted (later decisions can append to the same Log by
    passing it to `decide`)."""
    if program_key not in game.g.programs:
        raise KeyError(f"no program {program_key!r}")
    log = listener if listener is not None else Log()
    state["over"] = False
    state["result"] = None
    vm = VM(game.g, state, log)
    vm.push(program_key, dict(local or {"me": None}))
    vm.run()
    return log


def waiting_seat(game: Game, state: dict):
    w = game.waiting(state)
    return w[0] if w else None


def options(game: Game, state: dict) -> list:
    seat = waiting_seat(game, state)
    return [] if seat is None else game.options(state, seat)


def decide(game: Game, state: dict, label, log: Log | None = None) -> int:
    """Apply a label (or index) for the seat that must decide now; returns that seat."""
    seat = waiting_seat(game, state)
    if seat is None:
        raise AssertionError("no decision is pending")
    if isinstance(label, int):
        game.apply(state, seat, label, listener=log)
    else:
        game.apply_label(state, seat, label, listener=log)
    return seat


def pick(game: Game, state: dict, prefix: str, log: Log | None = None) -> str:
    """Apply the single option whose label starts with `prefix`; returns the label."""
    opts = [o for o in options(game, state) if o.startswith(prefix)]
    if len(opts) != 1:
        raise AssertionError(f"{len(opts)} options start with {prefix!r}: {options(game, state)}")
    decide(game, state, opts[0], log)
    return opts[0]


def finished(state: dict) -> bool:
    """True when the pushed frame (and so the whole stack) has run to its end."""
    return not state["stack"] and state["pending"] is None


def advance(game: Game, state: dict, until, chooser=None, log: Log | None = None,
            limit: int = 10000) -> list:
    """Play decisions (the first option, or chooser(state, seat, options) -> label/index)
    until until(state) is true; returns [(seat, prompt, label)] for the decisions made."""
    made = []
    for _ in range(limit):
        if until(state) or game.is_over(state):
            return made
        seat = waiting_seat(game, state)
        opts = game.options(state, seat)
        choice = chooser(state, seat, opts) if chooser else 0
        label = opts[choice] if isinstance(choice, int) else choice
        made.append((seat, game.prompt(state), label))
        game.apply_label(state, seat, label, listener=log)
    raise AssertionError(f"no end after {limit} decisions")


def played_at_random(game: Game, players: int, seed: int, steps: tuple,
                     options: dict | None = None) -> dict:
    """A state after a number of random moves drawn from range(*steps) (fewer if the game
    ends), the moves and their number from random.Random(seed)."""
    r = random.Random(seed)
    s = game.new_state(players, seed=seed, options=options)
    for _ in range(r.randrange(*steps)):
        if s["over"]:
            break
        seat = game.waiting(s)[0]
        game.apply(s, seat, r.randrange(game.option_count(s, seat)))
    return s


def evaluate(game: Game, state: dict, text: str, types: dict | None = None, **local):
    """Compile one expression of the effect language and evaluate it with these locals
    (types default to "player" for me/target/p and "card" for card/c)."""
    from interpreter.effects.compiler import Compiler, Scope
    from interpreter.effects.parser import parse_expression
    guess = {"me": "player", "target": "player", "p": "player", "card": "card", "c": "card"}
    scope_types = {k: (types or {}).get(k, guess.get(k, "any")) for k in local}
    fn, _ = Compiler(game.g).expr(parse_expression(text), Scope(game.g, scope_types))
    vm = VM(game.g, state)
    vm.l = dict(local)
    return fn(vm)


_GAMES: dict = {}



def run_script(game: Game, text: str, s: dict | None = None, players: int = 2, me: int = 0,
               **local) -> dict:
    """Compile one script and run it as seat `me` (locals typed any) on `s`, or on a fresh
    state with nothing else running; returns the state (stopped at a decision, if any)."""
    from interpreter.effects.compiler import Compiler
    from interpreter.effects.parser import parse_script
    from interpreter.effects.script import ScriptCompiler
    if s is None:
        s = game.new_state(players=players, seed=1)
    s["stack"], s["pending"], s["over"] = [], None, False
    types = {"me": "player", **{k: "any" for k in local}}
    game.g.programs["test:script"] = ScriptCompiler(Compiler(game.g), types).compile(
        parse_script(text))
    s["stack"].append({"p": "test:script", "pc": 0, "l": {"me": me, **local}, "r": None})
    VM(game.g, s).run()
    return s

def load(name: str = "metras") -> Game:
    """A game loaded once per test session: a name under gamedefs/, or a path such as
    "examples/bust", read from the repository's root whatever the current directory."""
    if name not in _GAMES:
        path = name
        if "/" in name and not name.startswith("/"):
            path = str(REPO / name)
        _GAMES[name] = Game.load(path)
    return _GAMES[name]


def strings(x):
    """Every text inside a view (keys included: a label must not hide in a key either)."""
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from strings(v)
