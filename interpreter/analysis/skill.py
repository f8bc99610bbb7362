"""The skill metrics (issue: does the better player win more, and by how much) and restricted
play (what a card is worth when one seat may never take it), each measured by more games on
the run's own seeds.

- skill trace: greedy in one seat against random in the others, then the search bot at 2N
  iterations against itself at N, the strong seat rotated over every seat; each row is the
  strong seat's win rate minus its fair share, with Wilson's interval.
- restricted play (--forbid CARD): each seat in turn plays with a bot that never takes an
  option whose value is a copy of CARD (when its own choice is one, it takes another option,
  at random among the rest; when every option is one, it takes its choice), on the same seeds
  as the unrestricted run; the change in that seat's win rate, with Newcombe's interval, is
  the card's interventional value, beside the observational per-card table."""
from __future__ import annotations

import math

from .intervals import Z, rate_difference, wilson
from .runner import RunSpec, tasks_for
from .seat_bots import FORBID, ForbidBot, copies_of  # noqa: F401 - skill's restricted seats

def edge(name: str, wins: int, n: int, fair: float) -> dict:
    """A win rate minus a fair share, as a metric (sd chosen so compare's difference uses
    the Wilson interval's width)."""
    lo, hi = wilson(wins, n)
    rate = wins / n if n else 0.0
    half = (hi - lo) / 2
    return {"name": name, "kind": "mean", "n": n, "value": rate - fair,
            "sd": half / Z * math.sqrt(n) if n else 0.0, "interval": [lo - fair, hi - fair]}


def strong_seat_edge(runner, spec: RunSpec, game, games: int, seed: int, strong: str,
                     weak: str, name: str) -> dict:
    """`strong` in one seat, `weak` in the others, rotated over every seat on each seed."""
    n = spec.players
    kinds = [strong] + [weak] * (n - 1)
    records = runner.run(spec, tasks_for(seed, games, kinds, True), game=game)
    done = [r for r in records if "error" not in r]
    wins = sum(1 for r in done for p, k in enumerate(r["bots"])
               if k == strong and r["winners"] == [p])
    decided = sum(1 for r in done if len(r["winners"]) == 1)
    fair = decided / len(done) / n if done else 1 / n
    return edge(name, wins, len(done), fair)


def skill_trace(runner, spec: RunSpec, game, games: int, seed: int, iterations: int) -> list:
    return [
        strong_seat_edge(runner, spec, game, games, seed, "greedy", "random",
                         "skill_greedy_vs_random"),
        strong_seat_edge(runner, spec, game, games, seed, f"ismcts:iterations={2 * iterations}",
                         f"ismcts:iterations={iterations}", "skill_search_2n_vs_n"),
    ]


def restricted_play(runner, spec: RunSpec, game, kinds: list, games: int, seed: int,
                    card: str, baseline: list) -> dict:
    """Each seat in turn forbidden CARD on the run's seeds; its win rate against the same
    seat's in the baseline records (the run itself)."""
    n = spec.players
    k1 = n1 = k0 = n0 = 0
    base = [r for r in baseline if "error" not in r]
    for p in range(n):
        restricted = list(kinds)
        restricted[p] = f"{kinds[p]}{FORBID}{card}"
        records = runner.run(spec, tasks_for(seed, games, restricted, False), game=game)
        done = [r for r in records if "error" not in r]
        k1 += sum(1 for r in done if r["winners"] == [p])
        n1 += len(done)
        k0 += sum(1 for r in base if r["winners"] == [p])
        n0 += len(base)
    d, lo, hi = rate_difference(k1, n1, k0, n0)
    return {"card": card, "with": k0 / n0 if n0 else 0.0, "forbidden": k1 / n1 if n1 else 0.0,
            "difference": d, "interval": [lo, hi], "games": games, "seats": n,
            "verdict": "the card helps" if hi < 0 else "the card hurts" if lo > 0
            else "no effect detected"}
