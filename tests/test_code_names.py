"""Generated functions are named after their YAML place (effects/codegen.py), so a profile
and a traceback read as the game's YAML: rounds_auction_L350 is an op of the phase named
auction whose first statement stands on line 350 of the game file."""
from __future__ import annotations

import re
from pathlib import Path

from interpreter.build.game_loader import load_game
from interpreter.effects.codegen import place_name

ROOT = Path(__file__).resolve().parent.parent
NAME = re.compile(r"^(\w+?)_L(\d+)(?:_\d+)?$")


def test_a_place_is_named_by_its_keys_and_list_items_by_their_names():
    data = {"rounds": {"phases": [{"name": "auction", "do": "pass"}, {"do": "pass"}]},
            "cards": [{"id": "fire-ball", "effect": "pass"}],
            "stats": {"wealth": {"expr": "1"}}}
    assert place_name(data, ["rounds", "phases", 0, "do"]) == "rounds_auction"
    assert place_name(data, ["rounds", "phases", 1, "do"]) == "rounds_phases_1"
    assert place_name(data, ["cards", 0, "effect"]) == "fire_ball_effect"
    assert place_name(data, ["stats", "wealth", "expr"]) == "stats_wealth"
    assert place_name(data, ["procedures", "score", "do"]) == "procedures_score"
    assert place_name(data, ["cards", 0, "effect"], "extra") == "extra_fire_ball_effect"
    assert place_name({}, [2, "do"]) == "_2"


def test_every_op_is_named_after_its_text_and_the_line_its_first_statement_is_on():
    path = ROOT / "gamedefs" / "metras" / "game.yaml"
    g = load_game(str(path.parent))
    lines = path.read_text().splitlines()
    checked = 0
    for key, ops in g.programs.items():
        kind, _, name = key.partition(":")
        if kind not in ("proc", "phase"):
            continue
        text = g.procedures[name].body if kind == "proc" else None
        for op in ops:
            m = NAME.match(op.__name__)
            assert m, op.__name__
            place, line = m.group(1), int(m.group(2))
            assert place == (f"procedures_{name}" if kind == "proc" else f"rounds_{name}")
            if text is not None:      # the named line is one of the procedure's own
                assert lines[line - 1].strip() in text, (op.__name__, lines[line - 1])
            checked += 1
    assert checked > 20


def test_stats_functions_and_plain_procedures_are_named_after_their_place_too():
    path = ROOT / "gamedefs" / "meta" / "game.yaml"
    g = load_game(str(path.parent))
    lines = path.read_text().splitlines()
    for name, fn in g.stat_fns.items():
        m = NAME.match(fn.__name__)
        assert m and m.group(1) == f"stats_{name}", fn.__name__
        assert lines[int(m.group(2)) - 1].lstrip().startswith(name), fn.__name__
    kinds = {}
    for file in g.code_where:           # "<what: name>", one per generated function
        what, _, name = file[1:-1].partition(": ")
        assert NAME.match(name), file
        kinds.setdefault(what, []).append(name)
    assert all(n.startswith("functions_") for n in kinds["function"])
    assert all(n.startswith("procedures_") for n in kinds.get("procedure", []))
