"""M.E.T.A.'s hidden information: hands are seen by their owner only, Workshops and the
Blueprint Deck by nobody, the Blueprint zone by nobody until the second player turns it face
up (E 5.7-5.8); everything in the Arena, the Scrapyards, the Assembly Zones and the removed
pile is public. Random games are played and, at every decision, every seat's view, its
options and prompt, and every log line are checked against that."""
from __future__ import annotations

import random
import re

import pytest

from interpreter.present import views
from scenario import load, strings


@pytest.fixture(scope="module")
def game():
    return load("meta")


def may_see(s, card, seat) -> bool:
    """The rules' answer, written independently of the game's zones and visible_if."""
    where = s["loc"][card]
    if where in ("blueprint_deck",) or where.endswith(".workshop"):
        return False
    if where == "blueprints":
        return s["g"]["market_open"] > 0
    if where.endswith(".hand"):
        return seat is not None and where == f"{seat}.hand"
    return True


def label_pattern(game):
    labels = sorted(set(game.g.card_labels.values()) - {"Generator"}, key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(map(re.escape, labels)) + r")(?![\w/])")


def check_seat(game, s, seat, step, find):
    g = game.g
    v = views.view(game, s, seat)
    where = f"step {step}, seat {seat}"
    visible = {g.card_labels[c] for c in s["loc"] if may_see(s, c, seat)}
    for p, info in enumerate(v["seats"]):
        zones = info["zones"]
        assert zones["hand"]["count"] == len(s["z"][f"{p}.hand"])
        assert ("cards" in zones["hand"]) == (p == seat), where
        assert "cards" not in zones["workshop"], where
        assert zones["workshop"]["count"] == len(s["z"][f"{p}.workshop"])
    assert "cards" not in v["zones"]["blueprint_deck"]
    shown = v["zones"]["blueprints"].get("cards", [])
    if s["g"]["market_open"] == 0:
        assert all(c == "(hidden)" for c in shown), where
    for text in strings(v):
        for label in find.findall(text):
            assert label in visible, f"{where}: '{label}' in {text!r}"
    if "options" in v:
        assert v["options"] == game.options(s, seat) and v["prompt"] == game.prompt(s)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_seat_ever_sees_a_hand_workshop_or_face_down_blueprint(game, seed):
    find = label_pattern(game)
    lines: list = []
    s = game.new_state(players=2, seed=seed, options={"turn_cap": 8}, listener=lines.append)
    bot = random.Random(seed)
    step = 0
    while True:
        for seat in (None, 0, 1):
            check_seat(game, s, seat, step, find)
        if game.is_over(s):
            break
        seat = game.waiting(s)[0]
        before = {game.g.card_labels[c] for c in s["loc"] if may_see(s, c, None)}
        lines.clear()
        game.apply(s, seat, bot.randrange(game.option_count(s, seat)), listener=lines.append)
        after = {game.g.card_labels[c] for c in s["loc"] if may_see(s, c, None)}
        # log lines are for everyone: only cards public before or after the decision
        for line in lines:
            for label in find.findall(line):
                assert label in before | after, f"step {step}: log {line!r}"
        step += 1
    assert step > 30


def test_the_second_player_turns_the_blueprint_zone_face_up(game):
    s = game.new_state(players=2, seed=2)
    while s["g"]["market_open"] == 0:
        seat = game.waiting(s)[0]
        opts = game.options(s, seat)
        game.apply(s, seat, opts.index("end the turn") if "end the turn" in opts else 0)
    v = views.view(game, s, 0)
    assert "(hidden)" not in v["zones"]["blueprints"]["cards"]
    assert len(v["zones"]["blueprints"]["cards"]) == 4
