"""A table opened with an option that sizes a board (examples/sow: `houses`) plays on a board
of that size at the server, as `play --option` does, and keeps it when the server is killed
and started again (the journal's save names the options)."""
from __future__ import annotations

import json
import signal

from interpreter.analysis.overrides import resized
from interpreter.runtime.game import Game

from serve_helpers import ROOT, Served

SOW = str(ROOT / "examples" / "sow")


def test_a_board_sized_by_an_option_is_that_size_at_the_server_and_after_a_restart(tmp_path):
    data = tmp_path / "data"
    server = Served(data, [SOW]).start()
    try:
        t = server.open(game="sow", players=2, seed=1, seats={}, options={"houses": 3})
        tid, tok = t["table"], t["seats"]["1"]["token"]
        first = server.get(tid, 1, tok)
        local = resized(Game.load(SOW), {"houses": 3})
        state = local.new_state(players=2, seed=1, options={"houses": 3})
        assert first["view"]["options"] == local.options(state, 0) == \
            ["a1 (3 seeds)", "b1 (3 seeds)", "c1 (3 seeds)"]
        r = server.decide(tid, 1, tok, first["decision"], 2)
        assert r.status_code == 200, r.text
        local.apply(state, 0, 2)
        server.stop(signal.SIGKILL)

        server = Served(data, [SOW], port=server.port).start()
        seat = local.waiting(state)[0]
        token = t["seats"][str(seat + 1)]["token"]
        again = server.get(tid, seat + 1, token)
        assert again["view"]["options"] == local.options(state, seat)
        journal = json.loads((data / "tables" / f"{tid}.json").read_text())
        assert journal["save"]["options"]["houses"] == 3
    finally:
        server.stop()
