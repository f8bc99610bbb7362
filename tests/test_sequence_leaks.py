"""The leak test, log lines included: what the rules tell a seat (public lines and the private
lines addressed to it) never names a card hidden from that seat, and a private line reaches
its audience only; secret sequences leak neither steps nor their number."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.present import views
from interpreter.runtime.play_session import Session
from interpreter.runtime.game import Game
from interpreter.runtime.redaction import may_read
from test_views import card_finder, hidden_from

RELAY = Path(__file__).parent / "games" / "relay_programs"


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2)])
def test_no_line_a_seat_may_read_names_a_card_hidden_from_it(players, seed):
    game = Game.load("metras")
    find = card_finder(game)
    lines: list = []
    s = game.new_state(players, seed, listener=lines.append)
    rng = random.Random(seed)
    checked = 0
    seats = [None, *range(players)]
    before = {p: set() for p in seats}
    while True:
        for line in lines:
            for p in seats:
                if may_read(line, p):
                    # hidden before the step and after it (a card seen as it left a slot
                    # for a hidden pile was public when the line was written)
                    hidden = before[p] & hidden_from(game, s, p)
                    leaked = [sorted(ids) for ids in find(line) if ids <= hidden]
                    assert not leaked, f"{line!r} shows seat {p} {leaked}"
            checked += 1
        lines.clear()
        if game.is_over(s):
            break
        before = {p: hidden_from(game, s, p) for p in seats}
        seat = game.waiting(s)[0]
        game.apply(s, seat, rng.randrange(game.option_count(s, seat)), listener=lines.append)
    assert checked > 20


def test_private_lines_reach_their_audience_only():
    game = Game.load(str(RELAY))
    for seed in range(4):
        log: list = []
        s = game.new_state(3, seed=seed, listener=log.append)
        r = random.Random(seed)
        while not s["over"]:
            seat = game.waiting(s)[0]
            game.apply(s, seat, r.randrange(game.bot_option_count(s, seat)),
                       listener=log.append)
        told = [x for x in log if x.startswith("your action") or "your energy" in x]
        assert told and all(len(x.audience) == 1 for x in told)
        for x in told:
            (who,) = x.audience
            if "your energy" in x:
                assert x.startswith(game.g.seat_label(who))
            assert [may_read(x, p) for p in (None, 0, 1, 2)] == [False] + \
                [p == who for p in range(3)]


def test_nothing_a_seat_is_shown_changes_while_another_composes():
    game = Game.load(str(RELAY))
    session = Session(game, 3, seed=4)
    shown = {p: (views.view(game, session.state, p), game.options(session.state, p))
             for p in (0, 2)}
    for label in ("charge", "jump", "undo last", "trip", "done"):
        session.decide(1, label)
    assert not session.log           # no line while programs are being written
    for p in (0, 2):
        v, options = shown[p]
        now = views.view(game, session.state, p)
        assert {k: x for k, x in now.items() if k not in ("waiting", "decisions")} == \
            {k: x for k, x in v.items() if k not in ("waiting", "decisions")}
        assert game.options(session.state, p) == options


def test_another_seats_secret_steps_change_no_bots_choice_though_menus_wait_to_be_built():
    """Menus are built when read (runtime/sequence.py) and kept in the state: a bot must
    still choose alike in two Metropolis states that differ only in what another seat
    secretly wrote into its program (its steps, and its menu built or not)."""
    from interpreter.bots import make_bot
    from interpreter.runtime import decisions
    game = Game.load("metropolis")
    s = game.new_state(5, seed=3)
    rng = random.Random(3)
    while decisions.kind(s) != decisions.SEQUENCE:
        seat = game.waiting(s)[0]
        game.apply(s, seat, rng.randrange(game.bot_option_count(s, seat)))
    a, b = game.clone(s), game.clone(s)
    game.apply(a, 1, 0)                                  # P2 writes one step ...
    game.apply(a, 1, 1)
    game.apply(b, 1, game.bot_option_count(b, 1) - 1)    # ... or another, one step
    game.bot_option_count(b, 1)                          # (its menu built in b only)
    assert decisions.steps(a, 1) != decisions.steps(b, 1)
    assert a["pending"]["opts"]["1"] is None and b["pending"]["opts"]["1"] is not None
    assert views.view(game, a, 0) == views.view(game, b, 0)
    for spec in ("greedy", "ismcts:iterations=12,depth=0,prior=3,prior_at=all",
                 "ismcts:iterations=8,depth=4"):
        assert make_bot(spec, game, 11).choose(game, a, 0) == \
            make_bot(spec, game, 11).choose(game, b, 0), spec
