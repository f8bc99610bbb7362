"""Games on a Dask distributed cluster: the same work items as the worker processes
(play_chunk: a run's spec and a few tasks), sent with Client.map. Each Dask worker loads
the game once from its path (the path must be readable there) and keeps it.

    dask scheduler                         # prints the address, tcp://HOST:8786
    dask worker tcp://HOST:8786            # on every machine, as many as wanted
    rulebook simulate GAME -n 10000 --scheduler tcp://HOST:8786

`--scheduler local` starts a LocalCluster on this machine for the run (one single-threaded
worker process per core, or --jobs). A run without a worker for `worker_wait` seconds (none
yet, or the last one died) and a scheduler that goes away end in a SchedulerError, one line.
"""
from __future__ import annotations

import gc
import logging
import re
import time
from concurrent.futures import CancelledError
from contextlib import contextmanager

from ..errors import RulebookError
from .runner import WorkersLost, default_jobs, play_chunk

WORKER_WAIT = 60.0     # seconds a run waits for a worker before it fails
CONNECT_WAIT = 30      # seconds to reach the scheduler
POLL = 0.5             # seconds between looks at the workers while no game finishes
VALID = "write tcp://HOST:PORT, HOST:PORT or local"
_ADDRESS = re.compile(r"(?:(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://)?(?P<host>\[[^\]]*\]|[^:/\[\]]*)"
                      r"(?::(?P<port>[^:/]*))?")
_HOST = re.compile(r"\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+")


class SchedulerError(RulebookError):
    """A malformed scheduler address, no worker in time, or a scheduler gone mid-run."""


class WorkerLost(SchedulerError, WorkersLost):
    """The run's workers died or left mid-run: the error names them, and the runner keeps
    the games finished as a partial run."""


def check_address(text: str) -> str:
    """The address itself when it is `local`, tcp://HOST:PORT or HOST:PORT (HOST a name, an
    IPv4 address or [IPv6]); else a SchedulerError saying what is wrong. Checked before the
    run, so a typo costs no game and no Dask traceback."""
    shown = repr(text if len(text) <= 60 else text[:60] + "...")
    if text == "local":
        return text

    def bad(why: str):
        return SchedulerError(f"{shown}: {why}; {VALID}")
    if not text.strip():
        raise bad("the address is empty")
    if len(text) > 300:
        raise bad(f"the address is {len(text)} characters long")
    if text != text.strip() or any(c.isspace() for c in text):
        raise bad("the address has a space or a control character in it")
    if text.startswith("://"):
        raise bad("the protocol is missing before '://'")
    m = _ADDRESS.fullmatch(text)
    if m is None:
        raise bad("this is not an address")
    if m["scheme"] is not None and m["scheme"] != "tcp":
        raise bad(f"the protocol {m['scheme']!r} is not supported")
    host, port = m["host"], m["port"]
    if not host:
        raise bad("the host is missing")
    if not _HOST.fullmatch(host) or len(host) > 255:
        raise bad(f"{host[:60]!r} is not a host name or IP address")
    if port is None:
        raise bad("the port is missing")
    if not port.isascii() or not port.isdigit():
        raise bad(f"the port {port[:20]!r} is not a number")
    if not 1 <= int(port) <= 65535:
        raise bad(f"the port {int(port)} is not between 1 and 65535")
    return text


def run_on_dask(address: str, spec, chunks: list, progress=None, workers=None,
                worker_wait: float = WORKER_WAIT, say=None, keep=None) -> list:
    """Every chunk's records. `keep` (when given) takes each record as its chunk arrives, so
    a run stopped by Ctrl-C still has the games finished; `say` (one line of text) hears that
    the run waits for a worker."""
    check_address(address)
    try:
        from distributed import Client, LocalCluster, wait
    except ImportError:
        raise ImportError("--scheduler needs Dask") from None
    cluster = None
    with _quiet_dask():
        try:
            if address == "local":
                cluster = LocalCluster(n_workers=workers or default_jobs(), threads_per_worker=1,
                                       processes=True, dashboard_address=None)
                client = Client(cluster)
            else:
                client = Client(address, timeout=CONNECT_WAIT)
        except OSError as e:   # unreachable, refused, timed out
            raise SchedulerError(f"cannot reach the Dask scheduler at {address}: {e}") from None
        try:
            futures = client.map(play_chunk, [spec] * len(chunks), chunks, pure=False)
            return _gather(client, futures, address, progress, worker_wait, say, wait, keep)
        finally:
            _close(client, cluster)


