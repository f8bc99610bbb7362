"""Metropolis: what each seat is shown (M 14). Public: trains, carriages, queues, rails,
control, points, the winning bid. Private to their owner: coins, rail income, the lot won,
investments, unplaced rails, items, failed actions (told by private lines), and the program
being composed. Checked along random games for every seat and a spectator."""
from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner

from cli import main
from interpreter.present import views
from interpreter.runtime.redaction import may_read
from scenario import load

pytestmark = pytest.mark.skipif(
    not __import__("pathlib").Path(__file__).resolve().parent.parent.joinpath(
        "gamedefs", "metropolis", "game.yaml").is_file(), reason="no metropolis")

SECRET_COUNTERS = {"coins", "failed", "income", "lot"}
SECRET_VALUES = {"invested", "unplaced", "items"}
PUBLIC_VALUES = {"at", "came_from"}


@pytest.fixture(scope="module")
def game():
    return load("metropolis")


def play(game, seed, every=7, check=None):
    lines = []
    s = game.new_state(5, seed=seed, listener=lines.append)
    r = random.Random(seed)
    steps = 0
    while not s["over"]:
        if check and steps % every == 0:
            check(s)
        seat = game.waiting(s)[0]
        game.apply(s, seat, r.randrange(game.bot_option_count(s, seat)), listener=lines.append)
        steps += 1
    return s, lines


@pytest.mark.parametrize("seed", [1, 2])
def test_views_show_each_seat_its_own_secrets_only(game, seed):
    seen_sequence = []

    def check(s):
        waiting = game.waiting(s)
        for seat in [None, *range(5)]:
            v = views.view(game, s, seat)
            for q, sv in enumerate(v["seats"]):
                mine = q == seat
                assert (SECRET_COUNTERS <= set(sv["counters"])) == mine, (seat, q)
                assert (SECRET_VALUES <= set(sv["values"])) == mine, (seat, q)
                assert PUBLIC_VALUES <= set(sv["values"])
                assert "points" in sv["counters"] and "cards" in sv["zones"]["carriage"]
            assert "cards" not in v["zones"]["supply"]
            assert set(v["values"]) == {"controller", "placed"}
            if seat is None or seat not in waiting:
                assert "options" not in v and "steps" not in v
            elif "steps" in v:
                seen_sequence.append(seat)
                assert v["steps"] == game.steps(s, seat)
    play(game, seed, check=check)
    assert seen_sequence, "no view during a program"


def test_private_lines_reach_their_audience_only(game):
    """M 14.2: every private line is about its audience: "Red: you ..." reaches Red only
    (a trade's line reaches both traders); the winner of an auction is never public."""
    for seed in range(3):
        _, lines = play(game, seed)
        private = [x for x in lines if getattr(x, "audience", None) is not None]
        assert any("your rails earned" in x for x in private)
        for x in private:
            who = sorted(x.audience)
            named = game.g.seat_label(who[0])
            assert x.startswith(named + ":") or " gives " in x, x
            assert [may_read(x, p) for p in range(5)] == [p in who for p in range(5)]
            assert not may_read(x, None)
        public = [x for x in lines if getattr(x, "audience", None) is None]
        assert not any(re.search(r"win(s)? the (lot|auction)", x) for x in public)
        assert not any("coins; your rails" in x or "fails" in x for x in public)
        # investments per hexagon are private (I 22): no public line says where or how much
        assert not any(re.search(r"\binvests?\b|Large Investment", x) for x in public)


def test_a_person_sees_only_their_own_reports_at_the_terminal(tmp_path, monkeypatch):
    """The terminal (one person, Red, four random bots) shows Red's private lines and no
    other seat's."""
    monkeypatch.chdir(tmp_path)   # should the input end first, the game is saved here
    r = CliRunner().invoke(main, ["play", "metropolis", "--players", "5", "--seed", "3",
                                  "--bots", "random"], input="1\n" * 3000)
    assert "Red: you have" in r.output, r.output[-2000:]
    for other in ("Blue", "Green", "Yellow", "Purple"):
        assert f"{other}: you have" not in r.output
        assert f"{other}: your action" not in r.output
