"""serialize / deserialize_state of the OpenSpiel adapter, through rulebook's save format.

A state is serialised as JSON: {"save": a save file exactly as `rulebook play` writes one
(runtime/saves.py: the game, its definition's hash, players, seed, variant, options, the
decisions by label, the position's hash), "chance": [[outcome, ...] per move]}. "chance" is
only there with explicit chance: the outcomes chosen at the chance nodes of the start and of
each decision (the last move's maybe still incomplete: the state is then a chance node);
with sampled chance the save alone rebuilds the state, and the "save" part, written to a
file, is a save `rulebook play --load` and `rulebook replay` read. Before the first move is
settled (explicit chance at setup) "save" is null.

Deserialising replays it through OpenSpiel's own apply_action (so the state's history is
OpenSpiel's too), each decision found by its label; a text that is not such a state, or a
state of another game, definition, player count, seed, variant or options, is refused with a
SaveFileError saying which."""
from __future__ import annotations

import json

import pyspiel

from ..effects import rng
from ..errors import IllegalMove, SaveFileError
from ..runtime import saves
from .joint import NOOP

WHAT = "the serialized rulebook state"


def serialize(state) -> str:
    g = state.sg
    rb = g.rb
    chances = state.chances + ([list(state.given)] if state.chance_n else [])
    # the decisions named by label: replayed on a plain state (labels are made only here)
    s, named = None, []
    moves = [[]] + [state.decided[sum(state.moves[:k]):sum(state.moves[:k + 1])]
                    for k in range(len(state.moves))]     # the setup, then each move
    for i, answers in enumerate(moves):
        given = chances[i] if i < len(chances) else []
        named += [(seat, rb.options(s, seat)[index]) for seat, index in answers]
        if i == len(moves) - 1 and state.chance_n:
            break           # the move waiting for its outcomes: named, not made
        with (rng.forced(given) if g.explicit else _nothing()):
            if i == 0:
                s = rb.new_state(g.players, g.seed, g.variant, g.options)
            for seat, index in answers:
                rb.apply(s, seat, index)
    save = None if state.s is None else saves.make(
        rb, state.s, g.players, g.seed, state.s["variant"], g.options, named)
    out = {"save": save}
    if g.explicit:
        out["chance"] = chances
    return json.dumps(out)


def deserialize(game, text: str, new_state):
    """The adapter's state a serialize() text describes, on `game` (a RulebookGame);
    `new_state()` gives its initial state."""
    if not isinstance(text, str):
        raise SaveFileError(f"{WHAT} is a text, not {type(text).__name__}")
    data = saves.parse(text, WHAT)
    if not isinstance(data, dict) or not set(data) <= {"save", "chance"} or "save" not in data:
        raise SaveFileError(f"{WHAT} is a JSON object with 'save' (and 'chance' for explicit "
                            "chance)")
    save, chance = data["save"], data.get("chance", [])
    decisions = _checked(game, save) if save is not None else []
    if not game.explicit and "chance" in data:
        raise SaveFileError(f"{WHAT} has chance outcomes, and this game's chance is sampled")
    if not (isinstance(chance, list) and len(chance) <= len(decisions) + 1 and all(
            isinstance(xs, list) and all(type(x) is int for x in xs) for xs in chance)):
        raise SaveFileError(f"{WHAT}: 'chance' is a list of lists of outcomes, one per move")
    state = new_state()
    try:
        _outcomes(state, chance, 0)
        i = move = 0
        while i < len(decisions):
            move += 1
            seats = _movers(game, state, i)
            if i + len(seats) > len(decisions) or \
                    [d[0] - 1 for d in decisions[i:i + len(seats)]] != seats:
                seat = decisions[i][0] - 1
                raise SaveFileError(f"decision {i + 1}: it is not {game.rb.g.seat_label(seat)}"
                                    "'s turn then")
            actions = {seat: state.ids(seat)[game.rb.index_of(state.s, seat, label)]
                       for seat, (_, label) in zip(seats, decisions[i:i + len(seats)])}
            if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
                state.apply_actions([actions.get(p, NOOP) for p in range(game.players)])
            else:
                state.apply_action(actions[seats[0]])
            i += len(seats)
            _outcomes(state, chance, move)
    except IllegalMove as e:
        raise SaveFileError(f"{WHAT} cannot be replayed: {e}") from None
    if save is not None and not state.is_chance_node():
        problem, _ = saves.hash_problem(game.rb, state.s, save)
        if problem:
            raise SaveFileError(f"{WHAT}: {problem}")
    return state


def _checked(game, save) -> list:
    """The save's decisions, once it is a save of this very game (else SaveFileError)."""
    problem = saves.schema_problem(save)
    if problem:
        raise SaveFileError(f"{WHAT}: {problem}")
    g = game.rb.g
    want = {"game": g.id, "game_hash": g.definition_hash, "players": game.players,
            "options": game.options, "generator": rng.VERSION}
    if not game.explicit:
        want["seed"] = game.seed
    if game.variant is not None:
        want["variant"] = game.variant
    for field, value in want.items():
        if save.get(field, value) != value:
            raise SaveFileError(f"{WHAT} is of another game: its {field} is "
                                f"{json.dumps(save.get(field))[:60]}, this game's "
                                f"{json.dumps(value)[:60]}")
    return save["decisions"]


def _movers(game, state, i: int) -> list:
    """The seats whose decisions the next move takes: the player, or a joint move's seats."""
    if state.is_chance_node() or state.is_terminal():
        raise SaveFileError(f"decision {i + 1}: no one decides then (the game is "
                            f"{'over' if state.is_terminal() else 'at a chance node'})")
    if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
        return list(game.rb.waiting(state.s))
    return [state.current_player()]


def _outcomes(state, chance: list, i: int) -> None:
    for x in chance[i] if i < len(chance) else []:
        if not state.is_chance_node() or not 0 <= x < len(state.chance_outcomes()):
            raise SaveFileError(f"{WHAT}: chance outcome {x} of move {i} is not one of the "
                                "outcomes then")
        state.apply_action(x)


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
