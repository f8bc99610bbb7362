"""What simulate, compare and sweep share: the run's settings from the command line, a
progress bar, running the games and summarising them."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, \
    TimeRemainingColumn
from rich.text import Text

from ..bots import make_bot
from .common import Failed, bot_args, load_game, option_args, seed_option
from ..errors import GameError
from ..files import FileWriteError, atomic_file
from ..load.documents import resolve_game_path
from ..analysis.overrides import board_overrides, load_with_overrides, parse_sets
from ..analysis.cluster import WORKER_WAIT, SchedulerError, check_address
from ..analysis.runner import RunInterrupted, Runner, RunSpec, default_jobs, tasks_for
from ..analysis.stats import summarise
from ..analysis.game_metrics import per_game
from ..safe_text import spelled, spelled_all


def run_options(fn):
    """The options every command that runs games takes."""
    decorators = [
        click.option("-n", "games", type=click.IntRange(min=1), default=100, show_default=True,
                     help="Number of games (each played once per rotation with --rotate)."),
        click.option("--players", type=click.IntRange(min=1), help="Number of players (default: the game's "
                     "minimum)."),
        click.option("--seed", type=int, default=0, show_default=True, callback=seed_option,
                     help="The run's seed; game i's seed derives from it and i."),
        click.option("--bots", "kind", default="random", show_default=True, metavar="KIND",
                     help="The bot in every seat not given by --bot."),
        click.option("--bot", "bot_specs", metavar="SEAT=KIND", multiple=True,
                     help="One seat's bot (seats are 1-based). Repeatable."),
        click.option("--rotate", is_flag=True, help="Play each seed once per rotation of the "
                     "bots over the seats (separates a bot's strength from a seat's)."),
        click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
                     help="Worker processes (default: the number of cores)."),
        click.option("--scheduler", metavar="ADDRESS|local", help="Run the games on a Dask "
                     "cluster at tcp://HOST:PORT or HOST:PORT (needs: pip install -e "
                     "'.[cluster]'); 'local' starts one here."),
        click.option("--worker-wait", metavar="SECONDS", type=click.FloatRange(min=0),
                     default=WORKER_WAIT, show_default=True, expose_value=False,
                     callback=_keep_worker_wait, help="With --scheduler: how long the run waits "
                     "while the cluster has no worker before it fails."),
        click.option("--no-cards", "no_cards", is_flag=True, help="Skip per-card statistics."),
        click.option("--metrics", is_flag=True, expose_value=False, callback=_keep_metrics,
                     help="Also measure the evaluation-based metrics (lead changes, stability, "
                     "drama, decisiveness, comebacks): every seat's evaluation after every "
                     "decision, which costs time."),
    ]
    for d in reversed(decorators):
        fn = d(fn)
    return fn


def _keep_worker_wait(ctx, param, value):
    """--worker-wait reaches run_games through the click context, so simulate, compare and
    sweep need no parameter of their own for it."""
    ctx.meta["rulebook.worker_wait"] = value
    return value


def _keep_metrics(ctx, param, value):
    """--metrics reaches setup through the click context (like --worker-wait)."""
    ctx.meta["rulebook.metrics"] = value
    return value


def wants_trace() -> bool:
    ctx = click.get_current_context(silent=True)
    return bool(ctx and ctx.meta.get("rulebook.metrics"))


def dask_settings(scheduler) -> dict:
    """The checked --scheduler address (None: no Dask) and the --worker-wait seconds; a
    malformed address fails here, before any game is played."""
    if scheduler is None:
        return {"scheduler": None}
    try:
        check_address(scheduler)
    except SchedulerError as e:
        raise Failed(f"--scheduler {e}") from None
    ctx = click.get_current_context(silent=True)
    wait = ctx.meta.get("rulebook.worker_wait", WORKER_WAIT) if ctx else WORKER_WAIT
    return {"scheduler": scheduler, "worker_wait": wait,
            "say": lambda line: click.echo(spelled(line), err=True)}


@dataclass
class Setup:
    game: object
    spec: RunSpec
    kinds: list
    label: str = ""


def setup(game_name, players, variant, option_specs, set_specs, kind, bot_specs,
          cards=True, label="") -> Setup:
    """Load the game (with --set overrides), check every setting before a game is played."""
    overrides = parse_sets(set_specs)
    path = str(resolve_game_path(game_name).resolve())
    game = load_game(path) if not overrides else load_with_overrides(path, overrides)
    options = option_args(game, option_specs)
    resize = board_overrides(game, options)
    if resize:        # a board whose size reads an option: built again for this run
        overrides = tuple(overrides) + resize
        game = load_with_overrides(path, overrides)
    try:   # a bad player count or variant stops here; a rule bug is counted per game
        n = game.new_state(players, 0, variant, options)["n"]
    except GameError:
        n = players or game.g.players_min
    kinds = bot_kinds(game, n, kind, bot_specs)
    spec = RunSpec(path, n, variant, tuple(sorted(options.items())), overrides, cards,
                   trace=wants_trace())
    return Setup(game, spec, kinds, label)


def bot_kinds(game, n: int, kind: str, bot_specs) -> list:
    kinds = bot_args(game, [kind] * n, bot_specs)
    for k in set(kinds):
        make_bot(k, game, 0)   # an unknown kind fails before the run
    return kinds


class Speed(ProgressColumn):
    def render(self, task):
        return Text(f"{task.speed:.1f} games/s" if task.speed else "")


def run_games(st: Setup, games: int, seed: int, rotate: bool, jobs, scheduler, quiet: bool,
              con, partial_ok: bool = False, on_record=None, say_partial: bool = True) -> tuple:
    """Play the run; returns (records, report). Ctrl-C or SIGTERM stops it: with
    `partial_ok` the games finished so far are the run (report["interrupted"] says so, and
    unless `say_partial` is false, when the caller says what it makes of them, a line on
    stderr says it plainly), else the command ends with an error."""
    interrupted = None
    dask = dask_settings(scheduler)
    tasks = tasks_for(seed, games, st.kinds, rotate)
    with Progress(TextColumn(spelled(f"simulating {st.label}".rstrip()), markup=False), BarColumn(),
                  MofNCompleteColumn(), Speed(), TimeRemainingColumn(), console=con,
                  transient=True, disable=quiet or not con.is_terminal) as bar:
        task = bar.add_task("games", total=len(tasks))
        runner = Runner(jobs or (None if scheduler else default_jobs()), progress=lambda k:
                        bar.advance(task, k), on_record=on_record, **dask)
        start = time.perf_counter()
        try:
            records = runner.run(st.spec, tasks, st.game)
        except RunInterrupted as e:
            if not partial_ok:
                raise
            records = e.records
            interrupted = {"signal": e.signal, "finished": len(records), "planned": e.planned}
            if e.reason:   # its workers were lost: the error names them
                interrupted["error"] = e.reason
                click.echo(spelled(f"error: {e.reason}"), err=True)
            if say_partial:
                click.echo(f"interrupted ({e.signal}): a partial run: {len(records)} of "
                           f"{e.planned} games finished; the summary and the files cover "
                           "only those", err=True)
        except ImportError as e:
            raise Failed(f"{e}; install the extra with: pip install -e '.[cluster]'") from None
        except SchedulerError as e:
            raise Failed(str(e)) from None
        elapsed = max(time.perf_counter() - start, 1e-9)
    return records, summary(st, records, elapsed, seed, rotate, interrupted)


def summary(st: Setup, records: list, elapsed: float, seed: int, rotate: bool,
            interrupted: dict | None = None) -> dict:
    """The report of a run's records (all of them, or those a partial comparison keeps)."""
    g = st.game.g
    info = {"seed": seed, "bots": st.kinds[0] if len(set(st.kinds)) == 1 else ", ".join(st.kinds),
            "seat_bots": st.kinds, "rotate": rotate,
            "variant": st.spec.variant or g.default_variant,
            "options": {**g.options, **dict(st.spec.options)},
            "set": {k: v for k, v in st.spec.overrides}}
    if interrupted:
        info["interrupted"] = interrupted
    return summarise(g, records, elapsed, st.spec.players, info)


