"""No leak, by property: games of every game under gamedefs/ and examples/ played through a
running `rulebook serve`, every seat a person driven by this test, so that the test knows each
decision and replays the game locally. At every decision each seat's message (and the
spectator's) must hold exactly views.view for that seat on the replayed state and the log
lines that seat may read, worded for it, and no message may hold the seed, the generator,
the definition's hash, a save's fields or any seat's token."""
from __future__ import annotations

import json
import random

import pytest

from interpreter.present import views
from interpreter.runtime.game import Game
from interpreter.runtime.play_session import Session
from interpreter.runtime.redaction import line_text, may_read

from serve_helpers import GAMES, Served

SEED = 7_305_118_642_290_457     # digits no view would hold by chance
FORBIDDEN = ('"rng"', '"rngv"', "game_hash", "state_hash", str(SEED))
SAVE_KEYS = {"state", "save", "seed", "generator", "rng", "decisions_made", "token"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served = Served(tmp_path_factory.mktemp("serve-data"), GAMES).start()
    yield served
    served.stop()


def expected(game, session, seat) -> tuple:
    view = json.loads(json.dumps(views.view(game, session.state, seat)))
    lines = [line_text(x, seat) for x in session.log if may_read(x, seat)]
    return view, lines


def check_all(server, game, session, tid, tokens, n):
    texts = []
    for seat in [*range(n), None]:
        if seat is None:
            r = server.client.get(f"/api/tables/{tid}/spectate")
            assert r.status_code == 200, r.text
            msg = r.json()
        else:
            msg = server.get(tid, seat + 1, tokens[seat])
        view, lines = expected(game, session, seat)
        where = f"seat {seat} after {len(session.decisions)} decisions"
        assert msg["view"] == view, where
        assert msg["log"] == lines, where
        assert msg["decision"] == view["decisions"]
        assert msg["waiting"] == [p + 1 for p in game.waiting(session.state)]
        assert msg["over"] == game.is_over(session.state)
        assert msg["result"] == view.get("result")
        text = json.dumps(msg)
        for bad in (*FORBIDDEN, game.g.definition_hash):
            assert bad not in text, (where, bad)
        assert json.dumps(session.state["rng"]).strip("[]\"") not in text, (where, "the generator")
        assert not SAVE_KEYS & set(msg), where
        for p, token in tokens.items():
            assert token not in text, (where, "a token")
        texts.append(text)
    return texts


def play(server, path, cap):
    game = Game.load(str(path))
    n = game.g.players_min
    name = game.g.id
    opened = server.open(game=name, players=n, seed=SEED, seats={})
    tid = opened["table"]
    tokens = {int(k) - 1: v["token"] for k, v in opened["seats"].items()}
    assert set(tokens) == set(range(n))
    session = Session(game, n, SEED)
    pick = random.Random(f"{name}-{SEED}")
    check_all(server, game, session, tid, tokens, n)
    for _ in range(cap):
        if game.is_over(session.state):
            break
        seat = pick.choice(game.waiting(session.state))
        option = pick.randrange(game.bot_option_count(session.state, seat))
        number = views.view(game, session.state, seat)["decisions"]
        r = server.decide(tid, seat + 1, tokens[seat], number, option)
        assert r.status_code == 200, r.text
        session.decide(seat, option)
        msg = r.json()
        assert msg["view"] == expected(game, session, seat)[0]
        check_all(server, game, session, tid, tokens, n)
    return session


@pytest.mark.parametrize("path", GAMES, ids=[p.parent.name for p in GAMES])
def test_no_leak_first_decisions(server, path):
    play(server, path, 8)


@pytest.mark.slow
@pytest.mark.parametrize("path", GAMES, ids=[p.parent.name for p in GAMES])
def test_no_leak_whole_games(server, path):
    session = play(server, path, 5000)
    assert session.game.is_over(session.state)
