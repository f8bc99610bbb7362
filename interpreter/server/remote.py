"""The client side of the API for `rulebook join URL`: a driver for the full-screen table
(present/table/app.py) whose seat is a seat of a served table. It holds no state and no
game: the table asks it for the seat's view and log lines (the server's message) and sends
its decisions as (decision number, option index); the websocket's pushes wake it when the
seat is asked, reconnecting with backoff when the server goes away."""
from __future__ import annotations

import json
import threading
import time
from urllib.parse import parse_qs, urlsplit

from ..errors import IllegalMove, RulebookError
from ..safe_text import spelled

BACKOFF = (0.5, 15.0)       # seconds before the first reconnection, and at most


def parse_link(url: str) -> tuple:
    """A seat's link -> (base URL, table id, seat K, token); RulebookError if it is none."""
    parts = urlsplit(url.strip())
    path = [p for p in parts.path.split("/") if p]
    token = parts.fragment or (parse_qs(parts.query).get("token") or [""])[0]
    if parts.scheme not in ("http", "https") or not parts.netloc or len(path) < 4 or \
            path[-4] != "table" or path[-2] != "seat" or not path[-1].isdigit() or not token:
        raise RulebookError(f"'{spelled(url[:200])}' is not a seat's link: it reads like "
                            "http://HOST:PORT/table/ID/seat/K#TOKEN (the lobby gives one per seat)")
    prefix = "/".join(path[:-4])
    base = f"{parts.scheme}://{parts.netloc}" + (f"/{prefix}" if prefix else "")
    return base, path[-3], int(path[-1]), token


class _Definition:
    """What the table asks of a game's definition: its name and seat labels."""

    def __init__(self, driver):
        self.driver = driver
        self.boards: dict = {}      # (a hex corner's other spellings are the server's to read)

    @property
    def name(self) -> str:
        return self.driver.latest["view"]["name"]

    def seat_label(self, p: int) -> str:
        return self.driver.latest["players"][p]["label"]


class RemoteGame:
    """The few questions the table asks a Game, answered from the seat's message (`state`)."""

    def __init__(self, driver):
        self.g = _Definition(driver)

    def options(self, state, seat) -> list:
        return list(state["view"].get("options") or [])

    def steps(self, state, seat) -> list:
        return list(state["view"].get("steps") or [])

    def steps_needed(self, state, seat) -> int:
        return 0        # the server says so if "done" comes too early

    def is_over(self, state) -> bool:
        return bool(state["over"] or state.get("ended"))

    def score_terms(self, state) -> list:
        """The score's declared terms per seat (end.breakdown), from the message's result."""
        terms = (state.get("result") or {}).get("terms") or {}
        return [terms.get(p["label"], {}) for p in state["players"]] if terms else []

    def result(self, state) -> dict:
        """The message's result (seats by label) as terminal.render_result reads one."""
        labels = [p["label"] for p in state["players"]]
        r = state.get("result") or {}
        scores = r.get("scores") or {}
        out = {"winners": [labels.index(w) for w in r.get("winners", []) if w in labels],
               "scores": [scores.get(x, 0) for x in labels], "draw": r.get("draw", False),
               "capped": r.get("capped", False)}
        if "team" in r:
            out["team"] = r["team"]
        return out


class _Session:
    def __init__(self, driver):
        self.driver = driver
        self.game = RemoteGame(driver)

    @property
    def state(self):
        return self.driver.latest

    @property
    def log(self) -> list:
        return self.driver.latest["log"]


class RemoteDriver:
    waiting_words = "Waiting for the other seats..."

    def __init__(self, url: str, timeout: float = 30.0):
        import httpx
        self.base, self.table, self.k, self.token = parse_link(url)
        self.seat = self.k - 1
        self.humans = {self.seat}
        self.http = httpx.Client(base_url=self.base, timeout=timeout)
        self.changed = threading.Condition()
        self.latest = self._answer(self.http.get(self._path(), params={"token": self.token}))
        self.session = _Session(self)
        self.stopping = False
        self.connected = False
        self.thread = threading.Thread(target=self._listen, daemon=True)
        self.thread.start()

    def _path(self, tail: str = "") -> str:
        return f"/api/tables/{self.table}/seat/{self.k}{tail}"

    def _answer(self, r) -> dict:
        if r.status_code == 403:
            raise RulebookError("the server refused this link's key (403): ask for your "
                                "seat's link again")
        if r.status_code == 404:
            raise RulebookError("the server has no such table (404)")
        try:
            data = r.json()
        except ValueError:
            raise RulebookError(f"the server answered {r.status_code} without a message") \
                from None
        if "view" not in data:
            raise RulebookError(f"the server answered {r.status_code}: "
                                f"{spelled(str(data.get('error'))[:300])}")
        return data

    def _keep(self, msg: dict) -> None:
        with self.changed:
            if msg.get("version", 0) >= self.latest.get("version", 0):
                self.latest = msg
            self.changed.notify_all()

    def _listen(self) -> None:
        """The websocket's pushes, reconnecting with backoff until stopped."""
        from websockets.sync.client import connect
        url = self.base.replace("http", "ws", 1) + self._path(f"/ws?token={self.token}")
        wait = BACKOFF[0]
        while not self.stopping:
            try:
                with connect(url, open_timeout=10, max_size=2 ** 24) as ws:
                    self.connected, wait = True, BACKOFF[0]
                    for text in ws:
                        if self.stopping:
                            return
                        self._keep(json.loads(text))
            except Exception:       # noqa: BLE001 - the server went away: try again later
                pass
            self.connected = False
            time.sleep(wait)
            wait = min(wait * 2, BACKOFF[1])

    # ------------------------------------------------------------------ the table's driver
    def _asked(self) -> bool:
        m = self.latest
        return bool(m["over"] or m.get("ended") or m.get("failure")
                    or ("options" in m["view"] and self.k in m["waiting"]))

    def advance(self) -> None:
        """Wait until this seat is asked or the game is over (the other seats decide
        meanwhile, at the server)."""
        with self.changed:
            while not self._asked():
                self.changed.wait(1.0)
        if self.latest.get("failure"):
            raise RulebookError(f"the served game stopped: {self.latest['failure']}")

    def next_seat(self):
        m = self.latest
        return None if m["over"] or m.get("ended") else self.seat

    def view(self, seat):
        return self.latest["view"]

    def log_lines(self, seat) -> list:
        return [spelled(x) for x in self.latest["log"]]

    def choose(self, seat: int, label: str) -> None:
        options = self.latest["view"].get("options") or []
        if label not in options:
            raise IllegalMove(f"'{label}' is not one of your options now")
        r = self.http.post(self._path(), json={"token": self.token,
                                               "decision": self.latest["decision"],
                                               "option": options.index(label)})
        if r.status_code in (409, 422, 410):
            data = r.json()
            if "view" in data:
                self._keep(data)
            raise IllegalMove(spelled(str(data.get("error"))))
        self._keep(self._answer(r))

    def undo(self, seat: int) -> str:
        r = self.http.post(self._path("/undo"), json={"token": self.token})
        data = self._answer(r) if r.status_code == 200 else r.json()
        if "view" in data:
            self._keep(data)
        return spelled(str(data.get("note") or data.get("error") or ""))

    def save(self, arg: str) -> str:
        return ("This table is kept by the server that serves it (its journal); there is "
                "nothing to save here.")

    def close(self) -> None:
        self.stopping = True
        self.http.close()
