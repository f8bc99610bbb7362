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

from ..effects import rng
from ..errors import IllegalMove, SaveFileError
from ..runtime import saves

WHAT = "the serialized rulebook state"


def serialize(state) -> str:
    g = state.sg
    rb = g.rb
    chances = state.chances + ([list(state.given)] if state.chance_n else [])
    # the decisions named by label: replayed on a plain state (labels are made only here)
    s, named = None, []
    for i, op in enumerate([None, *state.decided]):
        given = chances[i] if i < len(chances) else []
        if op is not None:
            named.append((op[0], rb.options(s, op[0])[op[1]]))
        if i == len(state.decided) and state.chance_n:
            break           # the move waiting for its outcomes: named, not made
        with (rng.forced(given) if g.explicit else _nothing()):
            if op is None:
                s = rb.new_state(g.players, g.seed, g.variant, g.options)
            else:
                rb.apply(s, op[0], op[1])
    save = None if state.s is None else saves.make(
        rb, state.s, g.players, g.seed, state.s["variant"], g.options, named)
    out = {"save": save}
    if g.explicit:
        out["chance"] = chances
    return json.dumps(out)


def deserialize(game, text: str):
    """The adapter's state a serialize() text describes, on `game` (a RulebookGame)."""
    from .adapter import RulebookState
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
    state = RulebookState(game)
    try:
        _outcomes(state, chance, 0)
        for i, (seat1, label) in enumerate(decisions):
            seat = seat1 - 1
            if state.is_chance_node() or state.is_terminal() or \
                    state.current_player() != seat:
                raise SaveFileError(f"decision {i + 1}: it is not {game.rb.g.seat_label(seat)}"
                                    "'s turn then")
            index = game.rb.index_of(state.s, seat, label)
            state.apply_action(state.ids(seat)[index])
            _outcomes(state, chance, i + 1)
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
