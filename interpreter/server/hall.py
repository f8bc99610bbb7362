"""The server's tables: opening one (checked as `play` checks a new game), resuming the
journaled ones, running the bots off the event loop (a pool of their own, so a slow bot
never delays another table's messages), and pushing each connected client its message after
every change (only the latest one waits for a slow client)."""
from __future__ import annotations

import asyncio
import json
import secrets
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..analysis.overrides import resized
from ..bots import make_bot
from ..effects.rng import new_seed, seed_problem
from ..errors import RulebookError
from ..load.game_options import SetupError
from ..runtime.play_session import Session
from . import journal
from .table import HUMAN, Table, token_hash

TOKEN_BYTES = 24        # 192 bits from `secrets`
MAX_TABLES = 500        # running at once
MAX_NAME = 80           # characters of a game, variant, option or bot name


class Bad(Exception):
    """A request to open a table that cannot be met: status and one line."""

    def __init__(self, status: int, words: str):
        super().__init__(words)
        self.status, self.words = status, words


class Connection:
    """A websocket client: the latest message for it, sent when it is ready for one."""

    def __init__(self, ws, seat):
        self.ws, self.seat = ws, seat
        self.latest = None
        self.version = -1
        self.ready = asyncio.Event()

    def push(self, text: str, version: int) -> None:
        """Keep `text` to send unless a newer message was pushed already (messages made
        for several changes may finish out of order)."""
        if version < self.version:
            return
        self.latest, self.version = text, version
        self.ready.set()


class Hall:
    def __init__(self, catalog, data: Path, bot_workers: int = 4, workers: int = 16):
        self.catalog, self.data = catalog, data
        journal.folder(data).mkdir(parents=True, exist_ok=True)
        self.tables: dict = {}
        self.sockets: dict = {}         # table id -> set of Connection
        self.bot_tasks: dict = {}
        # decisions, journal writes (an fsync each: waiting on the disk, not the CPU) and
        # messages; the bots think in a pool of their own
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix="table")
        self.bot_pool = ThreadPoolExecutor(bot_workers, thread_name_prefix="bots")

    # ------------------------------------------------------------------ tables
    def resume(self) -> list:
        """The journaled tables, running again; the problems with any that are not."""
        tables, problems = journal.load_all(self.data, self.catalog)
        for t in tables:
            self._attach(t)
        return problems

    def _attach(self, table) -> None:
        table.journal = lambda t: journal.write(self.data, t)
        self.tables[table.id] = table

    def open(self, body: dict) -> tuple:
        """POST /api/tables (in a worker thread): the table, and each person's token."""
        name = body.get("game")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise Bad(400, "'game' must be a game's name (see GET /api/games)")
        entry = self.catalog.current(name)
        if entry is None:
            raise Bad(404, f"no game '{name}' is served here; the games are "
                           f"{', '.join(self.catalog.names())}")
        if entry.game is None:
            raise Bad(422, f"{name} has errors and cannot be played: "
                           + (entry.findings[0].splitlines()[0] if entry.findings else ""))
        if sum(1 for t in self.tables.values() if not t.ended) >= MAX_TABLES:
            raise Bad(503, f"this server runs {MAX_TABLES} tables already")
        players, variant = body.get("players"), body.get("variant")
        options, seed, seats = body.get("options") or {}, body.get("seed"), body.get("seats") or {}
        if players is not None and type(players) is not int:
            raise Bad(400, "'players' must be a whole number")
        if variant is not None and (not isinstance(variant, str) or len(variant) > MAX_NAME):
            raise Bad(400, "'variant' must be one of the game's variants")
        if not isinstance(options, dict) or not isinstance(seats, dict):
            raise Bad(400, "'options' and 'seats' must be objects")
        if seed is None:
            seed = new_seed()
        elif seed_problem(seed):
            raise Bad(400, f"'seed': {seed_problem(seed)}")
        h = self.catalog.keep(entry.game)
        try:
            # a board sized by an option is built at load: loaded again with that option
            game = resized(self.catalog.game_of(name, h), options)
            session = Session(game, players, seed, variant, options)
        except SetupError as e:
            raise Bad(400, str(e)) from None
        except RulebookError as e:
            raise Bad(422, f"the game could not start: {e}") from None
        n = session.players
        kinds = [HUMAN] * n
        for key, kind in seats.items():
            if not (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= n):
                raise Bad(400, f"'seats': no seat '{str(key)[:10]}'; seats are 1 to {n}")
            if not isinstance(kind, str) or len(kind) > MAX_NAME:
                raise Bad(400, f"'seats': seat {key} must be 'human' or a bot kind")
            kinds[int(key) - 1] = kind.strip()
        for k in set(kinds) - {HUMAN}:
            try:
                make_bot(k, game, 0)
            except RulebookError as e:
                raise Bad(400, str(e)) from None
        tokens = {p: secrets.token_urlsafe(TOKEN_BYTES) for p in range(n) if kinds[p] == HUMAN}
        creator = secrets.token_urlsafe(TOKEN_BYTES)
        tid = secrets.token_urlsafe(9)
        table = Table(tid, name, h, session, kinds,
                      [token_hash(tokens[p]) if p in tokens else None for p in range(n)],
                      token_hash(creator))
        journal.write(self.data, table)
        self._attach(table)
        return table, tokens, creator

    def running(self) -> list:
        return [t.summary(self.catalog.is_current(t.name, t.definition))
                for t in self.tables.values() if not t.ended]

    # ------------------------------------------------------------------ async side
    async def call(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    def kick(self, table) -> None:
        """Let the bots play at `table` (one task per table) and push every move."""
        task = self.bot_tasks.get(table.id)
        if task is None or task.done():
            self.bot_tasks[table.id] = asyncio.get_running_loop().create_task(self._bots(table))

    async def _bots(self, table) -> None:
        loop = asyncio.get_running_loop()
        while await loop.run_in_executor(self.bot_pool, table.bot_step):
            await self.changed(table)
        await self.changed(table)

    async def changed(self, table) -> None:
        """Each client of the table gets its seat's message (made once per seat)."""
        conns = list(self.sockets.get(table.id, ()))
        for seat in {c.seat for c in conns}:
            msg = await self.call(table.message, seat)
            text = json.dumps(msg, separators=(",", ":"))
            for c in conns:
                if c.seat == seat:
                    c.push(text, msg["version"])

    def join(self, table, conn) -> None:
        self.sockets.setdefault(table.id, set()).add(conn)
        table.connected[conn.seat] = table.connected.get(conn.seat, 0) + 1

    def leave(self, table, conn) -> None:
        self.sockets.get(table.id, set()).discard(conn)
        table.connected[conn.seat] = max(0, table.connected.get(conn.seat, 0) - 1)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
