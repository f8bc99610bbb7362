"""A game of a run that ends in an error, written as a save file, so the designer reproduces
it with one command (`rulebook replay FILE` stops at the failing decision with the error's
place). Done only for a game in error: the game is played again, same seed and same bots
(bots choose from the position and their seed), this time keeping every decision's label."""
from __future__ import annotations

from pathlib import Path

from ..bots import make_bot
from ..errors import GameError
from ..runtime import saves as savefile
from ..runtime.state import initial_state

MAX_SAVES = 5      # per process: the first games in error are enough to reproduce
_written = [0]


def room() -> bool:
    """Whether this process may write another save (and count it)."""
    _written[0] += 1
    return _written[0] <= MAX_SAVES


def error_save(game, spec, task, stride: int, folder: str = ".") -> str | None:
    """The path of the save file written for this game, or None when it could not be (the
    error came not from the rules but from a bot, or the folder cannot be written). A game
    whose setup failed (decision 0) gets a save without decisions: replaying it meets the
    same error before anyone is asked."""
    variant = spec.variant or game.g.default_variant
    try:
        s = game.new_state(spec.players, task.seed, spec.variant, dict(spec.options))
    except GameError:    # the setup failed: its hash is of the state before setup ran
        start = initial_state(game.g, spec.players, task.seed, variant, dict(spec.options))
        return _write(game, spec, task, start, [], folder)
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
    return _write(game, spec, task, last, decisions, folder)


def _write(game, spec, task, state, decisions, folder) -> str | None:
    path = Path(folder) / f"{game.g.id}-error-seed{task.seed}.json"
    data = savefile.make(game, state, state["n"], task.seed,
                         spec.variant or game.g.default_variant, dict(spec.options), decisions)
    try:
        savefile.write(str(path), data)
    except OSError:
        return None
    return str(path)
