"""A game of a run that ends in an error, written as a save file, so the designer reproduces
it with one command (`rulebook replay FILE` stops at the failing decision with the error's
place). Done only for a game in error: the game is played again, same seed and same bots
(bots choose from the position and their seed), this time keeping every decision's label."""
from __future__ import annotations

from pathlib import Path

from ..bots import make_bot
from ..runtime import saves as savefile

MAX_SAVES = 5      # per process: the first games in error are enough to reproduce
_written = [0]


def room() -> bool:
    """Whether this process may write another save (and count it)."""
    _written[0] += 1
    return _written[0] <= MAX_SAVES


def error_save(game, spec, task, stride: int, folder: str = ".") -> str | None:
    """The path of the save file written for this game, or None when it could not be (the
    error came before any decision or not from the rules, or the folder cannot be written)."""
    s = game.new_state(spec.players, task.seed, spec.variant, dict(spec.options))
    bots = [make_bot(k, game, task.seed * stride + p) for p, k in enumerate(task.bots)]
    decisions, last, failed = [], game.clone(s), False
    try:
        while not s["over"]:
            seat = game.waiting(s)[0]
            index = bots[seat].choose(game, s, seat)
            decisions.append((seat, game.options(s, seat)[index]))
            last = game.clone(s)
            game.apply(s, seat, index)
    except Exception:   # noqa: BLE001 - the error the run met: the save ends with its decision
        failed = True
    if not (failed and decisions):     # not the rules' error (a bot's), or before any decision
        return None
    path = Path(folder) / f"{game.g.id}-error-seed{task.seed}.json"
    data = savefile.make(game, last, s["n"], task.seed, spec.variant or game.g.default_variant,
                         dict(spec.options), decisions)
    try:
        savefile.write(str(path), data)
    except OSError:
        return None
    return str(path)