def stopped(signal: str):
    """The exit of a command a signal stopped, once what it finished is shown and written."""
    return SystemExit(INTERRUPTED_STATUS.get(signal, 1))   # a lost worker: an error


INTERRUPTED_STATUS = {"SIGINT": 130, "SIGTERM": 143}    # 128 + the signal's number
# (a run whose Dask workers were lost is a partial run too, and exits 1)


def with_value(st: Setup, path: str, value) -> Setup:
    """The same run with one more --set override (a sweep's step)."""
    overrides = tuple((k, v) for k, v in st.spec.overrides if k != path) + ((path, value),)
    spec = replace(st.spec, overrides=overrides)
    return Setup(load_with_overrides(spec.path, overrides), spec, st.kinds, f"{path}={value}")


def report_ready(report_path) -> None:
    """--report without matplotlib: refused before any game is played."""
    if report_path:
        from ..analysis.plots import require
        require()


def show(kind: str, result: dict, report_path, as_json: bool, con, render_fn,
         jsonl=None) -> None:
    """The end of simulate, compare and sweep: the result as JSON or rendered for the
    terminal, then the files asked for: `jsonl` (simulate's --jsonl: path, GameDef, records)
    and the HTML report, each written atomically (files.py). The result comes first, so a
    file that cannot be written (a full disk) loses no run: the failures are then named,
    each with its file, and the command fails."""
    if as_json:
        click.echo(json.dumps(result))
    else:
        render_fn(con, spelled_all(result))   # names laid out as they will be shown
    failed = []
    if isinstance(jsonl, JsonlStream):
        failed += jsonl.finish()
    elif jsonl:
        failed += _written(lambda: write_jsonl(*jsonl))
    if report_path:
        from ..analysis.report import write_report
        failed += _written(lambda: write_report(report_path, kind, result))
    if failed:
        raise Failed("; ".join(failed))


