"""Root-parallel search (`ismcts:trees=2`): several trees grown from one position, each from
its own stream and with its share of the budget, their root statistics added up.

The trees depend only on the position, the bot's seed and the tree's number, never on
where they grew, so a decision is the same whether its trees grew one after the other in
this process or side by side in worker processes: the workers only save wall time.
Workers are forked from this process, so they hold the very game and bot that decide
here (nothing is loaded or pickled but the state and the answer). They are used only when
forking is safe and useful:

- never when this process runs other threads (the full-screen table, the server): a fork
  copies their locks mid-use; the trees then grow here, one after the other;
- never inside a worker of `simulate --jobs N` (the run's workers already fill the
  cores: see `serial_only`), nor beyond the cores this process may use.

A worker that finds its parent gone ends itself, so none outlives the program."""
from __future__ import annotations

import atexit
import os
import threading

_only_serial = False     # set in the workers of a run that has its own processes
_adopted = None          # in a worker: (game, bot) inherited by the fork


def serial_only() -> None:
    """Grow every tree in this process (called by a run's worker processes)."""
    global _only_serial
    _only_serial = True


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def shares(total: int, trees: int) -> list:
    """`total` iterations split over `trees` trees as evenly as whole numbers allow (each
    at least one)."""
    base, extra = divmod(max(total, trees), trees)
    return [base + (1 if k < extra else 0) for k in range(trees)]


def merge(tables: list) -> dict:
    """Root statistics of several trees for one seat: label -> [visits, reward sum]."""
    out: dict = {}
    for table in tables:
        for label, entry in table.items():
            acc = out.setdefault(label, [0, 0.0])
            acc[0] += entry[0]
            acc[1] += entry[1]
    return out


class Workers:
    """The forked processes of one bot, started at its first parallel decision."""

    def __init__(self, game, bot, count: int):
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        self.game = game        # the workers hold this game: another game needs new ones
        self.pool = ProcessPoolExecutor(
            max_workers=count, mp_context=multiprocessing.get_context("fork"),
            initializer=_adopt, initargs=(game, bot, os.getpid()))
        atexit.register(self.close)

    def grow(self, state: dict, seat: int, plans: list) -> list:
        """Each plan's (stream, iterations, ms) tree, grown in the workers: see
        IsmctsBot.grow_tree."""
        futures = [self.pool.submit(_grow_here, state, seat, plan) for plan in plans]
        return [f.result() for f in futures]

    def close(self) -> None:
        pool, self.pool = self.pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def workers_for(bot, game, wanted: int):
    """The bot's worker processes if its trees may grow in parallel now, else None."""
    count = min(wanted, cores())
    if _only_serial or count < 2 or threading.active_count() > 1 or _adopted is not None:
        return None
    if not hasattr(os, "fork"):
        return None
    held = bot.workers_pool
    if held is None or held.pool is None or held.game is not game:
        if held is not None:
            held.close()
        bot.workers_pool = Workers(game, bot, count)
    return bot.workers_pool


def _adopt(game, bot, parent: int) -> None:
    global _adopted
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the parent's to handle
    _adopted = (game, bot)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    import time
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _grow_here(state: dict, seat: int, plan: tuple) -> tuple:
    game, bot = _adopted
    return bot.grow_tree(game, state, seat, *plan)
