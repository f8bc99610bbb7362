"""A served game's definition over time: a table keeps the definition it opened on (by its
hash) when the game's files change, the lobby marks it as running an older definition, new
tables use the new one, and after a restart the old table resumes from the copy kept in the
data folder. A game with errors is listed with its findings and cannot be opened."""
from __future__ import annotations

import shutil
import signal

from serve_helpers import ROOT, Served


def test_a_table_keeps_its_definition_when_the_files_change_and_across_a_restart(tmp_path):
    game = tmp_path / "games" / "whispers"
    shutil.copytree(ROOT / "examples" / "whispers", game)
    broken = tmp_path / "games" / "broken"
    shutil.copytree(ROOT / "examples" / "whispers", broken)
    text = (broken / "game.yaml").read_text(encoding="utf-8")
    (broken / "game.yaml").write_text(text.replace("  id: whispers", "  id: broken")
                                      .replace("players: {min: 2, max: 4}",
                                               "players: {min: two, max: 4}"), encoding="utf-8")
    data = tmp_path / "data"
    server = Served(data, [game, broken]).start()
    try:
        games = {g["name"]: g for g in server.client.get("/api/games").json()}
        assert games["broken"]["errors"] and games["broken"]["players"] is None
        r = server.client.post("/api/tables", json={"game": "broken", "players": 2})
        assert r.status_code == 422 and "has errors" in r.json()["error"]

        old = server.open(game="whispers", players=2, seed=3, seats={"2": "random"})
        tok = old["seats"]["1"]["token"]
        before = server.get(old["table"], 1, tok)
        # the designer edits the game: the card Seer becomes the Oracle
        (game / "game.yaml").write_text(text.replace("name: Seer,", "name: Oracle,"),
                                        encoding="utf-8")
        lines = {x["table"]: x for x in server.client.get("/api/tables").json()}
        assert lines[old["table"]]["older_definition"] is True
        assert server.get(old["table"], 1, tok)["view"] == before["view"]
        new = server.open(game="whispers", players=2, seed=3, seats={"2": "random"})
        lines = {x["table"]: x for x in server.client.get("/api/tables").json()}
        assert lines[new["table"]]["older_definition"] is False
        server.stop(signal.SIGKILL)

        server = Served(data, [game, broken], port=server.port).start()
        after = server.get(old["table"], 1, tok)
        assert after["view"] == before["view"]          # the old rules, from defs/HASH/
        lines = {x["table"]: x for x in server.client.get("/api/tables").json()}
        assert lines[old["table"]]["older_definition"] is True
        assert lines[new["table"]]["older_definition"] is False
    finally:
        server.stop()
