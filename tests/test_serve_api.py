"""The HTTP API of `rulebook serve` as docs/guides/server.md documents it: each route, its
fields and its error codes; bad input (wrong tokens, stale and duplicate decisions, illegal
options, oversized, malformed and deep messages, a flood, hostile names from a game file)
gets a clear error, changes nothing and leaks nothing; tokens never reach the server's logs."""
from __future__ import annotations

import json
import re
import shutil
import time

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from serve_helpers import ROOT, Served

HOSTILE_NAME = "<script>alert(1)</script> \"q\" 'a' &amp; \x1b[31mred"
HOSTILE_CARD = "<img src=x onerror=alert(2)>"


def hostile_game(folder):
    """examples/whispers with a game name and a card name made of markup, quotes, an
    entity and a terminal escape."""
    text = (ROOT / "examples" / "whispers" / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("  name: Whispers", '  name: "<script>alert(1)</script> \\"q\\" '
                        "'a' &amp; \\e[31mred\"")
    text = text.replace("name: Guard,", 'name: "<img src=x onerror=alert(2)>",')
    text = text.replace("  id: whispers", "  id: hostile")
    (folder / "hostile").mkdir()
    (folder / "hostile" / "game.yaml").write_text(text, encoding="utf-8")
    return folder / "hostile"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    games = hostile_game(tmp_path_factory.mktemp("games"))
    served = Served(tmp_path_factory.mktemp("serve-api"), ["metras", str(ROOT / "examples" / "whispers"), str(games)],
                    rate=20).start()
    served.tokens_seen = []
    yield served
    err = served.stop()
    # no token, right or wrong, in anything the server wrote
    out = "".join(served.out) + err
    for token in served.tokens_seen:
        assert token not in out


def opened(server, **body):
    body.setdefault("game", "whispers")
    body.setdefault("players", 2)
    body.setdefault("seed", 3)
    t = server.open(**body)
    server.tokens_seen += [s["token"] for s in t["seats"].values()] + [t["creator"]]
    return t


def ws_url(server, path):
    return server.url.replace("http://", "ws://") + path


# ------------------------------------------------------------------ routes
def test_games_lists_each_game_with_players_variants_and_options(server):
    games = {g["name"]: g for g in server.client.get("/api/games").json()}
    assert set(games) == {"metras", "whispers", "hostile"}
    m = games["metras"]
    assert m["players"] == [3, 4] and m["variants"] == ["standard", "balanced"]
    assert m["options"]["overbid_penalty"]["default"] is False
    assert "description" in m["options"]["overbid_penalty"]


def test_opening_a_table_gives_a_link_per_person_and_a_spectator_link(server):
    t = opened(server, game="metras", players=3, seats={"3": "greedy"})
    assert set(t["seats"]) == {"1", "2"}          # a bot's seat has no link
    for k, s in t["seats"].items():
        assert len(s["token"]) >= 22              # 24 random bytes: 192 bits
        assert s["url"].endswith(f"/table/{t['table']}/seat/{k}#{s['token']}")
    assert t["spectate"].endswith(f"/table/{t['table']}/spectate")
    tables = server.client.get("/api/tables").json()
    line = next(x for x in tables if x["table"] == t["table"])
    assert line["kinds"] == ["human", "human", "greedy"] and not line["older_definition"]
    assert not any(s["token"] in json.dumps(tables) for s in t["seats"].values())


@pytest.mark.parametrize("body, status, words", [
    ({"game": "nope"}, 404, "no game 'nope' is served here"),
    ({"game": "metras", "players": 9}, 400, "Metras is for 3-4 players, not 9"),
    ({"game": "metras", "players": 3, "variant": "odd"}, 400, "Metras has no variant 'odd'"),
    ({"game": "metras", "players": 3, "options": {"overbid_penalty": 3}}, 400,
     "overbid_penalty"),
    ({"game": "metras", "players": 3, "options": {"nope": 1}}, 400, "nope"),
    ({"game": "metras", "players": 3, "seats": {"2": "grandmaster"}}, 400, "no bot 'grandmaster'"),
    ({"game": "metras", "players": 3, "seats": {"7": "random"}}, 400, "seats are 1 to 3"),
    ({"game": "metras", "players": 3, "seed": "x"}, 400, "seed"),
])
def test_opening_a_table_refuses_in_play_s_words(server, body, status, words):
    r = server.client.post("/api/tables", json=body)
    assert r.status_code == status
    error = r.json()["error"]
    assert words in error and "\n" not in error and "Traceback" not in r.text


def test_a_seat_reads_its_message_and_decides(server):
    t = opened(server)
    tid, tok = t["table"], t["seats"]["1"]["token"]
    msg = server.get(tid, 1, tok)
    assert {"decision", "view", "log", "waiting", "over", "result"} <= set(msg)
    assert msg["view"]["seat"] == 0 and msg["result"] is None and msg["over"] is False
    k = msg["waiting"][0]
    tok_k = t["seats"][str(k)]["token"]
    mine = server.get(tid, k, tok_k)
    r = server.decide(tid, k, tok_k, mine["decision"], 0)
    assert r.status_code == 200
    after = r.json()
    assert after["decision"] > mine["decision"]
    spect = server.client.get(f"/api/tables/{tid}/spectate").json()
    assert spect["view"]["seat"] is None and "options" not in spect["view"]


def test_wrong_tokens_get_403_and_nothing_else(server):
    t = opened(server)
    tid = t["table"]
    other = t["seats"]["2"]["token"]
    for params in ({"token": "x" * 32}, {}, {"token": other}):
        r = server.client.get(f"/api/tables/{tid}/seat/1", params=params)
        assert r.status_code == 403 and r.json() == {"error": "forbidden"}
    r = server.decide(tid, 1, other, 0, 0)
    assert r.status_code == 403 and r.json() == {"error": "forbidden"}
    r = server.client.post(f"/api/tables/{tid}/seat/1/undo", json={"token": "nope"})
    assert r.status_code == 403 and r.json() == {"error": "forbidden"}
    r = server.client.post(f"/api/tables/{tid}/end", json={"token": other})
    assert r.status_code == 403 and r.json() == {"error": "forbidden"}
    server.tokens_seen.append("x" * 32)


def test_stale_duplicate_and_illegal_decisions_change_nothing(server):
    t = opened(server)
    tid = t["table"]
    first = server.client.get(f"/api/tables/{tid}/spectate").json()["waiting"][0]
    tok = t["seats"][str(first)]["token"]
    msg = server.get(tid, first, tok)
    r = server.decide(tid, first, tok, msg["decision"], 999)
    assert r.status_code == 422 and "no option 999" in r.json()["error"]
    assert server.get(tid, first, tok)["decision"] == msg["decision"]
    r = server.decide(tid, first, tok, msg["decision"] + 5, 0)
    assert r.status_code == 409 and r.json()["view"] == server.get(tid, first, tok)["view"]
    ok = server.decide(tid, first, tok, msg["decision"], 0)
    assert ok.status_code == 200
    again = server.decide(tid, first, tok, msg["decision"], 0)      # the same message twice
    assert again.status_code == 409
    assert again.json()["decision"] == ok.json()["decision"]
    log = server.client.get(f"/api/tables/{tid}/spectate").json()
    assert log["decision"] >= ok.json()["decision"]
    for bad in ({"decision": "1", "option": 0}, {"decision": 0, "option": 0.5},
                {"decision": 0, "option": True}):
        r = server.client.post(f"/api/tables/{tid}/seat/{first}", json={"token": tok, **bad})
        assert r.status_code in (400, 409, 422) and "error" in r.json()


def test_oversized_malformed_and_deep_messages(server):
    t = opened(server)
    url = f"/api/tables/{t['table']}/seat/1"
    tok = t["seats"]["1"]["token"]
    r = server.client.post(url, content=b'{"token": "' + b"a" * 20_000 + b'"}',
                           headers={"content-type": "application/json"})
    assert r.status_code == 413
    for body in (b"{not json", b"\xff\xfe", b"[1, 2]", b"[" * 5000 + b"]" * 5000,
                 b'{"token": NaN}'):
        r = server.client.post(url, content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400 and "error" in r.json(), body[:20]
    assert server.get(t["table"], 1, tok)["decision"] == 0


def test_a_flood_slows_only_its_client(server):
    t = opened(server)
    tid = t["table"]
    a, b = t["seats"]["1"]["token"], t["seats"]["2"]["token"]
    codes = [server.client.get(f"/api/tables/{tid}/seat/1", params={"token": a}).status_code
             for _ in range(150)]
    assert 429 in codes and codes[0] == 200
    assert server.client.get(f"/api/tables/{tid}/seat/2", params={"token": b}).status_code == 200


def test_websockets_push_the_message_and_refuse_a_wrong_token_or_origin(server):
    t = opened(server)
    tid = t["table"]
    first = server.client.get(f"/api/tables/{tid}/spectate").json()["waiting"][0]
    tok = t["seats"][str(first)]["token"]
    with connect(ws_url(server, f"/api/tables/{tid}/seat/{first}/ws?token={tok}")) as ws, \
            connect(ws_url(server, f"/api/tables/{tid}/spectate/ws")) as spect:
        msg = json.loads(ws.recv(timeout=20))
        assert msg["view"] == server.get(tid, first, tok)["view"]
        json.loads(spect.recv(timeout=20))
        assert server.decide(tid, first, tok, msg["decision"], 0).status_code == 200
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:      # the latest message comes after the move
            pushed = json.loads(ws.recv(timeout=20))
            if pushed["decision"] != msg["decision"]:
                break
        assert pushed["view"] == server.get(tid, first, tok)["view"]
        got = json.loads(spect.recv(timeout=20))
        assert got["view"]["seat"] is None
    for url, headers in ((f"/api/tables/{tid}/seat/{first}/ws?token=wrong", {}),
                         (f"/api/tables/{tid}/seat/{first}/ws?token={tok}",
                          {"Origin": "http://evil.example"})):
        with pytest.raises(InvalidStatus) as e:
            with connect(ws_url(server, url), additional_headers=headers):
                pass
        assert e.value.response.status_code == 403


def test_a_websocket_message_too_large_closes_that_socket_only(server):
    t = opened(server)
    tid, tok = t["table"], t["seats"]["1"]["token"]
    with connect(ws_url(server, f"/api/tables/{tid}/seat/1/ws?token={tok}")) as ws:
        ws.recv(timeout=20)
        ws.send("x" * 100_000)
        with pytest.raises(Exception):
            for _ in range(10):
                ws.recv(timeout=20)
    assert server.get(tid, 1, tok)["decision"] == 0


def test_undo_and_end(server):
    t = opened(server, game="metras", players=3)
    tid = t["table"]
    first = server.client.get(f"/api/tables/{tid}/spectate").json()["waiting"][0]
    tok = t["seats"][str(first)]["token"]
    msg = server.get(tid, first, tok)
    assert server.decide(tid, first, tok, msg["decision"], 0).status_code == 200
    r = server.client.post(f"/api/tables/{tid}/seat/{first}/undo", json={"token": tok})
    assert r.status_code == 200 and r.json()["note"].startswith(("Undone", "cannot undo"))
    r = server.client.post(f"/api/tables/{tid}/end", json={"token": t["creator"]})
    assert r.status_code == 200 and r.json() == {"table": tid, "ended": True}
    now = server.get(tid, first, tok)
    assert now["ended"] is True
    r = server.decide(tid, first, tok, now["decision"], 0)
    assert r.status_code == 410
    assert tid not in [x["table"] for x in server.client.get("/api/tables").json()]


def test_pages_carry_a_csp_without_inline_script(server):
    for path in ("/", "/table/abc/seat/1", "/table/abc/spectate", "/api/games"):
        r = server.client.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        if path != "/api/games":
            assert not re.search(r"<script(?![^>]*\bsrc=)", r.text)   # no inline script


def test_hostile_names_are_data_never_markup(server):
    games = {g["name"]: g for g in server.client.get("/api/games").json()}
    assert games["hostile"]["title"] == HOSTILE_NAME          # JSON keeps it as a text
    t = opened(server, game="hostile")
    tid = t["table"]
    msg = server.client.get(f"/api/tables/{tid}/spectate").json()
    assert msg["view"]["name"] == HOSTILE_NAME
    r = server.client.get(f"/api/tables/{tid}/spectate")
    assert r.headers["content-type"] == "application/json"   # never read as a page (nosniff)
    for svg in msg["svg"].values():
        assert "<script" not in svg and "<img" not in svg



def test_since_marks_the_lines_after_the_seat_s_last_decision(server):
    t = opened(server, game="metras", players=3)
    tid = t["table"]
    first = server.client.get(f"/api/tables/{tid}/spectate").json()["waiting"][0]
    tok = t["seats"][str(first)]["token"]
    msg = server.get(tid, first, tok)
    assert msg["since"] is None                 # no decision yet
    lines_before = len(msg["log"])
    server.decide(tid, first, tok, msg["decision"], 0)
    after = server.get(tid, first, tok)
    assert after["since"] == lines_before and after["log"][:lines_before] == msg["log"]


def test_hostile_names_stay_text_in_the_browser(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    from browser_helpers import launch
    t = opened(server, game="hostile", players=2)
    with sync_api.sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        dialogs = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(t["seats"]["1"]["url"])
        page.wait_for_selector("#title:not(:text-is('rulebook'))")
        assert page.inner_text("#title").startswith("<script>alert(1)</script>")
        page.goto(server.url + "/")
        page.wait_for_selector("#game option", state="attached")
        page.wait_for_timeout(300)
        assert HOSTILE_NAME.split("\x1b")[0] in page.inner_text("#games")
        assert page.evaluate("document.querySelectorAll('script').length") == 1
        assert page.evaluate("document.querySelectorAll('img').length") == 0
        assert not dialogs
        browser.close()


def test_a_websocket_flood_slows_that_socket_only(server):
    """300 messages sent at once on one socket: that socket is read slowly (its bucket), the
    other seat is served, and the flooding socket still gets the table's pushes after."""
    t = opened(server)
    tid = t["table"]
    first = server.client.get(f"/api/tables/{tid}/spectate").json()["waiting"][0]
    other = 2 if first == 1 else 1
    tok, tok_other = t["seats"][str(first)]["token"], t["seats"][str(other)]["token"]
    with connect(ws_url(server, f"/api/tables/{tid}/seat/{other}/ws?token={tok_other}")) as ws:
        ws.recv(timeout=20)
        for _ in range(300):
            ws.send('{"ping": 1}')
        msg = server.get(tid, first, tok)       # the seat that must decide is served
        assert server.decide(tid, first, tok, msg["decision"], 0).status_code == 200
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:      # the flooder still hears of the move
            pushed = json.loads(ws.recv(timeout=30))
            if pushed["decision"] != msg["decision"]:
                break
        assert pushed["decision"] != msg["decision"]