def _written(write) -> list:
    """[] when write() wrote its file, else [what failed, naming the file]."""
    try:
        write()
    except FileWriteError as e:
        return [str(e)]
    return []


def jsonl_row(g, r: dict) -> str:
    row = {"game": g.id, **r}
    if "winners" in r:
        row["winner"] = g.seat_label(r["winners"][0]) if len(r["winners"]) == 1 else None
        row["game_metrics"] = per_game(r)     # this game's own (analysis/game_metrics.py)
    return json.dumps(row) + "\n"


class JsonlStream:
    """simulate's --jsonl, written while the run plays: one line per finished game, in the
    run's order (a game finished early waits for those before it), into the temporary
    file of files.atomic_file, renamed over the target by finish(): a run never holds the
    lines, and a kill still leaves the earlier file or none. A write that fails (a full
    disk) removes the temporary file, stops the writing (the run goes on) and is named by
    finish(). An interrupted run's file holds the games finished before it, in order."""

    def __init__(self, path: str, g, order: dict):
        self.g, self.order, self.waiting, self.next = g, order, {}, 0
        self.failure = None
        self.writer = atomic_file(path)
        try:
            self.file = self.writer.__enter__()
        except FileWriteError as e:
            self.failure, self.writer = str(e), None

    def __call__(self, rec: dict) -> None:
        if self.writer is None:
            return
        self.waiting[self.order[(rec["index"], rec["rotation"])]] = jsonl_row(self.g, rec)
        self._write(lambda: self.next in self.waiting)

    def _write(self, more) -> None:
        try:
            while more():
                pos = self.next if self.next in self.waiting else min(self.waiting)
                self.file.write(self.waiting.pop(pos))
                self.next = pos + 1
        except OSError as e:
            self._abort(e)

    def _abort(self, e: OSError) -> None:
        writer, self.writer, self.waiting = self.writer, None, {}
        try:
            writer.__exit__(type(e), e, e.__traceback__)
        except FileWriteError as err:
            self.failure = str(err)

    def discard(self) -> None:
        """The run failed before its summary: remove the temporary file, keep the earlier."""
        if self.writer is not None:
            self._abort(OSError("the run failed"))
            self.failure = None

    def finish(self) -> list:
        """[] once the file is in place, else [what failed, naming the file]."""
        if self.writer is not None:
            self._write(lambda: bool(self.waiting))      # after an interrupt: what is left
        if self.writer is not None:
            writer, self.writer = self.writer, None
            try:
                writer.__exit__(None, None, None)
            except FileWriteError as e:
                self.failure = str(e)
        return [self.failure] if self.failure else []


def write_jsonl(path: str, g, records: list) -> None:
    """One line per game: seats are 0-based, `winners` empty in a draw or a capped game.
    Atomic: a kill or a full disk leaves the earlier file (or none), never some lines."""
    with atomic_file(path) as f:
        for r in records:
            f.write(jsonl_row(g, r))