def _close(client, cluster) -> None:
    """Leave the cluster. A close that times out (a client with thousands of futures whose
    worker is gone) must not replace the run's outcome: "timed out after 5 s" hid the lost
    worker and lost the games finished (issue 32)."""
    for part in (client, cluster):
        if part is None:
            continue
        try:
            part.close(timeout=5)
        except Exception:   # noqa: BLE001 - the run's own result or error is what counts
            pass


def _gather(client, futures, address, progress, worker_wait, say, wait, keep=None) -> list:
    """The futures' records as they finish (each also given to `keep`); fails when the
    cluster has had no worker for worker_wait seconds, or when the scheduler is gone."""
    records, pending, idle_since = [], set(futures), None
    seen: set = set()     # the workers the run has had
    while pending:
        try:
            done, pending = wait(pending, timeout=POLL, return_when="FIRST_COMPLETED")
        except TimeoutError:   # Dask's way of saying: none finished within POLL
            done = set()
        except CancelledError:   # the scheduler went away and took the work with it
            raise SchedulerError(f"the Dask scheduler at {address} went away during the run") \
                from None
        for f in done:
            chunk = _result(f, address, len(records))
            if chunk is None:   # its result was on a worker that died: it is played again
                pending.add(f)
                continue
            records.extend(chunk)
            for rec in chunk if keep is not None else ():
                keep(rec)
            if progress is not None:
                progress(len(chunk))
        if not pending:
            break
        if client.status not in ("running", "connecting"):
            raise SchedulerError(f"the Dask scheduler at {address} went away during the run")
        workers = _workers(client, address)
        if workers:
            seen |= workers
            idle_since = None
            continue
        if idle_since is None:
            idle_since = time.monotonic()
            if say is not None:
                say(f"waiting up to {worker_wait:g} s for a Dask worker at {address} "
                    f"(start one with: dask worker {address})")
        if time.monotonic() - idle_since >= worker_wait:
            played = f"({len(records)} of the run's games were played)"
            if seen:   # the run had workers: name the ones it lost
                raise WorkerLost(f"lost the Dask {_named(seen)}: no worker at {address} for "
                                 f"{worker_wait:g} s {played}; start workers with: "
                                 f"dask worker {address}")
            raise SchedulerError(f"no Dask worker at {address} for {worker_wait:g} s "
                                 f"{played}; start workers with: dask worker {address}")
    return records


def _result(future, address, played: int) -> list:
    """A chunk's records, or None when they were lost with their worker before they
    arrived; a game's own error (a rule bug) is raised as it is."""
    if future.status in ("pending", "lost"):   # cheap: no wait on each of many lost ones
        return None
    try:
        return future.result(timeout=POLL)
    except TimeoutError:
        return None
    except CancelledError:   # the scheduler went away and took the work with it
        raise SchedulerError(f"the Dask scheduler at {address} went away during the run") from None
    except Exception as e:
        if type(e).__name__ != "KilledWorker":   # the chunk's own error
            raise
        last = getattr(getattr(e, "last_worker", None), "address", None)
        raise WorkerLost(f"lost the Dask {_named({last} if last else set())}: it died playing "
                         f"the run's games, and so did each worker that took them over "
                         f"({played} of the run's games were played)") from None


def _named(workers: set) -> str:
    if not workers:
        return "worker"
    return ("worker " if len(workers) == 1 else "workers ") + ", ".join(sorted(workers))


def _workers(client, address) -> set:
    """The addresses of the scheduler's workers now."""
    try:
        return set(client.scheduler_info()["workers"])
    except (OSError, TimeoutError) as e:
        raise SchedulerError(f"the Dask scheduler at {address} went away during the run: "
                             f"{e}") from None


@contextmanager
def _quiet_dask():
    """Dask's loggers print tracebacks when a scheduler or worker goes away; our error says
    it in one line instead. Dask's config gives some of its loggers their own levels
    (distributed.client ...), so each is quieted, not only the parent."""
    names = ["distributed", "tornado", "asyncio"] + [
        n for n in list(logging.root.manager.loggerDict) if n.startswith("distributed.")]
    loggers = [logging.getLogger(n) for n in names]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        # a task of the closed client that ended in an error is reported by asyncio when it
        # is collected ("Task exception was never retrieved", a traceback): collected here,
        # while its logger is quiet, not later at some unrelated moment
        gc.collect()
        for lg, level in zip(loggers, levels):
            lg.setLevel(level)
