"""The seat pages in a real browser (Debian's chromium): a whole game of Metras with two
browser seats and a bot, a Metropolis round in which a browser seat composes its secret
program step by step, and a page reloaded mid-game that continues. The server decides; the
test only clicks, and reads the API to know whose turn it is."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from serve_helpers import Served
from browser_helpers import launch

SHOWN = ("etheria", "meta", "metras", "metropolis", "metscri")
SIZES = ((1280, 800), (390, 844))
DOCS = Path(__file__).resolve().parents[1] / "docs"
FAILED = Path(tempfile.gettempdir()) / "rulebook-serve-browser-failed.png"
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served = Served(tmp_path_factory.mktemp("serve-browser"), SHOWN, rate=1000).start()
    yield served
    served.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


def click_option(page, decision: int, label_pick=None) -> str:
    """Click an option of the decision numbered `decision` (the first, or the one
    label_pick chooses); returns its label."""
    for _ in range(50):
        try:
            # this question, or the same one under a later number (another seat answered)
            page.wait_for_function(
                "d => { const o = document.getElementById('options');"
                " return o.dataset.decision !== '' && Number(o.dataset.decision) >= d"
                " && o.querySelector('button') !== null; }", arg=decision, timeout=20_000)
        except Exception:
            page.screenshot(path=str(FAILED))
            shown = page.evaluate("msg && [msg.decision, msg.version, msg.waiting, "
                                  "!!msg.view.options]")
            raise AssertionError(f"decision {decision} never shown (see {FAILED}); the page "
                                 f"shows {shown}: "
                                 + page.inner_html("#decision-panel")[:1500]) from None
        buttons = page.locator("#options button")
        labels = buttons.all_inner_texts()
        if labels:
            break
    i = label_pick(labels) if label_pick else 0
    # grouped menus: the option's group is opened first
    group = buttons.nth(i).locator("xpath=ancestor::details")
    if group.count() and not group.first.get_attribute("open") is not None:
        group.first.locator("summary").click()
    try:
        buttons.nth(i).click(timeout=15_000)
    except Exception:
        page.screenshot(path=str(FAILED))
        raise AssertionError(f"could not click option {i} of {labels} (see {FAILED}): "
                             + page.inner_html("#decision-panel")[:2000]) from None
    return labels[i]


def test_a_whole_game_of_metras_two_browsers_and_a_bot(server, browser):
    """To the end, a page reloaded mid-game, the result on both pages (about 160 clicks:
    60 s on 2 cores at load average 11)."""
    play_metras(server, browser, clicks_at_most=10_000, reload_at=40)


def play_metras(server, browser, clicks_at_most: int, reload_at: int):
    opened = server.open(game="metras", players=3, seed=11, seats={"3": "random"})
    tid, seats = opened["table"], opened["seats"]
    pages = {}
    for k in ("1", "2"):
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(seats[k]["url"])
        pages[int(k)] = page
    clicks = 0
    reloaded = False
    while True:
        spect = server.client.get(f"/api/tables/{tid}/spectate").json()
        if spect["over"] or clicks >= clicks_at_most:
            break
        human = [k for k in spect["waiting"] if k in pages]
        if not human:
            continue        # the bot's turn: the server plays it
        k = human[0]
        msg = server.get(tid, k, seats[str(k)]["token"])
        if k not in msg["waiting"]:
            continue
        click_option(pages[k], msg["decision"])
        clicks += 1
        if clicks == reload_at and not reloaded:       # a reload mid-game continues
            pages[k].reload()
            reloaded = True
        # the click reached the server: the seat's decision number moved on
        for _ in range(200):
            after = server.get(tid, k, seats[str(k)]["token"])
            if after["decision"] != msg["decision"] or k not in after["waiting"]:
                break
            pages[k].wait_for_timeout(25)
        else:
            raise AssertionError(f"seat {k}'s click on decision {msg['decision']} did nothing")
    if not spect["over"]:
        for page in pages.values():     # the pages show what the server holds
            page.close()
        assert clicks == clicks_at_most and reloaded
        return
    for k, page in pages.items():
        page.wait_for_selector("#result-panel:not([hidden])", timeout=20_000)
        text = page.inner_text("#result")
        result = server.get(tid, k, seats[str(k)]["token"])["result"]
        assert result["winners"] and all(w in text for w in result["winners"])
        page.close()
    assert clicks > 50 and reloaded


def test_a_metropolis_round_with_a_secret_program(server, browser):
    opened = server.open(game="metropolis", players=5, seed=4,
                         seats={str(k): "random" for k in range(2, 6)})
    tid, token = opened["table"], opened["seats"]["1"]["token"]
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(opened["seats"]["1"]["url"])

    def quiet(labels):      # the shortest way to the program: no offers, no bids
        for word in ("make no offer", "withdraw", "decline", "no ", "pass", "0"):
            for i, x in enumerate(labels):
                if x.startswith(word) or x == word:
                    return i
        return 0
    composed = None
    for _ in range(300):
        msg = server.get(tid, 1, token)
        if 1 not in msg["waiting"]:
            page.wait_for_timeout(20)
            continue
        v = msg["view"]
        if "steps" in v:        # the secret program: composed step by step
            steps_before = len(v["steps"])
            if v["options"] and "done" in v["options"] and not steps_before == 0 \
                    and msg["view"].get("steps") and len(v["steps"]) >= 2:
                label = click_option(page, msg["decision"], lambda xs: xs.index("done"))
                composed = v["steps"]
                break
            label = click_option(page, msg["decision"],
                                 lambda xs: next(i for i, x in enumerate(xs)
                                                 if x not in ("done", "undo last")))
            page.wait_for_function(
                "n => document.querySelectorAll('#steps li:not(.dim)').length > n",
                arg=steps_before, timeout=20_000)
            assert label in page.inner_text("#steps")
            continue
        click_option(page, msg["decision"], quiet)
        page.wait_for_timeout(30)
    assert composed, "the seat was never asked for its program"
    # the program is the seat's own: the other seats' views never show its steps
    for _ in range(200):
        spect = server.client.get(f"/api/tables/{tid}/spectate").json()
        if spect["decision"] > msg["decision"]:
            break
        page.wait_for_timeout(25)
    assert "steps" not in spect["view"]
    page.close()


@pytest.mark.parametrize("game", SHOWN)
def test_each_game_s_seat_page_fits_both_sizes(server, browser, game, tmp_path):
    """Seat 1 of each game (the others random bots) at 1280x800 and at 390x844: nothing
    wider than the screen, the decision in view, a board drawn when the game has one. The
    screenshots are docs/server-GAME-WxH.png; RULEBOOK_UPDATE_SCREENSHOTS=1 writes them
    there again (pixels differ between machines' fonts, so they are not compared)."""
    players = {"etheria": 3, "metropolis": 5}.get(game, 2 if game in ("meta", "metscri") else 3)
    opened = server.open(game=game, players=players, seed=1,
                         seats={str(k): "random" for k in range(2, players + 1)})
    for w, h in SIZES:
        page = browser.new_page(viewport={"width": w, "height": h})
        page.goto(opened["seats"]["1"]["url"])
        page.wait_for_selector("#options button", state="attached", timeout=30_000)
        assert page.evaluate("document.documentElement.scrollWidth") <= w
        msg = server.get(opened["table"], 1, opened["seats"]["1"]["token"])
        if msg["view"].get("boards"):
            assert page.locator("#board svg").count() == len(msg["view"]["boards"])
        out = (DOCS if os.environ.get("RULEBOOK_UPDATE_SCREENSHOTS") else tmp_path) \
            / f"server-{game}-{w}x{h}.png"
        page.screenshot(path=str(out))
        assert out.stat().st_size > 10_000
        page.close()


def test_the_lobby_opens_a_table_and_gives_the_links(server, browser):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "metras")
    page.fill("#players", "3")
    page.dispatch_event("#players", "input")
    page.select_option('[data-seat="3"]', "random")
    page.fill("#seed", "77")
    page.click("#open-button")
    page.wait_for_selector("#opened:not([hidden])")
    links = page.locator("[data-seat-link]")
    assert links.count() == 2
    url = links.nth(0).get_attribute("href")
    tid = url.split("/table/")[1].split("/")[0]
    line = next(x for x in server.client.get("/api/tables").json() if x["table"] == tid)
    assert line["kinds"] == ["human", "human", "random"]
    page.wait_for_selector(f"#tables a[href='/table/{tid}/spectate']")
    spect = page.locator("#spectate-link").get_attribute("href")
    page.goto(spect)                    # a spectator sees the view of no seat
    page.wait_for_selector("#title:has-text('spectator')")
    assert page.locator("#options button").count() == 0
    assert page.locator("#yours-panel").is_hidden() and page.locator("#undo").is_hidden()
    page.goto(url)                      # the link opens seat 1
    page.wait_for_selector("#options button", state="attached")
    assert "P1" in page.inner_text("#title")
    page.close()


def test_a_decision_by_keyboard_alone(server, browser):
    """/ focuses the filter, typing narrows the options, Enter picks the first left."""
    opened = server.open(game="metropolis", players=5, seed=9,
                         seats={str(k): "random" for k in range(2, 6)})
    tid, token = opened["table"], opened["seats"]["1"]["token"]
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(opened["seats"]["1"]["url"])
    page.wait_for_selector("#filter:not([hidden])")    # the sealed bid: 21 options
    before = server.get(tid, 1, token)
    page.keyboard.press("/")
    page.keyboard.type("13")
    assert page.locator("#options button:visible").all_inner_texts() == ["13"]
    page.keyboard.press("Enter")
    for _ in range(200):
        now = server.get(tid, 1, token)
        if now["decision"] != before["decision"]:
            break
        page.wait_for_timeout(25)
    assert now["decision"] > before["decision"]      # Enter made the decision
    page.close()
