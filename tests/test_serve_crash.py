"""Nothing lost: `rulebook serve` killed with SIGKILL mid-game and started again on the same
data folder resumes every table where it was (each decision answered before the kill is
there), the tokens still open their seats, a page left open reconnects on its own and plays
on without a reload, and a game finished after the crash reaches the same state hash as the
same game played without one (a local replay of the same decisions)."""
from __future__ import annotations

import json
import random
import signal

import pytest

from interpreter.runtime.game import Game
from interpreter.runtime.play_session import Session

from serve_helpers import ROOT, Served

WHISPERS = str(ROOT / "examples" / "whispers")


def step(server, tid, tokens, session, pick):
    """One decision by the seat that must decide, the same at the server and locally."""
    game = session.game
    seat = pick.choice(game.waiting(session.state))
    msg = server.get(tid, seat + 1, tokens[seat])
    option = pick.randrange(game.bot_option_count(session.state, seat))
    r = server.decide(tid, seat + 1, tokens[seat], msg["decision"], option)
    assert r.status_code == 200, r.text
    session.decide(seat, option)


def test_sigkill_mid_game_then_every_table_resumes(tmp_path):
    data = tmp_path / "data"
    server = Served(data, ["metras", WHISPERS]).start()
    try:
        game = Game.load(WHISPERS)
        t1 = server.open(game="whispers", players=3, seed=30, seats={})
        tid, tokens = t1["table"], {int(k) - 1: v["token"] for k, v in t1["seats"].items()}
        session = Session(game, 3, 30)
        pick = random.Random(5)
        for _ in range(6):
            step(server, tid, tokens, session, pick)
        t2 = server.open(game="metras", players=3, seed=4, seats={"2": "random", "3": "random"})
        views_before = {k: server.get(tid, k + 1, tokens[k])["view"] for k in range(3)}
        spect2 = server.client.get(f"/api/tables/{t2['table']}/spectate").json()
        step(server, tid, tokens, session, pick)       # answered, then killed at once
        assert not game.is_over(session.state)          # mid-game
        server.stop(signal.SIGKILL)

        server = Served(data, ["metras", WHISPERS], port=server.port).start()
        listed = {x["table"] for x in server.client.get("/api/tables").json()}
        assert {tid, t2["table"]} <= listed
        assert "2 tables resumed" in "".join(server.out)
        for k in range(3):
            now = server.get(tid, k + 1, tokens[k])
            assert now["decision"] >= views_before[k]["decisions"]
        again = server.client.get(f"/api/tables/{t2['table']}/spectate").json()
        assert again["decision"] >= spect2["decision"]
        while not game.is_over(session.state):
            step(server, tid, tokens, session, pick)
        journal = json.loads((data / "tables" / f"{tid}.json").read_text())
        assert journal["save"]["state_hash"] == game.position_hash(session.state)
        final = server.client.get(f"/api/tables/{tid}/spectate").json()
        assert final["over"] and final["result"] is not None
        assert all(t["token"] not in json.dumps(journal) for t in t1["seats"].values())
    finally:
        server.stop()


def test_an_open_page_reconnects_after_a_kill_and_plays_on(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    from browser_helpers import launch
    data = tmp_path / "data"
    server = Served(data, [WHISPERS]).start()
    try:
        t = server.open(game="whispers", players=2, seed=8, seats={"2": "random"})
        tid, tok = t["table"], t["seats"]["1"]["token"]
        with sync_api.sync_playwright() as p:
            browser = launch(p)
            page = browser.new_page()
            page.goto(t["seats"]["1"]["url"])
            page.wait_for_selector("#conn:text('connected')")
            before = server.get(tid, 1, tok)["decision"]
            server.stop(signal.SIGKILL)
            page.wait_for_selector("#conn.lost", timeout=20_000)
            server = Served(data, [WHISPERS], port=server.port).start()
            page.wait_for_selector("#conn:not(.lost)", timeout=40_000)
            page.wait_for_selector("#options button", timeout=20_000)
            page.locator("#options button").first.click()
            for _ in range(200):
                if server.get(tid, 1, tok)["decision"] > before:
                    break
                page.wait_for_timeout(50)
            assert server.get(tid, 1, tok)["decision"] > before
            browser.close()
    finally:
        server.stop()
