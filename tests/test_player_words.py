"""Issue 33 item 9: words for players, not ids. Card details without attributes that say
nothing (none, the type's default) or that the label already shows; a type's text once in a
list of cards; no card id in a label; no doubled words; prompts naming the seat they speak
of; costs and earnings in the options; the score's terms at the end of the game."""
from __future__ import annotations

import re

import pytest
from rich.console import Console

from interpreter.commands.common import load_game
from interpreter.present import terminal, views
from interpreter.present.card_details import once
from interpreter.present.screen_words import zone_words
from interpreter.present.table import panels
from interpreter.runtime.game import Game

from scenario import Log, clear_flow, fresh, place, run as run_proc
from test_cli import run

GAMES = ("etheria", "metras", "metscri", "meta", "metropolis")


# ------------------------------------------------------------------ card details
def test_details_leave_out_none_defaults_and_what_the_label_shows():
    g = load_game("etheria").g
    nobles = [c for c, a in g.cards.items() if a["type"] == "noble"]
    for cid in nobles:
        text = re.sub(r"\[[^]]*\]", "", " ".join(g.card_details[cid]))   # (a pair's label)
        assert not re.search(r"\b(ability|when|pair) none\b|bid bonus 0|description ", text)
        for key in ("rank", "faction", "colour", "minimum"):     # in the label
            assert not re.search(rf"\b{key} ", text), (cid, text)
    assert g.card_details["red-1"] == ("points 1",)          # not "colour Red, points 1"
    assert g.card_labels["red-1"] == "Red"


def test_metscri_cards_say_only_what_their_label_does_not():
    g = load_game("metscri").g
    assert g.card_details["9c-1"] == ()                      # 9♣ says it all
    assert g.card_details["as-1"] == ("big joker: matches every symbol and counts double "
                                      "in a set",)
    assert g.card_details["2h-2"] == ("small joker: matches every symbol",)


def test_a_types_text_is_shown_once_in_a_list_of_cards():
    said: set = set()
    assert once(["One card of the two decks.", "weight 1"], said) == \
        ["One card of the two decks.", "weight 1"]
    assert once(["One card of the two decks.", "weight 2"], said) == ["weight 2"]
    z = {"count": 2, "cards": ["A", "B"], "details": True}
    details = {"A": ["A passenger.", "shape circle"], "B": ["A passenger.", "shape square"]}
    assert terminal._cards(z, details).plain == \
        "A: A passenger.; shape circle\nB: shape square"
    v = {"seats": [{"you": True, "label": "P1", "zones": {"hand": z}}],
         "card_details": details}
    text = _plain(panels.yours(v))
    assert text.count("A passenger.") == 1 and "shape square" in text


def _plain(renderable, width: int = 80) -> str:
    import io
    con = Console(width=width, file=io.StringIO(), color_system=None)
    con.print(renderable)
    return con.file.getvalue()


# ------------------------------------------------------------------ ids and doubled words
@pytest.mark.parametrize("name", GAMES)
def test_no_card_label_names_its_card_id(name):
    g = load_game(name).g
    for cid, label in g.card_labels.items():
        if label == g.cards[cid].get("name", cid):   # named by its name (or id) on purpose
            continue
        assert not re.search(rf"(?<![\w-]){re.escape(cid)}(?![\w-])", label), (cid, label)


def test_metras_tiles_read_as_words():
    g = load_game("metras").g
    assert g.card_labels["familyA-1"] == \
        "family servant A [fame 1 wealth 3 expl 2 esp 4]"
    assert g.card_labels["ally22"] == "ally [fame 1 wealth 3 expl 2 esp 4]"
    assert g.card_labels["servant-3"] == "servant [2/2/2/2]"
    assert g.card_labels["M1b"].startswith("round 1 mission (difficulty 4, ")


def test_a_zone_named_like_its_place_is_said_once():
    assert zone_words("table", "table") == ""
    assert zone_words("table", "noble_deck") == "noble deck"
    assert zone_words("P2", "family", "family servant A [fame 1 ...]") == ""
    metras = Game.load("metras")
    text = _plain(panels.seats(panels.safe(views.view(metras, metras.new_state(3, seed=7), 0))))
    assert "P2 family servant A [fame 1" in " ".join(text.split()) and "family family" not in text
    game = Game.load("etheria")
    s = game.new_state(4, seed=7)
    v = panels.safe(views.view(game, s, 0))
    assert v["zones"]["table"]["cards"]                 # the noble up for bidding
    text = _plain(panels.seats(v))
    assert "table table" not in text
    assert re.search(r"table +" + re.escape(v["zones"]["table"]["cards"][0][:10]), text)


def test_the_trade_mandate_is_not_named_twice_when_drawn():
    game = Game.load("etheria")
    s = fresh(game, players=4, seed=1)
    clear_flow(s)
    place(s, game, "mandate-1", "event_deck")
    s["roles"]["current"] = 0
    log = Log()
    run_proc(game, s, "proc:event_phase", {"me": 0, "p": 0}, listener=log)
    assert log[0] == ("P1 draws the event Trade Mandate: Start a trade with another player "
                      "now, or keep it for the start of a later turn.")


