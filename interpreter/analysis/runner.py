"""Many seeded bot games, in this process, in worker processes or on a Dask cluster.

A run is a RunSpec (which game, how many players, options, overrides) and a list of
tasks (game index, rotation, seed, the bot kind of each seat). Workers load the game once
from its path and receive only tasks, never states; every game's record depends on its
task alone, so the records are the same however the games are spread out.
"""
from __future__ import annotations

import gc
import os
import signal
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass

from ..bots import root_parallel
from ..errors import RulebookError
from ..effects.rng import derive_seed
from . import repro
from .seat_bots import bot as seat_bot
from .metrics import evaluate as evaluate_metrics
from .events import Recorder

BOT_SEED_STRIDE = 1009   # bot p of the game with seed s draws from seed * 1009 + p


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game `index` of a run: a hash of both (rng.derive_seed), so nearby games
    share no part of their random streams."""
    return derive_seed(run_seed, index)


@dataclass(frozen=True)
class RunSpec:
    path: str                       # the game.yaml, resolved
    players: int
    variant: str | None = None
    options: tuple = ()             # (name, value) pairs
    overrides: tuple = ()           # (dotted path, value) pairs (--set)
    cards: bool = True              # record per-card events
    trace: bool = False             # record every seat's evaluation (simulate --metrics)


@dataclass(frozen=True)
class Task:
    index: int
    rotation: int
    seed: int
    bots: tuple                     # bot kind of each seat


def tasks_for(run_seed: int, games: int, kinds: list, rotate: bool) -> list:
    """Game i for every i; with `rotate`, once per rotation of the bots over the seats
    (rotation r seats bot kinds[(p + r) % n] at seat p), all on game i's seed."""
    n = len(kinds)
    rotations = range(n) if rotate else range(1)
    return [Task(i, r, game_seed(run_seed, i), tuple(kinds[(p + r) % n] for p in range(n)))
            for i in range(games) for r in rotations]


# ---------------------------------------------------------------- one game
_games: dict = {}   # RunSpec's game part -> Game, once per process


def game_for(spec: RunSpec):
    key = (spec.path, spec.overrides)
    if key not in _games:
        from .overrides import load_with_overrides
        _games.clear()
        _games[key] = load_with_overrides(spec.path, spec.overrides)
    return _games[key]


def play_game(game, spec: RunSpec, task: Task) -> dict:
    """One bot game -> its record (plain data, one JSON line of --jsonl)."""
    rec = {"index": task.index, "rotation": task.rotation, "seed": task.seed,
           "bots": list(task.bots)}
    events = Recorder(game.g.card_stats) if spec.cards or game.g.metrics else None
    try:
        s = game.new_state(spec.players, task.seed, spec.variant, dict(spec.options),
                           events=events)
        bots = [seat_bot(k, game, task.seed * BOT_SEED_STRIDE + p)   # make_bot, or --forbid's
                for p, k in enumerate(task.bots)]
        multi = offered = 0                       # the choice metrics (game_metrics.choice)
        trace = Trace(game) if spec.trace else None
        if trace is not None:
            trace.after(s)                        # the first decision's position
        while not s["over"]:
            seat = game.waiting(s)[0]
            k = game.bot_option_count(s, seat)
            multi += k > 1
            offered += k
            game.apply(s, seat, bots[seat].choose(game, s, seat), events=events)
            if trace is not None:
                trace.after(s)
    except Exception as e:   # noqa: BLE001 - one broken game must not end the run: record it
        rec["error"] = str(e) if isinstance(e, RulebookError) else f"{type(e).__name__}: {e}"
        if not spec.overrides and repro.room():   # (with --set the files are not the game)
            try:
                rec["save"] = repro.error_save(game, spec, task, BOT_SEED_STRIDE)
            except Exception:   # noqa: BLE001 - the error itself is recorded above
                pass
        return rec
    result = s["result"]
    counter = game.g.rounds.get("counter")
    # a cap (`end game as capped`) is neither a win nor a draw; a draw is `end game as draw`
    # or several best rankings (in a cooperative game: only the former)
    rec.update(winners=result["winners"], scores=result["scores"],
               capped=bool(s.get("capped")),
               draw=bool(result.get("draw")) and not s.get("capped"),
               decisions=s["decisions"], forced=s.get("forced", 0),
               rounds=s["g"].get(counter) if counter else None, choice=[multi, offered])
    if trace is not None:
        rec["trace"] = trace.values
    if "team" in result:   # a cooperative game: the team's score and win
        rec["team"] = result["team"]
    if spec.cards:
        rec["acquired"], rec["played"] = events.acquired, events.played
    metrics = game.g.metrics
    if metrics:
        rec["metrics"] = evaluate_metrics(metrics, game.g, s, events)
    return rec


class Trace:
    """Every seat's evaluation at each settled position (nobody has answered the pending
    decision yet: a secret choice is read once all its answers are in), from the first
    decision's to the last one's, for the evaluation-based metrics."""

    def __init__(self, game):
        from ..bots.seat_value import team_values
        self.game, self.values_of = game, team_values
        self.fn = game.g.exprs.get("evaluation") or game.g.exprs.get("score")
        self.values: list = []

    def after(self, s: dict) -> None:
        pending = s["pending"]
        if self.fn is None or (pending is not None and pending["ans"]) or s["over"]:
            return
        self.values.append([round(float(v), 6) for v in self.values_of(self.game, s, self.fn)])


