"""rulebook serve under load, on loopback: TABLES tables (seat 1 played by this script, the
other seats random bots) and two websocket clients per table (seat 1's and a spectator's:
100 clients for 50 tables). Each move is seat 1's POST; its latency is the time from sending
it to the moment every client of that table holds a message at least as new as the POST's
answer. Prints the median and p95 of those latencies, the server's memory per table (its
resident size after the tables opened, less before, divided by their number) and the
machine's load. Bounded: MOVES moves per table and at most SECONDS seconds in all; the
server is started and stopped (by its PID) here.

    python benchmarks/serve_load.py [--tables 50] [--moves 10] [--seconds 240] [--game metras]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def start(data: Path, game: str):
    proc = subprocess.Popen([sys.executable, "-c", "import cli; cli.main()", "serve", game,
                             "--port", "0", "--data", str(data), "--rate", "100000"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    for line in proc.stdout:
        m = re.match(r"Lobby: (http://\S+?)/?$", line.strip())
        if m:
            return proc, m.group(1)
    raise RuntimeError("the server did not start")


class Watcher:
    """One websocket client: the newest version it holds, and a wake-up for waiters."""

    def __init__(self):
        self.version = -1
        self.latest = None
        self.event = asyncio.Event()

    async def run(self, url: str) -> None:
        async with connect(url, max_size=2 ** 24) as ws:
            async for text in ws:
                msg = json.loads(text)
                if msg["version"] >= self.version:
                    self.version, self.latest = msg["version"], msg
                    self.event.set()

    async def until(self, test, deadline: float) -> bool:
        while not test():
            self.event.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self.event.wait(), left)
            except asyncio.TimeoutError:
                return False
        return True


async def table_loop(client, ws_base, opened, moves, deadline, latencies, done):
    tid, tok = opened["table"], opened["seats"]["1"]["token"]
    seat, spect = Watcher(), Watcher()
    tasks = [asyncio.create_task(seat.run(f"{ws_base}/api/tables/{tid}/seat/1/ws?token={tok}")),
             asyncio.create_task(spect.run(f"{ws_base}/api/tables/{tid}/spectate/ws"))]
    try:
        for _ in range(moves):
            asked = await seat.until(lambda: seat.latest is not None and (
                seat.latest["over"] or (1 in seat.latest["waiting"]
                                        and "options" in seat.latest["view"])), deadline)
            if not asked or seat.latest["over"]:
                break
            t0 = time.perf_counter()
            try:
                r = await client.post(f"/api/tables/{tid}/seat/1",
                                      json={"token": tok, "decision": seat.latest["decision"],
                                            "option": 0})
            except httpx.TransportError:        # a kept-alive connection closed: again
                continue
            if r.status_code != 200:
                continue        # another seat's answer moved the question on: ask again
            v = r.json()["version"]
            ok = [await w.until(lambda w=w: w.version >= v, deadline) for w in (seat, spect)]
            if all(ok):
                latencies.append(time.perf_counter() - t0)
        done.append(tid)
    finally:
        for t in tasks:
            t.cancel()


async def main_async(args, url: str, pid: int):
    ws_base = url.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        before = rss_kb(pid)
        tables = []
        for i in range(args.tables):
            r = await client.post("/api/tables", json={
                "game": args.game, "players": args.players, "seed": 1000 + i,
                "seats": {str(k): "random" for k in range(2, args.players + 1)}})
            r.raise_for_status()
            tables.append(r.json())
        deadline = time.monotonic() + args.seconds
        latencies, done = [], []
        t0 = time.monotonic()
        await asyncio.gather(*(table_loop(client, ws_base, t, args.moves, deadline,
                                          latencies, done) for t in tables))
        wall = time.monotonic() - t0
        after = rss_kb(pid)
    return latencies, done, wall, before, after


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--moves", type=int, default=10, help="seat 1's moves per table")
    ap.add_argument("--seconds", type=float, default=240, help="stop after this long")
    ap.add_argument("--game", default="metras")
    ap.add_argument("--players", type=int, default=3)
    args = ap.parse_args()
    data = Path(tempfile.mkdtemp(prefix="serve-load-"))
    proc, url = start(data, args.game)
    try:
        load_before = os.getloadavg()
        latencies, done, wall, before, after = asyncio.run(main_async(args, url, proc.pid))
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
    if not latencies:
        print("no move was measured")
        return 1
    lat = sorted(latencies)
    p95 = lat[min(len(lat) - 1, int(round(0.95 * (len(lat) - 1))))]
    print(f"{args.tables} tables of {args.game} ({args.players} seats: seat 1 this script, "
          f"the others random bots), {2 * args.tables} websocket clients on loopback")
    print(f"moves measured: {len(lat)} in {wall:.1f} s ({len(done)} tables finished their "
          f"{args.moves} moves)")
    print(f"move to every client's update: median {statistics.median(lat) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms, max {lat[-1] * 1000:.0f} ms")
    print(f"server memory: {before / 1024:.0f} MB before the tables, {after / 1024:.0f} MB "
          f"after: {(after - before) / args.tables / 1024:.2f} MB per table")
    print(f"machine: {os.cpu_count()} cores, load average {load_before[0]:.2f} at the start, "
          f"{os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
