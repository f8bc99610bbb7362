"""Secret choices of several seats as OpenSpiel joint moves (the SIMULTANEOUS dynamics).

A game with any `choose ... by each of PLAYERS` (dynamics "auto", the default) is registered
SIMULTANEOUS: while such a choice is pending the state's player is
PlayerId.SIMULTANEOUS, each seat that chooses has its options as legal actions, every other
seat the one action NOOP ("wait"), and _apply_actions answers for every seat that chooses at
once, in seat order, so no seat ever sees another's answer before its own. Every other
decision (and a secret sequence, composed step by step, each seat's length its own) is a
node of one player, as OpenSpiel allows in a simultaneous game. dynamics="sequential" keeps
the seat-by-seat asking of a SEQUENTIAL game."""
from __future__ import annotations

from ..errors import RulebookError

NOOP = 0            # the action of a seat that has no part in a joint move
WAIT = "wait"


def has_secret_choices(g) -> bool:
    """Whether any compiled program asks a choice `by each of` seats."""
    return any(getattr(op, "asks_each", False) for ops in g.programs.values() for op in ops)


def is_joint(s: dict) -> bool:
    """Whether the pending decision is a secret choice of several seats (not a sequence)."""
    p = s["pending"]
    return p is not None and p["each"] and "seq" not in p


def waits(state, player) -> bool:
    """Whether `player` has no part in the joint move pending."""
    return state.sg.simultaneous and not state.chance_n and not state.s["over"] and \
        is_joint(state.s) and player not in state.sg.rb.waiting(state.s)


def legal(state, player) -> list:
    if player in state.sg.rb.waiting(state.s):
        return sorted(state.ids(player))
    return [NOOP]


def answers(state, actions) -> list:
    """(seat, option index) of each seat that chooses, from one action per player."""
    seats = state.sg.rb.waiting(state.s)
    if len(actions) != state.sg.players:
        raise RulebookError(f"a joint move has one action per player ({state.sg.players}), "
                            f"not {len(actions)}")
    out = []
    for seat in seats:
        ids = state.ids(seat)
        if int(actions[seat]) not in ids:
            raise RulebookError(f"{actions[seat]} is not a legal action of player {seat}")
        out.append((seat, ids.index(int(actions[seat]))))
    return out
