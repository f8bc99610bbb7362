"""What a position is worth to a seat, for the bots that look ahead (greedy, ismcts): the
game's `bots: evaluation` (else its score) about the seat, and a finished game's result.

In a cooperative game every seat wins or loses with the team, so a seat's value is the
team's: the mean of the evaluation over every seat (a team evaluation that names no `it`
is itself), and the end is a win for every seat or a loss for every seat. No seat then
gains by a teammate's loss."""
from __future__ import annotations

import math

from ..runtime.decisions import steps as own_steps
from ..runtime.evaluation import Evaluator, evaluate


def seat_value(game, s: dict, fn, seat: int) -> float:
    """fn's value of s for `seat` (`it` and `me` the seat, `so_far` its own steps in a secret
    sequence); in a cooperative game the team's value, the same for every seat."""
    if not game.g.cooperative:
        return evaluate(game.g, s, fn, seat, me=seat, so_far=own_steps(s, seat))
    values = team_values(game, s, fn)
    return values[seat]


def team_values(game, s: dict, fn) -> list:
    """Every seat's value of s by fn; in a cooperative game each is the team's (the mean)."""
    evaluator = Evaluator(game.g, s)
    n = s["n"]
    values = [evaluator(fn, p, me=p, so_far=own_steps(s, p)) for p in range(n)]
    if game.g.cooperative:
        return [sum(values) / n] * n
    return values


def final_value(game, s: dict, seat: int):
    """A finished game's value for `seat`: +inf a win (a sole win; a cooperative game: the
    team's), -inf a loss; None when neither (a shared win or a draw: the evaluation says)."""
    r = game.result(s)
    if game.g.cooperative:
        return math.inf if r["team"]["won"] else -math.inf
    if r["winners"] == [seat]:
        return math.inf
    if seat not in r["winners"]:
        return -math.inf
    return None
