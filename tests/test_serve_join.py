"""`rulebook join URL`: the full-screen table (Textual, headless) as a remote seat of a
served table. Its panels show the server's message for that seat (views.view there), its
answers are the server's decisions, and the game plays on to the result."""
from __future__ import annotations

import pytest

from interpreter.errors import RulebookError
from interpreter.present.table import TableApp
from interpreter.present.table.screens import ResultScreen
from interpreter.server.remote import RemoteDriver, parse_link

from serve_helpers import ROOT, Served
from tui_table import press, sync

WHISPERS = str(ROOT / "examples" / "whispers")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served = Served(tmp_path_factory.mktemp("serve-join"), [WHISPERS, "metras"]).start()
    yield served
    served.stop()


def test_a_seat_link_is_read_and_a_bad_one_refused():
    assert parse_link("http://h:8/table/abc/seat/2#tok") == ("http://h:8", "abc", 2, "tok")
    for bad in ("http://h:8/table/abc/seat/2", "ftp://h/table/a/seat/1#t", "nonsense"):
        with pytest.raises(RulebookError):
            parse_link(bad)


def test_a_wrong_key_is_refused_in_words(server):
    t = server.open(game="whispers", players=2, seed=1, seats={"2": "random"})
    with pytest.raises(RulebookError, match="refused this link's key"):
        RemoteDriver(t["seats"]["1"]["url"].split("#")[0] + "#wrong")


@sync
async def test_join_plays_a_seat_to_the_end(server):
    t = server.open(game="whispers", players=2, seed=6, seats={"2": "random"})
    tid, tok = t["table"], t["seats"]["1"]["token"]
    driver = RemoteDriver(t["seats"]["1"]["url"])
    app = TableApp(driver, threaded=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for _ in range(60):
                if isinstance(app.screen, ResultScreen):
                    break
                msg = server.get(tid, 1, tok)
                assert app.view == msg["view"]          # the panels show the server's view
                before = msg["decision"]
                await press(pilot, "1", "enter")
                await pilot.pause()
                after = server.get(tid, 1, tok)
                assert after["decision"] > before or after["over"]
            assert isinstance(app.screen, ResultScreen)
            assert server.get(tid, 1, tok)["over"]
    finally:
        driver.close()


def test_join_without_a_terminal_says_so():
    from click.testing import CliRunner
    import cli
    result = CliRunner().invoke(cli.main, ["join", "http://127.0.0.1:9/table/a/seat/1#t"])
    assert result.exit_code == 1
    assert "run it in a terminal" in result.output and "Traceback" not in result.output
