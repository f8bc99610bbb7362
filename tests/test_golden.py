"""Golden transcripts: one seeded game per game, played by the random bot.

Each decision is one line (seat | prompt | chosen label), followed by the rule log lines
the listener received (in a simultaneous choice the first seat still
waiting answers first); the file ends with the result and the final state hash. The test
replays each game and compares it with its file under tests/golden/ line by line.
A deliberate change of the rules or labels: regenerate with

    RULEBOOK_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py

and read the diff before committing it.
"""
from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

from scenario import load

GOLDEN = Path(__file__).resolve().parent / "golden"
# (game, players, seed, file, options): Metscri's random bots never reach the goal, so its
# transcript is a short capped game (4 rounds) that still shows every kind of decision;
# M.E.T.A.'s likewise (6 rounds: students, mulligans, first player, plays, buys, moves).
CASES = [("metras", 4, 7, "metras_seed7_4p.txt", None),
         ("etheria", 4, 3, "etheria_seed3_4p.txt", None),
         ("metscri", 3, 6, "metscri_seed6_3p.txt", {"turn_cap": 4}),
         ("meta", 2, 4, "meta_seed4_2p.txt", {"turn_cap": 6}),
         ("metropolis", 5, 2, "metropolis_seed2_5p.txt", None)]


def transcript(name: str, players: int, seed: int, options: dict | None = None) -> str:
    game = load(name)
    label = game.g.seat_label
    out = [f"# {name}, {players} players, seed {seed}, variant {game.g.default_variant}"
           + (f", options {options}" if options else "")
           + f"; random bot random.Random({seed}).randrange over the options"]

    def log(text):
        out.append(f"    . {text}")
    s = game.new_state(players=players, seed=seed, options=options, listener=log)
    bot = random.Random(seed)
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        options = game.options(s, seat)
        choice = options[bot.randrange(len(options))]
        out.append(f"{label(seat)} | {game.prompt(s, seat)} | {choice}")
        game.apply_label(s, seat, choice, listener=log)
    res = game.result(s)
    out.append(f"decisions: {s['decisions']}")
    out.append("scores: " + ", ".join(f"{label(p)} {v}" for p, v in enumerate(res["scores"])))
    out.append("ranking: " + ", ".join(label(p) for p in res["ranking"]))
    out.append("winners: " + ", ".join(label(p) for p in res["winners"]))
    out.append(f"state_hash: {game.state_hash(s)}")
    return "\n".join(out) + "\n"


def test_golden_transcripts():
    for name, players, seed, file, options in CASES:
        path = GOLDEN / file
        text = transcript(name, players, seed, options)
        if os.environ.get("RULEBOOK_UPDATE_GOLDEN") == "1":
            path.write_text(text)
            continue
        assert path.is_file(), f"{path} is missing: run with RULEBOOK_UPDATE_GOLDEN=1"
        expected = path.read_text()
        if text != expected:
            diff = list(difflib.unified_diff(expected.splitlines(), text.splitlines(),
                                             str(path), "this run", lineterm="", n=2))
            raise AssertionError(f"{file} differs (RULEBOOK_UPDATE_GOLDEN=1 to accept):\n"
                                 + "\n".join(diff[:60]))


def test_transcript_is_deterministic():
    assert transcript("metras", 4, 7) == transcript("metras", 4, 7)
    assert transcript("etheria", 4, 3) == transcript("etheria", 4, 3)
    assert transcript("metscri", 3, 6, {"turn_cap": 4}) == transcript("metscri", 3, 6,
                                                                      {"turn_cap": 4})
    assert transcript("meta", 2, 4, {"turn_cap": 6}) == transcript("meta", 2, 4, {"turn_cap": 6})
    assert transcript("metropolis", 5, 2) == transcript("metropolis", 5, 2)