def play_chunk(spec: RunSpec, tasks: list) -> list:
    """The work item of a worker: a few games of one run."""
    game = game_for(spec)
    return [play_game(game, spec, t) for t in tasks]


# ---------------------------------------------------------------- many games
def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def chunks(tasks: list, workers: int) -> list:
    """Small enough to balance the workers and show progress, large enough that sending
    them costs little next to playing them."""
    size = max(1, min(10, len(tasks) // (workers * 16) or 1))
    return [tasks[i:i + size] for i in range(0, len(tasks), size)]


@dataclass
class Runner:
    jobs: int = 1
    scheduler: str | None = None         # a Dask scheduler address, or "local"
    progress: object = None              # called with the number of games just finished
    worker_wait: float = 60.0            # Dask: seconds without a worker before the run fails
    say: object = None                   # Dask: told (one line) that the run waits for a worker
    on_record: object = None             # called with each record as its game finishes

    def keep(self, records: list, rec: dict) -> None:
        """A finished game's record: told to on_record (--jsonl streams it), then kept in
        a compact form (its card events' seat lists as tuples, card ids shared): the summary
        needs every record, and a record fresh from a worker holds its own copy of every
        card id."""
        if self.on_record is not None:
            self.on_record(rec)
        for kind in ("acquired", "played"):
            events = rec.get(kind)
            if events:
                rec[kind] = {sys.intern(c): tuple(seats) for c, seats in events.items()}
        records.append(rec)

    def run(self, spec: RunSpec, tasks: list, game=None) -> list:
        """Every task's record, in task order. Ctrl-C (SIGINT) or SIGTERM stops the run:
        the workers are ended at once and RunInterrupted carries the records finished so
        far (in task order)."""
        records: list = []
        try:
            with _terminate_interrupts():
                if self.scheduler is not None:   # '' is a malformed address, not "no cluster"
                    from .cluster import run_on_dask     # records kept as they arrive
                    run_on_dask(self.scheduler, spec, chunks(tasks, 4), self.progress,
                                self.jobs, self.worker_wait, self.say,
                                keep=lambda rec: self.keep(records, rec))
                elif self.jobs <= 1 or len(tasks) <= 1:
                    game = game or game_for(spec)
                    for t in tasks:
                        self.keep(records, play_game(game, spec, t))
                        self.tick(1)
                else:
                    self.run_processes(spec, tasks, game, records)
        except KeyboardInterrupt as e:
            raise RunInterrupted(_ordered(records), len(tasks),
                                 "SIGTERM" if isinstance(e, Terminated) else "SIGINT") from None
        except WorkersLost as e:
            if not records:    # nothing finished: the error alone
                raise
            raise RunInterrupted(_ordered(records), len(tasks), "worker lost", str(e)) from None
        return _ordered(records)

    def run_processes(self, spec, tasks, game, records: list) -> None:
        """The records, added to `records` as each chunk finishes (so an interrupted run
        keeps what was finished)."""
        from concurrent.futures import ProcessPoolExecutor, as_completed
        if game is not None:   # forked workers inherit the loaded game; others load it once
            _games.clear()
            _games[(spec.path, spec.overrides)] = game
        gc.freeze()   # forked workers share the loaded game's pages instead of copying them
        pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_worker_signals)
        try:
            futures = [pool.submit(play_chunk, spec, c) for c in chunks(tasks, self.jobs)]
            for f in as_completed(futures):
                done = f.result()
                for rec in done:
                    self.keep(records, rec)
                self.tick(len(done))
        except BaseException:
            _stop_workers(pool)
            raise
        finally:
            gc.unfreeze()
        pool.shutdown()

    def tick(self, n: int) -> None:
        if self.progress is not None:
            self.progress(n)


# ---------------------------------------------------------------- stopping a run
class RunInterrupted(RulebookError):
    """A run stopped by Ctrl-C or SIGTERM: `records` are the games finished before it (in
    task order), `planned` how many the run had, `signal` which signal stopped it. A run
    whose workers were lost stops the same way: `signal` is "worker lost" and `reason` the
    error that names them."""

    def __init__(self, records: list, planned: int, signal_name: str, reason: str | None = None):
        super().__init__(reason or f"interrupted ({signal_name}) after {len(records)} of "
                                   f"{planned} games")
        self.records, self.planned, self.signal = records, planned, signal_name
        self.reason = reason


class WorkersLost(RulebookError):
    """The run's workers died or left mid-run (raised by the Dask backend, cluster.py): the
    games already finished are kept, as a partial run."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the run is, like Ctrl-C's KeyboardInterrupt."""


def _ordered(records: list) -> list:
    return sorted(records, key=lambda r: (r["index"], r["rotation"]))


@contextmanager
def _terminate_interrupts():
    """While the run lasts, SIGTERM interrupts it as Ctrl-C does (the main thread only:
    signal handlers cannot be set elsewhere)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated(signum, frame):
        raise Terminated()
    before = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _worker_signals() -> None:
    """A worker leaves Ctrl-C to the run (which ends it): a terminal's Ctrl-C reaches every
    process of the group, and a worker dying of it mid-game would print a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    root_parallel.serial_only()     # the run's processes fill the cores already


def _stop_workers(pool, grace: float = 1.0) -> None:
    """End the pool's worker processes now (SIGTERM, then SIGKILL after `grace` seconds)
    and wait for them, so that none outlives the run."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(grace)
        if p.is_alive():
            p.kill()
            p.join(grace)
