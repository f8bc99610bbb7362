"""A `rulebook serve` started by a test: a subprocess on a free port (--port 0, the port read
from its "Lobby:" line) with a data folder of the test's own, stopped by its PID."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from scenario import SHIPPED

ROOT = Path(__file__).resolve().parents[1]
GAMES = SHIPPED


class Served:
    def __init__(self, data: Path, games=(), rate: float = 10_000, env=None, port: int = 0):
        self.data, self.games, self.rate = data, [str(g) for g in games], rate
        self.port = port
        self.proc = None
        self.env = env
        self.url = ""

    def start(self, timeout: float = 60) -> "Served":
        cmd = [sys.executable, "-c", "import cli; cli.main()", "serve", *self.games,
               "--port", str(self.port), "--data", str(self.data), "--rate", str(self.rate)]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True,
                                     env={**os.environ, **(self.env or {})})
        end = time.monotonic() + timeout
        self.out = []
        while time.monotonic() < end:
            line = self.proc.stdout.readline()
            if not line:
                if self.proc.poll() is not None:
                    raise RuntimeError("rulebook serve stopped: " + self.proc.stderr.read())
                continue
            self.out.append(line)
            m = re.match(r"Lobby: (http://\S+?)/?$", line.strip())
            if m:
                self.url = m.group(1)
                self.port = int(self.url.rsplit(":", 1)[1])     # a restart takes the same
                self.client = httpx.Client(base_url=self.url, timeout=60)
                return self
        self.stop()
        raise RuntimeError("rulebook serve did not print its lobby in time")

    def stop(self, sig=signal.SIGTERM) -> str:
        """Stops the server (by its PID); returns what it wrote on stderr."""
        if self.proc is None:
            return ""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        err = self.proc.stderr.read()
        self.proc.stdout.close()
        self.proc.stderr.close()
        self.proc = None
        if getattr(self, "client", None):
            self.client.close()
        return err

    def open(self, **body) -> dict:
        r = self.client.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        return r.json()

    def get(self, tid, k, token) -> dict:
        r = self.client.get(f"/api/tables/{tid}/seat/{k}", params={"token": token})
        assert r.status_code == 200, r.text
        return r.json()

    def decide(self, tid, k, token, decision, option):
        return self.client.post(f"/api/tables/{tid}/seat/{k}",
                                json={"token": token, "decision": decision, "option": option})