def test_the_tribute_prompt_names_the_giver_and_the_receiver():
    game = Game.load("etheria")
    s = fresh(game, players=3, seed=1)
    clear_flow(s)
    for c in list(s["loc"]):
        if s["loc"][c][0].isdigit():
            place(s, game, c, game.g.card_start[c])
    place(s, game, "yellow-1", "0.hand")
    place(s, game, "red-1", "1.hand")
    place(s, game, "ev-tribute", "event_deck")
    s["roles"]["current"] = 0
    run_proc(game, s, "proc:event_phase", {"me": 0, "p": 0}, listener=Log())
    assert sorted(game.waiting(s)) == [0, 1]
    assert game.prompt(s, 0) == "Tribute: P1, give which colour to P2 (on your left)?"
    assert game.prompt(s, 1) == "Tribute: P2, give which colour to P3 (on your left)?"


# ------------------------------------------------------------------ costs in the options
def test_every_metscri_action_that_spends_action_points_says_how_many():
    game = Game.load("metscri")
    s = game.new_state(2, seed=7)
    seen = set()
    for _ in range(400):
        if game.is_over(s):
            break
        seat = game.waiting(s)[0]
        opts = game.options(s, seat)
        for o in opts:
            kind = o.split(" ")[0]
            if kind in ("move", "enter", "turn", "spy", "invest:"):
                seen.add(kind)
                assert re.search(r"\(\d+ AP", o), o
        game.apply(s, seat, len(opts) - 1 if "roll again" in opts else 0)
    assert {"move", "enter"} <= seen


# ------------------------------------------------------------------ the end: the score's terms
def test_the_plain_ending_shows_each_seats_score_terms():
    r = run("play", "etheria", "--humans", 0, "--bots", "random", "--seed", 7, "--players", 4)
    assert r.exit_code == 0, r.output
    out = r.output[r.output.index("game over"):]
    assert "marquess" in out and "noble" in out and "held" in out
    rows = [line.split() for line in out.splitlines() if re.match(r"\s+\d+\s+P\d\s", line)]
    assert len(rows) == 4
    for rank, seat, score, points, marquess, faction, own, held in rows:
        assert int(score) == int(points) + int(marquess) + int(faction)   # final_score's terms


def test_score_terms_are_declared_names_over_the_final_state():
    game = Game.load("metras")
    s = game.new_state(3, seed=7)
    assert game.score_terms(s) == []                     # not before the end
    import random
    rng = random.Random(7)
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        game.apply(s, seat, rng.randrange(game.option_count(s, seat)))
    terms = game.score_terms(s)
    assert [list(t) for t in terms] == [["fame", "wealth", "exploration", "espionage"]] * 3
    stats = views.view(game, s, None)["seats"]
    assert [t["fame"] for t in terms] == [p["stats"]["fame"] for p in stats]


def test_a_breakdown_term_with_an_error_is_a_located_finding(tmp_path):
    (tmp_path / "game.yaml").write_text(
        "game: {id: tiny, name: Tiny, players: {min: 2, max: 2}}\n"
        "counters: {player: {points: 0}}\n"
        "rounds: {count: 1, phases: [{name: go, do: 'log \"go\"'}]}\n"
        "end:\n  score: it.points\n  breakdown:\n    pionts: it.pionts\n")
    r = run("validate", str(tmp_path / "game.yaml"))
    assert r.exit_code != 0
    assert re.search(r"game\.yaml:7:\d+: ", r.output), r.output


def test_the_tables_result_screen_shows_the_score_terms(tmp_path):
    import asyncio

    from interpreter.runtime.play_session import Session
    from test_table_tui import last_decision_of_seat_one
    from tui_table import on_result_screen, over, press, table, widget_texts

    first, (seat, label) = last_decision_of_seat_one("metras", 4)
    session = Session(table("metras").game, None, 4)
    for p, x in first:
        session.decide(p, x)
    path = tmp_path / "late.json"
    session.save(str(path))
    app = table("metras", load=str(path))

    async def play():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press(pilot, *label, "enter")
            assert over(app) and on_result_screen(app)
            shown = widget_texts(app)
            assert re.search(r"rank +seat +score +fame +wealth +exploration +espionage", shown)
            terms = app.game.score_terms(app.driver.session.state)
            best = app.game.result(app.driver.session.state)["ranking"][0]
            assert re.search(rf"1 +P{best + 1} +\d+ +{terms[best]['fame']} +"
                             rf"{terms[best]['wealth']} ", shown)
    asyncio.run(play())


def test_the_reports_card_table_names_cards_by_their_labels():
    from interpreter.analysis import render, report
    stats = {"count": 3, "by_seat": [2, 1], "games": 3, "win_rate_with": 0.6,
             "interval_with": [0.2, 0.9], "win_rate_without": 0.4,
             "interval_without": [0.1, 0.8], "delta": 0.2, "delta_interval": [-0.3, 0.6],
             "flag": ""}
    rows = [{"card": "ally22", "label": "ally [fame 1 wealth 3 expl 2 esp 4]",
             "acquired": stats}]
    html = report.card_table(rows)
    first = re.findall(r"<td[^>]*>(.*?)</td>", html)[0]
    assert first == "ally [fame 1 wealth 3 expl 2 esp 4]"
    shown = _plain(render.card_table(rows), width=160)
    assert shown.count("ally [fame 1 wealth 3 expl 2 esp 4]") == 1 and "ally22" not in shown


def test_an_option_whose_card_says_nothing_more_gets_no_empty_details_line():
    import asyncio

    from tui_table import press, table, widget_texts

    app = table("metras", seed=7)

    async def look():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press(pilot, "down", "up")          # the first option highlighted again
            shown = widget_texts(app)
            assert "family servant A [fame 1 wealth 3 expl 2 esp 4]" in shown
            assert not re.search(r"esp \d\]:\s*$", shown, re.MULTILINE), shown
    asyncio.run(look())
